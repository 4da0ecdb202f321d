"""Which English each translation was made from, and which translations are stale.

Every translated unit — a mission's title or text, a page text, a table text, a history line,
a rules page's section — has a stamp: the English it was translated from, kept beside its
digest (as gettext keeps `#| msgid`). When the English changes, the unit is stale: `gong
missions check` names it (language, file, line, key or section) with a diff of the English
and exits 1, and the tests fail, until someone translates it again and stamps it (`gong
missions stamp`; also for an English edit that needs no new translation, such as a typo, once
a person has looked). A stale unit is not a missing one: the site keeps serving it.

Stamps live beside what they describe: `<missions>/sources/<lang>.yaml` for the missions (a
mission directory travels with its stamps), `server/content/sources/<lang>.yaml` for the rest.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from gong.i18n import LANGUAGES
from gong.missions import BUNDLED_MISSIONS
from gong.yamlsource import LocatedDict, YamlSourceError, load_yaml
from server.rulesdoc import RULE_SLUGS, RULES_DIR
from server.texts import TEXTS_DIR

ROOT = BUNDLED_MISSIONS.parent
SITE_SOURCES = Path(__file__).resolve().parent / "content" / "sources"
"""The stamps of the site's own texts, one file per language."""

HISTORY_DIR = TEXTS_DIR / "history"
HISTORY_SECTIONS = ("events", "reasons", "words", "table", "errors")


def digest(english: str) -> str:
    """A short digest of an English text: what a stamp records."""
    return hashlib.sha256(english.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Unit:
    """One translated unit of one language, where it is, and the English it translates."""

    key: str
    """`missions:fight-01.title`, `page:intro`, `tables:new_table`, `history:events.drew`,
    `rules:fight.md#judging` (a page's title and opening: `rules:fight.md`)."""
    path: Path
    line: int
    english: str
    """The English as it is now."""
    text: str = ""
    """The unit's own text in its language (English: the English)."""

    @property
    def where(self) -> str:
        """The file, line and key, as a translator looks for them."""
        part, _, name = self.key.partition(":")
        path = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        if part == "missions":
            mission, _, field = name.rpartition(".")
            return f"{path}, line {self.line}, mission {mission}, field {field}"
        if part == "rules":
            section = name.partition("#")[2]
            return f"{path}, line {self.line}, " + (
                f"section #{section}" if section else "title and opening"
            )
        return f"{path}, line {self.line}, key {name}"


@dataclass(frozen=True)
class Stale:
    """A translated unit whose English has changed since it was translated."""

    lang: str
    unit: Unit
    was: str | None
    """The English it was translated from; None when that was never recorded."""

    def __str__(self) -> str:
        if self.was is None:
            return (
                f"{self.unit.where}: not stamped yet: check it against the English, then stamp it"
            )
        return f"{self.unit.where}: its English changed since it was translated"

    def diff(self) -> list[str]:
        """What changed in the English, line by line (`-` was, `+` is now)."""
        if self.was is None:
            return ["+ " + line for line in self.unit.english.splitlines()]
        was, now = _sentences(self.was), _sentences(self.unit.english)
        return [
            line
            for line in difflib.ndiff(was, now)
            if line[:1] in "-+" and line.strip() not in "-+"
        ]


def _sentences(text: str) -> list[str]:
    """A text cut into its lines and sentences, so a diff shows what changed, not a whole
    paragraph twice."""
    out: list[str] = []
    for line in text.splitlines():
        start = 0
        for i, ch in enumerate(line):
            if ch in ".!?।" and (i + 1 == len(line) or line[i + 1] == " "):
                out.append(line[start : i + 1].strip())
                start = i + 1
        if line[start:].strip():
            out.append(line[start:].strip())
    return out


# --- the units: what each language translates ---------------------------------------------


def _located(path: Path) -> LocatedDict | None:
    if not path.is_file():
        return None
    try:
        data = load_yaml(path)
    except YamlSourceError:
        return None  # a broken file is reported by its own check; it has no units here
    return data if isinstance(data, LocatedDict) else None


def english_missions(directory: Path) -> list[Unit]:
    """Every mission's English title and text, each where it is."""
    found: list[Unit] = []
    for path in sorted(directory.glob("*.yaml")):
        data = _located(path)
        if data is None or not isinstance(data.get("missions"), list):
            continue
        for entry in data["missions"]:
            if isinstance(entry, LocatedDict) and isinstance(entry.get("id"), str):
                for field in ("title", "text"):
                    value = entry.get(field)
                    if isinstance(value, Mapping):  # the older files: every language inline
                        value = value.get("en")
                    if isinstance(value, str):
                        key = f"missions:{entry['id']}.{field}"
                        found.append(Unit(key, path, entry.line_of(field), value, value))
    return found


def english_flat(path: Path, part: str) -> list[Unit]:
    """The English of a flat key-to-text file (page or table texts), each where it is."""
    data = _located(path) or LocatedDict()
    return [
        Unit(f"{part}:{key}", path, data.line_of(key), text, text)
        for key, text in data.items()
        if isinstance(text, str)
    ]


def english_history() -> dict[str, str]:
    """The English of the history's lines, from the code that writes them in English: the
    referee's events and reasons, the site's own events, its words, the table's lines and
    the setup problems. (The other refusals have no English text of their own: the service
    words them with their details.)"""
    from gong.referee import events as referee_events
    from gong.referee.registry import GAMES
    from server.tables import referee_adapter as adapter
    from server.tables import wording

    texts: dict[str, tuple[str, str | None]] = dict(referee_events.TEXTS)
    reasons: dict[str, str] = dict(referee_events.REASON_TEXTS)
    for spec in GAMES.values():
        texts.update(spec.events)
        reasons.update(spec.reasons)
    texts.update(adapter.ENGLISH_TEXTS)
    found = {
        f"history:events.{code}": full if hidden is None else f"{full}\n{hidden}"
        for code, (full, hidden) in texts.items()
    }
    found.update({f"history:reasons.{code}": text for code, text in reasons.items()})
    found.update(
        {
            f"history:words.{key}": text
            for key, text in adapter._WORDS["en"].items()
            if ":" not in key
        }
    )
    found.update({f"history:table.{key}": text for key, text in wording.TABLE_TEXTS["en"].items()})
    found.update({f"history:errors.{key}": text for key, text in wording.SETUP_TEXTS.items()})
    return found


def sections(text: str) -> Iterator[tuple[str, int, str]]:
    """A rules page's parts: (id, line, text) for its title and opening (id "") and for each
    `## Heading {#id}` section, heading included."""
    anchor, start, lines = "", 1, []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.startswith("## "):
            yield anchor, start, "\n".join(lines).strip()
            head = line[3:].rstrip()
            anchor = head[head.rfind("{#") + 2 : -1] if head.endswith("}") and "{#" in head else ""
            anchor = anchor or f"?{head}"  # a heading without its id: matched by its words
            start, lines = number, []
        lines.append(line)
    yield anchor, start, "\n".join(lines).strip()


def english_rules(directory: Path = RULES_DIR) -> list[Unit]:
    """Every rules page's English title and opening and each of its sections."""
    found: list[Unit] = []
    for slug in RULE_SLUGS:
        path = directory / "en" / f"{slug}.md"
        if path.is_file():
            for anchor, line, text in sections(path.read_text("utf-8")):
                found.append(Unit(_rules_key(slug, anchor), path, line, text, text))
    return found


def _rules_key(slug: str, anchor: str) -> str:
    return f"rules:{slug}.md" + (f"#{anchor}" if anchor else "")


@dataclass(frozen=True)
class Sources:
    """Where the texts are: the bundled ones by default, a test's copies otherwise."""

    missions: Path = BUNDLED_MISSIONS
    texts: Path = TEXTS_DIR
    rules: Path = RULES_DIR
    site_stamps: Path = SITE_SOURCES

    def stamp_file(self, lang: str, part: str) -> Path:
        """The file holding the stamps of `lang`'s units of `part`."""
        if part == "missions":
            return self.missions / "sources" / f"{lang}.yaml"
        return self.site_stamps / f"{lang}.yaml"

    def english(self) -> dict[str, str]:
        """Every unit's English as it is now."""
        return {unit.key: unit.english for unit in self.read("en")}

    def english_files(self) -> list[Unit]:
        """The English kept in files (missions, page and table texts, rules pages); the
        history's English is the code's (`english_history`)."""
        return [
            *english_missions(self.missions),
            *english_flat(self.texts / "en.yaml", "page"),
            *english_flat(self.texts / "tables" / "en.yaml", "tables"),
            *english_rules(self.rules),
        ]

    def units(
        self, lang: str, english: Mapping[str, str] | None = None, every: bool = False
    ) -> list[Unit]:
        """The units `lang` translates, each with its file and line and today's English. A
        text the English no longer has is no unit (the language's own check reports it),
        unless `every`: then it comes with an empty English (the refusals the service words
        in English with their details have texts of their own in the other languages)."""
        english = self.english() if english is None else english
        out: list[Unit] = []

        def add(key: str, path: Path, line: int, text: Any) -> None:
            if isinstance(text, list):  # a history line: its text, and the one for a seat
                text = "\n".join(str(t) for t in text if t is not None)  # not told the card
            if key in english or every:
                out.append(Unit(key, path, line, english.get(key, ""), str(text)))

        # A mission directory keeps stamps once it has a `sources/` folder (the bundled one
        # does); one made without them is checked for completeness only.
        path = self.missions / "lang" / f"{lang}.yaml"
        data = _located(path) if every or (self.missions / "sources").is_dir() else None
        if data is not None and isinstance(data.get("missions"), LocatedDict):
            for mission, entry in data["missions"].items():
                if isinstance(entry, LocatedDict):
                    for field in ("title", "text"):
                        if field in entry:
                            key = f"missions:{mission}.{field}"
                            add(key, path, entry.line_of(field), entry[field])
        for part, path in (
            ("page", self.texts / f"{lang}.yaml"),
            ("tables", self.texts / "tables" / f"{lang}.yaml"),
        ):
            for key in (data := _located(path)) or {}:
                add(f"{part}:{key}", path, data.line_of(key), data[key])
        path = self.texts / "history" / f"{lang}.yaml"
        data = _located(path) or LocatedDict()
        for section in HISTORY_SECTIONS:
            entries = data.get(section)
            if isinstance(entries, LocatedDict):
                for key in entries:
                    add(f"history:{section}.{key}", path, entries.line_of(key), entries[key])
        for slug in RULE_SLUGS:
            path = self.rules / lang / f"{slug}.md"
            if path.is_file():
                for anchor, line, text in sections(path.read_text("utf-8")):
                    add(_rules_key(slug, anchor), path, line, text)
        return out

    def read(self, lang: str) -> list[Unit]:
        """Every text a family reads in `lang` (missions, pages, tables, history, rules), each
        with where it is: `units` for a translation, the English files for English."""
        if lang != "en":
            return self.units(lang, every=True)
        code = Path(__file__).resolve().parent / "tables" / "referee_adapter.py"
        history = [Unit(key, code, 0, text, text) for key, text in english_history().items()]
        return [*self.english_files(), *history]

    # --- stamps --------------------------------------------------------------------------

    def stamps(self, lang: str) -> dict[str, Mapping[str, Any]]:
        """`lang`'s stamps by unit key: `{digest, en}` (en None: never recorded)."""
        found: dict[str, Mapping[str, Any]] = {}
        for path in {self.stamp_file(lang, "missions"), self.stamp_file(lang, "site")}:
            data = _located(path) if path.is_file() else None
            if path.is_file() and data is None:
                raise ValueError(f"{path}: unreadable stamps (see `gong missions stamp --help`)")
            units = (data or {}).get("units") or {}
            found.update({key: value for key, value in units.items() if isinstance(value, Mapping)})
        return found

    def stale(self, lang: str, english: Mapping[str, str] | None = None) -> list[Stale]:
        """`lang`'s units whose English is not the one they were stamped with."""
        found = []
        stamps = self.stamps(lang)
        for unit in self.units(lang, english):
            stamp = stamps.get(unit.key)
            was = stamp.get("en") if stamp else None
            if not isinstance(was, str) or stamp.get("digest") != digest(was):
                found.append(Stale(lang, unit, None))
            elif was != unit.english:
                found.append(Stale(lang, unit, was))
        return found

    def stamp(self, lang: str, prefixes: Iterable[str]) -> list[str]:
        """Record today's English for `lang`'s units whose keys start with one of `prefixes`
        (a whole key, or `missions:fight-04` for both its fields); the keys stamped."""
        prefixes = tuple(prefixes)
        chosen = {
            unit.key: unit.english
            for unit in self.units(lang)
            if any(covers(prefix, unit.key) for prefix in prefixes)
        }
        self.write(lang, chosen)
        return sorted(chosen)

    def write(self, lang: str, records: Mapping[str, str | None]) -> None:
        """Set the stamps of `records` (unit key: the English it translates, None for not
        recorded), keeping every other stamp; each file is replaced whole, never half-written."""
        by_file: dict[Path, dict[str, str | None]] = {}
        for key, english in records.items():
            by_file.setdefault(self.stamp_file(lang, key.partition(":")[0]), {})[key] = english
        for path, chosen in by_file.items():
            data = _located(path) if path.is_file() else None
            units = {k: dict(v) for k, v in ((data or {}).get("units") or {}).items()}
            for key, english in chosen.items():
                units[key] = {"digest": None if english is None else digest(english), "en": english}
            _write_stamps(path, lang, dict(sorted(units.items())))


def covers(prefix: str, key: str) -> bool:
    """Whether a key given to `gong missions stamp` names `key`: the key itself, or its start
    up to a field or a section (`missions:fight-04`, `rules:gang-of-four.md`)."""
    return key == prefix or key.startswith((prefix + ".", prefix + "#"))


class _Dumper(yaml.SafeDumper):
    """Multi-line English as a block, so a stamp file reads like the text it records."""


def _block(dumper: yaml.SafeDumper, text: str) -> yaml.Node:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _block)


def _write_stamps(path: Path, lang: str, units: Mapping[str, Any]) -> None:
    header = (
        f"# The English each {lang} text was translated from, with its digest: `gong missions\n"
        "# check` flags a text whose English has changed since; `gong missions stamp` records\n"
        "# it again after a person has translated it again or looked (server/translations.py).\n"
    )
    body = yaml.dump(
        {"language": lang, "units": units},
        Dumper=_Dumper,
        allow_unicode=True,
        sort_keys=False,
        width=100,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(header + body, encoding="utf-8")
    temporary.replace(path)


def translated_languages() -> tuple[str, ...]:
    """Every language but English: the ones that translate."""
    return tuple(lang for lang in LANGUAGES if lang != "en")

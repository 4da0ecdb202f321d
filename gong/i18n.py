"""Languages, and the few game words every face shows (gems, mission kinds, language names).

One table for the site, the printer and the referee, so a gem is never named two ways. The
words come from each language's glossary, `missions/glossary/<lang>.yaml`, the file its
translator keeps (with the game's terms and the variants not to use). Page texts live with the
site; mission texts live in missions/.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from gong.cards import Card, Gem, Kind
from gong.yamlsource import LocatedDict, YamlSourceError, load_yaml, shown

LANGUAGES: tuple[str, ...] = ("en", "fr", "sv", "de", "es", "it", "nl", "pl", "fi", "hi", "bn")
"""Every language GONG speaks, in menu order; the first is the default and the reference
every other language is checked against. A language that is not complete is hidden."""

DEFAULT_LANGUAGE = LANGUAGES[0]

RIGHT_TO_LEFT: frozenset[str] = frozenset()
"""Languages written right to left (none yet); pages set `dir` from it."""

GLOSSARY_DIR = Path(__file__).resolve().parent.parent / "missions" / "glossary"

_GEM_KEYS = {gem: gem.name.lower() for gem in Gem}
_KIND_KEYS = {kind: kind.value for kind in Kind}


@dataclass(frozen=True)
class Term:
    """A game word: the one to use, and variants a test flags in mission texts."""

    use: str
    avoid: tuple[str, ...] = ()


@dataclass(frozen=True)
class Allowed:
    """A text that must quote a word the glossary avoids, and why."""

    key: str
    """The text's key, as `gong missions check` names it (`page:older_kind_names`)."""
    word: str
    reason: str


DIGITS = {"latin": "0123456789", "bengali": "০১২৩৪৫৬৭৮৯", "devanagari": "०१२३४५६७८९"}
"""The digits a language's pages may write numbers in."""


@dataclass(frozen=True)
class Numbers:
    """How a language writes a number: its digits, and the thousands separator from how
    many digits on (Spanish and Polish write 5000 but 10 000)."""

    digits: str = "latin"
    separator: str = ","
    group_from: int = 4

    def format(self, number: int) -> str:
        """`number` as this language writes it (`5,000`, `5 000`, `৫,০০০`)."""
        text = str(abs(number))
        if len(text) >= self.group_from:
            groups = []
            while text:
                groups.insert(0, text[-3:])
                text = text[:-3]
            text = self.separator.join(groups)
        text = text.translate(str.maketrans("0123456789", DIGITS[self.digits]))
        return ("-" if number < 0 else "") + text


REQUIRED_TERMS: tuple[str, ...] = (
    *("deck", "round", "game", "match", "trick", "book", "pair", "straight", "flush"),
    *("full_house", "gang", "dead_hand", "draw_pile", "discard_pile", "suit", "rank"),
    *("hearts", "diamonds", "clubs", "spades", "jack", "queen", "king", "ace", "joker"),
    *("last_card", "go_fish", "boom", "clockwise", "counterclockwise", "pass", "deal"),
    *("draw", "lay_down", "at_random", "of_your_choice", "left", "right", "challenge"),
    *("winner", "loser", "play_again"),
)
"""The game terms every glossary names: one word each, in every text of its language."""


@dataclass(frozen=True)
class Glossary:
    """One language's game words, from `missions/glossary/<lang>.yaml`."""

    lang: str
    name: str
    """The language's own name, for the language menu ("Deutsch", "हिंदी")."""
    kinds: dict[Kind, str]
    gems: dict[Gem, str]
    terms: dict[str, Term] = field(default_factory=dict)
    allow: tuple[Allowed, ...] = ()
    numbers: Numbers = Numbers()
    older_kinds: dict[Kind, str] = field(default_factory=dict)
    """A kind's name on cards printed before the glossary renamed it: its page says so."""


def _names(data: LocatedDict, key: str, wanted: dict, path: Path, problems: list[str]) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        problems.append(
            f"{path}, line {data.line_of(key)}, field '{key}': missing or not a mapping"
        )
        return {}
    names = {}
    for item, name in wanted.items():
        word = value.get(name)
        if not isinstance(word, str) or not word.strip():
            problems.append(
                f"{path}, line {value.line_of(name)}, field '{key}.{name}': "
                f"must be non-empty text, not {shown(word)}"
            )
        else:
            names[item] = word.strip()
    for extra in sorted(set(value) - set(wanted.values()), key=str):
        problems.append(f"{path}, line {value.line_of(extra)}, field '{key}.{extra}': unknown")
    return names


def load_glossary(path: Path | str, lang: str) -> tuple[Glossary | None, list[str]]:
    """The glossary in PATH for LANG, or None and every problem (file, line, field)."""
    path = Path(path)
    try:
        data = load_yaml(path)
    except YamlSourceError as exc:
        return None, [str(exc)]
    if not isinstance(data, dict):
        return None, [f"{path}: a glossary is a mapping with language, name, kinds, gems, terms"]
    problems: list[str] = []
    if data.get("language") != lang:
        problems.append(
            f"{path}, line {data.line_of('language')}, field 'language': "
            f"must be {lang!r}, not {shown(data.get('language'))}"
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{path}, line {data.line_of('name')}, field 'name': must be its name")
    kinds = _names(data, "kinds", _KIND_KEYS, path, problems)
    gems = _names(data, "gems", _GEM_KEYS, path, problems)
    terms: dict[str, Term] = {}
    raw_terms = data.get("terms", {})
    if not isinstance(raw_terms, dict):
        problems.append(f"{path}, line {data.line_of('terms')}, field 'terms': not a mapping")
        raw_terms = {}
    for term, entry in raw_terms.items():
        where = f"{path}, line {raw_terms.line_of(term)}, field 'terms.{term}'"
        use = entry.get("use") if isinstance(entry, dict) else None
        avoid = entry.get("avoid", []) if isinstance(entry, dict) else None
        if not isinstance(use, str) or not isinstance(avoid, list):
            problems.append(f"{where}: needs 'use' (text) and 'avoid' (a list)")
        elif not all(isinstance(a, str) and a.strip() for a in avoid):
            problems.append(f"{where}.avoid: every variant is non-empty text")
        else:
            terms[str(term)] = Term(use, tuple(avoid))
    allow = _allowed(data, path, problems)
    numbers = _numbers(data, path, problems)
    older = _older(data, path, problems)
    known = {"language", "name", "kinds", "gems", "terms", "allow", "numbers", "older_kinds"}
    for extra in sorted(set(data) - known, key=str):
        problems.append(f"{path}, line {data.line_of(extra)}, field '{extra}': unknown")
    if problems:
        return None, problems
    return Glossary(lang, name.strip(), kinds, gems, terms, allow, numbers, older), []


def _allowed(data: LocatedDict, path: Path, problems: list[str]) -> tuple[Allowed, ...]:
    raw = data.get("allow", [])
    if not isinstance(raw, list):
        problems.append(f"{path}, line {data.line_of('allow')}, field 'allow': not a list")
        return ()
    found = []
    for index, entry in enumerate(raw):
        values = [
            entry.get(k) if isinstance(entry, dict) else None for k in ("key", "word", "reason")
        ]
        if not all(isinstance(v, str) and v.strip() for v in values):
            problems.append(
                f"{path}, line {raw.line_of(index)}, field 'allow[{index}]': needs key, word"
                " and reason (why this text must say an avoided word)"
            )
        else:
            found.append(Allowed(*(v.strip() for v in values)))
    return tuple(found)


def _numbers(data: LocatedDict, path: Path, problems: list[str]) -> Numbers:
    raw = data.get("numbers", {})
    where = f"{path}, line {data.line_of('numbers')}, field 'numbers'"
    if not isinstance(raw, dict):
        problems.append(f"{where}: a mapping of digits, separator, group_from")
        return Numbers()
    numbers = Numbers(**{k: v for k, v in raw.items() if k in Numbers.__dataclass_fields__})
    if numbers.digits not in DIGITS:
        problems.append(f"{where}.digits: one of {', '.join(DIGITS)}, not {shown(numbers.digits)}")
    if not isinstance(numbers.separator, str) or not isinstance(numbers.group_from, int):
        problems.append(f"{where}: separator is text, group_from a whole number")
    for extra in sorted(set(raw) - set(Numbers.__dataclass_fields__), key=str):
        problems.append(f"{where}.{extra}: unknown")
    return numbers  # a glossary with a problem is refused whole (load_glossary)


def _older(data: LocatedDict, path: Path, problems: list[str]) -> dict[Kind, str]:
    raw = data.get("older_kinds", {})
    older: dict[Kind, str] = {}
    if not isinstance(raw, dict):
        problems.append(
            f"{path}, line {data.line_of('older_kinds')}, field 'older_kinds': not a mapping"
        )
        return older
    for key, word in raw.items():
        kind = next((k for k, name in _KIND_KEYS.items() if name == key), None)
        if kind is None or not isinstance(word, str) or not word.strip():
            problems.append(
                f"{path}, line {raw.line_of(key)}, field 'older_kinds.{key}': a kind"
                f" ({', '.join(_KIND_KEYS.values())}) and the name older cards print"
            )
        else:
            older[kind] = word.strip()
    return older


def load_glossaries(
    directory: Path = GLOSSARY_DIR,
) -> tuple[dict[str, Glossary], dict[str, list[str]]]:
    """Every language's glossary, and the problems of those that could not be read. The
    default language's glossary must be sound: without it no face can be drawn."""
    glossaries: dict[str, Glossary] = {}
    problems: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        path = directory / f"{lang}.yaml"
        if not path.is_file():
            problems[lang] = [f"{path}: missing (every language needs its glossary)"]
            continue
        glossary, found = load_glossary(path, lang)
        if glossary is None:
            problems[lang] = found
        else:
            glossaries[lang] = glossary
    if DEFAULT_LANGUAGE in problems:
        raise ValueError("; ".join(problems[DEFAULT_LANGUAGE]))
    return glossaries, problems


GLOSSARIES, GLOSSARY_PROBLEMS = load_glossaries()
"""The bundled glossaries; a language in GLOSSARY_PROBLEMS has no game words and is hidden."""

LANGUAGE_NAMES: dict[str, str] = {lang: g.name for lang, g in GLOSSARIES.items()}
GEM_NAMES: dict[str, dict[Gem, str]] = {lang: g.gems for lang, g in GLOSSARIES.items()}
# The printed rules call them "bonus card", "fight card", "malus card"; children read these.
KIND_NAMES: dict[str, dict[Kind, str]] = {lang: g.kinds for lang, g in GLOSSARIES.items()}


def text_direction(lang: str) -> str:
    """`rtl` or `ltr`, for the page's `dir`."""
    return "rtl" if lang in RIGHT_TO_LEFT else "ltr"


@dataclass(frozen=True)
class KindStyle:
    """How a mission kind looks on every face: the site's band and buttons, the printed QR
    frame and mission cards. One record, so the site and the printer never disagree."""

    fill: str
    """The kind's colour: fight yellow, malus red, bonus blue
    (server/content/rules/en/fight.md#your-turn)."""
    dark: str
    """A dark shade of it, for text and marks on white."""
    on_fill: str
    """The text colour on `fill`; at least 4.5:1 contrast (WCAG AA), checked by the tests."""


KIND_STYLES: dict[Kind, KindStyle] = {
    # Near-black on yellow (11:1): the dark shade would give 4.5:1, the bare minimum.
    Kind.FIGHT: KindStyle(fill="#F5C400", dark="#6B5200", on_fill="#1D1600"),
    Kind.MALUS: KindStyle(fill="#D7263D", dark="#8E1224", on_fill="#FFFFFF"),
    Kind.BONUS: KindStyle(fill="#1E6FD9", dark="#123F80", on_fill="#FFFFFF"),
}


def check_language(lang: str) -> str:
    """The language code itself if supported, else a ValueError listing the supported ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if lang in GLOSSARY_PROBLEMS:
        raise ValueError(f"language {lang!r} has no sound glossary: {GLOSSARY_PROBLEMS[lang][0]}")
    return lang


def gem_name(gem: Gem, lang: str = DEFAULT_LANGUAGE) -> str:
    return GEM_NAMES[check_language(lang)][gem]


def kind_name(kind: Kind, lang: str = DEFAULT_LANGUAGE) -> str:
    return KIND_NAMES[check_language(lang)][kind]


def card_name(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """`NEBULA 5 · Ice`, or `GONG JOKER`."""
    if card.is_joker:
        return card.label
    return f"{card.label} · {gem_name(card.gem, lang)}"


_BREAKABLE_SPACE = re.compile(r"[ \t\r\n]+")  # not str.split(): it would eat no-break spaces
_FRENCH_SPACE_BEFORE = re.compile(r"\s+([!?;:»])")
_FRENCH_SPACE_AFTER = re.compile(r"«\s+")


def typeset(text: str, lang: str) -> str:
    """Fold runs of white space; in French, keep `!`, `?`, `;`, `:` and `»` on the line of the
    word before them (and `«` with the word after) with a narrow no-break space, as French
    typography wants, so a phone never wraps a lone `!` onto its own line."""
    text = _BREAKABLE_SPACE.sub(" ", text).strip()
    if lang == "fr":
        text = _FRENCH_SPACE_BEFORE.sub("\u202f\\1", text)
        text = _FRENCH_SPACE_AFTER.sub("«\u202f", text)
    return text

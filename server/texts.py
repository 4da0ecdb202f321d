"""The site's own words in every language, from `server/content/texts/<lang>.yaml` (one flat
file per language, so a translator works on one file alone). Mission texts live in missions/,
rules pages in server/content/rules/; game words (gems, mission kinds) come from gong.i18n, so
a gem is never named two ways.

English is the reference: every other file has exactly its keys and, in each text, its
`{placeholders}`. A language whose file has a problem is left out of the catalog with its
problems listed, and the site hides it; English must be sound, or nothing starts.

This module does not import Flask at import time, so `gong missions check` can read it.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path

from gong.cards import Gem, Kind
from gong.i18n import DEFAULT_LANGUAGE, LANGUAGES, gem_name, typeset
from gong.yamlsource import YamlSourceError, load_yaml, shown

TEXTS_DIR = Path(__file__).resolve().parent / "content" / "texts"

HOWTO_STEPS = ("howto_1", "howto_2", "howto_3", "howto_4")


def placeholders(text: str) -> frozenset[str]:
    """The `{names}` in TEXT (a `{{` is a literal brace, not a placeholder)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


@dataclass(frozen=True)
class Catalog:
    """The page texts of every sound language, and the problems of the others."""

    texts: dict[str, dict[str, str]]
    problems: dict[str, list[str]] = field(default_factory=dict)
    table_problems: dict[str, list[str]] = field(default_factory=dict)
    """The languages whose tables' texts (`tables/<lang>.yaml`) are incomplete: their table
    pages are served in English, whole."""

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in LANGUAGES if lang in self.texts)

    @property
    def table_languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in self.languages if lang not in self.table_problems)


def _read(path: Path) -> tuple[dict[str, str], list[str]]:
    """One language's file as {key: text}, and its problems (file, line, key)."""
    if not path.is_file():
        return {}, [f"{path}: missing file"]
    try:
        data = load_yaml(path)
    except YamlSourceError as exc:
        return {}, [str(exc)]
    if not isinstance(data, dict):
        return {}, [f"{path}: must be a flat mapping of keys to texts"]
    texts, problems = {}, []
    for key, value in data.items():
        if not isinstance(value, str) or not value.strip():
            problems.append(
                f"{path}, line {data.line_of(key)}, key {shown(key)}: "
                f"must be non-empty text, not {shown(value)}"
            )
        else:
            texts[str(key)] = value
    return texts, problems


def check_language_texts(
    path: Path, lang: str, reference: dict[str, str]
) -> tuple[dict[str, str], list[str]]:
    """LANG's texts from PATH against the REFERENCE (English) keys and placeholders."""
    texts, problems = _read(path)
    if not texts and problems:
        return {}, problems
    for key in reference:
        if key not in texts and not any(f"key {key!r}:" in p for p in problems):
            problems.append(f"{path}: missing key {key!r} ({reference[key][:40]!r}…)")
    for key in texts:
        if key not in reference:
            problems.append(f"{path}: unknown key {key!r}: English has no such text")
        elif placeholders(texts[key]) != placeholders(reference[key]):
            want = ", ".join(sorted(placeholders(reference[key]))) or "none"
            problems.append(f"{path}: key {key!r} must have the placeholders {{{want}}}")
    return {key: typeset(value, lang) for key, value in texts.items()}, problems


def _load_part(directory: Path) -> tuple[dict[str, dict[str, str]], dict[str, list[str]]]:
    reference, problems = _read(directory / f"{DEFAULT_LANGUAGE}.yaml")
    if problems:
        raise ValueError("; ".join(problems))
    texts = {
        DEFAULT_LANGUAGE: {
            key: typeset(value, DEFAULT_LANGUAGE) for key, value in reference.items()
        }
    }
    found: dict[str, list[str]] = {}
    for lang in LANGUAGES[1:]:
        lang_texts, lang_problems = check_language_texts(
            directory / f"{lang}.yaml", lang, reference
        )
        if lang_problems:
            found[lang] = lang_problems
        else:
            texts[lang] = lang_texts
    return texts, found


def load_texts(directory: Path | str = TEXTS_DIR) -> Catalog:
    """Every language's page texts from DIRECTORY, and its tables' texts from
    DIRECTORY/tables. Raises ValueError when English itself is unusable; any other language
    with a problem in its page texts is left out, its problems listed; one with a problem in
    its tables' texts keeps its other pages, and its table pages are served in English."""
    directory = Path(directory)
    texts, problems = _load_part(directory)
    tables_dir = directory / "tables"
    tables, table_problems = _load_part(tables_dir) if tables_dir.is_dir() else ({}, {})
    for lang, entries in tables.items():
        if lang in texts:
            texts[lang].update(entries)
    return Catalog(texts, problems, table_problems)


CATALOG = load_texts()
"""The bundled page texts."""
TEXTS = CATALOG.texts


def _texts() -> dict[str, dict[str, str]]:
    """The running site's catalog (an instance may point GONG_TEXTS elsewhere), else the
    bundled one."""
    from flask import current_app, has_app_context

    if has_app_context():
        state = current_app.extensions.get("gong")
        if state is not None:
            return state.texts.texts
    return TEXTS


def text(lang: str, key: str, game: str | None = None, /, **values: str) -> str:
    """The site text `key` in `lang`, with `{name}` placeholders filled from `values`.

    A game that brings its own texts (`GameSpec.texts`) is read first for its own pages
    (`game`), then the site, then that game's English: a new game's missing text never
    hides a language, and its words stay its own. Without `game`, a key only some game has
    comes from the first registered game that has it."""
    found = _find(lang, key, game)
    if found is None:
        raise KeyError(key)
    return found.format(**values)


def has_text(lang: str, key: str, game: str | None = None) -> bool:
    """Whether `key` has a text for `lang` (the site's, or a game's own)."""
    return _find(lang, key, game) is not None


def _find(lang: str, key: str, game: str | None) -> str | None:
    own = _game_texts(game, lang).get(key) if game is not None else None
    if isinstance(own, str):
        return typeset(own, lang)
    found = _texts()[lang].get(key)
    if found is not None:
        return found
    if game is not None:
        english = _game_texts(game, DEFAULT_LANGUAGE).get(key)
        return typeset(english, lang) if isinstance(english, str) else None
    return game_text(lang, key)


def _game_texts(game: str, lang: str) -> dict:
    from gong.referee.registry import GAMES

    spec = GAMES.get(game)
    return {} if spec is None else dict(spec.texts.get(lang, {}))


def game_text(lang: str, key: str) -> str | None:
    """A text some registered game brings itself, in `lang`, else in English; None if no
    game has it."""
    from gong.referee.registry import GAMES

    for spec in GAMES.values():
        if spec.texts:
            found = spec.texts.get(lang, {}).get(key)
            if found is None:
                found = spec.texts.get(DEFAULT_LANGUAGE, {}).get(key)
            if isinstance(found, str):
                return typeset(found, lang)
    return None


def game_title(game: str, lang: str) -> str:
    """A game's name as families say it in `lang` (`go-fish`: "Finns i sjön" in Swedish), for
    page titles and menus; the referee's `GameSpec.title` is English, for logs (and the
    name of a game that gives none in any language)."""
    if not has_text(lang, f"game_{game}", game):
        from gong.referee.registry import GAMES

        return GAMES[game].title if game in GAMES else game
    return text(lang, f"game_{game}", game)


def kind_card(kind: Kind, lang: str) -> str:
    """ "Fight card", "Carte Fight", "Fightkort": each language writes the whole phrase (a
    Swedish compound, a Hindi postposition), so no grammar is guessed here."""
    return text(lang, f"kind_card_{kind.value}")


def kind_mission(kind: Kind, lang: str) -> str:
    """ "Fight mission", "Mission Fight", "Fightuppdrag"."""
    return text(lang, f"kind_mission_{kind.value}")


def gem_list(lang: str) -> str:
    """The six gems in number order, as a list a sentence can hold: "Gold, …, Ice and
    Amethyst"."""
    names = [gem_name(gem, lang) for gem in Gem]
    return ", ".join(names[:-1]) + f" {text(lang, 'gem_list_and')} " + names[-1]


def missing_texts(catalog: Catalog = CATALOG) -> list[str]:
    """Every problem of every language's page texts (empty when all are complete); the tests
    keep the languages in step."""
    return [problem for lang in LANGUAGES for problem in catalog.problems.get(lang, [])]

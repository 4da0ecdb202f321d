"""Rules pages: a strict little Markdown subset rendered to safe HTML.

The pages live in `server/content/rules/<lang>/<slug>.md`. The subset is all they need:

- the first line is `# Title`;
- `## Heading {#id}` lines: every section has an id, short lowercase English words joined by
  `-` (`{#your-turn}`), the same ids in the same order in every language, so a link such as
  `/rules/link#your-turn` or a citation such as `server/content/rules/en/link.md#your-turn`
  reaches the same section whatever the language; the id becomes the heading's `id` and its
  `{#id}` is never shown;
- paragraphs separated by blank lines (lines of one paragraph are joined);
- `- ` bullet lists (an indented line continues the item above it);
- `**bold**` inside any text;
- `{{turn_limit}}`: a number the referee decides, from the game's registry entry, written as
  the page's language writes numbers (`5,000`, `5 000`, `৫,০০০`), so a page cannot drift
  from the game: an option's default (`{{target_score}}`), its bounds
  (`{{target_score.min}}`, `{{target_score.max}}`), the players (`{{players.min}}`,
  `{{players.max}}`); `{{gong-link:turn_limit}}` names another game (the pages of no game,
  `index` and `jokers`, must).

Everything is HTML-escaped first, so a page can never inject markup. Anything outside the
subset that looks like Markdown structure (`###`, a second `# Title`, an unclosed `**`, a
heading without its id, a malformed or repeated id) is an error naming the file and line, so a
typo fails the start of the site instead of showing up garbled on a phone.

>>> page = render_markdown("# Jokers\\n\\nSwap **hands** <now>.", "jokers.md")
>>> page.title, page.html
('Jokers', '<p>Swap <strong>hands</strong> &lt;now&gt;.</p>')
>>> page = render_markdown("# Jokers\\n\\n## Swap hands {#swap-hands}\\n\\nSwap.", "jokers.md")
>>> page.html, page.ids
('<h2 id="swap-hands">Swap hands</h2>\\n<p>Swap.</p>', ('swap-hands',))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from gong.i18n import LANGUAGES

RULES_DIR = Path(__file__).resolve().parent / "content" / "rules"
RULE_SLUGS: tuple[str, ...] = ("index", "link", "family", "fight", "jokers")
RULE_SLUGS += ("go-fish", "go-boom", "gang-of-four")  # the classic games GONG descends from
"""`index` is the /rules overview; the others are /rules/<slug>, in menu order."""

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_HEADING_ID = re.compile(r"\s\{#([^{}]*)\}$")
_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
ID_MAX = 32
"""The longest section id, in characters: ids are short."""


class RulesFormatError(ValueError):
    """A rules page outside the Markdown subset; says which file and line."""

    def __init__(self, source: str, line: int, message: str) -> None:
        self.source = source
        self.line = line
        super().__init__(f"{source}, line {line}: {message}")


@dataclass(frozen=True, slots=True)
class RulesPage:
    title: str
    html: str
    """The body after the title, as safe HTML."""
    ids: tuple[str, ...] = ()
    """The sections' ids, in page order."""


def _inline(text: str, source: str, line: int) -> str:
    html = _BOLD.sub(r"<strong>\1</strong>", escape(text, quote=False))
    if "**" in html:
        raise RulesFormatError(source, line, "unclosed '**': bold text is **like this**")
    return html


def _heading(text: str, source: str, line: int) -> tuple[str, str]:
    """A `## ` line's text split into its heading and its id; `RulesFormatError` if it has
    no valid id."""
    found = _HEADING_ID.search(text)
    if found is None:
        hint = "malformed id" if "{#" in text else "a heading needs its id"
        raise RulesFormatError(source, line, f"{hint}: '## Heading {{#heading-id}}'")
    anchor, heading = found[1], text[: found.start()].strip()
    if not _ID.fullmatch(anchor) or len(anchor) > ID_MAX:
        message = (
            f"malformed id {{#{anchor}}}: a short id of lowercase English words joined by '-',"
            f" at most {ID_MAX} characters, like {{#your-turn}}"
        )
        raise RulesFormatError(source, line, message)
    if not heading or "{#" in heading:
        raise RulesFormatError(source, line, "a heading is '## Heading {#heading-id}'")
    return heading, anchor


def render_markdown(text: str, source: str) -> RulesPage:
    """Render one rules page; `RulesFormatError` names `source` and the line on bad input."""
    lines = text.replace("\r\n", "\n").split("\n")
    first = lines[0].rstrip()
    if not first.startswith("# ") or not first[2:].strip():
        raise RulesFormatError(source, 1, "a rules page starts with its title: '# Title'")
    if "{#" in first:
        raise RulesFormatError(source, 1, "the '# Title' has no id: ids are for '## ' headings")
    title = _inline(first[2:].strip(), source, 1)
    blocks: list[str] = []
    paragraph: list[str] = []  # inline HTML of the lines of the open paragraph
    items: list[str] = []  # inline HTML of the items of the open list
    ids: dict[str, int] = {}  # each section id and the line of its heading

    def close() -> None:
        if paragraph:
            blocks.append("<p>" + " ".join(paragraph) + "</p>")
            paragraph.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>")
            items.clear()

    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            close()
        elif stripped.startswith("#"):
            if not line.startswith("## ") or line.startswith("### ") or not line[3:].strip():
                hint = (
                    "only the first line is a '# Title'"
                    if line.startswith("# ")
                    else "headings are '## Heading' (no deeper levels)"
                )
                raise RulesFormatError(source, number, hint)
            close()
            heading, anchor = _heading(line[3:].strip(), source, number)
            if anchor in ids:
                message = f"the id {{#{anchor}}} is already used on line {ids[anchor]}"
                raise RulesFormatError(source, number, message)
            ids[anchor] = number
            blocks.append(f'<h2 id="{anchor}">{_inline(heading, source, number)}</h2>')
        elif "{#" in stripped:
            message = "'{#id}' only ends a heading line: '## Heading {#heading-id}'"
            raise RulesFormatError(source, number, message)
        elif line.startswith("- "):
            if paragraph:
                close()
            items.append(_inline(line[2:].strip(), source, number))
        elif items and line.startswith(" "):
            items[-1] += " " + _inline(stripped, source, number)
        else:
            if items:
                close()
            paragraph.append(_inline(stripped, source, number))
    close()
    return RulesPage(title, "\n".join(blocks), tuple(ids))


PAGE_GAMES = {
    "link": "gong-link",
    "family": "gong-family",
    "fight": "gong-fight",
    "go-fish": "go-fish",
    "go-boom": "go-boom",
    "gang-of-four": "gang-of-four",
}
"""The game each rules page describes (its `{{…}}` numbers come from its registry entry)."""

_NUMBER = re.compile(r"\{\{([^{}]*)\}\}")


def number_of(name: str, slug: str) -> int:
    """The number a page's `{{name}}` stands for; ValueError says what is wrong."""
    from gong.referee.registry import GAMES

    game, _, name = name.strip().rpartition(":")
    game = game or PAGE_GAMES.get(slug, "")
    spec = GAMES.get(game)
    if spec is None:
        raise ValueError(f"'{{{{{name}}}}}' needs its game, as {{{{gong-link:{name}}}}}")
    option, _, part = name.partition(".")
    if option == "players" and part in ("min", "max"):
        return spec.min_players if part == "min" else spec.max_players
    value = spec.options.get(option)
    if not isinstance(value, int) or isinstance(value, bool):
        known = ", ".join(k for k, v in spec.options.items() if type(v) is int)
        raise ValueError(f"{game} has no number option {option!r} ({known}, players)")
    if not part:
        return value
    if part in ("min", "max") and option in spec.bounds:
        return spec.bounds[option][0 if part == "min" else 1]
    raise ValueError(f"'{{{{{name}}}}}': {option} has .min and .max only where it is bounded")


def fill_numbers(text: str, slug: str, lang: str, source: str) -> str:
    """The page with each `{{…}}` replaced by its number, written as `lang` writes numbers;
    `RulesFormatError` names the line of an unknown one."""
    from gong.i18n import GLOSSARIES, Numbers

    numbers = GLOSSARIES[lang].numbers if lang in GLOSSARIES else Numbers()
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if "{{" in line:
            try:
                lines[index] = _NUMBER.sub(
                    lambda m: numbers.format(number_of(m.group(1), slug)), line
                )
            except ValueError as problem:
                raise RulesFormatError(source, index + 1, str(problem)) from None
    return "\n".join(lines)


def load_rules(directory: Path = RULES_DIR) -> dict[str, dict[str, RulesPage]]:
    """Every rules page found, as {slug: {lang: page}}; a slug with no file is absent.

    Raises `RulesFormatError` on the first invalid page, `ValueError` on unreadable text.
    """
    pages: dict[str, dict[str, RulesPage]] = {}
    for slug in RULE_SLUGS:
        for lang in LANGUAGES:
            path = directory / lang / f"{slug}.md"
            if not path.is_file():
                continue
            try:
                source = path.read_text(encoding="utf-8")
            except UnicodeDecodeError as exc:
                raise ValueError(f"{path}: not UTF-8 text ({exc.reason})") from None
            source = fill_numbers(source, slug, lang, str(path))
            pages.setdefault(slug, {})[lang] = render_markdown(source, str(path))
    return pages

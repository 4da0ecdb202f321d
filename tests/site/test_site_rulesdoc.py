"""The rules pages' Markdown subset: safe rendering and errors that name file and line; the
sections' ids, the same in every language, and the citations of them that cannot rot."""

from __future__ import annotations

import os
import random
import re
from functools import cache
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from gong.i18n import LANGUAGES
from server import create_app
from server.rulesdoc import RULE_SLUGS, RulesFormatError, load_rules, render_markdown

from .conftest import TEST_KEY

SAMPLE = """# Jokers & friends

A joker swaps **whole hands**.
It can't be your last card.

## When {#when}

- At the start of your turn,
  before anything else.
- Not as your last card: <b>never</b>.
Then play on.

## Two <i>jokers</i> {#two-jokers}

**Both** are discarded.
"""


def test_the_subset_renders_to_the_expected_html() -> None:
    page = render_markdown(SAMPLE, "sample.md")
    assert page.title == "Jokers &amp; friends"
    assert page.html == (
        "<p>A joker swaps <strong>whole hands</strong>. It can't be your last card.</p>\n"
        '<h2 id="when">When</h2>\n'
        "<ul><li>At the start of your turn, before anything else.</li>"
        "<li>Not as your last card: &lt;b&gt;never&lt;/b&gt;.</li></ul>\n"
        "<p>Then play on.</p>\n"
        '<h2 id="two-jokers">Two &lt;i&gt;jokers&lt;/i&gt;</h2>\n'
        "<p><strong>Both</strong> are discarded.</p>"
    )
    assert page.ids == ("when", "two-jokers")


def test_nothing_in_a_page_becomes_markup() -> None:
    hostile = '# <script>alert(1)</script>\n\n<img src=x onerror="y"> **<a href="z">**\n'
    page = render_markdown(hostile, "hostile.md")
    assert "<script" not in page.title and "&lt;script&gt;" in page.title
    assert page.html == ('<p>&lt;img src=x onerror="y"&gt; <strong>&lt;a href="z"&gt;</strong></p>')


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("Jokers\n\nText.", 1, "'# Title'"),
        ("#\n", 1, "'# Title'"),
        ("# Jokers\n\n# Again\n", 3, "only the first line"),
        ("# Jokers\n\n### Deeper\n", 3, "no deeper levels"),
        ("# Jokers\n\n##Tight\n", 3, "'## Heading'"),
        ("# Jokers\n\nSome **bold text.\n", 3, "unclosed '**'"),
        ("# Jokers\n\n- a **list\n", 3, "unclosed '**'"),
        ("# **Jokers\n", 1, "unclosed '**'"),
        ("# Jokers\n\n## Swap\n", 3, "a heading needs its id"),
        ("# Jokers\n\nText.\n\n## Swap {#Swap_Hands}\n", 5, "malformed id {#Swap_Hands}"),
        ("# Jokers\n\n## Swap {#}\n", 3, "malformed id {#}"),
        ("# Jokers\n\n## Swap {#swap-}\n", 3, "malformed id {#swap-}"),
        ("# Jokers\n\n## Swap {#échange}\n", 3, "malformed id {#échange}"),
        (f"# Jokers\n\n## Swap {{#{'a' * 33}}}\n", 3, "at most 32 characters"),
        ("# Jokers\n\n## Swap {#swap\n", 3, "malformed id: '## Heading {#heading-id}'"),
        ("# Jokers\n\n## Swap{#swap}\n", 3, "malformed id"),
        ("# Jokers\n\n## {#swap}\n", 3, "'## Heading {#heading-id}'"),
        ("# Jokers\n\n## Swap {#a} {#swap}\n", 3, "'## Heading {#heading-id}'"),
        ("# Jokers\n\n## Swap {#swap}\n\n## Again {#swap}\n", 5, "already used on line 3"),
        ("# Jokers\n\nSee {#swap}.\n", 3, "only ends a heading line"),
        ("# Jokers\n\n- see {#swap}\n", 3, "only ends a heading line"),
        ("# Jokers {#jokers}\n", 1, "no id"),
    ],
)
def test_outside_the_subset_is_an_error_naming_file_and_line(
    text: str, line: int, says: str
) -> None:
    with pytest.raises(RulesFormatError) as caught:
        render_markdown(text, "rules/en/jokers.md")
    assert caught.value.line == line
    assert str(caught.value).startswith(f"rules/en/jokers.md, line {line}: ")
    assert says in str(caught.value)


def write_rules(root: Path, langs: tuple[str, ...], body: str = "Text.") -> None:
    for lang in langs:
        (root / lang).mkdir(parents=True)
        for slug in RULE_SLUGS:
            (root / lang / f"{slug}.md").write_text(f"# {slug} {lang}\n\n{body}\n", "utf-8")


def test_a_page_missing_in_a_language_is_shown_in_english(tmp_path: Path) -> None:
    write_rules(tmp_path, ("en",))
    app = create_app(
        {"SECRET_KEY": TEST_KEY, "GONG_RULES": str(tmp_path), "GONG_RANDOM": random.Random(1)}
    )
    html = app.test_client().get("/rules/fight?lang=sv").get_data(as_text=True)
    assert '<html lang="sv" dir="ltr">' in html
    assert '<article class="rules" lang="en">' in html
    assert "<h1>fight en</h1>" in html


def test_the_overview_lists_the_variants_even_without_its_text(tmp_path: Path) -> None:
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_RULES": str(tmp_path)})
    client = app.test_client()
    html = client.get("/rules?lang=fr").get_data(as_text=True)
    assert "<h1>Toutes les règles</h1>" in html
    assert all(f'href="/rules/{slug}"' in html for slug in RULE_SLUGS[1:])
    assert client.get("/rules/link").status_code == 404


def test_an_invalid_page_stops_the_site_from_starting(tmp_path: Path) -> None:
    write_rules(tmp_path, LANGUAGES)
    bad = tmp_path / "fr" / "family.md"
    bad.write_text("# Famille\n\n### Trop profond\n", "utf-8")
    with pytest.raises(RulesFormatError, match=r"fr/family\.md, line 3"):
        create_app({"SECRET_KEY": TEST_KEY, "GONG_RULES": str(tmp_path)})
    bad.write_text("# Famille\n\n## Tour {#tour}\n\n## Encore {#tour}\n", "utf-8")
    with pytest.raises(RulesFormatError, match=r"fr/family\.md, line 5: .*line 3"):
        load_rules(tmp_path)
    bad.write_bytes(b"# Famille\n\n\xff\xfe\n")
    with pytest.raises(ValueError, match=r"family\.md: not UTF-8"):
        load_rules(tmp_path)


@cache
def english_ids() -> dict[str, tuple[str, ...]]:
    """Every English page's section ids, in page order: what citations and links may name."""
    return {slug: pages["en"].ids for slug, pages in load_rules().items()}


@pytest.mark.parametrize("slug", RULE_SLUGS)
def test_every_page_has_the_english_ids_in_every_language(slug: str) -> None:
    pages, ids = load_rules()[slug], english_ids()[slug]
    assert ids and len(set(ids)) == len(ids)
    for lang in LANGUAGES:
        assert pages[lang].ids == ids, f"{lang}/{slug}.md: not the English page's ids"
        found = re.findall(r'<h2 id="([^"]*)">', pages[lang].html)
        assert tuple(found) == ids, f"{lang}/{slug}.md: rendered without its ids"
        assert "{#" not in pages[lang].html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_served_rules_page_links_to_its_sections(client: FlaskClient, lang: str) -> None:
    html = client.get(f"/rules/link?lang={lang}").get_data(as_text=True)
    assert all(f'<h2 id="{anchor}">' in html for anchor in english_ids()["link"])
    assert "{#" not in html


REPO = Path(__file__).resolve().parents[2]
CITATION = re.compile(r"server/content/rules/en/([^\s/#`'\")]+?)\.md(?:#([^\s`'\").,;:\]]*))?")
"""A citation of an English rules page: its path in the repository, then maybe `#` and the id
of one of its sections."""


def cited() -> list[tuple[str, str, str | None]]:
    """(file:line, page, id or None) of every citation in the repository's .py and .md files."""
    found = []
    for folder, subfolders, files in os.walk(REPO):
        subfolders[:] = [d for d in subfolders if d not in {".venv", "build", ".git"}]
        for name in files:
            if name.endswith((".py", ".md")):
                path = Path(folder, name)
                text = path.read_text(encoding="utf-8", errors="replace")
                for number, line in enumerate(text.splitlines(), start=1):
                    for match in CITATION.finditer(line):
                        where = f"{path.relative_to(REPO)}:{number}"
                        found.append((where, match[1], match[2]))
    return found


def test_every_citation_names_an_existing_page_and_section() -> None:
    citations = cited()
    assert len(citations) > 20, "the citations of the rules pages are not found"
    ids = english_ids()
    for where, slug, anchor in citations:
        assert slug in ids, f"{where}: no rules page {slug}.md"
        assert anchor is None or anchor in ids[slug], f"{where}: {slug}.md has no #{anchor}"

"""The rules: /rules (overview) and /rules/<slug> for LINK, FAMILY, FIGHT, the jokers and the
three classic games, from server/content/rules/<lang>/<slug>.md. A page missing in the
visitor's language is shown in English rather than not at all."""

from __future__ import annotations

import re
from html import unescape

from flask import Blueprint, Response, g

from gong.i18n import DEFAULT_LANGUAGE
from server.errors import lost
from server.pages import page, play_url
from server.rulesdoc import RULE_SLUGS, RulesPage
from server.state import site
from server.texts import game_title, text

bp = Blueprint("rules", __name__)

# Each rules page names a game of the referee's registry (its name in every language comes
# from server/texts.py), or the jokers every GONG game shares.
RULES_GAMES = {"link": "gong-link", "family": "gong-family", "fight": "gong-fight"}
RULES_GAMES.update({slug: slug for slug in ("go-fish", "go-boom", "gang-of-four")})
VARIANTS = tuple(slug for slug in RULE_SLUGS if slug != "index")


def menu(lang: str) -> list[tuple[str, str]]:
    """(slug, name) of every rules page in menu order, named as families say it in `lang`."""
    return [
        (
            slug,
            game_title(RULES_GAMES[slug], lang)
            if slug in RULES_GAMES
            else text(lang, "jokers_title"),
        )
        for slug in VARIANTS
    ]


def play_link(slug: str, lang: str) -> tuple[str | None, str]:
    """Where a rules page's "play" button leads and what it says: a game's page starts that
    game at /play; the overview and the jokers (every GONG game has them) open /play as is.
    None: no tables to play at (a static export without `--tables-url`)."""
    game = RULES_GAMES.get(slug)
    if game is None:
        return play_url(), text(lang, "play_online")
    return play_url(game=game), text(lang, "play_game_online", game=game_title(game, lang))


def _find(slug: str) -> tuple[RulesPage, str] | None:
    by_lang = site().rules.get(slug, {})
    for lang in (g.lang, DEFAULT_LANGUAGE):
        if lang in by_lang:
            return by_lang[lang], lang
    return None


_LEAD = re.compile(r"<p>(.*?)</p>", re.S)
"""A rules page's first paragraph: its description for search results and shared links."""
_TAGS = re.compile(r"<[^>]+>")


def _show(slug: str) -> Response:
    found = _find(slug)
    if found is None and slug != "index":
        return lost()
    # The overview always lists the variants, even before its own text is written.
    rules_page, page_lang = found or (None, g.lang)
    title = rules_page.title if rules_page else text(g.lang, "all_rules")
    play_href, play_label = play_link(slug, g.lang)
    lead = _LEAD.search(rules_page.html) if rules_page else None
    return page(
        "rules.html",
        title=f"{title} · GONG",
        description=_TAGS.sub("", unescape(lead.group(1))) if lead else text(g.lang, "tagline"),
        heading=title,
        rules_page=rules_page,
        page_lang=page_lang,
        slug=slug,
        menu=menu(g.lang),
        play_href=play_href,
        play_label=play_label,
    )


@bp.get("/rules")
def index() -> Response:
    return _show("index")


@bp.get("/rules/<slug>")
def variant(slug: str) -> Response:
    if slug not in VARIANTS:
        return lost()
    return _show(slug)

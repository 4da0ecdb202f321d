"""The rules: /rules (overview) and /rules/<slug> for LINK, FAMILY, FIGHT, the jokers and the
three classic games, from server/content/rules/<lang>/<slug>.md. A page missing in the
visitor's language is shown in English rather than not at all."""

from __future__ import annotations

from flask import Blueprint, Response, g

from gong.i18n import DEFAULT_LANGUAGE
from server.rulesdoc import RULE_SLUGS, RulesPage
from server.state import site
from server.texts import text
from server.web import lost, page

bp = Blueprint("rules", __name__)

# Menu names are the game's proper names, the same in every language, except where families
# know a classic game by another name.
MENU = {"link": "GONG LINK", "family": "GONG FAMILY", "fight": "GONG FIGHT", "jokers": "GONG JOKER"}
MENU.update({"go-fish": "Go Fish", "go-boom": "Jokers Go Boom", "gang-of-four": "Gang of Four"})
LOCAL_NAMES = {"fr": {"go-fish": "La pêche"}, "sv": {"go-fish": "Finns i sjön"}}
VARIANTS = tuple(slug for slug in RULE_SLUGS if slug != "index")


def menu(lang: str) -> list[tuple[str, str]]:
    """The rules menu as (slug, name) in menu order, with the names used in `lang`."""
    return [(slug, LOCAL_NAMES.get(lang, {}).get(slug, MENU[slug])) for slug in VARIANTS]


def _find(slug: str) -> tuple[RulesPage, str] | None:
    by_lang = site().rules.get(slug, {})
    for lang in (g.lang, DEFAULT_LANGUAGE):
        if lang in by_lang:
            return by_lang[lang], lang
    return None


def _show(slug: str) -> Response:
    found = _find(slug)
    if found is None and slug != "index":
        return lost()
    # The overview always lists the variants, even before its own text is written.
    rules_page, page_lang = found or (None, g.lang)
    title = rules_page.title if rules_page else text(g.lang, "all_rules")
    return page(
        "rules.html",
        title=f"{title} · GONG",
        heading=title,
        rules_page=rules_page,
        page_lang=page_lang,
        slug=slug,
        menu=menu(g.lang),
    )


@bp.get("/rules")
def index() -> Response:
    return _show("index")


@bp.get("/rules/<slug>")
def variant(slug: str) -> Response:
    if slug not in VARIANTS:
        return lost()
    return _show(slug)

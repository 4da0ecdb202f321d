"""The home page and the health check."""

from __future__ import annotations

from flask import Blueprint, Response, g, jsonify, url_for

from gong.cards import Kind
from server.pages import page
from server.state import site
from server.texts import HOWTO_STEPS, gem_list, kind_card, text
from server.views.rules import menu

bp = Blueprint("home", __name__)

# The order the printed rules give: "bonus card, fight card, malus card".
HOME_KINDS = (Kind.BONUS, Kind.FIGHT, Kind.MALUS)


def card_numbers(kind: Kind) -> list[int]:
    """The card numbers whose code opens this kind (1-2 fight, 3-4 malus, 5-6 bonus)."""
    return [n for n in range(1, 7) if Kind.of_number(n) is kind]


def kind_buttons(lang: str) -> list[dict[str, str]]:
    buttons = []
    for kind in HOME_KINDS:
        low, high = card_numbers(kind)
        buttons.append(
            {
                "kind": kind.value,
                "href": url_for("missions.of_kind", kind=kind),
                "label": kind_card(kind, lang),
                "hint": text(lang, "cards_of_kind", low=str(low), high=str(high)),
            }
        )
    return buttons


@bp.get("/")
def index() -> Response:
    return page(
        "home.html",
        title=text(g.lang, "site_title"),
        gems=gem_list(g.lang),
        steps=HOWTO_STEPS,
        buttons=kind_buttons(g.lang),
        rules_menu=menu(g.lang),
    )


@bp.get("/healthz")
def healthz() -> Response:
    book = site().book
    response = jsonify(status="ok", missions={k.value: len(book.of_kind(k)) for k in Kind})
    response.headers["Cache-Control"] = "no-store"
    return response

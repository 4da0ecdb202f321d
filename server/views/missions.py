"""Mission pages: a mission of a kind (/bonus, /malus, /fight), the QR target of one card
(/c/<code>, any letter case), and the permalink of one mission (/m/<id>)."""

from __future__ import annotations

from flask import Blueprint, Response, g, request

from gong.cards import Card, CardCodeError, Kind, parse_card
from gong.i18n import GLOSSARIES, card_name, gem_name
from gong.missions import Mission, pick_mission
from server.errors import lost
from server.language import cookie
from server.pages import cached_page, page
from server.seen import COOKIE_NAME
from server.state import site
from server.texts import kind_mission

bp = Blueprint("missions", __name__)


def _mission_page(
    mission: Mission,
    card: Card | None = None,
    keep: dict[str, str] | None = None,
    path: str | None = None,
    draws: bool = False,
) -> Response:
    key = (mission.id, card.code if card else "", str(draws), *(keep or {}).values())
    cached = cached_page("mission.html", key, path)
    if cached is not None:
        return cached
    return page(
        "mission.html",
        keep=keep,
        path=path,
        cache_key=key,
        title=f"{mission.title_in(g.lang)} · GONG",
        description=mission.text_in(g.lang),
        mission=mission,
        kind=mission.kind,
        kind_label=kind_mission(mission.kind, g.lang),
        older_name=GLOSSARIES[g.lang].older_kinds.get(mission.kind),
        card=card,
        gem=gem_name(card.gem, g.lang) if card else None,
        draws=draws,
    )


def _draw(kind: Kind, card: Card | None = None) -> Response:
    """A mission of `kind` the visitor has not seen yet, remembered in their cookie.

    `?m=<id>` shows that mission instead, without drawing: the language switch uses it so a
    visitor who changes language reads the same mission, not a new one.
    """
    state = site()
    # Language links lead to the canonical path: /c/NE5 however the code was typed.
    path = f"/c/{card.code}" if card else f"/{kind.value}"
    environ = request._get_current_object().environ  # see server.state.site
    shown = state.book.get(request.args.get("m", "")) if environ.get("QUERY_STRING") else None
    if shown is not None and shown.kind is kind:
        response = _mission_page(shown, card, keep={"m": shown.id}, path=path, draws=True)
        response.headers["Cache-Control"] = "no-store"
        return response
    missions = state.book.of_kind(kind)
    seen = state.cookie.loads(cookie(COOKIE_NAME, environ))
    mission, seen_ids = pick_mission(
        missions, seen.seen_ids(kind, missions), state.rng, last=seen.last_id(kind, missions)
    )
    seen.record(kind, missions, seen_ids, mission)
    response = _mission_page(mission, card, keep={"m": mission.id}, path=path, draws=True)
    # The cookie value is URL-safe base64 and a signature, so the header needs no quoting;
    # writing it directly costs a fraction of Werkzeug's general dump_cookie.
    response.headers.add(
        "Set-Cookie", f"{COOKIE_NAME}={state.cookie.dumps(seen)}; {state.cookie_flags}"
    )
    response.headers["Cache-Control"] = "no-store"  # every visit draws anew
    return response


@bp.get("/bonus", defaults={"kind": Kind.BONUS})
@bp.get("/malus", defaults={"kind": Kind.MALUS})
@bp.get("/fight", defaults={"kind": Kind.FIGHT})
def of_kind(kind: Kind) -> Response:
    return _draw(kind)


# The printed QR codes say HTTPS://HOST/C/NE5: upper case packs into a smaller code, so the
# upper-case path is served directly (a second rule, not a redirect).
@bp.get("/c/<code>")
@bp.get("/C/<code>", endpoint="card_upper")
def card(code: str) -> Response:
    try:
        drawn = parse_card(code)
    except CardCodeError:
        return lost("lost_code", code=code[:20])
    if drawn.is_joker:
        return page("joker.html", title=f"{card_name(drawn)} · GONG", card=drawn)
    return _draw(drawn.kind, drawn)


@bp.get("/m/<mission_id>")
def permalink(mission_id: str) -> Response:
    mission = site().book.get(mission_id)
    if mission is None:
        return lost("lost_mission", id=mission_id[:40])
    return _mission_page(mission, path=f"/m/{mission.id}")

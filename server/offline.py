"""Scans that work offline after the first one: the service worker (server/static/sw.js), the
script every site page loads to register it (server/static/register.js), what the worker
keeps for a language, and the "seen" ids a phone sends back once it is online again.

After the first page is shown (never before, and not when the phone asks to save data), the
worker fetches `/offline/<lang>.json` and keeps, for that language: the three mission-page
shells (one per kind), every mission and every card as fragments rendered by the same
templates as the online pages (`_mission_text.html`, `_drawn.html`, `_perma.html`), which the
worker joins at the pages' fixed markers (`<!--gong:mission-->`...), the home, rules and
joker pages whole, the stylesheet and the icons. Offline, a card's link opens the same page
as online, with a mission of the card's kind the phone has not shown yet; `/t/`, `/api/` and
`/play` are never kept, and offline they answer with one friendly line.

The worker's version is a digest of everything it keeps (the payloads of every language, the
worker's own code): every machine behind a load balancer serving the same content agrees,
and a deploy that changes any of it replaces the caches on the phone's next online visit.
`GONG_OFFLINE=off` serves a kill switch instead: a worker that deletes its caches and
unregisters itself.
"""

from __future__ import annotations

import hashlib
import json
from functools import partial
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, render_template, request, url_for

from gong.cards import DECK, Kind
from gong.i18n import GLOSSARIES, LANGUAGE_NAMES, gem_name, text_direction
from gong.missions import Mission
from server.language import cookie
from server.seen import COOKIE_NAME, SeenState
from server.state import make_asset, site
from server.texts import kind_mission, text
from server.views import assets
from server.views.rules import VARIANTS

bp = Blueprint("offline", __name__)
STATIC = Path(__file__).resolve().parent / "static"
EXTENSION = "gong.offline"
KILL_SETTING = "GONG_OFFLINE"
MAX_SEEN_IDS = 200
"""The most ids one phone's report may carry (three rounds of every mission)."""


class Offline:
    """The worker's sources and the payloads it keeps, built once per host and language."""

    def __init__(self, kill: bool) -> None:
        self.kill = kill
        self.worker_source = (STATIC / ("sw-off.js" if kill else "sw.js")).read_text("utf-8")
        self.register = make_asset((STATIC / "register.js").read_bytes(), "text/javascript")
        self._payloads: dict[tuple[str, str], bytes] = {}
        self._versions: dict[str, str] = {}

    def payload(self, lang: str) -> bytes:
        key = (request.host, lang)
        found = self._payloads.get(key)
        if found is None:
            found = self._payloads[key] = json.dumps(
                _payload(lang), ensure_ascii=False, separators=(",", ":"), sort_keys=True
            ).encode()
        return found

    def version(self) -> str:
        """A digest of every language's payload and of the worker's code."""
        found = self._versions.get(request.host)
        if found is None:
            digest = hashlib.sha256(self.worker_source.encode())
            for lang in site().languages:
                digest.update(self.payload(lang))
            found = self._versions[request.host] = digest.hexdigest()[:12]
        return found


def _offline() -> Offline:
    return current_app.extensions[EXTENSION]


def _render(template: str, lang: str, **context: Any) -> str:
    return render_template(template, lang=lang, t=partial(text, lang), **context)


def _shell(kind: Kind, lang: str, mission: Mission) -> str:
    """A mission page of `kind` as online (`/bonus`), for the worker to fill."""
    from server.pages import page

    g.lang = lang
    response = page(
        "mission.html",
        path=f"/{kind.value}",
        title=f"{mission.title_in(lang)} · GONG",
        description=mission.text_in(lang),
        mission=mission,
        kind=kind,
        kind_label=kind_mission(kind, lang),
        older_name=GLOSSARIES[lang].older_kinds.get(kind),
        card=None,
        gem=None,
        draws=True,
    )
    return response.get_data(as_text=True)


def _payload(lang: str) -> dict[str, Any]:
    """What the worker keeps for `lang` (see the module's docstring)."""
    state = site()
    book = state.book
    saved_lang = g.get("lang")
    try:
        shells = {k.value: _shell(k, lang, book.of_kind(k)[0]) for k in Kind}
    finally:
        g.lang = saved_lang
    missions = {
        k.value: [
            {
                "id": m.id,
                "title": f"{m.title_in(lang)} · GONG",
                "html": _render("_mission_text.html", lang, mission=m),
                "perma": _render("_perma.html", lang, mission=m),
            }
            for m in book.of_kind(k)
        ]
        for k in Kind
    }
    cards = {
        card.code: {
            "kind": card.kind.value,
            "html": _render("_drawn.html", lang, card=card, gem=gem_name(card.gem, lang)),
        }
        for card in DECK
        if not card.is_joker
    }
    pages = [
        url_for("home.index", lang=lang),
        url_for("rules.index", lang=lang),
        *(url_for("rules.variant", slug=slug, lang=lang) for slug in VARIANTS),
        url_for("missions.card_upper", code="J1", lang=lang),
        url_for("missions.card_upper", code="J2", lang=lang),
    ]
    images = state.webapp
    files = [
        url_for("assets.stylesheet", digest=state.css.digest),
        url_for("assets.icon", digest=state.icon.digest),
        url_for("assets.icon192", digest=images.icon192.digest),
        url_for("assets.manifest", lang=lang),
        url_for("offline.register", digest=_offline().register.digest),
    ]
    if state.static is not None:
        files.append(state.static.script_url)
    return {
        "lang": lang,
        "dir": text_direction(lang),
        "name": LANGUAGE_NAMES[lang],
        "shells": shells,
        "missions": missions,
        "cards": cards,
        "pages": pages,
        "files": files,
        "no_tables": text(lang, "offline_tables"),
        "css": url_for("assets.stylesheet", digest=state.css.digest),
    }


@bp.get("/sw.js")
def worker() -> Response:
    """The worker, with its version; never cached by the browser's HTTP cache."""
    offline = _offline()
    version = "off" if offline.kill else offline.version()
    # A static export's worker knows its languages' path prefixes (server/export.py).
    static = site().static
    langs = json.dumps(list(site().languages)) if static is not None else "null"
    body = f'const VERSION = "{version}";\nconst STATIC = {langs};\n' + offline.worker_source
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    # The worker fetches the site's own pages and files, and nothing else.
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; connect-src 'self'; script-src 'self'"
    )
    return response


@bp.get("/s/register-<digest>.js")
def register(digest: str) -> Response:
    asset = _offline().register
    if digest != asset.digest:
        abort(404)
    response = Response(asset.body, mimetype=asset.mimetype)
    response.headers["Cache-Control"] = assets.CACHE_FOREVER
    return response


@bp.get("/offline/<lang>.json")
def payload(lang: str) -> Response:
    if lang not in site().languages:
        abort(404)
    offline = _offline()
    response = Response(offline.payload(lang), mimetype="application/json")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Gong-Version"] = offline.version()
    return response


def fold(state: SeenState, ids: list[str]) -> SeenState:
    """The missions a phone showed offline, in order, added to its seen state as if the
    site had drawn them: a kind whose every mission is seen starts a new round."""
    book = site().book
    for mission_id in ids:
        mission = book.get(mission_id)
        if mission is None:
            continue  # a mission this site no longer has
        missions = book.of_kind(mission.kind)
        seen = set(state.seen_ids(mission.kind, missions))
        if seen >= {m.id for m in missions}:
            seen = set()
        state.record(mission.kind, missions, frozenset(seen | {mission.id}), mission)
    return state


@bp.post("/seen")
def seen() -> Response:
    """`{"ids": [...]}`: the missions this phone showed offline, folded into its signed,
    HttpOnly "seen" cookie, so going online again brings no repeat."""
    body = request.get_json(silent=True)
    ids = body.get("ids") if isinstance(body, dict) else None
    if (
        not isinstance(ids, list)
        or len(ids) > MAX_SEEN_IDS
        or not all(isinstance(i, str) and len(i) <= 64 for i in ids)
    ):
        return Response(
            json.dumps({"error": 'send {"ids": [mission ids]}, at most 200'}),
            status=400,
            mimetype="application/json",
        )
    state = site()
    current = state.cookie.loads(cookie(COOKIE_NAME, request.environ))
    folded = fold(current, ids)
    response = Response(json.dumps({"ok": True}), mimetype="application/json")
    response.headers.add(
        "Set-Cookie", f"{COOKIE_NAME}={state.cookie.dumps(folded)}; {state.cookie_flags}"
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Any) -> None:
    kill = str(app.config.get(KILL_SETTING) or "").lower() in ("off", "0", "false", "no")
    app.extensions[EXTENSION] = Offline(kill)
    app.register_blueprint(bp)
    app.jinja_env.globals["register_js"] = lambda: url_for(
        "offline.register", digest=app.extensions[EXTENSION].register.digest
    )

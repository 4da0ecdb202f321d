"""The JSON API of the tables: `/api/tables...` (README.md, "Tables API").

Bots, other clients and the tests use it; the table pages call the same `TableService`.
Every answer is JSON with `Cache-Control: no-store` (a seat's view must never sit in a
cache), errors are `{"error": {"code", "message"}}`, and a seat's secret travels only in
`Authorization: Bearer <secret>`, which a cross-site form cannot send.

Configuration (app config first, then the environment): `GONG_STORE` / `GONG_TABLE_TTL` (see
the store), `GONG_BOT_DELAY` (seconds between bot moves, 0.8), `GONG_CALL_WAIT` (bots wait
at least this while a person may call GONG, 5), `GONG_TABLES_PER_MINUTE` (30 per client),
`GONG_MAX_TABLES` (open tables in all, 10000), `GONG_POLL_SECONDS` (how often a table page
looks for news, 1), `GONG_TRUSTED_PROXIES` (addresses or networks of the proxies whose
X-Forwarded-For is believed; none by default), `GONG_TESTING`
(accept "seed" and "deck": tests only). `GONG_TABLE_STORE` may hold a ready `TableStore`.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import math
import os
import threading
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request

from gong.i18n import DEFAULT_LANGUAGE
from server.state import site
from server.tables.errors import MoveRefused, TableError
from server.tables.record import Table
from server.tables.referee_adapter import STATE_FORMAT, describe, game_names
from server.tables.service import Settings, TableService
from server.tables.store import (
    StoreConfigError,
    StoreError,
    StoreUnavailableError,
    store_from_env,
)

MAX_BODY = 64 * 1024
EXTENSION = "gong_tables"
_TRUE = {"1", "true", "yes", "on"}

bp = Blueprint("tables_api", __name__, url_prefix="/api")


# --- configuration -------------------------------------------------------------------------


def _setting(app: Flask, key: str, default: Any) -> Any:
    if key in app.config:
        return app.config[key]
    return os.environ.get(key, default)


def _number(app: Flask, key: str, default: float, kind: Callable[[Any], Any] = float) -> Any:
    value = _setting(app, key, default)
    try:
        number = kind(value)
    except (TypeError, ValueError):
        number = None
    if number is None or number < 0 or (isinstance(number, float) and not math.isfinite(number)):
        raise StoreConfigError(f"{key}={value!r}: a number >= 0 is expected")
    return number


def parse_proxies(text: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """GONG_TRUSTED_PROXIES: addresses or networks, separated by commas or spaces."""
    networks = []
    for item in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise StoreConfigError(
                f"GONG_TRUSTED_PROXIES: {item!r} is not an address or network (like 10.0.0.1 "
                f"or 10.0.0.0/8)"
            ) from None
    return tuple(networks)


class Tables:
    """The API's share of the app: settings now, the store on first use (so the mission
    pages never wait for, or fail on, a table store nobody has asked for yet)."""

    def __init__(self, app: Flask) -> None:
        self.settings = Settings(
            bot_delay=_number(app, "GONG_BOT_DELAY", 1.0),
            call_wait=_number(app, "GONG_CALL_WAIT", 5.0),
            poll_every=_number(app, "GONG_POLL_SECONDS", 1.0),
            away_after=_number(app, "GONG_AWAY_SECONDS", 60.0),
            fight_seconds=_number(app, "GONG_FIGHT_SECONDS", 60.0),
            tables_per_minute=_number(app, "GONG_TABLES_PER_MINUTE", 30, int),
            max_open=_number(app, "GONG_MAX_TABLES", 10_000, int),
            testing=str(_setting(app, "GONG_TESTING", "")).lower() in _TRUE,
        )
        self.proxies = parse_proxies(str(_setting(app, "GONG_TRUSTED_PROXIES", "") or ""))
        self.instance_path = app.instance_path
        self.environ = dict(os.environ)
        if "GONG_STORE" in app.config:
            self.environ["GONG_STORE"] = app.config["GONG_STORE"] or ""
        self._store = app.config.get("GONG_TABLE_STORE")
        self._service: TableService | None = None
        self._lock = threading.Lock()

    @property
    def service(self) -> TableService:
        if self._service is None:
            with self._lock:
                if self._service is None:
                    store = self._store or store_from_env(
                        self.instance_path, self.environ, state_format=STATE_FORMAT
                    )
                    book = current_app.extensions["gong"].book  # the site's own missions
                    settings = dataclasses.replace(self.settings, missions=book)
                    self._service = TableService(store, settings)
        return self._service


def init_app(app: Flask) -> None:
    """Register the API on `app` (create_app calls this)."""
    app.extensions[EXTENSION] = Tables(app)
    app.register_blueprint(bp)


def tables() -> Tables:
    return current_app.extensions[EXTENSION]


# --- requests ------------------------------------------------------------------------------


def client_address() -> str:
    """Who is asking, for the rate limit: the connection's address, or, when it comes from a
    configured trusted proxy, the last address in X-Forwarded-For that is not a trusted proxy
    (the one the outermost trusted proxy saw). Anyone can send X-Forwarded-For, so it is
    never read otherwise."""
    remote = request.remote_addr or ""
    proxies = tables().proxies
    if not proxies or not _trusted(remote, proxies):
        return remote
    hops = [
        hop.strip()
        for header in request.headers.getlist("X-Forwarded-For")
        for hop in header.split(",")
        if hop.strip()
    ]
    for hop in reversed(hops):
        if not _trusted(hop, proxies):
            return hop
    return hops[0] if hops else remote


def site_root() -> str:
    """The site's address as the phones reach it, for the table's link: behind a configured
    trusted proxy, its X-Forwarded-Proto and X-Forwarded-Host (the last of each, the one it
    set); otherwise the request's own."""
    proxies = tables().proxies
    if proxies and _trusted(request.remote_addr or "", proxies):
        proto = _last(request.headers.get("X-Forwarded-Proto", ""))
        host = _last(request.headers.get("X-Forwarded-Host", ""))
        if proto in ("http", "https") or host:
            scheme = proto if proto in ("http", "https") else request.scheme
            return f"{scheme}://{host or request.host}{request.script_root}/"
    return request.url_root


def _last(header: str) -> str:
    values = [v.strip() for v in header.split(",") if v.strip()]
    return values[-1] if values else ""


def _trusted(address: str, proxies: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def _body() -> dict[str, Any]:
    """The request's JSON object (an empty body is {}); 413, 415 or 400 otherwise."""
    too_big = TableError("too_large", f"The request is over {MAX_BODY // 1024} KB.")
    if (request.content_length or 0) > MAX_BODY:
        raise too_big
    data = request.stream.read(MAX_BODY + 1)
    if len(data) > MAX_BODY:
        raise too_big
    if not data.strip():
        return {}
    if request.mimetype != "application/json":
        raise TableError("json_only", "Send JSON, with Content-Type: application/json.")
    try:
        body = json.loads(data)
    except (UnicodeDecodeError, ValueError) as exc:
        raise TableError("bad_json", f"The body is not JSON: {exc}") from None
    except RecursionError:  # "[[[[..." nested deeper than the parser goes
        raise TableError("bad_json", "The body is nested too deeply.") from None
    if not isinstance(body, dict):
        raise TableError("bad_json", 'The body must be a JSON object, like {"seat": 0}.')
    return body


def _secret() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, secret = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return secret.strip() or None


def _lang() -> str:
    # Only the languages the tables' texts are complete in: never an answer half in English.
    spoken = site().texts.table_languages
    asked = request.args.get("lang", "").strip().lower()
    if asked in spoken:
        return asked
    remembered = request.cookies.get("lang", "")
    return remembered if remembered in spoken else DEFAULT_LANGUAGE


def _version_arg(name: str) -> int | None:
    text = request.args.get(name)
    if text is None:
        return None
    if not text.strip().isdigit():
        raise TableError("bad_version", f"?{name}= is a table version, a whole number")
    return int(text)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    response = Response(body, status=status, mimetype="application/json")
    for key, value in (headers or {}).items():
        response.headers[key] = value
    return response


def _state(table: Table, seat: int | None, since: int | None = None, status: int = 200):
    return _json(tables().service.answer(table, seat, _lang(), since), status)


# --- routes --------------------------------------------------------------------------------


@bp.get("/games")
def games() -> Response:
    """The games a table can be made for: title, player range, options and their defaults."""
    return _json({"games": [describe(name) for name in game_names()]})


@bp.post("/tables")
def create() -> Response:
    body = _body()
    service = tables().service
    table, creator_secret = service.create(body, client_address())
    return _json(_created(table, creator_secret), 201)


def _created(table: Table, creator_secret: str | None) -> dict[str, Any]:
    answer = {
        "id": table.id,
        "url": f"{site_root()}t/{table.id}",
        "seats": tables().service.seats_public(table),
        "status": table.status,
        "version": table.version,
        "mode": table.meta["mode"],
    }
    if creator_secret is not None:
        answer["creator_secret"] = creator_secret
    return answer


@bp.post("/tables/<table_id>/seats")
def take_seat(table_id: str) -> Response:
    body = _body()
    table, seat, secret = tables().service.take_seat(table_id, body.get("seat"), body.get("name"))
    answer = {"seat": seat, "secret": secret, "version": table.version, "status": table.status}
    return _json(answer)


@bp.get("/tables/<table_id>")
def show(table_id: str) -> Response:
    since = _version_arg("since")
    seat = request.args.get("seat")
    table, reader = tables().service.state(table_id, _secret(), seat)
    if since is not None and since == table.version:
        return Response(status=304)
    return _state(table, reader, since)


@bp.post("/tables/<table_id>/actions")
def act(table_id: str) -> Response:
    body = _body()
    version = body.get("version")
    table, seat = tables().service.act(
        table_id, _secret(), body.get("seat"), body.get("action"), version
    )
    return _state(table, seat, since=version)


@bp.post("/tables/<table_id>/start")
def start(table_id: str) -> Response:
    _body()
    table = tables().service.start(table_id, _secret())
    return _state(table, None)


@bp.delete("/tables/<table_id>/seats/<seat>")
def remove(table_id: str, seat: str) -> Response:
    table = tables().service.remove(table_id, _secret(), seat)
    return _state(table, None)


@bp.post("/tables/<table_id>/seats/<seat>/bot")
def hand_to_bot(table_id: str, seat: str) -> Response:
    body = _body()
    table = tables().service.hand_to_bot(table_id, _secret(), seat, body.get("bot"))
    return _state(table, None)


@bp.post("/tables/<table_id>/back")
def back(table_id: str) -> Response:
    """The person whose seat a robot plays takes it back."""
    _body()
    table, seat = tables().service.take_back(table_id, _secret())
    return _state(table, seat)


@bp.post("/tables/<table_id>/leave")
def leave(table_id: str) -> Response:
    body = _body()
    table = tables().service.leave(table_id, _secret(), body.get("seat"))
    return _state(table, None)


@bp.get("/tables/<table_id>/replay")
def replay(table_id: str) -> Response:
    frames = tables().service.replay(table_id, _secret(), _lang())
    return _json({"id": table_id.upper(), "frames": frames})


@bp.post("/tables/<table_id>/again")
def again(table_id: str) -> Response:
    _body()
    table, made = tables().service.again(table_id, _secret(), client_address())
    return _json(_created(table, None), 201 if made else 200)


@bp.route("/<path:rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
def unknown(rest: str) -> Response:
    raise TableError("no_such_route", f"There is no /api/{rest[:80]} here.")


# --- errors and headers --------------------------------------------------------------------

STATUS = {
    # The request itself is wrong (a program's mistake, mostly).
    **dict.fromkeys(
        (
            "bad_action",
            "bad_bots",
            "bad_game",
            "bad_json",
            "bad_mode",
            "bad_name",
            "bad_names",
            "bad_options",
            "bad_players",
            "bad_request",
            "bad_seat",
            "bad_version",
            "no_people",
            "which_seat",
        ),
        400,
    ),  # fmt: skip
    **dict.fromkeys(("bad_secret", "no_spectators", "not_creator", "not_your_seat"), 403),
    **dict.fromkeys(("no_such_route", "no_such_table"), 404),
    # The table is not in a state for it: look again.
    **dict.fromkeys(
        (
            "already_a_bot",
            "not_a_robot",
            "not_away",
            "already_started",
            "game_over",
            "not_over",
            "not_playing",
            "seat_free",
            "seat_taken",
            "stale",
        ),
        409,
    ),  # fmt: skip
    "table_unreadable": 410,
    "too_large": 413,
    "json_only": 415,
    "not_started": 422,
    "too_many_tables": 429,
    **dict.fromkeys(("busy", "store_error", "store_unavailable", "too_many_open"), 503),
}
"""The HTTP status of each refusal the tables make; a move the referee refuses is a 422."""


def status_of(error: TableError) -> int:
    """The HTTP status of a refusal (a code missing here is a bug: 500, and the log says)."""
    if isinstance(error, MoveRefused):
        return 422
    status = STATUS.get(error.code)
    if status is None:
        current_app.logger.error("no HTTP status for the refusal %r", error.code)
        return 500
    return status


@bp.errorhandler(TableError)
def _refused(error: TableError, headers: dict[str, str] | None = None) -> Response:
    extra = dict(error.extra)
    headers = dict(headers or {})
    retry = extra.pop("retry_after", None)
    if retry is not None:
        headers["Retry-After"] = str(int(retry))
    answer: dict[str, Any] = {"error": {"code": error.code, "message": error.text(_lang())}}
    params = extra.pop("params", None)
    if params:
        answer["error"]["params"] = params
    setup = extra.pop("setup", None)
    if setup is not None:  # the referee's own code and params: what exactly was wrong
        answer["error"]["setup"] = setup
    fresh = extra.pop("fresh", None)
    if fresh is not None:
        table, seat = fresh
        answer["state"] = tables().service.answer(table, seat, _lang())
    return _json(answer, status_of(error), headers)


@bp.errorhandler(StoreUnavailableError)
def _unavailable(error: StoreUnavailableError) -> Response:
    current_app.logger.warning("table store unavailable: %s", error)
    refusal = TableError("store_unavailable", "The tables are resting: try again soon.")
    return _refused(refusal, {"Retry-After": "5"})


@bp.errorhandler(StoreError)
def _store_broken(error: StoreError) -> Response:
    current_app.logger.error("table store error: %s", error)
    refusal = TableError("store_error", "The tables are resting: try again later.")
    return _refused(refusal, {"Retry-After": "30"})


@bp.after_request
def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response

"""The tables' HTML face: /play to make a table, /t/<ID> to join, play, watch and see the end,
/t/<ID>/replay to step through a finished game. README.md, "Play in the browser".

Every page is drawn on the server from the service's answer, and every form posts to this
origin and works without JavaScript. The one script (`tables.js`) polls the page with
`?since=<version>` about once a second (304 while nothing changed) and swaps in the new
content. Seats are held by a cookie per table (HttpOnly, SameSite=Lax, Path=/t/<ID>); every
form carries a token bound to a SameSite=Strict cookie, so another site cannot post for you.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)

from gong.cards import Family, Kind
from gong.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, text_direction
from gong.referee.events import reason_text
from server.language import default_link, language_links
from server.state import Asset, make_asset, site
from server.tables import forms, referee_adapter, show
from server.tables.api import client_address, site_root, status_of, tables
from server.tables.errors import TableError
from server.tables.forms import CREATOR_COOKIE, NONCE_COOKIE, SEAT_COOKIE, FormRefused
from server.tables.ids import TableIdError, parse_table_id
from server.tables.record import Table, acting_first
from server.tables.store import StoreError
from server.texts import game_title, has_text, kind_mission, text
from server.views.assets import head as assets_head

bp = Blueprint("tables_pages", __name__)


@bp.before_request
def _whole_language() -> None:
    """A language whose tables' texts are incomplete gets the table pages in English, whole:
    never a page half in one language."""
    if g.lang not in site().texts.table_languages:
        g.lang = DEFAULT_LANGUAGE


STATIC = Path(__file__).resolve().parent.parent / "static"
EXTENSION = "gong_table_pages"
HISTORY_SHOWN = 12

# The table pages carry one script of this origin and post forms to it; nothing else changes
# from the site's policy.
TABLE_CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; "
    "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
ASSET_CSP = "default-src 'none'; frame-ancestors 'none'"


class PageAssets:
    def __init__(self) -> None:
        # The cards' own stylesheet (cards.css) is served with the tables' one, in one file.
        css = (STATIC / "tables.css").read_bytes() + b"\n" + (STATIC / "cards.css").read_bytes()
        self.css: Asset = make_asset(css, "text/css")
        script = _compact((STATIC / "tables.js").read_bytes())
        self.js: Asset = make_asset(script, "text/javascript")


def _compact(source: bytes) -> bytes:
    """The script as served: without its whole-line comments and indentation (the source
    keeps them; a phone need not download them). The script has no multi-line strings."""
    lines = (line.strip() for line in source.decode().splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//")).encode()


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = PageAssets()
    app.register_blueprint(bp)


def _assets() -> PageAssets:
    return current_app.extensions[EXTENSION]


def t(key: str, **values: Any) -> str:
    """A page text in the reader's language; on a game's pages its own words come first."""
    return text(g.lang, key, g.get("game"), **{k: str(v) for k, v in values.items()})


def known(key: str) -> bool:
    """Whether a page text exists (the site's, or the game's own on its pages)."""
    return has_text(g.lang, key, g.get("game"))


# --- rendering -----------------------------------------------------------------------------


def render(template: str, status: int = 200, **context: Any) -> Response:
    state = site()
    assets = _assets()
    nonce = _nonce()
    html = render_template(
        template,
        lang=g.lang,
        lang_name=LANGUAGE_NAMES[g.lang],
        dir=text_direction(g.lang),
        t=t,
        # A table's own pages are private (no alternates, not indexed) and are sent again on
        # every update: their language links are the query alone.
        lang_links=language_links(
            request.path, state.texts.table_languages, relative="table" in context, **_kept_query()
        ),
        default_link=default_link(request.path, **_kept_query()),
        css_url=url_for("assets.stylesheet", digest=state.css.digest),
        icon_url=url_for("assets.icon", digest=state.icon.digest),
        tables_css=url_for("tables_pages.stylesheet", digest=assets.css.digest),
        tables_js=url_for("tables_pages.script", digest=assets.js.digest),
        token=lambda form: forms.form_token(current_app.secret_key, nonce, form),
        **assets_head(g.lang, text(g.lang, "tagline")),
        **context,
    )
    response = Response(show.with_sprite(html), status=status, mimetype="text/html")
    response.headers["Content-Security-Policy"] = TABLE_CSP
    response.headers["Cache-Control"] = "no-store"
    if request.cookies.get(NONCE_COOKIE) != nonce:
        _set_cookie(response, NONCE_COOKIE, nonce, "/", samesite="Strict")
    return response


def _kept_query() -> dict[str, str]:
    seat = request.args.get("seat")
    return {"seat": seat} if seat and seat.isdigit() else {}


def _nonce() -> str:
    if "form_nonce" not in g:
        given = request.cookies.get(NONCE_COOKIE, "")
        g.form_nonce = given if 16 <= len(given) <= 64 else forms.new_nonce()
    return g.form_nonce


def _set_cookie(
    response: Response, name: str, value: str, path: str, samesite: str = "Lax"
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=forms.REJOIN_LIFETIME,
        path=path,
        httponly=True,
        samesite=samesite,
        secure=site().secure_cookies,
    )


def _checked(form_name: str) -> None:
    """Refuse a post that did not come from one of our own forms (403)."""
    origin = request.headers.get("Origin")
    if origin and origin != "null" and origin.rstrip("/") != request.host_url.rstrip("/"):
        abort(403)
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        abort(403)
    if not forms.token_ok(
        current_app.secret_key,
        request.cookies.get(NONCE_COOKIE),
        form_name,
        request.form.get("csrf"),
    ):
        g.refusal = "form_expired"
        abort(403)


@bp.errorhandler(403)
def _forbidden(_error: Exception) -> Response:
    key = g.get("refusal", "form_refused")
    return render("tables/message.html", 403, title=t("oops"), message=t(key), back=request.path)


@bp.errorhandler(TableError)
def _table_error(error: TableError) -> Response:
    status = status_of(error)
    key = {404: "table_lost", 410: "table_unreadable", 429: "too_many_tables"}.get(status)
    if key is None and error.code in ("no_spectators",):
        key = "no_spectators"
    message = t(key) if key else error.message
    return render("tables/message.html", status, title=t("oops"), message=message)


@bp.errorhandler(StoreError)
def _store_error(_error: Exception) -> Response:
    return render("tables/message.html", 503, title=t("oops"), message=t("tables_resting"))


# --- assets --------------------------------------------------------------------------------


def _asset(asset: Asset, digest: str) -> Response:
    if digest != asset.digest:
        abort(404)
    response = Response(asset.body, mimetype=asset.mimetype)
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@bp.get("/s/tables-<digest>.css")
def stylesheet(digest: str) -> Response:
    return _asset(_assets().css, digest)


@bp.get("/s/tables-<digest>.js")
def script(digest: str) -> Response:
    return _asset(_assets().js, digest)


# --- making a table ------------------------------------------------------------------------


NOT_ASKED = ("first_player", "challenges", "robots", "two_player_catch")
"""Options the /play form does not ask as options: who starts comes from the seats, and so
do the robots; how fights are decided has its own question (`FIGHTS`)."""
FIGHTS = ("phones", "report")
"""How /play offers GONG FIGHT's fights: on the phones, or played for real and reported."""
NOT_SHOWN = ("turn_limit", "may_ask_held_card")
"""Options a family would not choose, left off the /play form: the turn limit (a safeguard
against endless games, not a rule) and Go Fish's bluffing variant (which needs another house
rule on). A posted value is still honoured, within the spec's bounds, as the API does."""


def _describe(name: str) -> dict[str, Any]:
    """A game's spec with its title and its one line (what you do to win) as families say
    them in the reader's language; a game without that line (a house game that brings none)
    has an empty one."""
    game = referee_adapter.describe(name)
    game["title"] = game_title(name, g.lang)
    key = f"about_{name}"
    game["about"] = text(g.lang, key, name) if has_text(g.lang, key, name) else ""
    return game


def _games() -> list[dict[str, Any]]:
    return [_describe(name) for name in referee_adapter.game_names()]


def _rules_link(name: str) -> str | None:
    """The address of the rules page of a game, for the ones the site has a page of."""
    from server.views.rules import RULES_GAMES  # the rules' own list of their pages

    slug = next((slug for slug, game in RULES_GAMES.items() if game == name), None)
    return url_for("rules.variant", slug=slug) if slug else None


def _option_fields(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The form fields of a game's options, with their defaults and bounds from the spec;
    `shown` tells the ones the /play form shows (`NOT_SHOWN`)."""
    bounds = game["bounds"]
    fields = []
    for name, default in game["options"].items():
        if name in NOT_ASKED:
            continue
        field: dict[str, Any] = {"name": name, "default": default, "shown": name not in NOT_SHOWN}
        if isinstance(default, bool):
            field["type"] = "bool"
        elif isinstance(default, int):
            field["type"] = "int"
            low, high = bounds.get(name, (None, None))
            field["min"], field["max"] = low, high
        elif name in game.get("choices", {}):
            field["type"] = "choice"
            field["choices"] = game["choices"][name]
            # Each value in words where the game has them (`opt_<option>_<value>`).
            field["labels"] = [
                (
                    value,
                    t(f"opt_{name}_{value}") if known(f"opt_{name}_{value}") else value,
                )
                for value in field["choices"]
            ]
        else:
            continue
        fields.append(field)
    return fields


@bp.get("/play")
def play() -> Response:
    games = _games()
    chosen = next((gm for gm in games if gm["name"] == request.args.get("game")), games[0])
    return _play_page(games, chosen)


def _play_page(
    games: list[dict[str, Any]], chosen: dict[str, Any], error: str | None = None, status=200
) -> Response:
    g.game = chosen["name"]
    return render(
        "tables/play.html",
        status,
        title=t("play_title"),
        games=games,
        game=chosen,
        rules_link=_rules_link(chosen["name"]),
        fields=[field for field in _option_fields(chosen) if field["shown"]],
        seats=range(chosen["max_players"]),
        error=error,
        form=request.form if request.method == "POST" else {},
    )


@bp.post("/play")
def create() -> Response:
    _checked("play")
    games = _games()
    chosen = next((gm for gm in games if gm["name"] == request.form.get("game")), None)
    if chosen is None:
        return _play_page(games, games[0], t("pick_game"), 400)
    service = tables().service
    try:
        asked = _creation(chosen)
        name = _creator_name(asked)
        table, creator_secret = service.create(asked, client_address())
    except FormRefused as refused:
        return _play_page(games, chosen, t(refused.key), 400)
    except TableError as error:
        message = t("too_many_tables") if status_of(error) == 429 else error.text(g.lang)
        return _play_page(games, chosen, message, status_of(error))
    response = redirect(url_for("tables_pages.table", table_id=table.id), 303)
    if name:
        # A phone each: the creator typed their name, so they sit at once, in the first seat
        # kept for a person, as `sit` seats them; the others sit as they open the link.
        seat = next(s for s in range(asked["players"]) if str(s) not in asked["bots"])
        try:
            _table, _seat, secret = service.take_seat(table.id, seat, name)
        except TableError as error:
            code = {409: "taken", 400: "bad_name"}.get(status_of(error))
            if code is None:
                raise
            response = _back(table.id, error=code)
        else:
            _set_cookie(response, SEAT_COOKIE + table.id, secret, f"/t/{table.id}")
    _set_cookie(response, CREATOR_COOKIE + table.id, creator_secret, f"/t/{table.id}")
    return response


def _creator_name(asked: dict[str, Any]) -> str:
    """The creator's own name, typed on /play with a phone each ("" when none): checked
    before the table is made, so a name refused makes no table."""
    from server.tables.lifecycle import clean_name  # the seats' one rule for names

    typed = request.form.get("my_name", "").strip()
    if asked["mode"] != "phones" or not typed:
        return ""
    try:
        return clean_name(typed)
    except TableError:
        raise FormRefused("no_bad_name") from None


def _creation(game: dict[str, Any]) -> dict[str, Any]:
    """The API's creation request from the /play form."""
    data = request.form
    try:
        players = int(data.get("players", game["min_players"]))
    except ValueError:
        raise FormRefused("bad_players") from None
    if not game["min_players"] <= players <= game["max_players"]:
        raise FormRefused("bad_players")
    mode = "pass" if data.get("mode") == "pass" else "phones"
    bots, names = {}, {}
    for seat in range(players):
        who = data.get(f"seat{seat}", "person")
        if who in ("easy", "normal"):
            bots[str(seat)] = who
        elif mode == "pass":
            names[str(seat)] = data.get(f"name{seat}", "").strip() or t("player_n", n=seat + 1)
    if len(bots) == players:
        raise FormRefused("need_person")
    options: dict[str, Any] = {}
    for field in _option_fields(game):
        name = field["name"]
        if not field["shown"] and name not in data:
            continue  # an option the form does not show keeps the game's default
        if field["type"] == "bool":
            options[name] = data.get(name) == "on"
        elif field["type"] == "int":
            raw = data.get(name, "").strip()
            if not raw:
                continue
            try:
                value = int(raw)
            except ValueError:
                raise FormRefused("bad_option") from None
            low, high = field.get("min"), field.get("max")
            if (low is not None and value < low) or (high is not None and value > high):
                raise FormRefused("bad_option")
            options[name] = value
        elif data.get(name) in field["choices"]:
            options[name] = data.get(name)
    if "challenges" in game["options"] and data.get("challenges") in FIGHTS:
        options["challenges"] = data["challenges"]
    return {
        "game": game["name"],
        "players": players,
        "bots": bots,
        "names": names,
        "mode": mode,
        "options": options,
        "spectators": data.get("spectators") == "on",
    }


# --- who is reading ------------------------------------------------------------------------


def _canonical(table_id: str) -> str:
    try:
        return parse_table_id(table_id)
    except TableIdError:
        raise TableError("no_such_table", "no such table") from None


def _secrets(table_id: str) -> tuple[str | None, str | None]:
    return (
        request.cookies.get(SEAT_COOKIE + table_id),
        request.cookies.get(CREATOR_COOKIE + table_id),
    )


def _read(table_id: str) -> tuple[Table, int | None, bool]:
    """The table, the seat this browser reads it for (None: watching), whether it made it."""
    service = tables().service
    seat_secret, creator_secret = _secrets(table_id)
    seat_arg = request.args.get("seat")
    seat = int(seat_arg) if seat_arg and seat_arg.isdigit() else None
    for secret in [s for s in (seat_secret, creator_secret) if s] + [None]:
        try:
            table, reader = service.state(table_id, secret, seat if secret else None)
        except TableError as error:
            if status_of(error) == 403 and secret is not None:
                continue
            raise
        creator = bool(creator_secret) and table.holder(creator_secret)[0]
        return table, reader, creator
    raise TableError("no_spectators", "no spectators")


def _pass_seat(table: Table, asked: int | None) -> tuple[int | None, int]:
    """One phone passed around: (the seat whose hand is shown, or None for the "pass the
    phone" screen, and the seat to hand it to). The phone goes to the seat the game waits
    for; the others' moves out of turn (a GONG call or catch) need no hand, see
    `_out_of_turn`."""
    humans = table.human_seats()
    turn = _turn_seat(table)
    if turn not in humans:  # a robot's turn: the phone keeps the hand it shows
        shown = asked if asked in humans else humans[0]
        return shown, shown
    return (asked if asked == turn else None), turn


def _turn_seat(table: Table) -> int | None:
    """The seat the game waits for: the only one that may act, or else the current player
    (the others' moves are optional ones, made out of turn). In a fight, a person who still
    has to move: a robot fighting a person waits for them, so the phone must go to them."""
    acting = acting_first(table, list(range(table.players)))
    if getattr(table.game, "fight", None):
        people = [s for s in acting if s in table.human_seats()]
        if people:
            return people[0]
    return acting[0] if acting else None


def _out_of_turn(table: Table, answer: dict[str, Any], shown: int | None) -> list[dict[str, Any]]:
    """One phone passed around: the moves other people may make now, out of turn, as buttons
    under their names. Only whole actions (a GONG call, a catch, "Last card!"): a move that
    needs cards waits until the phone is that player's."""
    if ((answer.get("view") or {}).get("table") or {}).get("fight"):
        return []  # a fight's moves are secret or each one's own: the phone goes round
    skipped = {shown, _turn_seat(table)}
    humans = table.human_seats()
    rows = []
    for seat in answer["to_act"]:
        if seat in skipped or seat not in humans:
            continue
        plain = [a for a in referee_adapter.actions(table.game, seat) if not a["cards"]]
        if plain:
            rows.append(
                {
                    "seat": seat,
                    "name": table.name_of(seat, g.lang),
                    "moves": [(a["text"], _plain_label(a, table)) for a in plain],
                }
            )
    return rows


# --- the table page ------------------------------------------------------------------------


@bp.get("/T/<table_id>")
def upper(table_id: str) -> Response:
    """The QR code's address is upper case (QR's compact alphanumeric mode)."""
    return redirect(url_for("tables_pages.table", table_id=_canonical(table_id)), 301)


@bp.get("/t/<table_id>")
def table(table_id: str) -> Response:
    canonical = _canonical(table_id)
    if canonical != table_id:
        return redirect(url_for("tables_pages.table", table_id=canonical, **request.args), 301)
    since = request.args.get("since", "")
    if since and request.headers.get("Sec-Fetch-Site") == "cross-site":
        abort(403)  # the script's polls come from this origin only; nobody else reads a seat
    try:
        table, reader, creator = _read(canonical)
    except TableError as error:
        if error.code != "no_spectators":
            raise
        return _not_seated(tables().service.load(canonical))
    if since and since == _page_version(table, creator, reader):
        response = Response(status=304)
        response.headers["Cache-Control"] = "no-store"
        return response
    return _table_page(table, reader, creator)


def _away_seats(table: Table, creator: bool, reader: int | None = None) -> list[int]:
    """The seats whose person has been away long enough to hand to a robot (the creator's
    page offers it, never for the creator's own seat; nobody else's page does)."""
    if not creator or table.status != "playing" or table.meta["mode"] == "pass":
        return []
    return [s for s in tables().service.away_seats(table) if s != reader]


def _page_version(table: Table, creator: bool, reader: int | None = None) -> str:
    """What the page's script sends back as `since`: the table's version, and for the
    creator which seats are away (that changes the page without a new version)."""
    away = _away_seats(table, creator, reader)
    return str(table.version) + ("-" + ".".join(map(str, away)) if away else "")


def _not_seated(table: Table) -> Response:
    """A browser without a seat at a table that takes no spectators: who plays, and how a
    person gets their seat back on this phone."""
    g.game = table.meta["game"]
    names = [table.name_of(s["seat"], g.lang) for s in table.seats if s["taken"]]
    return render(
        "tables/message.html",
        200,
        title=_describe(table.meta["game"])["title"],
        message=t("not_seated", names=", ".join(names)),
        help=t("seat_back_help"),
    )


def _seat_rows(table: Table, answer: dict[str, Any], me: int | None) -> list[dict[str, Any]]:
    view = answer["view"] or {}
    counts = view.get("hand_counts") or []
    outcome = answer["outcome"] or {}
    scores = outcome.get("scores") or []
    # What the game's spec shows of each seat beside its cards (`table["seat"]`): families
    # laid down, the match's totals, books, who has announced their last card.
    layout = referee_adapter.spec(table.meta["game"]).table
    where = layout.get("seat", {})
    per_seat = {key: read_view(view, path) or [] for key, path in where.items()}
    families, totals = per_seat.get("families", []), per_seat.get("total", [])
    books, last_card = per_seat.get("books", []), per_seat.get("last_card", [])
    # A game's own per-seat counts, each in its own words (`table["counters"]`: a text key
    # with {n}, and where the list of counts is in the view).
    counters = [(key, read_view(view, path) or []) for key, path in layout.get("counters", ())]
    rows = []
    for seat in answer["seats"]:
        s = seat["seat"]
        rows.append(
            {
                "seat": s,
                "name": table.name_of(s, g.lang),
                "bot": seat["bot"],
                "taken": seat["taken"],
                "me": s == me and table.meta["mode"] != "pass",
                "cards": counts[s] if s < len(counts) else None,
                "families": [
                    (f, Family[f].code if f in Family.__members__ else "")
                    for f in (families[s] if s < len(families) else [])
                ],
                "acting": s in answer["to_act"],
                "current": view.get("current") == s and answer["status"] == "playing",
                # Cards left already show in the count; a score says more only when it differs
                # (families laid down in GONG FAMILY).
                "score": scores[s]
                if s < len(scores) and (s >= len(counts) or scores[s] != counts[s])
                else None,
                "wins": answer["tally"][s] if s < len(answer["tally"]) else 0,
                "total": totals[s] if s < len(totals) else None,
                "books": books[s] if s < len(books) else [],
                "last_card": s < len(last_card) and bool(last_card[s]),
                "counters": [t(key, n=counts[s]) for key, counts in counters if s < len(counts)],
                "winner": s in outcome.get("winners", []),
            }
        )
    return rows


def _mission(view: dict[str, Any]) -> dict[str, Any] | None:
    """The drawn card's mission in the scan page's words (the mission book, in `lang`)."""
    table = view.get("table") or {}
    shown = table.get("mission")
    if not shown:
        return None
    mission = site().book.get(shown.get("id", ""))
    kind = Kind.parse(shown["kind"]) if shown.get("kind") else None
    band = kind_mission(kind, g.lang) if kind else ""
    if mission is None:  # a mission the site's book does not hold: the bundled one's words
        from gong.referee.fight import bundled_missions

        mission = bundled_missions().get(shown.get("id", ""))
    if mission is None:
        return {"title": shown.get("id"), "text": "", "kind": kind, "band": band}
    return {
        "title": mission.title_in(g.lang),
        "text": mission.text_in(g.lang),
        "kind": kind,
        "band": band,
    }


def _fight(view: dict[str, Any], table: Table, reader: int | None, mission: Any) -> Any:
    """A fight being decided, as the page tells it: who fights, how it is decided and why
    (the mission's own game can't cross the phones), what is known so far (the call, the
    numbers drawn, your own secret choice, the ties) and whom it waits for."""
    fight = (view.get("table") or {}).get("fight")
    if not fight:
        return None
    name = lambda s: table.name_of(s, g.lang)  # noqa: E731
    words = referee_adapter.history_words(g.lang)
    a, b, how = fight["a"], fight["b"], fight["how"]
    if how == "report":
        intro, rule = t("fight_report_real" if fight["witnesses"] else "fight_report_own"), ""
    else:
        title = mission["title"] if mission else ""
        intro = t(f"fight_why_{fight['why']}", mission=title, game=t(f"fight_game_{how}"))
        rule = t(f"fight_how_{how}", name=name(a))
    lines = []
    if fight.get("call"):
        lines.append(t("fight_called", name=name(a), choice=words.get(fight["call"], "")))
    for seat, number in sorted((fight.get("numbers") or {}).items()):
        lines.append(t("fight_drew", name=name(int(seat)), number=number))
    mine = fight.get("mine")
    if mine is not None and reader in (a, b) and how != "high_card":
        if how == "report":
            lines.append(t("fight_you_said", name=name(int(mine))))
        else:
            lines.append(t("fight_you_chose", choice=words.get(str(mine), str(mine))))
    if reader not in fight.get("acting", []):  # yours is made: whom it waits for now
        lines += [t("fight_waiting", name=name(seat)) for seat in fight.get("acting", [])]
    if fight.get("ties"):
        lines.append(t("fight_ties", n=fight["ties"]))
    return {"vs": t("fight_vs", a=name(a), b=name(b)), "intro": intro, "rule": rule,
            "lines": lines}  # fmt: skip


FIGHT_ENDINGS = ("rps_shown", "fingers_shown", "drew_number", "reported", "reported_too",
                 "reported_otherwise", "fight_coin",
                 "fight_timeout", "challenge_won")  # fmt: skip
"""The events that tell how a fight ended, shown large until its mission is done."""
FIGHT_ROUNDS = ("fight_report", "fight_own_report", "fight_rps", "fight_odd_even",
                "fight_high_card", "reports_differ", "fight_tie")  # fmt: skip
"""The events that begin a fight, or a round of it."""


def _fight_result(answer: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """How the last fight ended (its last round's choices, the coin, who won), shown large
    while the winner's and the loser's steps of its mission are played; nothing once the
    mission is done or while a fight goes on."""
    table = view.get("table") or {}
    if not table.get("mission") or table.get("fight"):
        return []
    since: list[dict[str, Any]] = []
    for event in reversed(answer["events"]):
        if event["code"] == "mission" or event["code"] in FIGHT_ROUNDS:
            break
        since.append(event)
    if not any(e["code"] == "challenge_won" for e in since):
        return []
    return [e["text"] for e in reversed(since) if e["code"] in FIGHT_ENDINGS]


def _one_phone(
    table: Table, reader: int | None, answer: dict[str, Any]
) -> tuple[Table, int | None, dict[str, Any], int | None, list[dict[str, Any]]]:
    """One phone passed around, read by its maker: the table, the seat whose hand it shows
    (None: the "pass the phone" screen), that seat's answer, the seat to hand it to, and the
    others' moves out of turn."""
    service = tables().service
    asked = request.args.get("seat")
    shown, hand_to = _pass_seat(table, int(asked) if asked and asked.isdigit() else None)
    if shown is None:
        answer = service.answer(table, None, g.lang)
        reader = None
    elif shown != reader:
        table, reader = service.state(table.id, _secrets(table.id)[1], shown)
        answer = service.answer(table, reader, g.lang)
    return table, reader, answer, hand_to, _out_of_turn(table, answer, reader)


def _title(
    table: Table, title: str, hand_to: int | None, shown: int | None, mine: bool, forced: str
) -> str:
    """The page title, which says what the tab needs to say: "your turn", whom to pass to."""
    if table.status == "waiting":
        return t("join_title", game=title)
    if table.status == "over":
        return t("over_title", game=title)
    if hand_to is not None and shown is None:
        return t("pass_title", name=table.name_of(hand_to, g.lang))
    if mine and forced:
        return f"★ {forced} · {title}"
    return t("your_turn_title", game=title) if mine else title


def _table_page(table: Table, reader: int | None, creator: bool) -> Response:
    g.game = table.meta["game"]
    answer = tables().service.answer(table, reader, g.lang)
    pass_mode = table.meta["mode"] == "pass"
    hand_to = None
    others: list[dict[str, Any]] = []
    if pass_mode and creator and table.status == "playing":
        table, reader, answer, hand_to, others = _one_phone(table, reader, answer)
    view = answer["view"] or {}
    game = _describe(table.meta["game"])
    seats = _seat_rows(table, answer, reader)
    # "Your turn" is for the turn holder alone (the seat the game waits for); a seat a
    # mission makes act is told that move by name ("Give Zoe a card"), and a seat that may
    # also act now, out of turn (a GONG call, a catch), gets a strip of its own.
    acting = reader is not None and reader in answer["to_act"]
    holder = _turn_seat(table) if table.status == "playing" else None
    my_turn = acting and reader == holder
    forced = ""
    if my_turn and reader != answer["current"]:
        forced = _forced_move(answer["actions"], table)
    if acting and (view.get("table") or {}).get("fight"):
        # A fight waits for each fighter (or each witness) alike: a move of their own.
        my_turn, forced = True, t("fight_your_move")
    spec = referee_adapter.spec(table.meta["game"])
    hand = [show.card(code, g.lang, spec.deck, spec.name) for code in view.get("hand", [])]
    pieces = show.move_pieces(answer["actions"], spec.table.get("asks", ()))
    piles = spec.table.get("piles", {})
    top = read_view(view, piles["top"]) if "top" in piles else None
    shown_card = read_view(view, piles["shown"]) if "shown" in piles else None
    current = view.get("current")
    events = answer["events"][-HISTORY_SHOWN:][::-1]
    title = _title(table, game["title"], hand_to, reader, my_turn, forced)
    mission = _mission(view)
    seat_secret, creator_secret = _secrets(table.id)
    rejoin = None
    if reader is not None and seat_secret and not pass_mode and table.status != "over":
        token = forms.rejoin_token(current_app.secret_key, table.id, seat_secret)
        rejoin = f"{site_root()}t/{table.id}/rejoin/{token}"
    query = {"seat": str(reader)} if pass_mode and reader is not None else {}
    poll = url_for("tables_pages.table", table_id=table.id, **query)
    outcome = answer["outcome"]
    return render(
        "tables/table.html",
        title=title,
        table=table,
        answer=answer,
        game=game,
        seats=seats,
        me=reader,
        creator=creator,
        pass_mode=pass_mode,
        hand_to=hand_to,
        hand_to_name=table.name_of(hand_to, g.lang) if hand_to is not None else "",
        others=others,
        my_turn=my_turn,
        forced=forced,
        also=_also(answer["actions"], table) if acting and not my_turn else "",
        window=_window(answer),
        robot_left=_robot_left(answer),
        clock_left=_clock_left(answer),
        robot_mine=table.robot_plays_for(seat_secret) if table.status == "playing" else [],
        away=_away_seats(table, creator, reader),
        recent=_recent(answer["events"], table, reader),
        robots_streak=_robot_streak(table),
        rules_link=_rules_link(table.meta["game"]),
        seated=bool(seat_secret) and bool(table.holder(seat_secret)[1]) or creator,
        page_version=_page_version(table, creator, reader),
        kept=_kept_choice(),
        sizes=_sizes(answer["actions"]),
        hand=hand,
        pieces=pieces,
        plain=[
            (action["text"], _plain_label(action, table), action["verb"])
            for action in pieces["plain"]
        ],
        rejoin_qr=url_for(
            "tables_pages.rejoin_qr", table_id=table.id, token=rejoin.rsplit("/", 1)[1]
        )
        if rejoin
        else None,
        asks=[(code, _ask_label(code, pieces, spec)) for code in pieces["asks"]],
        top=show.card(top, g.lang, spec.deck, spec.name) if top else None,
        shown_card=show.card(shown_card, g.lang, spec.deck, spec.name) if shown_card else None,
        mission=mission,
        fight=_fight(view, table, reader, mission),
        fight_result=_fight_result(answer, view),
        current_name=table.name_of(current, g.lang) if current is not None else "",
        view=view,
        pile_counts=_pile_counts(view, spec),
        events=events,
        events_total=len(answer["events"]),
        link=f"{site_root()}t/{table.id}",
        rejoin=rejoin,
        poll=poll,
        poll_ms=max(100, round(1000 * tables().settings.poll_every)),
        error=_error_text(request.args.get("e", "")),
        name_of=lambda s: table.name_of(s, g.lang),
        fair_coin=table.meta["options"].get("challenges") == "random",
        reports=table.meta["options"].get("challenges") == "report",
        free=[s for s in seats if not s["taken"] and not s["bot"]],
        outcome=outcome,
        reason=_reason(outcome, table.meta["game"]),
        why=_why_won(outcome, table, spec),
        winner_names=_names(table, (outcome or {}).get("winners", [])),
        card=lambda code: show.card(code, g.lang, spec.deck, spec.name),
        board=_board_lines(view, spec),
        played=_played(view, table, spec),
        ask_label=t("ask_rank" if pieces["asks_rank"] else "ask_for"),
        holds_seat=bool(seat_secret) and reader is not None,
        next_id=answer["next"],
        is_creator_secret=bool(creator_secret),
    )


def _forced_move(actions: list[dict[str, Any]], table: Table) -> str:
    """The move a seat must make although it is not its turn (a mission's gift), named:
    "Give Zoe a card"; "" when its moves are not all one such move."""
    kinds = {(a["verb"], a["target"]) for a in actions}
    if len(kinds) != 1:
        return t("your_move")
    verb, target = next(iter(kinds))
    key = f"must_{verb}"
    if not known(key):
        return t("your_move")
    return t(key, name=table.name_of(target, g.lang) if target is not None else "")


def _robot_left(answer: dict[str, Any]) -> float | None:
    """Seconds before the next robot move, when nobody else may act first (its countdown
    under the turn banner); None otherwise."""
    due = answer.get("due_at")
    if not due or due.get("window") or due.get("clock"):
        return None
    return round(float(due["in"]), 1)


def _clock_left(answer: dict[str, Any]) -> float | None:
    """Seconds a fighter has left for a phone game's choice (its countdown in the fight
    box); None when no clock runs."""
    due = answer.get("due_at")
    if not due or not due.get("clock"):
        return None
    return round(float(due["in"]), 1)


def _window(answer: dict[str, Any]) -> float | None:
    """Seconds left to make an optional move before a robot moves (a GONG call, a catch),
    for the countdown on those buttons; None when nothing waits."""
    due = answer.get("due_at")
    if not due or not due.get("window"):
        return None
    return round(float(due["in"]), 1)


RECENT_SHOWN = 4


def _recent(events: list[dict[str, Any]], table: Table, reader: int | None) -> list[dict]:
    """What happened since the reader's own last move (at most RECENT_SHOWN lines, newest
    first): shown next to the pile, the newest highlighted."""
    if table.status == "waiting":
        return []
    started = table.meta["started"] or 0
    lines = []
    for event in reversed(events):
        if event["version"] <= started:  # the deal is in the history, not news by the pile
            break
        if reader is not None and event["seat"] == reader and lines:
            break
        lines.append({"text": event["text"], "version": event["version"]})
        if len(lines) == RECENT_SHOWN:
            break
    newest = lines[0]["version"] if lines else None
    for line in lines:
        line["new"] = line["version"] == newest
    return lines


def _robot_streak(table: Table) -> int:
    """How many robot moves in a row ended the game's log (the "robots are playing" note)."""
    count = 0
    for line in reversed(table.game.log):  # "2: play NE5": the seat, then the action
        seat = line.partition(":")[0]
        if not seat.isdigit() or not table.seats[int(seat)]["bot"]:
            break
        count += 1
    return count


def _rules_link(game: str) -> str:
    """The rules page of `game`, or the rules' index for a game without one."""
    from server.rulesdoc import PAGE_GAMES

    for slug, described in PAGE_GAMES.items():
        if described == game:
            return url_for("rules.variant", slug=slug)
    return url_for("rules.index")


def _kept_choice() -> dict[str, Any]:
    """The choices a refused move carried back (`pick`, `to`, `ask` in the address), so the
    next try starts from them."""
    picked = [c for c in request.args.get("pick", "").upper().split(",") if c][:60]
    return {"cards": picked, "to": request.args.get("to", ""), "ask": request.args.get("ask", "")}


def _sizes(actions: list[dict[str, Any]]) -> str:
    """How many cards each card verb takes, for the script's "1 of 2" and one-at-a-time
    picking: "play:1 lay:1"."""
    found: dict[str, set[int]] = {}
    for action in actions:
        if action["cards"]:
            found.setdefault(action["verb"], set()).add(len(action["cards"]))
    return " ".join(f"{verb}:{','.join(map(str, sorted(n)))}" for verb, n in sorted(found.items()))


def _why_won(outcome: dict[str, Any] | None, table: Table, spec: Any) -> str:
    """Why the winners won, in the game's words from its spec (`table["winner"]`): "Robot 2
    has the most books: 5"; "" where the spec says nothing."""
    if not outcome or not outcome.get("winners"):
        return ""
    said = spec.table.get("winner")
    key = said.get(outcome.get("reason")) if isinstance(said, dict) else said
    if not key or not known(key):
        return ""
    winners = outcome["winners"]
    scores = outcome.get("scores") or []
    score = scores[winners[0]] if winners[0] < len(scores) else ""
    return t(key, name=_names(table, winners), n=score)


def _names(table: Table, seats: list[int]) -> str:
    """The players at `seats` as one says them: "Ada", "Ada and Bo", "Ada, Bo and Cy"."""
    names = [table.name_of(s, g.lang) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return t("and_names", first=", ".join(names[:-1]), last=names[-1])


def _board_lines(view: dict[str, Any], spec: Any) -> list[str]:
    """The match's state in words, as the game's spec lays it out (`table["lines"]`: a text
    key and where each of its values is in the view); a line shows when all its values do."""
    lines = []
    for key, paths in spec.table.get("lines", ()):
        values = {name: read_view(view, path) for name, path in paths.items()}
        if all(values.values()):
            lines.append(t(key, **values))
    return lines


def _pile_counts(view: dict[str, Any], spec: Any) -> list[str]:
    """The piles' sizes in words ("Draw pile: 12"), where the game's spec names them."""
    piles = spec.table.get("piles", {})
    counts = []
    for pile, key in (("draw", "draw_pile"), ("discard", "discard_pile")):
        size = read_view(view, piles[pile]) if pile in piles else None
        if size is not None:
            counts.append(t(key, n=size))
    return counts


def _played(view: dict[str, Any], table: Table, spec: Any) -> dict[str, Any] | None:
    """The combination on the table (Gang of Four), where the spec names one: its cards and
    who played it."""
    where = spec.table.get("combination")
    if not where:
        return None
    cards, by = read_view(view, where["cards"]), read_view(view, where["by"])
    if not cards or by is None:
        return None
    return {
        "cards": [show.card(code, g.lang, spec.deck, spec.name) for code in cards],
        "by": t("on_table", name=table.name_of(by, g.lang)),
    }


ACT_KEYS = {
    "draw": "act_draw", "keep": "act_keep", "gong": "act_gong", "pass": "act_pass",
    "announce": "act_announce", "no-counter": "act_no_counter",
}  # fmt: skip
"""The page text of a whole action's button, by verb."""
TARGET_KEYS = {
    "gong": "act_catch", "target": "act_target", "winner": "act_winner", "report": "act_report",
}  # fmt: skip
"""The page text of a whole action that names a player, by verb."""


def _plain_label(action: dict[str, Any], table: Table) -> str:
    """The button of a whole action: DRAW, GONG!, "Catch Ada!", "Ada won"... A verb with no
    text of its own shows its action's text."""
    verb, target = action["verb"], action["target"]
    if target is not None:
        name = table.name_of(target, g.lang)
        purpose = action.get("purpose")
        if purpose and known(f"act_{verb}_{purpose}"):  # "Give to Zoe", "Take from Zoe"
            return t(f"act_{verb}_{purpose}", name=name)
        key = TARGET_KEYS.get(verb, f"act_{verb}_name")
        return t(key, name=name) if known(key) else f"{verb} {name}"
    rank, purpose = action.get("rank"), action.get("purpose")
    if rank is not None:  # a phone game's choice: "✊ Rock", "Odd", "3"
        if known(f"act_{verb}_{rank}"):
            return t(f"act_{verb}_{rank}")
        return t(f"act_{verb}", number=rank) if known(f"act_{verb}") else action["text"]
    if purpose and known(f"act_{verb}_{purpose}"):  # "Draw a number"
        return t(f"act_{verb}_{purpose}")
    key = ACT_KEYS.get(verb, f"act_{verb}")
    return t(key) if known(key) else action["text"]


def _also(actions: list[dict[str, Any]], table: Table) -> str:
    """The strip's words for the moves a seat may also make now: their names ("GONG!"), or,
    for a witness after another's report decided a fight, the question itself."""
    if actions and all(a["verb"] == "report" for a in actions):
        return t("fight_heard")
    return t("also_now", moves=_moves_named(actions, table))


def _moves_named(actions: list[dict[str, Any]], table: Table) -> str:
    """The moves a seat may make now, named as their buttons are: "GONG!, Give"."""
    names: list[str] = []
    for action in actions:
        if action["cards"] or (action["rank"] is not None and action["target"] is not None):
            key = f"verb_{action['verb']}"
            name = t(key) if known(key) else action["verb"]
        else:
            name = _plain_label(action, table)
        if name not in names:
            names.append(name)
    return ", ".join(names)


def _ask_label(code: str, pieces: dict[str, Any], spec: Any) -> str:
    """What may be asked for, as the form names it: "K (kings)" for a rank, the card's name
    for a card."""
    if pieces["asks_rank"]:
        return show.rank_label(code, g.lang)
    return show.card(code, g.lang, spec.deck, spec.name)["label"]


def read_view(view: dict[str, Any], path: str) -> Any:
    """The value at a dotted path of a view ("table.top"); None where there is none."""
    value: Any = view
    for key in path.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _reason(outcome: dict[str, Any] | None, table_game: str | None = None) -> str:
    """Why the game ended, in the reader's language."""
    if not outcome:
        return ""
    reason = str(outcome.get("reason", ""))
    key = f"reason_{reason}"
    if known(key):
        return t(key)
    return reason_text(reason, table_game) if table_game else reason.replace("_", " ")


ERROR_KEYS = {
    "pick_move", "pick_card", "pick_player", "pick_ask", "stale", "not_started",
    "one_at_a_time", "need_someone",
}  # fmt: skip


def _error_text(code: str) -> str | None:
    if not code:
        return None
    key = code if code in ERROR_KEYS else f"no_{code}"
    if known(key):
        return t(key)
    return t("no_generic")


def _back(
    table_id: str,
    seat: int | None = None,
    error: str | None = None,
    kept: dict[str, str] | None = None,
) -> Response:
    args: dict[str, Any] = {}
    if seat is not None and seat >= 0:
        args["seat"] = seat
    if error:
        args["e"] = error
    args.update({k: v for k, v in (kept or {}).items() if v})
    return redirect(url_for("tables_pages.table", table_id=table_id, **args), 303)


# --- taking part ---------------------------------------------------------------------------


@bp.post("/t/<table_id>/sit")
def sit(table_id: str) -> Response:
    table_id = _canonical(table_id)
    _checked(f"sit:{table_id}")
    seat_text = request.form.get("seat", "")
    try:
        _table, _seat, secret = tables().service.take_seat(
            table_id, int(seat_text) if seat_text.isdigit() else None, request.form.get("name")
        )
    except TableError as error:
        code = {409: "taken", 400: "bad_name"}.get(status_of(error))
        if code is None:
            raise
        return _back(table_id, error=code)
    response = _back(table_id)
    _set_cookie(response, SEAT_COOKIE + table_id, secret, f"/t/{table_id}")
    return response


@bp.post("/t/<table_id>/move")
def move(table_id: str) -> Response:
    table_id = _canonical(table_id)
    _checked(f"move:{table_id}")
    seat_secret, creator_secret = _secrets(table_id)
    secret = seat_secret or creator_secret
    seat_text = request.form.get("seat", "")
    seat = int(seat_text) if seat_text.isdigit() else None
    version_text = request.form.get("version", "")
    version = int(version_text) if version_text.isdigit() else None
    service = tables().service
    # Read as stored: a robot move falling due now must not make this move stale.
    table, reader = service.reading(table_id, secret, seat)
    playing = reader is not None and table.status == "playing"
    legal = referee_adapter.actions(table.game, reader) if playing else []
    # A refused move comes back with its choices, so the next try starts from them.
    kept = {
        "pick": ",".join(request.form.getlist("card"))[:400],
        "to": request.form.get("to", "")[:3],
        "ask": request.form.get("ask", "")[:8],
    }
    try:
        action = forms.compose(request.form, request.form.getlist("card"), legal)
    except FormRefused as refused:
        return _back(table_id, seat, refused.key, kept)
    shown = _shown_seat(table, seat, request.form.get("back"))
    try:
        service.act(table_id, secret, reader, action, version)
    except TableError as error:
        if status_of(error) in (409, 422):
            return _back(table_id, shown, error.code, kept if error.code != "stale" else None)
        raise
    return _back(table_id, shown)


def _shown_seat(table: Table, seat: int | None, back: str | None) -> int | None:
    """The seat the address names after a move: only with one phone, where it says whose
    hand the phone shows. A move out of turn names the hand shown when it was made (`back`,
    empty on the pass screen), so the phone stays where it was."""
    if table.meta["mode"] != "pass":
        return None
    if back is not None:
        return int(back) if back.isdigit() else None
    return seat


@bp.post("/t/<table_id>/leave")
def leave(table_id: str) -> Response:
    table_id = _canonical(table_id)
    _checked(f"leave:{table_id}")
    seat_secret, _ = _secrets(table_id)
    tables().service.leave(table_id, seat_secret, None)
    response = _back(table_id)
    response.delete_cookie(SEAT_COOKIE + table_id, path=f"/t/{table_id}")
    return response


def _creator_only(table_id: str, form: str) -> tuple[str, str | None]:
    table_id = _canonical(table_id)
    _checked(f"{form}:{table_id}")
    return table_id, _secrets(table_id)[1]


@bp.post("/t/<table_id>/start")
def start(table_id: str) -> Response:
    """Start before every seat is taken: robots play the empty seats, once the creator has
    confirmed it (the first post asks)."""
    table_id, secret = _creator_only(table_id, "start")
    service = tables().service
    table = service.load(table_id)
    g.game = table.meta["game"]
    empty = [s for s in table.seats if not s["taken"]]
    if not any(s["taken"] and not s["bot"] for s in table.seats):
        return _back(table_id, error="need_someone")
    if empty and request.form.get("confirm") != "1":
        return render(
            "tables/confirm.html",
            title=t("start_confirm_title"),
            question=t("start_confirm", n=len(empty)),
            action=url_for("tables_pages.start", table_id=table_id),
            form_name=f"start:{table_id}",
            fields={},
            yes=t("start_yes"),
            back=url_for("tables_pages.table", table_id=table_id),
        )
    service.start(table_id, secret)
    return _back(table_id)


@bp.post("/t/<table_id>/remove")
def remove(table_id: str) -> Response:
    table_id, secret = _creator_only(table_id, "remove")
    tables().service.remove(table_id, secret, request.form.get("seat"))
    return _back(table_id)


@bp.post("/t/<table_id>/bot")
def bot(table_id: str) -> Response:
    """Hand an away person's seat to a robot, once the creator has confirmed it (the first
    post asks); the person can take it back from their phone."""
    table_id, secret = _creator_only(table_id, "bot")
    seat_text = request.form.get("seat", "")
    service = tables().service
    if request.form.get("confirm") != "1":
        table = service.load(table_id)
        g.game = table.meta["game"]
        if not seat_text.isdigit() or int(seat_text) >= table.players:
            return _back(table_id, error="pick_player")
        name = table.name_of(int(seat_text), g.lang)
        return render(
            "tables/confirm.html",
            title=t("to_robot"),
            question=t("to_robot_confirm", name=name),
            action=url_for("tables_pages.bot", table_id=table_id),
            form_name=f"bot:{table_id}",
            fields={"seat": seat_text},
            yes=t("to_robot_yes", name=name),
            back=url_for("tables_pages.table", table_id=table_id),
        )
    try:
        service.hand_to_bot(table_id, secret, seat_text, None)
    except TableError as error:
        if error.code in ("not_away", "already_a_bot"):
            return _back(table_id, error=error.code)
        raise
    return _back(table_id)


@bp.post("/t/<table_id>/back")
def back(table_id: str) -> Response:
    """The person whose seat a robot plays takes it back ("I'm back")."""
    table_id = _canonical(table_id)
    _checked(f"back:{table_id}")
    try:
        tables().service.take_back(table_id, _secrets(table_id)[0])
    except TableError as error:
        if error.code in ("not_a_robot", "not_playing"):
            return _back(table_id, error=error.code)
        raise
    return _back(table_id)


@bp.post("/t/<table_id>/again")
def again(table_id: str) -> Response:
    """Anyone seated (or the creator) starts the next game of the series."""
    table_id = _canonical(table_id)
    _checked(f"again:{table_id}")
    seat_secret, creator_secret = _secrets(table_id)
    tables().service.again(table_id, creator_secret or seat_secret, client_address())
    return redirect(url_for("tables_pages.follow", table_id=table_id), 303)


@bp.get("/t/<table_id>/next")
def follow(table_id: str) -> Response:
    """To the series' next table, taking this browser's seat and creator cookies along (the
    next table keeps the same seat secrets)."""
    table_id = _canonical(table_id)
    old = tables().service.load(table_id)
    nxt = old.meta["next"]
    if not nxt:
        return _back(table_id)
    response = redirect(url_for("tables_pages.table", table_id=nxt), 303)
    for prefix in (SEAT_COOKIE, CREATOR_COOKIE):
        value = request.cookies.get(prefix + table_id)
        if value:
            _set_cookie(response, prefix + nxt, value, f"/t/{nxt}")
    return response


@bp.get("/t/<table_id>/rejoin/<token>")
def rejoin(table_id: str, token: str) -> Response:
    """A kept link that puts this browser back in its seat, once, then a clean address."""
    table_id = _canonical(table_id)
    opened = forms.open_rejoin(current_app.secret_key, table_id, token)
    service = tables().service
    if opened is None:
        return render("tables/message.html", 403, title=t("oops"), message=t("rejoin_bad"))
    secret, fingerprint = opened
    if service.store.hit(f"rejoin:{fingerprint}", forms.REJOIN_LIFETIME) > 1:
        return render("tables/message.html", 403, title=t("oops"), message=t("rejoin_used"))
    table = service.load(table_id)
    _creator, held = table.holder(secret)
    if not held:
        return render("tables/message.html", 403, title=t("oops"), message=t("rejoin_bad"))
    response = _back(table_id)
    _set_cookie(response, SEAT_COOKIE + table_id, secret, f"/t/{table_id}")
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.get("/t/<table_id>/rejoin/<token>/qr.svg")
def rejoin_qr(table_id: str, token: str) -> Response:
    """A seat's rejoin link as a QR code, for "Play this seat on another phone". Only a
    token this site sealed for this table is drawn."""
    table_id = _canonical(table_id)
    if forms.open_rejoin(current_app.secret_key, table_id, token) is None:
        abort(404)
    response = _qr_svg(f"{site_root()}t/{table_id}/rejoin/{token}")
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _qr_svg(link: str) -> Response:
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(link)
    code.make(fit=True)
    image = code.make_image(image_factory=qrcode.image.svg.SvgPathFillImage)
    response = Response(image.to_string(), mimetype="image/svg+xml")
    response.headers["Content-Security-Policy"] = ASSET_CSP
    return response


@bp.get("/t/<table_id>/qr.svg")
def qr(table_id: str) -> Response:
    """The table's link as a QR code, drawn here (the upper-case link packs into QR's
    alphanumeric mode)."""
    table_id = _canonical(table_id)
    tables().service.load(table_id)
    response = _qr_svg(f"{site_root()}T/{table_id}".upper())
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


# --- replay --------------------------------------------------------------------------------


@bp.get("/t/<table_id>/replay")
def replay(table_id: str) -> Response:
    """A finished game, one move at a time, as a spectator saw it."""
    from gong.referee import replay as referee_replay

    table_id = _canonical(table_id)
    table, _reader, _creator = _read(table_id)
    if table.status != "over":
        return _back(table_id)
    g.game = table.meta["game"]
    game = table.game
    log = list(game.log)
    step_text = request.args.get("step", "0")
    step = max(0, min(len(log), int(step_text) if step_text.isdigit() else 0))
    try:
        then = referee_replay(
            table.meta["game"],
            table.players,
            table.meta["seed"],
            log[:step],
            dict(table.meta["options"]),
            **game.setup_keywords(),
        )
    except (ValueError, TypeError):
        return render("tables/message.html", 410, title=t("oops"), message=t("replay_broken"))
    view = then.view(None)
    events = [
        referee_adapter.render(e, g.lang, lambda s: table.name_of(s, g.lang), table.meta["game"])
        for e in referee_adapter.events(then, None)
        if e["seq"] == step
    ]
    answer = {
        "seats": tables().service.seats_public(table),
        "to_act": then.to_act(),
        "outcome": referee_adapter.outcome(then),
        "tally": table.meta["tally"],
        "status": "over" if step == len(log) else "playing",
        "view": view,
    }
    top = (view.get("table") or {}).get("top")
    game_info = _describe(table.meta["game"])
    spec = referee_adapter.spec(table.meta["game"])
    return render(
        "tables/replay.html",
        title=t("replay_title", game=game_info["title"]),
        table=table,
        game=game_info,
        seats=_seat_rows(table, answer, None),
        view=view,
        top=show.card(top, g.lang, spec.deck, spec.name) if top else None,
        mission=_mission(view),
        step=step,
        steps=len(log),
        events=events,
        card=lambda code: show.card(code, g.lang, spec.deck, spec.name),
        link=lambda n: url_for("tables_pages.replay", table_id=table_id, step=n),
    )

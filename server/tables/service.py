"""The tables' logic: making a table, taking seats, starting, moving, bots, leaving, playing
again. The JSON API (`api.py`) and the pages call this; it knows neither Flask nor HTTP.

Every call is one store load plus at most a few compare-and-set writes on the table's
version, so any worker of any server may answer any phone and no move is lost or applied
twice. Nothing runs in the background: the first request that finds a bot's move due applies
it, paced by `Settings.bot_delay` (and at least `Settings.call_wait` while a person could still
make an optional move, such as a GONG call or a catch). A table nobody asks about does no work.

Versions: a table is made at version 1, and every change raises the version by one: a seat
taken or left, the start, each game action (a person's or a bot's). Every version has at least
one event, so `events since <version>` always says what changed.
"""

from __future__ import annotations

import hmac
import math
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gong.i18n import DEFAULT_LANGUAGE
from server.tables import referee_adapter as referee
from server.tables.ids import (
    TableIdError,
    new_secret,
    new_seed,
    new_table_id,
    parse_table_id,
    secret_digest,
)
from server.tables.store import (
    StoreFullError,
    TableExistsError,
    TableFormatError,
    TableRecord,
    TableStore,
    rate_window,
)

MODES = ("phones", "pass")
NAME_MAX = 24
ACTION_MAX = 200
"""The longest action text read ("give NE5 -> 1" is 13 characters)."""
CAS_ATTEMPTS = 4
BOT_MOVES_PER_REQUEST = 400
"""A request applies at most this many bot moves, so no request runs long: a table of bots
only, asked after a long silence, goes on at the next request."""
CATCH_UP = 2
"""Bot moves made at once when a request finds several due (paced play resumes after)."""
RATE_WINDOW = 60.0
DEFAULT_BOT = "normal"

# Bidi overrides, embeddings and isolates, and the marks, which can make a name rewrite the
# text around it; control characters (Cc) are removed too.
_BIDI = dict.fromkeys(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C], None
)


class TableError(Exception):
    """A request the tables refuse: `status` (HTTP), `code` for programs, `message`.

    `extra` goes into the answer beside the error (the fresh state of a stale move, the
    seconds before a limit lifts).
    """

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def text(self, lang: str) -> str:
        """The message in `lang` for the refusals players meet; programs' mistakes (bad JSON,
        a missing field) stay in English, where their developers read them."""
        setup = self.extra.get("setup")
        if setup is not None:  # a game that cannot be set up: the referee's code says why
            template = ERROR_TEXTS.get(lang, SETUP_TEXTS).get(f"setup_{setup['code']}")
            if template is None or lang == DEFAULT_LANGUAGE:
                return self.message
            values = {k: ", ".join(map(str, v)) if isinstance(v, list) else v
                      for k, v in setup["params"].items()}  # fmt: skip
            try:
                return template.format(**values)
            except (KeyError, IndexError):
                return self.message
        template = ERROR_TEXTS.get(lang, {}).get(self.code)
        if template is None:
            return self.message
        return template.format(wait=self.extra.get("retry_after", 60))


@dataclass(frozen=True)
class Settings:
    bot_delay: float = 0.8
    """Seconds between bot moves, so people can follow."""
    call_wait: float = 3.0
    """Bots wait at least this long while a person holds an optional move (a GONG call)."""
    tables_per_minute: int = 30
    max_open: int = 10_000
    testing: bool = False
    """Accept "seed" and "deck" at creation (deterministic tests; never in production)."""
    missions: Any = None
    """The site's mission book: FIGHT tables play its missions, the ones their pages show
    (None: the bundled missions)."""


def clean_name(value: Any, field_name: str = "name") -> str:
    """A seat name: control and bidi-override characters removed, trimmed, 1-24 characters."""
    if not isinstance(value, str):
        raise TableError(400, "bad_name", f"{field_name} must be text, 1 to {NAME_MAX} characters")
    text = unicodedata.normalize("NFC", value).translate(_BIDI)
    text = "".join(c for c in text if _kept(c)).strip()
    if not 1 <= len(text) <= NAME_MAX:
        raise TableError(
            400,
            "bad_name",
            f"{field_name} must be 1 to {NAME_MAX} characters once trimmed, not {len(text)}",
        )
    return text


def _kept(char: str) -> bool:
    """Whether a name keeps `char`: no control characters, and of the invisible format
    characters only the joiners and tags that emoji and some scripts are written with."""
    category = unicodedata.category(char)
    if category == "Cc":
        return False
    if category == "Cf":
        return char in "\u200c\u200d" or "\U000e0020" <= char <= "\U000e007f"
    return True


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- texts of the table's own events -------------------------------------------------------

TABLE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "created": "The table is ready.",
        "joined": "{name} sat down.",
        "removed": "{name}'s seat is free again.",
        "left": "{name} left the table.",
        "left_waiting": "{name} got up.",
        "bot_took_seat": "A robot plays for {name} now.",
        "started": "The game begins!",
        "bot_name": "Robot {n}",
        "seat_name": "Seat {n}",
        "next_table": "The next game is ready.",
    },
}


SETUP_TEXTS = {
    "setup_unknown_game": "There is no game called {game} here.",
    "setup_player_count": "This game is for {min} to {max} players.",
    "setup_unknown_option": "This game has no option called {option}.",
    "setup_option_out_of_range": "{option} goes from {min} to {max}.",
    "setup_option_not_number": "{option} is a whole number.",
    "setup_option_not_switch": "{option} is on or off.",
    "setup_option_not_a_choice": "{option} is one of these: {choices}.",
    "setup_option_needs_option": "{option} only works with {needs} on.",
    "setup_bad_deck": "That deck is not the deck of this game.",
}
"""The setup problems a player may meet, by the referee's code, with its params: the
reference for the other languages' files (English says the referee's own message)."""

# The refusals a player may meet, in the languages besides English (whose messages, with
# their details, are the service's own), from the languages' files.
ERROR_TEXTS: dict[str, dict[str, str]] = {}

# Every language but English keeps its lines and refusals in its file
# (server/content/texts/history/); one without a section keeps English there.
for _lang, _data in referee.FILED_TEXTS.items():
    if isinstance(_data.get("table"), Mapping):
        TABLE_TEXTS.setdefault(_lang, {k: str(v) for k, v in _data["table"].items()})
    if isinstance(_data.get("errors"), Mapping):
        ERROR_TEXTS.setdefault(_lang, {k: str(v) for k, v in _data["errors"].items()})


# --- one table, as loaded ------------------------------------------------------------------


class Table:
    """A table record with its game, loaded for one request.

    The loaded record's lists and dicts are this request's own (each load parses afresh), so
    changes are made in place and written with `record()` at the next version.
    """

    def __init__(self, table_id: str, record: TableRecord, missions: Any = None) -> None:
        self.id = table_id
        self.loaded = record
        self.version = record.version
        self.seats: list[dict[str, Any]] = record.seats
        self.meta: dict[str, Any] = record.meta
        self._problems = _meta_problems(self.meta, self.seats)
        if self._problems:
            raise TableFormatError(table_id, self._problems)
        try:
            book = missions if referee.takes_missions(self.meta["game"]) else None
            self.game = referee.load(record.state, book)
        except referee.SavedGameError as exc:
            raise TableFormatError(table_id, f"its game cannot be read ({exc})") from None
        if self.game.players != len(self.seats) or len(self.meta["moves"]) != (len(self.game.log)):
            raise TableFormatError(table_id, "its game does not match its seats or its moves")
        self.changed = False

    @property
    def status(self) -> str:
        return self.meta["status"]

    @property
    def players(self) -> int:
        return len(self.seats)

    def bump(self) -> int:
        """Raise the version for one change; the new version."""
        self.version += 1
        self.changed = True
        return self.version

    def note(self, code: str, seat: int | None = None, **params: Any) -> None:
        """A table event at the current version."""
        self.meta["log"].append([self.version, seat, code, params])

    def record(self) -> TableRecord:
        return TableRecord(
            version=self.version,
            state=self.game.to_json(),
            state_format=referee.STATE_FORMAT,
            seats=self.seats,
            meta=self.meta,
            created=self.loaded.created,
            updated=self.loaded.updated,
        )

    def human_seats(self) -> list[int]:
        return [s["seat"] for s in self.seats if not s["bot"]]

    def holder(self, secret: str | None) -> tuple[bool, list[int]]:
        """Whether `secret` is the creator's, and the seats it holds; constant time in the
        secret (every digest is compared, whichever matches)."""
        if not isinstance(secret, str) or not secret:
            return False, []
        given = secret_digest(secret).encode()
        creator = hmac.compare_digest(given, self.meta["creator"].encode())
        held = []
        for seat in self.seats:
            digest = seat["secret"]
            if digest and hmac.compare_digest(given, digest.encode()) and not seat["bot"]:
                held.append(seat["seat"])
        if creator and self.meta["mode"] == "pass":
            held = self.human_seats()
        return creator, held

    def name_of(self, seat: int, lang: str) -> str:
        entry = self.seats[seat]
        if entry["name"]:
            return entry["name"]
        texts = TABLE_TEXTS.get(lang, TABLE_TEXTS[DEFAULT_LANGUAGE])
        return texts["bot_name" if entry["bot"] else "seat_name"].format(n=seat + 1)


def _is(kind: Any, *, none: bool = False) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        if value is None:
            return none
        if kind is int:
            return _whole(value)
        if kind is float:
            return (_whole(value) or isinstance(value, float)) and math.isfinite(value)
        return isinstance(value, kind)

    return check


_META: dict[str, Callable[[Any], bool]] = {
    "game": _is(str),
    "mode": lambda v: v in MODES,
    "status": lambda v: v in ("waiting", "playing", "over"),
    "creator": _is(str),
    "log": lambda v: isinstance(v, list) and all(
        isinstance(e, list) and len(e) == 4 and _whole(e[0]) and (e[1] is None or _whole(e[1]))
        and isinstance(e[2], str) and isinstance(e[3], dict)
        for e in v
    ),
    "moves": lambda v: isinstance(v, list) and all(_whole(m) for m in v),
    "seed": _is(int),
    "spectators": _is(bool),
    "options": _is(dict),
    "started": _is(int, none=True),
    "last_move": _is(float),
    "tally": lambda v: isinstance(v, list) and all(_whole(t) for t in v),
    "next": _is(str, none=True),
}  # fmt: skip
_SEAT: dict[str, Callable[[Any], bool]] = {
    "seat": _is(int),
    "name": _is(str, none=True),
    "bot": lambda v: v is None or (isinstance(v, str) and v in referee.BOT_KINDS),
    "secret": _is(str, none=True),
    "taken": _is(bool),
}


def _meta_problems(meta: Any, seats: Any) -> str:
    """What keeps this release from playing the table (empty when nothing does)."""
    missing = [key for key in _META if key not in meta]
    if missing:
        return f"it was saved by another release (no {', '.join(missing)})"
    damaged = [key for key, fits in _META.items() if not fits(meta[key])]
    if damaged:
        return f"its {', '.join(damaged)} cannot be read"
    if len(meta["tally"]) != len(seats) or (meta["status"] != "waiting") != _whole(meta["started"]):
        return "its tally or its start does not match its seats"
    for i, seat in enumerate(seats):
        if (
            not isinstance(seat, dict)
            or not all(key in seat and fits(seat[key]) for key, fits in _SEAT.items())
            or seat["seat"] != i
        ):
            return f"seat {i} cannot be read"
    return ""


# --- the service ---------------------------------------------------------------------------


class TableService:
    """Tables in `store`, played by the referee (see the module's docstring)."""

    def __init__(
        self,
        store: TableStore,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if store.state_format < referee.STATE_FORMAT:
            raise ValueError(
                f"{store!r} reads game states up to format {store.state_format}, but the "
                f"referee writes format {referee.STATE_FORMAT}: open it with "
                f"state_format={referee.STATE_FORMAT}"
            )
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock

    # -- loading and writing --------------------------------------------------------------

    def load(self, table_id: str) -> Table:
        """The table, or a 404 TableError; a table this release cannot read is a 410."""
        try:
            canonical = parse_table_id(table_id)
        except TableIdError:
            raise self._unknown(table_id) from None
        try:
            record = self.store.load(canonical)
            if record is None:
                raise self._unknown(canonical)
            return Table(canonical, record, self.settings.missions)
        except TableFormatError as exc:
            raise TableError(
                410,
                "table_unreadable",
                f"This table cannot be played here: {exc.problem}. Start a new one.",
            ) from None

    @staticmethod
    def _unknown(table_id: str) -> TableError:
        return TableError(
            404, "no_such_table", f"There is no table {table_id[:40]!r}: it ended or never was."
        )

    def _write(self, table: Table) -> bool:
        return self.store.compare_and_set(table.id, table.loaded.version, table.record())

    def _change(self, table_id: str, change: Callable[[Table], Any]) -> tuple[Table, Any]:
        """Load, apply `change` and write at the next version, again from a fresh load when
        another request wrote first. `change` raises TableError to refuse."""
        for _attempt in range(CAS_ATTEMPTS):
            table = self.load(table_id)
            result = change(table)
            if not table.changed or self._write(table):
                return table, result
        raise TableError(503, "busy", "The table is very busy right now: try again.", retry_after=1)

    # -- making a table -------------------------------------------------------------------

    def create(self, request: Mapping[str, Any], client: str) -> tuple[Table, str]:
        """A new table from the API's creation request; the table and the creator's secret."""
        self._limit(client)
        asked = self._creation(request)
        creator_secret = new_secret()
        table = self._open(asked, secret_digest(creator_secret), series={})
        return table, creator_secret

    def _limit(self, client: str) -> None:
        count = self.store.hit(f"tables:{client}", RATE_WINDOW)
        if count > self.settings.tables_per_minute:
            _, ends = rate_window(self.clock(), RATE_WINDOW)
            wait = max(1, math.ceil(ends - self.clock()))
            raise TableError(
                429,
                "too_many_tables",
                f"That is a lot of new tables: wait {wait} seconds, then try again.",
                retry_after=wait,
            )

    def _creation(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The creation request checked, with every default filled in (400 otherwise)."""
        known = {"game", "players", "bots", "options", "mode", "names", "spectators"}
        if self.settings.testing:
            known |= {"seed", "deck"}
        unknown = sorted(set(request) - known)
        if unknown:
            extra = " (seed and deck are for tests only)" if {"seed", "deck"} & set(unknown) else ""
            raise TableError(400, "bad_request", f"unknown field {unknown[0]!r}{extra}")
        game = request.get("game")
        try:
            spec = referee.describe(game)
        except referee.SetupError as exc:
            raise TableError(400, "bad_game", str(exc)) from None
        players = request.get("players", spec["min_players"])
        if not _whole(players) or not spec["min_players"] <= players <= spec["max_players"]:
            raise TableError(
                400,
                "bad_players",
                f"{spec['title']} is for {spec['min_players']} to {spec['max_players']} "
                f"players, not {players!r}",
            )
        mode = request.get("mode", "phones")
        if mode not in MODES:
            raise TableError(400, "bad_mode", f"mode is 'phones' or 'pass', not {mode!r}")
        spectators = request.get("spectators", True)
        if not isinstance(spectators, bool):
            raise TableError(400, "bad_request", "spectators is true or false")
        bots = self._bots(request.get("bots", {}), players)
        humans = [s for s in range(players) if s not in bots]
        if not humans:
            raise TableError(400, "no_people", "Keep at least one seat for a person.")
        names = self._names(request.get("names", {}), players, mode, humans)
        options = request.get("options", {})
        if not isinstance(options, dict):
            raise TableError(400, "bad_options", "options is an object of option names")
        options = dict(options)
        if "challenges" in spec["options"]:
            # A phone each: nobody sees the others' table game, so a fair coin decides; one
            # phone passed around: the players report the winner.
            fair = "random" if mode == "phones" else "report"
            if mode == "phones" and options.get("challenges", fair) != fair:
                raise TableError(
                    400,
                    "bad_options",
                    "With a phone each, challenges are decided by a fair coin (random).",
                )
            options.setdefault("challenges", fair)
        seed = request.get("seed", None)
        if seed is None:
            seed = new_seed()
        elif not _whole(seed) or seed < 0:
            raise TableError(400, "bad_request", "seed is a whole number >= 0")
        deck = request.get("deck")
        if deck is not None and (
            not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)
        ):
            raise TableError(400, "bad_request", "deck is a list of card codes, the top first")
        return {
            "game": spec["name"],
            "players": players,
            "mode": mode,
            "spectators": spectators,
            "bots": bots,
            "names": names,
            "options": options,
            "seed": seed,
            "deck": deck,
        }

    @staticmethod
    def _bots(value: Any, players: int) -> dict[int, str]:
        if not isinstance(value, dict):
            raise TableError(400, "bad_bots", 'bots maps seats to "easy" or "normal"')
        bots = {}
        for key, kind in value.items():
            seat = _seat_key(key, players, "bots")
            if not isinstance(kind, str) or kind not in referee.BOT_KINDS:
                raise TableError(
                    400, "bad_bots", f'the bot of seat {seat} is "easy" or "normal", not {kind!r}'
                )
            bots[seat] = kind
        return bots

    @staticmethod
    def _names(value: Any, players: int, mode: str, humans: list[int]) -> dict[int, str]:
        if not isinstance(value, dict):
            raise TableError(400, "bad_names", "names maps seats to names")
        names = {_seat_key(k, players, "names"): clean_name(v, f"the name of seat {k}")
                 for k, v in value.items()}  # fmt: skip
        if mode == "phones":
            if names:
                raise TableError(
                    400, "bad_names", "With a phone each, players type their names as they sit."
                )
            return names
        if sorted(names) != humans:
            raise TableError(
                400,
                "bad_names",
                "With one phone passed around, give a name for every seat that is not a "
                f"robot: seats {', '.join(map(str, humans))}",
            )
        return names

    def _open(self, asked: dict[str, Any], creator: str, series: dict[str, Any]) -> Table:
        try:
            game = referee.start(
                asked["game"],
                asked["players"],
                asked["seed"],
                asked["options"],
                asked["deck"],
                missions=self.settings.missions,
            )
        except referee.SetupError as exc:
            # The referee's own code and params say exactly what was wrong.
            setup = {"code": exc.code, "params": exc.params}
            raise TableError(400, "bad_options", str(exc), setup=setup) from None
        mode = asked["mode"]
        seats = []
        for s in range(asked["players"]):
            bot = asked["bots"].get(s)
            seats.append(
                {
                    "seat": s,
                    "name": asked["names"].get(s),
                    "bot": bot,
                    "secret": None,
                    "taken": bot is not None or mode == "pass",
                }
            )
        for s, digest in series.get("secrets", {}).items():
            seats[int(s)]["secret"] = digest
        for s, name in series.get("names", {}).items():
            if not seats[int(s)]["bot"]:
                seats[int(s)]["name"] = name
                seats[int(s)]["taken"] = True
        meta = {
            "game": asked["game"],
            "mode": mode,
            "spectators": asked["spectators"],
            "options": dict(game.options),
            "creator": creator,
            "seed": asked["seed"],
            "deck": asked["deck"],
            "status": "waiting",
            "log": [[1, None, "created", {}]],
            "moves": [],
            "started": None,
            "last_move": self.clock(),
            "tally": series.get("tally", [0] * asked["players"]),
            "round": series.get("round", 1),
            "previous": series.get("previous"),
            "next": None,
        }
        record = TableRecord(
            version=1,
            state=game.to_json(),
            state_format=referee.STATE_FORMAT,
            seats=seats,
            meta=meta,
        )
        table = Table("", record, self.settings.missions)
        if all(s["taken"] for s in seats):  # one phone passed around: play at once
            self._start(table, bump=False)
            record = table.record()
        for _attempt in range(3):
            table_id = new_table_id()
            try:
                record = self.store.create(table_id, record, max_open=self.settings.max_open)
                break
            except TableExistsError:  # 128 random bits: never, but never wrong either
                continue
            except StoreFullError:
                raise TableError(
                    503,
                    "too_many_open",
                    "So many tables are open that no new one fits: try again later.",
                    retry_after=60,
                ) from None
        else:
            raise TableError(503, "busy", "No table could be made: try again.")
        return Table(table_id, record, self.settings.missions)

    # -- seats ----------------------------------------------------------------------------

    def take_seat(self, table_id: str, seat: Any, name: Any) -> tuple[Table, int, str]:
        """A person sits down; the table, the seat and the seat's new secret."""
        name = clean_name(name)
        secret = new_secret()

        def change(table: Table) -> int:
            if table.meta["mode"] == "pass":
                raise TableError(409, "seat_taken", "Everyone plays on one phone at this table.")
            if table.status != "waiting":
                raise TableError(409, "already_started", "This game has already started.")
            free = [s["seat"] for s in table.seats if not s["taken"]]
            if seat is None and not free:
                raise TableError(409, "seat_taken", "Every seat is taken.")
            chosen = free[0] if seat is None else _seat_key(seat, table.players, "seat")
            entry = table.seats[chosen]
            if entry["taken"]:
                what = "a robot's" if entry["bot"] else "taken"
                raise TableError(409, "seat_taken", f"Seat {chosen} is {what}: pick a free one.")
            entry.update(name=name, taken=True, secret=secret_digest(secret))
            table.bump()
            table.note("joined", chosen, name=name)
            if all(s["taken"] for s in table.seats):
                self._start(table, bump=False)
            return chosen

        table, chosen = self._change(table_id, change)
        return table, chosen, secret

    def start(self, table_id: str, secret: str | None) -> Table:
        """The creator starts early: the empty seats become (normal) bots."""

        def change(table: Table) -> None:
            self._require_creator(table, secret)
            if table.status != "waiting":
                raise TableError(409, "already_started", "This game has already started.")
            table.bump()
            for entry in table.seats:
                if not entry["taken"]:
                    entry.update(bot=DEFAULT_BOT, taken=True)
            self._start(table, bump=False)

        return self._change(table_id, change)[0]

    def remove(self, table_id: str, secret: str | None, seat: Any) -> Table:
        """Before the start, the creator frees a seat someone took (a stranger, a mistake)."""

        def change(table: Table) -> None:
            self._require_creator(table, secret)
            chosen = _seat_key(seat, table.players, "seat")
            entry = table.seats[chosen]
            if table.status != "waiting":
                raise TableError(
                    409,
                    "already_started",
                    "The game has started: hand the seat to a robot instead.",
                )
            if entry["bot"] or not entry["taken"]:
                raise TableError(409, "seat_free", f"Nobody sits in seat {chosen}.")
            name = entry["name"]
            entry.update(name=None, taken=False, secret=None)
            table.bump()
            table.note("removed", chosen, name=name)

        return self._change(table_id, change)[0]

    def hand_to_bot(self, table_id: str, secret: str | None, seat: Any, kind: Any) -> Table:
        """During the game, the creator hands an absent player's seat to a bot."""
        kind = DEFAULT_BOT if kind is None else kind
        if not isinstance(kind, str) or kind not in referee.BOT_KINDS:
            raise TableError(400, "bad_bots", f'a bot is "easy" or "normal", not {kind!r}')

        def change(table: Table) -> None:
            self._require_creator(table, secret)
            chosen = _seat_key(seat, table.players, "seat")
            if table.status != "playing":
                raise TableError(409, "not_playing", "Robots take over seats while the game is on.")
            self._to_bot(table, chosen, kind, "bot_took_seat")

        return self._change(table_id, change)[0]

    def leave(self, table_id: str, secret: str | None, seat: Any) -> Table:
        """A player leaves: before the start the seat is free again; after it, a bot plays."""

        def change(table: Table) -> None:
            _creator, held = table.holder(secret)
            chosen = self._acting_seat(table, held, seat)
            if table.status == "over":
                raise TableError(409, "game_over", "The game is over.")
            entry = table.seats[chosen]
            if table.status == "waiting":
                name = entry["name"]
                entry.update(name=None, taken=False, secret=None)
                table.bump()
                table.note("left_waiting", chosen, name=name)
                return
            self._to_bot(table, chosen, DEFAULT_BOT, "left")

        return self._change(table_id, change)[0]

    def _to_bot(self, table: Table, seat: int, kind: str, code: str) -> None:
        entry = table.seats[seat]
        if entry["bot"]:
            raise TableError(409, "already_a_bot", f"A robot already plays seat {seat}.")
        entry.update(bot=kind, secret=None)
        table.bump()
        table.note(code, seat, name=entry["name"])
        table.meta["last_move"] = self.clock()

    @staticmethod
    def _require_creator(table: Table, secret: str | None) -> None:
        creator, _held = table.holder(secret)
        if not creator:
            raise TableError(403, "not_creator", "Only the person who made the table can.")

    def _start(self, table: Table, bump: bool = True) -> None:
        if bump:
            table.bump()
        table.meta["status"] = "playing"
        table.meta["started"] = table.version
        table.meta["last_move"] = self.clock()
        table.note("started")
        if table.game.is_over:  # a stacked deck may end a game at once
            self._finish(table)

    # -- playing --------------------------------------------------------------------------

    def state(
        self, table_id: str, secret: str | None, seat: Any = None
    ) -> tuple[Table, int | None]:
        """The table for a reader, with due bot moves applied: the table and the seat it is
        read for (None: a spectator)."""
        for _attempt in range(CAS_ATTEMPTS):
            table = self.load(table_id)
            reader = self._reader(table, secret, seat)
            if not self._bots_move(table) or self._write(table):
                return table, reader
        return self.load(table_id), reader

    def _reader(self, table: Table, secret: str | None, seat: Any) -> int | None:
        creator, held = table.holder(secret)
        if seat is not None:
            chosen = _seat_key(seat, table.players, "seat")
            if chosen not in held:
                raise TableError(403, "not_your_seat", f"That secret does not hold seat {chosen}.")
            return chosen
        if held:
            if len(held) == 1:
                return held[0]
            acting = acting_first(table, held)
            return acting[0] if acting else self._last_of(table, held)
        if creator or table.meta["spectators"]:
            return None
        if secret:
            raise TableError(403, "bad_secret", "That secret holds no seat at this table.")
        raise TableError(403, "no_spectators", "This table does not take spectators.")

    @staticmethod
    def _last_of(table: Table, held: list[int]) -> int:
        """The held seat that acted last (pass mode, while the robots play), else the first."""
        for event in reversed(referee.events(table.game, None)):
            if event["seat"] in held:
                return event["seat"]
        return held[0]

    def act(
        self, table_id: str, secret: str | None, seat: Any, text: Any, version: Any
    ) -> tuple[Table, int]:
        """Play `text` for a seat the secret holds, at the version the phone saw."""
        if not isinstance(text, str) or not text.strip() or len(text) > ACTION_MAX:
            raise TableError(400, "bad_action", 'action is text, like "play NE5" or "draw"')
        if not _whole(version):
            raise TableError(400, "bad_version", "version is the whole number the table showed")
        table = self.load(table_id)
        _creator, held = table.holder(secret)
        chosen = self._acting_seat(table, held, seat)
        if table.status == "waiting":
            raise TableError(422, "not_started", "The game has not started yet.")
        if version != table.version:
            raise self._stale(table_id, secret, chosen, version)
        try:
            referee.act(table.game, chosen, text)
        except referee.Refused as refused:
            raise TableError(422, refused.code, refused.message, params=refused.params) from None
        self._moved(table, chosen)
        table.meta["last_move"] = self.clock()
        self._bots_move(table)
        if not self._write(table):
            raise self._stale(table_id, secret, chosen, version)
        return table, chosen

    def _stale(self, table_id: str, secret: str | None, seat: int, version: int) -> TableError:
        fresh, _reader = self.state(table_id, secret, seat)
        return TableError(
            409,
            "stale",
            f"The table moved on (version {fresh.version}, you sent {version}): "
            "look again and choose your move.",
            fresh=(fresh, seat),
        )

    def _acting_seat(self, table: Table, held: list[int], seat: Any) -> int:
        if not held:
            raise TableError(403, "not_your_seat", "That secret holds no seat at this table.")
        if seat is None:
            if len(held) == 1:
                return held[0]
            acting = acting_first(table, held)
            if len(acting) == 1 or (acting and acting[0] == table.game.current):
                return acting[0]
            raise TableError(400, "which_seat", "Say which seat acts: seat is a number.")
        chosen = _seat_key(seat, table.players, "seat")
        if chosen not in held:
            raise TableError(403, "not_your_seat", f"That secret does not hold seat {chosen}.")
        return chosen

    def _moved(self, table: Table, seat: int) -> None:
        """One game action was applied: its version, and the end if it ended the game."""
        table.bump()
        table.meta["moves"].append(table.version)
        if table.game.is_over:
            self._finish(table)

    def _finish(self, table: Table) -> None:
        table.meta["status"] = "over"
        outcome = referee.outcome(table.game) or {}
        tally = table.meta["tally"]
        for winner in outcome.get("winners", []):
            tally[winner] += 1

    def _bots_move(self, table: Table) -> bool:
        """Apply the bot moves due by now; whether any was applied.

        Each move is due `bot_delay` after the one before (the last person's move, or the
        start), or `call_wait` when a person could still make an optional move. Of the moves
        that fell due while nobody asked, the last CATCH_UP are made now; the rest of the
        backlog is dropped, so people who come back can follow again.
        """
        if table.status != "playing":
            return False
        now = self.clock()
        last = table.meta["last_move"]
        moved = False
        for _count in range(BOT_MOVES_PER_REQUEST):
            acting = table.game.to_act()
            bots = [s for s in acting if table.seats[s]["bot"]]
            if not bots:
                break
            people = [s for s in acting if not table.seats[s]["bot"]]
            wait = self.settings.bot_delay
            if people:  # a person may act too (a GONG call, a catch): give them time
                wait = max(wait, self.settings.call_wait)
            # Moves fall due one `wait` after another, but a table nobody watched does not
            # rush through its backlog: at most CATCH_UP moves are made at once.
            last = max(last, now - CATCH_UP * wait)
            if last + wait > now:
                break
            seat = bots[0]
            seq = len(table.game.log)
            referee.bot_act(
                table.game, seat, table.seats[seat]["bot"], f"{table.meta['seed']}:{seq}"
            )
            self._moved(table, seat)
            last = last + wait if wait > 0 else now
            moved = True
            if table.status != "playing":
                break
        if moved:
            table.meta["last_move"] = last
        return moved

    # -- replay ---------------------------------------------------------------------------

    def replay(self, table_id: str, secret: str | None, lang: str) -> list[dict[str, Any]]:
        """A finished game move by move, as a spectator saw it: one frame for the deal and
        one per action, each with its version, the spectator's view and its events."""
        table = self.load(table_id)
        creator, held = table.holder(secret)
        if not (creator or held or table.meta["spectators"]):
            raise TableError(403, "no_spectators", "This table does not take spectators.")
        if table.status != "over":
            raise TableError(409, "not_over", "The replay is ready once the game is over.")
        try:
            views = referee.replay_views(table.game, table.meta.get("deck"))
        except referee.SavedGameError as exc:
            raise TableError(
                410, "table_unreadable", f"This table cannot be replayed here: {exc}."
            ) from None
        versions = [table.meta["started"], *table.meta["moves"]]
        events = self.events(table, None, lang)
        frames = []
        for i, (version, view) in enumerate(zip(versions, views, strict=True)):
            upto = versions[i + 1] if i + 1 < len(versions) else table.version
            shown = [e for e in events if version <= e["version"] < upto or e["version"] == version]
            frames.append({"version": version, "view": view, "events": shown})
        return frames

    # -- play again -----------------------------------------------------------------------

    def again(self, table_id: str, secret: str | None, client: str) -> tuple[Table, bool]:
        """A new table with the same seats, the next first player and the running tally;
        whether it is new (asking twice gives the same next table)."""
        table = self.load(table_id)
        self._require_creator(table, secret)
        if table.status != "over":
            raise TableError(409, "not_over", "Play again once this game is over.")
        if table.meta["next"]:
            return self.load(table.meta["next"]), False
        self._limit(client)
        options = dict(table.meta["options"])
        if "first_player" in options:
            options["first_player"] = (options["first_player"] + 1) % table.players
        asked = {
            "game": table.meta["game"],
            "players": table.players,
            "mode": table.meta["mode"],
            "spectators": table.meta["spectators"],
            "bots": {s["seat"]: s["bot"] for s in table.seats if s["bot"]},
            "names": {s["seat"]: s["name"] for s in table.seats if not s["bot"]}
            if table.meta["mode"] == "pass"
            else {},
            "options": options,
            "seed": new_seed(),
            "deck": None,
        }
        series = {
            "secrets": {str(s["seat"]): s["secret"] for s in table.seats if s["secret"]},
            "names": {
                str(s["seat"]): s["name"]
                for s in table.seats
                if s["name"] and not s["bot"] and table.meta["mode"] == "phones"
            },
            "tally": list(table.meta["tally"]),
            "round": table.meta.get("round", 1) + 1,
            "previous": table.id,
        }
        new = self._open(asked, table.meta["creator"], series)

        def link(old: Table) -> None:
            if old.meta["next"]:
                return
            old.meta["next"] = new.id
            old.bump()
            old.note("next_table", None, id=new.id)

        linked, _ = self._change(table_id, link)
        if linked.meta["next"] != new.id:  # another request linked its own first
            return self.load(linked.meta["next"]), False
        return new, True

    # -- answers --------------------------------------------------------------------------

    def seats_public(self, table: Table) -> list[dict[str, Any]]:
        return [
            {"seat": s["seat"], "bot": s["bot"], "taken": s["taken"], "name": s["name"]}
            for s in table.seats
        ]

    def answer(
        self, table: Table, seat: int | None, lang: str, since: int | None = None
    ) -> dict[str, Any]:
        """What a reader sees: the state of the table for `seat` (None: a spectator)."""
        playing = table.status != "waiting"
        game = table.game
        acts = referee.actions(game, seat) if seat is not None and table.status == "playing" else []
        return {
            "id": table.id,
            "game": table.meta["game"],
            "mode": table.meta["mode"],
            "status": table.status,
            "version": table.version,
            "seat": seat,
            "seats": self.seats_public(table),
            "current": game.current if table.status == "playing" else None,
            "to_act": game.to_act() if table.status == "playing" else [],
            "view": game.view(seat) if playing else None,
            "legal": [action["text"] for action in acts],
            "actions": acts,
            "events": self.events(table, seat, lang, since),
            "outcome": referee.outcome(game),
            "tally": table.meta["tally"],
            "round": table.meta.get("round", 1),
            "next": table.meta["next"],
            "previous": table.meta.get("previous"),
            "options": table.meta["options"],
            "spectators": table.meta["spectators"],
        }

    def events(
        self, table: Table, seat: int | None, lang: str, since: int | None = None
    ) -> list[dict[str, Any]]:
        """The table's history as `seat` may know it, after version `since` if given."""
        # The tables speak the languages their texts are written in; others read English.
        lang = lang if lang in TABLE_TEXTS else DEFAULT_LANGUAGE
        texts = TABLE_TEXTS[lang]
        floor = since if since is not None else 0
        found = []
        for version, actor, code, params in table.meta["log"]:
            if version > floor:
                template = texts.get(code)
                text = template.format(**params) if template else code
                found.append(
                    {"version": version, "seat": actor, "code": code, "params": params,
                     "text": text}
                )  # fmt: skip
        if table.meta["started"] is not None:
            moves = table.meta["moves"]
            started = table.meta["started"]

            def name(s: int) -> str:
                return table.name_of(s, lang)

            for event in referee.events(table.game, seat):
                seq = event["seq"]
                version = started if seq == 0 else moves[seq - 1]
                if version > floor:
                    found.append(
                        {
                            "version": version,
                            "seat": event["seat"],
                            "code": event["code"],
                            "params": event["params"],
                            "text": referee.render(event, lang, name, table.meta["game"]),
                        }
                    )
        found.sort(key=lambda e: e["version"])  # stable: table events first in a version
        return found


def acting_first(table: Table, seats: list[int]) -> list[int]:
    """Those of `seats` that may act now, the one the game waits for first (the current
    player before a player who could call GONG)."""
    acting = [s for s in table.game.to_act() if s in seats]
    current = table.game.current
    return sorted(acting, key=lambda s: s != current)


def _seat_key(value: Any, players: int, where: str) -> int:
    """A seat number from JSON (a number, or its text as an object key); 400 otherwise."""
    seat = value
    if isinstance(value, str) and value.strip().isdigit():
        seat = int(value)
    if not _whole(seat) or not 0 <= seat < players:
        raise TableError(
            400, "bad_seat", f"{where}: a seat is a number from 0 to {players - 1}, not {value!r}"
        )
    return seat

"""A table's record as the service reads it: its seats, its meta and its game, checked field
by field, so a record another release wrote is refused with what it lacks (a 410) instead of
failing halfway through a move.

The meta: `game`, `mode`, `status` (waiting, playing, over), `creator` (the creator's secret's
digest), `log` (the table's own events: version, seat, code, params), `moves` (the version of
each game action), `seed`, `spectators`, `options`, `started` (the start's version),
`last_move` (the clock of the last move, for the robots' pace), `tally` (wins per seat over
the series), `next` (the series' next table, reserved before it is made), and optional
`round`, `previous`, `deck` (a stacked deck, for tests) and `settled` (the last version a
robot did not make).
"""

from __future__ import annotations

import hmac
import math
from collections.abc import Callable
from typing import Any

from gong.i18n import DEFAULT_LANGUAGE
from server.tables import referee_adapter as referee
from server.tables.errors import TableError
from server.tables.ids import secret_digest
from server.tables.store import TableFormatError, TableRecord
from server.tables.wording import TABLE_TEXTS

MODES = ("phones", "pass")


def whole(value: Any) -> bool:
    """A JSON whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


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
        self.plans: dict[int, Any] = {}
        """The robot plan of each state (`Play._plan`), worked out once per request."""

    @property
    def status(self) -> str:
        return self.meta["status"]

    @property
    def players(self) -> int:
        return len(self.seats)

    def bump(self, robot: bool = False) -> int:
        """Raise the version for one change (`robot`: a robot's move); the new version."""
        self.version += 1
        self.changed = True
        if not robot:
            self.meta["settled"] = self.version
        return self.version

    @property
    def settled(self) -> int:
        """The last version a robot did not make: a move made at any version since then
        only missed robot moves (records from before it was kept: the current version)."""
        settled = self.meta.get("settled")
        return settled if whole(settled) else self.version

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

    def robot_plays_for(self, secret: str | None) -> list[int]:
        """The seats `secret` held that a robot now plays (handed over while its person was
        away): those the person may take back."""
        if not isinstance(secret, str) or not secret:
            return []
        given = secret_digest(secret).encode()
        return [
            seat["seat"]
            for seat in self.seats
            if seat["bot"]
            and seat["secret"]
            and hmac.compare_digest(given, seat["secret"].encode())
        ]

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
            return whole(value)
        if kind is float:
            return (whole(value) or isinstance(value, float)) and math.isfinite(value)
        return isinstance(value, kind)

    return check


_META: dict[str, Callable[[Any], bool]] = {
    "game": _is(str),
    "mode": lambda v: v in MODES,
    "status": lambda v: v in ("waiting", "playing", "over"),
    "creator": _is(str),
    "log": lambda v: isinstance(v, list) and all(
        isinstance(e, list) and len(e) == 4 and whole(e[0]) and (e[1] is None or whole(e[1]))
        and isinstance(e[2], str) and isinstance(e[3], dict)
        for e in v
    ),
    "moves": lambda v: isinstance(v, list) and all(whole(m) for m in v),
    "seed": _is(int),
    "spectators": _is(bool),
    "options": _is(dict),
    "started": _is(int, none=True),
    "last_move": _is(float),
    "tally": lambda v: isinstance(v, list) and all(whole(t) for t in v),
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
    if len(meta["tally"]) != len(seats) or (meta["status"] != "waiting") != whole(meta["started"]):
        return "its tally or its start does not match its seats"
    for i, seat in enumerate(seats):
        if (
            not isinstance(seat, dict)
            or not all(key in seat and fits(seat[key]) for key, fits in _SEAT.items())
            or seat["seat"] != i
        ):
            return f"seat {i} cannot be read"
    return ""


def acting_first(table: Table, seats: list[int]) -> list[int]:
    """Those of `seats` that may act now, the one the game waits for first (the current
    player before a player who could call GONG)."""
    acting = [s for s in table.game.to_act() if s in seats]
    current = table.game.current
    return sorted(acting, key=lambda s: s != current)


def seat_key(value: Any, players: int, where: str) -> int:
    """A seat number from JSON (a number, or its text as an object key); 400 otherwise."""
    seat = value
    if isinstance(value, str) and value.strip().isdigit():
        seat = int(value)
    if not whole(seat) or not 0 <= seat < players:
        raise TableError(
            "bad_seat", f"{where}: a seat is a number from 0 to {players - 1}, not {value!r}"
        )
    return seat

"""The seats' lifecycle: a table made, seats taken and freed, the start, a seat handed to a
robot or left, and the series' next table ("play again")."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from typing import Any

from server.tables import referee_adapter as referee
from server.tables.errors import TableError
from server.tables.ids import new_secret, new_seed, new_table_id, secret_digest
from server.tables.record import MODES, Table, seat_key, whole
from server.tables.store import StoreFullError, TableExistsError, TableRecord, rate_window

NAME_MAX = 24
RATE_WINDOW = 60.0
DEFAULT_BOT = "easy"
"""The level of a robot nobody chose: a seat left empty at the start, or left mid-game."""

# Bidi overrides, embeddings and isolates, and the marks, which can make a name rewrite the
# text around it; control characters (Cc) are removed too.
_BIDI = dict.fromkeys(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C], None
)


def clean_name(value: Any, field_name: str = "name") -> str:
    """A seat name: control and bidi-override characters removed, trimmed, 1-24 characters."""
    if not isinstance(value, str):
        raise TableError("bad_name", f"{field_name} must be text, 1 to {NAME_MAX} characters")
    text = unicodedata.normalize("NFC", value).translate(_BIDI)
    text = "".join(c for c in text if _kept(c)).strip()
    if not 1 <= len(text) <= NAME_MAX:
        raise TableError(
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


class Lifecycle:
    """The seats' part of `server.tables.service.TableService`."""

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
            raise TableError("bad_request", f"unknown field {unknown[0]!r}{extra}")
        game = request.get("game")
        try:
            spec = referee.describe(game)
        except referee.SetupError as exc:
            raise TableError("bad_game", str(exc)) from None
        players = request.get("players", spec["min_players"])
        if not whole(players) or not spec["min_players"] <= players <= spec["max_players"]:
            raise TableError(
                "bad_players",
                f"{spec['title']} is for {spec['min_players']} to {spec['max_players']} "
                f"players, not {players!r}",
            )
        mode = request.get("mode", "phones")
        if mode not in MODES:
            raise TableError("bad_mode", f"mode is 'phones' or 'pass', not {mode!r}")
        spectators = request.get("spectators", True)
        if not isinstance(spectators, bool):
            raise TableError("bad_request", "spectators is true or false")
        bots = self._bots(request.get("bots", {}), players)
        humans = [s for s in range(players) if s not in bots]
        if not humans:
            raise TableError("no_people", "Keep at least one seat for a person.")
        names = self._names(request.get("names", {}), players, mode, humans)
        options = request.get("options", {})
        if not isinstance(options, dict):
            raise TableError("bad_options", "options is an object of option names")
        options = dict(options)
        if "challenges" in spec["options"]:
            # A phone each: the fights are phone games (or played for real, and reported);
            # one phone passed around: played for real, and reported.
            options.setdefault("challenges", "phones" if mode == "phones" else "report")
        if "robots" in spec["options"]:
            # Who can play a fight for real and say who won: the table knows its robots.
            options["robots"] = ",".join(str(s) for s in sorted(bots))
        seed = request.get("seed", None)
        if seed is None:
            seed = new_seed()
        elif not whole(seed) or seed < 0:
            raise TableError("bad_request", "seed is a whole number >= 0")
        deck = request.get("deck")
        if deck is not None and (
            not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)
        ):
            raise TableError("bad_request", "deck is a list of card codes, the top first")
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
            raise TableError("bad_bots", 'bots maps seats to "easy" or "normal"')
        bots = {}
        for key, kind in value.items():
            seat = seat_key(key, players, "bots")
            if not isinstance(kind, str) or kind not in referee.BOT_KINDS:
                raise TableError(
                    "bad_bots", f'the bot of seat {seat} is "easy" or "normal", not {kind!r}'
                )
            bots[seat] = kind
        return bots

    @staticmethod
    def _names(value: Any, players: int, mode: str, humans: list[int]) -> dict[int, str]:
        if not isinstance(value, dict):
            raise TableError("bad_names", "names maps seats to names")
        names = {seat_key(k, players, "names"): clean_name(v, f"the name of seat {k}")
                 for k, v in value.items()}  # fmt: skip
        if mode == "phones":
            if names:
                raise TableError(
                    "bad_names", "With a phone each, players type their names as they sit."
                )
            return names
        if sorted(names) != humans:
            raise TableError(
                "bad_names",
                "With one phone passed around, give a name for every seat that is not a "
                f"robot: seats {', '.join(map(str, humans))}",
            )
        return names

    def _open(
        self,
        asked: dict[str, Any],
        creator: str,
        series: dict[str, Any],
        reserved: str | None = None,
    ) -> Table | None:
        """Make the table `asked` for; under the `reserved` id if given (the series' next
        table: None if another request made it first), else under a new one."""
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
            raise TableError("bad_options", str(exc), setup=setup) from None
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
            table_id = reserved or new_table_id()
            try:
                record = self.store.create(table_id, record, max_open=self.settings.max_open)
                break
            except TableExistsError:  # a new id: 128 random bits, never, but never wrong either
                if reserved:
                    return None
                continue
            except StoreFullError:
                raise TableError(
                    "too_many_open",
                    "So many tables are open that no new one fits: try again later.",
                    retry_after=60,
                ) from None
        else:
            raise TableError("busy", "No table could be made: try again.")
        return Table(table_id, record, self.settings.missions)

    def take_seat(self, table_id: str, seat: Any, name: Any) -> tuple[Table, int, str]:
        """A person sits down; the table, the seat and the seat's new secret."""
        name = clean_name(name)
        secret = new_secret()

        def change(table: Table) -> int:
            if table.meta["mode"] == "pass":
                raise TableError("seat_taken", "Everyone plays on one phone at this table.")
            if table.status != "waiting":
                raise TableError("already_started", "This game has already started.")
            free = [s["seat"] for s in table.seats if not s["taken"]]
            if seat is None and not free:
                raise TableError("seat_taken", "Every seat is taken.")
            chosen = free[0] if seat is None else seat_key(seat, table.players, "seat")
            entry = table.seats[chosen]
            if entry["taken"]:
                what = "a robot's" if entry["bot"] else "taken"
                raise TableError("seat_taken", f"Seat {chosen} is {what}: pick a free one.")
            entry.update(name=name, taken=True, secret=secret_digest(secret))
            table.bump()
            table.note("joined", chosen, name=name)
            if all(s["taken"] for s in table.seats):
                self._start(table, bump=False)
            return chosen

        table, chosen = self._change(table_id, change)
        self.seen(table.id, chosen, force=True)
        return table, chosen, secret

    def start(self, table_id: str, secret: str | None) -> Table:
        """The creator starts early: the empty seats become (normal) bots."""

        def change(table: Table) -> None:
            self._require_creator(table, secret)
            if table.status != "waiting":
                raise TableError("already_started", "This game has already started.")
            if not any(entry["taken"] and not entry["bot"] for entry in table.seats):
                raise TableError(
                    "no_people", "Nobody has sat down yet: a game needs at least one person."
                )
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
            chosen = seat_key(seat, table.players, "seat")
            entry = table.seats[chosen]
            if table.status != "waiting":
                raise TableError(
                    "already_started",
                    "The game has started: hand the seat to a robot instead.",
                )
            if entry["bot"] or not entry["taken"]:
                raise TableError("seat_free", f"Nobody sits in seat {chosen}.")
            name = entry["name"]
            entry.update(name=None, taken=False, secret=None)
            table.bump()
            table.note("removed", chosen, name=name)

        return self._change(table_id, change)[0]

    def hand_to_bot(self, table_id: str, secret: str | None, seat: Any, kind: Any) -> Table:
        """During the game, the creator hands an absent player's seat to a bot."""
        kind = DEFAULT_BOT if kind is None else kind
        if not isinstance(kind, str) or kind not in referee.BOT_KINDS:
            raise TableError("bad_bots", f'a bot is "easy" or "normal", not {kind!r}')

        def change(table: Table) -> None:
            self._require_creator(table, secret)
            chosen = seat_key(seat, table.players, "seat")
            if table.status != "playing":
                raise TableError("not_playing", "Robots take over seats while the game is on.")
            entry = table.seats[chosen]
            here = self.away(table).get(chosen)
            if not entry["bot"] and here is not None and here < self.settings.away_after:
                raise TableError(
                    "not_away",
                    f"{table.name_of(chosen, 'en')} was here {round(here)} s ago: a seat goes "
                    f"to a robot only after {round(self.settings.away_after)} s away.",
                )
            # The seat's secret is kept, so its person can take the seat back ("I'm back").
            self._to_bot(table, chosen, kind, "bot_took_seat", keep_secret=True)

        return self._change(table_id, change)[0]

    def take_back(self, table_id: str, secret: str | None) -> tuple[Table, int]:
        """A person whose seat a robot plays takes it back ("I'm back"); the table and seat."""

        def change(table: Table) -> int:
            if table.status != "playing":
                raise TableError("not_playing", "The game is not on.")
            seats = table.robot_plays_for(secret)
            if not seats:
                raise TableError("not_a_robot", "No robot plays a seat of yours here.")
            entry = table.seats[seats[0]]
            entry.update(bot=None)
            table.bump()
            table.note("back", seats[0], name=entry["name"])
            return seats[0]

        table, chosen = self._change(table_id, change)
        self.seen(table.id, chosen, force=True)
        return table, chosen

    # -- who is at the table ----------------------------------------------------------------

    SEEN_EVERY = 20.0
    """A seat's last request is written at most this often by one process."""

    def seen(self, table_id: str, seat: int, force: bool = False) -> None:
        """Remember that `seat`'s person is at the table now (any request of theirs)."""
        key = f"{table_id}:{seat}"
        now = self.clock()
        every = min(self.SEEN_EVERY, self.settings.away_after / 4)
        if not force and now - self._marked.get(key, float("-inf")) < every:
            return
        self._marked[key] = now
        if len(self._marked) > 100_000:  # a long-running process forgets old tables
            self._marked.clear()
        self.store.mark(f"seen:{key}", now, max(self.store.ttl, 3600.0))

    def away_seats(self, table: Table) -> list[int]:
        """The people's seats not seen for `Settings.away_after` seconds (or ever)."""
        if table.meta["mode"] == "pass":
            return []
        away = self.away(table)
        limit = self.settings.away_after
        return [
            s["seat"]
            for s in table.seats
            if s["taken"] and not s["bot"] and away.get(s["seat"], float("inf")) >= limit
        ]

    def away(self, table: Table) -> dict[int, float]:
        """Seconds since each person's seat was last seen (phones mode; a seat never seen
        since this store remembers is missing, and counts as away)."""
        if table.meta["mode"] == "pass":
            return {}
        people = [s["seat"] for s in table.seats if s["taken"] and not s["bot"]]
        found = self.store.marks([f"seen:{table.id}:{seat}" for seat in people])
        now = self.clock()
        return {
            seat: max(0.0, now - found[f"seen:{table.id}:{seat}"])
            for seat in people
            if f"seen:{table.id}:{seat}" in found
        }

    def leave(self, table_id: str, secret: str | None, seat: Any) -> Table:
        """A player leaves: before the start the seat is free again; after it, a bot plays."""

        def change(table: Table) -> None:
            _creator, held = table.holder(secret)
            chosen = self._acting_seat(table, held, seat)
            if table.status == "over":
                raise TableError("game_over", "The game is over.")
            entry = table.seats[chosen]
            if table.status == "waiting":
                name = entry["name"]
                entry.update(name=None, taken=False, secret=None)
                table.bump()
                table.note("left_waiting", chosen, name=name)
                return
            self._to_bot(table, chosen, DEFAULT_BOT, "left")

        return self._change(table_id, change)[0]

    def _to_bot(
        self, table: Table, seat: int, kind: str, code: str, keep_secret: bool = False
    ) -> None:
        entry = table.seats[seat]
        if entry["bot"]:
            raise TableError("already_a_bot", f"A robot already plays seat {seat}.")
        entry.update(bot=kind)
        if not keep_secret:
            entry.update(secret=None)
        table.bump()
        table.note(code, seat, name=entry["name"])
        table.meta["last_move"] = self.clock()

    @staticmethod
    def _require_creator(table: Table, secret: str | None) -> None:
        creator, _held = table.holder(secret)
        if not creator:
            raise TableError("not_creator", "Only the person who made the table can.")

    def _start(self, table: Table, bump: bool = True) -> None:
        if bump:
            table.bump()
        table.meta["status"] = "playing"
        table.meta["started"] = table.version
        table.meta["last_move"] = self.clock()
        table.note("started")
        if table.game.is_over:  # a stacked deck may end a game at once
            self._finish(table)

    def again(self, table_id: str, secret: str | None, client: str) -> tuple[Table, bool]:
        """A new table with the same seats, the next first player and the running tally;
        whether it is new (asking twice gives the same next table).

        The next table's id is first reserved on this one by compare-and-set, then the table
        is made under it: of two requests at once, one reserves and the other makes nothing
        (or the same table, if the first stopped halfway), so no table holding the series'
        secrets is ever left behind unlinked."""
        table = self.load(table_id)
        creator, held = table.holder(secret)
        if not creator and not held:  # everyone seated may ask for the next game
            raise TableError("not_creator", "Only the people at the table can.")
        if table.status != "over":
            raise TableError("not_over", "Play again once this game is over.")
        made_here = False
        if not table.meta["next"]:
            self._limit(client)
            wanted = new_table_id()

            def reserve(old: Table) -> None:
                if old.meta["next"]:
                    return
                old.meta["next"] = wanted
                old.bump()
                old.note("next_table", None, id=wanted)

            table, _ = self._change(table_id, reserve)
            made_here = table.meta["next"] == wanted
        following = table.meta["next"]
        if not made_here:
            try:
                return self.load(following), False
            except TableError as missing:  # reserved, but its maker stopped before making it
                if missing.code != "no_such_table":
                    raise
        new = self._open(self._next_request(table), table.meta["creator"],
                         self._series(table), reserved=following)  # fmt: skip
        if new is None:  # made by another request meanwhile
            return self.load(following), False
        return new, True

    @staticmethod
    def _next_request(table: Table) -> dict[str, Any]:
        """The creation request of the series' next table: the same seats, the next player
        first, a new deal."""
        options = dict(table.meta["options"])
        if "first_player" in options:
            options["first_player"] = (options["first_player"] + 1) % table.players
        return {
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

    @staticmethod
    def _series(table: Table) -> dict[str, Any]:
        """What the next table carries over: the seats' secrets and names, the tally."""
        return {
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

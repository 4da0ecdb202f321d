"""Play: reading a table for a seat, a person's move, the robots' moves by the referee's
one policy (`gong.referee.schedule`), the end, and the replay of a finished game.

Nothing runs in the background: the first request that finds a robot's move due applies
it. A person's move is never refused because of a robot: a move applies before any robot
move falls due, and a move made at a version that only robot moves followed is played on
the newest state while it is still legal there.
"""

from __future__ import annotations

from typing import Any

from gong.referee.schedule import Due, move_of, table_robots
from gong.referee.schedule import due as robot_due
from server.tables import referee_adapter as referee
from server.tables.errors import MoveRefused, TableError
from server.tables.record import Table, acting_first, seat_key, whole

ACTION_MAX = 200
"""The longest action text read ("give NE5 -> 1" is 13 characters)."""
BOT_MOVES_PER_REQUEST = 400
"""A request applies at most this many robot moves, so no request runs long: a table of
robots only, asked after a long silence, goes on at the next request."""
CATCH_UP = 2
"""Robot moves made at once when a request finds several due (paced play resumes after)."""


class Play:
    """The playing part of `server.tables.service.TableService`."""

    def state(
        self, table_id: str, secret: str | None, seat: Any = None
    ) -> tuple[Table, int | None]:
        """The table for a reader, with the robot moves due by now applied: the table and
        the seat it is read for (None: a spectator)."""
        for _attempt in range(self.CAS_ATTEMPTS):
            table, reader = self.reading(table_id, secret, seat)
            if not self._robots_move(table) or self._write(table):
                return table, reader
        return self.reading(table_id, secret, seat)

    def reading(
        self, table_id: str, secret: str | None, seat: Any = None
    ) -> tuple[Table, int | None]:
        """The table as stored, for a reader (no robot moves applied: a move's form reads
        the table this way, so its own move comes before any robot's)."""
        table = self.load(table_id)
        reader = self._reader(table, secret, seat)
        if reader is not None and table.meta["mode"] != "pass":
            self.seen(table.id, reader)
        return table, reader

    def _reader(self, table: Table, secret: str | None, seat: Any) -> int | None:
        creator, held = table.holder(secret)
        if seat is not None:
            chosen = seat_key(seat, table.players, "seat")
            if chosen not in held:
                raise TableError("not_your_seat", f"That secret does not hold seat {chosen}.")
            return chosen
        if held:
            if len(held) == 1:
                return held[0]
            acting = acting_first(table, held)
            return acting[0] if acting else self._last_of(table, held)
        if creator or table.meta["spectators"]:
            return None
        if secret:
            raise TableError("bad_secret", "That secret holds no seat at this table.")
        raise TableError("no_spectators", "This table does not take spectators.")

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
        """Play `text` for a seat the secret holds, at the version the phone saw.

        If only robots moved since that version, the move is played on the newest state when
        it is still legal there; after a person's change (or if it is no longer legal) it is
        refused as stale, with the new state."""
        if not isinstance(text, str) or not text.strip() or len(text) > ACTION_MAX:
            raise TableError("bad_action", 'action is text, like "play NE5" or "draw"')
        if not whole(version):
            raise TableError("bad_version", "version is the whole number the table showed")
        for _attempt in range(self.CAS_ATTEMPTS):
            table = self.load(table_id)
            _creator, held = table.holder(secret)
            chosen = self._acting_seat(table, held, seat)
            if table.status == "waiting":
                raise TableError("not_started", "The game has not started yet.")
            robots_only = table.settled <= version < table.version
            if version != table.version and not robots_only:
                raise self._stale(table, secret, chosen, version)
            try:
                referee.act(table.game, chosen, text)
            except referee.Refused as refused:
                if robots_only:  # legal, maybe, where the phone saw it; not any more
                    raise self._stale(table, secret, chosen, version) from None
                raise MoveRefused(refused.code, refused.message, params=refused.params) from None
            self._moved(table, chosen)
            table.meta["last_move"] = self.clock()
            self._robots_move(table)
            if self._write(table):
                return table, chosen
        raise TableError("busy", "The table is very busy right now: try again.", retry_after=1)

    def _stale(self, table: Table, secret: str | None, seat: int, version: int) -> TableError:
        fresh, _reader = self.state(table.id, secret, seat)
        return TableError(
            "stale",
            f"The table moved on (version {fresh.version}, you sent {version}): "
            "look again and choose your move.",
            fresh=(fresh, seat),
        )

    def _acting_seat(self, table: Table, held: list[int], seat: Any) -> int:
        if not held:
            raise TableError("not_your_seat", "That secret holds no seat at this table.")
        if seat is None:
            if len(held) == 1:
                return held[0]
            acting = acting_first(table, held)
            if len(acting) == 1 or (acting and acting[0] == table.game.current):
                return acting[0]
            raise TableError("which_seat", "Say which seat acts: seat is a number.")
        chosen = seat_key(seat, table.players, "seat")
        if chosen not in held:
            raise TableError("not_your_seat", f"That secret does not hold seat {chosen}.")
        return chosen

    def _moved(self, table: Table, seat: int, robot: bool = False) -> None:
        """One game action was applied: its version, and the end if it ended the game."""
        table.bump(robot=robot)
        table.meta["moves"].append(table.version)
        if table.game.is_over:
            self._finish(table)

    def _finish(self, table: Table) -> None:
        table.meta["status"] = "over"
        outcome = referee.outcome(table.game) or {}
        tally = table.meta["tally"]
        for winner in outcome.get("winners", []):
            tally[winner] += 1

    def _robots(self, table: Table) -> dict[int, Any]:
        levels = {s["seat"]: s["bot"] for s in table.seats if s["bot"]}
        return table_robots(table.game, levels, table.meta["seed"])

    def _plan(self, table: Table) -> Due | None:
        """The robot that moves next at this table (`gong.referee.schedule.due`), once per
        state: robots from the table's seed, the pace from the settings. Its move is only
        chosen when it is made."""
        if table.status != "playing":
            return None
        cached = table.plans.get(table.game.seq, False)
        if cached is not False:
            return cached
        found = robot_due(
            table.game,
            self._robots(table),
            delay=self.settings.bot_delay,
            window=self.settings.call_wait,
            timeout=self.settings.fight_seconds,
        )
        table.plans[table.game.seq] = found
        return found

    def _due_from(self, table: Table, found: Due) -> float:
        """When `found` falls due. A table nobody watched does not rush through its backlog:
        of the moves that fell due while nobody asked, the last CATCH_UP are made at once."""
        return max(table.meta["last_move"], self.clock() - CATCH_UP * found.wait) + found.wait

    def _robots_move(self, table: Table) -> bool:
        """Apply the robot moves due by now; whether any was applied. Each falls due its
        plan's wait after the move before (the last person's move, or the start)."""
        moved = False
        for _count in range(BOT_MOVES_PER_REQUEST):
            found = self._plan(table)
            if found is None:
                break
            due = self._due_from(table, found)
            if due > self.clock():
                break
            table.game.apply(move_of(table.game, self._robots(table), found))
            self._moved(table, found.seat, robot=True)
            table.meta["last_move"] = due
            moved = True
        return moved

    def due(self, table: Table) -> dict[str, Any] | None:
        """The next robot move's time, for a countdown: `at` (server clock, seconds since
        the epoch), `in` (seconds left), its `seat`, `window` when the robots wait for a
        person's optional move (a GONG call), and `clock` when it is that seat's person
        running out of time in a phone game. None when the game waits for a person."""
        found = self._plan(table)
        if found is None:
            return None
        at = self._due_from(table, found)
        left = max(0.0, at - self.clock())
        return {"at": round(at, 3), "in": round(left, 3), "seat": found.seat,
                "window": found.window, "clock": found.clock}  # fmt: skip

    def replay(self, table_id: str, secret: str | None, lang: str) -> list[dict[str, Any]]:
        """A finished game move by move, as a spectator saw it: one frame for the deal and
        one per action, each with its version, the spectator's view and its events."""
        table = self.load(table_id)
        creator, held = table.holder(secret)
        if not (creator or held or table.meta["spectators"]):
            raise TableError("no_spectators", "This table does not take spectators.")
        if table.status != "over":
            raise TableError("not_over", "The replay is ready once the game is over.")
        try:
            views = referee.replay_views(table.game, table.meta.get("deck"))
        except referee.SavedGameError as exc:
            raise TableError(
                "table_unreadable", f"This table cannot be replayed here: {exc}."
            ) from None
        versions = [table.meta["started"], *table.meta["moves"]]
        events = self.events(table, None, lang)
        frames = []
        for i, (version, view) in enumerate(zip(versions, views, strict=True)):
            upto = versions[i + 1] if i + 1 < len(versions) else table.version
            shown = [e for e in events if version <= e["version"] < upto or e["version"] == version]
            frames.append({"version": version, "view": view, "events": shown})
        return frames

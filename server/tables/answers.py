"""The answers: what a reader sees of a table (the JSON the API sends and the pages draw),
and its history with every event in the reader's words."""

from __future__ import annotations

from typing import Any

from gong.i18n import DEFAULT_LANGUAGE
from server.tables import referee_adapter as referee
from server.tables.record import Table
from server.tables.wording import TABLE_TEXTS


class Answers:
    """The answering part of `server.tables.service.TableService`."""

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
            "due_at": self.due(table),
            # The people away long enough (no request for `away_after` seconds, phones mode)
            # that the creator may hand their seats to robots.
            "away": self.away_seats(table) if table.status == "playing" else [],
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

"""`gong play`: one human seat against bots, in the terminal, line by line (a pipe works too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from gong.referee import GAMES, Action, Game, IllegalAction
from gong.referee.bots import Bot
from gong.referee.events import reason_text
from gong.referee.schedule import plan, waited_for


def hand_change(before: Sequence[str], after: Sequence[str]) -> str:
    """What another player's move did to your hand, like ' (you lose VI2, you get NE5)'."""
    lost = [c for c in before if c not in after]
    got = [c for c in after if c not in before]
    parts = []
    for verb, cards in (("lose", lost), ("get", got)):
        if len(cards) > 3:
            parts.append(f"you {verb} {len(cards)} cards")
        elif cards:
            parts.append(f"you {verb} {' '.join(cards)}")
    return f" ({', '.join(parts)})" if parts else ""


def numbered(actions: Sequence[Any], width: int = 80) -> str:
    """The choices numbered from 1, in columns when there are many (FAMILY's asks)."""
    items = [f"{i:>3}. {a}" for i, a in enumerate(actions, 1)]
    if len(items) <= 12:
        return "\n".join(items)
    cell = max(map(len, items)) + 2
    per_row = max(1, width // cell)
    rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(item.ljust(cell) for item in row).rstrip() for row in rows)


class Terminal:
    """One human seat against bots, reading answers line by line (a pipe works too)."""

    def __init__(self, game: Game, seat: int, kinds: dict[int, str], bots: dict[int, Bot]) -> None:
        self.game = game
        self.seat = seat
        self.kinds = kinds
        self.bots = bots
        self.shown: str | None = None

    def name(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat} ({self.kinds[seat]})"

    def _words(self) -> tuple[Callable[[str], tuple[str, str]] | None, Callable[[], str] | None]:
        """FIGHT's mission by id and its pending step, in English words (the view holds
        data only)."""
        book = self.game.setup_keywords().get("missions")
        if book is None:
            return None, None

        def mission(mission_id: str) -> tuple[str, str]:
            found = book.by_id[mission_id]
            return found.title_in("en"), found.text_in("en")

        return mission, getattr(self.game, "pending_text", None)

    def run(self, variant: str, seed: int) -> None:
        game = self.game
        click.echo(
            f"{GAMES[variant].title} with {len(self.kinds) + 1} players, seed {seed}. "
            f"You are seat {self.seat}."
        )
        while not game.is_over:
            # The referee's one robot policy (`gong.referee.schedule`). The tables hold a
            # robot back while a person could still call GONG; here that time is the
            # question to the person, asked before the robot moves.
            found = plan(game, self.bots)
            if found is not None and not found.window:
                self.apply_bot(found.seat, found.action)
                continue
            optional = self.seat != waited_for(game)
            if self.seat in game.to_act() and self.ask(optional=optional):
                continue
            assert found is not None, "the person let an optional move pass"
            self.apply_bot(found.seat, found.action)
        self.finish()

    def apply_bot(self, seat: int, action: Action) -> None:
        before = self.game.view(self.seat).get("hand") or []
        self.game.apply(action)
        text = str(action)
        if action.verb == "give" and action.target != self.seat:
            # A card given between two other players stays hidden from you.
            text = f"give a card -> {action.target}"
        after = self.game.view(self.seat).get("hand") or []
        click.echo(f"  {self.name(seat)}: {text}{hand_change(before, after)}")

    def show_view(self) -> None:
        text = render_view(self.game.view(self.seat), self.name, *self._words())
        if text != self.shown:
            click.echo("")
            click.echo(text)
            self.shown = text

    def ask(self, optional: bool) -> bool:
        """Ask the human for an action until one is accepted; False if they let it pass."""
        game = self.game
        self.show_view()
        actions = game.legal_actions(self.seat)
        click.echo("Your choices:" if not optional else "You may (Enter to let play go on):")
        click.echo(numbered(actions))
        while True:
            answer = click.prompt("your move", default="", show_default=False).strip()
            if not answer:
                if optional:
                    return False
                click.echo("Type the number of a choice, or the action itself.")
                continue
            if answer.lower() in ("q", "quit"):
                click.echo("Bye!")
                raise SystemExit(0)
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(actions):
                    click.echo(f"There is no choice {number}: pick 1 to {len(actions)}.")
                    continue
                action = actions[number - 1]
            else:
                try:
                    action = game.parse_action(answer, self.seat)
                except IllegalAction as exc:
                    click.echo(f"Not understood: {exc}")
                    continue
            try:
                game.apply(action)
            except IllegalAction as exc:
                click.echo(f"Refused: {exc}")
                continue
            click.echo(f"  you: {action}")
            return True

    def finish(self) -> None:
        game = self.game
        outcome = game.outcome
        click.echo("")
        click.echo(render_view(game.view(self.seat), self.name, *self._words()))
        winners = [self.name(w) for w in outcome.winners]
        verdict = "You win!" if self.seat in outcome.winners else "You lose this time."
        reason = reason_text(outcome.reason, game.name)
        click.echo(
            f"Game over after {game.turn} turns: {reason}. "
            f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}. {verdict}"
        )
        if outcome.scores:
            scores = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(outcome.scores))
            click.echo(f"Scores: {scores}")


def _show(value: Any, name: Callable[[int], str]) -> str:
    """One table entry as words: lists joined, seats named, nothing shown as '-'."""
    if value is None or value == [] or value == {}:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if "player" in value:
            rest = ", ".join(
                (k if v else f"not {k}") if isinstance(v, bool) else f"{k} {_show(v, name)}"
                for k, v in value.items()
                if k != "player"
            ).replace("_", " ")
            return name(value["player"]) + (f" ({rest})" if rest else "")
        return ", ".join(f"{k.replace('_', ' ')} {_show(v, name)}" for k, v in value.items())
    if isinstance(value, list):
        if all(isinstance(v, str | int) for v in value):
            return " ".join(map(str, value))
        return "; ".join(_show(v, name) for v in value)
    return str(value)


def render_view(
    view: dict[str, Any],
    name: Callable[[int], str],
    mission_words: Callable[[str], tuple[str, str]] | None = None,
    pending_words: Callable[[], str] | None = None,
) -> str:
    """A player's view as a few lines: whose turn, card counts, the table, the hand.

    Per-seat lists of the table (FAMILY's laid-down families) are shown seat by seat."""
    players = view["players"]
    pile = f", draw pile {view['draw_pile']}" if "draw_pile" in view else ""  # not every game
    lines = [
        f"turn {view['turn']}: "
        + ("the game is over" if view.get("outcome") else f"{name(view['current'])} to play")
        + pile,
        "cards in hand: " + ", ".join(f"{name(s)} {n}" for s, n in enumerate(view["hand_counts"])),
    ]
    if view.get("joker"):
        j = view["joker"]
        lines.append(
            f"GONG JOKER {j['card']} played by {name(j['played_by'])} on {name(j['target'])}"
        )
    table = []
    for key, value in view.get("table", {}).items():
        label = key.replace("_", " ")
        if key == "mission" and isinstance(value, dict) and mission_words is not None:
            # FIGHT's mission card: read aloud, so it gets a line of its own.
            title, text = mission_words(value["id"])
            lines.append(f"{label} ({value.get('kind', '-')}): {title}. {text}")
        elif key == "pending" and pending_words is not None:
            lines.append(f"waiting for: {pending_words()}")
        elif isinstance(value, str) and len(value) > 30:
            lines.append(f"{label}: {value}")
        elif (
            isinstance(value, list)
            and len(value) == players
            and key.endswith("s")
            and all(isinstance(v, list | int) for v in value)
        ):
            per_seat = [f"{name(s)}: {_show(v, name)}" for s, v in enumerate(value)]
            lines.append(f"{label}: " + "; ".join(per_seat))
        else:
            table.append(f"{label}: {_show(value, name)}")
    if table:
        lines.append("table: " + ", ".join(table))
    if view.get("hand") is not None:
        lines.append(f"your hand: {' '.join(view['hand']) or '-'}")
    return "\n".join(lines)

"""GONG FIGHT, the mission game (server/content/rules/en/fight.md, on top of
server/content/rules/en/index.md#in-every-game).

On your turn you draw a card; its number picks a mission of its kind (1-2 fight, 3-4 malus,
5-6 bonus) from the mission files, and the mission's effect is applied step by step exactly
as missions/README.md defines it. The first player with no cards left wins.

Actions: ``joker J1 -> 2``, ``counter J2``, ``no-counter`` and ``draw`` at the start of a
turn; then every choice the mission leaves open is an action of the player who makes it:

- ``lay NE5``: lay a card of your choice down (a ``lay_down`` step, one card per action);
- ``give NE5 -> 1``: give a card of your choice (a ``give`` step, or a ``receive`` step, in
  which the player who gives chooses);
- ``target 2``: choose a player (a ``chosen`` target, or the opponent of a challenge);
- ``winner 0``: the active player reports who won the challenge (option ``challenges`` =
  ``report``; with ``random`` a fair coin from the game's seed decides).

Random takes, drawn cards and mission picks come from the game's seeded generator. When the
draw pile and the discards are both empty, every hand becomes its owner's face-down pile: a
turn then turns up a random numbered card of your own pile (the top of a face-down, shuffled
pile), a ``draw`` step does nothing, and a joker swaps whole piles.

>>> from gong.referee import new_game
>>> game = new_game("gong-fight", players=3, seed=5, options={"challenges": "random"})
>>> [str(a) for a in game.legal_actions(0)]
['draw']
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from gong.cards import Kind
from gong.decks import GONG
from gong.missions import Challenge, Mission, MissionBook, MissionError, Step, load_missions
from gong.referee.actions import Action
from gong.referee.errors import GameSetupError, IllegalAction
from gong.referee.game import Reason
from gong.referee.gong_rules import (
    GONG_REFUSALS,
    JOKER_VERBS,
    GongGame,
    act,
    card_index,
    is_numbered,
)
from gong.referee.registry import GameSpec


class Pending(NamedTuple):
    """A mission step waiting to be applied. `target` is a word from the mission file
    ("left", "chosen", ...) until it is resolved to a seat; for a challenge it is the chosen
    opponent. `subject` is the player the step is about, `opponent` the other player of the
    challenge whose result it is."""

    verb: str
    count: int
    target: int | str | None
    subject: int
    opponent: int | None = None


def _queue(value: list[Any]) -> list[Pending]:
    return [Pending(*step) for step in value]


@lru_cache(maxsize=8)
def _load_book(directory: str) -> MissionBook:
    return load_missions(directory)


def effect_data(effect: tuple) -> list[Any]:
    """A mission's effect as JSON data: ["give", 1, "left"] per step, and a challenge as
    {"challenge": game, "winner": [...], "loser": [...]}."""
    found: list[Any] = []
    for part in effect:
        if isinstance(part, Challenge):
            found.append(
                {
                    "challenge": part.game,
                    "winner": [[s.verb, s.count, s.target] for s in part.winner],
                    "loser": [[s.verb, s.count, s.target] for s in part.loser],
                }
            )
        else:
            found.append([part.verb, part.count, part.target])
    return found


def effect_of(data: list[Any]) -> tuple:
    """The effect `effect_data` wrote."""
    found: list[Any] = []
    for part in data:
        if isinstance(part, dict):
            winner = tuple(Step(*s) for s in part["winner"])
            loser = tuple(Step(*s) for s in part["loser"])
            found.append(Challenge(part["challenge"], winner, loser))
        else:
            found.append(Step(*part))
    return tuple(found)


def texts_digest(book: MissionBook) -> str:
    """A short digest of the missions' texts in every language (what the pages say),
    computed once per book: a book is read once and shared by its games."""
    known = _DIGESTS.get(id(book))
    if known is not None and known[0] is book:
        return known[1]
    texts = [[m.id, dict(m.title), dict(m.text)] for m in book]
    blob = json.dumps(texts, sort_keys=True, ensure_ascii=False).encode()
    digest = hashlib.sha256(blob).hexdigest()[:16]
    if len(_DIGESTS) > 64:
        _DIGESTS.clear()
    _DIGESTS[id(book)] = (book, digest)  # the book is kept, so its id stays its own
    return digest


_DIGESTS: dict[int, tuple[MissionBook, str]] = {}


def _book_of(saved: dict[str, Any], missions: MissionBook | None) -> MissionBook:
    """The book a saved game plays with: `missions` if it holds the saved missions with the
    saved effects (its texts may have changed), else one made from the saved effects."""
    try:
        effects = {
            mid: (Kind(kind), effect_of(effect)) for mid, (kind, effect) in saved["effects"].items()
        }
    except (KeyError, TypeError, ValueError) as exc:
        raise GameSetupError(f"the saved missions are garbled ({exc})", "saved_game") from None
    same = missions is not None and [m.id for m in missions] == saved.get("ids")
    if same and all(effects[m.id] == (m.kind, m.effect) for m in missions):
        return missions
    by_kind: dict[Kind, list[Mission]] = {}
    for mid in saved.get("ids", effects):
        kind, effect = effects[mid]
        mission = Mission(mid, kind, {"en": mid}, {"en": ""}, effect)
        by_kind.setdefault(kind, []).append(mission)
    return MissionBook({kind: tuple(found) for kind, found in by_kind.items()})


def bundled_missions() -> MissionBook:
    """The missions shipped in missions/*.yaml (loaded once per process)."""
    from gong.missions import BUNDLED_MISSIONS

    return _load_book(str(BUNDLED_MISSIONS))


class FightGame(GongGame):
    VERBS = ("joker", "counter", "no-counter", "draw", "target", "winner", "lay", "give")
    FIELDS = ("own_piles", "shown", "mission", "last_mission", "queue")
    TYPES = {**GongGame.TYPES, "queue": _queue}
    STATS = (
        *GongGame.STATS,
        "missions",
        "fight",
        "malus",
        "bonus",
        "challenges",
        "cards_laid",
        "cards_given",
        "cards_taken",
        "joker_draws",
    )

    def __init__(
        self,
        players: int,
        seed: int | str,
        options: dict[str, Any],
        deck: Any = None,
        missions: MissionBook | None = None,
    ) -> None:
        super().__init__(players, seed, options, deck)
        self.book = self._check_book(missions if missions is not None else bundled_missions())
        self.digest = texts_digest(self.book)
        """The digest of the texts of the missions it started with (kept in its saves)."""
        self.own_piles = False
        self.shown = -1  # the drawn card whose mission is being played
        self.mission: str | None = None  # the mission being played
        self.last_mission: str | None = None  # the last mission drawn, even once done
        self.queue: list[Pending] = []

    @staticmethod
    def _check_book(book: MissionBook) -> MissionBook:
        if not isinstance(book, MissionBook):
            raise GameSetupError(
                f"missions must be a MissionBook (gong.missions.load_missions), "
                f"not {type(book).__name__}",
                "missions",
            )
        empty = [k.value for k in Kind if not book.of_kind(k)]
        if empty:
            raise GameSetupError(
                f"GONG FIGHT needs missions of every kind; none for: {', '.join(empty)}",
                "missions",
            )
        return book

    @property
    def phase(self) -> str:
        """ "mission" while the drawn card's mission is being played, else "turn"."""
        return "turn" if self.mission is None else "mission"

    def _derived_stats(self) -> dict[str, int]:
        return {"own_piles": int(self.own_piles)}

    # --- who may do what --------------------------------------------------------------------

    def decider(self) -> int:
        """The one seat whose decision the game waits for."""
        if self.counter is not None:
            return self.counter.target
        if self.mission is not None and self.queue:
            step = self.queue[0]
            if step.verb == "receive" and isinstance(step.target, int):
                return step.target
            return step.subject
        return self.current

    def _to_act(self) -> list[int]:
        return [self.decider()]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.decider():
            return []
        if self.counter is not None:
            return self._counter_actions(seat)
        if self.mission is None:
            acts = self._joker_actions(seat) if self.fresh else []
            acts.append(act(seat, "draw"))
            return acts
        verb, _, target, subject, _ = self.queue[0]
        others = [s for s in range(self.players) if s != seat]
        if verb == "challenge":
            if target is None:
                return [act(seat, "target", -1, s) for s in others]
            pair = sorted((subject, target))
            return [act(seat, "winner", -1, s) for s in pair]
        if target == "chosen":
            return [act(seat, "target", -1, s) for s in others]
        hand = self.hands[seat]
        if verb == "lay_down":
            return [act(seat, "lay", c) for c in hand]
        receiver = target if verb == "give" else subject
        return [act(seat, "give", c, receiver) for c in hand]

    def purpose(self, action: Action) -> str | None:
        """A chosen player is for the mission's pending step (give to, take from, receive
        from, challenge)."""
        if action.verb == "target" and self.queue:
            return self.queue[0].verb
        return None

    # --- doing it -----------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        verb, seat = action.verb, action.player
        if verb == "draw":
            self._draw_for_mission(seat)
            return
        if verb in JOKER_VERBS:
            self._joker_verb(action)
            return
        step = self.queue[0]
        if verb == "target":
            self.queue[0] = step._replace(target=action.target)
            self._emit("chose", {"player": seat, "target": action.target})
        elif verb == "winner":
            self._challenge_result(action.target)
        else:  # lay or give: one card of the giver's choice
            self._hand_over(action, step)
            if self._check_out():
                return
        self._run()

    def _hand_over(self, action: Action, step: Pending) -> None:
        """A card laid down or given, and the step's count of cards one less."""
        seat, c = action.player, card_index(action.card)
        hand = self.hands[seat]
        hand.remove(c)
        if action.verb == "lay":
            self.discard.append(c)
            self.counts["cards_laid"] += 1
            self._emit("laid", {"player": seat, "card": self.CODES[c]})
        else:
            self._take_into(action.target, c)
            self.counts["cards_given"] += 1
            to = action.target
            self._emit("gave", {"player": seat, "to": to}, {"card": self.CODES[c]}, (seat, to))
        # A step that asks for more cards than are held ends with the hand: an empty hand ends
        # the game at once (`_check_out`), and with it the mission.
        if step.count <= 1:
            self.queue.pop(0)
        else:
            self.queue[0] = step._replace(count=step.count - 1)

    def _turn_up(self, seat: int) -> int | None:
        """The card whose mission `seat` plays: the top of the draw pile (a drawn joker joins
        the hand, and the next card is drawn), or, in own piles, a random numbered card of
        their own; None when their own pile holds only jokers."""
        hand = self.hands[seat]
        while not self.own_piles:
            c = self._draw_card()
            if c is None:
                continue  # both piles were empty: own piles from now on
            self.counts["draws"] += 1
            if is_numbered(c):
                return c
            self._take_into(seat, c)  # a drawn joker joins the hand; draw again
            self._drew(seat, c)
            self.counts["joker_draws"] += 1
        numbered = [c for c in hand if is_numbered(c)]
        if not numbered:
            return None
        c = numbered[self.rng.below(len(numbered))]
        hand.remove(c)
        return c

    def _draw_for_mission(self, seat: int) -> None:
        self.fresh = False
        c = self._turn_up(seat)
        if c is None:
            self._end_turn()  # only jokers left in the pile: no mission this turn
            return
        self.shown = c
        self._emit("turned_up", {"player": seat, "card": self.CODES[c]})
        if self._check_out():
            return
        kind = self.DECK[c].kind
        missions = self.book.of_kind(kind)
        mission = missions[self.rng.below(len(missions))]
        self.mission = self.last_mission = mission.id
        self.counts["missions"] += 1
        self.counts[kind.value] += 1
        self._emit("mission", {"player": seat, "mission": mission.id, "kind": kind.value})
        self.queue = [
            Pending("challenge", 0, None, seat)
            if isinstance(step, Challenge)
            else Pending(step.verb, step.count, step.target, seat)
            for step in mission.effect
        ]
        self._run()

    def _draw_card(self) -> int | None:
        """The top card of the draw pile, refilled from the discards when empty; None (and
        own piles from now on) when both are empty."""
        if self.own_piles:
            return None
        if not self.draw:
            if self.discard:
                self.draw = self.discard
                self.discard = []
                self.rng.shuffle(self.draw)
                self.counts["refills"] += 1
                self._emit("refilled", {"count": len(self.draw)})
            else:
                self.own_piles = True
                self._emit("own_piles", {})
                return None
        return self.draw.pop()

    def _run(self) -> None:
        """Apply the pending steps until one needs a decision, or the mission is done."""
        queue = self.queue
        while queue:
            step = queue[0]
            if step.verb == "challenge":
                if step.target is None or self.options["challenges"] == "report":
                    return  # the active player chooses an opponent, then reports who won
                self._challenge_result(step.subject if self.rng.below(2) == 0 else step.target)
                continue
            if step.verb == "draw":
                self._draw_step(step)
                queue.pop(0)
                continue
            if step.verb == "lay_down":
                if step.count > 0 and self.hands[step.subject]:
                    return
                queue.pop(0)
                continue
            # give, take, receive: first find who the other player is.
            if step.target == "chosen":
                return
            if step.target == "each":
                seats = [(step.subject + k) % self.players for k in range(1, self.players)]
                queue[0:1] = [step._replace(target=s) for s in seats]
                continue
            if not isinstance(step.target, int):
                step = queue[0] = step._replace(target=self._resolve(step))
            if step.verb == "take":
                self._take_step(step)
                queue.pop(0)
                if self._check_out():
                    return
                continue
            giver = step.subject if step.verb == "give" else step.target
            if step.count > 0 and self.hands[giver]:
                return
            queue.pop(0)
        self._mission_done()

    def _resolve(self, step: Pending) -> int | None:
        """The seat a step's target word names."""
        return {
            "left": (step.subject + 1) % self.players,
            "right": (step.subject - 1) % self.players,
            "opponent": step.opponent,
        }[step.target]

    def _draw_step(self, step: Pending) -> None:
        for _ in range(step.count):
            c = self._draw_card()
            if c is None:
                break
            self._take_into(step.subject, c)
            self._drew(step.subject, c)
            self.counts["draws"] += 1

    def _take_step(self, step: Pending) -> None:
        """The subject takes `count` random cards from the target's hand."""
        victim = self.hands[step.target]
        for _ in range(min(step.count, len(victim))):
            c = victim.pop(self.rng.below(len(victim)))
            self._take_into(step.subject, c)
            self.counts["cards_taken"] += 1
            self._emit(
                "took",
                {"player": step.subject, "from": step.target},
                {"card": self.CODES[c]},
                (step.subject, step.target),
            )

    def _challenge_result(self, winner: int) -> None:
        step = self.queue.pop(0)
        loser = step.target if winner == step.subject else step.subject
        challenge = self.book.by_id[self.mission].challenge
        self.counts["challenges"] += 1
        self._emit("challenge_won", {"player": winner, "loser": loser})
        self.queue[0:0] = [
            Pending(s.verb, s.count, s.target, winner, loser) for s in challenge.winner
        ] + [Pending(s.verb, s.count, s.target, loser, winner) for s in challenge.loser]

    def _mission_done(self) -> None:
        if self.outcome is not None:
            return
        c, self.shown, self.mission = self.shown, -1, None
        if self.options["drawn_card_to_hand"]:
            self._take_into(self.current, c)
        else:
            self.discard.append(c)
        self._end_turn()

    def _check_out(self) -> bool:
        """End the game as soon as a player has no cards: the active player if among them,
        else the first of them clockwise from the active player."""
        for k in range(self.players):
            s = (self.current + k) % self.players
            if not self.hands[s]:
                self._finish(Reason.OUT_OF_CARDS, [s])
                return True
        return False

    def _finish(self, reason: str, winners: list[int]) -> None:
        super()._finish(reason, winners)
        self.queue = []

    def _table_cards(self) -> list[int]:
        return [self.shown] if self.shown >= 0 else []

    def _face_up(self) -> list[int]:
        return self.discard[-1:] + self._table_cards()

    # --- refusals -----------------------------------------------------------------------------

    def _explain_variant(self, action: Action) -> IllegalAction | None:
        seat, verb = action.player, action.verb
        if self.mission is None:
            if verb in ("lay", "give", "target", "winner"):
                return IllegalAction(
                    "draw_first",
                    "Start your turn by drawing a card: its mission tells you what to do.",
                )
            return None
        step = self.queue[0]
        wanted = self.pending_text()
        if verb == "draw":
            return IllegalAction(
                "mission_in_progress", f"Finish the mission first: {wanted}.", **self._step()
            )
        if verb == "target" and action.target == seat:
            return IllegalAction("choose_other", "Choose another player, not yourself.")
        if verb == "winner" and step.verb == "challenge" and step.target is not None:
            return IllegalAction(
                "winner_of_challenge",
                f"The winner is player {step.subject} or player "
                f"{step.target}, who played the challenge.",
                players=[step.subject, step.target],
            )
        if verb == "give" and step.verb in ("give", "receive") and isinstance(step.target, int):
            to = step.target if step.verb == "give" else step.subject
            if action.target != to:
                return IllegalAction(
                    "give_to", f"The mission says: {wanted}.", to=to, **self._step()
                )
        return IllegalAction("mission_step", f"The mission says: {wanted}.", **self._step())

    def _step(self) -> dict[str, Any]:
        """A refusal's params naming the step the game waits for (data, no words)."""
        return {f"pending_{key}": value for key, value in self.pending().items()}

    def _waiting_text(self, seat: int) -> str:
        return f"Not now: {self.pending_text()}."

    def pending_text(self) -> str:
        """What the game waits for, in English words (refusals' messages, the terminal)."""
        if self.outcome is not None:
            return "nothing: the game is over"
        if self.counter is not None:
            return f"player {self.counter.target} answers the GONG JOKER"
        if self.mission is None or not self.queue:
            return f"player {self.current} draws a card"
        verb, count, target, subject, _ = self.queue[0]
        cards = "card" if count == 1 else "cards"
        if verb == "challenge":
            if target is None:
                return f"player {subject} chooses an opponent"
            return f"player {subject} says who won, player {subject} or player {target}"
        if target == "chosen":
            what = {"give": "to give", "take": "to take", "receive": "to get"}[verb]
            return f"player {subject} chooses a player {what} {count} {cards}"
        if verb == "lay_down":
            return f"player {subject} lays down {count} {cards} of their choice"
        if verb == "give":
            return f"player {subject} gives {count} {cards} of their choice to player {target}"
        return f"player {target} gives {count} {cards} of their choice to player {subject}"

    # --- what players see ---------------------------------------------------------------------

    def _table(self, seat: int | None) -> dict[str, Any]:
        table: dict[str, Any] = {
            "top": self.CODES[self.discard[-1]] if self.discard else None,
            "discard_pile": len(self.discard),
            "own_piles": self.own_piles,
            "shown": self.CODES[self.shown] if self.shown >= 0 else None,
        }
        if self.mission is not None:
            mission: Mission = self.book.by_id[self.mission]
            # The mission by id and the step as data: the faces write the words, in their
            # reader's language, from the mission book.
            table["mission"] = {"id": mission.id, "kind": mission.kind.value}
            table["pending"] = self.pending()
        return table

    def pending(self) -> dict[str, Any]:
        """What the game waits for, as data: the `step` ("counter", "draw", a mission step:
        "challenge", "give", "receive", "take", "lay_down"), the `player` who acts on it, and
        for a mission step its `count`, `target` (a seat, "chosen" while it is to be chosen,
        or None) and `opponent`."""
        if self.counter is not None:
            return {"step": "counter", "player": self.counter.target}
        if self.mission is None or not self.queue:
            return {"step": "draw", "player": self.current}
        verb, count, target, subject, opponent = self.queue[0]
        return {
            "step": verb,
            "player": subject,
            "count": count,
            "target": target,
            "opponent": opponent,
        }

    # --- serialisation ------------------------------------------------------------------------

    def _dump(self) -> dict[str, Any]:
        # What the game plays with, not where it was read from: a save names no folder of
        # this machine, so it loads again after the site moves (see `_load`).
        data = super()._dump()
        data["missions"] = {
            "ids": [m.id for m in self.book],
            "effects": {m.id: [m.kind.value, effect_data(m.effect)] for m in self.book},
            "digest": self.digest,
        }
        return data

    def _load(self, data: dict[str, Any], missions: MissionBook | None = None) -> None:
        """A saved game, with the missions it was playing: `missions` (the site's own book)
        when its ids and effects are the saved ones, whatever their texts now say; else the
        saved effects themselves. A save of the first format (a folder, no effects) loads
        from its folder while that exists, else from `missions` (or the bundled missions)
        with the saved ids; otherwise it is refused, saying why."""
        super()._load(data)
        saved = data.get("missions") or {}
        if "effects" in saved:
            self.book = self._check_book(_book_of(saved, missions))
            self.digest = str(saved.get("digest", ""))
            return
        directory = saved.get("directory")
        candidates = []
        if directory is not None and Path(directory).is_dir():
            try:
                candidates.append(_load_book(str(Path(directory))))
            except MissionError as exc:
                raise GameSetupError(
                    f"cannot reload the game's missions: {exc}", "missions"
                ) from None
        candidates += [missions] if missions is not None else [bundled_missions()]
        for book in candidates:
            if [m.id for m in book] == saved.get("ids"):
                self.book = self._check_book(book)
                self.digest = texts_digest(self.book)
                return
        raise GameSetupError(
            "this game was saved with missions that are gone: its folder "
            f"({directory}) is not here and today's missions have other ids",
            "missions",
        )

    def setup_keywords(self) -> dict[str, Any]:
        return {"missions": self.book}


SPEC = GameSpec(
    name="gong-fight",
    title="GONG FIGHT",
    min_players=2,
    max_players=6,
    options={
        "turn_limit": 1000,
        "first_player": 0,
        "drawn_card_to_hand": False,
        "challenges": "report",
    },
    choices={"challenges": ("report", "random")},
    factory=FightGame,
    keywords=("missions",),
    refusals=(
        *GONG_REFUSALS,
        "choose_other",
        "draw_first",
        "give_to",
        "mission_in_progress",
        "mission_step",
        "winner_of_challenge",
    ),
    deck=GONG,
    robots={"normal": "gong.referee.bots:greedy_fight"},
    reasons={
        "out_of_cards": "a player has no cards left",
    },
    table={
        "piles": {
            "top": "table.top",
            "shown": "table.shown",
            "draw": "draw_pile",
            "discard": "table.discard_pile",
        },
        "winner": "winner_no_cards",
    },
)
FightGame.spec = SPEC

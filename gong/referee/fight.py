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
- a challenge is then decided as the option ``challenges`` says
  (server/content/rules/en/fight.md#fights-online):

  - ``report``: the fighters play it for real and the people who did not fight say who won
    (``report 0``: the first report decides). With none of them (two players, or only robots
    besides the fighters: the option ``robots`` names the robots' seats) both fighters say
    it, each in secret; when they disagree, rock-paper-scissors on the phones decides. A
    robot cannot fight for real: with a robot fighter, a phone game is played instead.
  - ``phones``: a phone game, picked by the game's seeded generator: rock-paper-scissors
    (``choose rock``, secret until both chose), odd or even (the challenger's ``call odd``,
    then both ``show 1`` to ``show 5`` in secret) or highest card (each fighter's ``draw``
    turns up a number from 1 to 6). A tie plays again; after three ties a coin decides, for
    everyone to see.
  - ``random``: a fair coin from the game's seed, at once (the simulator).

  ``timeout 1`` is the tables' clock, never a player's: player 1 made no phone-game choice
  in time and loses the challenge. It is never among the legal actions; `late_seats()` says
  who may be timed out, and the referee itself reads no clock.

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


MINI_GAMES = ("rps", "odd_even", "high_card")
"""The phone games a challenge may become, in the order the seeded generator picks from."""
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
TIES_BEFORE_COIN = 3
FIGHT_VERBS = frozenset({"report", "choose", "call", "show", "draw", "timeout"})


def robot_seats(text: str, players: int) -> frozenset[int]:
    """The seats the option ``robots`` names ("1,3"), checked."""
    seats: set[int] = set()
    for word in str(text).replace(" ", "").split(","):
        if not word:
            continue
        if not word.isdigit() or int(word) >= players or int(word) in seats:
            raise GameSetupError(
                f"option 'robots' lists seats from 0 to {players - 1}, each once, "
                f"separated by commas, not {text!r}",
                "robots",
            )
        seats.add(int(word))
    return frozenset(seats)


class FightGame(GongGame):
    VERBS = (
        "joker", "counter", "no-counter", "draw", "target", "winner", "report", "choose",
        "call", "show", "timeout", "lay", "give",
    )  # fmt: skip
    FIELDS = (
        "own_piles", "shown", "mission", "last_mission", "queue", "fight", "heard", "heard_fight",
    )  # fmt: skip
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
        self.fight: dict[str, Any] | None = None
        """The challenge being decided (JSON data): the fighters `a` (who challenged) and
        `b`, `how` ("report" or a phone game), `why` a phone game is played ("phones",
        "robot", "disagree"), the `witnesses` who report, the fighters' secret `picks` and
        `says` (seat as text -> word or seat), the challenger's `call`, the `ties` so far."""
        self.heard: list[int] = []
        """The other witnesses, once the first report decided the fight: each may still say
        who they saw win, shown beside it; it changes nothing (until the mission is done)."""
        self.heard_fight: list[int] = []
        """The fighters of that fight: [winner, loser]."""

    def _take_options(self, options: dict[str, Any]) -> None:
        # A game saved before the option existed had no robots it knew of.
        self.robots = robot_seats(options.setdefault("robots", ""), self.players)

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
        """The one seat whose decision the game waits for (in a fight, the first of those
        still to act)."""
        if self.fight is not None:
            acting = self._fight_acting()
            return acting[0] if acting else self.current
        if self.counter is not None:
            return self.counter.target
        if self.mission is not None and self.queue:
            step = self.queue[0]
            if step.verb == "receive" and isinstance(step.target, int):
                return step.target
            return step.subject
        return self.current

    def _to_act(self) -> list[int]:
        if self.fight is not None:
            return self._fight_acting()
        decider = self.decider()
        return sorted({decider, *self.heard}) if self.heard else [decider]

    def _legal(self, seat: int) -> list[Action]:
        if self.fight is not None:
            return self._fight_legal(seat)
        if seat in self.heard and seat != self.decider():
            return [act(seat, "report", -1, s) for s in sorted(self.heard_fight)]
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
            # A game saved before fights had their reports and phone games: the old rule,
            # the active player says who won.
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
        from, challenge); a fight's move is for its way of deciding ("report", "rps",
        "odd_even", "high_card")."""
        if action.verb == "target" and self.queue:
            return self.queue[0].verb
        if self.fight is not None and action.verb in FIGHT_VERBS:
            return self.fight["how"]  # a fight's move: "report" or its phone game
        return None

    # --- doing it -----------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        verb, seat = action.verb, action.player
        if verb == "draw" and self.fight is None:
            self._draw_for_mission(seat)
            return
        if verb in JOKER_VERBS:
            self._joker_verb(action)
            return
        if self.fight is not None and verb in FIGHT_VERBS:
            self._fight_move(action)
            return
        if verb == "report":  # another witness, after the first decided: heard, nothing more
            self.heard.remove(seat)
            agrees = action.target == self.heard_fight[0]
            code = "reported_too" if agrees else "reported_otherwise"
            self._emit(code, {"player": seat, "target": action.target})
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
                if step.target is None:
                    return  # the active player chooses an opponent
                if self.options["challenges"] != "random":
                    if self.fight is None:
                        self._start_fight(step)
                    return  # the fight is decided by its reports or its phone game
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

    # --- fights: reports and phone games ---------------------------------------------------

    def _start_fight(self, step: Pending) -> None:
        """A challenge whose opponent is chosen: played for real and reported, or as a phone
        game (the option says phones, or a robot fights: it cannot play for real)."""
        a, b = step.subject, step.target
        fight: dict[str, Any] = {
            "a": a, "b": b, "how": "report", "why": "", "witnesses": [], "picks": {},
            "says": {}, "call": None, "ties": 0,
        }  # fmt: skip
        if self.options["challenges"] == "report" and not {a, b} & self.robots:
            others = [s for s in range(self.players) if s not in (a, b)]
            fight["witnesses"] = [s for s in others if s not in self.robots]
            self.fight = fight
            code = "fight_report" if fight["witnesses"] else "fight_own_report"
            self._emit(code, {"player": a, "target": b})
            return
        fight["how"] = MINI_GAMES[self.rng.below(len(MINI_GAMES))]
        fight["why"] = "phones" if self.options["challenges"] == "phones" else "robot"
        self.fight = fight
        self._emit(f"fight_{fight['how']}", {"player": a, "target": b})

    def _fight_legal(self, seat: int) -> list[Action]:
        fight = self.fight
        assert fight is not None
        a, b, how = fight["a"], fight["b"], fight["how"]
        fighters = sorted((a, b))
        if how == "report":
            if fight["witnesses"]:
                if seat not in fight["witnesses"]:
                    return []
            elif seat not in fighters or str(seat) in fight["says"]:
                return []
            return [act(seat, "report", -1, s) for s in fighters]
        if seat not in fighters or str(seat) in fight["picks"]:
            return []
        if how == "rps":
            return [act(seat, "choose", word=w) for w in ("paper", "rock", "scissors")]
        if how == "odd_even":
            if fight["call"] is None:
                return [act(seat, "call", word=w) for w in ("even", "odd")] if seat == a else []
            return [act(seat, "show", word=str(n)) for n in range(1, 6)]
        return [act(seat, "draw")]

    def _fight_acting(self) -> list[int]:
        return [s for s in range(self.players) if self._fight_legal(s)]

    def late_seats(self) -> list[int]:
        """The fighters a phone game waits for: the seats the tables' clock may time out
        (``timeout <seat>``) after their countdown. A fight played for real has no clock."""
        if self.fight is None or self.fight["how"] == "report" or self.outcome is not None:
            return []
        return self._fight_acting()

    def _clock_action(self, action: Action) -> Action | None:
        """``timeout <seat>``, the tables' clock, for a seat a phone game waits for."""
        late = action.verb == "timeout" and action.target == action.player
        if late and action.player in self.late_seats():
            return act(action.player, "timeout", -1, action.player)
        return None

    def _fight_move(self, action: Action) -> None:
        fight = self.fight
        assert fight is not None
        seat, verb, a, b = action.player, action.verb, fight["a"], fight["b"]
        if verb == "timeout":
            self._emit("fight_timeout", {"player": seat})
            self._fight_won(b if seat == a else a)
            return
        if verb == "report":
            if fight["witnesses"]:
                self._emit("reported", {"player": seat, "target": action.target})
                self.heard = [s for s in fight["witnesses"] if s != seat]
                self.heard_fight = [action.target, b if action.target == a else a]
                self._fight_won(action.target)
                return
            fight["says"][str(seat)] = action.target
            self._emit("fighter_reported", {"player": seat}, {"target": action.target}, (seat,))
            if len(fight["says"]) < 2:
                return
            said_a, said_b = fight["says"][str(a)], fight["says"][str(b)]
            self._emit("reported", {"player": a, "target": said_a})
            self._emit("reported", {"player": b, "target": said_b})
            if said_a == said_b:
                self._fight_won(said_a)
                return
            fight.update(how="rps", why="disagree", says={})
            self._emit("reports_differ", {"player": a, "target": b})
            return
        if verb == "call":
            fight["call"] = action.rank
            self._emit("called", {"player": seat, "choice": action.rank})
            return
        if verb == "draw":  # highest card: a number from a fresh 1-to-6 stack, for all to see
            number = self.rng.below(6) + 1
            fight["picks"][str(seat)] = str(number)
            self._emit("drew_number", {"player": seat, "number": number})
        else:
            fight["picks"][str(seat)] = action.rank
            self._emit("picked", {"player": seat}, {"choice": action.rank}, (seat,))
        if len(fight["picks"]) < 2:
            return
        pick_a, pick_b = fight["picks"][str(a)], fight["picks"][str(b)]
        fight["picks"] = {}
        winner: int | None
        if fight["how"] == "rps":
            self._emit("rps_shown", {"player": a, "target": b, "choice": pick_a, "other": pick_b})
            winner = None if pick_a == pick_b else a if BEATS[pick_a] == pick_b else b
        elif fight["how"] == "odd_even":
            total = int(pick_a) + int(pick_b)
            self._emit(
                "fingers_shown",
                {"player": a, "target": b, "number": int(pick_a), "other_number": int(pick_b),
                 "total": total},
            )  # fmt: skip
            winner = a if (total % 2 == 1) == (fight["call"] == "odd") else b
        else:
            winner = None if pick_a == pick_b else a if int(pick_a) > int(pick_b) else b
        if winner is None:
            fight["ties"] += 1
            if fight["ties"] < TIES_BEFORE_COIN:
                self._emit("fight_tie", {"count": fight["ties"]})
                return
            winner = a if self.rng.below(2) == 0 else b
            self._emit("fight_coin", {"player": winner})
        self._fight_won(winner)

    def _fight_won(self, winner: int) -> None:
        self.fight = None
        self._challenge_result(winner)
        self._run()

    def _fight_table(self, seat: int | None) -> dict[str, Any]:
        """The fight as `seat` may see it: who fights and how, who has chosen or said (not
        what: only their own), the call, the numbers drawn, the ties so far."""
        fight = self.fight
        assert fight is not None
        shown = {k: fight[k] for k in ("a", "b", "how", "why", "witnesses", "call", "ties")}
        shown["chosen"] = sorted(int(s) for s in fight["picks"])
        shown["said"] = sorted(int(s) for s in fight["says"])
        if fight["how"] == "high_card":
            shown["numbers"] = {s: int(n) for s, n in fight["picks"].items()}
        mine = str(seat)
        if seat is not None and mine in fight["picks"]:
            shown["mine"] = fight["picks"][mine]
        if seat is not None and mine in fight["says"]:
            shown["mine"] = fight["says"][mine]
        shown["acting"] = self._fight_acting()
        return shown

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
        self.heard, self.heard_fight = [], []
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
        self.heard, self.heard_fight = [], []

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
            if self.fight is not None:
                table["fight"] = self._fight_table(seat)
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
        state = data.get("state")
        if isinstance(state, dict) and "fight" not in state:
            # Saved before fights were reported or played on the phones: a challenge then
            # waits for the old `winner` report (see `_legal`).
            data = {**data, "state": {**state, "fight": None}}
            state = data["state"]
        if isinstance(state, dict) and "heard" not in state:
            data = {**data, "state": {**state, "heard": [], "heard_fight": []}}
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
        "robots": "",
    },
    choices={"challenges": ("report", "phones", "random")},
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
    events={
        "fight_report": (
            "{Player} challenges {target}: play it for real, and the others say who won.",
            None,
        ),
        "fight_own_report": (
            "{Player} challenges {target}: play it for real, then each of you says who won.",
            None,
        ),
        "fight_rps": ("{Player} challenges {target} to rock, paper, scissors on the phones.", None),
        "fight_odd_even": ("{Player} challenges {target} to odd or even on the phones.", None),
        "fight_high_card": ("{Player} challenges {target} to highest number on the phones.", None),
        "reported": ("{Player} says {target} won.", None),
        "reported_too": ("{Player} says {target} won too.", None),
        "reported_otherwise": ("But {player} says {target} won.", None),
        "fighter_reported": ("{Player} says {target} won.", "{Player} has said who won."),
        "reports_differ": (
            "{Player} and {target} don't agree: rock, paper, scissors on the phones decides.",
            None,
        ),
        "picked": ("{Player} chose {choice}.", "{Player} has chosen."),
        "called": ("{Player} calls {choice}.", None),
        "rps_shown": ("{Player}: {choice}. {target}: {other}.", None),
        "fingers_shown": (
            "{Player} shows {number}, {target} shows {other_number}: {total} in all.",
            None,
        ),
        "drew_number": ("{Player} draws a {number}.", None),
        "fight_tie": ("A tie! Play again.", None),
        "fight_coin": ("Three ties, so a coin decides: it picks {player}.", None),
        "fight_timeout": ("{Player} ran out of time and loses the challenge.", None),
    },  # fmt: skip
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

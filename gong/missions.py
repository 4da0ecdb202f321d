"""GONG FIGHT missions: load `missions/<kind>.yaml`, validate every field, pick fairly.

The file format and the effect vocabulary are documented in missions/README.md. A mission's
`effect` is what the referee applies and what the page explains, so it is validated as
strictly as code: every problem is reported with its file, line, mission id and field.

>>> book = load_missions(BUNDLED_MISSIONS)
>>> sorted(k.value for k in book.by_kind)
['bonus', 'fight', 'malus']
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gong.cards import Kind
from gong.i18n import DEFAULT_LANGUAGE, LANGUAGES, typeset
from gong.yamlsource import LocatedDict, LocatedList, YamlSourceError, load_yaml, shown

BUNDLED_MISSIONS = Path(__file__).resolve().parent.parent / "missions"
"""The missions shipped with the project (`missions/` at the top of the repository)."""

MAX_COUNT = 5
"""No single step moves more than this many cards: a mission must stay playable."""

MAX_PROBLEMS_PER_FILE = 50
"""A file that is wrong everywhere is reported this far, so the list stays readable."""

MISSION_ID = re.compile(r"^[a-z][a-z0-9-]{1,39}$")
GAME_ID = re.compile(r"^[a-z][a-z0-9_]{1,39}$")

# Who a step's cards go to or come from. `opponent` exists only inside a challenge's result.
GIVE_TARGETS = ("left", "right", "chosen", "each")
TAKE_SOURCES = ("left", "right", "chosen")
RECEIVE_SOURCES = ("left", "right", "chosen", "each")
SIMPLE_VERBS = ("draw", "lay_down")
TARGETED_VERBS = {
    "give": ("to", GIVE_TARGETS),
    "take": ("from", TAKE_SOURCES),
    "receive": ("from", RECEIVE_SOURCES),
}
VERBS = (*SIMPLE_VERBS, *TARGETED_VERBS, "challenge")


@dataclass(frozen=True, slots=True)
class Step:
    """One card movement, done by the player the mission names (the active player, or in a
    challenge the winner or the loser).

    - `draw` N: draw N cards from the draw pile.
    - `lay_down` N: put N cards of your choice on the discard pile.
    - `give` N `to` left/right/chosen/each/opponent: give N cards of your choice.
    - `take` N `from` left/right/chosen/opponent: take N cards at random from that player.
    - `receive` N `from` left/right/chosen/each/opponent: that player (each other player, for
      `each`) gives you N cards of their choice.
    """

    verb: str
    count: int
    target: str | None = None

    def __str__(self) -> str:
        if self.target is None:
            return f"{self.verb} {self.count}"
        preposition = TARGETED_VERBS[self.verb][0]
        return f"{self.verb} {self.count} {preposition} {self.target}"


@dataclass(frozen=True, slots=True)
class Challenge:
    """A mini-game between the active player and an opponent of their choice; the winner's
    steps apply to the winner, the loser's to the loser (in that order)."""

    game: str
    winner: tuple[Step, ...]
    loser: tuple[Step, ...]

    def __str__(self) -> str:
        won = ", ".join(map(str, self.winner)) or "nothing"
        lost = ", ".join(map(str, self.loser)) or "nothing"
        return f"challenge {self.game}: winner {won}; loser {lost}"


Effect = tuple[Step | Challenge, ...]


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    kind: Kind
    title: Mapping[str, str]
    text: Mapping[str, str]
    effect: Effect
    source: str = ""
    """`file:line` where the mission starts, for messages."""

    def title_in(self, lang: str) -> str:
        return self.title.get(lang) or self.title[DEFAULT_LANGUAGE]

    def text_in(self, lang: str) -> str:
        return self.text.get(lang) or self.text[DEFAULT_LANGUAGE]

    @property
    def challenge(self) -> Challenge | None:
        return next((s for s in self.effect if isinstance(s, Challenge)), None)


@dataclass(frozen=True)
class Problem:
    path: str
    line: int | None
    mission_id: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.path + (f", line {self.line}" if self.line else "")
        parts = [where]
        if self.mission_id:
            parts.append(f"mission {self.mission_id!r}")
        if self.field:
            parts.append(f"field {shown(self.field)}")
        return ", ".join(parts) + f": {self.message}"


class MissionError(ValueError):
    """The mission files are invalid. `problems` lists every problem found, in file order."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the mission files"
        super().__init__(head + ":\n" + "\n".join(f"  {p}" for p in self.problems))


@dataclass
class MissionBook:
    """Every mission, by kind (in file order) and by id."""

    by_kind: dict[Kind, tuple[Mission, ...]]
    directory: Path | None = None
    incomplete: dict[str, list[Problem]] = field(default_factory=dict)
    """Each language whose translations have problems (missing or unknown ids, empty texts),
    with them; such a language is hidden, never shown half-translated."""
    translated: dict[str, frozenset[str]] = field(default_factory=dict)
    """The ids translated in each language, complete or not, for `summary`."""
    by_id: dict[str, Mission] = field(init=False)

    def __post_init__(self) -> None:
        self.by_id = {m.id: m for kind in Kind for m in self.by_kind.get(kind, ())}

    def __iter__(self) -> Iterator[Mission]:
        for kind in Kind:
            yield from self.by_kind.get(kind, ())

    def __len__(self) -> int:
        return len(self.by_id)

    def of_kind(self, kind: Kind) -> tuple[Mission, ...]:
        return self.by_kind.get(kind, ())

    def get(self, mission_id: str) -> Mission | None:
        return self.by_id.get(mission_id)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages every mission is translated into, in LANGUAGES order."""
        return tuple(lang for lang in LANGUAGES if lang not in self.incomplete)


class _TooManyProblems(Exception):
    pass


class _Checker:
    """Validates one file, collecting problems instead of stopping at the first (up to
    MAX_PROBLEMS_PER_FILE)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def problem(self, line: int | None, mission_id: str | None, fld: str | None, msg: str) -> None:
        if len(self.problems) == MAX_PROBLEMS_PER_FILE:
            self.problems.append(
                Problem(
                    str(self.path),
                    line,
                    None,
                    None,
                    f"more problems follow; checking stopped after {MAX_PROBLEMS_PER_FILE}",
                )
            )
            raise _TooManyProblems
        self.problems.append(Problem(str(self.path), line, mission_id, fld, msg))

    def count(self, value: Any, line: int, mid: str, fld: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(
                line, mid, fld, f"must be a whole number from 1 to {MAX_COUNT}, not {shown(value)}"
            )
            return None
        if not 1 <= value <= MAX_COUNT:
            self.problem(line, mid, fld, f"must be from 1 to {MAX_COUNT}, not {value}")
            return None
        return value

    def step(
        self, raw: Any, line: int, mid: str, fld: str, in_challenge: bool, allow_challenge: bool
    ) -> Step | Challenge | None:
        if not isinstance(raw, dict) or len(raw) != 1:
            self.problem(
                line,
                mid,
                fld,
                "a step is a mapping with exactly one verb, like "
                "'draw: 1' or 'give: {count: 1, to: left}'",
            )
            return None
        ((verb, arg),) = raw.items()
        here = f"{fld}.{verb}"
        if verb not in VERBS:
            self.problem(
                line,
                mid,
                here,
                f"unknown effect verb {shown(verb)}: expected one of {', '.join(VERBS)}",
            )
            return None
        if verb in SIMPLE_VERBS:
            n = self.count(arg, line, mid, here)
            return None if n is None else Step(verb, n)
        if verb == "challenge":
            if not allow_challenge:
                where = "inside a challenge" if in_challenge else "outside fight missions"
                self.problem(line, mid, here, f"a challenge cannot appear {where}")
                return None
            return self.challenge(arg, line, mid, here)
        preposition, targets = TARGETED_VERBS[verb]
        if in_challenge:
            targets = (*targets, "opponent")
        if not isinstance(arg, dict):
            self.problem(
                line,
                mid,
                here,
                f"needs 'count' and '{preposition}', like "
                f"'{verb}: {{count: 1, {preposition}: {targets[0]}}}'",
            )
            return None
        extra = sorted(set(arg) - {"count", preposition})
        if extra:
            self.problem(
                arg.line_of(extra[0]),
                mid,
                f"{here}.{extra[0]}",
                f"unknown field; {verb} takes 'count' and '{preposition}'",
            )
        n = self.count(arg.get("count"), arg.line_of("count"), mid, f"{here}.count")
        target = arg.get(preposition)
        if target not in targets:
            self.problem(
                arg.line_of(preposition),
                mid,
                f"{here}.{preposition}",
                f"must be one of {', '.join(targets)}, not {shown(target)}",
            )
            return None
        return None if n is None or extra else Step(verb, n, target)

    def steps(
        self, raw: Any, line: int, mid: str, fld: str, in_challenge: bool, allow_challenge: bool
    ) -> tuple[Step | Challenge, ...] | None:
        if not isinstance(raw, list) or not raw:
            self.problem(line, mid, fld, "must be a non-empty list of steps")
            return None
        result = []
        for i, item in enumerate(raw):
            step = self.step(
                item, raw.line_of(i), mid, f"{fld}[{i}]", in_challenge, allow_challenge
            )
            if step is None:
                return None
            result.append(step)
        return tuple(result)

    def challenge(self, arg: Any, line: int, mid: str, fld: str) -> Challenge | None:
        if not isinstance(arg, dict):
            self.problem(line, mid, fld, "needs 'game', 'winner' and 'loser'")
            return None
        ok = True
        for missing in ("game", "winner", "loser"):
            if missing not in arg:
                self.problem(arg.line, mid, f"{fld}.{missing}", "missing")
                ok = False
        for extra in sorted(set(arg) - {"game", "winner", "loser"}):
            self.problem(
                arg.line_of(extra),
                mid,
                f"{fld}.{extra}",
                "unknown field; a challenge takes 'game', 'winner' and 'loser'",
            )
            ok = False
        if not ok:
            return None
        game = arg["game"]
        if not isinstance(game, str) or not GAME_ID.match(game):
            self.problem(
                arg.line_of("game"),
                mid,
                f"{fld}.game",
                f"must be a short lower-case name like rock_paper_scissors, not {shown(game)}",
            )
            return None
        results = {}
        for side in ("winner", "loser"):
            results[side] = self.steps(
                arg[side],
                arg.line_of(side),
                mid,
                f"{fld}.{side}",
                in_challenge=True,
                allow_challenge=False,
            )
        if results["winner"] is None or results["loser"] is None:
            return None
        return Challenge(game, results["winner"], results["loser"])

    def texts(self, raw: LocatedDict, name: str, mid: str) -> dict[str, str] | None:
        """The English `title` or `text`; the other languages live in `lang/<lang>.yaml`."""
        value = raw.get(name)
        if isinstance(value, dict):
            self.problem(
                raw.line_of(name),
                mid,
                name,
                f"is the English {name} only; every other language has its own file, "
                "lang/<lang>.yaml",
            )
            return None
        if not isinstance(value, str) or not value.strip():
            self.problem(raw.line_of(name), mid, name, "must be non-empty English text")
            return None
        return {DEFAULT_LANGUAGE: typeset(value, DEFAULT_LANGUAGE)}

    def mission(self, raw: Any, line: int, kind: Kind, index: int) -> Mission | None:
        if not isinstance(raw, dict):
            self.problem(
                line,
                None,
                f"missions[{index}]",
                "each mission is a mapping with id, title, text and effect",
            )
            return None
        mid = raw.get("id")
        if not isinstance(mid, str) or not MISSION_ID.match(mid):
            self.problem(
                raw.line_of("id"),
                None,
                f"missions[{index}].id",
                f"needs a stable id of lower-case letters, digits and '-' "
                f"(like {kind.value}-01), not {shown(mid)}",
            )
            return None
        for extra in sorted(set(raw) - {"id", "title", "text", "effect"}, key=str):
            self.problem(
                raw.line_of(extra),
                mid,
                str(extra),
                "unknown field; a mission has id, title, text and effect",
            )
        title = self.texts(raw, "title", mid)
        text = self.texts(raw, "text", mid)
        effect = None
        if "effect" not in raw:
            self.problem(raw.line, mid, "effect", "missing")
        else:
            effect = self.steps(
                raw["effect"],
                raw.line_of("effect"),
                mid,
                "effect",
                in_challenge=False,
                allow_challenge=kind is Kind.FIGHT,
            )
        if (
            effect is not None
            and kind is Kind.FIGHT
            and (len(effect) != 1 or not isinstance(effect[0], Challenge))
        ):
            self.problem(
                raw.line_of("effect"),
                mid,
                "effect",
                "a fight mission's effect is exactly one challenge",
            )
            effect = None
        if title is None or text is None or effect is None:
            return None
        return Mission(mid, kind, title, text, effect, f"{self.path.name}:{raw.line}")

    def file(self, data: Any, kind: Kind) -> list[Mission]:
        if not isinstance(data, dict):
            self.problem(1, None, None, "the file must be a mapping with 'kind' and 'missions'")
            return []
        if data.get("kind") != kind.value:
            self.problem(
                data.line_of("kind"),
                None,
                "kind",
                f"must be {kind.value!r} in {kind.value}.yaml, not {shown(data.get('kind'))}",
            )
        for extra in sorted(set(data) - {"kind", "missions"}, key=str):
            self.problem(
                data.line_of(extra),
                None,
                str(extra),
                "unknown field; the file has 'kind' and 'missions'",
            )
        raw = data.get("missions")
        if not isinstance(raw, LocatedList) or not raw:
            self.problem(
                data.line_of("missions"), None, "missions", "must be a non-empty list of missions"
            )
            return []
        missions = []
        for i, item in enumerate(raw):
            mission = self.mission(item, raw.line_of(i), kind, i)
            if mission is not None:
                missions.append(mission)
        return missions


TRANSLATION_FIELDS = ("title", "text")


def load_translations(
    path: Path, lang: str, ids: Sequence[str]
) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """A language's mission texts, `lang/<lang>.yaml`: `language: <lang>` and `missions:
    {<id>: {title, text}}` for every id in IDS. Returns the texts found, typeset, and every
    problem (file, line, mission id, field): a missing or unknown id, an empty text."""
    where = str(path)
    if not path.is_file():
        return {}, [Problem(where, None, None, None, f"missing: no {lang} mission texts")]
    try:
        data = load_yaml(path)
    except YamlSourceError as exc:
        return {}, [Problem(exc.path, exc.line, None, None, exc.message)]
    if not isinstance(data, dict):
        return {}, [Problem(where, 1, None, None, "must be a mapping with 'language', 'missions'")]
    problems: list[Problem] = []
    if data.get("language") != lang:
        problems.append(
            Problem(
                where,
                data.line_of("language"),
                None,
                "language",
                f"must be {lang!r} in {path.name}, not {shown(data.get('language'))}",
            )
        )
    for extra in sorted(set(data) - {"language", "missions"}, key=str):
        problems.append(Problem(where, data.line_of(extra), None, str(extra), "unknown field"))
    raw = data.get("missions")
    if not isinstance(raw, dict):
        problems.append(
            Problem(where, data.line_of("missions"), None, "missions", "must map ids to texts")
        )
        return {}, problems
    known = set(ids)
    found: dict[str, dict[str, str]] = {}
    for mid, entry in raw.items():
        line = raw.line_of(mid)
        if mid not in known:
            problems.append(
                Problem(where, line, str(mid), None, "unknown mission id: no such mission")
            )
            continue
        if not isinstance(entry, dict):
            problems.append(Problem(where, line, mid, None, "needs 'title' and 'text'"))
            continue
        texts = {}
        for name in TRANSLATION_FIELDS:
            value = entry.get(name)
            if not isinstance(value, str) or not value.strip():
                problems.append(
                    Problem(where, entry.line_of(name), mid, name, "must be non-empty text")
                )
            else:
                texts[name] = typeset(value, lang)
        for extra in sorted(set(entry) - set(TRANSLATION_FIELDS), key=str):
            problems.append(Problem(where, entry.line_of(extra), mid, str(extra), "unknown field"))
        if len(texts) == len(TRANSLATION_FIELDS):
            found[mid] = texts
    for mid in ids:
        if mid not in raw:
            problems.append(
                Problem(where, data.line_of("missions"), mid, None, "missing: not translated")
            )
    return found, problems


def load_missions(directory: Path | str = BUNDLED_MISSIONS) -> MissionBook:
    """Load and validate `bonus.yaml`, `malus.yaml` and `fight.yaml` from `directory`, then
    each language's texts from `directory/lang/<lang>.yaml`.

    Raises `MissionError` listing every problem of the mission files; nothing is returned
    half-valid. A language with problems is left out of every mission and listed, with its
    problems, in the book's `incomplete`.
    """
    directory = Path(directory)
    problems: list[Problem] = []
    by_kind: dict[Kind, tuple[Mission, ...]] = {}
    if not directory.is_dir():
        raise MissionError([Problem(str(directory), None, None, None, "no such mission directory")])
    seen_ids: dict[str, str] = {}
    for kind in Kind:
        path = directory / f"{kind.value}.yaml"
        if not path.is_file():
            problems.append(
                Problem(
                    str(path),
                    None,
                    None,
                    None,
                    f"missing: every kind needs its file ({kind.value}.yaml)",
                )
            )
            continue
        try:
            data = load_yaml(path)
        except YamlSourceError as exc:
            problems.append(Problem(exc.path, exc.line, None, None, exc.message))
            continue
        checker = _Checker(path)
        try:
            missions = checker.file(data, kind)
            for mission in missions:
                line = int(mission.source.rsplit(":", 1)[1])
                if mission.id in seen_ids:
                    checker.problem(
                        line,
                        mission.id,
                        "id",
                        f"duplicate id (first used at {seen_ids[mission.id]})",
                    )
                else:
                    seen_ids[mission.id] = mission.source
        except _TooManyProblems:
            missions = []
        problems.extend(checker.problems)
        by_kind[kind] = tuple(missions)
    for stray in sorted(directory.glob("*.y*ml")):
        if stray.stem not in {k.value for k in Kind}:
            problems.append(
                Problem(
                    str(stray),
                    None,
                    None,
                    None,
                    "unexpected file: missions live in bonus.yaml, malus.yaml and fight.yaml",
                )
            )
    if problems:
        raise MissionError(problems)
    # Each language on its own: one translator's slip hides that language, never the others.
    ids = [m.id for kind in Kind for m in by_kind[kind]]
    incomplete: dict[str, list[Problem]] = {}
    translated: dict[str, frozenset[str]] = {DEFAULT_LANGUAGE: frozenset(ids)}
    for lang in LANGUAGES[1:]:
        found, lang_problems = load_translations(directory / "lang" / f"{lang}.yaml", lang, ids)
        translated[lang] = frozenset(found)
        if lang_problems:
            incomplete[lang] = lang_problems
            continue
        for kind in Kind:
            for mission in by_kind[kind]:
                mission.title[lang] = found[mission.id]["title"]  # type: ignore[index]
                mission.text[lang] = found[mission.id]["text"]  # type: ignore[index]
    return MissionBook(by_kind, directory, incomplete, translated)


def pick_mission(
    missions: Sequence[Mission], seen: Collection[str], rng: random.Random, last: str | None = None
) -> tuple[Mission, frozenset[str]]:
    """Pick a mission the visitor has not seen yet, uniformly; return it and the new seen set.

    Once every mission has been seen a new round starts, avoiding `last` (the one just shown)
    so the same mission never comes twice in a row. Unknown ids in `seen` are ignored, so a
    cookie from an older mission set stays harmless.
    """
    if not missions:
        raise ValueError("no missions to pick from")
    ids = {m.id for m in missions}
    seen_here = ids.intersection(seen)
    fresh = [m for m in missions if m.id not in seen_here]
    if not fresh:
        seen_here = set()
        fresh = [m for m in missions if m.id != last] or list(missions)
    chosen = fresh[rng.randrange(len(fresh))]
    return chosen, frozenset(seen_here | {chosen.id})


def summary(book: MissionBook) -> dict[str, dict[str, int]]:
    """Missions per kind and language, as `gong missions check` prints it."""
    return {
        kind.value: {
            lang: sum(1 for m in book.of_kind(kind) if m.id in book.translated.get(lang, ()))
            for lang in LANGUAGES
        }
        for kind in Kind
    }

"""Mission files: loading, every validation error path, fair picking."""

import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import gong.missions
from gong.cards import Kind
from gong.cli import main
from gong.i18n import LANGUAGES
from gong.missions import (
    BUNDLED_MISSIONS,
    Challenge,
    MissionError,
    Step,
    load_missions,
    pick_mission,
    summary,
)

TEXTS = """    title: Title
    text: Do it.
"""


def mission(mid: str, effect: str, texts: str = TEXTS) -> str:
    return f"  - id: {mid}\n{texts}    effect:\n{effect}"


VALID = {
    "bonus": mission("bonus-01", "      - lay_down: 2\n")
    + mission("bonus-02", "      - give: {count: 1, to: each}\n"),
    "malus": mission("malus-01", "      - draw: 1\n")
    + mission(
        "malus-02",
        "      - receive: {count: 1, from: chosen}\n      - take: {count: 1, from: left}\n",
    ),
    "fight": mission(
        "fight-01",
        "      - challenge:\n          game: rock_paper_scissors\n"
        "          winner: [{lay_down: 1}, {give: {count: 1, to: opponent}}]\n"
        "          loser: [{draw: 1}]\n",
    ),
}


def translation(lang: str, ids: list[str]) -> str:
    """A complete `lang/<lang>.yaml` for IDS."""
    entries = "".join(
        f"  {mid}:\n    title: Titre {lang}\n    text: Fais-le {lang}.\n" for mid in ids
    )
    return f"language: {lang}\nmissions:\n{entries}"


def write_set(directory: Path, **override: str) -> Path:
    """The three mission files (VALID, or OVERRIDE's text for a kind), and every other
    language's complete texts for the ids they hold."""
    directory.mkdir(parents=True, exist_ok=True)
    ids = []
    for kind in ("bonus", "malus", "fight"):
        body = override.get(kind, f"kind: {kind}\nmissions:\n{VALID[kind]}")
        if body is not None:
            (directory / f"{kind}.yaml").write_text(body, encoding="utf-8")
            ids += re.findall(r"^  - id: (\S+)$", body, re.MULTILINE)
    (directory / "lang").mkdir(exist_ok=True)
    for lang in LANGUAGES[1:]:
        (directory / "lang" / f"{lang}.yaml").write_text(translation(lang, ids), "utf-8")
    return directory


def problems_of(directory: Path) -> list[str]:
    with pytest.raises(MissionError) as info:
        load_missions(directory)
    return [str(p) for p in info.value.problems]


def only_problem(directory: Path) -> str:
    problems = problems_of(directory)
    assert len(problems) == 1, problems
    return problems[0]


def test_valid_set_loads_with_typed_effects(tmp_path):
    book = load_missions(write_set(tmp_path))
    assert len(book) == 5
    assert book.get("bonus-01").effect == (Step("lay_down", 2),)
    assert book.get("malus-02").effect == (
        Step("receive", 1, "chosen"),
        Step("take", 1, "left"),
    )
    fight = book.get("fight-01")
    assert fight.challenge == Challenge(
        "rock_paper_scissors",
        (Step("lay_down", 1), Step("give", 1, "opponent")),
        (Step("draw", 1),),
    )
    assert fight.kind is Kind.FIGHT and fight.source == "fight.yaml:3"
    assert [m.id for m in book] == ["fight-01", "malus-01", "malus-02", "bonus-01", "bonus-02"]
    assert str(book.get("bonus-02").effect[0]) == "give 1 to each"


def test_bundled_missions_are_valid_and_complete():
    book = load_missions(BUNDLED_MISSIONS)
    for kind in Kind:
        assert len(book.of_kind(kind)) >= 1
        for m in book.of_kind(kind):
            assert all(m.text_in(lang) and m.title_in(lang) for lang in LANGUAGES)


@pytest.mark.parametrize(
    ("kind", "body", "expected"),
    [
        (
            "bonus",
            VALID["bonus"].replace("lay_down: 2", "fly_away: 2"),
            "bonus.yaml, line 7, mission 'bonus-01', field 'effect[0].fly_away': unknown effect verb",
        ),
        (
            "bonus",
            VALID["bonus"].replace("    title: Title\n", "    title:\n      en: Title\n", 1),
            "bonus.yaml, line 4, mission 'bonus-01', field 'title': is the English title only; "
            "every other language has its own file, lang/<lang>.yaml",
        ),
        (
            "bonus",
            VALID["bonus"].replace("    text: Do it.\n", "    text: ''\n", 1),
            "field 'text': must be non-empty English text",
        ),
        (
            "bonus",
            VALID["bonus"].replace("    title: Title\n", "", 1),
            "field 'title': must be non-empty English text",
        ),
        (
            "bonus",
            VALID["bonus"].replace("lay_down: 2", "lay_down: two"),
            "field 'effect[0].lay_down': must be a whole number from 1 to 5, not 'two'",
        ),
        (
            "bonus",
            VALID["bonus"].replace("lay_down: 2", "lay_down: 9"),
            "must be from 1 to 5, not 9",
        ),
        (
            "bonus",
            VALID["bonus"].replace("lay_down: 2", "lay_down: true"),
            "must be a whole number",
        ),
        (
            "bonus",
            VALID["bonus"].replace("to: each", "to: moon"),
            "line 12, mission 'bonus-02', field 'effect[0].give.to': must be one of left, right, "
            "chosen, each, not 'moon'",
        ),
        (
            "bonus",
            VALID["bonus"].replace("to: each", "to: opponent"),
            "field 'effect[0].give.to': must be one of",
        ),
        (
            "bonus",
            VALID["bonus"].replace("{count: 1, to: each}", "{count: 1, to: each, how: fast}"),
            "field 'effect[0].give.how': unknown field",
        ),
        (
            "bonus",
            VALID["bonus"].replace("{count: 1, to: each}", "3"),
            "field 'effect[0].give': needs 'count' and 'to'",
        ),
        (
            "bonus",
            VALID["bonus"].replace("bonus-02", "Bonus 2"),
            "field 'missions[1].id': needs a stable id",
        ),
        (
            "bonus",
            VALID["bonus"].replace("bonus-02", "bonus-01"),
            "line 8, mission 'bonus-01', field 'id': duplicate id (first used at bonus.yaml:3)",
        ),
        (
            "bonus",
            VALID["bonus"].replace("    effect:\n      - lay_down: 2\n", "", 1),
            "mission 'bonus-01', field 'effect': missing",
        ),
        (
            "bonus",
            VALID["bonus"].replace("    effect:\n      - lay_down: 2\n", "    effect: []\n", 1),
            "field 'effect': must be a non-empty list of steps",
        ),
        (
            "bonus",
            VALID["bonus"].replace(
                "      - lay_down: 2\n", "      - lay_down: 2\n        draw: 1\n", 1
            ),
            "a step is a mapping with exactly one verb",
        ),
        (
            "bonus",
            VALID["bonus"].replace("    effect:", "    colour: blue\n    effect:", 1),
            "field 'colour': unknown field",
        ),
        (
            "bonus",
            VALID["bonus"].replace(
                "      - lay_down: 2", "      - challenge: {game: rps, winner: [], loser: []}"
            ),
            "a challenge cannot appear outside fight missions",
        ),
        (
            "fight",
            VALID["fight"].replace(
                "[{draw: 1}]", "[{challenge: {game: x, winner: [], loser: []}}]"
            ),
            "field 'effect[0].challenge.loser[0].challenge': a challenge cannot appear inside a challenge",
        ),
        (
            "fight",
            VALID["fight"].replace("      - challenge:", "      - draw: 1\n      - challenge:"),
            "a fight mission's effect is exactly one challenge",
        ),
        (
            "fight",
            VALID["fight"].replace("          loser: [{draw: 1}]\n", ""),
            "field 'effect[0].challenge.loser': missing",
        ),
        (
            "fight",
            VALID["fight"].replace("game: rock_paper_scissors", "game: Rock Paper"),
            "field 'effect[0].challenge.game': must be a short lower-case name",
        ),
        (
            "fight",
            VALID["fight"].replace("[{draw: 1}]", "[]"),
            "field 'effect[0].challenge.loser': must be a non-empty list",
        ),
    ],
)
def test_each_field_error_names_file_line_mission_and_field(tmp_path, kind, body, expected):
    write_set(tmp_path, **{kind: f"kind: {kind}\nmissions:\n{body}"})
    problem = only_problem(tmp_path)
    assert expected in problem
    assert problem.startswith(str(tmp_path / f"{kind}.yaml"))


def test_yaml_syntax_errors_name_file_and_line(tmp_path):
    tabbed = VALID["malus"].replace("    effect:", "\teffect:", 1)
    write_set(tmp_path, malus=f"kind: malus\nmissions:\n{tabbed}")
    problem = only_problem(tmp_path)
    assert "malus.yaml, line 6" in problem and "tabs" in problem


def test_duplicate_keys_are_refused(tmp_path):
    doubled = VALID["malus"].replace(
        "    title: Title\n", "    title: Title\n    title: Other\n", 1
    )
    write_set(tmp_path, malus=f"kind: malus\nmissions:\n{doubled}")
    problem = only_problem(tmp_path)
    assert (
        "malus.yaml, line 5" in problem
        and "duplicate key 'title' (first given on line 4)" in problem
    )


def test_object_tags_are_refused(tmp_path):
    write_set(tmp_path, bonus="kind: !!python/object/apply:os.system ['echo hi']\nmissions: []\n")
    problem = only_problem(tmp_path)
    assert "bonus.yaml, line 1" in problem and "only plain YAML data is allowed" in problem


def test_wrong_kind_and_missing_file_and_stray_file(tmp_path):
    write_set(tmp_path, malus=f"kind: bonus\nmissions:\n{VALID['malus']}", fight=None)
    (tmp_path / "extra.yaml").write_text("kind: bonus\n")
    problems = problems_of(tmp_path)
    assert any("malus.yaml, line 1, field 'kind': must be 'malus'" in p for p in problems)
    assert any("fight.yaml: missing" in p for p in problems)
    assert any("extra.yaml: unexpected file" in p for p in problems)


def test_all_problems_are_reported_together(tmp_path):
    bonus = VALID["bonus"].replace("lay_down: 2", "lay_down: 0").replace("to: each", "to: sky")
    malus = VALID["malus"].replace("draw: 1", "draw: many")
    write_set(
        tmp_path, bonus=f"kind: bonus\nmissions:\n{bonus}", malus=f"kind: malus\nmissions:\n{malus}"
    )
    assert len(problems_of(tmp_path)) == 3


def test_not_a_mapping_and_empty_and_not_utf8(tmp_path):
    write_set(tmp_path, bonus="- just\n- a list\n", malus="kind: malus\nmissions: []\n")
    (tmp_path / "fight.yaml").write_bytes(b"kind: fight\n\xff\xfe")
    problems = problems_of(tmp_path)
    assert any("bonus.yaml, line 1: the file must be a mapping" in p for p in problems)
    assert any(
        "malus.yaml, line 2, field 'missions': must be a non-empty list" in p for p in problems
    )
    assert any("fight.yaml, line 2: not UTF-8 text (byte 0xFF at column 1)" in p for p in problems)


def test_missing_directory(tmp_path):
    assert "no such mission directory" in only_problem(tmp_path / "nowhere")


def test_cli_check_prints_summary(tmp_path):
    result = CliRunner().invoke(main, ["missions", "check", str(write_set(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "5 missions" in result.output
    assert "bonus   " + "     2" * len(LANGUAGES) in result.output
    assert "  pl  complete" in result.output


def test_cli_check_fails_with_every_problem(tmp_path):
    write_set(
        tmp_path,
        bonus=f"kind: bonus\nmissions:\n{VALID['bonus'].replace('draw', 'x')}".replace(
            "lay_down: 2", "jump: 1"
        ),
    )
    result = CliRunner().invoke(main, ["missions", "check", str(tmp_path)])
    assert result.exit_code == 1
    assert "1 problem in the mission files" in result.output
    assert "unknown effect verb 'jump'" in result.output


def test_cli_check_defaults_to_bundled_missions():
    result = CliRunner().invoke(main, ["missions", "check"])
    assert result.exit_code == 0, result.output
    assert str(BUNDLED_MISSIONS) in result.output


def test_summary_counts(tmp_path):
    book = load_missions(write_set(tmp_path))
    assert summary(book)["malus"] == dict.fromkeys(LANGUAGES, 2)
    (tmp_path / "lang" / "pl.yaml").write_text(translation("pl", ["malus-01"]), "utf-8")
    assert summary(load_missions(tmp_path))["malus"]["pl"] == 1


def test_bundled_files_copy_still_valid(tmp_path):
    shutil.copytree(BUNDLED_MISSIONS, tmp_path / "m")
    assert len(load_missions(tmp_path / "m")) == len(load_missions())


# --- Fair picking ------------------------------------------------------------------------


def test_every_mission_once_before_any_repeat(tmp_path):
    missions = load_missions(write_set(tmp_path)).of_kind(Kind.BONUS) * 1
    rng = random.Random(3)
    seen: frozenset[str] = frozenset()
    last = None
    shown = []
    for _ in range(len(missions) * 5):
        m, seen = pick_mission(missions, seen, rng, last)
        shown.append(m.id)
        last = m.id
    for start in range(0, len(shown), len(missions)):
        assert sorted(shown[start : start + len(missions)]) == sorted(x.id for x in missions)


@given(
    st.integers(min_value=2, max_value=30),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=1, max_value=4),
)
def test_rounds_are_permutations_and_never_repeat_back_to_back(n, seed, rounds):
    from gong.missions import Mission

    missions = [Mission(f"m-{i:02d}", Kind.BONUS, {}, {}, ()) for i in range(n)]
    rng = random.Random(seed)
    seen: frozenset[str] = frozenset()
    shown: list[str] = []
    for _ in range(n * rounds):
        m, seen = pick_mission(missions, seen, rng, shown[-1] if shown else None)
        shown.append(m.id)
    for start in range(0, len(shown), n):
        assert len(set(shown[start : start + n])) == n
    assert all(a != b for a, b in zip(shown, shown[1:], strict=False))


def test_without_memory_the_pick_is_uniform():
    from gong.missions import Mission

    missions = [Mission(f"m-{i}", Kind.MALUS, {}, {}, ()) for i in range(6)]
    rng = random.Random(11)
    counts = Counter(pick_mission(missions, frozenset(), rng)[0].id for _ in range(6000))
    assert set(counts) == {m.id for m in missions}
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_unknown_seen_ids_are_ignored():
    from gong.missions import Mission

    missions = [Mission("a-1", Kind.MALUS, {}, {}, ()), Mission("a-2", Kind.MALUS, {}, {}, ())]
    m, seen = pick_mission(missions, {"gone", "a-1"}, random.Random(0))
    assert m.id == "a-2" and seen == {"a-1", "a-2"}


def test_picking_from_nothing_is_an_error():
    with pytest.raises(ValueError, match="no missions"):
        pick_mission([], frozenset(), random.Random(0))


def test_docstring_examples_run():
    import doctest

    assert doctest.testmod(gong.missions).failed == 0

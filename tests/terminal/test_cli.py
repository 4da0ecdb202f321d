"""`gong simulate` and `gong play`, driven through click's test runner like a user would."""

from __future__ import annotations

import json
import re
import statistics
import sys

import pytest
from click.testing import CliRunner

from gong.cli import main
from gong.referee import GAMES, IllegalAction, new_game

VARIANTS = ["gong-link", "gong-family", "gong-fight"]


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def simulate_json(*args: str) -> dict:
    result = run("simulate", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# --- simulate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_json_reports_every_figure(variant):
    games = 24
    s = simulate_json(
        variant, "--players", "4", "--games", str(games), "--seed", "5", "--jobs", "1"
    )
    assert s["variant"] == variant and s["games"] == games and s["players"] == 4
    assert s["bots"] == ["normal", "easy", "normal", "easy"]
    lengths = s["game_lengths"]
    assert len(lengths) == games and all(n >= 1 for n in lengths)
    assert s["turns"]["median"] == statistics.median(lengths)
    assert s["turns"]["mean"] == pytest.approx(statistics.fmean(lengths))
    assert s["turns"]["longest"] == max(lengths)
    assert sum(s["win_rate_by_seat"]) == pytest.approx(1.0)
    by_bot = s["win_rate_by_bot"]
    assert by_bot["normal"]["seats"] == [0, 2] and by_bot["easy"]["seats"] == [1, 3]
    assert by_bot["normal"]["win_rate"] + by_bot["easy"]["win_rate"] == pytest.approx(1.0)
    assert sum(s["end_reasons"].values()) == games
    assert 0 <= s["ended_by_turn_limit"] <= games
    assert s["jokers_played"] >= 0 and s["gong_penalties"] >= 0
    if variant == "gong-family":
        assert 1 <= s["families_per_winner"] <= 9
    if variant == "gong-fight":
        assert s["options"]["challenges"] == "random"


def test_simulate_is_deterministic_for_a_seed_whatever_the_jobs():
    args = ("gong-link", "--players", "3", "--games", "40", "--seed", "11")
    one = simulate_json(*args, "--jobs", "1")
    assert simulate_json(*args, "--jobs", "1") == one
    assert simulate_json(*args, "--jobs", "2") == one
    assert simulate_json(*args, "--jobs", "0") == one
    other = simulate_json(
        "gong-link", "--players", "3", "--games", "40", "--seed", "12", "--jobs", "1"
    )
    assert other["game_lengths"] != one["game_lengths"]


def test_simulate_matches_the_games_it_claims_to_have_played():
    """The first game of a run, replayed by hand with the same bots, has the reported length."""
    from gong.referee.bots import make_bot
    from terminal.simulate import game_seed

    s = simulate_json(
        "gong-family",
        "--players",
        "2",
        "--games",
        "1",
        "--seed",
        "9",
        "--bots",
        "random",
        "--jobs",
        "1",
    )
    seed = game_seed(9, 0)
    game = new_game("gong-family", players=2, seed=seed)
    bots = [make_bot("random", "gong-family", seed * 8 + seat) for seat in range(2)]
    while not game.is_over:
        (seat,) = game.to_act()  # FAMILY has no optional actions: one seat at a time
        game.apply(bots[seat].choose(game, seat))
    assert s["game_lengths"] == [game.turn]
    assert s["turns"]["longest_game"]["seed"] == seed


def test_simulate_text_output():
    args = ("gong-link", "--players", "4", "--games", "20", "--seed", "2", "--jobs", "1")
    result = run("simulate", *args, "--bots", "random,greedy")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for needle in (
        "gong-link: 20 games, 4 players, seed 2",
        "bots by seat: 0=easy, 1=normal",  # the older names are read, the levels printed
        "game length (turns): mean",
        "median",
        "longest",
        "ended by the turn limit",
        "win rate by seat: 0:",
        "win rate by bot:  easy (seats 0, 2)",
        "normal (seats 1, 3)",
        "jokers played:",
        "GONG penalties:",
    ):
        assert needle in out, needle
    assert run("simulate", *args, "--bots", "easy,normal").stdout == out


def test_simulate_names_jokers_only_for_games_that_play_them():
    result = run("simulate", "go-fish", "--players", "3", "--games", "5", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "jokers played" not in result.stdout and "go-fish: 5 games" in result.stdout


def test_simulate_options_reach_the_games():
    s = simulate_json(
        "gong-link",
        "--players",
        "2",
        "--games",
        "6",
        "--seed",
        "1",
        "--option",
        "turn_limit=3",
        "--jobs",
        "1",
    )
    assert s["options"] == {"turn_limit": 3}
    assert max(s["game_lengths"]) <= 3
    assert s["ended_by_turn_limit"] == sum(n == 3 for n in s["game_lengths"]) > 0


def test_plot_without_matplotlib_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` fail
    result = run("simulate", "gong-link", "--games", "2", "--plot", str(tmp_path / "p.png"))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "Error: --plot needs matplotlib: pip install 'gong[plot]' (or pip install matplotlib)"
    ]
    assert not (tmp_path / "p.png").exists()


def plot_run(variant: str, target, *more: str):
    return run(
        "simulate",
        variant,
        "--players",
        "3",
        "--games",
        "12",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--plot",
        str(target),
        *more,
    )


def assert_plot_of(path, variant: str, games: int = 12, players: int = 3) -> None:
    """PATH is a complete PNG of a VARIANT run: its own title says which game it shows."""
    from PIL import Image

    with Image.open(path) as image:
        assert image.format == "PNG" and image.size == (1100, 420)
        image.load()  # reads every chunk: a truncated file fails here
        title = GAMES[variant].title
        assert image.text["Title"] == f"{title}: {games} games, {players} players"
        assert image.text["Description"] == f"gong simulate {variant}"
        # Not a blank canvas: the bars and the histogram put colour on it.
        assert len(image.convert("RGB").getcolors(1 << 20)) > 50


def test_plot_draws_lengths_and_win_rates(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "sim.png"
    result = plot_run("gong-family", path)
    assert result.exit_code == 0, result.output
    assert f"plot written to {path}" in result.stdout
    assert_plot_of(path, "gong-family")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sim.png"]  # no partial file left


@pytest.mark.parametrize("variant", ["gong-link", "gong-fight"])
def test_plot_into_a_folder_writes_the_games_png_inside_it(tmp_path, variant):
    pytest.importorskip("matplotlib")
    folder = tmp_path / "plots"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    result = plot_run(variant, folder)
    assert result.exit_code == 0, result.output
    assert f"plot written to {folder / f'{variant}.png'}" in result.stdout
    assert sorted(p.name for p in folder.iterdir()) == [f"{variant}.png", "notes.txt"]
    assert_plot_of(folder / f"{variant}.png", variant)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plots"]  # nothing beside the folder
    assert (folder / "notes.txt").read_text() == "mine"


def test_plot_replaces_an_earlier_plot_of_the_same_path(tmp_path):
    pytest.importorskip("matplotlib")
    assert plot_run("gong-link", tmp_path).exit_code == 0
    assert plot_run("gong-fight", tmp_path / "gong-link.png").exit_code == 0
    assert_plot_of(tmp_path / "gong-link.png", "gong-fight")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gong-link.png"]


# Where --plot cannot draw, relative to a folder holding file.txt and taken/gong-link.png/.
PLOT_REFUSALS = {
    "missing folder": ("nowhere/p.png", "folder '{t}/nowhere' does not exist"),
    "missing nested folder": ("a/b", "'{t}/a/b' is neither a folder nor a .png file"),
    "not a png": ("plot.jpg", "'{t}/plot.jpg' is neither a folder nor a .png file"),
    "under a file": ("file.txt/p.png", "'{t}/file.txt' is not a folder"),
    "the png is a folder": ("taken", "'{t}/taken/gong-link.png' is a folder"),
}


@pytest.fixture
def no_run(monkeypatch):
    """A run that starts fails the test at once (rather than taking long)."""
    import terminal.cli

    def started(*args, **kwargs):
        raise AssertionError("the simulation started before --plot was checked")

    monkeypatch.setattr(terminal.cli, "run_games", started)


@pytest.mark.parametrize("target, message", PLOT_REFUSALS.values(), ids=PLOT_REFUSALS.keys())
def test_plot_where_it_cannot_be_written_is_one_line_before_the_run(
    tmp_path, target, message, no_run
):
    pytest.importorskip("matplotlib")
    (tmp_path / "file.txt").write_text("not a folder")
    (tmp_path / "taken" / "gong-link.png").mkdir(parents=True)
    before = sorted(tmp_path.rglob("*"))
    result = run("simulate", "gong-link", "--games", "100000", "--plot", str(tmp_path / target))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert lines == [f"Error: Invalid value for '--plot': {message.format(t=tmp_path)}"]
    assert result.stdout == ""
    assert sorted(tmp_path.rglob("*")) == before


def test_plot_in_a_read_only_folder_is_refused_before_the_run(tmp_path, no_run):
    pytest.importorskip("matplotlib")
    import os

    if os.geteuid() == 0:
        pytest.skip("root may write into any folder")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = run("simulate", "gong-link", "--games", "100000", "--plot", str(folder))
    finally:
        folder.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert (
        result.stderr.strip()
        == f"Error: Invalid value for '--plot': folder '{folder}' is not writable"
    )


# --- bad arguments ----------------------------------------------------------------------------

BAD_ARGUMENTS = {
    "unknown variant": (["simulate", "gong-snap"], "unknown game 'gong-snap'"),
    "too few players": (["simulate", "gong-link", "--players", "1"], "2 to 6 players, not 1"),
    "too many players": (["play", "gong-fight", "--players", "7"], "2 to 6 players, not 7"),
    "players not a number": (["simulate", "gong-link", "--players", "four"], "'four'"),
    "unknown bot": (["simulate", "gong-link", "--bots", "greedy,clever"], "unknown bot 'clever'"),
    "unknown bot in play": (["play", "gong-link", "--bots", "smart"], "unknown bot 'smart'"),
    "unknown option": (["simulate", "gong-link", "--option", "wild=on"], "no option 'wild'"),
    "option without value": (["simulate", "gong-link", "--option", "turn_limit"], "key=value"),
    "option not a number": (["simulate", "gong-link", "-o", "turn_limit=lots"], "whole number"),
    "option not on/off": (["simulate", "gong-link", "-o", "may_draw_instead=maybe"], "on or off"),
    "option out of range": (["simulate", "gong-link", "-o", "turn_limit=0"], "at least 1"),
    "option not a choice": (
        ["simulate", "gong-fight", "-o", "challenges=maybe"],
        "one of report, phones, random, not 'maybe'",
    ),
    "no games": (["simulate", "gong-link", "--games", "0"], "--games"),
    "seat out of range": (["play", "gong-link", "--players", "3", "--seat", "3"], "--seat"),
}


@pytest.mark.parametrize("args, needle", BAD_ARGUMENTS.values(), ids=BAD_ARGUMENTS.keys())
def test_bad_arguments_get_one_clear_line_and_exit_2(args, needle):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert needle in lines[0]
    assert result.stdout == ""


def test_every_registered_gong_variant_is_known_to_the_commands():
    assert set(VARIANTS) <= set(GAMES)


# --- play -------------------------------------------------------------------------------------


def test_play_a_whole_game_always_answering_one():
    result = run("play", "gong-link", "--players", "3", "--seed", "8", input="1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You are seat 0." in out
    assert "Your choices:" in out and "\n  1. " in out
    assert "  you: " in out and "  seat 1 (normal): " in out and "  seat 2 (normal): " in out
    assert "Game over after " in out
    assert ("You win!" in out) != ("You lose this time." in out)


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_every_variant_to_the_end_against_random_bots(variant):
    result = run(
        "play",
        variant,
        "--players",
        "2",
        "--seat",
        "1",
        "--seed",
        "3",
        "--bots",
        "random",
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "You are seat 1." in result.stdout and "Game over after " in result.stdout
    last_view = result.stdout.rsplit("\nturn ", 1)[-1]  # shown with the end
    assert re.match(r"\d+: the game is over", last_view), last_view[:80]


def test_play_explains_refused_and_unreadable_actions():
    seed = 21
    game = new_game("gong-link", players=2, seed=seed)
    assert game.current == 0
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.parse_action("keep", 0))  # nothing was drawn: nothing to keep
    answers = ["keep", "ask 1 NE5", "99", "", "1"] + ["1"] * 2000
    result = run(
        "play", "gong-link", "--players", "2", "--seed", str(seed), input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Refused: {refused.value}" in out
    assert "Not understood: 'ask' is not an action of this game" in out
    assert "There is no choice 99: pick 1 to " in out
    assert "Type the number of a choice, or the action itself." in out
    assert "Game over after " in out


def test_play_accepts_the_action_text_and_shows_only_your_own_hand():
    seed = 4
    game = new_game("gong-link", players=2, seed=seed)
    mine, top = game.view(0)["hand"], game.view(0)["table"]["top"]
    first = game.legal_actions(0)[-1]
    result = run("play", "gong-link", "--players", "2", "--seed", str(seed), input=f"{first}\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"your hand: {' '.join(mine)}" in out
    assert f"  you: {first}" in out and "Bye!" in out
    # Before the opponent moves, the only cards on screen are yours and the one to match.
    before = out.split("  you: ")[0]
    shown = set(re.findall(r"\b(?:PR|NE|ZE|AN|SE|SP|VI|OM|NM)[1-6]\b|\bJ[12]\b", before))
    assert shown == set(mine) | {top}


def test_play_an_empty_answer_lets_an_optional_gong_call_go_by():
    """A blank line, then "1", again and again: a required choice skips the blank and takes
    choice 1; an optional one (a GONG call on a bot) takes the blank and lets play go on."""
    optional_seen = 0
    for seed in range(1, 7):
        result = run(
            "play",
            "gong-link",
            "--players",
            "2",
            "--seed",
            str(seed),
            "--bots",
            "random",
            input="\n1\n" * 3000,
        )
        assert result.exit_code == 0, result.output
        out = result.stdout
        assert "Game over after " in out
        assert "Type the number of a choice, or the action itself." in out
        if "You may (Enter to let play go on):" not in out:
            continue
        optional_seen += 1
        after = out.split("You may (Enter to let play go on):", 1)[1]
        moves = [ln for ln in after.splitlines() if ln.startswith(("  you: ", "  seat "))]
        assert not moves[0].startswith("  you: gong"), moves[0]
    assert optional_seen


def test_auto_jobs_hands_the_rest_of_a_long_run_to_workers(monkeypatch):
    """--jobs 0 plays the first games here, then the rest in workers: same records."""
    from terminal import simulate

    args = ("gong-fight", 3, ["greedy", "random"], 100, 7, {"challenges": "random"})
    alone = simulate.run_games(*args, jobs=1)
    monkeypatch.setattr(simulate, "AUTO_PROBE_SECONDS", 0.005)
    monkeypatch.setattr(simulate, "AUTO_WORTH_SECONDS", -1.0)  # always worth it
    monkeypatch.setattr(simulate.os, "cpu_count", lambda: 2)
    done = []
    assert simulate.run_games(*args, jobs=0, progress=done.append) == alone
    assert sum(done) == 100 and max(done) > 1  # some games came back in chunks from workers
    assert [r.index for r in alone] == list(range(100))


def test_play_tells_what_a_bot_did_to_your_hand():
    from terminal.play import hand_change

    assert hand_change(["PR1", "NE2"], ["NE2", "ZE3"]) == " (you lose PR1, you get ZE3)"
    assert hand_change(["PR1"], ["PR1"]) == ""
    many = ["PR1", "PR2", "PR3", "PR4"]
    assert hand_change(many, ["J1"]) == " (you lose 4 cards, you get J1)"
    result = run("play", "gong-family", "--players", "3", "--seed", "8", input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    # A bot that asks you for a card you hold takes it, and you are told.
    assert re.search(r"seat \d \(normal\): ask 0 (\w+) \(you lose \1\)", result.stdout)


def test_help_names_every_registered_game():
    for command in ("play", "simulate"):
        shown = " ".join(run(command, "--help").output.split()).replace("- ", "-")
        for name in GAMES:
            assert name in shown, (command, name)


def test_a_new_deal_has_a_64_bit_seed_nobody_can_guess():
    seeds = []
    for _ in range(3):
        shown = run("play", "gong-link", "--players", "2", input="q\n").output
        seeds.append(int(re.search(r"seed (\d+)", shown).group(1)))
    assert all(0 <= seed < 2**64 for seed in seeds)
    # Three seeds below a million out of 2**64 would happen once in 10**39 runs.
    assert max(seeds) >= 1_000_000
    assert len(set(seeds)) == 3

"""The registry: games declared by their modules' specs, loaded explicitly (built-in and an
instance's own), each checked; every refusal and setup error with a code."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import textwrap
from pathlib import Path

import pytest

from gong.referee import GAMES, GameSetupError, new_game
from gong.referee.errors import COMMON_REFUSALS
from gong.referee.registry import (
    BUILT_IN,
    GameSpec,
    ensure_games,
    instance_games,
    load_games,
    load_instance_games,
)

REFUSAL = re.compile(r'IllegalAction\(\s*"(\w+)"')


@pytest.mark.parametrize("module_name", BUILT_IN)
def test_every_refusal_a_game_can_give_is_declared_in_its_spec(module_name):
    module = importlib.import_module(module_name)
    sources = [inspect.getsource(module)]
    if module_name in ("gong.referee.link", "gong.referee.family", "gong.referee.fight"):
        sources.append(inspect.getsource(importlib.import_module("gong.referee.gong_rules")))
    raised = {code for source in sources for code in REFUSAL.findall(source)}
    assert raised, module_name
    assert raised - COMMON_REFUSALS <= set(module.SPEC.refusals), module_name


def test_the_built_in_games_are_the_registrys_list_and_nothing_registers_on_import():
    assert [GAMES[name].factory.__module__ for name in list(GAMES)[: len(BUILT_IN)]] == list(
        BUILT_IN
    )
    for module_name in BUILT_IN:
        source = inspect.getsource(importlib.import_module(module_name))
        assert "register(" not in source and "TEXTS.update" not in source, module_name


@pytest.mark.parametrize(
    ("call", "code", "params"),
    [
        (lambda: new_game("chess"), "unknown_game", {"game": "chess"}),
        (lambda: new_game("gong-link", players=9), "player_count", {"min": 2, "max": 6}),
        (lambda: new_game("go-boom", options={"colour": 1}), "unknown_option", {}),
        (lambda: new_game("go-boom", options={"jokers": 9}), "option_out_of_range", {"max": 8}),
        (lambda: new_game("go-boom", options={"jokers": "two"}), "option_not_number", {}),
        (lambda: new_game("go-fish", options={"play_on": 1}), "option_not_switch", {}),
        (
            lambda: new_game("gong-fight", options={"challenges": "dice"}),
            "option_not_a_choice",
            {"choices": ["report", "phones", "random"]},
        ),
        (
            lambda: new_game("go-fish", options={"may_ask_held_card": True}),
            "option_needs_option",
            {"needs": "exact_card"},
        ),
        (lambda: new_game("gong-link", deck=["NE5"]), "bad_deck", {}),
        (lambda: GAMES["gong-link"].parse_option("turn_limit", "0"), "option_out_of_range", {}),
    ],
)
def test_every_setup_error_has_a_code_and_its_limits_as_params(call, code, params):
    with pytest.raises(GameSetupError) as refused:
        call()
    assert refused.value.code == code
    assert params.items() <= refused.value.params.items()


def _module(tmp_path: Path, name: str, body: str) -> str:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(body))
    if str(tmp_path) not in sys.path:
        sys.path.insert(0, str(tmp_path))
    return name


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("raise RuntimeError('boom')\n", "does not load: RuntimeError: boom"),
        ("X = 1\n", "declares no SPEC"),
        (
            """
            from gong.referee.registry import GameSpec
            SPEC = GameSpec(name="half", title="Half", min_players=2, max_players=4,
                            options={"turn_limit": 10})
            """,
            "its factory is not a game class",
        ),
    ],
)
def test_a_house_module_that_does_not_load_or_declares_a_bad_spec_is_named(tmp_path, body, says):
    name = _module(tmp_path, f"house_{abs(hash(says)) % 10_000}", body)
    before = dict(GAMES)
    with pytest.raises(GameSetupError) as refused:
        ensure_games([name])
    assert name in str(refused.value) and says in str(refused.value)
    assert refused.value.code == "game_module" and before == GAMES


def test_a_game_of_a_name_already_taken_is_refused():
    spec = GAMES["gong-link"]
    copy = GameSpec(**{**spec.__dict__, "title": "Another"})
    fake = type(sys)("taken_name_game")
    fake.SPEC = copy
    sys.modules["taken_name_game"] = fake
    try:
        with pytest.raises(GameSetupError, match="registered already"):
            load_games(["taken_name_game"])
    finally:
        del sys.modules["taken_name_game"]
    assert GAMES["gong-link"] is spec


def test_the_instance_names_its_games_in_config_py_or_gong_games(tmp_path, monkeypatch):
    monkeypatch.delenv("GONG_GAMES", raising=False)
    assert instance_games(tmp_path) == []
    (tmp_path / "config.py").write_text('GAMES = ["housegames.highest"]\n')
    assert instance_games(tmp_path) == ["housegames.highest"]
    monkeypatch.setenv("GONG_GAMES", " a.b , c ")
    assert instance_games(tmp_path) == ["a.b", "c"]
    monkeypatch.delenv("GONG_GAMES")
    (tmp_path / "config.py").write_text("GAMES = 'housegames'\n")
    with pytest.raises(GameSetupError, match="list of game module names"):
        instance_games(tmp_path)
    (tmp_path / "config.py").write_text("SECRET = 1\nGAMES = [undefined]\n")
    with pytest.raises(GameSetupError, match=r"config\.py, line 2: NameError"):
        instance_games(tmp_path)


def test_a_house_game_in_the_instance_folder_loads_from_its_config(tmp_path, monkeypatch):
    monkeypatch.delenv("GONG_GAMES", raising=False)
    toy = Path(__file__).with_name("toygame.py").read_text()
    (tmp_path / "house_toy.py").write_text(toy.replace('name="toy"', 'name="house-toy"'))
    (tmp_path / "config.py").write_text('GAMES = ["house_toy"]\n')
    try:
        (spec,) = load_instance_games(tmp_path)
        assert spec.name == "house-toy" and GAMES["house-toy"] is spec
        assert load_instance_games(tmp_path) == [spec]  # twice is harmless
        game = new_game("house-toy", players=2, seed=1)
        assert game.legal_actions(game.current)
    finally:
        GAMES.pop("house-toy", None)
        sys.modules.pop("house_toy", None)

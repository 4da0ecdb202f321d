"""The referee's tests see the tests' own games (the toy game) registered, and only they."""

import pytest

from .registry_cases import test_games


@pytest.fixture(autouse=True)
def _tests_games_registered():
    with test_games():
        yield

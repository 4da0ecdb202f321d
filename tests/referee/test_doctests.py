"""The examples in the referee's docstrings are run, so they stay true."""

import doctest
import importlib

import pytest

MODULES = [
    "gong.referee",
    "gong.referee.actions",
    "gong.referee.events",
    "gong.referee.gong_rules",
    "gong.referee.link",
    "gong.referee.family",
    "gong.referee.fight",
    "gong.referee.bots",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0

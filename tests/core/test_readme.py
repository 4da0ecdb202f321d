"""The README's examples are run, so they stay true."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_readme_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[3].startswith("make serve") and lines[4].startswith("make test")

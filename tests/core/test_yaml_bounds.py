"""Hostile and broken mission files: each gets one error line with its file and line, within
bounded memory and time. The site reads these files at start-up, so none may take it down.

Every case runs `gong missions check` in a child process whose address space is capped
(RLIMIT_AS): a loader that expands an alias bomb or reads 50 MB into memory dies there with a
MemoryError instead of passing. The timeout only guards against a hang; no timing is asserted.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gong.missions import MAX_PROBLEMS_PER_FILE
from gong.yamlsource import MAX_DEPTH, MAX_FILE_BYTES, MAX_VALUES, YamlSourceError, load_yaml

from .test_missions import VALID, write_set

MEMORY_LIMIT = 256 * 1024 * 1024
"""Address space of the child: ten times what Python with the loader needs."""
CHECK = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT}))
from gong.cli import main
main(["missions", "check", sys.argv[1]], prog_name="gong")
"""


def check_in_bounded_child(directory: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CHECK, str(directory)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def bomb() -> str:
    """Billion laughs: ten aliases per level, nine levels, 10**9 strings once expanded."""
    lines = ['a0: &a0 "lol"']
    for level in range(1, 10):
        refs = ", ".join([f"*a{level - 1}"] * 10)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "kind: malus\n" + "\n".join(lines) + "\nmissions:\n  - id: malus-01\n    count: *a9\n"


def with_count(count: str) -> str:
    return "kind: malus\nmissions:\n" + VALID["malus"].replace("draw: 1", f"draw: {count}")


def nested_blocks(depth: int) -> str:
    body = "".join(f"{'  ' * level}k{level}:\n" for level in range(depth))
    return "kind: malus\nmissions:\n" + body + "  " * depth + "x\n"


def write_big(path: Path, size: int) -> None:
    """SIZE bytes of valid-looking missions, written in chunks (never held in memory)."""
    chunk = VALID["malus"].encode() * 64
    with path.open("wb") as out:
        out.write(b"kind: malus\nmissions:\n")
        written = 0
        while written < size:
            out.write(chunk)
            written += len(chunk)


# (name, how to write malus.yaml, the one error line expected after the file name)
CASES = [
    (
        "alias bomb",
        lambda p: p.write_text(bomb()),
        ", line 3: an alias (*a0) is not allowed here: write the value out in full",
    ),
    (
        "50 MB file",
        lambda p: write_big(p, 50 * 1024 * 1024),
        None,  # the line where the file passes the limit, counted in the test
    ),
    (
        "deep flow nesting",
        lambda p: p.write_text("kind: malus\nmissions: " + "[" * 100_000 + "]" * 100_000 + "\n"),
        f", line 2: nested more than {MAX_DEPTH} levels deep (a mission needs about ten)",
    ),
    (
        "deep block nesting",
        lambda p: p.write_text(nested_blocks(600)),
        # Line 3 holds the second level (the file is the first); the one too many comes next.
        f", line {MAX_DEPTH + 2}: nested more than {MAX_DEPTH} levels deep",
    ),
    (
        "5,000-digit count",
        lambda p: p.write_text(with_count("9" * 5_000)),
        ", line 7: the number 999999999999… is 5000 characters long: numbers here have at most 24",
    ),
    (
        "5,000-digit hexadecimal count",
        lambda p: p.write_text(with_count("0x" + "f" * 5_000)),
        ", line 7: the number 0xffffffffff… is 5002 characters long",
    ),
    (
        "Latin-1 bytes",
        lambda p: p.write_bytes(with_count("1").replace("Title", "Défi").encode("latin-1")),
        ", line 4: not UTF-8 text (byte 0xE9 at column 13): save the file as UTF-8",
    ),
    (
        "NUL byte",
        lambda p: p.write_text(with_count("1").replace("Do it.", "Do\x00 it.")),
        ", line 5: the character U+0000 at column 13 is not allowed in YAML (a control character",
    ),
    (
        "a quarter of a million values",
        lambda p: p.write_text("kind: malus\nmissions: [" + "a," * 250_000 + "]\n"),
        f", line 2: more than {MAX_VALUES:,} values (keys, texts and numbers) by here",
    ),
    (
        "a non-character on a later line",
        lambda p: p.write_text(with_count("1").replace("Do it.", "Do \ufffe it.")),
        ", line 5: the character U+FFFE at column 14 is not allowed in YAML",
    ),
    (
        "undefined alias",
        lambda p: p.write_text(with_count("*many")),
        ", line 7: an alias (*many) is not allowed here",
    ),
]


@pytest.mark.parametrize(("name", "write", "expected"), CASES, ids=[c[0] for c in CASES])
def test_hostile_file_gets_one_line_within_bounds(tmp_path, name, write, expected):
    write_set(tmp_path)
    malus = tmp_path / "malus.yaml"
    write(malus)
    if expected is None:
        with malus.open("rb") as stream:
            line = stream.read(MAX_FILE_BYTES).count(b"\n") + 1
        expected = f", line {line}: the file passes the size limit of 512 KB here"
    result = check_in_bounded_child(tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines == ["1 problem in the mission files:", lines[1]], result.stderr
    assert lines[1].startswith(f"  {malus}{expected}"), lines[1]
    assert len(lines[1]) - len(str(malus)) < 150  # one short line, whatever the input


def test_a_file_wrong_everywhere_is_reported_up_to_a_limit(tmp_path):
    # Just under the value limit, every value a problem: the report stays short.
    write_set(tmp_path, malus="kind: malus\nmissions: [" + "a," * (MAX_VALUES - 10) + "]\n")
    result = check_in_bounded_child(tmp_path)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert lines[0] == f"{MAX_PROBLEMS_PER_FILE + 1} problems in the mission files:"
    assert "each mission is a mapping with id, title, text and effect" in lines[1]
    assert lines[-1].endswith(
        f"malus.yaml, line 2: more problems follow; checking stopped after {MAX_PROBLEMS_PER_FILE}"
    )


def test_a_count_that_is_big_but_short_is_an_ordinary_field_error(tmp_path):
    write_set(tmp_path, malus=with_count("9" * 24))
    result = check_in_bounded_child(tmp_path)
    assert result.returncode == 1
    assert (
        f"line 7, mission 'malus-01', field 'effect[0].draw': must be from 1 to 5, not {'9' * 24}"
        in result.stderr
    )


def test_long_values_are_quoted_short_in_messages(tmp_path):
    write_set(tmp_path, malus=with_count("x" * 10_000))
    result = check_in_bounded_child(tmp_path)
    (line,) = [x for x in result.stderr.splitlines() if "field" in x]
    assert "must be a whole number from 1 to 5, not 'xxxxxxxx" in line
    assert line.endswith("…") and len(line) < 250


def test_files_within_the_bounds_still_load(tmp_path):
    # Depth up to the limit, an anchor without alias, and a file just under the size limit.
    deep = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert load_yaml(tmp_path / "x.yaml", f"a: &name {deep}\n")["a"]
    path = tmp_path / "big.yaml"
    filler = "# a comment line that pads the file\n"
    path.write_text("a: 1\n" + filler * ((MAX_FILE_BYTES - 5) // len(filler)))
    assert path.stat().st_size <= MAX_FILE_BYTES
    assert load_yaml(path) == {"a": 1}
    path.write_text(path.read_text() + filler)
    with pytest.raises(YamlSourceError, match="size limit"):
        load_yaml(path)


def test_a_document_parsed_again_is_a_copy_of_its_own_and_an_edit_is_read_anew(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("missions:\n  - id: a\n    text: one\n")
    first = load_yaml(path)
    first["missions"][0]["text"] = "changed by a caller"
    again = load_yaml(path)
    assert again["missions"][0]["text"] == "one" and again["missions"].line_of(0) == 2
    path.write_text("missions:\n  - id: a\n    text: two\n")
    assert load_yaml(path)["missions"][0]["text"] == "two"
    path.write_text("missions: [unclosed\n")
    for _ in range(2):  # a broken file says so every time
        with pytest.raises(YamlSourceError, match="line"):
            load_yaml(path)

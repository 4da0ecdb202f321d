"""`gong print` through click's runner: every bad argument gets one line and a non-zero exit,
and no output folder is ever left looking complete."""

import json

import pytest
from click.testing import CliRunner

from gong.cards import DECK
from gong.cli import main
from printables import qr
from printables.deck import MARKER

from .conftest import run_deck

GOOD = ["--base-url", "https://gong.example.org"]


def run(*args):
    return CliRunner().invoke(main, ["print", *args], catch_exceptions=False)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "Missing option '--base-url'"),
        (["--base-url", "gong.example.org"], "must start with http"),
        (["--base-url", "ftp://gong.example.org"], "must start with http"),
        (["--base-url", "https://"], "no host"),
        (["--base-url", "http://localhost:8000"], "--allow-local"),
        (["--base-url", "http://192.168.0.7"], "local or private"),
        (["--base-url", "https://gong.example.org/?lang=fr"], "query"),
        ([*GOOD, "--paper", "a3"], "'--paper'"),
        ([*GOOD, "--backs", "both"], "'--backs'"),
        ([*GOOD, "--lang", "pt"], "'--lang'"),
        ([*GOOD, "--dpi", "50"], "'--dpi'"),
        ([*GOOD, "--dpi", "high"], "'--dpi'"),
        ([*GOOD, "--jobs", "0"], "'--jobs'"),
        ([*GOOD, "--colour", "red"], "No such option"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(tmp_path, args, message):
    out = tmp_path / "deck"
    result = run(*args, "--out", str(out))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error:") and message in lines[0]
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_out_must_not_be_a_file_or_someone_elses_folder(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    result = run(*GOOD, "--out", str(a_file))
    assert result.exit_code == 2 and "--out" in result.output
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "cat.png").write_bytes(b"meow")
    result = run(*GOOD, "--out", str(folder))
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "not a deck" in result.output
    assert [p.name for p in folder.iterdir()] == ["cat.png"]
    assert a_file.read_text() == "mine"


def test_full_run_prints_a_summary_and_replaces_an_older_deck(tmp_path):
    out = tmp_path / "deck"
    run_deck(out, cards=DECK[:2])  # an earlier deck: A4, English mission cards
    assert (out / "print-and-play-a4.pdf").is_file()
    result = run(
        "--base-url",
        "http://localhost:8000",
        "--allow-local",
        "--out",
        str(out),
        "--dpi",
        "72",
        "--jobs",
        "2",
        "--paper",
        "letter",
        "--lang",
        "fr",
    )
    assert result.exit_code == 0, result.output
    assert "57 PNG files" in result.stdout
    assert "print-and-play-letter.pdf: 14 pages" in result.stdout
    assert "print-shop.pdf: 57 pages" in result.stdout
    assert "QR codes: version 2, error correction Q" in result.stdout
    assert "mm per module" in result.stdout
    assert "all 56 QR codes decode" in result.stdout
    assert not (out / "print-and-play-a4.pdf").exists()
    assert not (out / "mission-cards-en.pdf").exists()
    manifest = json.loads((out / MARKER).read_text())
    assert manifest["links"]["NE5"] == "HTTP://LOCALHOST:8000/C/NE5"
    assert (out / "mission-cards-fr.pdf").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]


def test_failed_verification_exits_1_lists_cards_and_never_presents_a_deck(tmp_path, monkeypatch):
    # A phone far more out of focus than the check allows (blur of 1.5 modules).
    monkeypatch.setattr(qr, "PHONE_BLUR_MM", 1.5)
    out = tmp_path / "deck"
    result = run(*GOOD, "--out", str(out), "--dpi", "72", "--jobs", "1")
    assert result.exit_code == 1
    assert "QR verification FAILED for 56 card(s)" in result.output
    assert "NE5: phone view: expected 'HTTPS://GONG.EXAMPLE.ORG/C/NE5'" in result.output
    assert not out.exists()
    kept = tmp_path / "deck.unverified"
    assert (kept / "cards" / "NE5.png").is_file() and not (kept / MARKER).exists()

"""The output folder is replaced only when it holds exactly what an earlier run wrote; anything
else a user put there makes the run refuse, naming it, and nothing is deleted."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from gong.cards import DECK
from gong.cli import main
from printables import qr
from printables.deck import MARKER, UNVERIFIED_MARKER, DeckError, check_output_folder

from .conftest import run_deck

CARDS = DECK[:2]


def snapshot(folder):
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() if p.is_file() else None
        for p in sorted(folder.rglob("*"))
    }


@pytest.fixture
def deck(tmp_path):
    out = tmp_path / "deck"
    run_deck(out, cards=CARDS)
    return out


def test_an_earlier_deck_is_replaced(deck):
    check_output_folder(deck)  # no complaint
    manifest = json.loads((deck / MARKER).read_text())
    assert set(manifest["sha256"]) == set(manifest["files"])
    run_deck(deck, cards=DECK[:1], paper="letter")
    assert (deck / "print-and-play-letter.pdf").is_file()
    assert not (deck / "print-and-play-a4.pdf").exists()
    assert not (deck / "cards" / f"{CARDS[1].code}.png").exists()


def test_an_earlier_deck_with_files_removed_is_replaced(deck):
    (deck / "print-shop.pdf").unlink()
    check_output_folder(deck)


def change_a_file(deck):
    with (deck / "print-shop.pdf").open("ab") as pdf:
        pdf.write(b"% my notes\n")


def add_empty_folder(deck):
    (deck / "cards" / "mine").mkdir()


def add_symlink(deck):
    (deck / "link.png").symlink_to(deck / "cards" / "back.png")


def old_manifest(deck):
    manifest = json.loads((deck / MARKER).read_text())
    del manifest["sha256"]
    (deck / MARKER).write_text(json.dumps(manifest))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda d: (d / "notes.txt").write_text("mine"),
            "holds files that gong print did not write (notes.txt)",
        ),
        (lambda d: (d / "cards" / "cat.png").write_bytes(b"meow"), "did not write (cards/cat.png)"),
        (add_empty_folder, "did not write (cards/mine)"),
        (add_symlink, "did not write (link.png)"),
        (change_a_file, "holds print-shop.pdf, changed since gong print wrote it"),
        (lambda d: (d / MARKER).write_text("{}"), "has a deck.json that gong print did not write"),
        (
            lambda d: (d / MARKER).write_text("not json"),
            "has a deck.json that gong print did not write",
        ),
        (old_manifest, "has a deck.json without the file digests this gong print checks"),
        (lambda d: (d / MARKER).unlink(), "is not a deck made by gong print (no deck.json)"),
    ],
)
def test_a_folder_holding_anything_else_is_refused_and_left_alone(deck, change, reason):
    change(deck)
    before = snapshot(deck)
    with pytest.raises(DeckError, match=r"; nothing was changed: choose a new or empty folder"):
        check_output_folder(deck)
    result = CliRunner().invoke(
        main, ["print", "--base-url", "https://gong.example.org", "--out", str(deck)]
    )
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.startswith(f"Error: Invalid value for '--out': {deck} ") and reason in line
    assert snapshot(deck) == before
    assert sorted(p.name for p in deck.parent.iterdir()) == ["deck"]


def test_many_strangers_are_counted_not_all_listed(deck):
    for name in "abcde":
        (deck / f"{name}.txt").write_text(name)
    with pytest.raises(DeckError, match=r"\(a.txt, b.txt, c.txt and 2 more\)"):
        check_output_folder(deck)


def test_a_users_folder_named_like_the_unverified_deck_is_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(qr, "PHONE_BLUR_MM", 1.5)  # every QR code fails the phone view
    out = tmp_path / "deck"
    mine = tmp_path / "deck.unverified"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    first = run_deck(out, cards=CARDS).report
    assert first.kept == tmp_path / "deck.unverified-2"
    assert (first.kept / UNVERIFIED_MARKER).is_file() and (first.kept / "cards").is_dir()
    # A second failed run replaces its own unverified deck, still not the user's folder.
    second = run_deck(out, cards=CARDS[:1]).report
    assert second.kept == first.kept
    assert not (second.kept / "cards" / f"{CARDS[1].code}.png").exists()
    assert (mine / "notes.txt").read_text() == "mine"
    assert not out.exists()

"""Printer test fixtures: small, low-resolution print runs, made once per test process.

Most checks use 100 DPI (a ninth of the pixels of 300 DPI); the layout is in mm, so positions,
page sizes and QR decoding mean the same at any resolution. One test renders at 300 DPI."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from gong.cards import DECK, Kind
from gong.missions import MissionBook, load_missions
from printables.deck import DeckReport, PrintOptions, print_deck
from printables.links import parse_base_url

BASE = "https://gong.example.org"
LOW_DPI = 100


def few_missions(per_kind: int = 3) -> MissionBook:
    """A few missions of each kind (the mission files grow; the tests must not care)."""
    book = load_missions()
    return MissionBook({kind: book.of_kind(kind)[:per_kind] for kind in Kind})


@dataclass
class Run:
    options: PrintOptions
    report: DeckReport

    @property
    def out(self) -> Path:
        return self.options.out


def run_deck(out: Path, **overrides) -> Run:
    settings = dict(
        base_url=parse_base_url(BASE),
        out=out,
        dpi=LOW_DPI,
        jobs=1,
        missions=few_missions(),
    )
    settings.update(overrides)
    options = PrintOptions(**settings)
    return Run(options, print_deck(options))


@pytest.fixture(scope="session")
def full_deck(tmp_path_factory) -> Run:
    """All 56 cards and the back at 100 DPI, A4, backs on the long edge."""
    return run_deck(tmp_path_factory.mktemp("full") / "deck", cards=DECK)

"""The PDF print sheets, laid out in mm: print-and-play pages with crop marks and aligned backs,
the print shop's one-card-per-page file, and the mission cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printables.geometry import BLEED_MM, CARD_H_MM, CARD_W_MM, FULL_H_MM, FULL_W_MM, PAPERS_MM
from printables.missioncards import MISSION_H_MM, MISSION_W_MM
from printables.pdf import Document

MARK_GAP_MM = 1.0
"""Crop marks start this far outside the printed area, so a cut never shows them."""
MARK_LENGTH_MM = 5.0
BACKS = ("long", "short", "none")


@dataclass(frozen=True, slots=True)
class Grid:
    """Cells of one size, edge to edge, centred on a page."""

    page_w: float
    page_h: float
    cell_w: float
    cell_h: float
    cols: int
    rows: int

    @property
    def left(self) -> float:
        return (self.page_w - self.cols * self.cell_w) / 2

    @property
    def top(self) -> float:
        return (self.page_h - self.rows * self.cell_h) / 2

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, col: int, row: int) -> tuple[float, float]:
        """Top-left corner of a cell, in mm from the page's top-left."""
        return self.left + col * self.cell_w, self.top + row * self.cell_h


def card_grid(paper: str) -> Grid:
    w, h = PAPERS_MM[paper]
    return Grid(w, h, CARD_W_MM, CARD_H_MM, 3, 3)


def mission_grid(paper: str) -> Grid:
    w, h = PAPERS_MM[paper]
    return Grid(w, h, MISSION_W_MM, MISSION_H_MM, 3, 6)


def crop_marks(page, grid: Grid, outside: float) -> None:
    """Marks on every cut line, in the margins, starting OUTSIDE mm beyond the grid."""
    right = grid.left + grid.cols * grid.cell_w
    bottom = grid.top + grid.rows * grid.cell_h
    gap = outside + MARK_GAP_MM
    length_x = max(1.0, min(MARK_LENGTH_MM, grid.left - gap - 1.0))
    length_y = max(1.0, min(MARK_LENGTH_MM, grid.top - gap - 1.0))
    for col in range(grid.cols + 1):
        x = grid.left + col * grid.cell_w
        page.line(x, grid.top - gap - length_y, x, grid.top - gap)
        page.line(x, bottom + gap, x, bottom + gap + length_y)
    for row in range(grid.rows + 1):
        y = grid.top + row * grid.cell_h
        page.line(grid.left - gap - length_x, y, grid.left - gap, y)
        page.line(right + gap, y, right + gap + length_x, y)


def _place_card(page, grid: Grid, name: str, col: int, row: int, filled: set) -> None:
    """A full-bleed card image, clipped to its cell; its bleed shows only on sides that touch
    no other card, so a slightly off cut along the sheet's edge shows no white."""
    x, y = grid.cell(col, row)
    clip_l = x - (BLEED_MM if (col - 1, row) not in filled else 0)
    clip_r = x + CARD_W_MM + (BLEED_MM if (col + 1, row) not in filled else 0)
    clip_t = y - (BLEED_MM if (col, row - 1) not in filled else 0)
    clip_b = y + CARD_H_MM + (BLEED_MM if (col, row + 1) not in filled else 0)
    page.image(
        name, x - BLEED_MM, y - BLEED_MM, FULL_W_MM, FULL_H_MM, (clip_l, clip_t, clip_r, clip_b)
    )


def back_cell(col: int, row: int, grid: Grid, backs: str) -> tuple[int, int]:
    """Where the back of the card in (col, row) goes on the back page: turning the sheet over
    its long edge mirrors left and right, over its short edge top and bottom."""
    if backs == "long":
        return grid.cols - 1 - col, row
    return col, grid.rows - 1 - row


def print_and_play(
    paper: str, backs: str, fronts: Sequence[tuple[str, bytes]], back: bytes
) -> Document:
    """Trimmed cards 3 x 3 per page at exact size, with crop marks; after each page of fronts,
    unless BACKS is "none", a page of backs placed behind them for double-sided printing."""
    grid = card_grid(paper)
    doc = Document(f"GONG print and play ({paper}, backs: {backs})")
    doc.add_png("Back", back)
    for start in range(0, len(fronts), grid.per_page):
        chunk = fronts[start : start + grid.per_page]
        cells = [(i % grid.cols, i // grid.cols) for i in range(len(chunk))]
        filled = set(cells)
        page = doc.new_page(grid.page_w, grid.page_h)
        for (code, png), (col, row) in zip(chunk, cells, strict=True):
            _place_card(page, grid, doc.add_png(f"C{code}", png), col, row, filled)
        crop_marks(page, grid, BLEED_MM)
        if backs != "none":
            behind = [back_cell(col, row, grid, backs) for col, row in cells]
            back_page = doc.new_page(grid.page_w, grid.page_h)
            for col, row in behind:
                _place_card(back_page, grid, "Back", col, row, set(behind))
    return doc


def print_shop(fronts: Sequence[tuple[str, bytes]], back: bytes) -> Document:
    """One card per page with its bleed (the trim box marks the cut), the fronts then the
    back."""
    doc = Document("GONG print shop: 63 x 88 mm cards with 3 mm bleed")
    trim = (BLEED_MM, BLEED_MM, BLEED_MM + CARD_W_MM, BLEED_MM + CARD_H_MM)
    for name, png in [*((f"C{code}", png) for code, png in fronts), ("Back", back)]:
        page = doc.new_page(FULL_W_MM, FULL_H_MM, trim)
        page.image(doc.add_png(name, png), 0, 0, FULL_W_MM, FULL_H_MM)
    return doc


def mission_sheets(paper: str, lang: str, cards: Sequence[tuple[str, bytes]]) -> Document:
    """Mission cards 3 x 6 per page, edge to edge, with crop marks."""
    grid = mission_grid(paper)
    doc = Document(f"GONG mission cards ({lang}, {paper})")
    for start in range(0, len(cards), grid.per_page):
        page = doc.new_page(grid.page_w, grid.page_h)
        for i, (mission_id, png) in enumerate(cards[start : start + grid.per_page]):
            x, y = grid.cell(i % grid.cols, i // grid.cols)
            name = doc.add_png("M" + mission_id.replace("-", "_"), png)
            page.image(name, x, y, MISSION_W_MM, MISSION_H_MM)
        crop_marks(page, grid, 0.0)
    return doc

"""Physical sizes, in millimetres, and their pixels at a given resolution.

Everything is laid out in mm; pixels exist only at the end, so a card means the same at any DPI.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
POINTS_PER_MM = 72 / MM_PER_INCH

CARD_W_MM = 63.0
"""Poker size, trimmed."""
CARD_H_MM = 88.0
BLEED_MM = 3.0
"""Printed beyond the cut line on each side, so a slightly off cut shows no white edge."""
SAFE_MM = 3.0
"""Kept free of text and code inside the cut line, so a slightly off cut never touches them."""

FULL_W_MM = CARD_W_MM + 2 * BLEED_MM
FULL_H_MM = CARD_H_MM + 2 * BLEED_MM
SAFE_LEFT_MM = BLEED_MM + SAFE_MM
"""Distance from the edge of the image (with bleed) to the safe zone."""

PAPERS_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

MIN_DPI = 72
MAX_DPI = 600


@dataclass(frozen=True, slots=True)
class Scale:
    """Pixels per millimetre at one DPI."""

    dpi: int

    @property
    def px_per_mm(self) -> float:
        return self.dpi / MM_PER_INCH

    def px(self, mm: float) -> int:
        """The nearest whole pixel count for a length or position in mm."""
        return round(mm * self.dpi / MM_PER_INCH)

    def mm(self, px: float) -> float:
        return px * MM_PER_INCH / self.dpi

    @property
    def card_size(self) -> tuple[int, int]:
        """A card image with its bleed: 815 x 1110 px at 300 DPI."""
        return self.px(FULL_W_MM), self.px(FULL_H_MM)

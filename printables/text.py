"""The shipped fonts (League Spartan, OFL: see fonts/README.md) and text that fits its box."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    "black": "LeagueSpartan-Black.otf",
    "bold": "LeagueSpartan-Bold.otf",
    "medium": "LeagueSpartan-Medium.otf",
}


@lru_cache(maxsize=256)
def font(weight: str, size_px: int) -> ImageFont.FreeTypeFont:
    """The shipped font of this weight (black, bold, medium) at SIZE_PX pixels per em."""
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[weight]), max(1, size_px))


def fit(weight: str, text: str, max_w: float, max_h: float) -> ImageFont.FreeTypeFont:
    """The largest font of WEIGHT whose ink box for TEXT fits in max_w x max_h pixels."""
    size = max(1, int(max_h * 1.5))
    while size > 1:
        left, top, right, bottom = font(weight, size).getbbox(text)
        if right - left <= max_w and bottom - top <= max_h:
            break
        size = max(1, min(size - 1, int(size * 0.94)))
    return font(weight, size)


def shrink_to_width(weight: str, text: str, size_px: int, max_w: float) -> ImageFont.FreeTypeFont:
    """The font of WEIGHT at SIZE_PX, or smaller if TEXT would be wider than max_w pixels, so
    that texts of one kind share one size unless one is too long."""
    size = max(1, size_px)
    while size > 1 and font(weight, size).getlength(text) > max_w:
        size = max(1, int(size * 0.95))
    return font(weight, size)


def wrap(text: str, face: ImageFont.FreeTypeFont, max_w: float) -> list[str]:
    """Greedy word wrap of TEXT into lines no wider than max_w pixels (a word longer than the
    line stays whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and face.getlength(candidate) > max_w:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines

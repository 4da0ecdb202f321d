"""The shipped fonts (League Spartan for Latin, Noto Sans Devanagari and Bengali; OFL: see
fonts/README.md) and text that fits its box.

Devanagari and Bengali need shaping: a conjunct is one glyph made of several letters, a vowel
sign sits before the consonant it follows in the text. Pillow does it with raqm, which its
wheels carry; without raqm those scripts would print as broken letters, so the printer refuses
them with a clear error instead. Their fonts have no Latin letters, so a Hindi mission that
says "GONG" is drawn in runs: Latin letters in League Spartan, the rest in the script's font.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont, features

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    "black": "LeagueSpartan-Black.otf",
    "bold": "LeagueSpartan-Bold.otf",
    "medium": "LeagueSpartan-Medium.otf",
}
LATIN = "latin"
SCRIPT_FONT_FILES: dict[str, dict[str, str]] = {
    LATIN: FONT_FILES,
    # Noto has Regular and Bold here: Bold stands for Black and Bold, Regular for Medium.
    "devanagari": {
        "black": "NotoSansDevanagari-Bold.ttf",
        "bold": "NotoSansDevanagari-Bold.ttf",
        "medium": "NotoSansDevanagari-Regular.ttf",
    },
    "bengali": {
        "black": "NotoSansBengali-Bold.ttf",
        "bold": "NotoSansBengali-Bold.ttf",
        "medium": "NotoSansBengali-Regular.ttf",
    },
}
_BREAKABLE = re.compile(r"[ \t\r\n]+")  # not str.split(): it would break no-break spaces
SCRIPT_BLOCKS = {"devanagari": (0x0900, 0x097F), "bengali": (0x0980, 0x09FF)}
"""The Unicode blocks of the scripts that need their own font (and shaping)."""


class TextShapingError(RuntimeError):
    """A script that needs shaping, and a Pillow without raqm to shape it."""


def script_of(text: str) -> str:
    """The script TEXT is written in: the first letter from a block in SCRIPT_BLOCKS, else
    Latin (digits and punctuation alone are Latin)."""
    for ch in text:
        code = ord(ch)
        for script, (low, high) in SCRIPT_BLOCKS.items():
            if low <= code <= high:
                return script
    return LATIN


def require_shaping(script: str) -> None:
    if script != LATIN and not features.check("raqm"):
        raise TextShapingError(
            f"printing {script.title()} text needs Pillow with raqm (text shaping), which this "
            "Pillow lacks: install Pillow from its wheels (pip install --force-reinstall "
            "pillow), or a build with libraqm"
        )


@lru_cache(maxsize=512)
def font(weight: str, size_px: int, script: str = LATIN) -> ImageFont.FreeTypeFont:
    """The shipped font of this weight (black, bold, medium) for SCRIPT at SIZE_PX pixels per
    em; the scripts that need it are laid out with raqm (TextShapingError without it)."""
    path = str(FONT_DIR / SCRIPT_FONT_FILES[script][weight])
    if script == LATIN:
        return ImageFont.truetype(path, max(1, size_px))
    require_shaping(script)
    return ImageFont.truetype(path, max(1, size_px), layout_engine=ImageFont.Layout.RAQM)


def runs(text: str, script: str) -> list[tuple[str, str]]:
    """TEXT as (piece, script) runs: in a Devanagari or Bengali text, ASCII letters are a
    Latin run (their fonts have none); spaces, digits and punctuation stay in the script's
    run, so its shaping sees whole words."""
    if script == LATIN:
        return [(text, LATIN)] if text else []
    pieces: list[tuple[str, str]] = []
    for ch in text:
        own = LATIN if ch.isascii() and ch.isalpha() else script
        if pieces and pieces[-1][1] == own:
            pieces[-1] = (pieces[-1][0] + ch, own)
        else:
            pieces.append((ch, own))
    return pieces


def length(weight: str, size_px: int, text: str) -> float:
    """How wide TEXT is, drawn with `draw_text`."""
    script = script_of(text)
    return sum(font(weight, size_px, s).getlength(piece) for piece, s in runs(text, script))


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    weight: str,
    size_px: int,
    fill: object,
    anchor: str = "ls",
) -> None:
    """Draw TEXT in runs of the right fonts on one baseline. ANCHOR as Pillow's: l/m/r then
    t (the main font's ascender), m (middle) or s (baseline)."""
    script = script_of(text)
    main = font(weight, size_px, script)
    ascent, descent = main.getmetrics()
    x, y = xy
    horizontal, vertical = anchor[0], anchor[1]
    width = length(weight, size_px, text)
    x -= {"l": 0, "m": width / 2, "r": width}[horizontal]
    y += {"t": ascent, "m": (ascent - descent) / 2, "s": 0}[vertical]
    for piece, own in runs(text, script):
        face = font(weight, size_px, own)
        draw.text((x, y), piece, font=face, anchor="ls", fill=fill)
        x += face.getlength(piece)


def fit(weight: str, text: str, max_w: float, max_h: float) -> ImageFont.FreeTypeFont:
    """The largest font of WEIGHT, for TEXT's script, whose ink box for TEXT fits in
    max_w x max_h pixels."""
    script = script_of(text)
    size = max(1, int(max_h * 1.5))
    while size > 1:
        left, top, right, bottom = font(weight, size, script).getbbox(text)
        if right - left <= max_w and bottom - top <= max_h:
            break
        size = max(1, min(size - 1, int(size * 0.94)))
    return font(weight, size, script)


def shrink_to_width(weight: str, text: str, size_px: int, max_w: float) -> int:
    """SIZE_PX, or smaller if TEXT would be wider than max_w pixels, so that texts of one
    kind share one size unless one is too long."""
    size = max(1, size_px)
    while size > 1 and length(weight, size, text) > max_w:
        size = max(1, int(size * 0.95))
    return size


def wrap(text: str, weight: str, size_px: int, max_w: float) -> list[str]:
    """Greedy word wrap of TEXT into lines no wider than max_w pixels (a word longer than the
    line stays whole). Only breakable spaces break: French keeps "gagne !" together."""
    lines: list[str] = []
    line = ""
    for word in _BREAKABLE.split(text.strip()):
        candidate = f"{line} {word}" if line else word
        if line and length(weight, size_px, candidate) > max_w:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines

"""Read back what a PDF page draws, with pypdf: placed images and stroked lines, in mm from the
page's top-left corner (the layout's coordinates)."""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 72 / 25.4


@dataclass(frozen=True)
class Placed:
    name: str
    left: float
    top: float
    width: float
    height: float
    clip: tuple[float, float, float, float] | None  # left, top, right, bottom


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width) / PT, float(box.height) / PT


def drawings(reader: PdfReader, index: int) -> tuple[list[Placed], list[tuple[float, ...]]]:
    page = reader.pages[index]
    _, height = page_size_mm(page)
    ops = ContentStream(page.get_contents(), reader).operations
    placed, lines = [], []
    clip = matrix = start = None
    for operands, op in ops:
        values = [float(v) for v in operands] if op in (b"re", b"cm", b"m", b"l") else []
        if op == b"q":
            clip = matrix = None
        elif op == b"re":
            x, y, w, h = (v / PT for v in values)
            clip = (x, height - y - h, x + w, height - y)
        elif op == b"cm":
            matrix = values
        elif op == b"Do":
            a, _, _, d, e, f = matrix
            placed.append(
                Placed(str(operands[0])[1:], e / PT, height - (f + d) / PT, a / PT, d / PT, clip)
            )
        elif op == b"m":
            start = values
        elif op == b"l":
            x0, y0 = start
            x1, y1 = values
            lines.append((x0 / PT, height - y0 / PT, x1 / PT, height - y1 / PT))
    return placed, lines

"""A small PDF writer for print sheets: PNG images placed at exact sizes, clipping, lines.

Why not a PDF library: the card PNGs are already compressed, and PDF's Flate filter with PNG
predictors reads a PNG's image data as it is, so each card is copied into the PDF without being
decoded or compressed again. That keeps the sheets fast to write and pixel-identical to the
PNG files. The output is deterministic: no dates, and the file ID is a hash of the content.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from printables.geometry import POINTS_PER_MM

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_SPACES = {0: ("/DeviceGray", 1), 2: ("/DeviceRGB", 3)}


class PdfError(ValueError):
    """An image the writer cannot embed."""


@dataclass(frozen=True, slots=True)
class PngData:
    """The parts of a PNG file a PDF image needs."""

    width: int
    height: int
    colour_space: str
    colours: int
    data: bytes
    """The concatenated IDAT chunks: one zlib stream of predictor-tagged rows."""


def read_png(png: bytes) -> PngData:
    """Split an 8-bit, non-interlaced greyscale or RGB PNG into what a PDF image needs."""
    if not png.startswith(PNG_SIGNATURE):
        raise PdfError("not a PNG file")
    pos = len(PNG_SIGNATURE)
    header: tuple[int, ...] | None = None
    idat = []
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        body = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise PdfError("PNG without a header")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in _COLOUR_SPACES or interlace:
        raise PdfError(
            f"PNG must be 8-bit greyscale or RGB, not interlaced (depth {depth}, "
            f"colour type {colour_type}, interlace {interlace})"
        )
    space, colours = _COLOUR_SPACES[colour_type]
    return PngData(width, height, space, colours, b"".join(idat))


def mm(value: float) -> str:
    """A length in mm as PDF points, with fixed precision (so output never varies)."""
    text = f"{value * POINTS_PER_MM:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


@dataclass
class Page:
    """One page: a size in mm and a content stream built with the drawing methods.

    Coordinates are in mm from the top-left corner (as the layout thinks), turned into PDF's
    bottom-left points here."""

    width_mm: float
    height_mm: float
    trim_mm: tuple[float, float, float, float] | None = None
    """Left, top, right, bottom of the trim box (print shops cut there), or None."""
    ops: list[str] = field(default_factory=list)
    images: set[str] = field(default_factory=set)

    def image(
        self,
        name: str,
        left: float,
        top: float,
        width: float,
        height: float,
        clip: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Place image NAME with its top-left corner at (left, top), WIDTH x HEIGHT mm, shown
        only inside CLIP (left, top, right, bottom) if given."""
        self.images.add(name)
        ops = ["q"]
        if clip is not None:
            cl, ct, cr, cb = clip
            ops.append(f"{mm(cl)} {mm(self.height_mm - cb)} {mm(cr - cl)} {mm(cb - ct)} re W n")
        bottom = self.height_mm - top - height
        ops.append(f"{mm(width)} 0 0 {mm(height)} {mm(left)} {mm(bottom)} cm /{name} Do Q")
        self.ops.append(" ".join(ops))

    def line(self, x0: float, y0: float, x1: float, y1: float, width_pt: float = 0.3) -> None:
        """A black line (crop marks), in registration-friendly pure black."""
        h = self.height_mm
        self.ops.append(
            f"q 0 G {width_pt:.2f} w {mm(x0)} {mm(h - y0)} m {mm(x1)} {mm(h - y1)} l S Q"
        )

    def content(self) -> bytes:
        return ("\n".join(self.ops) + "\n").encode("ascii")


class Document:
    """Images (added once, used on any page) and pages, written as one PDF file."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._images: dict[str, PngData] = {}
        self.pages: list[Page] = []

    def add_png(self, name: str, png: bytes) -> str:
        if name not in self._images:
            self._images[name] = read_png(png)
        return name

    def new_page(
        self,
        width_mm: float,
        height_mm: float,
        trim_mm: tuple[float, float, float, float] | None = None,
    ) -> Page:
        page = Page(width_mm, height_mm, trim_mm)
        self.pages.append(page)
        return page

    def write(self, path: Path) -> None:
        with open(path, "wb") as out:
            out.write(self.render())

    def render(self) -> bytes:
        objects: list[bytes] = []

        def add(body: bytes) -> int:
            objects.append(body)
            return len(objects)

        def stream(dictionary: str, data: bytes) -> bytes:
            return (
                f"<< {dictionary} /Length {len(data)} >>\nstream\n".encode("ascii")
                + data
                + b"\nendstream"
            )

        catalog = add(b"")
        pages_id = add(b"")
        image_ids: dict[str, int] = {}
        for name, png in self._images.items():
            params = (
                f"/DecodeParms << /Predictor 15 /Colors {png.colours} /BitsPerComponent 8 "
                f"/Columns {png.width} >>"
            )
            image_ids[name] = add(
                stream(
                    f"/Type /XObject /Subtype /Image /Width {png.width} /Height {png.height} "
                    f"/ColorSpace {png.colour_space} /BitsPerComponent 8 /Filter /FlateDecode "
                    + params,
                    png.data,
                )
            )
        page_ids = []
        for page in self.pages:
            content = zlib.compress(page.content(), 6)
            content_id = add(stream("/Filter /FlateDecode", content))
            xobjects = " ".join(f"/{n} {image_ids[n]} 0 R" for n in sorted(page.images))
            box = f"[0 0 {mm(page.width_mm)} {mm(page.height_mm)}]"
            extra = ""
            if page.trim_mm is not None:
                left, top, right, bottom = page.trim_mm
                h = page.height_mm
                extra = (
                    f" /TrimBox [{mm(left)} {mm(h - bottom)} {mm(right)} {mm(h - top)}]"
                    f" /BleedBox {box}"
                )
            page_ids.append(
                add(
                    (
                        f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox {box}{extra}"
                        f" /Resources << /XObject << {xobjects} >> >>"
                        f" /Contents {content_id} 0 R >>"
                    ).encode("ascii")
                )
            )
        kids = " ".join(f"{i} 0 R" for i in page_ids)
        objects[pages_id - 1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(page_ids)} >>".encode(
            "ascii"
        )
        objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode("ascii")
        title = self.title.encode("ascii", "replace").decode()
        title = title.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        info = add(f"<< /Title ({title}) /Producer (GONG deck printer) >>".encode("ascii"))

        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += f"{number} 0 obj\n".encode("ascii") + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("ascii")
        for offset in offsets:
            out += f"{offset:010d} 00000 n \n".encode("ascii")
        # The ID identifies the content: the same deck gives the same file, byte for byte.
        digest = hashlib.md5(out, usedforsecurity=False).hexdigest()
        out += (
            f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R"
            f" /ID [<{digest}> <{digest}>] >>\nstartxref\n{xref}\n%%EOF\n"
        ).encode("ascii")
        return bytes(out)

"""QR codes: one size for the whole deck, drawn dark on light, and decoded back.

Every card gets the same QR version (the smallest that holds the longest link) so the deck
looks even, with whole-pixel modules of about 1 mm. Decoding uses zxing-cpp, a real decoder,
on the rendered card and on a simulated phone view of it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import qrcode
import zxingcpp
from PIL import Image, ImageFilter
from qrcode.constants import ERROR_CORRECT_Q

from printables.geometry import MM_PER_INCH, Scale

QUIET_MODULES = 4
"""The quiet zone the QR standard asks for, in modules, on each side."""
TARGET_MODULE_MM = 1.0
MIN_MODULE_MM = 0.7
"""Below this, phone cameras at arm's length start to miss modules."""
PHONE_PX_PER_MM = 3.0
"""The simulated phone view: a card filling a quarter of a 300 DPI scan (about a 12 MP photo
of a table with a few cards on it)."""
PHONE_BLUR_MM = 0.17
"""Gaussian blur of the phone view (out of focus, hand shake), as a length on the card."""

DARK = 0x1A
"""Module colour: near-black, the highest contrast on the white ground."""
LIGHT = 0xFF


class QrError(ValueError):
    """The links cannot be printed as a QR code of a usable size."""


@dataclass(frozen=True, slots=True)
class QrPlan:
    """The deck's QR size: version, modules per side (with quiet zone), pixels per module."""

    version: int
    box_px: int
    dpi: int

    @property
    def modules(self) -> int:
        """Modules per side, quiet zone included."""
        return 17 + 4 * self.version + 2 * QUIET_MODULES

    @property
    def module_mm(self) -> float:
        return self.box_px * MM_PER_INCH / self.dpi

    @property
    def side_px(self) -> int:
        """The code with its quiet zone, in pixels."""
        return self.modules * self.box_px


def smallest_version(link: str) -> int:
    """The smallest QR version that holds LINK at error correction level Q."""
    code = qrcode.QRCode(version=None, error_correction=ERROR_CORRECT_Q, border=0)
    code.add_data(link)
    code.make(fit=True)
    return code.version


def plan(links: Iterable[str], scale: Scale, max_side_mm: float) -> QrPlan:
    """The one QR size for all LINKS: modules near 1 mm, never wider than max_side_mm with the
    quiet zone; `QrError` if the links need modules smaller than MIN_MODULE_MM."""
    links = list(links)
    longest = max(links, key=len)
    shown = (
        repr(longest)
        if len(longest) <= 80
        else repr(longest[:60]) + f"… ({len(longest)} characters)"
    )
    try:
        smallest_version(longest)  # fails first, and fast, when no version holds the links
        version = max(smallest_version(link) for link in links)
    except (qrcode.exceptions.DataOverflowError, ValueError):
        # qrcode raises ValueError("Invalid version") when no version 1-40 holds the data.
        raise QrError(f"the link {shown} is too long for any QR code") from None
    modules = 17 + 4 * version + 2 * QUIET_MODULES
    target = max(1, round(TARGET_MODULE_MM * scale.px_per_mm))
    fitting = math.floor(scale.px(max_side_mm) / modules)
    box = min(target, fitting)
    result = QrPlan(version, box, scale.dpi)
    if box < 2 or result.module_mm < MIN_MODULE_MM:
        raise QrError(
            f"the links (the longest is {shown}) need QR version {version}, whose modules "
            f"would be {box * MM_PER_INCH / scale.dpi:.2f} mm on the card at {scale.dpi} DPI "
            f"(at least {MIN_MODULE_MM} mm is needed): use a shorter base URL or a higher DPI"
        )
    return result


def render(link: str, qr_plan: QrPlan) -> Image.Image:
    """LINK as a greyscale image: dark modules on white, with the quiet zone."""
    code = qrcode.QRCode(version=qr_plan.version, error_correction=ERROR_CORRECT_Q, border=0)
    code.add_data(link)
    code.make(fit=False)
    matrix = code.get_matrix()
    n = len(matrix)
    side = n + 2 * QUIET_MODULES
    pixels = bytearray([LIGHT]) * (side * side)
    for y, row in enumerate(matrix):
        start = (y + QUIET_MODULES) * side + QUIET_MODULES
        pixels[start : start + n] = bytes(DARK if dark else LIGHT for dark in row)
    small = Image.frombytes("L", (side, side), bytes(pixels))
    return small.resize((qr_plan.side_px, qr_plan.side_px), Image.Resampling.NEAREST)


def decode(image: Image.Image) -> list[str]:
    """The texts of every QR code zxing-cpp finds in IMAGE."""
    found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
    return [barcode.text for barcode in found]


def phone_view(image: Image.Image, dpi: int) -> Image.Image:
    """IMAGE (a card at DPI) as a phone camera sees it: PHONE_PX_PER_MM, slightly blurred."""
    factor = PHONE_PX_PER_MM * MM_PER_INCH / dpi
    size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    small = image.convert("L").resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0)
    return small.filter(ImageFilter.GaussianBlur(PHONE_BLUR_MM * PHONE_PX_PER_MM))


def verify(image: Image.Image, link: str, dpi: int) -> str | None:
    """None if IMAGE's QR code decodes to LINK, directly and in the phone view; else why not."""
    for view, name in ((image, "rendered card"), (phone_view(image, dpi), "phone view")):
        texts = decode(view)
        if texts != [link]:
            found = ", ".join(repr(t) for t in texts) or "no QR code"
            return f"{name}: expected {link!r}, decoded {found}"
    return None

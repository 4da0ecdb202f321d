"""Card faces, the jokers and the common back, composed over the galaxy designs.

Layout, in mm on the full-bleed image (69 x 94 mm: the 63 x 88 mm card and 3 mm of bleed):
everything that must be read (indices, family name, number, gem, QR code and its frame) stays
inside the safe zone, 3 mm inside the cut line. The QR panel sits at the bottom, centred
between the corner indices; the number fills the space above it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from gong.cards import Card, Family, Gem
from gong.i18n import KIND_STYLES, gem_name, kind_name
from printables import galaxy, qr, text
from printables.geometry import (
    CARD_H_MM,
    CARD_W_MM,
    FULL_H_MM,
    FULL_W_MM,
    SAFE_LEFT_MM,
    Scale,
)

SAFE_RIGHT_MM = FULL_W_MM - SAFE_LEFT_MM
SAFE_BOTTOM_MM = FULL_H_MM - SAFE_LEFT_MM
INDEX_W_MM = 7.5
"""The corner index column: the number and the gem glyph under it."""
FRAME_MM = 1.8
"""The kind-coloured frame around the QR code's quiet zone."""
LABEL_MM = 5.2
"""The frame's top band, which carries the kind label."""
SHADOW_MM = 0.5
"""The QR panel's soft shadow; the panel stands this far and its blur inside the safe zone."""
MAX_QR_SIDE_MM = SAFE_RIGHT_MM - SAFE_LEFT_MM - 2 * INDEX_W_MM - 2 * FRAME_MM
"""The widest QR code (quiet zone included) that still leaves room for the corner indices."""
GALAXY_CENTRE_MM = (FULL_W_MM / 2, 30.0)
GALAXY_RADIUS_MM = 27.0

GEM_COLOURS: dict[Gem, str] = {
    Gem.GOLD: "#F4C430",
    Gem.OBSIDIAN: "#34303F",
    Gem.SILVER: "#C9D2DB",
    Gem.RUBY: "#E0115F",
    Gem.ICE: "#9EE7FF",
    Gem.AMETHYST: "#A066D8",
}
JOKER_FRAME = "#FFD45A"
JOKER_FRAME_TEXT = "#4A3400"
WHITE = (255, 255, 255)

assert CARD_W_MM < FULL_W_MM and CARD_H_MM < FULL_H_MM


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in pixels: left, top, right, bottom."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def height(self) -> int:
        return self.bottom - self.top


def shade(colour: str, factor: float) -> tuple[int, int, int]:
    """COLOUR lightened (factor > 1, towards white) or darkened (factor < 1)."""
    r, g, b = galaxy.rgb(colour)
    if factor >= 1:
        t = min(1.0, factor - 1)
        return tuple(round(c + (255 - c) * t) for c in (r, g, b))  # type: ignore[return-value]
    return tuple(round(c * factor) for c in (r, g, b))  # type: ignore[return-value]


@lru_cache(maxsize=64)
def gem_glyph(gem: Gem | None, size_px: int) -> Image.Image:
    """A cut gem, seen from the side: crown, girdle and pavilion in shades of the gem's colour,
    with a light rim so that dark obsidian still shows on a dark sky. None draws a star (the
    jokers). Drawn at four times the size and reduced, for smooth edges."""
    big = size_px * 4
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    s = big
    if gem is None:
        points = []
        for i in range(10):
            r = s * (0.48 if i % 2 == 0 else 0.2)
            a = math.pi / 2 + i * math.pi / 5
            points.append((s / 2 + r * math.cos(a), s / 2 - r * math.sin(a)))
        draw.polygon(points, fill=JOKER_FRAME, outline=WHITE, width=max(1, s // 24))
        return image.resize((size_px, size_px), Image.Resampling.LANCZOS)
    colour = GEM_COLOURS[gem]
    top, girdle, bottom = s * 0.16, s * 0.4, s * 0.92
    left, right = s * 0.04, s * 0.96
    table_l, table_r = s * 0.3, s * 0.7
    mid = s / 2
    outline = (255, 255, 255, 235)
    facets = [
        ([(table_l, top), (table_r, top), (mid, girdle)], 1.55),
        ([(left, girdle), (table_l, top), (mid, girdle)], 1.25),
        ([(right, girdle), (table_r, top), (mid, girdle)], 0.8),
        ([(left, girdle), (mid, girdle), (mid, bottom)], 1.05),
        ([(right, girdle), (mid, girdle), (mid, bottom)], 0.62),
    ]
    for points, factor in facets:
        draw.polygon(points, fill=shade(colour, factor))
    width = max(2, s // 22)
    outer = [(table_l, top), (table_r, top), (right, girdle), (mid, bottom), (left, girdle)]
    draw.line([*outer, outer[0]], fill=outline, width=width, joint="curve")
    draw.line([(left, girdle), (right, girdle)], fill=outline, width=width // 2)
    draw.line([(table_l, top), (mid, girdle), (table_r, top)], fill=outline, width=width // 2)
    draw.line([(mid, girdle), (mid, bottom)], fill=outline, width=width // 2)
    # A sparkle on the crown.
    sx, sy, sr = s * 0.36, s * 0.27, s * 0.07
    draw.polygon(
        [(sx, sy - sr), (sx + sr / 3, sy), (sx, sy + sr), (sx - sr / 3, sy)], fill=(255, 255, 255)
    )
    return image.resize((size_px, size_px), Image.Resampling.LANCZOS)


class CardPainter:
    """Paints every card of one print run: one scale, one QR plan, one language.

    Family backgrounds are computed once and reused for the family's six cards."""

    def __init__(self, scale: Scale, qr_plan: qr.QrPlan, lang: str) -> None:
        self.scale = scale
        self.qr_plan = qr_plan
        self.lang = lang
        self._backgrounds: dict[str, Image.Image] = {}

    # -- geometry ---------------------------------------------------------------------------

    def px(self, mm: float) -> int:
        return self.scale.px(mm)

    def qr_panel(self) -> tuple[Box, Box]:
        """The QR panel (frame included) and the white square inside it, in pixels."""
        side = self.qr_plan.side_px
        frame = self.px(FRAME_MM)
        label = self.px(LABEL_MM)
        bottom = self.px(SAFE_BOTTOM_MM - 3 * SHADOW_MM)
        left = (self.scale.card_size[0] - side) // 2 - frame
        outer = Box(left, bottom - side - frame - label, left + side + 2 * frame, bottom)
        inner = Box(left + frame, outer.top + label, left + frame + side, outer.top + label + side)
        return outer, inner

    # -- pieces -----------------------------------------------------------------------------

    def style_of(self, card: Card) -> tuple[str, galaxy.Style]:
        """The background's cache key and design for CARD."""
        if card.family is None:
            return "JOKER", galaxy.JOKER_STYLE
        return card.family.code, galaxy.STYLES[card.family]

    def background(self, key: str, style: galaxy.Style) -> Image.Image:
        if key not in self._backgrounds:
            self._backgrounds[key] = galaxy.design(
                style,
                galaxy.seed_of(key),
                self.scale.card_size,
                self.scale.px_per_mm,
                GALAXY_CENTRE_MM,
                GALAXY_RADIUS_MM,
            )
        return self._backgrounds[key].copy()

    def shadowed_text(
        self,
        image: Image.Image,
        centre: tuple[float, float],
        words: str,
        face: text.ImageFont.FreeTypeFont,
        fill: tuple[int, int, int] | str,
        glow_colour: str,
        stroke_mm: float,
        anchor: str = "mm",
    ) -> None:
        """Text with a dark outline and a soft coloured glow behind it: readable on any sky."""
        stroke = max(1, self.px(stroke_mm))
        left, top, right, bottom = ImageDraw.Draw(image).textbbox(
            centre, words, font=face, anchor=anchor, stroke_width=stroke
        )
        pad = stroke * 4 + 4
        box = (int(left) - pad, int(top) - pad, int(right) + pad, int(bottom) + pad)
        box = (max(0, box[0]), max(0, box[1]), min(image.width, box[2]), min(image.height, box[3]))
        mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
        local = (centre[0] - box[0], centre[1] - box[1])
        ImageDraw.Draw(mask).text(
            local, words, font=face, anchor=anchor, fill=255, stroke_width=stroke * 2
        )
        halo = mask.filter(ImageFilter.GaussianBlur(stroke * 1.5))
        region = image.crop(box)
        region.paste(galaxy.rgb(glow_colour), (0, 0), halo.point(lambda v: v * 0.8))
        draw = ImageDraw.Draw(region)
        draw.text(
            local,
            words,
            font=face,
            anchor=anchor,
            fill=fill,
            stroke_width=stroke,
            stroke_fill=(10, 8, 20),
        )
        image.paste(region, box[:2])

    def corner_index(self, label: str, gem: Gem | None) -> Image.Image:
        """The corner index (number over the gem glyph) as a transparent tile."""
        w, h = self.px(INDEX_W_MM), self.px(13.5)
        tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        face = text.fit("black", label, w * 0.9, self.px(7.2))
        layer = Image.new("RGB", (w, h), "black")
        mask = Image.new("L", (w, h), 0)
        for target, fill in ((layer, WHITE), (mask, 255)):
            ImageDraw.Draw(target).text(
                (w / 2, self.px(0.6)),
                label,
                font=face,
                anchor="mt",
                fill=fill,
                stroke_width=max(1, self.px(0.35)),
                stroke_fill=(10, 8, 20) if target is layer else 255,
            )
        if label == "6":
            # Underlined, as on dice and billiard balls: the turned corner must not read 9.
            bottom = self.px(0.6) + face.getbbox(label, anchor="mt")[3] + self.px(0.9)
            half = face.getlength(label) * 0.42
            bar = (w / 2 - half, bottom, w / 2 + half, bottom + max(1, self.px(0.7)))
            ImageDraw.Draw(layer).rectangle(bar, fill=WHITE, outline=(10, 8, 20))
            ImageDraw.Draw(mask).rectangle(bar, fill=255, outline=255)
        tile.paste(layer, (0, 0), mask)
        glyph = gem_glyph(gem, self.px(4.6))
        tile.alpha_composite(glyph, ((w - glyph.width) // 2, h - glyph.height))
        return tile

    def place_indices(self, image: Image.Image, label: str, gem: Gem | None, ink: str) -> None:
        tile = self.corner_index(label, gem)
        x0, y0 = self.px(SAFE_LEFT_MM), self.px(SAFE_LEFT_MM)
        image.paste(tile, (x0, y0), tile)
        turned = tile.rotate(180)
        x1 = self.px(SAFE_RIGHT_MM) - turned.width
        y1 = self.px(SAFE_BOTTOM_MM) - turned.height
        image.paste(turned, (x1, y1), turned)

    def place_qr(
        self, image: Image.Image, link: str, frame: str, label: str, label_ink: str
    ) -> None:
        outer, inner = self.qr_panel()
        draw = ImageDraw.Draw(image)
        radius = self.px(1.6)
        # A dark shadow lifts the panel off the sky.
        shadow = Image.new("L", image.size, 0)
        grow = self.px(SHADOW_MM)
        ImageDraw.Draw(shadow).rounded_rectangle(
            (outer.left - grow, outer.top - grow, outer.right + grow, outer.bottom + grow),
            radius=radius + grow,
            fill=170,
        )
        shadow = shadow.filter(ImageFilter.GaussianBlur(self.px(SHADOW_MM) / 2))
        image.paste((5, 5, 12), (0, 0), shadow)
        draw.rounded_rectangle(
            (outer.left, outer.top, outer.right - 1, outer.bottom - 1), radius=radius, fill=frame
        )
        code = qr.render(link, self.qr_plan)
        image.paste(code.convert("RGB"), (inner.left, inner.top))
        band = Box(outer.left, outer.top, outer.right, inner.top)
        face = text.fit("bold", label.upper(), band.width - self.px(4), self.px(2.9))
        draw.text(
            (band.left + band.width / 2, band.top + band.height * 0.54),
            label.upper(),
            font=face,
            anchor="mm",
            fill=label_ink,
        )

    # -- whole cards ------------------------------------------------------------------------

    def face(self, card: Card, link: str) -> Image.Image:
        """The front of CARD, carrying LINK in its QR code."""
        if card.family is None:
            return self.joker(card, link)
        family: Family = card.family
        image = self.background(*self.style_of(card))
        style = galaxy.STYLES[family]
        gem = card.gem
        outer, _ = self.qr_panel()
        # Family name, between the corner indices.
        name_box_w = self.px(SAFE_RIGHT_MM - SAFE_LEFT_MM - 2 * INDEX_W_MM - 2)
        name_face = text.fit("bold", family.label, name_box_w, self.px(4.6))
        self.shadowed_text(
            image,
            (image.width / 2, self.px(SAFE_LEFT_MM + 4.2)),
            family.label,
            name_face,
            WHITE,
            style.ink,
            0.3,
        )
        # Gem line just above the QR panel: glyph and name.
        gem_line_y = outer.top - self.px(4.2)
        gem_label = gem_name(gem, self.lang)
        gem_face = text.fit("bold", gem_label, self.px(34), self.px(3.6))
        glyph = gem_glyph(gem, self.px(6.0))
        label_w = gem_face.getlength(gem_label)
        gap = self.px(1.5)
        start = (image.width - glyph.width - gap - label_w) / 2
        image.paste(glyph, (round(start), round(gem_line_y - glyph.height / 2)), glyph)
        self.shadowed_text(
            image,
            (start + glyph.width + gap, gem_line_y),
            gem_label,
            gem_face,
            WHITE,
            GEM_COLOURS[gem] if gem is not Gem.OBSIDIAN else "#8A84A0",
            0.3,
            anchor="lm",
        )
        # The number, as large as the space between the name and the gem line allows.
        top = self.px(SAFE_LEFT_MM + 10.5)
        bottom = gem_line_y - self.px(4.6)
        number = str(card.number)
        number_face = text.fit("black", number, self.px(30), min(bottom - top, self.px(22)))
        self.shadowed_text(
            image,
            (image.width / 2, (top + bottom) / 2),
            number,
            number_face,
            WHITE,
            style.ink,
            0.7,
        )
        self.place_indices(image, number, gem, style.ink)
        kind = card.kind
        kind_style = KIND_STYLES[kind]
        self.place_qr(image, link, kind_style.fill, kind_name(kind, self.lang), kind_style.on_fill)
        return image

    def joker(self, card: Card, link: str) -> Image.Image:
        key, style = self.style_of(card)
        image = self.background(key, style)
        outer, _ = self.qr_panel()
        gong_face = text.fit("black", "GONG", self.px(38), self.px(11))
        joker_face = text.fit("black", "JOKER", self.px(44), self.px(9))
        middle = (self.px(SAFE_LEFT_MM + 8) + outer.top) / 2
        self.shadowed_text(
            image, (image.width / 2, middle - self.px(7)), "GONG", gong_face, WHITE, "#b090e0", 0.6
        )
        self.shadowed_text(
            image,
            (image.width / 2, middle + self.px(7)),
            "JOKER",
            joker_face,
            galaxy.rgb(JOKER_FRAME),
            "#ff9a30",
            0.6,
        )
        self.place_indices(image, "J", None, style.ink)
        self.place_qr(image, link, JOKER_FRAME, "GONG JOKER", JOKER_FRAME_TEXT)
        return image

    def back(self) -> Image.Image:
        """The common back: the nine galaxies in a ring around the game's name."""
        style = galaxy.Style(
            "nebula",
            "#05061a",
            "#0b1030",
            ("#000000", "#1a1a50", "#5060c0", "#c0c8ff"),
            ("#000000", "#301850", "#8050c0", "#e0c8ff"),
            "#ffd45a",
            0,
            1.0,
        )
        image = galaxy.sky(style, self.scale.card_size, galaxy.random.Random(galaxy.seed_of("B")))
        galaxy.stars(
            image,
            galaxy.random.Random(galaxy.seed_of("back stars")),
            int(image.width * image.height / self.scale.px_per_mm**2 * 0.05),
            self.scale.px_per_mm,
        )
        cx, cy = image.width / 2, image.height / 2
        ring = self.px(22)
        lights = Image.new("RGB", image.size, "black")
        draw = ImageDraw.Draw(lights)

        for i, family in enumerate(Family):
            angle = -math.pi / 2 + i * 2 * math.pi / 9
            x, y = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
            r = self.px(3.2)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=galaxy.STYLES[family].ink)
        halo = lights.filter(ImageFilter.GaussianBlur(self.px(2.2)))
        image = ImageChops.screen(image, ImageChops.screen(halo, halo))
        image = ImageChops.screen(image, lights.filter(ImageFilter.GaussianBlur(self.px(0.6))))
        draw = ImageDraw.Draw(image, "RGBA")
        # A faint orbit joins the nine galaxies.
        draw.ellipse(
            (cx - ring, cy - ring, cx + ring, cy + ring),
            outline=(255, 212, 90, 90),
            width=max(1, self.px(0.3)),
        )
        for i in range(9):
            angle = -math.pi / 2 + i * 2 * math.pi / 9
            x, y = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
            r = self.px(1.1)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE)
        frame = self.px(SAFE_LEFT_MM + 0.5)
        draw.rounded_rectangle(
            (frame, frame, image.width - frame, image.height - frame),
            radius=self.px(3),
            outline=JOKER_FRAME,
            width=max(1, self.px(0.5)),
        )
        title = text.fit("black", "GONG", self.px(30), self.px(10))
        self.shadowed_text(image, (cx, cy), "GONG", title, WHITE, "#5060c0", 0.5)
        sub = text.fit("bold", "GAME OF NINE GALAXIES", self.px(44), self.px(2.6))
        for y in (cy + ring + self.px(9), cy - ring - self.px(9)):
            self.shadowed_text(
                image,
                (cx, y),
                "GAME OF NINE GALAXIES",
                sub,
                galaxy.rgb(JOKER_FRAME),
                "#000000",
                0.2,
            )
        return image

"""Mission cards: every mission as a small card, coloured by kind, to play GONG FIGHT without
phones (draw a card; its number says which pile of mission cards to draw from)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from gong.cards import Kind
from gong.i18n import KIND_STYLES, kind_name
from gong.missions import Mission
from printables import text
from printables.geometry import Scale

MISSION_W_MM = 63.0
MISSION_H_MM = 44.0
"""Half a poker card: six rows of three fit on A4 and Letter."""
INSET_MM = 2.0
"""The coloured frame sits this far inside the cut line, so an uneven cut only widens the
white edge."""
NUMBERS: dict[Kind, tuple[int, int]] = {Kind.FIGHT: (1, 2), Kind.MALUS: (3, 4), Kind.BONUS: (5, 6)}
INK = (28, 26, 36)


def mission_card(mission: Mission, lang: str, scale: Scale) -> Image.Image:
    """MISSION as a card image (63 x 44 mm at SCALE's DPI), in language LANG."""
    px = scale.px
    w, h = px(MISSION_W_MM), px(MISSION_H_MM)
    image = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(image)
    kind = mission.kind
    style = KIND_STYLES[kind]
    colour, dark = style.fill, style.dark
    inset = px(INSET_MM)
    frame = max(1, px(0.7))
    radius = px(2.2)
    draw.rounded_rectangle(
        (inset, inset, w - inset - 1, h - inset - 1), radius=radius, outline=colour, width=frame
    )
    band_h = px(7.0)
    draw.rounded_rectangle(
        (inset, inset, w - inset - 1, inset + band_h), radius=radius, fill=colour
    )
    draw.rectangle((inset, inset + band_h - radius, w - inset - 1, inset + band_h), fill=colour)
    label = kind_name(kind, lang).upper()
    label_face = text.fit("black", label, px(30), px(3.2))
    draw.text(
        (inset + px(3), inset + band_h / 2), label, font=label_face, anchor="lm", fill=style.on_fill
    )
    # The two card numbers that open this kind, in white discs.
    disc = px(5.0)
    number_face = text.fit("black", "8", disc * 0.6, disc * 0.56)
    for i, number in enumerate(reversed(NUMBERS[kind])):
        cx = w - inset - px(3) - disc / 2 - i * (disc + px(1.2))
        cy = inset + band_h / 2
        draw.ellipse((cx - disc / 2, cy - disc / 2, cx + disc / 2, cy + disc / 2), fill="white")
        draw.text((cx, cy), str(number), font=number_face, anchor="mm", fill=dark)

    left, right = inset + px(3), w - inset - px(3)
    top, bottom = inset + band_h + px(2.2), h - inset - px(4.2)
    title = mission.title_in(lang)
    title_size = text.shrink_to_width("bold", title, px(4.2), right - left)
    # Devanagari and Bengali stack vowel signs above and below the line: more room per line.
    leading = 1.18 if text.script_of(title + mission.text_in(lang)) == text.LATIN else 1.5
    title_h = px(4.4) if leading < 1.5 else px(5.6)
    text.draw_text(draw, (left, top), title, "bold", title_size, dark, anchor="lt")
    body = mission.text_in(lang)
    body_top = top + title_h + px(0.8)
    # The largest body size whose wrapped lines fit the space left.
    for size_mm in (4.2, 3.9, 3.6, 3.4, 3.2, 3.0, 2.8, 2.6, 2.45, 2.3, 2.15, 2.0):
        size = px(size_mm)
        lines = text.wrap(body, "medium", size, right - left)
        line_h = px(size_mm * leading)
        if body_top + len(lines) * line_h <= bottom:
            break
    for i, line in enumerate(lines):
        text.draw_text(draw, (left, body_top + i * line_h), line, "medium", size, INK, anchor="lt")
    foot = text.font("bold", px(2.2))
    draw.text((left, h - inset - px(1.6)), "GONG", font=foot, anchor="ls", fill=dark)
    draw.text(
        (right, h - inset - px(1.6)), mission.id, font=foot, anchor="rs", fill=(150, 150, 160)
    )
    return image

"""Mission cards: every mission as a small card, coloured by kind, to play GONG FIGHT without
phones (draw a card; its number says which pile of mission cards to draw from), and one rules
card beside the fight pile, saying who won a fight."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from gong.cards import Kind
from gong.i18n import DEFAULT_LANGUAGE, KIND_STYLES, kind_name
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
BODY_SIZES_MM = (4.2, 3.9, 3.6, 3.4, 3.2, 3.0, 2.8, 2.6, 2.45, 2.3, 2.15, 2.0)
"""The body text's sizes, largest first: a card takes the largest whose lines fit."""

RULES_CARD_ID = "rules-fight"
"""The rules card's name on the sheets and in its corner, as a mission's id is on a mission's."""
RULES_PAGE = "fight"
RULES_SECTION = "who-won-a-fight"
"""The rules card prints this section of the fight rules page, `server/content/rules/<lang>/
fight.md` (server/content/rules/en/fight.md#who-won-a-fight): its heading is the card's title,
its paragraphs the card's text, so the card and the page can never say two things. A language
whose page lacks the section yet gets the English card."""
RULES_TINT = 0.16
"""How much of the kind's colour tints the rules card's body: a mission card's body is white,
so the rules card is not shuffled into the mission pile by mistake."""

_HEADING = re.compile(r"^## (.+?)\s+\{#([a-z0-9-]+)\}\s*$")


@dataclass(frozen=True, slots=True)
class RulesText:
    """What the rules card says, in LANG (the sheet's language, or English as a fallback)."""

    lang: str
    title: str
    paragraphs: tuple[str, ...]


def _rules_dir() -> Path:
    from server.rulesdoc import RULES_DIR  # the site's pages; imported only to print the card

    return RULES_DIR


def rules_section(page: str, anchor: str) -> tuple[str, tuple[str, ...]] | None:
    """The heading and the paragraphs (lines joined, `**` dropped, a `- ` item one paragraph
    of its own) of the `## Heading {#anchor}` section of the rules page PAGE, or None."""
    heading: str | None = None
    paragraphs: list[str] = []
    current: list[str] = []
    for line in page.replace("\r\n", "\n").split("\n"):
        found = _HEADING.match(line.rstrip())
        if line.startswith("## "):
            if heading is not None:
                break
            if found and found[2] == anchor:
                heading = found[1].strip()
            continue
        if heading is None:
            continue
        stripped = line.strip()
        if not stripped or line.startswith("- "):
            if current:
                paragraphs.append(" ".join(current))
            current = ["•", stripped[2:].strip()] if line.startswith("- ") else []
        else:
            current.append(stripped)
    if heading is None:
        return None
    if current:
        paragraphs.append(" ".join(current))
    clean = tuple(p.replace("**", "") for p in paragraphs if p)
    return heading.replace("**", ""), clean


def rules_text(lang: str, rules_dir: Path | None = None) -> RulesText:
    """The rules card's title and paragraphs in LANG, from the fight rules page's
    RULES_SECTION; in English while LANG's page does not have that section."""
    directory = rules_dir or _rules_dir()
    for candidate in dict.fromkeys((lang, DEFAULT_LANGUAGE)):
        path = directory / candidate / f"{RULES_PAGE}.md"
        if path.is_file():
            found = rules_section(path.read_text(encoding="utf-8"), RULES_SECTION)
            if found is not None and found[1]:
                if any("{{" in said for said in (found[0], *found[1])):
                    # A page's {{number}} comes from the referee; the card does not fill it in.
                    raise ValueError(
                        f"{path}: #{RULES_SECTION} is printed as written: no {{{{…}}}}"
                    )
                return RulesText(candidate, found[0], found[1])
    raise ValueError(
        f"{directory / DEFAULT_LANGUAGE / RULES_PAGE}.md has no '{{#{RULES_SECTION}}}' "
        "section with text: the fight rules card prints it"
    )


@dataclass(frozen=True, slots=True)
class Body:
    """A card's body text laid out: its size, its lines (None between paragraphs) and whether
    they fit the space."""

    size_mm: float
    lines: tuple[str | None, ...]
    fits: bool


def _layout_body(
    paragraphs: Sequence[str], leading: float, width: float, height: float, px
) -> Body:
    """The largest of BODY_SIZES_MM at which PARAGRAPHS, wrapped to WIDTH pixels, fit HEIGHT;
    a gap of half a line parts two paragraphs."""
    lines: list[str | None] = []
    for size_mm in BODY_SIZES_MM:
        size = px(size_mm)
        lines = []
        for paragraph in paragraphs:
            if lines:
                lines.append(None)
            lines += text.wrap(paragraph, "medium", size, width)
        line_h = px(size_mm * leading)
        used = sum(line_h if line is not None else line_h / 2 for line in lines)
        if used <= height:
            return Body(size_mm, tuple(lines), True)
    return Body(BODY_SIZES_MM[-1], tuple(lines), False)


@dataclass(frozen=True, slots=True)
class _Face:
    kind: Kind
    lang: str
    title: str
    paragraphs: tuple[str, ...]
    corner: str
    numbers: bool = True
    tint: float = 0.0


def _tinted(colour: str, amount: float) -> tuple[int, int, int]:
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    r, g, b = (round(255 + (c - 255) * amount) for c in rgb)
    return r, g, b


def _geometry(scale: Scale, face: _Face) -> tuple[float, float, float, float, float]:
    """(left, right, body top, body bottom, leading) of FACE's text, in pixels."""
    px = scale.px
    w, h = px(MISSION_W_MM), px(MISSION_H_MM)
    inset = px(INSET_MM)
    band_h = px(7.0)
    left, right = inset + px(3), w - inset - px(3)
    top, bottom = inset + band_h + px(2.2), h - inset - px(4.2)
    # Devanagari and Bengali stack vowel signs above and below the line: more room per line.
    every = face.title + "".join(face.paragraphs)
    leading = 1.18 if text.script_of(every) == text.LATIN else 1.5
    title_h = px(4.4) if leading < 1.5 else px(5.6)
    return left, right, top + title_h + px(0.8), bottom, leading


def _body_of(face: _Face, scale: Scale) -> Body:
    left, right, body_top, bottom, leading = _geometry(scale, face)
    return _layout_body(face.paragraphs, leading, right - left, bottom - body_top, scale.px)


def _draw(face: _Face, scale: Scale) -> Image.Image:
    px = scale.px
    w, h = px(MISSION_W_MM), px(MISSION_H_MM)
    image = Image.new("RGB", (w, h), "white")
    draw = ImageDraw.Draw(image)
    style = KIND_STYLES[face.kind]
    colour, dark = style.fill, style.dark
    inset = px(INSET_MM)
    frame = max(1, px(0.7))
    radius = px(2.2)
    if face.tint:
        draw.rounded_rectangle(
            (inset, inset, w - inset - 1, h - inset - 1),
            radius=radius,
            fill=_tinted(colour, face.tint),
        )
    draw.rounded_rectangle(
        (inset, inset, w - inset - 1, h - inset - 1), radius=radius, outline=colour, width=frame
    )
    band_h = px(7.0)
    draw.rounded_rectangle(
        (inset, inset, w - inset - 1, inset + band_h), radius=radius, fill=colour
    )
    draw.rectangle((inset, inset + band_h - radius, w - inset - 1, inset + band_h), fill=colour)
    label = kind_name(face.kind, face.lang).upper()
    label_face = text.fit("black", label, px(30), px(3.2))
    draw.text(
        (inset + px(3), inset + band_h / 2), label, font=label_face, anchor="lm", fill=style.on_fill
    )
    if face.numbers:
        # The two card numbers that open this kind, in white discs.
        disc = px(5.0)
        number_face = text.fit("black", "8", disc * 0.6, disc * 0.56)
        for i, number in enumerate(reversed(NUMBERS[face.kind])):
            cx = w - inset - px(3) - disc / 2 - i * (disc + px(1.2))
            cy = inset + band_h / 2
            box = (cx - disc / 2, cy - disc / 2, cx + disc / 2, cy + disc / 2)
            draw.ellipse(box, fill="white")
            draw.text((cx, cy), str(number), font=number_face, anchor="mm", fill=dark)

    left, right, body_top, _, leading = _geometry(scale, face)
    top = inset + band_h + px(2.2)
    title_size = text.shrink_to_width("bold", face.title, px(4.2), right - left)
    text.draw_text(draw, (left, top), face.title, "bold", title_size, dark, anchor="lt")
    body = _body_of(face, scale)
    size, line_h = px(body.size_mm), px(body.size_mm * leading)
    y = body_top
    for line in body.lines:
        if line is None:
            y += line_h / 2
            continue
        text.draw_text(draw, (left, y), line, "medium", size, INK, anchor="lt")
        y += line_h
    foot = text.font("bold", px(2.2))
    draw.text((left, h - inset - px(1.6)), "GONG", font=foot, anchor="ls", fill=dark)
    draw.text(
        (right, h - inset - px(1.6)), face.corner, font=foot, anchor="rs", fill=(150, 150, 160)
    )
    return image


def _mission_face(mission: Mission, lang: str) -> _Face:
    return _Face(mission.kind, lang, mission.title_in(lang), (mission.text_in(lang),), mission.id)


def _rules_face(lang: str, rules_dir: Path | None = None) -> _Face:
    said = rules_text(lang, rules_dir)
    # The band and its FIGHT label stay in the sheet's language, like the rest of the sheet.
    return _Face(
        Kind.FIGHT, lang, said.title, said.paragraphs, RULES_CARD_ID, numbers=False, tint=RULES_TINT
    )


def mission_card(mission: Mission, lang: str, scale: Scale) -> Image.Image:
    """MISSION as a card image (63 x 44 mm at SCALE's DPI), in language LANG."""
    return _draw(_mission_face(mission, lang), scale)


def mission_body(mission: Mission, lang: str, scale: Scale) -> Body:
    """How MISSION's text is laid out on its card in LANG (the size chosen, and whether it fits)."""
    return _body_of(_mission_face(mission, lang), scale)


def rules_card(lang: str, scale: Scale, rules_dir: Path | None = None) -> Image.Image:
    """The fight rules card (who won a fight, what decides one still without a winner), the
    size of a mission card, in LANG; its text is the fight rules page's RULES_SECTION."""
    return _draw(_rules_face(lang, rules_dir), scale)


def rules_body(lang: str, scale: Scale, rules_dir: Path | None = None) -> Body:
    """How the rules card's text is laid out in LANG."""
    return _body_of(_rules_face(lang, rules_dir), scale)


def wants_rules_card(missions: Sequence[Mission]) -> bool:
    """A sheet gets the fight rules card when it has fight missions."""
    return any(m.kind is Kind.FIGHT for m in missions)

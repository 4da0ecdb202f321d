"""What a print run writes: PNG cards, PDF sheets opened with pypdf, QR codes decoded back."""

import json

import pytest
import zxingcpp
from PIL import Image, ImageChops
from pypdf import PdfReader

from gong.cards import DECK, JOKERS, Kind, parse_card
from gong.missions import MissionBook
from printables import qr
from printables.deck import MARKER, DeckError
from printables.faces import MAX_QR_SIDE_MM, SAFE_BOTTOM_MM, SAFE_RIGHT_MM, CardPainter
from printables.geometry import BLEED_MM, CARD_H_MM, CARD_W_MM, SAFE_LEFT_MM, Scale
from printables.links import card_link, parse_base_url
from printables.missioncards import MISSION_H_MM, MISSION_W_MM, RULES_CARD_ID
from printables.sheets import card_grid, mission_grid

from .conftest import BASE, LOW_DPI, few_missions, run_deck
from .pdfcheck import drawings, page_size_mm

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def close(a, b, tolerance=0.05):
    return abs(a - b) <= tolerance


def test_every_png_has_the_card_size_and_its_dpi(full_deck):
    size = Scale(LOW_DPI).card_size
    files = sorted((full_deck.out / "cards").glob("*.png"))
    assert len(files) == 57
    for path in files:
        with Image.open(path) as image:
            assert image.size == size
            assert [round(v) for v in image.info["dpi"]] == [LOW_DPI, LOW_DPI]


def test_all_56_qr_codes_decode_back_from_the_files(full_deck):
    for card in DECK:
        with Image.open(full_deck.out / "cards" / f"{card.code}.png") as image:
            found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            assert [b.text for b in found] == [f"HTTPS://GONG.EXAMPLE.ORG/C/{card.code}"]
            assert found[0].symbology_identifier  # a real QR symbol, not a guess
            assert qr.verify(image, card_link(parse_base_url(BASE), card), LOW_DPI) is None
    with Image.open(full_deck.out / "cards" / "back.png") as back:
        assert qr.decode(back) == []


def test_marker_is_written_last_and_lists_every_file(full_deck):
    manifest = json.loads((full_deck.out / MARKER).read_text())
    assert manifest["qr"]["error_correction"] == "Q"
    assert 0.95 <= manifest["qr"]["module_mm"] <= 1.1
    assert manifest["verified"] == sorted(card.code for card in DECK)
    for name in manifest["files"]:
        assert (full_deck.out / name).is_file()
    assert not list(full_deck.out.parent.glob(".*"))  # no staging folder left behind


def test_print_and_play_pages_cards_and_backs(full_deck):
    reader = PdfReader(full_deck.out / "print-and-play-a4.pdf")
    assert len(reader.pages) == 2 * 7  # 56 cards: 7 sheets of fronts, each with its backs
    grid = card_grid("a4")
    for index, page in enumerate(reader.pages):
        width, height = page_size_mm(page)
        assert close(width, A4[0]) and close(height, A4[1])
        placed, lines = drawings(reader, index)
        sheet = index // 2
        cards = DECK[sheet * 9 : sheet * 9 + 9]
        assert len(placed) == len(cards)
        for i, item in enumerate(placed):
            col, row = i % 3, i // 3
            if index % 2:  # backs mirror left and right (long edge)
                col = 2 - col
                assert item.name == "Back"
            else:
                assert item.name == f"C{cards[i].code}"
            x, y = grid.cell(col, row)
            # The image with bleed sits 3 mm outside its cell, at exact physical size.
            assert close(item.left, x - BLEED_MM) and close(item.top, y - BLEED_MM)
            assert close(item.width, CARD_W_MM + 2 * BLEED_MM)
            assert close(item.height, CARD_H_MM + 2 * BLEED_MM)
            left, top, right, bottom = item.clip
            assert left <= x + 0.05 and right >= x + CARD_W_MM - 0.05
            assert top <= y + 0.05 and bottom >= y + CARD_H_MM - 0.05
        if index % 2 == 0:
            assert_crop_marks(lines, grid)
        else:
            assert lines == []


def assert_crop_marks(lines, grid):
    """A mark on every cut line, outside the cards and their bleed, on all four sides."""
    right = grid.left + grid.cols * grid.cell_w
    bottom = grid.top + grid.rows * grid.cell_h
    vertical = {round(x0, 2) for x0, y0, x1, y1 in lines if close(x0, x1)}
    horizontal = {round(y0, 2) for x0, y0, x1, y1 in lines if close(y0, y1)}
    assert vertical == {round(grid.left + c * grid.cell_w, 2) for c in range(grid.cols + 1)}
    assert horizontal == {round(grid.top + r * grid.cell_h, 2) for r in range(grid.rows + 1)}
    assert len(lines) == 2 * (grid.cols + 1) + 2 * (grid.rows + 1)
    for x0, y0, x1, y1 in lines:
        inside_x = grid.left - 0.01 < min(x0, x1) and max(x0, x1) < right + 0.01
        inside_y = grid.top - 0.01 < min(y0, y1) and max(y0, y1) < bottom + 0.01
        assert not (inside_x and inside_y), "a crop mark crosses a card"
        assert min(x0, x1) >= 0 and max(x0, x1) <= grid.page_w
        assert min(y0, y1) >= 0 and max(y0, y1) <= grid.page_h


def test_print_shop_has_one_card_per_page_with_bleed_then_the_back(full_deck):
    reader = PdfReader(full_deck.out / "print-shop.pdf")
    assert len(reader.pages) == 57
    for index, page in enumerate(reader.pages):
        width, height = page_size_mm(page)
        assert close(width, 69) and close(height, 94)
        trim = page.trimbox
        assert close(float(trim.left) * 25.4 / 72, 3) and close(float(trim.width) * 25.4 / 72, 63)
        placed, _ = drawings(reader, index)
        expected = "Back" if index == 56 else f"C{DECK[index].code}"
        assert [p.name for p in placed] == [expected]
        assert close(placed[0].left, 0) and close(placed[0].top, 0)


def test_pdf_images_are_the_png_pixels(full_deck):
    reader = PdfReader(full_deck.out / "print-shop.pdf")
    embedded = next(iter(reader.pages[4].images)).image.convert("RGB")
    with Image.open(full_deck.out / "cards" / f"{DECK[4].code}.png") as png:
        assert ImageChops.difference(embedded, png.convert("RGB")).getbbox() is None


def test_mission_cards_sheet(full_deck):
    reader = PdfReader(full_deck.out / "mission-cards-en.pdf")
    count = full_deck.report.mission_count
    assert count == 9
    assert len(reader.pages) == 1
    placed, lines = drawings(reader, 0)
    grid = mission_grid("a4")
    # The fight rules card first, then the missions.
    assert len(placed) == count + 1
    assert placed[0].name == "M" + RULES_CARD_ID.replace("-", "_")
    for i, item in enumerate(placed):
        x, y = grid.cell(i % 3, i // 3)
        assert close(item.left, x) and close(item.top, y)
        assert close(item.width, MISSION_W_MM) and close(item.height, MISSION_H_MM)
    assert_crop_marks(lines, grid)


@pytest.mark.parametrize("backs", ["short", "none"])
def test_letter_paper_and_other_back_edges(tmp_path, backs):
    cards = DECK[:4] + JOKERS
    run = run_deck(tmp_path / "deck", cards=cards, paper="letter", backs=backs, lang="sv")
    reader = PdfReader(run.out / "print-and-play-letter.pdf")
    assert len(reader.pages) == (1 if backs == "none" else 2)
    width, height = page_size_mm(reader.pages[0])
    assert close(width, LETTER[0]) and close(height, LETTER[1])
    grid = card_grid("letter")
    fronts, lines = drawings(reader, 0)
    assert_crop_marks(lines, grid)
    if backs == "short":
        backs_placed, _ = drawings(reader, 1)
        for i, item in enumerate(backs_placed):
            col, row = i % 3, 2 - i // 3  # turned over the short edge: rows mirror
            x, y = grid.cell(col, row)
            assert close(item.left, x - BLEED_MM) and close(item.top, y - BLEED_MM)
    assert (run.out / "mission-cards-sv.pdf").is_file()
    assert len(PdfReader(run.out / "print-shop.pdf").pages) == len(cards) + 1


def test_full_resolution_cards_are_815_by_1110_at_300_dpi(tmp_path):
    cards = (parse_card("NE5"), parse_card("PR1"), JOKERS[0])
    run = run_deck(tmp_path / "deck", cards=cards, dpi=300)
    for name in ("NE5", "PR1", "J1", "back"):
        with Image.open(run.out / "cards" / f"{name}.png") as image:
            assert image.size == (815, 1110)
            assert [round(v) for v in image.info["dpi"]] == [300, 300]
    assert run.report.qr_plan.box_px == 12


def test_same_inputs_give_identical_bytes_with_any_number_of_jobs(tmp_path):
    cards = (*DECK[6:12], JOKERS[1])
    one = run_deck(tmp_path / "one", cards=cards, jobs=1)
    two = run_deck(tmp_path / "two", cards=cards, jobs=2)
    names = sorted(p.relative_to(one.out) for p in one.out.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(two.out) for p in two.out.rglob("*") if p.is_file())
    for name in names:
        assert (one.out / name).read_bytes() == (two.out / name).read_bytes(), name


@pytest.mark.parametrize("code", ["AN4", "NM6", "J2"])
def test_text_and_code_stay_inside_the_safe_zone(code):
    """Everything drawn over the galaxy (text, glyphs, QR panel and their shadows) lies at
    least 3 mm inside the cut line."""
    scale = Scale(LOW_DPI)
    base = parse_base_url(BASE)
    card = parse_card(code)
    plan = qr.plan([card_link(base, c) for c in DECK], scale, MAX_QR_SIDE_MM)
    painter = CardPainter(scale, plan, "fr")
    face = painter.face(card, card_link(base, card))
    key, style = painter.style_of(card)
    background = painter.background(key, style)
    left, top, right, bottom = ImageChops.difference(face, background).getbbox()
    assert left >= scale.px(SAFE_LEFT_MM) - 1 and top >= scale.px(SAFE_LEFT_MM) - 1
    assert right <= scale.px(SAFE_RIGHT_MM) + 1 and bottom <= scale.px(SAFE_BOTTOM_MM) + 1


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"paper": "a3"}, "unknown paper"),
        ({"backs": "both"}, "unknown backs"),
        ({"lang": "pt"}, "unsupported language"),
        ({"dpi": 20}, "DPI must be between"),
        ({"jobs": 0}, "at least 1"),
        ({"cards": ()}, "no cards"),
    ],
)
def test_python_api_refuses_bad_options(tmp_path, override, message):
    with pytest.raises(DeckError, match=message):
        run_deck(tmp_path / "deck", **override)
    assert list(tmp_path.iterdir()) == []


def test_a_run_without_missions_writes_no_mission_sheet(tmp_path):
    run = run_deck(tmp_path / "deck", cards=DECK[:2], missions=MissionBook({}))
    assert not list(run.out.glob("mission-cards-*.pdf"))
    assert (run.out / MARKER).is_file()


def test_a_sheet_without_fight_missions_has_no_fight_rules_card(tmp_path):
    book = few_missions()
    no_fights = MissionBook({kind: book.of_kind(kind) for kind in (Kind.MALUS, Kind.BONUS)})
    run = run_deck(tmp_path / "deck", cards=DECK[:2], missions=no_fights)
    placed, _ = drawings(PdfReader(run.out / "mission-cards-en.pdf"), 0)
    assert [p.name for p in placed] == ["M" + m.id.replace("-", "_") for m in no_fights]

"""QR codes: one size for the deck, about 1 mm modules, decoded back by zxing-cpp."""

import pytest
from PIL import Image, ImageDraw

from gong.cards import DECK
from printables import qr
from printables.faces import MAX_QR_SIDE_MM
from printables.geometry import Scale
from printables.links import card_link, parse_base_url

LINKS = [card_link(parse_base_url("https://gong.example.org"), card) for card in DECK]


@pytest.mark.parametrize(("dpi", "box"), [(300, 12), (150, 6), (100, 4)])
def test_modules_are_about_one_millimetre(dpi, box):
    plan = qr.plan(LINKS, Scale(dpi), MAX_QR_SIDE_MM)
    assert plan.box_px == box
    assert 0.95 <= plan.module_mm <= 1.1
    assert plan.modules == 17 + 4 * plan.version + 8


def test_one_version_for_the_whole_deck_is_the_smallest_that_holds_every_link():
    plan = qr.plan(LINKS, Scale(300), MAX_QR_SIDE_MM)
    assert plan.version == max(qr.smallest_version(link) for link in LINKS)


def test_a_long_url_shrinks_modules_then_is_refused():
    long_base = parse_base_url("https://gong.example.org/" + "x" * 40)
    links = [card_link(long_base, card) for card in DECK]
    plan = qr.plan(links, Scale(300), MAX_QR_SIDE_MM)
    assert plan.module_mm < 1.0 and plan.side_px <= Scale(300).px(MAX_QR_SIDE_MM)
    too_long = parse_base_url("https://gong.example.org/" + "x" * 120)
    with pytest.raises(qr.QrError, match="shorter base URL"):
        qr.plan([card_link(too_long, card) for card in DECK], Scale(300), MAX_QR_SIDE_MM)


def test_rendered_code_is_dark_on_white_with_a_quiet_zone_and_decodes():
    plan = qr.plan(LINKS, Scale(300), MAX_QR_SIDE_MM)
    image = qr.render(LINKS[0], plan)
    assert image.size == (plan.side_px, plan.side_px)
    quiet = qr.QUIET_MODULES * plan.box_px
    assert image.crop((0, 0, image.width, quiet)).getextrema() == (qr.LIGHT, qr.LIGHT)
    assert image.getextrema() == (qr.DARK, qr.LIGHT)
    assert qr.decode(image) == [LINKS[0]]
    assert qr.verify(image, LINKS[0], 300) is None


def test_verification_reports_a_wrong_link_and_a_damaged_code():
    plan = qr.plan(LINKS, Scale(300), MAX_QR_SIDE_MM)
    image = qr.render(LINKS[0], plan).convert("RGB")
    assert "expected" in qr.verify(image, LINKS[1], 300)
    damaged = image.copy()
    third = image.width // 3
    ImageDraw.Draw(damaged).rectangle((third, third, 2 * third, 2 * third), fill="black")
    assert "no QR code" in qr.verify(damaged, LINKS[0], 300)


def test_phone_view_is_three_pixels_per_millimetre_at_any_dpi():
    for dpi in (100, 300):
        card = Image.new("RGB", Scale(dpi).card_size, "white")
        view = qr.phone_view(card, dpi)
        assert view.size == (207, 282)  # 69 x 94 mm at 3 px/mm

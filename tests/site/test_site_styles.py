"""The look of each mission kind, one record shared by the site and the printer: every text
colour readable on its ground (WCAG AA, 4.5:1), measured here from the colours themselves."""

from __future__ import annotations

import pytest

from gong.cards import Kind
from gong.i18n import KIND_STYLES, LANGUAGES
from gong.missions import MissionBook
from gong.referee import GAMES
from server.texts import game_title
from server.views.rules import RULES_GAMES

WHITE = "#FFFFFF"
AA = 4.5


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of `#RRGGBB`."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_on_known_pairs() -> None:
    assert contrast("#000000", WHITE) == pytest.approx(21.0)
    assert contrast("#777777", WHITE) == pytest.approx(4.48, abs=0.01)  # the classic near miss
    assert contrast(WHITE, WHITE) == pytest.approx(1.0)


@pytest.mark.parametrize("kind", list(Kind))
def test_text_on_each_kind_is_readable(kind: Kind) -> None:
    style = KIND_STYLES[kind]
    assert contrast(style.on_fill, style.fill) >= AA, "the label on the band and the QR frame"
    assert contrast(style.dark, WHITE) >= AA, "titles and numbers on the white mission card"


def test_fight_keeps_the_more_readable_of_the_two_former_inks() -> None:
    """The site wrote near-black on yellow, the printer dark gold: the record keeps the one
    with the higher contrast."""
    fight = KIND_STYLES[Kind.FIGHT]
    assert contrast(fight.on_fill, fight.fill) > contrast(fight.dark, fight.fill)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("kind", list(Kind))
def test_the_printed_mission_card_writes_its_label_in_the_records_colour(
    kind: Kind, book: MissionBook
) -> None:
    """The printer's band, like the site's (`--<kind>-ink`, see test_site_headers), takes
    the fill and the text colour from the one record."""
    from printables.geometry import Scale
    from printables.missioncards import mission_card

    scale = Scale(200)
    image = mission_card(book.of_kind(kind)[0], "en", scale)
    band_left = scale.px(2.0) + scale.px(3)
    band = image.crop((band_left, scale.px(2.5), image.width // 2, scale.px(8.5)))
    colours = {colour for _, colour in band.getcolors(maxcolors=1 << 16)}
    assert rgb(KIND_STYLES[kind].fill) in colours
    assert rgb(KIND_STYLES[kind].on_fill) in colours, "the label's solid strokes"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_a_name_in_every_language(lang: str) -> None:
    for game in [*GAMES, "go-fish", "go-boom", "gang-of-four"]:
        assert game_title(game, lang).strip()
    for game in RULES_GAMES.values():
        assert game_title(game, lang).strip()


def test_classic_games_go_by_their_local_names() -> None:
    assert game_title("go-fish", "en") == "Go Fish"
    assert game_title("go-fish", "fr") == "La pêche"
    assert game_title("go-fish", "sv") == "Finns i sjön"
    assert {game_title("gang-of-four", lang) for lang in LANGUAGES} == {"Gang of Four"}
    assert {game_title("go-boom", lang) for lang in LANGUAGES} == {"Jokers Go Boom"}

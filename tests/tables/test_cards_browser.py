"""Cards a child reads, in Debian's chromium on a 360 px phone against a real `gong serve`:
family names at 12 px or more and never cut, a symbol of its own for each family and each gem,
full text contrast on picked, playable and unplayable cards, the classic decks' faces too."""

from __future__ import annotations

import json
import urllib.request

import pytest

from gong.cards import DECK, Family, Gem
from gong.i18n import gem_name

from .pageplay import act, axe_findings, over, serving
from .test_pages_browser import CHROMIUM, PHONE
from .test_pages_browser import browser as browser  # the module's chromium fixture

NINE = ["PR1", "NE2", "ZE3", "AN4", "SE5", "SP6", "VI1", "OM2", "NM3"]
"""The first nine cards dealt: seat 0's hand, one card of each family, every gem."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("cards")) as running:
        yield running


def _post(server, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def seated_page(browser, server, game: str, players: int, lang: str = "en", **extra):
    """A phone seated at seat 0 of a new table whose other seats are robots (the context
    lets an injected axe-core script run)."""
    bots = {str(seat): "easy" for seat in range(1, players)}
    made = _post(server, "/api/tables", {"game": game, "players": players, "bots": bots, **extra})
    seat = _post(server, f"/api/tables/{made['id']}/seats", {"seat": 0, "name": "Zoe"})
    context = browser.new_context(viewport=PHONE, base_url=server.url, bypass_csp=True)
    context.add_cookies(
        [{"name": "gs_" + made["id"], "value": seat["secret"], "url": server.url + "/t/"}]
    )
    page = context.new_page()
    page.goto(f"/t/{made['id']}?lang={lang}")
    page.wait_for_selector("fieldset.hand .gc")
    return context, page


# What each card's texts look like: size, whether they fit their box, their colours against
# every colour of the card's background, and whatever could fade them.
MEASURE = """(root) => {
  const rgb = (text) => (text.match(/rgba?\\([^)]*\\)/g) || []).map((c) =>
    c.replace(/[^0-9.,]/g, "").split(",").map(Number));
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  return [...root.querySelectorAll(".gc")].map((card) => {
    const style = getComputedStyle(card);
    const ground = rgb(style.backgroundImage).concat(rgb(style.backgroundColor))
      .filter((c) => c.length === 3 || c[3] > 0);
    let opacity = 1, filter = "";
    for (let el = card; el; el = el.parentElement) {
      const s = getComputedStyle(el);
      opacity *= +s.opacity;
      if (s.filter !== "none") filter += s.filter;
    }
    const texts = [...card.querySelectorAll("i, b")].filter((el) => el.textContent.trim())
      .map((el) => {
        const s = getComputedStyle(el);
        const range = document.createRange();
        range.selectNodeContents(el);
        return {
          text: el.textContent.trim(), size: parseFloat(s.fontSize),
          scroll: el.scrollWidth, client: el.clientWidth,
          inked: range.getBoundingClientRect().width, overflow: s.overflow,
          ellipsis: s.textOverflow, colour: rgb(s.color)[0],
          contrast: Math.min(...ground.map((g) => ratio(rgb(s.color)[0], g))),
        };
      });
    const pick = card.closest(".pick");
    return {
      look: [...card.classList].find((k) => /^(f-|joker|s-|g-|other)/.test(k)),
      texts, opaque: ground.every((c) => c.length === 3 || c[3] === 1),
      opacity, filter, card: [card.scrollWidth, card.clientWidth],
      state: !pick ? "shown" : pick.classList.contains("idle") ? "idle"
        : pick.querySelector("input:checked") ? "picked" : "playable",
      family: card.querySelector("b use")?.getAttribute("href") || "",
      gem: card.querySelector("i use")?.getAttribute("href") || "",
    };
  });
}"""


def faces(page, where: str = "main") -> list[dict]:
    return page.locator(where).evaluate(MEASURE)


def assert_readable(cards: list[dict]) -> None:
    """Every text whole (no clipping, no ellipsis) at full contrast, nothing faded."""
    assert cards
    for card in cards:
        assert card["opaque"], card
        assert card["opacity"] == 1 and card["filter"] == "", card
        assert card["card"][0] <= card["card"][1], card
        for text in card["texts"]:
            assert text["scroll"] <= text["client"], text
            assert text["inked"] <= text["client"] + 0.5, text
            assert text["ellipsis"] != "ellipsis", text
            assert text["contrast"] >= 4.5, (card["look"], card["state"], text)


def assert_family_names_large(cards: list[dict]) -> None:
    names = {family.label for family in Family}
    seen = [t for card in cards for t in card["texts"] if t["text"] in names]
    assert seen
    for text in seen:
        assert text["size"] >= 12, text


def rows(page) -> int:
    return page.evaluate(
        "() => new Set([...document.querySelectorAll('fieldset.hand .pick')]"
        ".map((p) => p.offsetTop)).size"
    )


def symbols_drawn(page) -> bool:
    """Whether every symbol a card uses is in the page's sprite and draws something."""
    return page.evaluate(
        """() => [...document.querySelectorAll(".gc use")].every((use) => {
          const target = document.querySelector(use.getAttribute("href"));
          const box = use.getBoundingClientRect();
          return target && target.tagName === "symbol" && box.width > 0 && box.height > 0;
        })"""
    )


def test_a_link_hand_mid_game_has_large_whole_family_names_and_readable_cards(browser, server):
    context, page = seated_page(browser, server, "gong-link", 3, seed=11)
    try:
        moves = 0
        while moves < 4 and not over(page):
            if page.locator("form.move button").count() and act(page):
                moves += 1
            else:
                page.wait_for_selector("form.move button", timeout=10_000)
        assert moves == 4 and not over(page)
        page.wait_for_selector("form.move button", timeout=10_000)
        cards = faces(page)
        assert_family_names_large(cards)
        assert_readable(cards)
        assert symbols_drawn(page)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "hi"])
def test_a_hand_of_all_nine_families_tells_every_family_and_gem_apart(browser, server, lang):
    deck = NINE + [card.code for card in DECK if card.code not in NINE]
    context, page = seated_page(browser, server, "gong-link", 2, lang, seed=1, deck=deck)
    try:
        page.wait_for_selector("label.pick:not(.idle)")
        assert page.locator("fieldset.hand .pick").count() == 9
        assert rows(page) <= 3
        hand = faces(page, "fieldset.hand")
        assert_family_names_large(hand)
        assert_readable(hand)
        assert symbols_drawn(page)
        # A symbol of its own for each family, and one of its own shape for each gem.
        families = {card["look"]: card["family"] for card in hand}
        assert len(families) == 9 and len(set(families.values())) == 9
        assert all(families.values())
        gems: dict[str, set[str]] = {}
        for card in hand:
            gems.setdefault(card["texts"][-1]["text"], set()).add(card["gem"])
        assert set(gems) == {gem_name(gem, lang) for gem in Gem}
        assert all(len(hrefs) == 1 for hrefs in gems.values())
        hrefs = [next(iter(h)) for h in gems.values()]
        shapes = page.evaluate(
            """(hrefs) => hrefs.map((h) => document.querySelector(h).innerHTML
                 .replace(/ (fill|stroke|stroke-width)="[^"]*"/g, ""))""",
            hrefs,
        )
        assert len(set(hrefs)) == len(set(shapes)) == 6
        # Each card keeps its name for a screen reader, said once (the face is for the eyes).
        for code in NINE:
            label = page.locator(f"input[value={code}]").evaluate(
                "(box) => box.closest('label').querySelector('.sr').textContent"
            )
            assert page.get_by_role("checkbox", name=label, exact=True).count() == 1
        # A picked, a playable and an unplayable card, all at full contrast.
        page.locator("label.pick:not(.idle)").first.click()
        page.wait_for_selector("label.pick input:checked")
        hand = faces(page, "fieldset.hand")
        states = {card["state"] for card in hand}
        assert {"picked", "playable", "idle"} <= states
        assert_readable(hand)
        if lang == "en":
            assert axe_findings(page) == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("game", "players", "most_rows"), [("go-fish", 2, 3), ("gang-of-four", 4, 4)]
)
def test_classic_hands_stay_readable(browser, server, game, players, most_rows):
    context, page = seated_page(browser, server, game, players, seed=5)
    try:
        hand = faces(page, "fieldset.hand")
        assert_readable(hand)
        assert all(card["family"] == card["gem"] == "" for card in hand)
        assert rows(page) <= most_rows
        if game == "gang-of-four":
            assert page.locator("fieldset.hand .pick").count() == 16
            page.wait_for_selector("label.pick:not(.idle)")
            page.locator("label.pick:not(.idle)").first.click()
            assert_readable(faces(page, "fieldset.hand"))
    finally:
        context.close()

"""The rules pages of the three classic games (server/content/rules/en/index.md#classic-games):
served in every language, listed wherever the rules are, switchable between languages, within
the first-round-trip budget, and stating the decisions the referee enforces."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask.testing import FlaskClient

from gong.i18n import LANGUAGES

from .test_site_headers import FIRST_ROUND_TRIP, GZIP, stylesheet_url, wire_bytes

TITLES = {
    "go-fish": {
        "en": "Go Fish",
        "fr": "La pêche",
        "sv": "Finns i sjön",
        "de": "Quartett (Go Fish)",
        "es": "Ve a pescar",
        "it": "Vai a pescare",
        "nl": "Kwartetten (Go Fish)",
        "pl": "Idź na ryby",
        "fi": "Mene kalaan",
        "hi": "मछली पकड़ो",
        "bn": "মাছ ধরো",
    },
    "go-boom": dict.fromkeys(LANGUAGES, "Jokers Go Boom"),
    "gang-of-four": dict.fromkeys(LANGUAGES, "Gang of Four"),
}
CLASSICS = tuple(TITLES)

# The house-rule switches (the referee's option names) and the card codes each page names.
SWITCHES = {
    "go-fish": ("exact_card", "may_ask_held_card", "play_on", "turn_limit"),
    "go-boom": ("jokers", "rounds", "turn_limit"),
    "gang-of-four": ("target_score", "auto_announce", "announce", "turn_limit"),
}
CODES = {
    "go-fish": ("QS", "10H"),
    "go-boom": ("QS", "10H", "JK1", "JK2", "JK8"),
    "gang-of-four": ("G7", "Y7", "R10", "M1", "PG", "PY", "DR"),
}

# Decisions of server/content/rules/en/go-fish.md, server/content/rules/en/go-boom.md and
# server/content/rules/en/gang-of-four.md that a family most easily gets wrong, as each page words
# them.
DECISIONS: dict[tuple[str, str], tuple[str, ...]] = {
    ("go-fish", "en"): (
        'the turn passes to the player who said "Go fish", who is not always your neighbour',
        "books you get in the deal are laid down before anyone plays",
        "a book made with the very last card still counts",
        "a tie means a shared win",
        'the answer is always "go fish!", and your turn ends',
        "ask someone for a rank they don't have, and it becomes their turn",
        "a player with no cards is skipped and can't be asked",
        'without "exact card" is refused',
    ),
    ("go-fish", "fr"): (
        "c'est alors au tour du joueur qui a dit « pioche ! », qui n'est pas toujours ton voisin",
        "les carrés reçus à la distribution se posent avant le début du jeu",
        "un carré fait avec la toute dernière carte compte quand même",
        "en cas d'égalité, la victoire est partagée",
        "la réponse est toujours « pioche ! », et ton tour est fini",
        "si tu demandes une valeur à quelqu'un qui n'en a pas, c'est à son tour",
        "un joueur sans cartes passe son tour, et on ne peut rien lui demander",
        "sans « carte précise » est refusé",
    ),
    ("go-fish", "sv"): (
        "turen går till den som sa ”finns i sjön!”, och det är inte alltid den som sitter bredvid",
        "fyrtal som du får redan i given läggs ut innan någon börjar spela",
        "ett fyrtal som blir klart med allra sista kortet räknas ändå",
        "har flera lika många delar de på segern",
        "svaret är alltid ”finns i sjön!”, och din tur är slut",
        "frågar du någon efter en valör som den inte har, blir det den spelarens tur",
        "hoppas den som saknar kort över, och ingen får fråga den",
        "utan ”bestämt kort” går inte att välja",
    ),
    ("go-boom", "en"): (
        "your turn ends at once, even if that card matches",
        "you may only draw when no card in your hand matches",
        "play the joker, or draw",
        "the next player plays on the card under the joker",
        "starting with the next player, while there are cards",
        "a joker as your last card still booms first",
        "the discard pile is never shuffled back in",
        "nobody scores 0",
        "with no jokers, the aces go boom instead",
        "an ace on top is matched as usual",
        "0 means one round per player",
    ),
    ("go-boom", "fr"): (
        "ton tour est fini tout de suite, même si elle va",
        "tu ne peux piocher que si aucune carte de ta main ne va",
        "joue le joker, ou pioche",
        "le joueur suivant joue sur la carte qui est sous le joker",
        "en commençant par le joueur suivant, tant qu'il en reste",
        "un joker posé comme dernière carte fait boum quand même",
        "on ne remélange jamais la défausse",
        "personne ne marque 0",
        "sans joker, ce sont les as qui font boum",
        "sur un as, on joue comme d'habitude",
        "0 veut dire une manche par joueur",
    ),
    ("go-boom", "sv"): (
        "din tur är slut direkt, även om kortet passar",
        "du får bara dra när inget kort på handen passar",
        "spela jokern eller dra",
        "lägger nästa spelare på kortet under jokern",
        "med början hos nästa spelare, så länge det finns kort",
        "en joker som ditt sista kort säger pang först",
        "kasthögen blandas aldrig",
        "ingen får 0",
        "utan jokrar är det essen som säger pang",
        "på ett ess lägger man som vanligt",
        "0 betyder en omgång per spelare",
    ),
    ("gang-of-four", "en"): (
        "their first play must include it",
        "the player to the dealer's right starts with anything",
        "the first round goes counter-clockwise, the second clockwise",
        "no passing on an empty table",
        "m1 g1 g1 g7 g7 is a full house, not a flush",
        "a gang beats anything that is not a gang, even the dragon",
        "an identical combination (same numbers, same colours) can't beat it",
        "straights run from 1 to 10: no going round from 10 to 1",
        "you must play exactly that card: no pass, no gang",
        "you must play two or more cards together if you can",
        "you are out for the rest of the round, and you score 1 point",
        "16 cards: 5 points per card",
        "the one closest to the winner counter-clockwise",
    ),
    ("gang-of-four", "fr"): (
        "il doit le poser dès son premier coup",
        "c'est le joueur à droite du donneur qui commence",
        "la première manche se joue dans le sens inverse des aiguilles d'une montre",
        "on ne passe pas devant une table vide",
        "m1 g1 g1 g7 g7 est un full, pas une couleur",
        "un gang bat tout ce qui n'est pas un gang, même le dragon",
        "une combinaison identique (mêmes nombres, mêmes couleurs) ne peut pas battre",
        "les suites vont de 1 à 10 : on ne repart pas de 10 à 1",
        "tu dois poser exactement celle-là : pas de « passe », pas de gang",
        "tu dois poser au moins deux cartes ensemble si tu peux",
        "tu ne joues plus jusqu'à la fin de la manche, et tu marques 1 point",
        "16 cartes : 5 points par carte",
        "le plus proche du gagnant dans le sens inverse des aiguilles d'une montre",
    ),
    ("gang-of-four", "sv"): (
        "den måste vara med i första utspelet",
        "börjar spelaren till höger om den som gav, med vad som helst",
        "första omgången går motsols, den andra medsols",
        "man får inte passa när bordet är tomt",
        "m1 g1 g1 g7 g7 är en kåk, inte en färg",
        "ett gäng slår allt som inte är ett gäng, även draken",
        "en likadan kombination (samma nummer, samma färger) kan inte slå",
        "stegar går från 1 till 10: man får inte gå runt från 10 till 1",
        "måste du lägga just det kortet: inget pass, inget gäng",
        "måste du lägga minst två kort tillsammans om du kan",
        "är du ute resten av omgången, och du får 1 poäng",
        "16 kort: 5 poäng per kort",
        "den som sitter närmast vinnaren motsols",
    ),
    ("go-fish", "hi"): (
        'बारी उस खिलाड़ी की हो जाती है जिसने "मछली पकड़ो" कहा था, जो हमेशा तुम्हारा पड़ोसी नहीं होता',
        "बाँटने में ही जो चौकड़ियाँ बन जाएँ, वे किसी के चलने से पहले नीचे रख दी जाती हैं",
        "बिल्कुल आख़िरी कार्ड से बनी चौकड़ी भी गिनी जाती है",
        "बराबरी हो तो जीत बँट जाती है",
        'जवाब हमेशा "मछली पकड़ो!" होता है, और तुम्हारी बारी ख़त्म',
        "किसी से ऐसा नंबर माँगो जो उसके पास नहीं है, तो बारी उसकी हो जाती है",
        "बिना कार्ड वाले खिलाड़ी की बारी छोड़ दी जाती है और उससे कुछ नहीं माँगा जा सकता",
        '"नाम से कार्ड" के बिना "अपना ही कार्ड माँगो" चुनो, तो खेल सेट करते समय ही मना हो जाता है',
    ),
    ("go-boom", "hi"): (
        "तुम्हारी बारी फ़ौरन ख़त्म, चाहे वह कार्ड मिलता हो",
        "कार्ड तभी उठा सकते हो जब तुम्हारे हाथ का कोई कार्ड न मिलता हो",
        "जोकर चलो, या कार्ड उठाओ",
        "फिर अगला खिलाड़ी जोकर के नीचे वाले कार्ड पर चलता है",
        "अगले खिलाड़ी से शुरू करके सब एक-एक कार्ड उठाते हैं, जब तक कार्ड हैं",
        "आख़िरी कार्ड के रूप में चला जोकर भी पहले बूम करता है",
        "ढेर को फेंटकर कभी वापस नहीं लाया जाता",
        "किसी को 0 नहीं मिलता",
        "बिना जोकर के, इक्के बूम करते हैं",
        "ऊपर पड़े इक्के से हमेशा की तरह रंग या नंबर मिलाते हैं",
        "0 का मतलब है जितने खिलाड़ी, उतने राउंड",
    ),
    ("gang-of-four", "hi"): (
        "उसकी पहली चाल में यह कार्ड होना चाहिए",
        "बाँटने वाले के दाएँ बैठा खिलाड़ी कुछ भी चलकर शुरू करता है",
        "पहला राउंड घड़ी की उल्टी दिशा में चलता है, दूसरा घड़ी की सुई की दिशा में",
        "ख़ाली मेज़ पर पास नहीं",
        "m1 g1 g1 g7 g7 फ़ुल हाउस है, फ़्लश नहीं",
        "गैंग हर उस चाल को हराता है जो गैंग नहीं है, ड्रैगन को भी",
        "बिल्कुल वैसी ही चाल (वही नंबर, वही रंग) उसे नहीं हरा सकती",
        "स्ट्रेट 1 से 10 तक चलते हैं: 10 से घूमकर 1 पर नहीं",
        "तुम्हें ठीक वही कार्ड चलना होगा: न पास, न गैंग",
        "हो सके तो तुम्हें दो या ज़्यादा कार्ड एक साथ चलने होंगे",
        "तुम बाकी राउंड के लिए बाहर हो, और तुम्हें 1 अंक मिलता है",
        "16 कार्ड: हर कार्ड के 5 अंक",
        "वह जो घड़ी की उल्टी दिशा में जीतने वाले के सबसे पास बैठा हो",
    ),
    ("go-fish", "bn"): (
        'পালা চলে যায় তার কাছে, যে "মাছ ধরো" বলেছিল, আর সে সবসময় তোমার পাশের জন নয়',
        "কার্ড বাঁটার সময়েই যে সেট হয়ে যায়, সেগুলো কেউ খেলার আগেই নামিয়ে রাখা হয়",
        "একেবারে শেষ কার্ড দিয়ে বানানো সেটও গোনা হয়",
        "সমান হলে জিত ভাগাভাগি",
        'উত্তর সবসময় "মাছ ধরো!", আর তোমার পালা শেষ',
        "কারও কাছে এমন নম্বর চাইলে যেটা তার নেই, তখন তার পালা",
        "যার কার্ড নেই তার পালা বাদ যায়, আর তার কাছে কিছু চাওয়া যায় না",
        '"ঠিক এই কার্ড" ছাড়া "নিজের কার্ডই চাও" বাছলে, খেলা সাজানোর সময়েই সেটা বাতিল হয়',
    ),
    ("go-boom", "bn"): (
        "তোমার পালা সঙ্গে সঙ্গে শেষ, সেই কার্ড মিললেও",
        "তখনই কার্ড তুলতে পারো, যখন হাতের কোনো কার্ড মেলে না",
        "জোকার খেলো, বা কার্ড তোলো",
        "তারপর পরের খেলোয়াড় জোকারের নিচের কার্ডের ওপর খেলে",
        "পরের খেলোয়াড় থেকে শুরু করে সবাই একটা করে তোলে, যতক্ষণ কার্ড থাকে",
        "শেষ কার্ড হিসেবে খেলা জোকারও আগে বুম করে",
        "ফেলার গাদা কখনও ফেটিয়ে ফিরিয়ে আনা হয় না",
        "কেউ 0 পায় না",
        "জোকার না থাকলে টেক্কারা বুম করে",
        "ওপরে টেক্কা থাকলে, সাধারণ নিয়মেই মেলাও",
        "0 মানে যতজন খেলোয়াড়, ততগুলো রাউন্ড",
    ),
    ("gang-of-four", "bn"): (
        "তার প্রথম চালে ওই কার্ডটা থাকতেই হবে",
        "যে কার্ড বাঁটল তার ডান দিকের খেলোয়াড় যা খুশি খেলে শুরু করে",
        "প্রথম রাউন্ড চলে ঘড়ির কাঁটার উল্টো দিকে, দ্বিতীয়টা ঘড়ির কাঁটার দিকে",
        "খালি টেবিলে পাস চলবে না",
        "m1 g1 g1 g7 g7 ফুল হাউস, ফ্লাশ নয়",
        "গ্যাং এমন সব চালকে হারায় যা গ্যাং নয়, ড্রাগনকেও",
        "হুবহু একই চাল (একই নম্বর, একই রং) তাকে হারাতে পারে না",
        "স্ট্রেট চলে 1 থেকে 10: 10 থেকে ঘুরে 1-এ ফেরা যায় না",
        "ঠিক সেই কার্ডটাই খেলতে হবে: পাস নয়, গ্যাং নয়",
        "পারলে দুটো বা তার বেশি কার্ড একসাথে খেলতে হবে",
        "রাউন্ডের বাকিটা তুমি বাইরে, আর তুমি 1 পয়েন্ট পাও",
        "16টা কার্ড: প্রতি কার্ডে 5 পয়েন্ট",
        "ঘড়ির কাঁটার উল্টো দিকে যে জিতেছে তার সবচেয়ে কাছে যে বসে আছে",
    ),
}


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([a-z]+)" dir="(?:ltr|rtl)">', html).group(1)


def plain(text: str) -> str:
    """Text as a reader compares it: one plain space between words, lower case."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip().lower()


def article_text(html: str) -> str:
    """The rules article without its markup (bold words are still words)."""
    article = re.search(r'<article class="rules"[^>]*>(.*?)</article>', html, re.S).group(1)
    words = re.sub(r"<[^>]+>", " ", re.sub(r"</?strong>", "", article))
    return plain(unescape(words))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", CLASSICS)
def test_every_classic_page_is_served_in_its_language_with_its_title(
    client: FlaskClient, slug: str, lang: str
) -> None:
    response = client.get(f"/rules/{slug}?lang={lang}")
    html = response.get_data(as_text=True)
    title = TITLES[slug][lang]
    assert response.status_code == 200
    assert html_lang(html) == lang
    # Written in the visitor's language, not the English fallback.
    assert '<article class="rules">' in html
    assert f"<h1>{title}</h1>" in html
    assert f"<title>{title} · GONG</title>" in html
    assert f'<a href="/rules/{slug}" aria-current="page">{title}</a>' in html


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["/rules", "/"])
def test_the_overview_and_home_list_every_classic_by_its_local_name(
    client: FlaskClient, path: str, lang: str
) -> None:
    html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
    menu = re.findall(r'<li><a href="/rules/([a-z-]+)">([^<]+)</a></li>', html)
    # After the GONG games, in menu order.
    assert menu[-3:] == [(slug, TITLES[slug][lang]) for slug in CLASSICS]
    for slug in CLASSICS:
        assert client.get(f"/rules/{slug}?lang={lang}").status_code == 200


def test_the_language_switch_leads_to_the_same_game_and_is_remembered(
    client: FlaskClient,
) -> None:
    html = client.get("/rules/go-fish?lang=en").get_data(as_text=True)
    switch = re.search(r'<a href="([^"]+)" hreflang="sv"', html).group(1)
    assert switch == "/rules/go-fish?lang=sv"
    swedish = client.get(switch).get_data(as_text=True)
    assert html_lang(swedish) == "sv"
    assert "<h1>Finns i sjön</h1>" in swedish
    assert "”Finns i sjön!”" in swedish
    # The choice sticks: the next game's page comes in Swedish without asking again.
    french_browser = {"Accept-Language": "fr"}
    later = client.get("/rules/gang-of-four", headers=french_browser).get_data(as_text=True)
    assert html_lang(later) == "sv"
    assert "”Sista kortet!”" in later
    back = re.search(r'<a href="([^"]+)" hreflang="fr"', later).group(1)
    assert "<h1>Gang of Four</h1>" in client.get(back).get_data(as_text=True)
    assert html_lang(client.get("/rules/go-boom").get_data(as_text=True)) == "fr"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", CLASSICS)
def test_house_rules_name_their_switches_and_cards_their_codes(
    client: FlaskClient, slug: str, lang: str
) -> None:
    html = client.get(f"/rules/{slug}?lang={lang}").get_data(as_text=True)
    for name in SWITCHES[slug] + CODES[slug]:
        assert f"<strong>{name}</strong>" in html, (slug, lang, name)


@pytest.mark.parametrize(("slug", "lang"), list(DECISIONS))
def test_the_page_states_the_decisions_the_referee_enforces(
    client: FlaskClient, slug: str, lang: str
) -> None:
    text = article_text(client.get(f"/rules/{slug}?lang={lang}").get_data(as_text=True))
    missing = [decision for decision in DECISIONS[slug, lang] if plain(decision) not in text]
    assert missing == [], f"/rules/{slug} in {lang} does not say: {missing}"


DECISION_LANGUAGES = ("en", "fr", "sv", "hi", "bn")
"""The languages whose pages have their decisions listed here; the others' pages are checked
for their title, switches and card codes."""


def test_the_decisions_cover_every_page_alike() -> None:
    assert set(DECISIONS) == {(slug, lang) for slug in CLASSICS for lang in DECISION_LANGUAGES}
    for slug in CLASSICS:
        counts = {lang: len(DECISIONS[slug, lang]) for lang in DECISION_LANGUAGES}
        assert len(set(counts.values())) == 1, f"{slug}: {counts}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_classic_pages_fit_in_the_first_round_trip(client: FlaskClient, lang: str) -> None:
    css = client.get(stylesheet_url(client.get("/").get_data(as_text=True)), headers=GZIP)
    for path in ["/rules", "/", *(f"/rules/{slug}" for slug in CLASSICS)]:
        html = client.get(f"{path}?lang={lang}", headers=GZIP)
        size = wire_bytes(html) + wire_bytes(css)
        assert size <= FIRST_ROUND_TRIP, f"{path} in {lang}: {size} bytes"

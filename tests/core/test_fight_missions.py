"""Fight missions are games a six-year-old and a parent can play at a real table: short,
with a clear winner, and the same game in every language."""

from __future__ import annotations

import re

import pytest

from gong.cards import Kind
from gong.i18n import GLOSSARIES, LANGUAGES
from gong.missions import BUNDLED_MISSIONS, Challenge, Mission, load_missions

FIGHTS: tuple[Mission, ...] = load_missions().of_kind(Kind.FIGHT)
RULES_PAGES = BUNDLED_MISSIONS.parent / "server" / "content" / "rules"

MAX_GAME_WORDS = 34
"""The mini-game, read aloud, is about 30 words at most (the fixed ending not counted)."""

# The fixed ending says what the challenge's effect does, always in the same words, so a
# child who has heard it once recognises it. Keyed by the winner's and the loser's steps.
ENDINGS: dict[tuple[str, str], dict[str, str]] = {
    ("lay_down 1", "draw 1"): {
        "en": "The winner lays down a card, the loser draws one.",
        "fr": "Le gagnant pose une carte, le perdant en pioche une.",
        "sv": "Vinnaren lägger ner ett kort och förloraren drar ett.",
        "de": "Der Gewinner legt eine Karte ab, der Verlierer zieht eine.",
        "es": "El ganador descarta una carta y el perdedor roba una.",
        "it": "Chi vince scarta una carta, chi perde ne pesca una.",
        "nl": "De winnaar legt een kaart af, de verliezer trekt er een.",
        "pl": "Wygrany odkłada jedną kartę, przegrany dobiera jedną.",
        "fi": "Voittaja laittaa pois yhden kortin, häviäjä nostaa yhden.",
        "hi": "जीतने वाला एक कार्ड नीचे रखे, हारने वाला एक कार्ड उठाए।",
        "bn": "যে জিতেছে সে একটা কার্ড নামিয়ে রাখবে, যে হেরেছে সে একটা কার্ড তুলবে।",
    },
    ("lay_down 2", "draw 1"): {
        "en": "The winner lays down two cards, the loser draws one.",
        "fr": "Le gagnant pose deux cartes, le perdant en pioche une.",
        "sv": "Vinnaren lägger ner två kort och förloraren drar ett.",
        "de": "Der Gewinner legt zwei Karten ab, der Verlierer zieht eine.",
        "es": "El ganador descarta dos cartas y el perdedor roba una.",
        "it": "Chi vince scarta due carte, chi perde ne pesca una.",
        "nl": "De winnaar legt twee kaarten af, de verliezer trekt er een.",
        "pl": "Wygrany odkłada dwie karty, przegrany dobiera jedną.",
        "fi": "Voittaja laittaa pois kaksi korttia, häviäjä nostaa yhden.",
        "hi": "जीतने वाला दो कार्ड नीचे रखे, हारने वाला एक कार्ड उठाए।",
        "bn": "যে জিতেছে সে দুটো কার্ড নামিয়ে রাখবে, যে হেরেছে সে একটা কার্ড তুলবে।",
    },
    ("lay_down 1", "receive 1 from opponent"): {
        "en": "The winner lays down a card and gives the loser another.",
        "fr": "Le gagnant pose une carte et en donne une autre au perdant.",
        "sv": "Vinnaren lägger ner ett kort och ger förloraren ett till.",
        "de": "Der Gewinner legt eine Karte ab und gibt dem Verlierer noch eine.",
        "es": "El ganador descarta una carta y le da otra al perdedor.",
        "it": "Chi vince scarta una carta e ne dà un'altra a chi perde.",
        "nl": "De winnaar legt een kaart af en geeft de verliezer er nog een.",
        "pl": "Wygrany odkłada jedną kartę i daje przegranemu jeszcze jedną.",
        "fi": "Voittaja laittaa pois yhden kortin ja antaa häviäjälle vielä yhden.",
        "hi": "जीतने वाला एक कार्ड नीचे रखे और एक और कार्ड हारने वाले को दे।",
        "bn": "যে জিতেছে সে একটা কার্ড নামিয়ে রাখবে আর যে হেরেছে তাকে আরেকটা কার্ড দেবে।",
    },
    ("lay_down 1", "take 1 from opponent"): {
        "en": "The winner lays down a card, then the loser takes one at random from the winner.",
        "fr": "Le gagnant pose une carte, puis le perdant lui en prend une au hasard.",
        "sv": "Vinnaren lägger ner ett kort, sedan tar förloraren ett kort från vinnaren utan att titta.",
        "de": "Der Gewinner legt eine Karte ab, dann nimmt sich der Verlierer ohne hinzuschauen eine Karte vom Gewinner.",
        "es": "El ganador descarta una carta y luego el perdedor le quita una sin mirar.",
        "it": "Chi vince scarta una carta, poi chi perde gliene prende una a caso.",
        "nl": "De winnaar legt een kaart af, daarna pakt de verliezer zonder te kijken een kaart van de winnaar.",
        "pl": "Wygrany odkłada jedną kartę, a potem przegrany bierze od niego jedną kartę na ślepo.",
        "fi": "Voittaja laittaa pois yhden kortin, sitten häviäjä ottaa voittajalta yhden kortin katsomatta.",
        "hi": "जीतने वाला एक कार्ड नीचे रखे, फिर हारने वाला जीतने वाले से बिना देखे एक कार्ड ले।",
        "bn": "যে জিতেছে সে একটা কার্ড নামিয়ে রাখবে, তারপর যে হেরেছে সে যে জিতেছে তার হাত থেকে না দেখে একটা কার্ড নেবে।",
    },
    ("lay_down 2", "receive 1 from opponent"): {
        "en": "The winner lays down two cards and gives the loser one more.",
        "fr": "Le gagnant pose deux cartes et en donne une au perdant.",
        "sv": "Vinnaren lägger ner två kort och ger förloraren ett till.",
        "de": "Der Gewinner legt zwei Karten ab und gibt dem Verlierer noch eine.",
        "es": "El ganador descarta dos cartas y le da una al perdedor.",
        "it": "Chi vince scarta due carte e ne dà una a chi perde.",
        "nl": "De winnaar legt twee kaarten af en geeft de verliezer er nog een.",
        "pl": "Wygrany odkłada dwie karty i daje przegranemu jeszcze jedną.",
        "fi": "Voittaja laittaa pois kaksi korttia ja antaa häviäjälle vielä yhden.",
        "hi": "जीतने वाला दो कार्ड नीचे रखे और एक और कार्ड हारने वाले को दे।",
        "bn": "যে জিতেছে সে দুটো কার্ড নামিয়ে রাখবে আর যে হেরেছে তাকে আরও একটা কার্ড দেবে।",
    },
}

# One phrase per language for "play again", the tie rule of every game that can tie, as each
# language's glossary says it; the fight rules page uses the same phrase for a race nobody
# can judge.
PLAY_AGAIN = {lang: GLOSSARIES[lang].terms["play_again"].use.lower() for lang in LANGUAGES}
# Other ways of saying it, which a mission must not use: one phrase is easier to learn.
OTHER_REPLAY_PHRASES = {
    lang: (*GLOSSARIES[lang].terms["play_again"].avoid, *more)
    for lang, more in {
        "en": ("try again", "go again", "race again", "hum again", "mime again"),
        "fr": ("rejoue", "encore une fois", "on souffle encore"),
        "sv": ("gör om", "gör ni om", "väljer ni igen", "nynnar ni igen", "mimar ni igen"),
    }.items()
} | {lang: GLOSSARIES[lang].terms["play_again"].avoid for lang in LANGUAGES[3:]}

# The missions whose game cannot end in a tie, and why: one player's guess or hand decides
# alone, or only one player can succeed. (A game that reaches its bound with no winner is not
# a tie: rock, paper, scissors decides, as the fight rules page says.)
CANNOT_TIE = {
    "fight-04": "only one thumb can be pinned",
    "fight-05": "a total is odd or even",
    "fight-06": "the guess is right or wrong",
    "fight-09": "the two songs hummed are the same or not",
    "fight-24": "the call is right or wrong",
}

# What bounds each English game, as its text says it, so no fight can go on and on: a count,
# a number of turns or tries, or a single go. A tie's "play again" is bounded by the fight
# rules page (twice at most, then rock, paper, scissors decides).
BOUNDS = {
    "fight-01": "play rock, paper, scissors",  # one round: it is the fallback itself
    "fight-02": "everyone counts to thirty",
    "fight-03": "then show them together",
    "fight-04": "everyone counts slowly to twenty",
    "fight-05": "shout GONG together",
    "fight-06": "Guess which hand",
    "fight-07": "five each",
    "fight-08": "five times together",
    "fight-09": "each hum one of them at once",
    "fight-10": "everyone counts slowly to twenty",
    "fight-11": "then something red",
    "fight-12": "five each",
    "fight-13": "three each",
    "fight-14": "Blow yours once",
    "fight-15": "both slide a card",
    "fight-16": "On GONG, show",
    "fight-17": "three, two, one, GONG!",
    "fight-18": "three tries each",
    "fight-19": "everyone counts to ten, then swap",
    "fight-20": "then three times",
    "fight-21": "take a big breath",
    "fight-22": "say five quick words",
    "fight-23": "on GONG, each act out",
    "fight-24": "they toss one of their cards",
    "fight-25": "five times each",
    "fight-26": "a numbered card",  # 1 to 6, with hints: six guesses at most
    "fight-27": "everyone counts to ten",
}
JUDGING_SECTION = "who-won-a-fight"
"""The fight rules page's section saying who judges a fight and what decides a fight still
without a winner; the printer's rules card shows the same section."""


def ending_of(mission: Mission, lang: str) -> str:
    challenge = mission.challenge
    assert isinstance(challenge, Challenge), f"{mission.id} is not a challenge"
    shape = (", ".join(map(str, challenge.winner)), ", ".join(map(str, challenge.loser)))
    assert shape in ENDINGS, f"{mission.id}: no fixed ending yet for a challenge doing {shape}"
    assert lang in ENDINGS[shape], f"no fixed ending in {lang!r} for {shape}"
    return ENDINGS[shape][lang]


def game_part(mission: Mission, lang: str) -> str:
    """The text that explains the mini-game: everything before the fixed ending."""
    text = mission.text_in(lang)
    ending = ending_of(mission, lang)
    assert text.endswith(" " + ending), f"{mission.id} ({lang}) must end with {ending!r}"
    return text[: -len(ending)].strip()


def words(text: str) -> list[str]:
    """Words as a reader says them: "l'autre" is one, a lone ":" or "!" is none."""
    return [w for w in text.split() if re.search(r"\w", w)]


def per_mission_and_language():
    return pytest.mark.parametrize(
        ("mission", "lang"),
        [(m, lang) for m in FIGHTS for lang in LANGUAGES],
        ids=[f"{m.id}-{lang}" for m in FIGHTS for lang in LANGUAGES],
    )


def test_there_are_fight_missions_in_every_language():
    assert len(FIGHTS) >= 20
    assert all(lang in m.text for m in FIGHTS for lang in LANGUAGES)


@per_mission_and_language()
def test_the_text_ends_with_the_fixed_ending_of_its_effect(mission, lang):
    assert game_part(mission, lang)


@per_mission_and_language()
def test_the_game_is_explained_in_about_thirty_words(mission, lang):
    count = len(words(game_part(mission, lang)))
    assert count <= MAX_GAME_WORDS, f"{mission.id} ({lang}): {count} words, not a quick game"


@per_mission_and_language()
def test_every_game_that_can_tie_says_play_again(mission, lang):
    assert lang in PLAY_AGAIN, f"{lang} has no 'play again'"
    says = PLAY_AGAIN[lang] in game_part(mission, lang).lower()
    if mission.id in CANNOT_TIE:
        # A tie rule in a game that cannot tie means the list or the text is out of date.
        assert not says, f"{mission.id} ({lang}) is listed as unable to tie, yet says to play again"
    else:
        assert says, f"{mission.id} ({lang}) can tie; its tie rule is missing"


def test_the_cannot_tie_list_names_existing_fight_missions():
    assert set(CANNOT_TIE) <= {m.id for m in FIGHTS}


@per_mission_and_language()
def test_one_phrase_for_play_again(mission, lang):
    text = mission.text_in(lang).lower()
    used = [phrase for phrase in OTHER_REPLAY_PHRASES.get(lang, ()) if phrase in text]
    assert not used, f"{mission.id} ({lang}) says {used}; say {PLAY_AGAIN[lang]!r}"


@pytest.mark.parametrize("mission", FIGHTS, ids=[m.id for m in FIGHTS])
def test_every_english_game_has_a_bound(mission):
    assert mission.id in BOUNDS, f"{mission.id}: what ends its game? Add it to BOUNDS"
    assert BOUNDS[mission.id] in game_part(mission, "en"), f"{mission.id} lost its bound"


def test_the_bounds_name_existing_fight_missions():
    assert set(BOUNDS) <= {m.id for m in FIGHTS}


def sections(lang: str) -> dict[str, str]:
    """The fight rules page in LANG, by section id (the text before the first is "")."""
    page = (RULES_PAGES / lang / "fight.md").read_text(encoding="utf-8")
    found = {}
    for number, part in enumerate(re.split(r"(?m)^## ", page)):
        anchor = re.search(r"\{#([a-z0-9-]+)\}", part.partition("\n")[0]) if number else None
        found[anchor[1] if anchor else ""] = part
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_fight_rules_page_says_once_who_judges_a_fight(lang):
    """The two fighters cannot judge their own fight: the page says who does, with the same
    "play again" as the missions, in one section (the one the rules card prints), so the
    missions need not repeat it."""
    page = sections(lang)
    assert JUDGING_SECTION in page, f"rules/{lang}/fight.md: no #{JUDGING_SECTION} section yet"
    saying = [anchor for anchor, text in page.items() if PLAY_AGAIN[lang] in text.lower()]
    assert saying == [JUDGING_SECTION], f"rules/{lang}/fight.md: 'play again' in {saying}"


def test_the_english_rules_page_names_the_judges_and_the_fallback():
    section = " ".join(sections("en")[JUDGING_SECTION].split())
    assert "The players who did not fight say who won." in section
    assert "With only two players, the two of you agree" in section
    assert "rock, paper, scissors decides (a tie: play again)" in section
    assert "after playing again twice? Rock, paper, scissors decides." in section

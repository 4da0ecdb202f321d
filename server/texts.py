"""The site's own words in every language (mission texts live in missions/*.yaml, rules pages
in server/content/rules/). Game words (gems, mission kinds) come from gong.i18n, so a gem is
never named two ways.
"""

from __future__ import annotations

from gong.cards import Gem, Kind
from gong.i18n import LANGUAGES, gem_name, kind_name

NBSP = "\u00a0"  # French puts a no-break space before ! ? : ;

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "site_title": "GONG: Game Of Nine Galaxies",
        "tagline": "A card game for the whole family, from six years old.",
        "intro": (
            "GONG is a family card game set among nine galaxies. Each galaxy has six cards "
            "numbered 1 to 6, and every number is a gem: {gems}. Two GONG JOKERs complete the "
            "deck: 56 cards in all."
        ),
        "variants": "Three ways to play: GONG LINK, GONG FAMILY and GONG FIGHT.",
        "howto_title": "How to play GONG FIGHT",
        "howto_1": "Deal 9 cards to each player. The youngest player starts.",
        "howto_2": (
            "On your turn, draw a card and scan its code with a phone, or tap the button of "
            "the same colour at the bottom of this page."
        ),
        "howto_3": (
            "Read the mission out loud and do what it says: give, take, lay down or draw "
            "cards, or take up a challenge."
        ),
        "howto_4": "The first player with no cards left wins!",
        "rules_title": "The rules",
        "pick_title": "No scanner? Tap your card's colour:",
        "kind_card": "{kind} card",
        "kind_mission": "{kind} mission",
        "cards_of_kind": "cards {low} and {high}",
        "another": "Another mission",
        "home": "Home",
        "permalink": "Link to this mission",
        "you_drew": "You drew",
        "joker_drawn": "A joker is not a mission: keep it in your hand and draw another card.",
        "joker_rule": (
            "At the start of one of your turns, before anything else, you may play it: swap "
            "your whole hand with the hand of another player of your choice who has at least "
            "one card. If that player has a joker too, they can play it to stop the swap. A "
            "joker can never be your last card."
        ),
        "joker_more": "All about jokers",
        "rules": "Rules",
        "all_rules": "All the rules",
        "language": "Language",
        "lost_title": "Lost in space",
        "lost_page": "This page does not exist.",
        "lost_code": "We did not recognise the card code {code}.",
        "lost_mission": "There is no mission called {id}.",
        "back_home": "Back to the home page",
        "broken_title": "Houston, we have a problem",
        "broken": "Something went wrong on our side. Please try again in a moment.",
        "method_title": "Not this way",
        "method": "This page can only be read. Follow the links to find your way.",
        "too_long_title": "That link is too long",
        "too_long": (
            "The address is too long for us to read. Scan the card again, or start from the home "
            "page."
        ),
        "too_big_title": "Too much to read",
        "too_big": (
            "Your browser sent us more than we can read. Clearing this site's cookies should help."
        ),
        "bad_request_title": "We did not understand",
        "bad_request": "Your browser sent a request we could not read. Please try again.",
        "game_gong-link": "GONG LINK",
        "game_gong-family": "GONG FAMILY",
        "game_gong-fight": "GONG FIGHT",
        "game_go-fish": "Go Fish",
        "game_go-boom": "Jokers Go Boom",
        "game_gang-of-four": "Gang of Four",
        "jokers_title": "GONG JOKER",
    },
    "fr": {
        "site_title": "GONG : Game Of Nine Galaxies",
        "tagline": "Un jeu de cartes pour toute la famille, dès 6 ans.",
        "intro": (
            "GONG est un jeu de cartes familial qui se joue parmi neuf galaxies. Chaque galaxie "
            "compte six cartes numérotées de 1 à 6, et chaque numéro est une gemme{nbsp}: "
            "{gems}. Deux GONG JOKER complètent le jeu{nbsp}: 56 cartes en tout."
        ),
        "variants": "Trois façons de jouer{nbsp}: GONG LINK, GONG FAMILY et GONG FIGHT.",
        "howto_title": "Comment jouer à GONG FIGHT",
        "howto_1": "Distribuez 9 cartes à chaque joueur. Le plus jeune commence.",
        "howto_2": (
            "À ton tour, pioche une carte et scanne son code avec un téléphone, ou touche le "
            "bouton de la même couleur en bas de cette page."
        ),
        "howto_3": (
            "Lis la mission à voix haute et fais ce qu'elle dit{nbsp}: donner, prendre, poser "
            "ou piocher des cartes, ou relever un défi."
        ),
        "howto_4": "Le premier joueur qui n'a plus de cartes gagne{nbsp}!",
        "rules_title": "Les règles",
        "pick_title": "Pas de lecteur de code{nbsp}? Touche la couleur de ta carte{nbsp}:",
        "kind_card": "Carte {kind}",
        "kind_mission": "Mission {kind}",
        "cards_of_kind": "cartes {low} et {high}",
        "another": "Une autre mission",
        "home": "Accueil",
        "permalink": "Lien vers cette mission",
        "you_drew": "Tu as pioché",
        "joker_drawn": (
            "Un joker n'est pas une mission{nbsp}: garde-le dans ta main et pioche une autre carte."
        ),
        "joker_rule": (
            "Au début d'un de tes tours, avant toute autre chose, tu peux le jouer{nbsp}: échange "
            "toute ta main avec celle d'un autre joueur de ton choix qui a au moins une carte. "
            "Si ce joueur a lui aussi un joker, il peut le jouer pour empêcher l'échange. Un "
            "joker ne peut jamais être ta dernière carte."
        ),
        "joker_more": "Tout sur les jokers",
        "rules": "Règles",
        "all_rules": "Toutes les règles",
        "language": "Langue",
        "lost_title": "Perdu dans l'espace",
        "lost_page": "Cette page n'existe pas.",
        "lost_code": "Nous n'avons pas reconnu le code de carte {code}.",
        "lost_mission": "Il n'y a pas de mission {id}.",
        "back_home": "Retour à l'accueil",
        "broken_title": "Houston, on a un problème",
        "broken": "Quelque chose s'est mal passé chez nous. Réessaie dans un instant.",
        "method_title": "Pas par ici",
        "method": "Cette page se lit seulement. Suis les liens pour trouver ton chemin.",
        "too_long_title": "Ce lien est trop long",
        "too_long": (
            "L'adresse est trop longue pour nous. Scanne à nouveau la carte, ou repars de "
            "l'accueil."
        ),
        "too_big_title": "C'est trop à lire",
        "too_big": (
            "Ton navigateur nous a envoyé plus que nous ne pouvons lire. Efface les cookies de ce "
            "site, cela devrait aider."
        ),
        "bad_request_title": "Nous n'avons pas compris",
        "bad_request": (
            "Ton navigateur a envoyé une demande que nous n'avons pas pu lire. Réessaie."
        ),
        "game_gong-link": "GONG LINK",
        "game_gong-family": "GONG FAMILY",
        "game_gong-fight": "GONG FIGHT",
        "game_go-fish": "La pêche",
        "game_go-boom": "Jokers Go Boom",
        "game_gang-of-four": "Gang of Four",
        "jokers_title": "GONG JOKER",
    },
    "sv": {
        "site_title": "GONG: Game Of Nine Galaxies",
        "tagline": "Ett kortspel för hela familjen, från sex år.",
        "intro": (
            "GONG är ett familjekortspel som utspelar sig bland nio galaxer. Varje galax har sex "
            "kort numrerade från 1 till 6, och varje nummer är en ädelsten: {gems}. Två GONG "
            "JOKER gör kortleken komplett: 56 kort totalt."
        ),
        "variants": "Tre sätt att spela: GONG LINK, GONG FAMILY och GONG FIGHT.",
        "howto_title": "Så spelar ni GONG FIGHT",
        "howto_1": "Dela ut 9 kort till varje spelare. Den yngsta börjar.",
        "howto_2": (
            "När det är din tur drar du ett kort och skannar koden med en mobil, eller trycker "
            "på knappen i samma färg längst ner på sidan."
        ),
        "howto_3": (
            "Läs uppdraget högt och gör som det står: ge, ta, lägg ner eller dra kort, eller "
            "anta en utmaning."
        ),
        "howto_4": "Den som först blir av med alla sina kort vinner!",
        "rules_title": "Reglerna",
        "pick_title": "Ingen kodläsare? Tryck på ditt korts färg:",
        "kind_card": "{kind}kort",
        "kind_mission": "{kind}uppdrag",
        "cards_of_kind": "kort {low} och {high}",
        "another": "Ett annat uppdrag",
        "home": "Hem",
        "permalink": "Länk till uppdraget",
        "you_drew": "Du drog",
        "joker_drawn": "En joker är inget uppdrag: behåll den på handen och dra ett nytt kort.",
        "joker_rule": (
            "I början av en av dina turer, innan du gör något annat, får du spela den: byt hela "
            "din hand mot handen hos en annan spelare som du väljer och som har minst ett kort. "
            "Har den spelaren också en joker kan hen spela den för att stoppa bytet. En joker "
            "kan aldrig vara ditt sista kort."
        ),
        "joker_more": "Allt om jokrar",
        "rules": "Regler",
        "all_rules": "Alla regler",
        "language": "Språk",
        "lost_title": "Vilse i rymden",
        "lost_page": "Den här sidan finns inte.",
        "lost_code": "Vi kände inte igen kortkoden {code}.",
        "lost_mission": "Det finns inget uppdrag som heter {id}.",
        "back_home": "Tillbaka till startsidan",
        "broken_title": "Houston, vi har ett problem",
        "broken": "Något gick fel hos oss. Försök igen om en liten stund.",
        "method_title": "Inte den vägen",
        "method": "Den här sidan kan bara läsas. Följ länkarna för att hitta rätt.",
        "too_long_title": "Länken är för lång",
        "too_long": (
            "Adressen är för lång för oss att läsa. Skanna kortet igen, eller börja från "
            "startsidan."
        ),
        "too_big_title": "För mycket att läsa",
        "too_big": (
            "Din webbläsare skickade mer än vi kan läsa. Det brukar hjälpa att rensa webbplatsens "
            "kakor."
        ),
        "bad_request_title": "Det förstod vi inte",
        "bad_request": "Din webbläsare skickade en förfrågan som vi inte kunde läsa. Försök igen.",
        "game_gong-link": "GONG LINK",
        "game_gong-family": "GONG FAMILY",
        "game_gong-fight": "GONG FIGHT",
        "game_go-fish": "Finns i sjön",
        "game_go-boom": "Jokers Go Boom",
        "game_gang-of-four": "Gang of Four",
        "jokers_title": "GONG JOKER",
    },
}

HOWTO_STEPS = ("howto_1", "howto_2", "howto_3", "howto_4")


def game_title(game: str, lang: str) -> str:
    """A game's name as families say it in `lang` (`go-fish`: "Finns i sjön" in Swedish), for
    page titles and menus; the referee's `GameSpec.title` is English, for logs."""
    return text(lang, f"game_{game}")


def text(lang: str, key: str, **values: str) -> str:
    """The site text `key` in `lang`, with `{name}` placeholders filled from `values`."""
    return TEXTS[lang][key].format(nbsp=NBSP, **values)


def _compound(lang: str, word: str, pattern: str) -> str:
    """Fill a `{kind}...` pattern. Swedish compounds join words, and words ending in -ning take
    a linking s: "Utmaning" + "kort" is "Utmaningskort"; French and English keep the word."""
    if lang == "sv" and pattern.startswith("{kind}") and len(pattern) > len("{kind}"):
        joined = word + ("s" if word.endswith("ning") else "")
        return pattern.format(kind=joined[0].upper() + joined[1:])
    return pattern.format(kind=word)


def kind_card(kind: Kind, lang: str) -> str:
    """ "Fight card", "Carte Défi", "Utmaningskort"."""
    return _compound(lang, kind_name(kind, lang), TEXTS[lang]["kind_card"])


def kind_mission(kind: Kind, lang: str) -> str:
    """ "Fight mission", "Mission Défi", "Utmaningsuppdrag"."""
    return _compound(lang, kind_name(kind, lang), TEXTS[lang]["kind_mission"])


def gem_list(lang: str) -> str:
    names = [gem_name(gem, lang) for gem in Gem]
    joiner = {"en": "and", "fr": "et", "sv": "och"}[lang]
    return ", ".join(names[:-1]) + f" {joiner} " + names[-1]


def missing_texts() -> list[str]:
    """Every `lang:key` some language lacks compared with the default one (empty when
    complete); the tests keep the three languages in step."""
    reference = set(TEXTS[LANGUAGES[0]])
    return sorted(
        f"{lang}:{key}" for lang in LANGUAGES for key in reference ^ set(TEXTS.get(lang, {}))
    )

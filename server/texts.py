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


# --- the tables' pages (/play, /t/<ID>): kept apart so the site's own words stay easy to read

TABLE_PAGE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "new_table": "New table",
        "robot": "robot",
        "kept_days": "Tables and names are kept 7 days.",
        "oops": "Oops!",
        "go_back": "Go back",
        "play_title": "Play GONG in the browser",
        "play_intro": "Make a table, share its link, and play: robots fill the empty seats.",
        "pick_game": "Pick a game",
        "players_range": "For {low} to {high} players.",
        "players": "Players",
        "mode": "How do you play?",
        "mode_phones": "A phone each",
        "mode_pass": "One phone passed around",
        "mode_note": "With one phone, type every player's name below.",
        "seats": "Seats",
        "seats_note": "Who sits where: a person, or a robot.",
        "seat_n": "Seat {n}",
        "a_person": "A person",
        "bot_easy": "Robot (easy)",
        "bot_normal": "Robot (normal)",
        "name_if_pass": "Name",
        "options": "Options",
        "opt_turn_limit": "Turn limit",
        "opt_may_draw_instead": "You may draw even when you could play",
        "opt_drawn_card_to_hand": "The drawn card goes into your hand",
        "spectators_ok": "Others may watch",
        "no_account": "No account needed.",
        "make_table": "Make the table",
        "bad_players": "Choose how many players.",
        "need_person": "Keep at least one seat for a person.",
        "bad_option": "One of the options is out of range.",
        "player_n": "Player {n}",
        "too_many_tables": "That is a lot of new tables: wait a minute, then try again.",
        "form_expired": "This page was too old: go back, reload it, and try again.",
        "form_refused": "That is not allowed here.",
        "table_lost": "This table is gone: it ended or never was.",
        "table_unreadable": "This table was made by an older version and cannot go on.",
        "no_spectators": "This table does not take spectators.",
        "tables_resting": "The tables are resting: try again in a moment.",
        "join_title": "Join {game}",
        "over_title": "{game}: game over",
        "pass_title": "Pass the phone to {name}",
        "your_turn_title": "★ Your turn! {game}",
        "join_heading": "A table for {game}",
        "join_intro": "Send this link, or let friends scan the code.",
        "qr_alt": "QR code of the table's link",
        "free_seat": "Free seat",
        "you": "you",
        "remove": "Remove",
        "your_name": "Your name",
        "sit_down": "Sit down",
        "waiting_others": "Waiting for the others…",
        "start_now": "Start now",
        "start_note": "Robots take the empty seats.",
        "pass_to": "Pass the phone to {name}",
        "pass_note": "Only {name} looks now!",
        "i_am": "I am {name}: show my cards",
        "your_turn": "Your turn!",
        "their_turn": "{name}'s turn",
        "game_over": "Game over",
        "won_by": "{names} won!",
        "fair_coin": "A phone each: a fair coin picks the winner of the challenge.",
        "the_table": "The table",
        "top_card": "On top",
        "draw_pile": "Draw pile: {n}",
        "discard_pile": "Discards: {n}",
        "n_cards": "cards: {n}",
        "score": "score: {n}",
        "wins": "wins: {n}",
        "to_robot": "Give to a robot",
        "your_hand": "Your cards ({n})",
        "to_whom_give": "Give to whom?",
        "to_whom_joker": "Joker: swap hands with whom?",
        "to_whom_ask": "Ask whom?",
        "round_n": "game {n}",
        "ask_for": "Which card?",
        "verb_play": "Play",
        "verb_lay": "Lay down",
        "verb_give": "Give",
        "verb_joker": "Play the joker",
        "verb_counter": "Stop the swap",
        "verb_ask": "Ask",
        "act_draw": "Draw",
        "act_keep": "Keep it",
        "act_gong": "GONG!",
        "act_catch": "Catch {name}!",
        "act_target": "Challenge {name}",
        "act_winner": "{name} won",
        "act_no_counter": "Let it be",
        "nothing_to_do": "Nothing to do right now.",
        "next_game": "To the next game",
        "play_again": "Play again",
        "wait_again": "The table's maker can start another game.",
        "watch_replay": "Watch the replay",
        "history": "What happened",
        "refresh": "Refresh",
        "more": "More",
        "rejoin_note": "Keep this link to come back from another phone. It works once.",
        "rejoin_link": "My seat's link",
        "leave": "Leave the table",
        "rejoin_bad": "This link does not work here.",
        "rejoin_used": "This link was already used.",
        "replay_broken": "This game cannot be replayed.",
        "replay_title": "Replay: {game}",
        "replay_step": "Move {n} of {of}",
        "replay_first": "To the start",
        "replay_back": "Back",
        "replay_next": "Next",
        "replay_last": "To the end",
        "back_to_table": "Back to the table",
        "reason_out_of_cards": "A player has no cards left.",
        "reason_all_passed": "Everyone passed in a row.",
        "reason_all_families": "All nine families are laid down.",
        "reason_no_moves": "Nobody can play any more.",
        "reason_turn_limit": "The turn limit was reached.",
        "pick_move": "Choose a move first.",
        "pick_card": "Pick a card first.",
        "pick_player": "Choose a player first.",
        "pick_ask": "Choose the card you ask for.",
        "stale": "The table moved on: look again and choose your move.",
        "not_started": "The game has not started yet.",
        "no_generic": "That move is not allowed right now.",
        "no_taken": "Someone just took that seat: pick another.",
        "no_bad_name": "A name is 1 to 24 letters.",
        "no_not_your_turn": "Wait: it is not your turn.",
        "no_not_allowed": "That move is not allowed right now.",
        "no_game_over": "The game is over.",
        "no_not_in_hand": "That card is not in your hand.",
        "no_ask_self": "Ask another player, not yourself.",
        "no_ask_held_card": "You already hold that card: ask for one you do not have.",
        "no_ask_unheld_family": "Ask for a card of a galaxy you already hold.",
        "no_ask_empty_player": "That player has no cards: ask someone else.",
        "no_ask_joker": "Ask for a numbered card, not a joker.",
        "no_must_ask": "Ask a player for a card instead of drawing.",
        "no_draw_first": "Start your turn by drawing a card.",
        "no_mission_in_progress": "Finish the mission first.",
        "no_mission_step": "Do what the mission says first.",
        "no_give_to": "Give the card to the player the mission names.",
        "no_choose_other": "Choose another player, not yourself.",
        "no_winner_of_challenge": "The winner is one of the two who played the challenge.",
        "no_joker_last_card": "A joker can never be your last card.",
        "no_joker_self": "A joker swaps your hand with another player's.",
        "no_joker_target_empty": "That player has no cards to swap.",
        "no_joker_not_at_start": "Play a joker at the start of your turn.",
        "no_not_a_joker": "Only a GONG JOKER can do that.",
        "no_no_joker_to_counter": "Nobody played a joker on you.",
        "no_answer_the_joker": "Someone played a joker on you: answer first.",
        "no_waiting_for_counter": "Wait: a player decides whether to stop a joker.",
        "no_nothing_to_draw": "The draw pile is empty.",
        "no_gong_not_on_one": "Call GONG when someone has one card left.",
        "no_gong_already_called": "GONG was already called.",
        "no_draw_after_ask": "You draw only when the card you asked for was not there.",
        "no_drawn_card_only": "You drew a card that matches: play it or keep it.",
        "no_gong_too_early": "Call GONG when you have one card left.",
        "no_gong_too_late": "Too late to call GONG now.",
        "no_joker_not_a_match": (
            "A joker never matches: play it at the start of your turn to swap hands."
        ),
        "no_must_draw": "Draw a card.",
        "no_must_match": "Play a card of the same galaxy or the same number.",
        "no_must_play_match": "You have a card that matches: play it.",
        "no_nothing_to_keep": "Keep is for a matching card you just drew.",
        "no_unreadable": "That move cannot be read.",
    },
    "fr": {
        "new_table": "Nouvelle table",
        "robot": "robot",
        "kept_days": "Les tables et les noms sont gardés 7 jours.",
        "oops": "Oups{nbsp}!",
        "go_back": "Revenir",
        "play_title": "Jouer à GONG dans le navigateur",
        "play_intro": (
            "Crée une table, partage son lien et joue{nbsp}: des robots prennent les places libres."
        ),
        "pick_game": "Choisis un jeu",
        "players_range": "De {low} à {high} joueurs.",
        "players": "Joueurs",
        "mode": "Comment jouez-vous{nbsp}?",
        "mode_phones": "Un téléphone chacun",
        "mode_pass": "Un seul téléphone qui passe de main en main",
        "mode_note": "Avec un seul téléphone, écris le nom de chaque joueur plus bas.",
        "seats": "Places",
        "seats_note": "Qui est assis où{nbsp}: une personne ou un robot.",
        "seat_n": "Place {n}",
        "a_person": "Une personne",
        "bot_easy": "Robot (facile)",
        "bot_normal": "Robot (normal)",
        "name_if_pass": "Nom",
        "options": "Options",
        "opt_turn_limit": "Nombre de tours maximum",
        "opt_may_draw_instead": "On peut piocher même si on peut jouer",
        "opt_drawn_card_to_hand": "La carte piochée va dans ta main",
        "spectators_ok": "D'autres peuvent regarder",
        "no_account": "Pas besoin de compte.",
        "make_table": "Créer la table",
        "bad_players": "Choisis le nombre de joueurs.",
        "need_person": "Garde au moins une place pour une personne.",
        "bad_option": "Une des options est trop petite ou trop grande.",
        "player_n": "Joueur {n}",
        "too_many_tables": "Ça fait beaucoup de tables{nbsp}: attends une minute et réessaie.",
        "form_expired": "Cette page était trop vieille{nbsp}: reviens, recharge-la et réessaie.",
        "form_refused": "Ce n'est pas permis ici.",
        "table_lost": (
            "Cette table n'existe plus{nbsp}: la partie est finie, ou elle n'a jamais existé."
        ),
        "table_unreadable": "Cette table vient d'une ancienne version et ne peut pas continuer.",
        "no_spectators": "Cette table n'accepte pas de spectateurs.",
        "tables_resting": "Les tables se reposent{nbsp}: réessaie dans un instant.",
        "join_title": "Rejoindre {game}",
        "over_title": "{game}{nbsp}: partie finie",
        "pass_title": "Passe le téléphone à {name}",
        "your_turn_title": "★ À toi de jouer{nbsp}! {game}",
        "join_heading": "Une table de {game}",
        "join_intro": "Envoie ce lien, ou fais scanner le code à tes amis.",
        "qr_alt": "Code QR du lien de la table",
        "free_seat": "Place libre",
        "you": "toi",
        "remove": "Retirer",
        "your_name": "Ton nom",
        "sit_down": "M'asseoir",
        "waiting_others": "On attend les autres…",
        "start_now": "Commencer maintenant",
        "start_note": "Des robots prennent les places libres.",
        "pass_to": "Passe le téléphone à {name}",
        "pass_note": "Seul·e {name} regarde maintenant{nbsp}!",
        "i_am": "Je suis {name}{nbsp}: montre mes cartes",
        "your_turn": "À toi de jouer{nbsp}!",
        "their_turn": "C'est au tour de {name}",
        "game_over": "Partie finie",
        "won_by": "{names} a gagné{nbsp}!",
        "fair_coin": (
            "Un téléphone chacun{nbsp}: une pièce tirée au sort désigne le gagnant du défi."
        ),
        "the_table": "La table",
        "top_card": "Dessus",
        "draw_pile": "Pioche{nbsp}: {n}",
        "discard_pile": "Défausse{nbsp}: {n}",
        "n_cards": "cartes{nbsp}: {n}",
        "score": "score{nbsp}: {n}",
        "wins": "victoires{nbsp}: {n}",
        "to_robot": "Donner à un robot",
        "your_hand": "Tes cartes ({n})",
        "to_whom_give": "Donner à qui{nbsp}?",
        "to_whom_joker": "Joker{nbsp}: échanger ta main avec qui{nbsp}?",
        "to_whom_ask": "Demander à qui{nbsp}?",
        "round_n": "partie {n}",
        "ask_for": "Quelle carte{nbsp}?",
        "verb_play": "Jouer",
        "verb_lay": "Poser",
        "verb_give": "Donner",
        "verb_joker": "Jouer le joker",
        "verb_counter": "Bloquer l'échange",
        "verb_ask": "Demander",
        "act_draw": "Piocher",
        "act_keep": "La garder",
        "act_gong": "GONG{nbsp}!",
        "act_catch": "Attraper {name}{nbsp}!",
        "act_target": "Défier {name}",
        "act_winner": "{name} a gagné",
        "act_no_counter": "Laisser faire",
        "nothing_to_do": "Rien à faire pour l'instant.",
        "next_game": "Vers la partie suivante",
        "play_again": "Rejouer",
        "wait_again": "Celui ou celle qui a créé la table peut lancer une autre partie.",
        "watch_replay": "Revoir la partie",
        "history": "Ce qui s'est passé",
        "refresh": "Actualiser",
        "more": "Plus",
        "rejoin_note": (
            "Garde ce lien pour revenir depuis un autre téléphone. Il ne marche qu'une fois."
        ),
        "rejoin_link": "Le lien de ma place",
        "leave": "Quitter la table",
        "rejoin_bad": "Ce lien ne marche pas ici.",
        "rejoin_used": "Ce lien a déjà servi.",
        "replay_broken": "Cette partie ne peut pas être revue.",
        "replay_title": "Revoir{nbsp}: {game}",
        "replay_step": "Coup {n} sur {of}",
        "replay_first": "Au début",
        "replay_back": "Retour",
        "replay_next": "Suivant",
        "replay_last": "À la fin",
        "back_to_table": "Retour à la table",
        "reason_out_of_cards": "Un joueur n'a plus de cartes.",
        "reason_all_passed": "Tout le monde a passé à la suite.",
        "reason_all_families": "Les neuf familles sont posées.",
        "reason_no_moves": "Plus personne ne peut jouer.",
        "reason_turn_limit": "Le nombre de tours maximum est atteint.",
        "pick_move": "Choisis d'abord un coup.",
        "pick_card": "Choisis d'abord une carte.",
        "pick_player": "Choisis d'abord un joueur.",
        "pick_ask": "Choisis la carte que tu demandes.",
        "stale": "La partie a avancé{nbsp}: regarde à nouveau et choisis ton coup.",
        "not_started": "La partie n'a pas encore commencé.",
        "no_generic": "Ce coup n'est pas permis maintenant.",
        "no_taken": "Quelqu'un vient de prendre cette place{nbsp}: choisis-en une autre.",
        "no_bad_name": "Un nom a de 1 à 24 lettres.",
        "no_not_your_turn": "Attends{nbsp}: ce n'est pas ton tour.",
        "no_not_allowed": "Ce coup n'est pas permis maintenant.",
        "no_game_over": "La partie est finie.",
        "no_not_in_hand": "Cette carte n'est pas dans ta main.",
        "no_ask_self": "Demande à un autre joueur, pas à toi.",
        "no_ask_held_card": "Tu as déjà cette carte{nbsp}: demande-en une que tu n'as pas.",
        "no_ask_unheld_family": "Demande une carte d'une galaxie que tu as déjà.",
        "no_ask_empty_player": "Ce joueur n'a plus de cartes{nbsp}: demande à quelqu'un d'autre.",
        "no_ask_joker": "Demande une carte avec un numéro, pas un joker.",
        "no_must_ask": "Demande une carte à un joueur au lieu de piocher.",
        "no_draw_first": "Commence ton tour en piochant une carte.",
        "no_mission_in_progress": "Finis d'abord la mission.",
        "no_mission_step": "Fais d'abord ce que dit la mission.",
        "no_give_to": "Donne la carte au joueur que la mission désigne.",
        "no_choose_other": "Choisis un autre joueur, pas toi.",
        "no_winner_of_challenge": "Le gagnant est l'un des deux qui ont joué le défi.",
        "no_joker_last_card": "Un joker ne peut jamais être ta dernière carte.",
        "no_joker_self": "Un joker échange ta main avec celle d'un autre joueur.",
        "no_joker_target_empty": "Ce joueur n'a pas de cartes à échanger.",
        "no_joker_not_at_start": "Joue un joker au début de ton tour.",
        "no_not_a_joker": "Seul un GONG JOKER peut faire ça.",
        "no_no_joker_to_counter": "Personne n'a joué de joker contre toi.",
        "no_answer_the_joker": "Quelqu'un a joué un joker contre toi{nbsp}: réponds d'abord.",
        "no_waiting_for_counter": "Attends{nbsp}: un joueur décide s'il bloque un joker.",
        "no_nothing_to_draw": "La pioche est vide.",
        "no_gong_not_on_one": "Crie GONG quand quelqu'un n'a plus qu'une carte.",
        "no_gong_already_called": "GONG a déjà été crié.",
        "no_draw_after_ask": "Tu pioches seulement si la carte demandée n'y était pas.",
        "no_drawn_card_only": "Tu as pioché une carte qui va{nbsp}: joue-la ou garde-la.",
        "no_gong_too_early": "Crie GONG quand il te reste une carte.",
        "no_gong_too_late": "Trop tard pour crier GONG.",
        "no_joker_not_a_match": (
            "Un joker ne va jamais sur une carte{nbsp}: joue-le au début de ton "
            "tour pour échanger les mains."
        ),
        "no_must_draw": "Pioche une carte.",
        "no_must_match": "Joue une carte de la même galaxie ou du même numéro.",
        "no_must_play_match": "Tu as une carte qui va{nbsp}: joue-la.",
        "no_nothing_to_keep": "Garder, c'est pour une carte qui va et que tu viens de piocher.",
        "no_unreadable": "Ce coup ne se comprend pas.",
    },
    "sv": {
        "new_table": "Nytt bord",
        "robot": "robot",
        "kept_days": "Bord och namn sparas i 7 dagar.",
        "oops": "Hoppsan!",
        "go_back": "Gå tillbaka",
        "play_title": "Spela GONG i webbläsaren",
        "play_intro": "Gör ett bord, dela länken och spela: robotar tar de tomma platserna.",
        "pick_game": "Välj ett spel",
        "players_range": "För {low} till {high} spelare.",
        "players": "Spelare",
        "mode": "Hur spelar ni?",
        "mode_phones": "En mobil var",
        "mode_pass": "En mobil som skickas runt",
        "mode_note": "Med en mobil skriver du allas namn här nedanför.",
        "seats": "Platser",
        "seats_note": "Vem sitter var: en person eller en robot.",
        "seat_n": "Plats {n}",
        "a_person": "En person",
        "bot_easy": "Robot (lätt)",
        "bot_normal": "Robot (normal)",
        "name_if_pass": "Namn",
        "options": "Val",
        "opt_turn_limit": "Högsta antal drag",
        "opt_may_draw_instead": "Du får dra även när du kan spela",
        "opt_drawn_card_to_hand": "Det dragna kortet går till din hand",
        "spectators_ok": "Andra får titta på",
        "no_account": "Inget konto behövs.",
        "make_table": "Gör bordet",
        "bad_players": "Välj hur många som spelar.",
        "need_person": "Spara minst en plats åt en person.",
        "bad_option": "Ett av valen är för litet eller för stort.",
        "player_n": "Spelare {n}",
        "too_many_tables": "Det blev många nya bord: vänta en minut och försök igen.",
        "form_expired": "Sidan var för gammal: gå tillbaka, ladda om och försök igen.",
        "form_refused": "Det går inte här.",
        "table_lost": "Bordet finns inte längre: spelet är slut eller fanns aldrig.",
        "table_unreadable": "Bordet gjordes av en äldre version och kan inte fortsätta.",
        "no_spectators": "Vid det här bordet får ingen titta på.",
        "tables_resting": "Borden vilar: försök igen om en stund.",
        "join_title": "Var med i {game}",
        "over_title": "{game}: spelet är slut",
        "pass_title": "Ge mobilen till {name}",
        "your_turn_title": "★ Din tur! {game}",
        "join_heading": "Ett bord för {game}",
        "join_intro": "Skicka länken, eller låt kompisarna skanna koden.",
        "qr_alt": "QR-kod med bordets länk",
        "free_seat": "Ledig plats",
        "you": "du",
        "remove": "Ta bort",
        "your_name": "Ditt namn",
        "sit_down": "Sätt dig",
        "waiting_others": "Vi väntar på de andra …",
        "start_now": "Börja nu",
        "start_note": "Robotar tar de tomma platserna.",
        "pass_to": "Ge mobilen till {name}",
        "pass_note": "Nu tittar bara {name}!",
        "i_am": "Jag är {name}: visa mina kort",
        "your_turn": "Din tur!",
        "their_turn": "{name}s tur",
        "game_over": "Spelet är slut",
        "won_by": "{names} vann!",
        "fair_coin": "En mobil var: en rättvis slantsingling avgör vem som vinner utmaningen.",
        "the_table": "Bordet",
        "top_card": "Överst",
        "draw_pile": "Draghögen: {n}",
        "discard_pile": "Slänghögen: {n}",
        "n_cards": "kort: {n}",
        "score": "poäng: {n}",
        "wins": "vinster: {n}",
        "to_robot": "Ge till en robot",
        "your_hand": "Dina kort ({n})",
        "to_whom_give": "Ge till vem?",
        "to_whom_joker": "Joker: byta hand med vem?",
        "to_whom_ask": "Fråga vem?",
        "round_n": "spel {n}",
        "ask_for": "Vilket kort?",
        "verb_play": "Spela",
        "verb_lay": "Lägg ner",
        "verb_give": "Ge",
        "verb_joker": "Spela jokern",
        "verb_counter": "Stoppa bytet",
        "verb_ask": "Fråga",
        "act_draw": "Dra",
        "act_keep": "Behåll det",
        "act_gong": "GONG!",
        "act_catch": "Ta {name}!",
        "act_target": "Utmana {name}",
        "act_winner": "{name} vann",
        "act_no_counter": "Låt det vara",
        "nothing_to_do": "Inget att göra just nu.",
        "next_game": "Till nästa spel",
        "play_again": "Spela igen",
        "wait_again": "Den som gjorde bordet kan starta ett nytt spel.",
        "watch_replay": "Se spelet igen",
        "history": "Vad som hänt",
        "refresh": "Uppdatera",
        "more": "Mer",
        "rejoin_note": (
            "Spara länken för att komma tillbaka från en annan mobil. Den fungerar en gång."
        ),
        "rejoin_link": "Länken till min plats",
        "leave": "Lämna bordet",
        "rejoin_bad": "Den här länken fungerar inte här.",
        "rejoin_used": "Den här länken är redan använd.",
        "replay_broken": "Det här spelet går inte att se igen.",
        "replay_title": "Se igen: {game}",
        "replay_step": "Drag {n} av {of}",
        "replay_first": "Till början",
        "replay_back": "Bakåt",
        "replay_next": "Nästa",
        "replay_last": "Till slutet",
        "back_to_table": "Tillbaka till bordet",
        "reason_out_of_cards": "En spelare har inga kort kvar.",
        "reason_all_passed": "Alla stod över i rad.",
        "reason_all_families": "Alla nio familjer är utlagda.",
        "reason_no_moves": "Ingen kan spela längre.",
        "reason_turn_limit": "Största antalet drag är nått.",
        "pick_move": "Välj ett drag först.",
        "pick_card": "Välj ett kort först.",
        "pick_player": "Välj en spelare först.",
        "pick_ask": "Välj kortet du frågar efter.",
        "stale": "Spelet har gått vidare: titta igen och välj ditt drag.",
        "not_started": "Spelet har inte börjat än.",
        "no_generic": "Det draget går inte just nu.",
        "no_taken": "Någon tog just den platsen: välj en annan.",
        "no_bad_name": "Ett namn har 1 till 24 tecken.",
        "no_not_your_turn": "Vänta: det är inte din tur.",
        "no_not_allowed": "Det draget går inte just nu.",
        "no_game_over": "Spelet är slut.",
        "no_not_in_hand": "Det kortet har du inte på handen.",
        "no_ask_self": "Fråga en annan spelare, inte dig själv.",
        "no_ask_held_card": "Det kortet har du redan: fråga efter ett du inte har.",
        "no_ask_unheld_family": "Fråga efter ett kort från en galax du redan har.",
        "no_ask_empty_player": "Den spelaren har inga kort: fråga någon annan.",
        "no_ask_joker": "Fråga efter ett kort med nummer, inte en joker.",
        "no_must_ask": "Fråga en spelare efter ett kort i stället för att dra.",
        "no_draw_first": "Börja din tur med att dra ett kort.",
        "no_mission_in_progress": "Gör klart uppdraget först.",
        "no_mission_step": "Gör först det som uppdraget säger.",
        "no_give_to": "Ge kortet till den spelare som uppdraget säger.",
        "no_choose_other": "Välj en annan spelare, inte dig själv.",
        "no_winner_of_challenge": "Vinnaren är en av de två som spelade utmaningen.",
        "no_joker_last_card": "En joker kan aldrig vara ditt sista kort.",
        "no_joker_self": "En joker byter din hand mot en annan spelares.",
        "no_joker_target_empty": "Den spelaren har inga kort att byta.",
        "no_joker_not_at_start": "Spela en joker i början av din tur.",
        "no_not_a_joker": "Bara en GONG JOKER kan göra det.",
        "no_no_joker_to_counter": "Ingen har spelat en joker mot dig.",
        "no_answer_the_joker": "Någon spelade en joker mot dig: svara först.",
        "no_waiting_for_counter": "Vänta: en spelare bestämmer om jokern ska stoppas.",
        "no_nothing_to_draw": "Draghögen är tom.",
        "no_gong_not_on_one": "Ropa GONG när någon har ett kort kvar.",
        "no_gong_already_called": "GONG är redan ropat.",
        "no_draw_after_ask": "Du drar bara när kortet du frågade efter inte fanns.",
        "no_drawn_card_only": "Du drog ett kort som passar: spela det eller behåll det.",
        "no_gong_too_early": "Ropa GONG när du har ett kort kvar.",
        "no_gong_too_late": "Det är för sent att ropa GONG nu.",
        "no_joker_not_a_match": (
            "En joker passar aldrig: spela den i början av din tur för att byta hand."
        ),
        "no_must_draw": "Dra ett kort.",
        "no_must_match": "Spela ett kort från samma galax eller med samma nummer.",
        "no_must_play_match": "Du har ett kort som passar: spela det.",
        "no_nothing_to_keep": "Behåll gäller ett kort som passar och som du just drog.",
        "no_unreadable": "Det draget går inte att läsa.",
    },
}
for _lang, _entries in TABLE_PAGE_TEXTS.items():
    TEXTS[_lang].update(_entries)

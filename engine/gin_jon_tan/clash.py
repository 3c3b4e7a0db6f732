"""The clash table: which symbol beats which, and the seed's sentence for each win.

>>> beats("Water", "Fire"), beats("Fire", "Water")
(True, False)
>>> sentence("Death", "Righteous")
'Death hushes Righteous'
>>> beats("Black hole", "Black hole")
True
>>> sentence("Black hole", "Sun")
'Black hole neutralises Sun'
"""

from __future__ import annotations

from engine.gin_jon_tan.cards import SYMBOL_NAMES
from engine.words import Text

__all__ = ["BEATS", "SENTENCES", "beats", "sentence"]

#: Winner symbol -> {loser symbol: the seed's verb, in the third person}.
SENTENCES: dict[str, dict[str, str]] = {
    "Righteous": {"Prisoner": "judges", "Executioner": "restrains"},
    "Fire": {"Night": "lightens", "Coldness": "warms up"},
    "Love": {"Weapon": "averts", "Death": "survives"},
    "Sin": {"Righteous": "seduces", "Life": "spoils"},
    "Water": {"Fire": "quenches", "Path": "floods"},
    "Air": {"Vacuum": "fills", "Earth": "disperses"},
    "Night": {"Sin": "covers", "Hope": "warps"},
    "Path": {"Earth": "overcomes", "Abyss": "arches"},
    "Hope": {"Death": "overwhelms", "Love": "substitutes"},
    "Earth": {"Abyss": "fills", "Moon": "draws"},
    "Sun": {"Night": "repels", "Coldness": "disperses"},
    "Abyss": {"Path": "devours", "Air": "drains"},
    "Moon": {"Air": "draws", "Vacuum": "occupies"},
    "Space ship": {"Boat": "shoots down", "Moon": "annexes"},
    "Life": {"Death": "surpasses", "Hope": "fails"},
    "Supernova": {"Space ship": "destroys", "Sun": "replaces"},
    "Executioner": {"Life": "takes", "Sin": "punishes"},
    "Prisoner": {"Weapon": "takes", "Space ship": "steals"},
    "Boat": {"Prisoner": "captures", "Water": "consumes"},
    "Death": {"Righteous": "hushes", "Prisoner": "removes"},
    "Coldness": {"Water": "freezes", "Love": "tames"},
    "Vacuum": {"Fire": "chokes", "Sun": "extinguishes"},
    "Weapon": {"Executioner": "kills", "Life": "wrecks"},
}

#: (winner, loser) -> the seed's sentence, whole, for a reader's language (each language says the
#: verb its own way, so the sentence is one text; :data:`SENTENCES` reads the same in English).
_SAID: dict[tuple[str, str], Text] = {
    ("Righteous", "Prisoner"): Text("Righteous judges Prisoner"),
    ("Righteous", "Executioner"): Text("Righteous restrains Executioner"),
    ("Fire", "Night"): Text("Fire lightens Night"),
    ("Fire", "Coldness"): Text("Fire warms up Coldness"),
    ("Love", "Weapon"): Text("Love averts Weapon"),
    ("Love", "Death"): Text("Love survives Death"),
    ("Sin", "Righteous"): Text("Sin seduces Righteous"),
    ("Sin", "Life"): Text("Sin spoils Life"),
    ("Water", "Fire"): Text("Water quenches Fire"),
    ("Water", "Path"): Text("Water floods Path"),
    ("Air", "Vacuum"): Text("Air fills Vacuum"),
    ("Air", "Earth"): Text("Air disperses Earth"),
    ("Night", "Sin"): Text("Night covers Sin"),
    ("Night", "Hope"): Text("Night warps Hope"),
    ("Path", "Earth"): Text("Path overcomes Earth"),
    ("Path", "Abyss"): Text("Path arches Abyss"),
    ("Hope", "Death"): Text("Hope overwhelms Death"),
    ("Hope", "Love"): Text("Hope substitutes Love"),
    ("Earth", "Abyss"): Text("Earth fills Abyss"),
    ("Earth", "Moon"): Text("Earth draws Moon"),
    ("Sun", "Night"): Text("Sun repels Night"),
    ("Sun", "Coldness"): Text("Sun disperses Coldness"),
    ("Abyss", "Path"): Text("Abyss devours Path"),
    ("Abyss", "Air"): Text("Abyss drains Air"),
    ("Moon", "Air"): Text("Moon draws Air"),
    ("Moon", "Vacuum"): Text("Moon occupies Vacuum"),
    ("Space ship", "Boat"): Text("Space ship shoots down Boat"),
    ("Space ship", "Moon"): Text("Space ship annexes Moon"),
    ("Life", "Death"): Text("Life surpasses Death"),
    ("Life", "Hope"): Text("Life fails Hope"),
    ("Supernova", "Space ship"): Text("Supernova destroys Space ship"),
    ("Supernova", "Sun"): Text("Supernova replaces Sun"),
    ("Executioner", "Life"): Text("Executioner takes Life"),
    ("Executioner", "Sin"): Text("Executioner punishes Sin"),
    ("Prisoner", "Weapon"): Text("Prisoner takes Weapon"),
    ("Prisoner", "Space ship"): Text("Prisoner steals Space ship"),
    ("Boat", "Prisoner"): Text("Boat captures Prisoner"),
    ("Boat", "Water"): Text("Boat consumes Water"),
    ("Death", "Righteous"): Text("Death hushes Righteous"),
    ("Death", "Prisoner"): Text("Death removes Prisoner"),
    ("Coldness", "Water"): Text("Coldness freezes Water"),
    ("Coldness", "Love"): Text("Coldness tames Love"),
    ("Vacuum", "Fire"): Text("Vacuum chokes Fire"),
    ("Vacuum", "Sun"): Text("Vacuum extinguishes Sun"),
    ("Weapon", "Executioner"): Text("Weapon kills Executioner"),
    ("Weapon", "Life"): Text("Weapon wrecks Life"),
}

#: Winner symbol -> the symbols it beats (Black hole beats every card; Bonus and Defeat nothing).
BEATS: dict[str, frozenset[str]] = {winner: frozenset(losers) for winner, losers in SENTENCES.items()}


def beats(winner: str, loser: str) -> bool:
    """True if a card acting as ``winner`` beats a card acting as ``loser``.

    A Universal acts as the symbol declared for it; pass that symbol here.
    """
    if winner == "Black hole":
        return True
    return loser in BEATS.get(winner, frozenset())


def sentence(winner: str, loser: str) -> Text:
    """What the bot says when ``winner`` wins a clash against ``loser``."""
    if winner == "Black hole":
        return Text("Black hole neutralises {symbol}", symbol=SYMBOL_NAMES[loser])
    return _SAID[winner, loser]

"""The clash table: which symbol beats which, and the seed's sentence for each win.

>>> beats("Water", "Fire"), beats("Fire", "Water")
(True, False)
>>> sentence("Death", "Righteous")
'Death hushes Righteous'
>>> beats("Black hole", "Black hole")
True
"""

from __future__ import annotations

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

#: Winner symbol -> the symbols it beats (Black hole beats every card; Bonus and Defeat nothing).
BEATS: dict[str, frozenset[str]] = {winner: frozenset(losers) for winner, losers in SENTENCES.items()}


def beats(winner: str, loser: str) -> bool:
    """True if a card acting as ``winner`` beats a card acting as ``loser``.

    A Universal acts as the symbol declared for it; pass that symbol here.
    """
    if winner == "Black hole":
        return True
    return loser in BEATS.get(winner, frozenset())


def sentence(winner: str, loser: str) -> str:
    """What the bot says when ``winner`` wins a clash against ``loser``."""
    if winner == "Black hole":
        return f"Black hole neutralises {loser}"
    return f"{winner} {SENTENCES[winner][loser]} {loser}"

"""A small, fast Tet-Gow simulator for the computer player's lookahead.

It plays the rest of one game from a fully known (guessed) deal with a simple
greedy policy for every seat, and returns each seat's points. It is not the
rulebook (that is :mod:`engine.tet_gow.rules`); it trades checks for speed and
works on plain lists of card ids, which are always kept strongest first.
"""

from __future__ import annotations

from engine.tet_gow.deck import CARDS, SETS

WIN_BONUS = 5
_TIER = {c.id: c.tier for c in CARDS.values()}
_SET = {c.id: SETS.index(c.set) for c in CARDS.values()}


def mix_of(cards: list[str] | tuple[str, ...]) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for card in cards:
        counts[_SET[card]] += 1
    return (counts[0], counts[1], counts[2])


def greedy_lead(hand: list[str], classic: bool) -> list[str]:
    """The biggest one-Tier group (the strongest on ties), cut to the classic limit if on."""
    best: list[str] = []
    group: list[str] = []
    tier = 0
    for card in [*hand, "--"]:
        t = _TIER.get(card, 0)
        if t != tier:
            if len(group) > len(best):
                best = group
            group, tier = [], t
        group.append(card)
    if classic:
        cycle = [c for c in best if _SET[c] == 1][:1]
        best = ([c for c in best if _SET[c] != 1] + cycle)[:4]
    return best


def strongest_follow(hand: list[str], mix: tuple[int, int, int], best_tier: int) -> list[str] | None:
    """The follow in the strongest Tier the hand can make, or None."""
    for tier in range(1, best_tier):
        picked: list[str] = []
        need = list(mix)
        for card in hand:
            if _TIER[card] == tier and need[_SET[card]]:
                need[_SET[card]] -= 1
                picked.append(card)
        if not any(need):
            return picked
    return None


def finish(
    hands: list[list[str]],
    tricks: list[int],
    leader: int,
    plays: list[tuple[int, list[str]]],
    turn: int,
    classic: bool,
) -> list[int]:
    """Play the game out greedily from ``turn`` in a round whose face-up plays are ``plays``.

    ``plays`` holds (seat, cards) of the face-up plays so far (the lead first);
    passes need not be listed. Hands and tricks are changed in place.
    """
    n = len(hands)
    winner = leader
    while True:
        if not plays:
            lead = greedy_lead(hands[leader], classic)
            for card in lead:
                hands[leader].remove(card)
            plays = [(leader, lead)]
            turn = (leader + 1) % n
        lead_cards = plays[0][1]
        size = len(lead_cards)
        mix = mix_of(lead_cards)
        best = min(_TIER[cards[0]] for _, cards in plays)
        final = not hands[leader]
        winner = plays[-1][0]
        while turn != leader:
            hand = hands[turn]
            follow = None
            if not final or tricks[turn] + size >= 2:
                follow = strongest_follow(hand, mix, best)
            if follow:
                for card in follow:
                    hand.remove(card)
                best = _TIER[follow[0]]
                winner = turn
            else:
                del hand[len(hand) - size :]
            turn = (turn + 1) % n
        tricks[winner] += size
        plays = []
        leader = winner
        if final:
            break
    return [t + (WIN_BONUS if seat == winner else 0) for seat, t in enumerate(tricks)]

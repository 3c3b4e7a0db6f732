"""What one seat of a Gin-Go game sees: :class:`GinGoView` (public table, own hand, own decisions).

The board picture, the Discord layer and the computer players read only this. It
never holds another seat's hand (a partner's included) nor a Secrecy suit row before
both are revealed.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import View


@dataclass(frozen=True)
class MeldView:
    """One meld on the table."""

    #: Stable id ("m7"), the option id a hit names as its target.
    id: str
    #: The seat that laid it down (anyone may hit it).
    owner: int
    #: "run" or "set".
    kind: str
    #: The physical cards in reading order (a run low to high; a Joker as "Jk1"/"Jk2").
    cards: tuple[str, ...]
    #: For each card, the natural card it stands for: itself, or the card its Joker was named.
    names: tuple[str, ...]


@dataclass(frozen=True)
class HandSummary:
    """The public end of one hand."""

    number: int
    #: The seat that went out (None if the draw pile ran dry with nobody out).
    went_out: int | None
    #: Every card captured from the other hands (public: each placed a chip or was shown).
    captured: tuple[str, ...]
    #: The side that won the game with this hand, or None (a new hand follows).
    winner: int | None
    #: A readable sentence of how the hand ended.
    reason: str


@dataclass(frozen=True)
class GinGoView(View):
    """One seat's view of a Gin-Go game (``seat=None`` for spectators).

    Squares are ints ``(y - 1) * 4 + (x - 1)``: columns x = 1..4 west to east and rows
    y = 1..13 south to north, as side A (side 0, south) sees the board; side B (side 1)
    sits north. :mod:`engine.gin_go.board` has ``xy``/``square`` helpers.
    """

    #: The side (0 = A, south; 1 = B, north) of each seat: seat % 2.
    sides: tuple[int, ...]
    #: The seats of each side: ((0,), (1,)) for 2 players, ((0, 2), (1, 3)) for 4.
    teams: tuple[tuple[int, ...], ...]
    #: 52 entries, one per square: the side whose chip is there, or None.
    board: tuple[int | None, ...]
    #: Per side, its suit row left to right as seen from its own seat ("c","d","h","s"),
    #: or None while it is not set or still secret.
    suit_rows: tuple[tuple[str, ...] | None, ...]
    #: Per side, the suit of each board column x = 1..4 (side B's row read from the south), or None.
    column_suits: tuple[tuple[str, ...] | None, ...]
    #: Per side, the rank label of each board row y = 1..13 ("A".."K" for side A, "K".."A" for side B).
    row_labels: tuple[tuple[str, ...], ...]
    #: "normal", "suit_for_suit" or "secrecy" once chosen, else None.
    setup_mode: str | None
    #: The cards turned at the set-up until all four suits showed (public).
    setup_cards: tuple[str, ...]
    #: The seat choosing the set-up mode (a Joker showed), or None.
    setup_chooser: int | None
    #: True when chains may only run orthogonally (host option), False for straight or zigzag.
    orthogonal_only: bool
    #: Melds on the table, oldest first.
    melds: tuple[MeldView, ...]
    #: The spread discard pile, every card, oldest first (the top is the last).
    discard_pile: tuple[str, ...]
    draw_size: int
    #: Cards held by each seat.
    hand_sizes: tuple[int, ...]
    #: Chips on the board per side (the score at the hand limit).
    chips: tuple[int, ...]
    #: The seat whose turn it is (None during a simultaneous set-up and when the game is over).
    turn: int | None
    dealer: int
    #: The hand being played (1-based) and the hand limit (host option).
    hand_number: int
    hand_limit: int
    #: Squares where chips were placed during the last finished turn (or hand end), and
    #: (square, side whose chip was removed) for its bumps.
    last_turn_chips: tuple[int, ...]
    last_turn_bumps: tuple[tuple[int, int], ...]
    #: The same for the turn in progress, so far.
    this_turn_chips: tuple[int, ...]
    this_turn_bumps: tuple[tuple[int, int], ...]
    #: Per side, its link as squares from its A row to its K row when complete ("Gin"), else None.
    links: tuple[tuple[int, ...] | None, ...]
    #: Cards taken from the discard pile this turn (public: they lay face up), chosen card first.
    taken: tuple[str, ...]
    #: The previous hand's end, or None in the first hand.
    last_hand: HandSummary | None
    #: The winning side once the game is over (None for a draw or while it goes on).
    winner: int | None
    #: This seat's own cards, sorted (empty for spectators).
    hand: tuple[str, ...]
    #: This seat's meld or hit waiting for its Jokers to be named (cards), else empty.
    pending_cards: tuple[str, ...]

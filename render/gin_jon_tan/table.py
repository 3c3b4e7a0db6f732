"""Gin-jon-tan's table picture: the duel that just happened, the evaluation, the players."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.gin_jon_tan.views import Clash, DuelView, EvaluationEntry, GinJonTanView, HeldCard
from engine.words import ENGLISH, Words
from render.common import (
    BODY,
    GOLD,
    MARGIN,
    MUTED,
    SCORE,
    SMALL,
    TITLE,
    WHITE,
    WIDTH,
    Colour,
    active_tab_width,
    canvas,
    cut,
    deck_pictures,
    fitted,
    grid,
    seat_panel,
    text,
    to_png,
)
from render.gin_jon_tan.cards import _minis, _ordinal, _paragraph, draw_card, draw_mini, symbol_word
from render.gin_jon_tan.look import (
    CARD_H,
    CARD_W,
    GAP,
    LOST,
    MINI_H,
    MINI_W,
    PANEL,
    ROOM,
    TABLE,
    TALL,
    text_width,
    wrap,
)
from render.gin_jon_tan.numbers import _exact_lines, amount, draw_amount
from render.results import names_and
from render.text import line_height


@deck_pictures
@fitted
def table_picture(view: GinJonTanView, *, names: Sequence[str], words: Words = ENGLISH) -> bytes:
    """The public table: what is happening, the duel that just happened or the evaluation, then a
    panel per player in turn order with the score (exact), the counts of their cards and the
    reserve cards they turned."""
    image, draw = canvas(TABLE, TALL)
    if view.outcome is not None:
        title = words.plural(
            "Gin-jon-tan · game over after {count} round", "Gin-jon-tan · game over after {count} rounds", view.rounds
        )
    else:
        title = words.say("Gin-jon-tan · round {number} of {total}", number=view.round_no, total=view.rounds)
    y = _paragraph(draw, MARGIN, title, TITLE, GOLD, bold=True)  # two lines where it is long ("Spiel vorbei…")
    y = _paragraph(draw, y + 4, _situation(view, names, words), BODY, WHITE) + 6
    if _shows_evaluation(view):
        y = _evaluation(image, view, names, y, words)
    elif view.duel is not None and view.phase in ("duel", "exchange"):
        y = _duel(image, view.duel, view.last_clash, names, y, words)
    y = _panels(image, view, names, y + 4, words)
    return to_png(cut(image, int(y) + MARGIN))


def _situation(view: GinJonTanView, names: Sequence[str], words: Words) -> str:
    """What is going on, in a sentence or two."""
    phase = view.phase
    if view.outcome is not None:
        winners = view.outcome.winners
        best = view.outcome.points[winners[0]] if winners else 0
        said = {"names": names_and([names[s] for s in winners], words), "points": amount(best)}
        others = [p for s, p in enumerate(view.outcome.points) if s not in winners]
        if others:
            lead = amount(best - max(others))
            if len(winners) > 1:
                return words.say("{names} win with {points} points, ahead by {lead}.", lead=lead, **said)
            return words.say("{names} wins with {points} points, ahead by {lead}.", lead=lead, **said)
        if len(winners) > 1:
            return words.say("{names} win with {points} points.", **said)
        return words.say("{names} wins with {points} points.", **said)
    waiting = ", ".join(names[s] for s in view.waiting_on)
    if phase == "swap":
        return words.say(
            "Cards dealt: 9 in hand, 9 in reserve, 15 in the draw pile. In secret, each may swap hand and "
            "reserve. Waiting on {names}.",
            names=waiting,
        )
    if phase == "activate":
        return words.say("Everyone sets aside 3 active cards in secret. Waiting on {names}.", names=waiting)
    if phase == "duel" and view.duel is not None:
        duel = view.duel
        return words.say(
            "Duel {number} of {total}: {starter} (starter) against {defender}.",
            number=duel.number,
            total=duel.total,
            starter=names[duel.starter],
            defender=names[duel.defender],
        )
    if phase == "exchange":
        return words.say(
            "All duels are done. In secret, each may exchange up to 9 cards with their reserve. Waiting on {names}.",
            names=waiting,
        )
    if phase == "trim":
        return words.say(
            "Reserves back to 9: the players over 9 choose what goes to the draw pile. Waiting on {names}.",
            names=waiting,
        )
    if phase == "combine":
        turn = min(view.combination_turn + 1, view.combination_turns)
        return words.say(
            "Combination round, turn {turn} of at most {total}. {names}'s turn: say "
            "Gin jon tan!, exchange 1–3 cards with the reserve, or take cards from another player.",
            turn=turn,
            total=view.combination_turns,
            names=waiting,
        )
    return words.say("Evaluation in turn order: reveal the hand or say Kat oh! {names} decides.", names=waiting)


def _shows_evaluation(view: GinJonTanView) -> bool:
    """The evaluation is shown while it runs, at the game's end, and while the next round's swap is chosen."""
    return bool(view.evaluation) and view.phase in ("evaluate", "over", "swap")


def _duel(
    image: Image.Image,
    duel: DuelView,
    last_clash: Clash | None,
    names: Sequence[str],
    y: float,
    words: Words = ENGLISH,
) -> float:
    """The clash that just happened with its sentence, then both sides' unfolded cards and every clash."""
    draw = ImageDraw.Draw(image)
    latest = duel.clashes[-1] if duel.clashes else last_clash
    if latest is not None:
        y = _clash_banner(image, latest, names, y, words, earlier=not duel.clashes)
    said = {"number": min(duel.number, duel.total), "total": duel.total}
    if duel.over:
        label = words.say("Duel {number} of {total} · over", **said)
    else:
        label = words.say("Duel {number} of {total}", **said)
    text(draw, (MARGIN, y), label, SMALL, MUTED, bold=True, max_width=ROOM)
    y += line_height(SMALL) + 2
    for seat, role in ((duel.starter, words.say("starter")), (duel.defender, words.say("defender"))):
        y = _duel_side(image, duel, seat, role, names, y, latest if duel.clashes else None, words)
    for i, clash in enumerate(duel.clashes, 1):
        line = words.say(
            "{number}. {clash}: {name} scores {points}",
            number=i,
            clash=words.say(clash.sentence),
            name=names[clash.winner_seat],
            points=amount(clash.points),
        )
        y = _paragraph(draw, y, line, SMALL, WHITE)
    if duel.over and not duel.clashes:
        y = _paragraph(draw, y, words.say("No card could beat another: no clash in this duel."), SMALL, MUTED)
    return y + 6


def _clash_banner(
    image: Image.Image, clash: Clash, names: Sequence[str], y: float, words: Words, earlier: bool
) -> float:
    """``Water quenches Fire`` big, the two cards with an arrow between them, and who scored what."""
    draw = ImageDraw.Draw(image)
    # "Смерть заставляет умолкнуть Праведника": a clash's sentence takes a second line, the panel grows
    sentence = wrap(words.say(clash.sentence), TITLE + 2, ROOM - 20, bold=True, max_lines=2)
    more = (len(sentence) - 1) * line_height(TITLE + 2)
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + CARD_H + 62 + more), radius=10, fill=PANEL)
    heading = words.say("The last clash") if earlier else words.say("The clash that just happened")
    text(draw, (MARGIN + 10, y + 6), heading, SMALL, MUTED, max_width=ROOM - 20)
    for i, line in enumerate(sentence):
        text(draw, (MARGIN + 10, y + 24 + i * line_height(TITLE + 2)), line, TITLE + 2, GOLD, bold=True)
    top = y + 54 + more
    draw_card(image, clash.winner.card, MARGIN + 10, top, marked=True, words=words)
    draw_card(image, clash.loser.card, MARGIN + 10 + CARD_W + 38, top, words=words)
    ax = MARGIN + 10 + CARD_W + 6
    draw.polygon(
        [
            (ax, top + 40),
            (ax + 18, top + 40),
            (ax + 18, top + 32),
            (ax + 28, top + 50),
            (ax + 18, top + 68),
            (ax + 18, top + 60),
            (ax, top + 60),
        ],
        fill=GOLD,
    )
    left = MARGIN + 10 + 2 * CARD_W + 48
    ty = _paragraph(draw, top, words.say("{name} scores", name=names[clash.winner_seat]), BODY, WHITE, x=left)
    ty = _paragraph(draw, ty, amount(clash.points, signed=True), TITLE, GOLD, bold=True, x=left)
    parts = [f"{amount(clash.winner.card.value)} + {amount(clash.loser.card.value)}"]
    for seat, held, acts in (
        (clash.winner_seat, clash.winner, clash.winner_as),
        (clash.loser_seat, clash.loser, clash.loser_as),
    ):
        if acts != held.card.symbol:
            parts.append(
                words.say("{name}'s Universal acts as {symbol}", name=names[seat], symbol=symbol_word(acts, words))
            )
    if clash.black_hole:
        parts.append(words.say("The Black hole empties reserves into draw piles."))
    for part in parts:
        ty = _paragraph(draw, ty, part, SMALL, MUTED, x=left)
    return max(y + CARD_H + 62 + more, ty) + 8


def _duel_side(
    image: Image.Image,
    duel: DuelView,
    seat: int,
    role: str,
    names: Sequence[str],
    y: float,
    latest: Clash | None,
    words: Words = ENGLISH,
) -> float:
    """One side of a duel: name and role on the left, the unfolded cards (spent ones grey) on the right."""
    draw = ImageDraw.Draw(image)
    cards = [c for c in duel.cards if c.seat == seat]
    x0 = WIDTH - MARGIN - 3 * CARD_W - 2 * GAP
    text(draw, (MARGIN, y + 4), names[seat], BODY, WHITE, bold=True, max_width=x0 - MARGIN - 6)
    ly = _paragraph(draw, y + 4 + line_height(BODY), role, SMALL, MUTED)
    if duel.to_act == seat:
        text(draw, (MARGIN, ly), words.say("▶ to clash"), SMALL, GOLD, bold=True, max_width=x0 - MARGIN - 6)
        ly += line_height(SMALL)
    won = sum(c.points for c in duel.clashes if c.winner_seat == seat)
    if won:
        _paragraph(draw, ly, words.say("won {points}", points=amount(won)), SMALL, WHITE, x=MARGIN)
    if not cards:
        text(draw, (x0, y + 20), words.say("nothing unfolded yet"), SMALL, MUTED, max_width=WIDTH - MARGIN - x0)
        return y + 60
    for i, one in enumerate(cards):
        x = x0 + i * (CARD_W + GAP)
        in_latest = latest is not None and one.held.id in (latest.winner.id, latest.loser.id)
        draw_card(image, one.held.card, x, y, marked=in_latest, spent=one.spent, words=words)
        text(
            draw,
            (x + CARD_W / 2, y + CARD_H + 1),
            words.say("spent") if one.spent else words.say("unspent"),
            SMALL,
            MUTED if one.spent else WHITE,
            anchor="ma",
            max_width=CARD_W + GAP,
        )
        if one.declared:
            text(
                draw,
                (x + CARD_W / 2, y + CARD_H + 1 + line_height(SMALL)),
                words.say("as {symbol}", symbol=symbol_word(one.declared, words)),
                SMALL,
                GOLD,
                anchor="ma",
                bold=True,
                max_width=CARD_W + GAP,
            )
    lines = 2 if any(c.declared for c in cards) else 1
    return y + CARD_H + 4 + lines * line_height(SMALL) + 4


def _evaluation(image: Image.Image, view: GinJonTanView, names: Sequence[str], y: float, words: Words) -> float:
    """Each seat's part: Kat oh!, Defeat, or the revealed hand with its best combination (big cards,
    gold border) and the rest of the hand small; the value and what it did to the score."""
    draw = ImageDraw.Draw(image)
    round_no = view.round_no - 1 if view.phase == "swap" else view.round_no
    heading = words.say("Round {number}: the evaluation", number=round_no)
    text(draw, (MARGIN, y), heading, BODY, GOLD, bold=True, max_width=ROOM)
    y += line_height(BODY) + 4
    for entry in view.evaluation:
        y = _entry(image, entry, view, names, y, words) + 6
    return y


def _entry(
    image: Image.Image, entry: EvaluationEntry, view: GinJonTanView, names: Sequence[str], y: float, words: Words
) -> float:
    draw = ImageDraw.Draw(image)
    top = y
    result, colour = _entry_result(entry, view, words)
    result_w = text_width(result, BODY, bold=True)
    x1 = WIDTH - MARGIN
    text(draw, (x1, y + 6), result, BODY, colour, anchor="ra", bold=True)
    text(draw, (MARGIN, y + 6), names[entry.seat], BODY, WHITE, bold=True, max_width=ROOM - result_w - 12)
    y += 6 + line_height(BODY)
    evaluation = entry.evaluation
    if entry.action == "reveal" and evaluation is not None:
        label = words.say(evaluation.label)
        said = {"label": label[:1].upper() + label[1:], "value": amount(evaluation.value)}
        if entry.defeat:
            worth = words.say("{label}: worth {value}. Defeat: back to the round's starting score", **said)
        elif entry.place == 1:
            worth = words.say("{label}: worth {value}, added to the score", **said)
        elif entry.delta is not None:
            worth = words.say(
                "{label}: worth {value}; the score loses {times}× that: {delta}",
                times=(entry.place or 2) - 1,
                delta=amount(entry.delta),
                **said,
            )
        else:
            worth = words.say("{label}: worth {value}", **said)
        y = _paragraph(draw, y, worth, SMALL, MUTED if entry.defeat else WHITE)
        best = set(evaluation.members) | set(evaluation.bonuses)
        big = [i for i, held in enumerate(entry.cards) if i in best or held.card.symbol == "Defeat"]
        rest = [held.card for i, held in enumerate(entry.cards) if i not in big]
        y += 4
        if big:
            y = _cards_at(image, [entry.cards[i] for i in big], MARGIN, y, marked=[i in best for i in big], words=words)
        if rest:
            y = _minis(image, rest, MARGIN, y, words)
    elif entry.action == "kat_oh":
        y = _paragraph(draw, y, words.say("Gave up this round: keeps the score, shows nothing."), SMALL, MUTED)
    else:
        y = _paragraph(draw, y, words.say("Still to decide: reveal or Kat oh!"), SMALL, MUTED)
    draw.line((MARGIN / 2, top + 4, MARGIN / 2, y - 4), fill=colour, width=3)
    return y


def _entry_result(entry: EvaluationEntry, view: GinJonTanView, words: Words) -> tuple[str, Colour]:
    if entry.action == "kat_oh":
        return "Kat oh!", MUTED
    if entry.action != "reveal":
        return words.say("to decide"), MUTED
    if entry.defeat:
        return words.say("Defeat"), LOST
    if entry.place is None:
        return words.say("revealed"), WHITE
    return _place(entry.place, words), GOLD if entry.place == 1 else WHITE


def _place(place: int, words: Words) -> str:
    """``1st place``, ``2nd place``…"""
    return words.say("{ordinal} place", ordinal=_ordinal(place, words))


def _cards_at(
    image: Image.Image,
    cards: Sequence[HeldCard],
    x: float,
    y: float,
    *,
    marked: Sequence[bool],
    words: Words = ENGLISH,
) -> float:
    per_row = grid(len(cards), CARD_W, GAP, WIDTH - MARGIN - x)
    for i, held in enumerate(cards):
        row, col = divmod(i, per_row)
        draw_card(image, held.card, x + col * (CARD_W + GAP), y + row * (CARD_H + GAP), marked=marked[i], words=words)
    return y + max(1, -(-len(cards) // per_row)) * (CARD_H + GAP)


def _panels(image: Image.Image, view: GinJonTanView, names: Sequence[str], y: float, words: Words) -> float:
    """A panel per player in turn order (seat order before it is known): order, name, exact score,
    what they hold as counts, the reserve cards they turned, and their state."""
    draw = ImageDraw.Draw(image)
    if view.outcome is not None:
        places = view.outcome.places
        for seat in sorted(range(view.num_players), key=lambda s: (places[s], s)):
            y = _panel(image, view, names, seat, places[seat], y, words) + 6
        return y
    order = list(view.turn_order) or list(range(view.num_players))
    if view.turn_order:
        turn_order = words.say("Turn order, from the reserve cards each turned face up:")
        y = _paragraph(draw, y, turn_order, SMALL, MUTED)
    for position, seat in enumerate(order, 1):
        y = _panel(image, view, names, seat, position if view.turn_order else None, y, words) + 6
    return y


def _panel(
    image: Image.Image,
    view: GinJonTanView,
    names: Sequence[str],
    seat: int,
    position: int | None,
    y: float,
    words: Words = ENGLISH,
) -> float:
    draw = ImageDraw.Draw(image)
    word = _active_word(view, seat, words)
    x0, x1 = MARGIN, WIDTH - MARGIN
    turned = [held.card for held in view.turned[seat]] if view.turned and view.outcome is None else []
    chips_w = len(turned) * (MINI_W + GAP)
    left = x0 + 12
    badge = ""
    if position is not None:
        badge = _ordinal(position, words)
    score = view.outcome.points[seat] if view.outcome is not None else view.scores[seat]
    # Measure first (a panel grows for a long score or many facts), then draw.
    lines = _panel_facts(view, seat, words)
    name_room = x1 - left - 12 - (active_tab_width(word) if word else 0)
    score_room = x1 - left - 12 - chips_w
    height = _panel_height(score, score_room, lines, x1 - left - 12 - chips_w)
    height = max(height, MINI_H + 16 + (SMALL + 10 if word else 0) if turned else 0)
    seat_panel(draw, (x0, y, x1, y + height), active_word=word, fill=PANEL)
    ty = y + 8
    bw = text(draw, (left, ty + 1), badge, SMALL, GOLD, bold=True) + 8 if badge else 0
    text(draw, (left + bw, ty), names[seat], BODY, WHITE, bold=True, max_width=name_room - bw)
    ty += line_height(BODY) + 2
    ty = draw_amount(draw, left, ty, score, SCORE, GOLD, score_room)
    for line in wrap(" · ".join(lines), SMALL, x1 - left - 12 - chips_w, max_lines=3):
        text(draw, (left, ty), line, SMALL, MUTED)
        ty += line_height(SMALL)
    cy = y + height - MINI_H - 8
    for i, card in enumerate(turned):
        draw_mini(image, card, x1 - 10 - (len(turned) - i) * (MINI_W + GAP) + GAP, cy, words=words)
    return y + height


def _panel_height(score: int, score_room: float, facts: list[str], facts_room: float) -> float:
    score_lines = line_height(SCORE)
    if text_width(amount(score), SCORE, bold=True) > score_room:
        score_lines += len(_exact_lines(score, score_room)) * line_height(SMALL)
    fact_lines = len(wrap(" · ".join(facts), SMALL, facts_room, max_lines=3)) if facts else 0
    return 8 + line_height(BODY) + 2 + score_lines + fact_lines * line_height(SMALL) + 8


def _panel_facts(view: GinJonTanView, seat: int, words: Words = ENGLISH) -> list[str]:
    if view.outcome is not None:
        place = view.outcome.places[seat]
        return [words.say("WINNER") if place == 1 else _place(place, words)]
    facts = [
        words.say("hand {count}", count=view.hand_sizes[seat]),
        words.say("reserve {count}", count=view.reserve_sizes[seat]),
        words.say("draw pile {count}", count=view.pile_sizes[seat]),
    ]
    if view.active_sizes[seat]:
        facts.append(words.say("{count} active, face down", count=view.active_sizes[seat]))
    gained = view.scores[seat] - view.round_start_scores[seat]
    if gained:
        facts.append(words.say("this round {points}", points=amount(gained, signed=True)))
    if seat in view.swapped:
        facts.append(words.say("swapped hand and reserve"))
    if view.phase in ("swap", "activate", "exchange", "trim") and seat in view.decided:
        facts.append(words.say("has chosen"))
    if view.phase == "combine" and seat in view.satisfied:
        facts.append("Gin jon tan!")
    return facts


def _active_word(view: GinJonTanView, seat: int, words: Words = ENGLISH) -> str | None:
    if view.outcome is not None or seat not in view.waiting_on:
        return None
    if view.phase in ("swap", "activate", "exchange", "trim"):
        return words.say("to choose")
    if view.phase == "duel" and view.duel is not None and view.duel.to_act == seat:
        return words.say("to clash")
    return words.say("to decide") if view.phase == "evaluate" else words.say("to act")

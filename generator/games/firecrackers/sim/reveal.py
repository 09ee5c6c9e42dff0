"""Revealing a card and exploding: the instant explosions, the card's action, the explosion check,
and what an explosion sets off (stayin_alive, buddy_explosion, pity_purchase).

The action of a revealed card runs through ``board.effects`` (handed in by the engine), so this
module needs only the board and the shop.
"""

from __future__ import annotations

from .board import Board
from .shop import offer_buy


def reveal_one(board: Board, seat: int) -> None:
    """Reveal one card: instant explosions (own_fault, reckless_neighbor), then its action, then
    the explosion check."""
    if not board.in_round[seat]:
        return
    card = board.draw(seat)
    if card is None:
        return
    table = board.table
    on_table = board.on_table
    if on_table.get("own_fault") and board.table_has("own_fault", exclude=card):
        colour = table.colour[card]
        earlier = board.revealed[seat][:-1]
        if any(table.colour[c] == colour for c in earlier) and explode(board, seat):
            return
    if on_table.get("reckless_neighbor") and board.table_has("reckless_neighbor", exclude=card):
        previous = board.previous_last(seat)
        if previous is not None and table.number[previous] == table.number[card] and explode(board, seat):
            return
    action = table.action[card]
    if action is None:
        check_explosion(board, seat)
    else:
        board.push(check_explosion, board, seat)
        board.effects[action](board, seat, card)


def check_explosion(board: Board, seat: int) -> None:
    """Explode ``seat`` if it is still in and over a threshold."""
    if board.in_round[seat] and board.over_threshold(seat):
        explode(board, seat)


def explode(board: Board, seat: int, preventable: bool = True) -> bool:
    """Make ``seat`` explode; returns False when stayin_alive or safety_suit prevented it.

    stayin_alive: "The first time you would explode this round, you stay in but must reveal another
    card at once." The player stays in and reveals the next card now; the cards revealed still
    count, so that card explodes the player after all unless it changes something (its action).
    Option ``stayin_alive=hide_card`` also turns the card that would have exploded the player face
    down. pity_purchase: the player discards the revealed row and may buy one card of cost <= 2.

    buddy_explosion: "If you explode this round, each neighbour still in the round explodes too."
    Each neighbour: the seats on both sides of the exploding player (the one other player at two).
    Still in the round: a neighbour already out is left alone, and the explosion does not pass on
    to the next seat. Explodes too: an explosion like any other, which a neighbour's stayin_alive or
    safety_suit prevents as usual (the card, unlike super_cracker's, does not say nothing prevents
    it); a neighbour's own buddy_explosion goes off in turn."""
    if not board.in_round[seat]:
        return True
    if preventable:
        if board.seat_turns[seat] <= board.safe_until[seat]:
            return False
        if not board.stayin_used[seat] and board.row_has(seat, "stayin_alive"):
            board.stayin_used[seat] = True
            if board.rules.settings.stayin_alive == "hide_card" and board.revealed[seat]:
                board.face_down.add(board.revealed[seat][-1])
                board.reset_totals()
            board.push(reveal_one, board, seat)
            return False
    board.in_round[seat] = False
    board.exploded[seat] = True
    board.explosions[seat] += 1
    board.last_out = seat
    if board.row_has(seat, "buddy_explosion"):
        for neighbour in neighbours(board, seat):
            if board.in_round[neighbour]:
                explode(board, neighbour)
    if board.row_has(seat, "pity_purchase"):
        board.move_row_to_discard(seat)
        board.push(offer_buy, board, seat, 2, True)
    return True


def neighbours(board: Board, seat: int) -> list[int]:
    """The seats on both sides of ``seat`` (one seat at a table of two, none alone)."""
    found: list[int] = []
    for step in (1, -1):
        other = (seat + step) % board.n
        if other != seat and other not in found:
            found.append(other)
    return found

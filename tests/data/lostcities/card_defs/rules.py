"""Lost Cities (Reiner Knizia, 1999), two players, as a cardforge rules file.

Each colour has three wagers and the numbers 2 to 10. On your turn you first play a card from your
hand to your expedition of its colour (wagers before any number, numbers rising, gaps allowed) or
discard it face up on that colour's pile; then you draw the top card of the deck or of any discard
pile, but not the card you just discarded. A round ends at once when the last card of the deck is
drawn. An expedition with a card in it scores its numbers minus 20, times one more than its
wagers, plus 20 when it holds 8 cards or more. A match is `rounds` rounds (3); the totals decide.
"""

from __future__ import annotations

from generator.playtest import Card, State

HAND = 8
COST = 20
BONUS_CARDS, BONUS = 8, 20


def setup(state: State) -> None:
    state.colours = list(dict.fromkeys(card.colour for card in state.cards))
    state.new_zone("deck", visible="hidden", cards=state.cards)
    state.new_zones("hand")
    for colour in state.colours:
        state.new_zone(f"{colour} pile")
        for player in state.players:
            state.new_zone(colour, player)
    state.totals = [0] * len(state.players)
    state.starter = 0
    new_round(state)


def new_round(state: State) -> None:
    deck = state.zone("deck")
    for card in state.cards:
        if state.where(card) != deck:
            state.move(card, deck)
    state.shuffle(deck)
    state.deal(deck, [state.zone("hand", p) for p in state.players], HAND)
    state.drawing = False  # each turn: play or discard, then draw
    state.discarded = None  # the card just discarded (it may not be drawn back)


def expedition_value(cards) -> int:
    if not cards:
        return 0
    numbers = sum(card.value for card in cards if card.kind == "number")
    wagers = sum(card.kind == "wager" for card in cards)
    return (numbers - COST) * (1 + wagers) + (BONUS if len(cards) >= BONUS_CARDS else 0)


def round_scores(state: State) -> list[int]:
    return [sum(expedition_value(state.zone(c, p)) for c in state.colours) for p in state.players]


def can_follow(cards, card: Card) -> bool:
    numbers = [c.value for c in cards if c.kind == "number"]
    if card.kind == "wager":
        return not numbers
    return not numbers or card.value > max(numbers)


def actions(state: State) -> list:
    me = state.current
    if state.drawing:
        piles = [("draw", colour) for colour in state.colours
                 if len(state.zone(f"{colour} pile")) and state.zone(f"{colour} pile").top is not state.discarded]
        return [("draw", "deck")] + piles
    hand = list({card.row: card for card in state.zone("hand", me)}.values())  # identical wagers once
    return [("play", card) for card in hand if can_follow(state.zone(card.colour, me), card)] + \
        [("discard", card) for card in hand]


def play(state: State, action) -> None:
    me = state.current
    verb, what = action
    if verb == "play":
        state.move(what, state.zone(what.colour, me))
    elif verb == "discard":
        state.move(what, state.zone(f"{what.colour} pile"))
        state.discarded = what
    if verb != "draw":
        state.drawing = True
        return
    source = state.zone("deck") if what == "deck" else state.zone(f"{what} pile")
    state.draw(source, state.zone("hand", me))
    state.drawing, state.discarded = False, None
    if len(state.zone("deck")):
        state.end_turn()
        return
    end_round(state)


def end_round(state: State) -> None:
    played = round_scores(state)
    state.end_round()  # records the standings, the round's points included
    state.totals = [t + s for t, s in zip(state.totals, played)]
    if state.round >= state.options["rounds"]:
        return
    by = state.totals if state.options["next_round"] == "leader" else played
    best = max(by)
    leaders = [p for p in state.players if by[p] == best]
    state.starter = leaders[0] if len(leaders) == 1 else state.next_player(state.starter)
    new_round(state)
    state.end_turn(to=state.starter)


def is_over(state: State) -> bool:
    return state.round >= state.options["rounds"]


def scores(state: State) -> list[int]:
    if is_over(state):
        return list(state.totals)
    return [t + s for t, s in zip(state.totals, round_scores(state))]


def describe(state: State, action) -> str:
    verb, what = action
    if verb == "draw":
        return f"draw from the {what}" if what == "deck" else f"draw {state.zone(f'{what} pile').top} from the {what} pile"
    return f"{verb} {what.id}"


def worth(state: State, player: int) -> float:
    """For the bots: the score, with half of what the hand could still add to each expedition."""
    value = float(state.totals[player])
    for colour in state.colours:
        cards = list(state.zone(colour, player))
        now = expedition_value(cards)
        for card in sorted((c for c in state.zone("hand", player) if c.colour == colour),
                           key=lambda c: c.value or 0):
            if can_follow(cards, card):
                cards.append(card)
        value += now + 0.5 * max(0, expedition_value(cards) - now)
    return value


def facts(state: State) -> dict:
    started = [sum(len(state.zone(c, p)) > 0 for c in state.colours) for p in state.players]
    return {"expeditions started in the last round": sum(started) / len(started)}

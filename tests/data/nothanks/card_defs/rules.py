"""No Thanks! (Thorsten Gimmler, 2004), three to seven players, as a cardforge rules file.

The cards 3 to 35 are shuffled and nine are set aside unseen. The top card of the rest is offered
to the player to act, who either takes it, with the chips on it, or pays a chip onto it to pass it
on ("no thanks!"); a player without chips must take it. Who takes a card turns up the next and
decides on it first. When the last card is taken, each player's cards count their values, but a
run of consecutive numbers counts only its lowest; each chip takes one point off. The lowest total
wins (``scoring: lowest`` in nothanks.yaml): ``scores`` gives each total as the rules count it.
"""

from __future__ import annotations

from generator.playtest import State

CHIPS = {3: 11, 4: 11, 5: 11, 6: 9, 7: 7}


def setup(state: State) -> None:
    deck = state.new_zone("deck", visible="hidden", cards=state.cards)
    state.shuffle(deck)
    state.draw(deck, state.new_zone("set aside", visible="hidden"), state.options["removed"])
    state.new_zones("taken", visible="public")
    state.draw(deck, state.new_zone("offer"))
    state.chips = [state.options["chips"] or CHIPS[len(state.players)]] * len(state.players)
    state.pot = 0


def actions(state: State) -> list:
    return ["take", "pass"] if state.chips[state.current] else ["take"]


def play(state: State, action) -> None:
    me = state.current
    if action == "pass":
        state.chips[me] -= 1
        state.pot += 1
        state.end_turn()
        return
    state.move(state.zone("offer").top, state.zone("taken", me))
    state.chips[me] += state.pot
    state.pot = 0
    state.draw(state.zone("deck"), state.zone("offer"))  # the taker decides on the next card


def is_over(state: State) -> bool:
    return not len(state.zone("offer"))


def points(cards) -> int:
    """The cards' values, each run of consecutive numbers counting only its lowest."""
    values = {card.value for card in cards}
    return sum(value for value in values if value - 1 not in values)


def scores(state: State) -> list:
    return [points(state.zone("taken", p)) - state.chips[p] for p in state.players]


def describe(state: State, action) -> str:
    card = state.zone("offer").top
    return f"take {card.value} with {state.pot} chips" if action == "take" else f"no thanks to {card.value}"


def facts(state: State) -> dict:
    return {"cards taken by the winner": len(state.zone("taken", min(state.players, key=lambda p: scores(state)[p])))}

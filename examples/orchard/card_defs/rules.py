"""Orchard's rules, as the rules page of orchard.yaml tells them: a cardforge rules file.

cardforge plays it with bots of its own (`cardforge simulate orchard`); the cards come from
orchard.csv, so `--set cards.bee.value=4` plays a stronger bee. Where the page is silent:
a bee adds its value to a row and counts as one of its cards, but the next fruit must still
beat the last fruit; a frost discards the highest fruit of the row (a bee when only bees are
left); you may discard only when you cannot play. A turn is two decisions: play, then take a
card. The tutorial: docs/rules-files.md.

Three rules are the simulator's findings. With a blind draw from the deck, the best bot we have
(ismcts) won only about two games in three against random play: choosing from a market of three
face-up cards lifts that to five in six (`cardforge simulate orchard --bot ismcts:20 --bot
random`). With three players the first player drew one card more and won 48 % of random games
against 27 % and 29 %: the round the deck runs out in is now finished from the market. And a
frost on any other player's row was aimed at whoever had played the most so far, the first
player: at four players it won 19 % of games (`--players 4 --bot ismcts:10`); a frost now goes to
the player after you, and no seat wins beyond chance.
"""

from __future__ import annotations

from generator.playtest import State

FRUITS = ("apple", "pear", "plum", "cherry")
HAND = 5
MARKET = 3
LONG_ROW = 4  # a row of this many cards scores double


def setup(state: State) -> None:
    deck = state.new_zone("deck", visible="hidden", cards=state.components["deck"])
    state.shuffle(deck)
    state.deal(deck, state.new_zones("hand"), HAND)
    state.draw(deck, state.new_zone("market"), MARKET)
    state.new_zone("discard")
    for player in state.players:
        for fruit in FRUITS:
            state.new_zone(fruit, player)  # the player's row of that fruit, public
    state.taking = False  # the second half of a turn: take a card
    state.last_turns = None  # turns left once the deck is empty
    state.frosts = 0


def last_fruit(row) -> int:
    """The number a fruit must beat in this row (fruits only grow, so the last fruit is the highest)."""
    for card in reversed(row):
        if card.fruit in FRUITS:
            return card.value
    return 0


def actions(state: State) -> list:
    me = state.current
    if state.taking:
        deck = [("draw", "deck")] if len(state.zone("deck")) else []
        return [("take", card) for card in state.zone("market")] + deck
    hand = {card.row: card for card in state.zone("hand", me)}  # one of each kind of card
    found = []
    for card in hand.values():
        if card.fruit in FRUITS:
            if card.value > last_fruit(state.zone(card.fruit, me)):
                found.append(("plant", card))
        elif card.fruit == "bee":
            found += [("bee", card, fruit) for fruit in FRUITS if len(state.zone(fruit, me))]
        elif card.fruit == "frost":
            target = state.next_player()  # the player after you
            found += [("frost", card, fruit, target) for fruit in FRUITS if len(state.zone(fruit, target))]
    return found or [("discard", card) for card in hand.values()]


def play(state: State, action) -> None:
    me = state.current
    verb, card = action[0], action[1]
    deck = state.zone("deck")
    if verb in ("take", "draw"):
        if verb == "take":
            state.move(card, state.zone("hand", me))
            state.draw(deck, state.zone("market"))
        else:
            state.draw(deck, state.zone("hand", me))
        state.taking = False
        if not deck and me == len(state.players) - 1:  # the round the deck ran out in is over:
            state.last_turns = len(state.players)      # one more round, taking nothing
        state.end_turn()
        return
    if verb == "plant":
        state.move(card, state.zone(card.fruit, me))
    elif verb == "bee":
        state.move(card, state.zone(action[2], me))
    elif verb == "frost":
        row = state.zone(action[2], action[3])
        fruits = [c for c in row if c.fruit in FRUITS] or list(row)
        state.move(max(fruits, key=lambda c: c.value), state.zone("discard"))
        state.move(card, state.zone("discard"))
        state.frosts += 1
    else:
        state.move(card, state.zone("discard"))
    if state.last_turns is None and (len(state.zone("market")) or len(state.zone("deck"))):
        state.taking = True
    elif state.last_turns is None:  # nothing left to take (more players than the market holds)
        state.last_turns = len(state.players) - 1
        state.end_turn()
    else:
        state.last_turns -= 1
        state.end_turn()


def is_over(state: State) -> bool:
    return state.last_turns == 0


def row_score(row) -> int:
    total = sum(card.value for card in row)
    return 2 * total if len(row) >= LONG_ROW else total


def scores(state: State) -> list[int]:
    return [sum(row_score(state.zone(fruit, p)) for fruit in FRUITS) for p in state.players]


def worth(state: State, player: int) -> float:
    """How well placed ``player`` is (the bots compare it with the best other player's): the score,
    plus room to grow (a low last fruit leaves more cards that can follow it; a row one card short
    of doubling is worth most of the double), plus the cards in hand that can still grow a row
    (without them, taking a card from the market or the deck looked all the same: greedy beat
    random in 57 % of games, with them in 93 %)."""
    value = 0.0
    beat = {}  # each row's last fruit, read once: the search bots judge many positions a decision
    for fruit in FRUITS:
        row = state.zone(fruit, player)
        beat[fruit] = last = last_fruit(row)
        if row:
            total = sum(card.value for card in row)
            value += (2 * total if len(row) >= LONG_ROW else total) + 0.6 * (8 - last)
            if len(row) == LONG_ROW - 1:
                value += 0.5 * total
    for card in state.zone("hand", player):  # cards that can still grow a row
        if card.fruit in FRUITS and card.value > beat[card.fruit]:
            value += 0.3 * card.value
        elif card.fruit == "bee":
            value += 0.3 * card.value
    return value


def describe(state: State, action) -> str:
    verb, card = action[0], action[1]
    if verb == "take":
        return f"take {card.id} from the market"
    if verb == "draw":
        return "draw from the deck"
    if verb == "plant":
        return f"plant {card.id}"
    if verb == "bee":
        return f"bee on the {action[2]} row"
    if verb == "frost":
        return f"frost on player {action[3]}'s {action[2]} row"
    return f"discard {card.id}"


def facts(state: State) -> dict:
    rows = [state.zone(fruit, p) for p in state.players for fruit in FRUITS]
    return {"long rows": sum(len(row) >= LONG_ROW for row in rows),
            "frosts played": state.frosts}

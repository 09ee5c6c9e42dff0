"""Lantern Harbour's rules, as the rules page of lanterns.yaml tells them: a cardforge rules file.

cardforge plays it with bots of its own (`cardforge simulate lanterns`). Every component reaches
it from its card list, typed: the ships (`ships.csv`: colour, value, vessel), the voyages
(`voyages.csv`: the goal and its colour, amount and vessels, which the voyage cards print too, and
points), the lantern tokens, the reef tiles, the harbour board and the box, so
`--set components.voyages.cards.great-fleet.points=10` plays a richer voyage and
`--set components.voyages.cards.great-fleet.amount=3` a harder one.

The rules page states every decision taken here: the tide track has 40 spaces (0 to 39) and is a
loop (a marker passing 39 goes on from 0; how far a marker went counts its laps); the reefs lie on
the hexagons at every sixth space (6, 12 ... 36); a fog bank closes a row that has a ship and is
no ship itself; a lantern is turned only while the deck has cards to draw; a player who can do
nothing discards a card. Each player chooses their voyage before the first turn (a decision of
the game). The score is the distance a marker went, a voyage's points included once fulfilled; a
tie is broken by the lanterns still lit, counted as tenths of a point.
"""

from __future__ import annotations

from generator.playtest import State

COLOURS = ("crimson", "teal", "amber", "violet")
HAND = 5
LIT = 4  # lanterns each player starts with, lit side up
TRACK = 40  # spaces of the tide track
REEF_EVERY = 6  # the hexagons of the track: spaces 6, 12, 18...
MOST_TURNED = 3  # cards a lantern lets you change


def setup(state: State) -> None:
    parts = state.components
    check_voyages(parts["voyages"], parts["ships"])
    deck = state.new_zone("deck", visible="hidden", cards=parts["ships"])
    state.shuffle(deck)
    state.deal(deck, state.new_zones("hand"), HAND)
    voyages = state.new_zone("voyages", visible="hidden", cards=parts["voyages"])
    state.shuffle(voyages)
    state.deal(voyages, state.new_zones("offer"), 2)
    state.new_zones("voyage")
    box = state.new_zone("box", visible="hidden", cards=parts["box"])
    state.draw(voyages, box, len(voyages))
    lanterns = state.new_zone("lantern tokens", cards=parts["lanterns"])
    for player in state.players:
        state.draw(lanterns, state.new_zone("lit", player), LIT)
        state.draw(lanterns, state.new_zone("marker", player))
        state.new_zone("dark", player)
        for colour in COLOURS:
            state.new_zone(colour, player)  # the player's row of that colour, public
    state.draw(lanterns, box, len(lanterns))  # the spare lanterns stay in the box
    state.new_zone("board", cards=parts["harbour"])
    state.new_zone("reefs", cards=parts["reefs"])  # on the hexagons of the tide track
    state.new_zone("discard")
    state.reefs = {REEF_EVERY * (i + 1) for i in range(len(parts["reefs"]))}
    state.tide = [0] * len(state.players)  # how far each marker went
    state.choosing = True  # the voyages are kept before the first turn
    state.changing = None  # cards changed so far with the lantern just turned
    state.last_turns = None  # turns left once the deck is empty


def last_value(row) -> int:
    return max((card.value for card in row if card.colour != "fog"), default=0)


def closed(row) -> bool:
    return any(card.colour == "fog" for card in row)


def actions(state: State) -> list:
    me = state.current
    if state.choosing:
        return [("keep", card) for card in state.zone("offer", me)]
    hand = {card.row: card for card in state.zone("hand", me)}  # one of each kind of card
    if state.changing is not None:
        return [("change", card) for card in hand.values()] + [("done",)]
    found = []
    for card in hand.values():
        if card.colour == "fog":
            found += [("fog", card, c) for c in COLOURS if len(state.zone(c, me)) and not closed(state.zone(c, me))]
        else:
            row = state.zone(card.colour, me)
            if not closed(row) and card.value > last_value(row):
                found.append(("ship", card))
    if len(state.zone("lit", me)) and len(state.zone("deck")):
        found.append(("lantern",))
    return found or [("discard", card) for card in hand.values()]


def sail(state: State, player: int, spaces: int) -> None:
    """Move a marker; one that would stop on a reef stops on the space before it."""
    to = state.tide[player] + spaces
    state.tide[player] = to - 1 if to % TRACK in state.reefs else to


def play(state: State, action) -> None:
    me = state.current
    verb = action[0]
    deck, hand = state.zone("deck"), state.zone("hand", me)
    if verb == "keep":
        state.move(action[1], state.zone("voyage", me))
        state.draw(state.zone("offer", me), state.zone("box"))
        state.choosing = me != len(state.players) - 1
        state.end_turn()
        return
    if verb == "ship":
        card = action[1]
        state.move(card, state.zone(card.colour, me))
        sail(state, me, card.value)
    elif verb == "fog":
        state.move(action[1], state.zone(action[2], me))
        state.draw(deck, hand, min(2, len(deck)))
    elif verb == "lantern":  # then change the cards one by one
        state.move(state.zone("lit", me).top, state.zone("dark", me))
        state.changing = 0
        return
    elif verb == "change":
        state.move(action[1], state.zone("discard"))
        state.changing += 1
        if state.changing < MOST_TURNED and len(hand):
            return
    if state.changing is not None:  # the changed cards are drawn again
        state.draw(deck, hand, min(state.changing, len(deck)))
        state.changing = None
    elif verb == "discard":
        state.move(action[1], state.zone("discard"))
    state.draw(deck, hand, max(0, min(HAND - len(hand), len(deck))))
    if state.last_turns is not None:
        state.last_turns -= 1
    elif not deck:
        state.last_turns = len(state.players)  # everyone plays one more turn
    state.end_turn()


def is_over(state: State) -> bool:
    return state.last_turns == 0


def ships(state: State, player: int) -> list:
    return [card for colour in COLOURS for card in state.zone(colour, player) if card.colour != "fog"]


def goal_vessels(voyage) -> list[str]:
    """The kinds of ship a `vessels` goal names (`Dinghy, Skiff, Sloop`), one of each wanted."""
    return [name.strip() for name in (voyage.vessels or "").split(",") if name.strip()]


def check_voyages(voyages, fleet) -> None:
    """Refuse a voyage whose goal lacks a value it needs, or names a vessel no ship card is."""
    known = {card.vessel for card in fleet if card.colour != "fog"}
    for voyage in voyages:
        needs = {"colour": ("colour", "amount"), "row": ("amount",), "galleons": ("amount",),
                 "lit": ("amount",), "vessels": ("vessels",)}.get(voyage.goal, ())
        for column in needs:
            if getattr(voyage, column) in (None, ""):
                raise ValueError(f"voyage '{voyage.id}' ({voyage.goal}) has no {column}")
        unknown = [name for name in goal_vessels(voyage) if name not in known]
        if unknown:
            raise ValueError(f"voyage '{voyage.id}' names {', '.join(unknown)}: no ship card is one "
                             f"(the vessels: {', '.join(sorted(known))})")


def fulfilled(state: State, player: int, voyage) -> bool:
    """Whether the player's harbour meets the voyage's goal, read from its card's values."""
    fleet = ships(state, player)
    colours = [card.colour for card in fleet]
    goal = voyage.goal
    if goal == "colour":
        return colours.count(voyage.colour) >= voyage.amount
    if goal == "every-colour":
        return all(colour in colours for colour in COLOURS)
    if goal == "row":
        return any(colours.count(colour) >= voyage.amount for colour in COLOURS)
    if goal == "vessels":
        return set(goal_vessels(voyage)) <= {card.vessel for card in fleet}
    if goal == "galleons":
        return sum(card.vessel == "Galleon" for card in fleet) >= voyage.amount
    if goal == "lit":
        return len(state.zone("lit", player)) >= voyage.amount
    if goal == "no-fog":
        return not any(closed(state.zone(colour, player)) for colour in COLOURS)
    raise ValueError(f"voyage '{voyage.id}' has the goal '{goal}', which the rules do not know")


def scores(state: State) -> list[float]:
    found = []
    for player in state.players:
        voyage = sum(card.points for card in state.zone("voyage", player) if fulfilled(state, player, card))
        found.append(state.tide[player] + voyage + len(state.zone("lit", player)) / 10)
    return found


def describe(state: State, action) -> str:
    verb = action[0]
    if verb == "keep":
        return f"keep the voyage {action[1].title}"
    if verb == "ship":
        return f"bring in {action[1].id} ({action[1].vessel})"
    if verb == "fog":
        return f"fog bank on the {action[2]} row"
    if verb == "lantern":
        return "turn a lantern"
    if verb == "change":
        return f"change {action[1].id}"
    if verb == "done":
        return "change no more"
    return f"discard {action[1].id}"


def facts(state: State) -> dict:
    return {"voyages fulfilled": sum(fulfilled(state, p, v) for p in state.players for v in state.zone("voyage", p)),
            "lanterns turned": sum(len(state.zone("dark", p)) for p in state.players),
            "laps": sum(tide // TRACK for tide in state.tide)}

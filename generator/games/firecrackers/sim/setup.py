"""Firecrackers setup: the definition compiled into flat card tables, and the deal of a new game.

Everything comes from the FirecrackersDefinition (packs, prices, coins, points, setup by player
count), so a customised deck is simulated exactly as it is printed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..model import BLACK, FirecrackersCard, FirecrackersDefinition, Points, PointsRule


@dataclass(frozen=True, slots=True)
class Kind:
    """A card kind: every physical card with the same pack, number and action (what the shop sells)."""

    index: int
    pack: str
    colour: int
    """Index of the pack in ``CardTable.packs`` (black is a colour like the others)."""
    number: int
    action: str | None
    cost: int
    coins: int
    points: Points
    label: str
    """``red-3-destroy_others`` or ``red-3-plain``: the name statistics use."""


@dataclass(frozen=True, slots=True)
class CardTable:
    """The cards of one table (black + the colours in play), as tuples indexed by card id."""

    cards: tuple[FirecrackersCard, ...]
    kinds: tuple[Kind, ...]
    packs: tuple[str, ...]
    """Pack keys in play; a card's colour is an index into this tuple."""
    kind: tuple[int, ...]
    colour: tuple[int, ...]
    number: tuple[int, ...]
    action: tuple[str | None, ...]
    coins: tuple[int, ...]
    cost: tuple[int, ...]
    black: int
    """Colour index of the black pack (-1 if a customised game has none)."""
    max_number: int
    bombs: frozenset[int]
    """Cards that explode their owner whatever the totals (super_cracker)."""

    @property
    def size(self) -> int:
        """Number of cards on the table."""
        return len(self.cards)

    def label(self, card: int) -> str:
        """The kind label of a card (``red-3-plain``)."""
        return self.kinds[self.kind[card]].label


def compile_table(definition: FirecrackersDefinition, players: int) -> CardTable:
    """Flatten the game's deck for ``players`` into a CardTable (card ids are positions in it)."""
    cards = definition.cards(players)
    packs: list[str] = []
    for card in cards:
        if card.pack not in packs:
            packs.append(card.pack)
    kinds: list[Kind] = []
    kind_index: dict[tuple[str, int, str | None, int], int] = {}
    card_kind: list[int] = []
    for card in cards:
        key = (card.pack, card.number, card.action, card.cost)
        if key not in kind_index:
            action = definition.action_or_none(card.action)
            label = f"{card.pack}-{card.number}-{card.action or 'plain'}"
            if any(k.label == label for k in kinds):  # same card printed at two costs
                label = f"{label}-c{card.cost}"
            kind_index[key] = len(kinds)
            kinds.append(
                Kind(
                    index=len(kinds),
                    pack=card.pack,
                    colour=packs.index(card.pack),
                    number=card.number,
                    action=card.action,
                    cost=card.cost,
                    coins=definition.coins(card.action),
                    points=action.points if action is not None else Points(),
                    label=label,
                )
            )
        card_kind.append(kind_index[key])
    return CardTable(
        cards=cards,
        kinds=tuple(kinds),
        packs=tuple(packs),
        kind=tuple(card_kind),
        colour=tuple(kinds[k].colour for k in card_kind),
        number=tuple(kinds[k].number for k in card_kind),
        action=tuple(kinds[k].action for k in card_kind),
        coins=tuple(kinds[k].coins for k in card_kind),
        cost=tuple(kinds[k].cost for k in card_kind),
        black=packs.index(BLACK) if BLACK in packs else -1,
        max_number=max((k.number for k in kinds), default=0),
        bombs=frozenset(c for c, k in enumerate(card_kind) if kinds[k].action == "super_cracker"),
    )


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt game: each player's shuffled starting deck (top = last) and the cards left for the shop."""

    decks: tuple[tuple[int, ...], ...]
    shop: tuple[int, ...]


def starting_colours(definition: FirecrackersDefinition, players: int) -> tuple[str, ...]:
    """The starting colours: the first ones of the colours in play (colour order of the setup)."""
    rule = definition.setup.starting_deck(players)
    colours = [c for c in definition.setup.colours_for(players) if c != BLACK]
    return tuple(colours[: rule.starting_colours])


def check_setup(definition: FirecrackersDefinition, table: CardTable, players: int) -> None:
    """Raise ValueError if the deck cannot give every player a starting deck under the setup rules."""
    rule = definition.setup.starting_deck(players)
    colours = starting_colours(definition, players)
    if len(colours) < rule.starting_colours:
        raise ValueError(
            f"{players} players need {rule.starting_colours} starting colours, the deck has {len(colours)}"
        )
    for colour in colours:
        plain = sum(1 for c in range(table.size) if table.cards[c].pack == colour and table.action[c] is None)
        total = sum(1 for c in range(table.size) if table.cards[c].pack == colour)
        usable = total if rule.colour_action_cards else plain
        if usable < players * rule.plain_per_colour:
            raise ValueError(
                f"starting colour {colour} has {usable} usable cards for {players} starting decks "
                f"({players * rule.plain_per_colour} needed)"
            )
    black = sum(1 for c in range(table.size) if table.cards[c].pack == BLACK)
    if black < players * rule.black_cards:
        raise ValueError(f"{players} starting decks need {players * rule.black_cards} black cards, the deck has {black}")


def deal(definition: FirecrackersDefinition, table: CardTable, players: int, rng: random.Random) -> Deal:
    """Deal the starting decks with ``rng``: per starting colour ``plain_per_colour`` random plain
    cards (with 7+ players, the rulebook's "forced to use the action cards": action cards of that
    colour once its plain cards run out), plus ``black_cards`` random black cards; the rest is the shop."""
    rule = definition.setup.starting_deck(players)
    decks: list[list[int]] = [[] for _ in range(players)]
    used: set[int] = set()
    for colour in starting_colours(definition, players):
        plain = [c for c in range(table.size) if table.cards[c].pack == colour and table.action[c] is None]
        actions = [c for c in range(table.size) if table.cards[c].pack == colour and table.action[c] is not None]
        rng.shuffle(plain)
        rng.shuffle(actions)
        pool = plain + actions if rule.colour_action_cards else plain
        for seat in range(players):
            for _ in range(rule.plain_per_colour):
                card = pool.pop(0)
                decks[seat].append(card)
                used.add(card)
    black = [c for c in range(table.size) if table.cards[c].pack == BLACK]
    rng.shuffle(black)
    for seat in range(players):
        for _ in range(rule.black_cards):
            card = black.pop()
            decks[seat].append(card)
            used.add(card)
    for deck in decks:
        rng.shuffle(deck)
    shop = tuple(c for c in range(table.size) if c not in used)
    return Deal(tuple(tuple(d) for d in decks), shop)


def points_bound(table: CardTable) -> int:
    """The largest absolute number of points one card can be worth (for the invariants)."""
    black = sum(1 for c in range(table.size) if table.colour[c] == table.black)
    actions = len({a for a in table.action if a is not None})
    bound = 0
    for kind in table.kinds:
        rule = kind.points
        if rule.rule is PointsRule.NUMBER:
            value = kind.number
        elif rule.rule is PointsRule.FIXED:
            value = rule.amount
        elif rule.rule is PointsRule.PER_BLACK_CARD:
            value = rule.amount * black
        elif rule.rule is PointsRule.PER_DISTINCT_ACTION:
            value = rule.amount * actions
        else:
            value = rule.amount * kind.number
        bound = max(bound, abs(value), abs(kind.number))
    return bound


def shop_layout(table: CardTable, open_shop: bool) -> tuple[tuple[int, ...], int]:
    """The shop pile of each card kind, and the number of piles.

    The rulebook's shop: "Add one pile for all cards without an action. Add one pile per color
    (with all remaining cards)": pile 0 holds the plain cards, pile 1 + c the action cards of
    colour ``c`` (black included). An open shop has one pile per kind (any card can be taken)."""
    if open_shop:
        return tuple(range(len(table.kinds))), len(table.kinds)
    layout = tuple(0 if kind.action is None else 1 + kind.colour for kind in table.kinds)
    return layout, 1 + len(table.packs)


def lay_out_shop(table: CardTable, cards: tuple[int, ...], pile_of_kind: tuple[int, ...], piles: int,
                 rng: random.Random | None) -> list[list[int]]:
    """The shop's piles (top = last) of ``cards``; each pile shuffled with ``rng`` (None: left in
    card order, for an open shop, where the order of a pile does not matter)."""
    laid: list[list[int]] = [[] for _ in range(piles)]
    for card in cards:
        laid[pile_of_kind[table.kind[card]]].append(card)
    if rng is not None:
        for pile in laid:
            rng.shuffle(pile)
    return laid

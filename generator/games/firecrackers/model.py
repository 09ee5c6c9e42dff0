"""Firecrackers and its Scoreworks expansion: packs, actions, prices, coins, points and setup."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from generator.model.common import Colour, GameInfo, Symbol
from generator.model.source import UNKNOWN_LOC, SourceLoc

KIND = "firecrackers"
"""The ``game:`` value of Firecrackers definitions."""

SCOREWORKS_KIND = "scoreworks"
"""The kind of the Scoreworks expansion's definitions."""

BLACK = "black"
EFFECT_VALUES = ("coins", "points", "action_cost", "discount")
"""What an action's effect may print from its values: ``{coins}`` (worth when buying),
``{points}`` (its points rule's amount), ``{action_cost}`` (what it adds to its price) and
``{discount}`` (what it takes off)."""
SCOREWORKS_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def fill_values(text: str, values: dict[str, int]) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced by its number."""
    return SCOREWORKS_PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


class PointsRule(str, Enum):
    """How a card scores at the end when it does not simply score its number."""

    NUMBER = "number"  # its number (the default)
    FIXED = "fixed"  # a fixed amount (super_cracker 13, money_trade -2)
    PER_BLACK_CARD = "per_black_card"  # amount x black cards its owner has (double_sight)
    PER_DISTINCT_ACTION = "per_distinct_action"  # amount x distinct actions its owner has (multicolor)
    TIMES_NUMBER = "times_number"  # amount x its number (points_trade)


@dataclass(frozen=True, slots=True)
class Points:
    """A card's end-of-game points rule: ``rule`` with its ``amount`` (unused for NUMBER)."""

    rule: PointsRule = PointsRule.NUMBER
    amount: int = 1


@dataclass(frozen=True, slots=True)
class FirecrackersAction:
    """A card action: its key (the id used everywhere), short label, effect in our words, economics."""

    key: str
    pack: str
    label: str
    effect: str
    action_cost: int | None
    """What the action adds to the price (garbage -1, buddy_explosion +2); None: the price rule's."""
    coins: int
    points: Points
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    label_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    effect_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file writes the label and effect (for messages about that text)."""


@dataclass(frozen=True, slots=True)
class CardEntry:
    """A line of a pack's card list: ``count`` copies of a number, with an action or plain."""

    number: int
    action: str | None
    count: int
    cost: int | None
    """The cost printed on the card if the designer set one; None means 'follow the price rule'."""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class Pack:
    """A pack of cards: black or one colour set with its firework type."""

    key: str
    name: str
    firework: str
    colour: Colour
    symbol: Symbol
    actions: tuple[str, ...]
    """The actions this pack owns (colour packs: action A on a 2 and a 4, B on a 3 and a 5)."""
    entries: tuple[CardEntry, ...]
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    name_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    firework_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file writes the name and firework (for messages about that text)."""

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.entries)


@dataclass(frozen=True, slots=True)
class PriceRule:
    """``cost = clamp(base[number] + action cost, minimum, maximum)``."""

    base: tuple[tuple[int, int], ...]
    action_cost: int
    minimum: int
    maximum: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    def cost(self, number: int, action: FirecrackersAction | None) -> int:
        base = dict(self.base)[number]
        if action is None:
            extra = 0
        else:
            extra = self.action_cost if action.action_cost is None else action.action_cost
        return max(self.minimum, min(self.maximum, base + extra))


@dataclass(frozen=True, slots=True)
class StartingDeckRule:
    """How personal starting decks are made for a range of player counts."""

    min_players: int
    max_players: int
    starting_colours: int
    plain_per_colour: int
    black_cards: int
    colour_action_cards: bool
    """With 7+ players the rulebook forces the action cards of starting colours into play."""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class SetsRule:
    """How many colour sets per player go into the game's deck for a range of player counts."""

    min_players: int
    max_players: int
    sets_per_player: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class FirecrackersSetup:
    """Setup as data: colour order, sets per player and starting decks by player count."""

    colour_order: tuple[str, ...]
    sets: tuple[SetsRule, ...]
    starting_decks: tuple[StartingDeckRule, ...]
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    order_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    sets_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    starting_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file gives ``colour_order``, ``sets_per_player`` and ``starting_decks``."""

    def sets_rule(self, players: int) -> SetsRule | None:
        return next((rule for rule in self.sets if rule.min_players <= players <= rule.max_players), None)

    def sets_per_player(self, players: int) -> int:
        for rule in self.sets:
            if rule.min_players <= players <= rule.max_players:
                return rule.sets_per_player
        raise KeyError(players)

    def starting_deck(self, players: int) -> StartingDeckRule:
        for rule in self.starting_decks:
            if rule.min_players <= players <= rule.max_players:
                return rule
        raise KeyError(players)

    def colours_for(self, players: int) -> tuple[str, ...]:
        """The colour packs in the game's deck: the first (players x sets per player) of the order."""
        return self.colour_order[: players * self.sets_per_player(players)]


@dataclass(frozen=True, slots=True)
class FirecrackersCard:
    """One physical Firecrackers card."""

    id: str
    pack: str
    number: int
    action: str | None
    cost: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class ScoreworksCard:
    """A Scoreworks scoring-rule card."""

    key: str
    name: str
    rule: str
    replaces_default: bool
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    name_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    rule_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file writes the name and rule (for messages about that text)."""

    @property
    def id(self) -> str:
        return f"scoreworks-{self.key}"

    def printed_rule(self, values: dict[str, int]) -> str:
        """The rule as printed: its ``{bonus}``... filled from the card's scoring ``values``."""
        return fill_values(self.rule, values)


@dataclass(frozen=True, slots=True)
class CoreRule:
    """An extra core rule an expansion adds (key and our wording)."""

    key: str
    text: str
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    text_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class ScoreworksDefinition:
    """The Scoreworks expansion: 16 scoring cards and two extra core rules."""

    info: GameInfo
    card_colour: Colour
    scoring_cards: tuple[ScoreworksCard, ...]
    core_rules: tuple[CoreRule, ...]
    cards_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    core_rules_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file gives ``cards`` and ``core_rules`` (for findings about them as a whole)."""

    @property
    def expansion_of(self) -> str:
        """The id of the Firecrackers definition these cards expand."""
        return self.info.expansion_of or ""

    def cards(self) -> tuple[ScoreworksCard, ...]:
        """Every Scoreworks card, in file order."""
        return self.scoring_cards

    def card(self, key: str) -> ScoreworksCard:
        for card in self.scoring_cards:
            if card.key == key:
                return card
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class FirecrackersDefinition:
    """The Firecrackers card set with its economy and setup."""

    info: GameInfo
    packs: tuple[Pack, ...]
    actions: tuple[FirecrackersAction, ...]
    price: PriceRule
    default_coins: int
    setup: FirecrackersSetup
    coins_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file gives ``coins`` (for messages about it)."""

    def declared_counts(self) -> list[tuple[str, int, SourceLoc]]:
        """Copies of every card-list entry of every pack (each must be positive)."""
        return [
            (f"cards '{entry.number}{' ' + entry.action if entry.action else ''}' of pack '{pack.key}'",
             entry.count, entry.loc)
            for pack in self.packs
            for entry in pack.entries
        ]

    def pack(self, key: str) -> Pack:
        for pack in self.packs:
            if pack.key == key:
                return pack
        raise KeyError(key)

    def action(self, key: str) -> FirecrackersAction:
        for action in self.actions:
            if action.key == key:
                return action
        raise KeyError(key)

    def action_or_none(self, key: str | None) -> FirecrackersAction | None:
        return None if key is None else self.action(key)

    def effect_values(self, action: FirecrackersAction) -> dict[str, int]:
        """The values an action's effect may print (``EFFECT_VALUES``)."""
        cost = self.price.action_cost if action.action_cost is None else action.action_cost
        return {"coins": action.coins, "points": action.points.amount, "action_cost": cost, "discount": -cost}

    def effect_text(self, action: FirecrackersAction) -> str:
        """An action's effect as printed: its ``{coins}``, ``{points}``... filled from its values."""
        return fill_values(action.effect, self.effect_values(action))

    def coins(self, action: str | None) -> int:
        """Coins a revealed card is worth when its owner stops."""
        return self.default_coins if action is None else self.action(action).coins

    def cost_of(self, entry: CardEntry) -> int:
        """The printed cost: the designer's if given, else the price rule's."""
        if entry.cost is not None:
            return entry.cost
        return self.price.cost(entry.number, self.action_or_none(entry.action))

    def pack_cards(self, pack: Pack) -> tuple[FirecrackersCard, ...]:
        """The physical cards of one pack, in the order of its card list."""
        cards: list[FirecrackersCard] = []
        seen: dict[str, int] = {}
        for entry in pack.entries:
            stem = f"{pack.key}-{entry.number}-{entry.action or 'plain'}"
            for _ in range(entry.count):
                seen[stem] = seen.get(stem, 0) + 1
                cards.append(
                    FirecrackersCard(
                        f"{stem}-{seen[stem]}",
                        pack.key,
                        entry.number,
                        entry.action,
                        self.cost_of(entry),
                        entry.loc,
                    )
                )
        return tuple(cards)

    def cards(self, players: int | None = None) -> tuple[FirecrackersCard, ...]:
        """The game's deck for ``players`` (black + the colours in play), or every pack when None.
        A deck without a black pack (the rulebook's variant "Remove ... the pile of Black cards")
        has the colours alone."""
        if players is None:
            packs = list(self.packs)
        else:
            black = [BLACK] if any(p.key == BLACK for p in self.packs) else []
            packs = [self.pack(key) for key in (*black, *self.setup.colours_for(players))]
        return tuple(card for pack in packs for card in self.pack_cards(pack))

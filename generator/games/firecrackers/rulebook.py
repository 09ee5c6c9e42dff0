"""The numbers of Firecrackers as printed, each with where it comes from: what ``checks`` compares a
definition's own values with (not only with the definition's own rules), and the Scoreworks cards
and core rules the engine knows.

Sources: [R] the rulebook, ``shared/rules/firecrackers-rules.txt`` (setup, gameplay, variants,
Scoreworks); [N] the reference notes, ``shared/reference/firecrackers.md``, whose card data (prices,
coins, points, which action on which card) the notes took from the designer's own card generator.
Where [N] names a section its heading is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.model import OptionValue

from .model import Points, PointsRule

# --------------------------------------------------------------------------- players and setup

PLAYERS = range(2, 11)
"""2-10 players. [R] Setup: "Include 1 colored set per player", and [N] Packs: ten colours (11
packs: black plus 10 colours), so ten players at most; [R] "Playing with 2 players?" is the least."""

SETS_PER_PLAYER = {2: 2}
"""Colour sets per player in the game's deck where not 1. [R] Setup: "Include 1 colored set per
player"; [R] "Playing with 2 players? Include 2 colored sets per player in the deck.\""""

BIG_TABLE = 7
"""[R] "Playing with 7(+) players? When creating the personal starting decks, ...\""""


@dataclass(frozen=True, slots=True)
class StartingDeck:
    """A personal starting deck as the rulebook makes it for one player count."""

    starting_colours: int
    plain_per_colour: int
    black_cards: int
    colour_action_cards: bool


def starting_deck(players: int) -> StartingDeck:
    """[R] Setup: "Pick the 3 colors with which you want to start. Grab all their cards that have no
    action. ... Include 1 random card per starting color. And 2 random black cards." [R] "Playing
    with 7(+) players? ... Use 4 unique starting colors. And only 1 random black card. You'll also
    be forced to use the action cards of each starting color.\""""
    if players >= BIG_TABLE:
        return StartingDeck(starting_colours=4, plain_per_colour=1, black_cards=1, colour_action_cards=True)
    return StartingDeck(starting_colours=3, plain_per_colour=1, black_cards=2, colour_action_cards=False)


# --------------------------------------------------------------------------- prices

BASE_PRICE = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
"""[N] Price: "cost = clamp(base[number] + action_cost, 1, 5), base = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}"."""
ACTION_SURCHARGE = 1
"""[N] Price: "action_cost = 0 without action, 1 with an action, except ...\""""
ACTION_SURCHARGES = {"garbage": -1, "buddy_explosion": 2, "sudden_burst": 2}
"""[N] Price: "... except garbage -1, buddy_explosion +2, sudden_burst +2"."""
PRICE_MIN, PRICE_MAX = 1, 5
"""[N] Price: "clamp(..., 1, 5)"."""


def surcharge(action: str) -> int:
    """What an action adds to the price of its card ([N] Price)."""
    return ACTION_SURCHARGES.get(action, ACTION_SURCHARGE)


# --------------------------------------------------------------------------- coins and points

COINS = 1
"""[R] Stop: "Each card you revealed this round is worth 1 coin (unless stated otherwise)"."""
ACTION_COINS = {"treasure": 2, "garbage": 0, "points_trade": -1, "money_trade": 3}
"""[N] Coins: "1 by default; treasure 2; garbage 0; points_trade -1; money_trade 3"."""


def coins(action: str) -> int:
    """Coins a revealed card with ``action`` is worth ([R] Stop, [N] Coins)."""
    return ACTION_COINS.get(action, COINS)


ACTION_POINTS = {
    "super_cracker": Points(PointsRule.FIXED, 13),
    "double_sight": Points(PointsRule.PER_BLACK_CARD, 2),
    "multicolor": Points(PointsRule.PER_DISTINCT_ACTION, 1),
    "points_trade": Points(PointsRule.TIMES_NUMBER, 2),
    "money_trade": Points(PointsRule.FIXED, -2),
}
"""[R] Objective: "Players count their score by summing the numbers of all the cards" (a card scores
its number) and "Some cards have a special rule about their value. This replaces their number"
(firecrackers-rules.source.md); [N] Points: "super_cracker 13; double_sight 2 x (black cards you
own); multicolor = number of distinct actions among your cards; points_trade 2 x its number;
money_trade -2"."""


def points(action: str) -> Points:
    """How a card with ``action`` scores ([R] Objective, [N] Points)."""
    return ACTION_POINTS.get(action, Points())


def same_points(a: Points, b: Points) -> bool:
    """Whether two points rules score alike (the amount of ``number`` is unused)."""
    return a.rule is b.rule and (a.rule is PointsRule.NUMBER or a.amount == b.amount)


def describe_points(value: Points) -> str:
    """``13 points``, ``2 per black card``...: a points rule in words."""
    words = {
        PointsRule.NUMBER: "its number",
        PointsRule.FIXED: f"{value.amount} points",
        PointsRule.PER_BLACK_CARD: f"{value.amount} per black card owned",
        PointsRule.PER_DISTINCT_ACTION: f"{value.amount} per distinct action owned",
        PointsRule.TIMES_NUMBER: f"{value.amount} x its number",
    }
    return words[value.rule]


# --------------------------------------------------------------------------- packs and actions

COLOUR_ACTIONS = {
    "red": ("destroy_discard", "destroy_others"),
    "orange": ("force_reveal", "force_skip"),
    "yellow": ("treasure", "garbage"),
    "green": ("stick_it_out", "sudden_burst"),
    "turquoise": ("stayin_alive", "buddy_explosion"),
    "blue": ("old_fireworks", "try_again"),
    "purple": ("easy_ignite", "cold_weather"),
    "pink": ("safety_goggles", "no_hesitation"),
    "white": ("colorshift", "numbershift"),
    "brown": ("super_cracker", "blind_eye"),
}
"""[N] Packs: each colour's two actions (action A on one 2 and one 4, action B on one 3 and one 5)."""

BLACK_ACTIONS = (
    "double_sight", "multicolor", "wildcard_up", "wildcard_down", "cleanup", "strong_force",
    "strong_destroy", "risky_rocket", "pity_purchase", "own_fault", "reckless_neighbor",
    "boom_burglar", "safety_suit", "style_points", "points_trade", "money_trade",
)
"""[N] Black actions, in dealing order 1-16."""

BLACK_CARDS = {2: 10, 4: 10}
"""[N] Black set: "Ten 2s and ten 4s, every one with an action"."""

BLACK_ACTION_COUNTS = {action: (2 if i < 4 else 1) for i, action in enumerate(BLACK_ACTIONS)}
"""[N] Black set: "actions 1-4 appear twice (once on a 2, once on a 4) and actions 5-16 once"."""

BLACK_VARIANT = "Remove or reduce the pile of Black cards"
"""[R] Variants: "Want a simpler and less luck-based game? Remove or reduce the pile of Black cards."
A deck with no black pack, or with fewer black cards than the full set (each one a card of the
full set), is that variant."""

KNOWN_ACTIONS = frozenset(a for pair in COLOUR_ACTIONS.values() for a in pair) | frozenset(BLACK_ACTIONS)
"""Every action of the printed game (the engine plays each of them)."""

# --------------------------------------------------------------------------- rule options

OPTIONS: dict[str, OptionValue] = {
    "explosion_threshold": 10,
    "short_game": False,
    "shop": "piles",
    "stayin_alive": "reveal_again",
    "wildcards": "every_colour",
    "blind_eye": "any_card",
    "reckless_neighbor": "previous_turn",
    "scoreworks_core_rules": True,
}
"""The rule options as the rulebook and the cards read: [R] Reveal: "If this total is 10 or higher,
you explode!"; [R] "Want a shorter game? ..." is a variant; [R] Setup: "Add one pile for all cards
without an action ... Add one pile per color" (a buyer takes a pile's top card); the cards' texts
word for word ([N] Colour actions, Black actions: stayin_alive "must reveal another card at once",
wildcard_up/down "your total of every colour", blind_eye "any revealed card", reckless_neighbor
"the previous player's last reveal"); [R] Scoreworks: "It also adds two extra rules to the core
gameplay". Options where the rulebook is silent (``neighbour``, ``max_rounds``) are not listed."""

# --------------------------------------------------------------------------- Scoreworks

SCOREWORKS_REPLACES = {
    "default": False, "shifted": True, "bonus_color": False, "bonus_number": False,
    "only_action": True, "only_non_action": True, "penalty_color": False, "penalty_number": False,
    "pyromaniacs": True, "regret_rocket": True, "sharing_is_caring": True, "forbidden_numbers": True,
    "anti_shopper": False, "raincheck": False, "underdog": False, "black_magic": False,
}
"""The 16 Scoreworks cards and whether each replaces the default scoring. [R] Scoreworks: "Usually,
this rule is added on top of the default rule (that each card simply scores its number at the end).
Some, however, replace that rule instead."; [N] Scoreworks: the table's "replaces default?" column."""

CORE_RULE_DESTROY = "last_alive_destroy"
"""[R] Scoreworks: "The last player alive, after stopping or exploding, may destroy 1 revealed or
discarded card (of theirs)." (The key is this project's, in card_defs/scoreworks.yaml.)"""
CORE_RULE_MUST_BUY = "must_buy"
"""[R] Scoreworks: "If you can purchase something, you must.\""""
CORE_RULES = (CORE_RULE_DESTROY, CORE_RULE_MUST_BUY)
"""[R] Scoreworks: "It also adds two extra rules to the core gameplay." The engine plays exactly these."""

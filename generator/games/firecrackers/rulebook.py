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

CORE_RULE_WORDS = {
    CORE_RULE_DESTROY: "The last player alive, after stopping or exploding, may destroy 1 revealed or discarded "
                       "card (of theirs).",
    CORE_RULE_MUST_BUY: "If you can purchase something, you must.",
}
"""[R] Scoreworks, the two core rules word for word: what a definition's wording of them is
compared with (its numbers, and whether it says may or must)."""

SCOREWORKS_VALUES: dict[str, dict[str, int]] = {
    "shifted": {"shift": 3},
    "bonus_color": {"bonus": 5},
    "bonus_number": {"bonus": 5},
    "penalty_color": {"penalty": -5},
    "penalty_number": {"penalty": -5},
    "pyromaniacs": {"threshold": 10},
    "regret_rocket": {"threshold": 10, "score": 2},
    "sharing_is_caring": {"owners": 2},
    "anti_shopper": {"most": -5, "fewest": 5},
    "black_magic": {"most": 5, "fewest": -5},
}
"""The numbers each Scoreworks card scores with, as the engine plays them
(``sim/scoreworks.py``) and its text prints them (``{bonus}`` in its rule): [N] Scoreworks, the
table's scoring rules ("+5 for each colour in which you own the most cards", "its number minus
3", "total 10 or more", "scores only 2 in total", "0 if at most 2 players own it", "-5 for owning
the most cards, +5 for the fewest", "+5 for the most black cards, -5 for the fewest")."""

SCOREWORKS_WORDS = {
    "default": "Sum of card points.",
    "shifted": "Every card scores its number minus {shift} (1 scores -2 ... 5 scores +2).",
    "bonus_color": "+{bonus} for each colour in which you own the most cards (ties all get it).",
    "bonus_number": "+{bonus} for each number of which you own the most cards (ties all get it).",
    "only_action": "Action cards score their number; plain cards score 1.",
    "only_non_action": "Action cards score 0; plain cards score their number.",
    "penalty_color": "{penalty} for each colour in which you own the most cards (ties all get it).",
    "penalty_number": "{penalty} for each number of which you own the most cards (ties all get it).",
    "pyromaniacs": "Only colours whose cards total {threshold} or more score.",
    "regret_rocket": "A colour whose cards total {threshold} or more scores only {score} in total.",
    "sharing_is_caring": "A colour scores double if every player owns it, and 0 if at most {owners} players own it.",
    "forbidden_numbers": "Cards of your most frequent number(s) score negative.",
    "anti_shopper": "{most} for owning the most cards, +{fewest} for the fewest (ties all get it).",
    "raincheck": "The last player alive each round may set aside one revealed card: out of the deck, still scores.",
    "underdog": "After scoring, the last-placed player picks a colour that scores only for them; then rescore.",
    "black_magic": "+{most} for the most black cards, {fewest} for the fewest (ties all get it).",
}
"""[N] Scoreworks, each card's scoring rule in the notes' words, its numbers written as the
placeholders of ``SCOREWORKS_VALUES``: what a definition's wording is compared with."""

EFFECT_WORDS = {
    "destroy_discard": "You may destroy one card from your discard pile or your deck (then shuffle your deck).",
    "destroy_others": "You may destroy any one revealed card of any player.",
    "force_reveal": "The next player must reveal on their next turn.",
    "force_skip": "You or your next neighbour skips the next turn.",
    "treasure": "Worth {coins} coins when buying.",
    "garbage": "Worth {coins} coins when buying (and costs {discount} less).",
    "stick_it_out": "If you end up the last player alive this round, take any one shop card for free.",
    "sudden_burst": "If you are the first to stop this round, first reveal 2 more cards; they cannot make you explode.",
    "stayin_alive": "The first time you would explode this round, you stay in but must reveal another card at once.",
    "buddy_explosion": "If you explode this round, each neighbour still in the round explodes too.",
    "old_fireworks": "Move 2 cards from your discard pile into your deck and shuffle it.",
    "try_again": "Move 2 of your revealed cards back into your deck and shuffle it.",
    "easy_ignite": "Choose a colour: its explosion threshold is 4 lower for everyone for the rest of the round.",
    "cold_weather": "Choose a colour: its explosion threshold is 4 higher for everyone for the rest of the round.",
    "safety_goggles": "Once this round, look at your next card before you choose to reveal or stop.",
    "no_hesitation": "You may reveal up to 3 cards this turn.",
    "colorshift": "Tuck it under another of your revealed cards: it takes that card's colour.",
    "numbershift": "Tuck it under another of your revealed cards: it takes that card's number.",
    "super_cracker": "You explode at once (nothing prevents it). Worth {points} points at the end.",
    "blind_eye": "Turn any revealed card face down: it no longer counts toward explosion totals this round.",
    "double_sight": "Worth {points} points per black card you own.",
    "multicolor": "Worth {points} point per distinct action among your cards.",
    "wildcard_up": "While it lies revealed, your total of every colour counts 4 higher.",
    "wildcard_down": "While it lies revealed, your total of every colour counts 4 lower.",
    "cleanup": "Move all revealed cards of one player (any) to that player's discard pile.",
    "strong_force": "Choose a player: on their next turn they must reveal, or must stop (your choice).",
    "strong_destroy": "You may destroy any one of your cards (deck, discard or revealed); shuffle your deck.",
    "risky_rocket": "While it lies revealed (the rest of the round), anyone who reveals must flip 2 cards at once.",
    "pity_purchase": "If you explode this round, discard your revealed cards and then buy one card for up to 2 coins.",
    "own_fault": "While it lies revealed, anyone who reveals a colour they already revealed this round explodes at once.",
    "reckless_neighbor": "While it lies revealed, anyone who reveals the same number as the previous player's last "
                         "reveal explodes at once.",
    "boom_burglar": "Take one revealed card of another player onto your discard pile.",
    "safety_suit": "You cannot explode during your next 2 turns; this round you may spend only half your coins "
                   "(round down).",
    "style_points": "When you stop: if each of your revealed cards shares a colour or number with another of them, "
                    "your coins double.",
    "points_trade": "Worth {coins} coin when buying; scores {points} times its number.",
    "money_trade": "Worth {coins} coins when buying; scores {points} points.",
}
"""[N] Colour actions and Black actions, each effect in the notes' words, the card's own values
written as placeholders (``{coins}``, ``{points}``, ``{discount}``: what the card is worth when
buying, what it scores, what it takes off its price): what a definition's effect is compared with
(its numbers, and whether it says may or must)."""

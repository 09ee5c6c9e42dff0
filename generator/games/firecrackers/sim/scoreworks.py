"""The 16 Scoreworks scoring rules, by card key.

Each rule computes its own points per seat; the card's ``replaces_default`` flag (data of the
expansion) decides whether they replace the default sum of card points or are added to it.
Decisions where the cards are silent:

- "Colour" includes black (black is a colour like the others); "number" means the printed number.
- Majority rules (bonus_*, penalty_*, anti_shopper, black_magic): ties all get it; nobody gets a
  colour or number majority bonus/penalty for a colour or number nobody owns.
- only_action: the card says "action cards score their number; plain cards score 1": an action
  card scores its printed number (a super_cracker 2 or 4, not 13; a money_trade 4, not -2).
- pyromaniacs / regret_rocket: a colour's total is the sum of its printed numbers.
- sharing_is_caring with 2 players: "every player owns it" is checked first (double).
- forbidden_numbers: the cards of the most frequent number(s) score minus their default points.
- underdog: the last-placed seat (the lowest seat on a tie) picks a colour; that colour then scores
  nothing for anyone else, and every seat is scored again. In a game the pick is that seat's bot's
  decision (``underdog``); scored without a pick, the colour giving it the largest lead over the best
  opponent is taken (the first such colour in pack order), as a player maximising its lead would.
- raincheck: cards set aside stay owned, so they score; the rule itself adds no points.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..rulebook import SCOREWORKS_VALUES
from .points import ScoreSheet, card_values
from .setup import CardTable

V = SCOREWORKS_VALUES
"""Each card's numbers (+5, minus 3, 10 or more...): the ones its printed rule shows, kept once."""

Owned = Sequence[Sequence[int]]
Rule = Callable[[CardTable, Owned], list[int]]


def _majority(counts: list[list[int]], amount: int) -> list[int]:
    """``amount`` per category (column) in which a seat holds the most (ties all get it, never for 0)."""
    seats = len(counts)
    result = [0] * seats
    for column in range(len(counts[0]) if counts else 0):
        top = max(counts[s][column] for s in range(seats))
        if top <= 0:
            continue
        for s in range(seats):
            if counts[s][column] == top:
                result[s] += amount
    return result


def _colour_counts(table: CardTable, owned: Owned) -> list[list[int]]:
    counts = [[0] * len(table.packs) for _ in owned]
    for s, cards in enumerate(owned):
        for c in cards:
            counts[s][table.colour[c]] += 1
    return counts


def _number_counts(table: CardTable, owned: Owned) -> list[list[int]]:
    numbers = sorted({k.number for k in table.kinds})
    index = {n: i for i, n in enumerate(numbers)}
    counts = [[0] * len(numbers) for _ in owned]
    for s, cards in enumerate(owned):
        for c in cards:
            counts[s][index[table.number[c]]] += 1
    return counts


def _most_fewest(values: list[int], most: int, fewest: int) -> list[int]:
    top, bottom = max(values), min(values)
    return [(most if v == top else 0) + (fewest if v == bottom else 0) for v in values]


def _per_colour(table: CardTable, cards: Sequence[int]) -> tuple[list[int], list[int]]:
    """(sum of printed numbers, sum of default points) per colour of one collection."""
    totals = [0] * len(table.packs)
    points = [0] * len(table.packs)
    for card, value in zip(cards, card_values(table, cards)):
        totals[table.colour[card]] += table.number[card]
        points[table.colour[card]] += value
    return totals, points


def _nothing(table: CardTable, owned: Owned) -> list[int]:
    return [0] * len(owned)


def _shifted(table: CardTable, owned: Owned) -> list[int]:
    return [sum(table.number[c] - V["shifted"]["shift"] for c in cards) for cards in owned]


def _only_action(table: CardTable, owned: Owned) -> list[int]:
    return [sum(table.number[c] if table.action[c] is not None else 1 for c in cards) for cards in owned]


def _only_non_action(table: CardTable, owned: Owned) -> list[int]:
    return [sum(table.number[c] for c in cards if table.action[c] is None) for cards in owned]


def _pyromaniacs(table: CardTable, owned: Owned) -> list[int]:
    result = []
    for cards in owned:
        totals, points = _per_colour(table, cards)
        result.append(sum(p for t, p in zip(totals, points) if t >= V["pyromaniacs"]["threshold"]))
    return result


def _regret_rocket(table: CardTable, owned: Owned) -> list[int]:
    result = []
    for cards in owned:
        totals, points = _per_colour(table, cards)
        regret = V["regret_rocket"]
        result.append(sum(regret["score"] if t >= regret["threshold"] else p for t, p in zip(totals, points)))
    return result


def _sharing_is_caring(table: CardTable, owned: Owned) -> list[int]:
    counts = _colour_counts(table, owned)
    seats = len(owned)
    owners = [sum(1 for s in range(seats) if counts[s][col] > 0) for col in range(len(table.packs))]
    factor = [2 if o == seats else (0 if o <= V["sharing_is_caring"]["owners"] else 1) for o in owners]
    return [sum(p * factor[col] for col, p in enumerate(_per_colour(table, cards)[1])) for cards in owned]


def _forbidden_numbers(table: CardTable, owned: Owned) -> list[int]:
    result = []
    for cards in owned:
        freq: dict[int, int] = {}
        for c in cards:
            freq[table.number[c]] = freq.get(table.number[c], 0) + 1
        top = max(freq.values()) if freq else 0
        result.append(
            sum(-v if freq[table.number[c]] == top else v for c, v in zip(cards, card_values(table, cards)))
        )
    return result


def _black_counts(table: CardTable, owned: Owned) -> list[int]:
    return [sum(1 for c in cards if table.colour[c] == table.black) for cards in owned]


RULES: dict[str, Rule] = {
    "default": _nothing,
    "shifted": _shifted,
    "bonus_color": lambda t, o: _majority(_colour_counts(t, o), V["bonus_color"]["bonus"]),
    "bonus_number": lambda t, o: _majority(_number_counts(t, o), V["bonus_number"]["bonus"]),
    "only_action": _only_action,
    "only_non_action": _only_non_action,
    "penalty_color": lambda t, o: _majority(_colour_counts(t, o), V["penalty_color"]["penalty"]),
    "penalty_number": lambda t, o: _majority(_number_counts(t, o), V["penalty_number"]["penalty"]),
    "pyromaniacs": _pyromaniacs,
    "regret_rocket": _regret_rocket,
    "sharing_is_caring": _sharing_is_caring,
    "forbidden_numbers": _forbidden_numbers,
    "anti_shopper": lambda t, o: _most_fewest([len(c) for c in o], V["anti_shopper"]["most"],
                                              V["anti_shopper"]["fewest"]),
    "raincheck": _nothing,
    "underdog": _nothing,
    "black_magic": lambda t, o: _most_fewest(_black_counts(t, o), V["black_magic"]["most"], V["black_magic"]["fewest"]),
}
"""Scoreworks card key -> the rule's own points per seat."""

SIMULATED_KEYS = frozenset(RULES)


def _combine(table: CardTable, owned: Owned, key: str, replaces: bool) -> list[int]:
    own = RULES[key](table, owned)
    if replaces:
        return own
    base = [sum(card_values(table, cards)) for cards in owned]
    return [b + o for b, o in zip(base, own)]


def underdog_seat(table: CardTable, owned: Owned, replaces: bool) -> int:
    """The seat that picks underdog's colour: the last placed before the pick (the lowest seat on a tie)."""
    scores = _combine(table, owned, "underdog", replaces)
    return scores.index(min(scores))


def underdog_rescore(table: CardTable, owned: Owned, replaces: bool, seat: int, colour: str) -> list[int]:
    """Every seat's score once ``seat`` has picked ``colour`` (a pack key): it scores only for them."""
    index = table.packs.index(colour)
    reduced = [list(cards) if s == seat else [c for c in cards if table.colour[c] != index]
               for s, cards in enumerate(owned)]
    return _combine(table, reduced, "underdog", replaces)


def underdog_leads(table: CardTable, owned: Owned, replaces: bool, seat: int) -> dict[str, int]:
    """Colour -> ``seat``'s lead over the best opponent after picking it (negative: still behind)."""
    leads: dict[str, int] = {}
    for colour in table.packs:
        scores = underdog_rescore(table, owned, replaces, seat, colour)
        leads[colour] = scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
    return leads


def apply_scoreworks(
    table: CardTable, owned: Owned, key: str, replaces: bool, default: Sequence[int],
    underdog_colour: str | None = None,
) -> ScoreSheet:
    """Score with Scoreworks card ``key``; for underdog, ``underdog_colour`` is the last-placed seat's
    pick (None: the pick that maximises its lead, see the module docstring)."""
    if key not in RULES:
        raise ValueError(f"no simulated scoring rule for Scoreworks card '{key}'")
    if key != "underdog" or len(owned) < 2:
        return ScoreSheet(tuple(_combine(table, owned, key, replaces)), tuple(default), key)
    seat = underdog_seat(table, owned, replaces)
    if underdog_colour is None:
        leads = underdog_leads(table, owned, replaces, seat)
        underdog_colour = max(leads, key=lambda colour: (leads[colour], -table.packs.index(colour)))
    scores = underdog_rescore(table, owned, replaces, seat, underdog_colour)
    return ScoreSheet(tuple(scores), tuple(default), key, seat, underdog_colour)

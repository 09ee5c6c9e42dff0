"""Firecrackers rules: the shape of every colour set and of the black set, prices that follow the
price rule, actions that belong to their pack, and a setup that works for every player count."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition
from generator.validate.findings import Severity
from generator.validate.registry import Reporter, RulePack

from .model import BLACK, FirecrackersDefinition, Pack

CHECKS = RulePack()
"""The rules this game's definitions are checked against (its GameDescription's ``checks``)."""

COLOUR_SET_NUMBERS = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}
ACTION_A_NUMBERS = (2, 4)
ACTION_B_NUMBERS = (3, 5)
BLACK_NUMBERS = {2: 10, 4: 10}
PLAYER_RANGE = range(2, 11)


def _numbers(pack: Pack) -> Counter[int]:
    counts: Counter[int] = Counter()
    for entry in pack.entries:
        counts[entry.number] += entry.count
    return counts


def _shape(counts: dict[int, int]) -> str:
    return ", ".join(f"{count} x {number}" for number, count in sorted(counts.items()))


@CHECKS.rule(
    "firecrackers.colour-set",
    codes=("set-numbers", "pack-actions", "foreign-action", "action-on-number", "action-count"),
    rationale="""
    Every colour set has the same ten cards, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, with its action A on
    one 2 and one 4 and its action B on one 3 and one 5: the explosion odds and the shop's
    balance are computed on that shape.
    """,
)
def colour_set(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    for pack in game.packs:
        if pack.key == BLACK:
            continue
        numbers = _numbers(pack)
        if dict(numbers) != COLOUR_SET_NUMBERS:
            report("set-numbers", pack.loc,
                   f"pack '{pack.key}' has {_shape(numbers)} ({pack.size} cards); a colour set is "
                   f"{_shape(COLOUR_SET_NUMBERS)} (10 cards)")
        if len(pack.actions) != 2:
            report("pack-actions", pack.loc, f"pack '{pack.key}' lists {len(pack.actions)} actions; a colour set has 2")
            continue
        places = {pack.actions[0]: ACTION_A_NUMBERS, pack.actions[1]: ACTION_B_NUMBERS}
        used: Counter[str] = Counter()
        actions_on: Counter[int] = Counter()
        for entry in pack.entries:
            if entry.action is None:
                continue
            used[entry.action] += entry.count
            actions_on[entry.number] += entry.count
            if entry.action not in places:
                report("foreign-action", entry.loc,
                       f"action '{entry.action}' is not one of pack '{pack.key}' ({', '.join(pack.actions)})")
            elif entry.number not in places[entry.action]:
                want = " and ".join(str(n) for n in places[entry.action])
                report("action-on-number", entry.loc,
                       f"action '{entry.action}' on a {entry.number}; in pack '{pack.key}' it goes on one {want}")
        for number in (*ACTION_A_NUMBERS, *ACTION_B_NUMBERS):
            if actions_on[number] > 1:
                entry = _last_action_entry(pack, number)
                report("action-count", entry.loc if entry else pack.loc,
                       f"pack '{pack.key}' has {actions_on[number]} action cards among its {number}s; exactly one of them carries an action")
            elif actions_on[number] == 0:
                report("action-count", pack.loc, f"pack '{pack.key}' has no action card among its {number}s; one of them carries an action")
        if actions_on[1]:
            entry = _last_action_entry(pack, 1)
            report("action-on-number", entry.loc if entry else pack.loc, f"pack '{pack.key}' has an action on a 1; the 1s are plain")
        for action in pack.actions:
            if used[action] != 2 and action in places:
                report("action-count", pack.loc,
                       f"action '{action}' is on {used[action]} cards of pack '{pack.key}'; each colour action is on exactly 2")


def _last_action_entry(pack: Pack, number: int):  # type: ignore[no-untyped-def]
    entries = [e for e in pack.entries if e.number == number and e.action is not None]
    return entries[-1] if entries else None


@CHECKS.rule(
    "firecrackers.black-set",
    codes=("missing-black", "black-numbers", "black-plain", "black-action-unused", "black-foreign-action"),
    rationale="""
    The black set is ten 2s and ten 4s, every one with one of the black actions (each black action
    on at least one card): black cards go into every starting deck and every game.
    """,
)
def black_set(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    packs = {p.key: p for p in game.packs}
    if BLACK not in packs:
        report("missing-black", game.info.loc, "there is no black pack; every game uses it")
        return
    pack = packs[BLACK]
    numbers = _numbers(pack)
    if dict(numbers) != BLACK_NUMBERS:
        report("black-numbers", pack.loc, f"the black pack has {_shape(numbers)}; it is {_shape(BLACK_NUMBERS)}")
    used = set()
    for entry in pack.entries:
        if entry.action is None:
            report("black-plain", entry.loc, f"{entry.count} plain black {entry.number}s; every black card carries an action")
            continue
        used.add(entry.action)
        if entry.action not in pack.actions:
            report("black-foreign-action", entry.loc, f"action '{entry.action}' is not a black action")
    for action in pack.actions:
        if action not in used:
            report("black-action-unused", pack.loc, f"black action '{action}' is on no card")


@CHECKS.rule(
    "firecrackers.actions",
    codes=("action-pack-mismatch", "action-unlisted"),
    severity=Severity.ERROR,
    rationale="""
    Each action belongs to exactly one pack: the pack that lists it is the one whose cards carry
    it, and the action's own `pack` field must agree, or printed faces and statistics disagree.
    """,
)
def actions(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    owner = {key: pack.key for pack in game.packs for key in pack.actions}
    for action in game.actions:
        if action.key not in owner:
            report("action-unlisted", action.loc,
                   f"action '{action.key}' is listed by no pack, so no card can carry it", Severity.WARNING)
        elif owner[action.key] != action.pack:
            report("action-pack-mismatch", action.loc,
                   f"action '{action.key}' says pack '{action.pack}' but pack '{owner[action.key]}' lists it")


@CHECKS.rule(
    "firecrackers.prices",
    codes=("no-base-price", "price-range", "cost-mismatch"),
    rationale="""
    Prices follow one rule, cost = base price of the number + the action's extra, kept between the
    minimum and the maximum; a printed cost that breaks it makes the shop unfair.
    """,
)
def prices(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    base = dict(game.price.base)
    if game.price.minimum > game.price.maximum:
        report("price-range", game.price.loc, f"the minimum price {game.price.minimum} is above the maximum {game.price.maximum}")
        return
    for pack in game.packs:
        for entry in pack.entries:
            if entry.number not in base:
                report("no-base-price", entry.loc, f"no base price for the number {entry.number} (price.base)")
                continue
            rule_cost = game.price.cost(entry.number, game.action_or_none(entry.action))
            if entry.cost is not None and entry.cost != rule_cost:
                report("cost-mismatch", entry.loc,
                       f"cost {entry.cost} for a {pack.key} {entry.number}{' with ' + entry.action if entry.action else ''}; "
                       f"the price rule gives {rule_cost}")


@CHECKS.rule(
    "firecrackers.setup",
    codes=("players", "no-sets-rule", "too-few-colours", "unknown-colour", "colour-twice",
           "no-starting-deck", "starting-colours", "starting-cards"),
    rationale="""
    The game is played by 2 to 10 players: for every count the setup must say how many colour
    sets go in, have that many colours, and make every player's starting deck from cards that exist.
    """,
)
def setup(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    rules = game.setup
    packs = {p.key: p for p in game.packs}
    missing_players = [p for p in PLAYER_RANGE if p not in game.info.players]
    if missing_players:
        report("players", game.info.loc, f"the game must allow 2-10 players; missing {', '.join(map(str, missing_players))}")
    counts = Counter(rules.colour_order)
    for colour in dict.fromkeys(rules.colour_order):
        if colour not in packs or colour == BLACK:
            report("unknown-colour", rules.loc, f"colour_order names '{colour}', which is not a colour pack")
        if counts[colour] > 1:
            report("colour-twice", rules.loc, f"colour_order names '{colour}' {counts[colour]} times")
    for players in PLAYER_RANGE:
        try:
            sets = rules.sets_per_player(players)
        except KeyError:
            report("no-sets-rule", rules.loc, f"sets_per_player says nothing for {players} players")
            continue
        needed = players * sets
        if needed > len(rules.colour_order):
            report("too-few-colours", rules.loc,
                   f"{players} players need {needed} colour sets but colour_order has {len(rules.colour_order)}")
            continue
        try:
            start = rules.starting_deck(players)
        except KeyError:
            report("no-starting-deck", rules.loc, f"starting_decks says nothing for {players} players")
            continue
        if start.starting_colours > needed:
            report("starting-colours", start.loc,
                   f"{start.starting_colours} starting colours with {players} players, but only {needed} colours are in play")
            continue
        _check_starting_cards(report, game, players, start, packs)


def _check_starting_cards(report: Reporter, game: FirecrackersDefinition, players: int, start, packs) -> None:  # type: ignore[no-untyped-def]
    for colour in game.setup.colour_order[: start.starting_colours]:
        pack = packs.get(colour)
        if pack is None:
            continue
        available = sum(e.count for e in pack.entries if start.colour_action_cards or e.action is None)
        wanted = players * start.plain_per_colour
        if wanted > available:
            kind = "cards" if start.colour_action_cards else "plain cards"
            report("starting-cards", start.loc,
                   f"{players} starting decks need {wanted} {colour} {kind}; the pack has {available}")
    black = packs.get(BLACK)
    if black is not None and players * start.black_cards > black.size:
        report("starting-cards", start.loc,
               f"{players} starting decks need {players * start.black_cards} black cards; the black pack has {black.size}")

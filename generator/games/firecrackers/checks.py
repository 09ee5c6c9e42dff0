"""Firecrackers rules: the shape of every colour set and of the black set, prices that follow the
price rule, actions that belong to their pack, and a setup that works for every player count; and
every value the printed game fixes (prices, coins, points, actions, black cards, starting decks,
player counts) compared with ``rulebook``, the rulebook's and the reference notes' numbers. The
rulebook's own variant with fewer black cards is a note."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition
from generator.validate.colours import ACCEPTS, agrees, reads_as
from generator.validate.findings import Severity
from generator.validate.registry import Reporter, RulePack
from generator.validate.rulebook import option_defaults
from generator.validate.rulespage import Stated, Values, check_rules_page
from generator.validate.wording import Disagreement, compare, fill

from . import rulebook
from .model import BLACK, FirecrackersAction, FirecrackersDefinition, Pack, StartingDeckRule

CHECKS = RulePack()
"""The rules this game's definitions are checked against (its GameDescription's ``checks``)."""

COLOUR_SET_NUMBERS = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}
"""[N] Colour set: "Numbers 1, 1, 2, 2, 3, 3, 4, 4, 5, 5" (``rulebook`` names the sources)."""
ACTION_A_NUMBERS = (2, 4)
ACTION_B_NUMBERS = (3, 5)
"""[N] Colour set: "action A on a 2 and a 4, action B on a 3 and a 5"."""
BLACK_NUMBERS = rulebook.BLACK_CARDS
PLAYER_RANGE = rulebook.PLAYERS


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


@CHECKS.rule(
    "firecrackers.pack-colour",
    severity=Severity.WARNING,
    codes=("pack-colour",),
    rationale="""
    A pack named after a colour is printed in that colour: players sort their revealed cards and
    count an explosion by colour, so a red pack printed blue is read as the blue one at the table.
    """,
)
def pack_colour(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    for pack in game.packs:
        named = next((n for n in (pack.key.lower(), pack.name.lower()) if n in ACCEPTS), None)
        if named is not None and not agrees(named, pack.colour):
            report("pack-colour", pack.loc, f"pack '{pack.key}' is printed {pack.colour.hex}, which reads as "
                                            f"{reads_as(pack.colour)}, not {named}")


def _last_action_entry(pack: Pack, number: int):  # type: ignore[no-untyped-def]
    entries = [e for e in pack.entries if e.number == number and e.action is not None]
    return entries[-1] if entries else None


@CHECKS.rule(
    "firecrackers.black-set",
    codes=("missing-black", "black-numbers", "black-plain", "black-action-unused", "black-foreign-action",
           "black-action-count", "black-variant"),
    rationale="""
    The black set is ten 2s and ten 4s, every one with one of the black actions (each black action
    on at least one card; actions 1-4 of the reference's list twice, the others once): black cards
    go into every starting deck and every game. The rulebook's own variant, "Remove or reduce the
    pile of Black cards", is allowed: a deck without the black pack, or with only some of its cards,
    is reported as a note.
    """,
)
def black_set(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    packs = {p.key: p for p in game.packs}
    if BLACK not in packs:
        report("black-variant", game.info.loc,
               f"no black pack: the rulebook's variant \"{rulebook.BLACK_VARIANT}\" (a simpler game)", Severity.NOTE)
        return
    pack = packs[BLACK]
    if _reduced_black(pack):
        report("black-variant", pack.loc,
               f"{pack.size} of the {sum(BLACK_NUMBERS.values())} black cards: the rulebook's variant "
               f"\"{rulebook.BLACK_VARIANT}\" (a simpler game)", Severity.NOTE)
        return
    numbers = _numbers(pack)
    if dict(numbers) != BLACK_NUMBERS:
        report("black-numbers", pack.loc, f"the black pack has {_shape(numbers)}; it is {_shape(BLACK_NUMBERS)}")
    used: Counter[str] = Counter()
    for entry in pack.entries:
        if entry.action is None:
            report("black-plain", entry.loc, f"{entry.count} plain black {entry.number}s; every black card carries an action")
            continue
        used[entry.action] += entry.count
        if entry.action not in pack.actions:
            report("black-foreign-action", entry.loc, f"action '{entry.action}' is not a black action")
    for action in pack.actions:
        if action not in used:
            report("black-action-unused", pack.loc, f"black action '{action}' is on no card")
    for action, want in rulebook.BLACK_ACTION_COUNTS.items():
        if used[action] and used[action] != want:
            report("black-action-count", pack.loc,
                   f"black action '{action}' is on {used[action]} card{'s' if used[action] != 1 else ''}; the printed "
                   f"black set has it on {want}",
                   Severity.WARNING)


def _full_black_set() -> Counter[tuple[int, str]]:
    """(number, action) of every card of the printed black set: actions 1-10 on the 2s, then 11-16
    and 1-4 again on the 4s ([N] Black set)."""
    order = list(rulebook.BLACK_ACTIONS)
    twos = order[: BLACK_NUMBERS[2]]
    fours = (order[BLACK_NUMBERS[2]:] + order)[: BLACK_NUMBERS[4]]
    return Counter([(2, a) for a in twos] + [(4, a) for a in fours])


def _reduced_black(pack: Pack) -> bool:
    """Whether the black pack is the rulebook's reduced pile: fewer cards than the full set, each
    of them a card of the full set."""
    cards: Counter[tuple[int, str]] = Counter()
    for entry in pack.entries:
        if entry.action is None:
            return False
        cards[(entry.number, entry.action)] += entry.count
    full = _full_black_set()
    return 0 < pack.size < sum(full.values()) and all(full[key] >= count for key, count in cards.items())


@CHECKS.rule(
    "firecrackers.actions",
    codes=("action-pack-mismatch", "action-unlisted", "unknown-action", "colour-actions"),
    severity=Severity.ERROR,
    rationale="""
    Each action belongs to exactly one pack: the pack that lists it is the one whose cards carry
    it, and the action's own `pack` field must agree, or printed faces and statistics disagree.
    An action the printed game does not have has no effect the simulator could play; a colour
    whose two actions are not the printed ones (red: destroy_discard and destroy_others...) is a
    different game.
    """,
)
def actions(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    owner = {key: pack.key for pack in game.packs for key in pack.actions}
    for action in game.actions:
        if action.key not in rulebook.KNOWN_ACTIONS:
            report("unknown-action", action.loc,
                   f"action '{action.key}' is not an action of the printed game: the simulator has no effect for it")
        if action.key not in owner:
            report("action-unlisted", action.loc,
                   f"action '{action.key}' is listed by no pack, so no card can carry it", Severity.WARNING)
        elif owner[action.key] != action.pack:
            report("action-pack-mismatch", action.loc,
                   f"action '{action.key}' says pack '{action.pack}' but pack '{owner[action.key]}' lists it")
    for pack in game.packs:
        printed = rulebook.COLOUR_ACTIONS.get(pack.key)
        if printed is not None and set(pack.actions) != set(printed):
            report("colour-actions", pack.loc,
                   f"pack '{pack.key}' has the actions {', '.join(pack.actions) or '(none)'}; the printed "
                   f"{pack.key} set has {' and '.join(printed)}", Severity.WARNING)


@CHECKS.rule(
    "firecrackers.prices",
    codes=("no-base-price", "price-range", "cost-mismatch", "base-price", "action-price", "price-limits"),
    rationale="""
    Prices follow one rule, cost = base price of the number + the action's extra, kept between the
    minimum and the maximum; a printed cost that breaks it makes the shop unfair. The rule's numbers
    are the printed game's (base prices 1, 1, 2, 2, 3 for the numbers 1-5, +1 for an action but
    garbage -1 and buddy_explosion and sudden_burst +2, between 1 and 5): other numbers are a
    different shop, so they are warnings.
    """,
)
def prices(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    _price_rule_numbers(report, game)
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


def _price_rule_numbers(report: Reporter, game: FirecrackersDefinition) -> None:
    """The file's price rule against the printed one ([N] Price): base prices, the surcharge of an
    action (the rule's, and each action's own), the limits."""
    price = game.price
    base = dict(price.base)
    for number, want in sorted(rulebook.BASE_PRICE.items()):
        if number in base and base[number] != want:
            report("base-price", price.loc, f"a {number} costs {base[number]} before its action (price.base); "
                                            f"the printed base price is {want}", Severity.WARNING)
    if price.action_cost != rulebook.ACTION_SURCHARGE:
        report("action-price", price.loc, f"an action adds {price.action_cost} to the price (price.action); "
                                          f"the printed surcharge is {rulebook.ACTION_SURCHARGE}", Severity.WARNING)
    if (price.minimum, price.maximum) != (rulebook.PRICE_MIN, rulebook.PRICE_MAX):
        report("price-limits", price.loc, f"prices are kept between {price.minimum} and {price.maximum}; the "
                                          f"printed ones between {rulebook.PRICE_MIN} and {rulebook.PRICE_MAX}",
               Severity.WARNING)
    for action in game.actions:
        if action.key not in rulebook.KNOWN_ACTIONS:
            continue
        want = rulebook.surcharge(action.key)
        have = price.action_cost if action.action_cost is None else action.action_cost
        if have != want and (action.action_cost is not None or want != rulebook.ACTION_SURCHARGE):
            report("action-price", action.loc,
                   f"action '{action.key}' adds {have:+d} to the price of its card; the printed game's adds {want:+d}",
                   Severity.WARNING)


@CHECKS.rule(
    "firecrackers.coins-points",
    severity=Severity.WARNING,
    codes=("coins", "action-coins", "action-points"),
    rationale="""
    A revealed card is worth 1 coin when its owner stops, unless its action says otherwise
    (treasure 2, garbage 0, points_trade -1, money_trade 3), and scores its number at the end,
    unless its action says otherwise (super_cracker 13, money_trade -2, double_sight 2 per black
    card, multicolor 1 per distinct action, points_trade twice its number). Other values are a
    different economy: the game can be played, so these are warnings.
    """,
)
def coins_points(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    if game.default_coins != rulebook.COINS:
        report("coins", game.coins_loc if game.coins_loc.line else game.info.loc,
               f"a revealed card is worth {game.default_coins} coins (coins); the rulebook says {rulebook.COINS}")
    for action in game.actions:
        if action.key not in rulebook.KNOWN_ACTIONS:
            continue
        want = rulebook.coins(action.key)
        if action.coins != want and (action.coins != game.default_coins or want != rulebook.COINS):
            report("action-coins", action.loc,
                   f"a revealed '{action.key}' is worth {action.coins} coins; the printed card is worth {want}")
        printed = rulebook.points(action.key)
        if not rulebook.same_points(action.points, printed):
            report("action-points", action.loc,
                   f"'{action.key}' scores {rulebook.describe_points(action.points)}; the printed card scores "
                   f"{rulebook.describe_points(printed)}")


@CHECKS.rule(
    "firecrackers.options",
    severity=Severity.WARNING,
    codes=("option-default",),
    rationale="""
    The simulator plays each rule option at its default, so the defaults are the rulebook's and
    the cards' own words (explode at 10, the shop's piles, each card's literal reading, the
    Scoreworks core rules with the expansion); another default reports figures of another game.
    """,
)
def options(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    option_defaults(report, "option-default", game, rulebook.OPTIONS)


@CHECKS.rule(
    "firecrackers.setup",
    codes=("players", "no-sets-rule", "too-few-colours", "unknown-colour", "colour-twice",
           "no-starting-deck", "starting-colours", "starting-cards", "player-count", "sets-per-player",
           "starting-deck"),
    rationale="""
    The game is played by 2 to 10 players: for every count the deck allows the setup must say how
    many colour sets go in, have that many colours, and make every player's starting deck from
    cards that exist. A deck for fewer counts than the rulebook's is another game (a warning).
    The rulebook's setup is one colour set per player (two with 2 players) and starting decks of one
    plain card of each of 3 starting colours and 2 black cards (with 7 or more players: 4 colours,
    1 black card, colour action cards allowed); other counts are a different game (warnings), and a
    table the game cannot seat (1 player) is an error.
    """,
)
def setup(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    rules = game.setup
    packs = {p.key: p for p in game.packs}
    missing_players = [p for p in PLAYER_RANGE if p not in game.info.players]
    if missing_players:
        report("players", game.info.players_place,
               f"the deck leaves out {', '.join(map(str, missing_players))} players: the rulebook's game is for "
               f"{PLAYER_RANGE.start} to {PLAYER_RANGE.stop - 1} players", Severity.WARNING)
    for players in game.info.players:
        if players < PLAYER_RANGE.start:
            report("player-count", game.info.players_place, f"{players} player: Firecrackers is played by 2 to 10 players "
                                                  "(the rulebook's least is 2)")
        elif players >= PLAYER_RANGE.stop:
            report("player-count", game.info.players_place, f"{players} players: the rulebook's game is for 2 to 10 players "
                                                  "(one colour set each, ten colours)", Severity.WARNING)
    order = rules.order_loc if rules.order_loc.line else rules.loc
    counts = Counter(rules.colour_order)
    for colour in dict.fromkeys(rules.colour_order):
        if colour not in packs or colour == BLACK:
            report("unknown-colour", order, f"colour_order names '{colour}', which is not a colour pack")
        if counts[colour] > 1:
            report("colour-twice", order, f"colour_order names '{colour}' {counts[colour]} times")
    for players in sorted(p for p in game.info.players if p >= PLAYER_RANGE.start):
        try:
            sets = rules.sets_per_player(players)
        except KeyError:
            report("no-sets-rule", rules.sets_loc if rules.sets_loc.line else rules.loc,
                   f"sets_per_player says nothing for {players} players")
            continue
        needed = players * sets
        if needed > len(rules.colour_order):
            rule = rules.sets_rule(players)
            report("too-few-colours", order,
                   f"{players} players need {needed} colour sets ({sets} each"
                   + (f", sets_per_player line {rule.loc.line}" if rule is not None and rule.loc.line else "")
                   + f") but colour_order has {len(rules.colour_order)}")
            continue
        try:
            start = rules.starting_deck(players)
        except KeyError:
            report("no-starting-deck", rules.starting_loc if rules.starting_loc.line else rules.loc,
                   f"starting_decks says nothing for {players} players")
            continue
        if start.starting_colours > needed:
            report("starting-colours", start.loc,
                   f"{start.starting_colours} starting colours with {players} players, but only {needed} colours are in play")
            continue
        _check_starting_cards(report, game, players, start, packs)
    _rulebook_setup(report, game, BLACK not in packs or _reduced_black(packs[BLACK]))


def _check_starting_cards(report: Reporter, game: FirecrackersDefinition, players: int, start: StartingDeckRule,
                          packs: dict[str, Pack]) -> None:
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
    black_size = black.size if black is not None else 0
    if players * start.black_cards > black_size:
        report("starting-cards", start.loc,
               f"{players} starting decks need {players * start.black_cards} black cards; "
               + (f"the black pack has {black_size}" if black is not None
                  else "there is no black pack (for the variant without black cards, set black_cards: 0)"))


def _rulebook_setup(report: Reporter, game: FirecrackersDefinition, black_variant: bool) -> None:
    """Sets per player and starting decks against the rulebook's, one finding per entry of the file
    and per difference (naming the player counts it concerns). Under the black-card variant a
    starting deck may hold fewer black cards."""
    rules = game.setup
    sets: dict[tuple[int, int], list[int]] = {}
    decks: dict[tuple[int, str], tuple[StartingDeckRule, str, list[int]]] = {}
    for players in (p for p in PLAYER_RANGE if p in game.info.players):
        want_sets = rulebook.SETS_PER_PLAYER.get(players, 1)
        try:
            have_sets = rules.sets_per_player(players)
            start = rules.starting_deck(players)
        except KeyError:
            continue  # reported above
        if have_sets != want_sets:
            sets.setdefault((have_sets, want_sets), []).append(players)
        want = rulebook.starting_deck(players)
        differences = [
            ("starting_colours", start.starting_colours, want.starting_colours),
            ("plain_per_colour", start.plain_per_colour, want.plain_per_colour),
            ("black_cards", start.black_cards, want.black_cards),
            ("colour_action_cards", start.colour_action_cards, want.colour_action_cards),
        ]
        for name, have, printed in differences:
            if have == printed or (name == "black_cards" and black_variant and have < printed):
                continue
            text = f"{name}: {_value(have)}; the rulebook's is {_value(printed)}"
            decks.setdefault((start.loc.line, text), (start, text, []))[2].append(players)
    for (have_sets, want_sets), counts in sets.items():
        rule = rules.sets_rule(counts[0])
        report("sets-per-player", rule.loc if rule is not None and rule.loc.line else rules.loc,
               f"{have_sets} colour set{'s' if have_sets != 1 else ''} per player with {_counts(counts)} players; "
               f"the rulebook's deck has {want_sets}", Severity.WARNING)
    for start, text, counts in decks.values():
        report("starting-deck", start.loc, f"starting decks for {_counts(counts)} players: {text}", Severity.WARNING)


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _counts(counts: list[int]) -> str:
    """``2-6`` or ``2, 4``: player counts in words."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


EFFECT_VALUE_NAMES = {
    "coins": "the coins the card is worth when buying (its action's coins)",
    "points": "what the card scores (its action's points amount)",
    "action_cost": "what its action adds to its price (action_cost)",
    "discount": "what its action takes off its price (action_cost)",
}


_LAST_COMPARED: list[tuple[FirecrackersDefinition, list[tuple[FirecrackersAction, list[Disagreement]]]]] = []
"""The comparisons of the game checked last: its two rules (printed values, wording) read the same."""


def _compared(game: FirecrackersDefinition) -> list[tuple[FirecrackersAction, list[Disagreement]]]:
    """Each action that the rulebook words, with how its effect parts from those words."""
    if _LAST_COMPARED and _LAST_COMPARED[0][0] is game:
        return _LAST_COMPARED[0][1]
    compared = [(action, compare(action.effect, rulebook.EFFECT_WORDS[action.key], game.effect_values(action),
                                 EFFECT_VALUE_NAMES))
                for action in game.actions if action.key in rulebook.EFFECT_WORDS]
    _LAST_COMPARED[:] = [(game, compared)]
    return compared


@CHECKS.rule(
    "firecrackers.printed-values",
    codes=("value-mismatch",),
    declarable=False,
    rationale="""
    An effect that states a value the game plays (the coins a card is worth, the points it
    scores) must state that value: a card printed "Worth 3 coins" that the game counts as 2 is a
    misprint players will play by. Print the value from the definition ({coins}, {points},
    {discount}) and the words cannot disagree.
    """,
)
def printed_values(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    _effects(report, game, ("value",))


@CHECKS.rule(
    "firecrackers.wording",
    severity=Severity.WARNING,
    codes=("number", "modal"),
    rationale="""
    An effect in other words than the rulebook's must keep its numbers and whether a player may
    or must do something: "reveal up to 3 cards", "4 lower", "you may destroy". A number or a
    may/must that differs is another rule than the one the simulator plays.
    """,
)
def wording(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    _effects(report, game, ("number", "modal"))


def _effects(report: Reporter, game: FirecrackersDefinition, kinds: tuple[str, ...]) -> None:
    """Each action's effect against the rulebook's words and its own values (``validate.wording``),
    and each translation of it (by its digits and its may or must), at the translation's words."""
    for action, disagreements in _compared(game):
        for found in disagreements:
            if found.kind in kinds:
                code = "value-mismatch" if found.kind == "value" else found.kind
                report(code, action.effect_loc if action.effect_loc.line else action.loc,
                       f"the effect of '{action.key}' reads '{game.effect_text(action)}': {found.message}")
        for translation in game.info.translations:
            given = translation.word(action.effect)
            if given is None:
                continue
            said, loc = given
            values = game.effect_values(action)
            for found in compare(said, rulebook.EFFECT_WORDS[action.key], values, EFFECT_VALUE_NAMES,
                                 translation.language):
                if found.kind in kinds:
                    code = "value-mismatch" if found.kind == "value" else found.kind
                    report(code, loc, f"the {translation.language} effect of '{action.key}' reads "
                                      f"'{fill(said, values)}': {found.message}")


RULES_PAGE_STATED = (
    Stated("explosion_threshold", "as the explosion threshold (a colour's total that explodes)", {
        "en": (r"\b(?:reach\w*|add\w*\s+up\s+to|total\w*|hits?)\s+(?:a\s+total\s+of\s+)?(?P<n>NUM)\b",),
        "de": (r"\b(?:erreich\w*|ergeb\w*|ergibt|summier\w*\s+sich\s+auf)\s+(?:\w+\s+){0,3}?(?P<n>NUM)\b",
               r"\b(?P<n>NUM)\s+(?:oder\s+mehr\s+)?(?:erreicht|ergibt|ergeben)"),
        "pt": (r"\b(?:ating\w*|cheg\w*\s+a|som\w*)\s+(?P<n>NUM)\b",),
    }),
    Stated("coins", "coins for a revealed card", {
        "en": (r"\bworth\s+(?P<n>NUM)\s+coins?\b",),
        "de": (r"\b(?P<n>NUM)\s+Münzen?\s+wert\b", r"\bwert\s+(?:ist\s+)?(?P<n>NUM)\s+Münzen?"),
        "pt": (r"\bvale\w*\s+(?P<n>NUM)\s+moedas?\b",),
    }, article_is_one=True),
)
"""What a Firecrackers rules page states as numbers: the total that explodes, what a revealed card
is worth when its owner buys."""


@CHECKS.rule(
    "firecrackers.rules-page",
    codes=("value",),
    rationale="""
    The rules page is read as a card is: a number it states for a rule value (a colour that
    reaches 9 explodes, a revealed card worth two coins) is compared with the deck's values, in
    every language it prints.
    """,
)
def rules_page(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, FirecrackersDefinition)
    threshold = game.info.options.defaults().get("explosion_threshold")
    values: Values = {"coins": game.default_coins}
    if isinstance(threshold, int) and not isinstance(threshold, bool):
        values = {**values, "explosion_threshold": threshold}
    check_rules_page(report, game, RULES_PAGE_STATED, (), values, ("coins", "explosion_threshold"))

"""Build FirecrackersDefinition (``firecrackers.yaml``) and ScoreworksDefinition (``scoreworks.yaml``)."""

from __future__ import annotations

import re

import yaml

from generator.loader.common import (
    HEADER_OPTIONAL,
    HEADER_REQUIRED,
    SYMBOLS,
    make_info,
    read_header,
)
from generator.loader.fields import Reader
from generator.model import Colour, Symbol
from generator.model.limits import MAX_CARDS, MAX_COPIES, MAX_NUMBER_DIGITS, MAX_PLAYERS, MAX_RANK

from . import rulebook
from .model import (
    BLACK,
    EFFECT_VALUES,
    SCOREWORKS_PLACEHOLDER,
    KIND,
    SCOREWORKS_KIND,
    CardEntry,
    CoreRule,
    FirecrackersAction,
    FirecrackersDefinition,
    FirecrackersSetup,
    Pack,
    Points,
    PointsRule,
    PriceRule,
    ScoreworksCard,
    ScoreworksDefinition,
    SetsRule,
    StartingDeckRule,
)

FIELDS_REQUIRED = HEADER_REQUIRED + ("price", "coins", "setup", "actions", "packs")
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def build_firecrackers(reader: Reader, root: yaml.Node) -> list[FirecrackersDefinition]:
    fields = reader.mapping(root, "the Firecrackers definition", FIELDS_REQUIRED, HEADER_OPTIONAL)
    if fields is None:
        return []
    before = len(reader.problems)
    header = read_header(reader, fields)
    price = _price(reader, fields["price"]) if "price" in fields else None
    coins = reader.integer(fields["coins"], "coins") if "coins" in fields else None
    pack_keys = _keys(fields.get("packs"))
    actions = _actions(reader, fields["actions"], coins or 0, pack_keys) if "actions" in fields else ()
    action_keys = _keys(fields.get("actions"))  # an action that failed is reported once, not as unknown where named
    packs = _packs(reader, fields["packs"], action_keys) if "packs" in fields else ()
    setup = _setup(reader, fields["setup"], pack_keys) if "setup" in fields else None
    total = sum(entry.count for pack in packs for entry in pack.entries)
    if total > MAX_CARDS:
        reader.error(fields["packs"], f"{total} cards in the packs; at most {MAX_CARDS} are supported")
    info = make_info(header, KIND, None, reader.loc(root))
    if len(reader.problems) > before or None in (info, price, coins, setup):
        return []
    return [
        FirecrackersDefinition(
            info=info, packs=packs, actions=actions, price=price, default_coins=coins, setup=setup,  # type: ignore[arg-type]
            coins_loc=reader.loc(fields["coins"]),
        )
    ]


def _price(reader: Reader, node: yaml.Node) -> PriceRule | None:
    fields = reader.mapping(node, "price", ("base", "action", "min", "max"))
    if fields is None or len(fields) < 4:
        return None
    base: list[tuple[int, int]] = []
    for key_node, value_node in reader.entries(fields["base"], "price.base"):
        if key_node.tag != "tag:yaml.org,2002:int":
            reader.error(key_node, f"keys of price.base are card numbers, not {key_node.value!r}")
            continue
        number = reader.integer(key_node, "a card number of price.base", minimum=None, maximum=MAX_RANK)
        value = reader.integer(value_node, f"price.base for {key_node.value}")
        if number is not None and value is not None:
            base.append((number, value))
    action = reader.integer(fields["action"], "price.action")
    low = reader.integer(fields["min"], "price.min", minimum=0)
    high = reader.integer(fields["max"], "price.max", minimum=1)
    if None in (action, low, high):
        return None
    if high < low:  # type: ignore[operator]
        reader.error(fields["max"], f"price.max ({high}) is below price.min ({low})")
        return None
    return PriceRule(tuple(sorted(base)), action, low, high, reader.loc(node))  # type: ignore[arg-type]


def _keys(node: yaml.Node | None) -> set[str]:
    """The keys a mapping declares (``packs``, ``actions``), whether or not their entries read
    without mistakes: a reference to an entry that failed is not "unknown" (its own error says
    what is wrong)."""
    if not isinstance(node, yaml.MappingNode):
        return set()
    return {k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode)}


def _actions(reader: Reader, node: yaml.Node, default_coins: int, pack_keys: set[str]) -> tuple[FirecrackersAction, ...]:
    actions: list[FirecrackersAction] = []
    for key_node, value_node in reader.entries(node, "actions"):
        key = reader.name(key_node, "action key")
        fields = reader.mapping(
            value_node,
            f"action '{key_node.value}'",
            ("pack", "label", "effect"),
            ("coins", "action_cost", "points"),
        )
        if fields is None or key is None:
            continue
        pack = reader.text(fields["pack"], "pack") if "pack" in fields else None
        if pack is not None and pack_keys and pack not in pack_keys:
            reader.error(fields["pack"], reader.unknown_message(pack, sorted(pack_keys), "pack"))
            pack = None
        label = reader.text(fields["label"], "label") if "label" in fields else None
        effect = reader.text(fields["effect"], "effect") if "effect" in fields else None
        coins = reader.integer(fields["coins"], "coins") if "coins" in fields else default_coins
        action_cost = reader.integer(fields["action_cost"], "action_cost") if "action_cost" in fields else None
        points = _points(reader, fields["points"]) if "points" in fields else Points()
        if effect is not None:
            unknown = [n for n in SCOREWORKS_PLACEHOLDER.findall(effect) if n not in EFFECT_VALUES]
            if unknown:
                reader.error(fields["effect"], f"effect of action '{key}': {{{unknown[0]}}} is not a value of the "
                                               f"action (it may print {', '.join('{' + v + '}' for v in EFFECT_VALUES)})")
                effect = None
        if None in (pack, label, effect, coins, points):
            continue
        actions.append(FirecrackersAction(key, pack, label, effect, action_cost, coins, points, reader.loc(key_node),  # type: ignore[arg-type]
                                          label_loc=reader.loc(fields["label"]), effect_loc=reader.loc(fields["effect"])))
    return tuple(actions)


def _points(reader: Reader, node: yaml.Node) -> Points | None:
    fields = reader.mapping(node, "points", ("rule",), ("amount",))
    if fields is None or "rule" not in fields:
        return None
    rule = reader.choice(fields["rule"], "points rule", [r.value for r in PointsRule])
    amount = reader.integer(fields["amount"], "points amount") if "amount" in fields else 1
    if rule is None or amount is None:
        return None
    return Points(PointsRule(rule), amount)


def _packs(reader: Reader, node: yaml.Node, action_keys: set[str]) -> tuple[Pack, ...]:
    packs: list[Pack] = []
    for key_node, value_node in reader.entries(node, "packs"):
        key = reader.name(key_node, "pack key")
        fields = reader.mapping(
            value_node, f"pack '{key_node.value}'", ("name", "firework", "colour", "symbol", "actions", "cards")
        )
        if fields is None or key is None:
            continue
        name = reader.text(fields["name"], "pack name") if "name" in fields else None
        firework = reader.text(fields["firework"], "firework") if "firework" in fields else None
        colour = reader.colour(fields["colour"], "pack colour") if "colour" in fields else None
        symbol = reader.choice(fields["symbol"], "symbol", SYMBOLS) if "symbol" in fields else None
        owned: list[str] = []
        for item in (reader.sequence(fields["actions"], f"actions of pack '{key}'") or []) if "actions" in fields else []:
            action = reader.text(item, "an action")
            if action is None:
                continue
            if action not in action_keys:
                reader.error(item, reader.unknown_message(action, sorted(action_keys), "action"))
            elif action in owned:
                reader.error(item, f"action '{action}' is listed twice in pack '{key}'")
            else:
                owned.append(action)
        entries: list[CardEntry] = []
        for item in (reader.sequence(fields["cards"], f"cards of pack '{key}'") or []) if "cards" in fields else []:
            entry = _card_entry(reader, item, key, action_keys)
            if entry is not None:
                entries.append(entry)
        if None in (name, firework, colour, symbol):
            continue
        packs.append(
            Pack(key, name, firework, Colour(colour), Symbol(symbol), tuple(owned), tuple(entries), reader.loc(key_node),  # type: ignore[arg-type]
                 name_loc=reader.loc(fields["name"]), firework_loc=reader.loc(fields["firework"]))
        )
    return tuple(packs)


def _card_entry(reader: Reader, node: yaml.Node, pack: str, action_keys: set[str]) -> CardEntry | None:
    fields = reader.mapping(node, f"a card of pack '{pack}'", ("number",), ("action", "count", "cost"))
    if fields is None or "number" not in fields:
        return None
    number = reader.integer(fields["number"], "card number", minimum=1, maximum=MAX_RANK)
    action = None
    if "action" in fields:
        action = reader.text(fields["action"], "action")
        if action is not None and action not in action_keys:
            reader.error(fields["action"], reader.unknown_message(action, sorted(action_keys), "action"))
            return None
    count = reader.integer(fields["count"], "count", minimum=1, maximum=MAX_COPIES,
                           things="copies of a card") if "count" in fields else 1
    cost = reader.integer(fields["cost"], "cost", minimum=0) if "cost" in fields else None
    if number is None or count is None or ("cost" in fields and cost is None) or ("action" in fields and action is None):
        return None
    return CardEntry(number, action, count, cost, reader.loc(node))


def _range(reader: Reader, node: yaml.Node, what: str) -> tuple[int, int] | None:
    """A player count ``2`` or range ``3-10``."""
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int":
        value = reader.integer(node, what, minimum=1, maximum=MAX_PLAYERS, things="players")
        return (value, value) if value is not None else None
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        match = _RANGE.match(node.value)
        if match and max(len(match.group(1)), len(match.group(2) or "")) <= MAX_NUMBER_DIGITS:
            low, high = int(match.group(1)), int(match.group(2) or match.group(1))
            if high > MAX_PLAYERS:
                reader.error(node, f"{what}: {high} players; at most {MAX_PLAYERS} are supported")
                return None
            if low >= 1 and high >= low:
                return low, high
    reader.error(node, f"{what} should be a player count (2) or a range (3-10), not {node.value if isinstance(node, yaml.ScalarNode) else 'that'!r}")
    return None


def _setup(reader: Reader, node: yaml.Node, pack_keys: set[str]) -> FirecrackersSetup | None:
    fields = reader.mapping(node, "setup", ("colour_order", "sets_per_player", "starting_decks"))
    if fields is None or len(fields) < 3:
        return None
    order: list[str] = []
    for item in reader.sequence(fields["colour_order"], "colour_order") or []:
        key = reader.text(item, "a colour")
        if key is None:
            continue
        if pack_keys and key not in pack_keys:
            reader.error(item, reader.unknown_message(key, sorted(pack_keys), "pack"))
        elif key == BLACK:
            reader.error(item, "black is always in the game: leave it out of colour_order")
        elif key in order:
            reader.error(item, f"colour '{key}' is listed twice in colour_order")
        else:
            order.append(key)
    sets: list[SetsRule] = []
    for item in reader.sequence(fields["sets_per_player"], "sets_per_player") or []:
        entry = reader.mapping(item, "a sets_per_player entry", ("players", "sets"))
        if entry is None or len(entry) < 2:
            continue
        span = _range(reader, entry["players"], "players")
        count = reader.integer(entry["sets"], "sets", minimum=1)
        if span and count is not None:
            sets.append(SetsRule(span[0], span[1], count, reader.loc(item)))
    starts: list[StartingDeckRule] = []
    for item in reader.sequence(fields["starting_decks"], "starting_decks") or []:
        entry = reader.mapping(
            item,
            "a starting_decks entry",
            ("players", "starting_colours", "plain_per_colour", "black_cards", "colour_action_cards"),
        )
        if entry is None or len(entry) < 5:
            continue
        span = _range(reader, entry["players"], "players")
        colours = reader.integer(entry["starting_colours"], "starting_colours", minimum=1)
        plain = reader.integer(entry["plain_per_colour"], "plain_per_colour", minimum=0)
        black = reader.integer(entry["black_cards"], "black_cards", minimum=0)
        actions = reader.boolean(entry["colour_action_cards"], "colour_action_cards")
        if span and None not in (colours, plain, black, actions):
            starts.append(StartingDeckRule(span[0], span[1], colours, plain, black, actions, reader.loc(item)))  # type: ignore[arg-type]
    return FirecrackersSetup(tuple(order), tuple(sets), tuple(starts), reader.loc(node),
                             reader.loc(fields["colour_order"]), reader.loc(fields["sets_per_player"]),
                             reader.loc(fields["starting_decks"]))


SCOREWORKS_REQUIRED = HEADER_REQUIRED + ("expansion_of", "card_colour", "cards", "core_rules")


def build_scoreworks(reader: Reader, root: yaml.Node) -> list[ScoreworksDefinition]:
    fields = reader.mapping(root, "the Scoreworks definition", SCOREWORKS_REQUIRED, HEADER_OPTIONAL)
    if fields is None:
        return []
    before = len(reader.problems)
    header = read_header(reader, fields)
    expansion_of = reader.name(fields["expansion_of"], "expansion_of") if "expansion_of" in fields else None
    colour = reader.colour(fields["card_colour"], "card_colour") if "card_colour" in fields else None
    cards: list[ScoreworksCard] = []
    for item in (reader.sequence(fields["cards"], "cards") or []) if "cards" in fields else []:
        entry = reader.mapping(item, "a Scoreworks card", ("key", "name", "rule", "replaces_default"))
        if entry is None or len(entry) < 4:
            continue
        key = reader.name(entry["key"], "card key")
        name = reader.text(entry["name"], "card name")
        rule = reader.text(entry["rule"], "rule")
        replaces = reader.boolean(entry["replaces_default"], "replaces_default")
        if key is not None and any(c.key == key for c in cards):
            reader.error(entry["key"], f"Scoreworks card '{key}' is listed twice")
            continue
        if rule is not None and key is not None:
            known = rulebook.SCOREWORKS_VALUES.get(key, {})
            unknown = [n for n in SCOREWORKS_PLACEHOLDER.findall(rule) if n not in known]
            if unknown:
                offer = ", ".join("{" + v + "}" for v in known) or "none"
                reader.error(entry["rule"], f"rule of Scoreworks card '{key}': {{{unknown[0]}}} is not a value it "
                                            f"scores with (it may print: {offer})")
                rule = None
        if None not in (key, name, rule, replaces):
            cards.append(ScoreworksCard(key, name, rule, replaces, reader.loc(item),  # type: ignore[arg-type]
                                        name_loc=reader.loc(entry["name"]), rule_loc=reader.loc(entry["rule"])))
    rules: list[CoreRule] = []
    for item in (reader.sequence(fields["core_rules"], "core_rules") or []) if "core_rules" in fields else []:
        entry = reader.mapping(item, "a core rule", ("key", "text"))
        if entry is None or len(entry) < 2:
            continue
        key = reader.name(entry["key"], "rule key")
        text = reader.text(entry["text"], "rule text")
        if key is not None and text is not None:
            rules.append(CoreRule(key, text, reader.loc(item), reader.loc(entry["text"])))
    if len(cards) > MAX_CARDS:
        reader.error(fields["cards"], f"{len(cards)} Scoreworks cards; at most {MAX_CARDS} are supported")
    info = make_info(header, SCOREWORKS_KIND, None, reader.loc(root), expansion_of=expansion_of)
    if len(reader.problems) > before or info is None or expansion_of is None or colour is None:
        return []
    return [ScoreworksDefinition(info, Colour(colour), tuple(cards), tuple(rules), reader.loc(fields["cards"]),
                                 reader.loc(fields["core_rules"]))]

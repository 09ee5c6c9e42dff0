"""Parts every game file shares: the header (id, name, rulebook, players, card size) and options."""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from ..model import GameInfo, PlayerCount, RuleOption, RuleOptions, Symbol
from ..model.limits import MAX_OPTION_MAGNITUDE, MAX_PLAYERS
from ..model.source import SourceLoc
from .fields import Reader

HEADER_REQUIRED = ("game", "id", "name", "rulebook", "players")
HEADER_OPTIONAL = ("description", "card_size", "options")
SYMBOLS = tuple(s.value for s in Symbol)


@dataclass
class Header:
    """The header fields of a game file, read (values are None where they were wrong)."""

    id: str | None
    name: str | None
    rulebook: str | None
    description: str
    players: tuple[int, ...] | None
    card_size: str
    options: RuleOptions


def read_header(reader: Reader, fields: dict[str, yaml.Node], default_card_size: str = "poker") -> Header:
    """Read the shared header fields (the caller has already checked which keys are allowed)."""
    players = None
    if "players" in fields:
        players = read_players(reader, fields["players"])
    return Header(
        id=reader.name(fields["id"], "id") if "id" in fields else None,
        name=reader.text(fields["name"], "name") if "name" in fields else None,
        rulebook=reader.text(fields["rulebook"], "rulebook") if "rulebook" in fields else None,
        description=(reader.text(fields["description"], "description") or "") if "description" in fields else "",
        players=players,
        card_size=(reader.name(fields["card_size"], "card_size") or default_card_size)
        if "card_size" in fields
        else default_card_size,
        options=read_options(reader, fields["options"]) if "options" in fields else RuleOptions(),
    )


def read_players(reader: Reader, node: yaml.Node) -> tuple[int, ...] | None:
    """``players``: a list of allowed counts, or ``{min: 2, max: 10}``."""
    if isinstance(node, yaml.MappingNode):
        fields = reader.mapping(node, "players", required=("min", "max"))
        if fields is None or "min" not in fields or "max" not in fields:
            return None
        low = reader.integer(fields["min"], "players.min", minimum=1, maximum=MAX_PLAYERS, things="players")
        high = reader.integer(fields["max"], "players.max", minimum=1, maximum=MAX_PLAYERS, things="players")
        if low is None or high is None:
            return None
        if high < low:
            reader.error(node, f"players.max ({high}) is below players.min ({low})")
            return None
        return tuple(range(low, high + 1))
    items = reader.sequence(node, "players")
    if items is None:
        return None
    counts: list[int] = []
    for item in items:
        value = reader.integer(item, "a player count", minimum=1, maximum=MAX_PLAYERS, things="players")
        if value is None:
            continue
        if value in counts:
            reader.error(item, f"player count {value} is listed twice")
            continue
        counts.append(value)
    return tuple(sorted(counts)) if counts else None


def read_per_players(reader: Reader, node: yaml.Node, what: str, minimum: int = 1) -> tuple[PlayerCount, ...]:
    """A mapping from a player (or team) count to a number, e.g. hand sizes ``{2: 5, 4: 4}``."""
    result: list[PlayerCount] = []
    for key_node, value_node in reader.entries(node, what):
        if key_node.tag != "tag:yaml.org,2002:int":
            reader.error(key_node, f"keys of {what} are player counts (whole numbers), not {key_node.value!r}")
            continue
        players = reader.integer(key_node, f"a player count of {what}", minimum=1, maximum=MAX_PLAYERS, things="players")
        if players is None:
            continue
        value = reader.integer(value_node, f"{what} for {players}", minimum=minimum)
        if value is not None:
            result.append(PlayerCount(players, value, reader.loc(key_node)))
    return tuple(sorted(result, key=lambda p: p.players))


def read_options(reader: Reader, node: yaml.Node) -> RuleOptions:
    """``options``: name -> {default, description, choices | min/max, simulated}."""
    options: list[RuleOption] = []
    for key_node, value_node in reader.entries(node, "options"):
        name = key_node.value
        fields = reader.mapping(
            value_node,
            f"option '{name}'",
            required=("default", "description"),
            optional=("choices", "min", "max", "simulated"),
        )
        if fields is None or "default" not in fields:
            continue
        default = reader.scalar_value(fields["default"], f"option '{name}' default")
        description = reader.text(fields["description"], f"option '{name}' description") if "description" in fields else None
        choices: tuple[str, ...] = ()
        if "choices" in fields:
            items = reader.sequence(fields["choices"], f"option '{name}' choices") or []
            choices = tuple(c for c in (reader.text(i, f"a choice of option '{name}'") for i in items) if c)
            if default is not None and not isinstance(default, str):
                reader.error(fields["choices"], f"option '{name}' has choices, so its default should be one of them as text")
            elif default is not None and choices and default not in choices:
                reader.error(fields["default"], f"option '{name}' default {default!r} is not one of its choices ({', '.join(choices)})")
        minimum = reader.number(fields["min"], f"option '{name}' min", maximum=MAX_OPTION_MAGNITUDE) if "min" in fields else None
        maximum = reader.number(fields["max"], f"option '{name}' max", maximum=MAX_OPTION_MAGNITUDE) if "max" in fields else None
        if (minimum is not None or maximum is not None) and (isinstance(default, bool) or not isinstance(default, (int, float))):
            reader.error(value_node, f"option '{name}' has min/max, so its default should be a number")
        elif isinstance(default, (int, float)) and not isinstance(default, bool):
            if (minimum is not None and default < minimum) or (maximum is not None and default > maximum):
                reader.error(fields["default"], f"option '{name}' default {default} is outside its min/max")
        simulated = True
        if "simulated" in fields:
            simulated = bool(reader.boolean(fields["simulated"], f"option '{name}' simulated"))
        if default is None or description is None:
            continue
        options.append(
            RuleOption(name, default, description, choices, minimum, maximum, simulated, reader.loc(key_node))
        )
    return RuleOptions(tuple(options))


def make_info(
    header: Header, kind: str, variant_of: str | None, loc: SourceLoc, expansion_of: str | None = None
) -> GameInfo | None:
    """A GameInfo if every header field was read, else None (problems already recorded)."""
    if None in (header.id, header.name, header.rulebook, header.players):
        return None
    return GameInfo(
        id=header.id,  # type: ignore[arg-type]
        kind=kind,
        name=header.name,  # type: ignore[arg-type]
        rulebook=header.rulebook,  # type: ignore[arg-type]
        description=header.description,
        players=header.players,  # type: ignore[arg-type]
        card_size=header.card_size,
        options=header.options,
        variant_of=variant_of,
        expansion_of=expansion_of,
        loc=loc,
    )

"""Build a HanabiDefinition (and its variants) from a composed ``hanabi.yaml``."""

from __future__ import annotations

import yaml

from generator.loader.common import (
    HEADER_OPTIONAL,
    HEADER_REQUIRED,
    SYMBOLS,
    make_info,
    read_header,
    read_per_players,
)
from generator.loader.fields import Reader
from generator.model import Colour, Symbol
from generator.model.limits import MAX_CARDS, MAX_COPIES, MAX_RANK, MAX_TOKENS

from .model import KIND, HanabiDefinition, HanabiSuit, RankCount

FIELDS_REQUIRED = HEADER_REQUIRED + ("ranks", "suits", "tokens", "hand_size")
FIELDS_OPTIONAL = HEADER_OPTIONAL + ("variants",)
VARIANT_OPTIONAL = tuple(
    k for k in FIELDS_REQUIRED + FIELDS_OPTIONAL if k not in ("game", "id", "variants")
) + ("add_suits",)


def build_hanabi(reader: Reader, root: yaml.Node) -> list[HanabiDefinition]:
    """The base game and each of its variants (definitions with problems are left out)."""
    fields = reader.mapping(root, "the Hanabi definition", FIELDS_REQUIRED, FIELDS_OPTIONAL)
    if fields is None:
        return []
    games: list[HanabiDefinition] = []
    base = _build(reader, fields, extra_suits=[], variant_of=None, root=root)
    if base is not None:
        games.append(base)
    if "variants" in fields:
        for key_node, value_node in reader.entries(fields["variants"], "variants"):
            key = reader.name(key_node, "variant key")
            overrides = reader.mapping(value_node, f"variant '{key_node.value}'", ("name",), VARIANT_OPTIONAL)
            if key is None or overrides is None:
                continue
            merged = dict(fields)
            merged.update({k: v for k, v in overrides.items() if k != "add_suits"})
            if "title" not in merged and "name" in fields:
                merged["title"] = fields["name"]  # a variant's backs keep the game's name
            extra = reader.sequence(overrides["add_suits"], "add_suits") if "add_suits" in overrides else []
            base_id = reader.name(fields["id"], "id") if "id" in fields else None
            if base_id is None:
                continue
            variant = _build(
                reader, merged, extra_suits=extra or [], variant_of=base_id, root=value_node, variant_key=key
            )
            if variant is not None:
                games.append(variant)
    return games


def _build(
    reader: Reader,
    fields: dict[str, yaml.Node],
    extra_suits: list[yaml.Node],
    variant_of: str | None,
    root: yaml.Node,
    variant_key: str | None = None,
) -> HanabiDefinition | None:
    before = len(reader.problems)
    header = read_header(reader, fields)
    if variant_key is not None and header.id is not None:
        header.id = f"{header.id}-{variant_key}"
    expected = _ranks(reader, fields["ranks"], "ranks") if "ranks" in fields else ()
    suits = _suits(reader, fields.get("suits"), extra_suits, expected)
    note = storm = None
    tokens_node = fields.get("tokens")
    if tokens_node is not None:
        tokens = reader.mapping(tokens_node, "tokens", ("note", "storm"))
        if tokens is not None:
            note = reader.integer(tokens["note"], "tokens.note", minimum=1, maximum=MAX_TOKENS,
                                  things="note tokens") if "note" in tokens else None
            storm = reader.integer(tokens["storm"], "tokens.storm", minimum=1, maximum=MAX_TOKENS,
                                   things="storm tokens") if "storm" in tokens else None
    hands = read_per_players(reader, fields["hand_size"], "hand_size") if "hand_size" in fields else ()
    total = sum(suit.size for suit in suits)
    if total > MAX_CARDS:
        reader.error(fields.get("suits", root), f"{total} cards ({len(suits)} suits); at most {MAX_CARDS} are supported")
    info = make_info(header, KIND, variant_of, reader.loc(root))
    if len(reader.problems) > before or info is None or note is None or storm is None:
        return None
    max_rank = max((r.rank for s in suits for r in s.ranks), default=0)
    return HanabiDefinition(
        info=info,
        suits=tuple(suits),
        max_rank=max_rank,
        note_tokens=note,
        storm_tokens=storm,
        hand_sizes=hands,
        expected_ranks=expected,
        tokens_loc=reader.loc(tokens_node) if tokens_node is not None else info.loc,
    )


def _ranks(reader: Reader, node: yaml.Node, what: str) -> tuple[RankCount, ...]:
    """``{1: 3, 2: 2, ...}``: rank -> copies."""
    result: list[RankCount] = []
    for key_node, value_node in reader.entries(node, what):
        if key_node.tag != "tag:yaml.org,2002:int":
            reader.error(key_node, f"keys of {what} are ranks (whole numbers), not {key_node.value!r}")
            continue
        rank = reader.integer(key_node, f"a rank in {what}", minimum=None, maximum=MAX_RANK)
        if rank is None:
            continue
        if rank < 1:
            reader.error(key_node, f"rank {rank} in {what} must be positive")
            continue
        count = reader.integer(value_node, f"the count of rank {rank}", minimum=1, maximum=MAX_COPIES,
                               things="copies of a rank")
        if count is not None:
            result.append(RankCount(rank, count, reader.loc(key_node)))
    if not result and isinstance(node, yaml.MappingNode):
        reader.error(node, f"{what} lists no ranks")
    return tuple(sorted(result, key=lambda r: r.rank))


def _suits(
    reader: Reader, node: yaml.Node | None, extra: list[yaml.Node], expected: tuple[RankCount, ...]
) -> list[HanabiSuit]:
    items = (reader.sequence(node, "suits") or []) if node is not None else []
    suits: list[HanabiSuit] = []
    seen: dict[str, yaml.Node] = {}
    for item in items + extra:
        fields = reader.mapping(item, "a suit", ("key", "name", "colour", "symbol"), ("ranks",))
        if fields is None:
            continue
        key = reader.name(fields["key"], "suit key") if "key" in fields else None
        name = reader.text(fields["name"], "suit name") if "name" in fields else None
        colour = reader.colour(fields["colour"], "suit colour") if "colour" in fields else None
        symbol = reader.choice(fields["symbol"], "symbol", SYMBOLS) if "symbol" in fields else None
        ranks = _ranks(reader, fields["ranks"], f"ranks of suit '{key}'") if "ranks" in fields else expected
        if key is not None and key in seen:
            first = reader.loc(seen[key])
            reader.error(fields["key"], f"suit '{key}' is defined twice (first at line {first.line})")
            continue
        if None in (key, name, colour, symbol):
            continue
        seen[key] = fields["key"]  # type: ignore[index]
        suits.append(HanabiSuit(key, name, Colour(colour), Symbol(symbol), ranks, reader.loc(item),  # type: ignore[arg-type]
                                name_loc=reader.loc(fields["name"])))
    return suits

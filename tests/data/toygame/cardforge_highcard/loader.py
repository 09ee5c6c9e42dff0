"""Build a HighCardDefinition from its composed YAML file (located problems go to the reader)."""

from __future__ import annotations

import yaml

from generator.loader.common import HEADER_OPTIONAL, HEADER_REQUIRED, make_info, read_header, read_per_players
from generator.loader.fields import Reader
from generator.model import Colour

from .model import KIND, HighCardColour, HighCardDefinition


def build(reader: Reader, root: yaml.Node) -> list[HighCardDefinition]:
    fields = reader.mapping(root, "the High Card definition",
                            HEADER_REQUIRED + ("colours", "top_rank", "hand_size"), HEADER_OPTIONAL)
    if fields is None:
        return []
    before = len(reader.problems)
    header = read_header(reader, fields)
    colours = []
    for key_node, value_node in reader.entries(fields["colours"], "colours") if "colours" in fields else ():
        key = reader.name(key_node, "colour key")
        colour = reader.colour(value_node, "colour")
        if key is not None and colour is not None:
            colours.append(HighCardColour(key, Colour(colour), reader.loc(key_node)))
    top = reader.integer(fields["top_rank"], "top_rank", minimum=1, maximum=99) if "top_rank" in fields else None
    hands = read_per_players(reader, fields["hand_size"], "hand_size") if "hand_size" in fields else ()
    info = make_info(header, KIND, None, reader.loc(root))
    if len(reader.problems) > before or info is None or top is None:
        return []
    return [HighCardDefinition(info, tuple(colours), top, hands, reader.loc(fields["top_rank"]))]

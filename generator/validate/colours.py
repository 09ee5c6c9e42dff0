"""Which colour a printed ``#rrggbb`` reads as, for comparing a definition's suit and pack colours
with the rulebook's colour names (a red suit printed blue is another deck than the box's)."""

from __future__ import annotations

import colorsys

from ..model.common import Colour

NAMES = ("red", "orange", "yellow", "green", "turquoise", "blue", "purple", "pink", "brown", "white", "black")
"""The colour names a rulebook gives its suits and packs."""
ACCEPTS = {
    "red": {"red"},
    "orange": {"orange", "brown", "yellow", "red"},
    "yellow": {"yellow", "orange"},
    "green": {"green", "turquoise"},
    "turquoise": {"turquoise", "green", "blue"},
    "blue": {"blue", "turquoise", "purple"},
    "purple": {"purple", "blue", "pink"},
    "pink": {"pink", "red", "purple"},
    "brown": {"brown", "orange", "red"},
    "white": {"white"},
    "black": {"black"},
}
"""What a print colour may read as and still be the colour named (a white suit is printed grey,
so that it shows on white paper; a brown is a dark orange)."""


def reads_as(colour: Colour) -> str:
    """The name a colour reads as: its hue's, or white (light greys too) or black."""
    r, g, b = colour.rgb
    hue, saturation, value = colorsys.rgb_to_hsv(r, g, b)
    if value < 0.22:
        return "black"
    if saturation < 0.18:
        return "white" if value > 0.45 else "black"
    degrees = hue * 360
    if 15 <= degrees < 45 and value < 0.6:
        return "brown"
    for limit, name in ((15, "red"), (45, "orange"), (70, "yellow"), (165, "green"), (195, "turquoise"),
                        (255, "blue"), (290, "purple"), (345, "pink")):
        if degrees < limit:
            return name
    return "red"


def agrees(name: str, colour: Colour) -> bool:
    """Whether ``colour`` can be printed for the colour called ``name`` (True for a name that is
    not a colour's)."""
    return name not in ACCEPTS or reads_as(colour) in ACCEPTS[name]

"""The build and face options, declared once: ``build``, ``export``, ``preflight`` and ``preview``
take them from here, so each has the same name, bounds and help in every command, and
``build_options`` turns them into one ``BuildOptions`` the same way everywhere.

- ``paper_option``, ``board_paper_option``: the sheets pages are laid on.
- ``face_options``: what the faces look like and which cards a game prints (card size, bleed,
  ink saver, players, all packs, expansion).
- ``sheet_options``: how the pages are imposed (duplex, back offset, crop marks, gutterfold,
  copies).
"""

from __future__ import annotations

from typing import Any, Callable

import click

from ..app.build import BuildOptions
from ..layout.sheets import Duplex
from ..model.limits import (
    MAX_BACK_OFFSET_MM,
    MAX_BLEED_MM,
    MAX_BUILD_COPIES,
    MAX_PLAYERS,
)
from .common import Number, finite_pair, not_empty

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def _offset(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[float, float]:
    return finite_pair(value, MAX_BACK_OFFSET_MM, "in millimetres")


def _stack(*options: Decorator) -> Decorator:
    """Apply ``options`` so that they show in ``--help`` in the order given."""
    def apply(func: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            func = option(func)
        return func
    return apply


def paper_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--paper NAME``: the sheet template pages are laid on."""
    return click.option("--paper", default="a4", show_default=True, metavar="NAME", callback=not_empty,
                        help="Sheet template of the pages: a4, letter, or one of the project's.")(func)


def board_paper_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--board-paper NAME``: a large sheet for boards, mats and boxes."""
    return click.option("--board-paper", default=None, metavar="NAME", callback=not_empty,
                        help="A large sheet (a3, a2) for the boards, mats and boxes larger than --paper: each on one "
                             "page of it when it fits, else tiled over it. Default: tiles on --paper.")(func)


face_options: Decorator = _stack(
    click.option("--card-size", default=None, metavar="NAME", callback=not_empty,
                 help="Card template (poker, poker-metric, bridge, mini, tarot...) of the decks that take the "
                      "game's card size. Default: the game's."),
    click.option("--bleed", "bleed_mm", type=Number(0, MAX_BLEED_MM, " mm"), default=None,
                 help=f"Bleed in mm around the pieces, 0-{MAX_BLEED_MM:g} (default: the sheet's, 3)."),
    click.option("--ink-saver", is_flag=True, help="White backgrounds and outlines instead of solid colour."),
    click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None,
                 help="Firecrackers: the cards for this many players (default 4)."),
    click.option("--all-packs", is_flag=True, help="Firecrackers: every pack (120 cards) instead of one player count's "
                                                  "deck."),
    click.option("--expansion", default=None, metavar="NAME", callback=not_empty,
                 help="Add an expansion's cards (Firecrackers: scoreworks)."),
)
"""The options that change how faces look and which cards a game prints."""

sheet_options: Decorator = _stack(
    click.option("--duplex", type=click.Choice([d.value for d in Duplex]), default="long", show_default=True,
                 help="Backs for double-sided printing flipped on the long or short edge, or none (backs on plain "
                      "following pages)."),
    click.option("--back-offset", default="0,0", callback=_offset, metavar="X,Y",
                 help=f"Move backs by X,Y mm (each within {MAX_BACK_OFFSET_MM:g}) to correct a printer's duplex "
                      "misregistration."),
    click.option("--crop-marks/--no-crop-marks", default=True, show_default=True, help="Cut marks in the margins."),
    click.option("--gutterfold", is_flag=True,
                 help="Fold-and-glue sheets: fronts and backs on one page, no duplex printing needed."),
    click.option("--copies", type=click.IntRange(1, MAX_BUILD_COPIES), default=1, show_default=True,
                 help=f"Copies of each deck (at most {MAX_BUILD_COPIES})."),
)
"""The options that decide how pages are imposed."""


def build_options(**params: Any) -> BuildOptions:
    """The ``BuildOptions`` of a command's parameters: every option of this module it declares,
    plus any other ``BuildOptions`` field passed by name (``only``, ``lang``...)."""
    fields = set(BuildOptions.__dataclass_fields__)
    chosen = {name: value for name, value in params.items() if name in fields and value is not None}
    if "duplex" in chosen:
        chosen["duplex"] = Duplex(chosen["duplex"])
    if "back_offset" in params:
        chosen["back_offset_mm"] = params["back_offset"]
    return BuildOptions(**chosen)

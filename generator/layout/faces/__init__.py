"""Card faces of every game as scenes: one Kit per game (cards, tokens, board, one-off pages).

``build_kit`` picks the game's face module; each draws the regions of its face template
(``layouts/faces.yaml``) with the fields they name.
"""

from __future__ import annotations

from ...model import (
    FirecrackersDefinition,
    GameDefinition,
    HanabiDefinition,
    ScoreworksDefinition,
    SequenceDefinition,
)
from ..kit import FaceSettings, Kit
from ..scene import TextMeasurer
from ..templates import LayoutLibrary
from . import firecrackers, hanabi, sequence
from .common import FaceContext, UnknownField


def build_kit(
    game: GameDefinition,
    settings: FaceSettings,
    measurer: TextMeasurer,
    layouts: LayoutLibrary,
    *,
    players: int | None = None,
    all_packs: bool = False,
    expansion: ScoreworksDefinition | None = None,
) -> Kit:
    """Every piece ``game`` prints with these settings (Firecrackers: for ``players``, or every
    pack; with Scoreworks cards when ``expansion`` is given)."""
    kind = game.info.kind.value
    ctx = FaceContext(settings, measurer, layouts.face(kind))
    if isinstance(game, HanabiDefinition):
        return hanabi.build(game, ctx)
    if isinstance(game, SequenceDefinition):
        return sequence.build(game, ctx)
    if isinstance(game, FirecrackersDefinition):
        extra = FaceContext(settings, measurer, layouts.face("scoreworks")) if expansion is not None else None
        return firecrackers.build(game, ctx, players=players, all_packs=all_packs, expansion=expansion, expansion_ctx=extra)
    if isinstance(game, ScoreworksDefinition):
        return firecrackers.build_scoreworks_only(game, ctx)
    raise TypeError(f"no faces for {type(game).__name__}")  # pragma: no cover


__all__ = ["UnknownField", "build_kit"]

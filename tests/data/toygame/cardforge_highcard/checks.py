"""High Card's own rule: at least three colours (the shared rules check hand sizes and ids)."""

from __future__ import annotations

from generator.model import GameDefinition
from generator.validate.registry import Reporter, RulePack

from .model import HighCardDefinition

CHECKS = RulePack()


@CHECKS.rule("highcard.colours", codes=("too-few-colours",),
             rationale="With fewer than three colours, equal ranks tie too often for the game to be worth playing.")
def colours(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, HighCardDefinition)
    if len(game.colours) < 3:
        report("too-few-colours", game.info.loc, f"{len(game.colours)} colours; High Card needs at least 3")

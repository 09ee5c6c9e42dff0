"""Checks every game's rules share when they compare a definition with its rulebook."""

from __future__ import annotations

from typing import Mapping

from ..model import GameDefinition, OptionValue
from .findings import Severity
from .registry import Reporter


def option_defaults(report: Reporter, code: str, game: GameDefinition, printed: Mapping[str, OptionValue]) -> None:
    """A warning (``code``) for each rule option whose default is not the rulebook's reading: the
    simulator plays the default, so the figures it reports would be another game's. An option the
    definition lacks is left to the engine, which refuses a table without it."""
    by_name = {option.name: option for option in game.info.options}
    for name, value in printed.items():
        option = by_name.get(name)
        if option is not None and option.default != value:
            report(code, option.loc if option.loc.line else game.info.loc,
                   f"rule option '{name}' defaults to {_text(option.default)}; the rulebook plays "
                   f"{_text(value)} (a run may still choose it with --rule)", Severity.WARNING)


def _text(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)

"""Every combination of a Hanabi definition's rule options, read from the definition itself, so a
test that plays them all covers an option added later without being edited."""

from __future__ import annotations

import itertools

from generator.games.hanabi.model import HanabiDefinition
from generator.model.options import OptionValue


def every_option_combination(definition: HanabiDefinition) -> list[dict[str, OptionValue]]:
    """One dict per combination of every value of every simulated option (true/false, or each choice).

    An option with neither (a number) has no finite list of values: it is refused, so that the tests
    reading this are extended on purpose rather than silently skipping it."""
    names: list[str] = []
    values: list[tuple[OptionValue, ...]] = []
    for option in definition.info.options:
        if not option.simulated:
            continue
        if option.kind is bool:
            values.append((True, False))
        elif option.choices:
            values.append(option.choices)
        else:
            raise AssertionError(f"option '{option.name}' has no finite list of values: extend this helper")
        names.append(option.name)
    return [dict(zip(names, combination)) for combination in itertools.product(*values)]

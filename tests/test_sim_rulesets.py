"""Typed rule settings read once from a definition's resolved options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from generator.sim.rulesets import RulesetError, option_field, read_ruleset


@dataclass(frozen=True, slots=True)
class Settings:
    strikeout: Literal["zero", "keep"]
    empty_clues: bool
    threshold: int
    ratio: float
    storm: str = option_field("storm_tokens")


OPTIONS = {"strikeout": "keep", "empty_clues": False, "threshold": 10, "ratio": 1, "storm_tokens": "printed"}


def test_fields_are_read_by_name_and_alias() -> None:
    settings = read_ruleset(Settings, OPTIONS)
    assert settings == Settings("keep", False, 10, 1.0, "printed")
    assert isinstance(settings.ratio, float)


def test_a_missing_option_is_named() -> None:
    options = {k: v for k, v in OPTIONS.items() if k != "threshold"}
    with pytest.raises(RulesetError, match="hanabi: the definition declares no rule option 'threshold'"):
        read_ruleset(Settings, options, game="hanabi")


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("strikeout", "never", "must be one of zero, keep"),
        ("empty_clues", 1, "must be true or false"),
        ("threshold", True, "must be a whole number"),
        ("threshold", 2.5, "must be a whole number"),
        ("ratio", "x", "must be a number"),
        ("storm_tokens", 4, "must be text"),
    ],
)
def test_a_mistyped_option_is_refused(name: str, value: object, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        read_ruleset(Settings, {**OPTIONS, name: value})


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(RulesetError) as caught:
        read_ruleset(Settings, {"strikeout": "never"})
    text = str(caught.value)
    assert "strikeout" in text and "'empty_clues'" in text and "'threshold'" in text and "'storm_tokens'" in text

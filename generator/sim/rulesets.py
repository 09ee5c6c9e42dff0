"""Typed rule settings: each engine reads its rule options once, into a frozen dataclass.

The definition file is the one place a rule option's default is written (``options:`` in
``card_defs/``); ``RuleOptions.resolve`` fills in the defaults, and ``read_ruleset`` turns the
resolved values into the engine's own dataclass, checking every field's type. An engine therefore
never writes ``options.get("name", default)``: a definition that lacks an option the engine needs
is refused with a message naming it, before any game is played.

A field reads the option of its own name, or the one named by ``option_field(name)`` metadata.
Field types: ``bool``, ``int``, ``float``, ``str`` or a ``Literal`` of strings.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Literal, Mapping, TypeVar, get_args, get_origin

from ..model.options import OptionValue

T = TypeVar("T")

_OPTION_KEY = "rule_option"


class RulesetError(ValueError):
    """The definition's options cannot fill the engine's rule settings (missing or mistyped)."""


def option_field(name: str, **kwargs: Any) -> Any:
    """A dataclass field read from the rule option ``name`` (when it differs from the field's)."""
    return dataclasses.field(metadata={_OPTION_KEY: name}, **kwargs)


def read_ruleset(cls: type[T], options: Mapping[str, OptionValue], *, game: str = "") -> T:
    """An instance of the dataclass ``cls`` with every field read from the resolved ``options``.

    Raises RulesetError naming each option that is missing or has the wrong type."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    problems: list[str] = []
    for item in dataclasses.fields(cls):
        if not item.init:
            continue
        name = item.metadata.get(_OPTION_KEY, item.name)
        if name not in options:
            if item.default is not dataclasses.MISSING or item.default_factory is not dataclasses.MISSING:
                continue
            problems.append(f"the definition declares no rule option '{name}'")
            continue
        value = options[name]
        problem = _type_problem(hints[item.name], value)
        if problem:
            problems.append(f"rule option '{name}' {problem}, not {value!r}")
            continue
        values[item.name] = float(value) if hints[item.name] is float else value
    if problems:
        where = f"{game}: " if game else ""
        raise RulesetError(where + "; ".join(problems))
    return cls(**values)


def _type_problem(hint: Any, value: OptionValue) -> str:
    """Why ``value`` does not fit ``hint`` ('' when it does)."""
    if get_origin(hint) is Literal:
        choices = get_args(hint)
        return "" if value in choices else f"must be one of {', '.join(map(str, choices))}"
    if hint is bool:
        return "" if isinstance(value, bool) else "must be true or false"
    if hint is int:
        return "" if isinstance(value, int) and not isinstance(value, bool) else "must be a whole number"
    if hint is float:
        return "" if isinstance(value, (int, float)) and not isinstance(value, bool) else "must be a number"
    if hint is str:
        return "" if isinstance(value, str) else "must be text"
    raise TypeError(f"rule settings cannot hold a field of type {hint!r}")

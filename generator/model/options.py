"""Rule options: named, typed switches a game definition declares with their defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping, Union

from .limits import MAX_NUMBER_DIGITS, MAX_OPTION_MAGNITUDE
from .source import UNKNOWN_LOC, SourceLoc

OptionValue = Union[bool, int, float, str]


class OptionError(ValueError):
    """A rule option name or value that the definition does not allow."""


def _short(text: str) -> str:
    """``text`` for a message: at most 40 characters."""
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One rule option: its default decides the type; ``choices`` or ``minimum``/``maximum`` bound it."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    simulated: bool = True
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    @property
    def kind(self) -> type:
        """The Python type of the option's values (bool, int, float or str)."""
        return type(self.default)

    def parse(self, text: str) -> OptionValue:
        """Turn a command-line value (``--rule name=value``) into a checked option value."""
        kind = self.kind
        value: OptionValue
        if kind is bool:
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
            else:
                raise OptionError(f"option '{self.name}' takes true or false, not {text!r}")
        elif kind is int:
            try:
                if len(text.strip().lstrip("+-")) > MAX_NUMBER_DIGITS:
                    raise ValueError(text)
                value = int(text)
            except ValueError:
                raise OptionError(f"option '{self.name}' takes a whole number, not {_short(text)!r}") from None
        elif kind is float:
            try:
                value = float(text)
            except ValueError:
                raise OptionError(f"option '{self.name}' takes a number, not {_short(text)!r}") from None
        else:
            value = text.strip()
        return self.check(value)

    def check(self, value: OptionValue) -> OptionValue:
        """Return ``value`` if this option allows it, else raise OptionError saying why."""
        kind = self.kind
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not kind:
            raise OptionError(
                f"option '{self.name}' takes a {kind.__name__}, not {type(value).__name__} {value!r}"
            )
        if kind in (int, float) and not -MAX_OPTION_MAGNITUDE <= value <= MAX_OPTION_MAGNITUDE:  # type: ignore[operator]
            raise OptionError(f"option '{self.name}' takes a number from {-MAX_OPTION_MAGNITUDE:,} to "
                              f"{MAX_OPTION_MAGNITUDE:,}, not {value!r}")
        if self.choices and value not in self.choices:
            raise OptionError(
                f"option '{self.name}' takes one of {', '.join(self.choices)}, not {value!r}"
            )
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        if self.minimum is not None and number is not None and number < self.minimum:
            raise OptionError(f"option '{self.name}' must be at least {self.minimum:g}, not {value!r}")
        if self.maximum is not None and number is not None and number > self.maximum:
            raise OptionError(f"option '{self.name}' must be at most {self.maximum:g}, not {value!r}")
        return value


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The options a game declares; ``resolve`` applies overrides and returns every value."""

    options: tuple[RuleOption, ...] = ()

    def __iter__(self) -> Iterator[RuleOption]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def get(self, name: str) -> RuleOption:
        """The option called ``name``; OptionError naming the known options when there is none."""
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"unknown rule option '{name}' (this game has: {known})")

    def defaults(self) -> dict[str, OptionValue]:
        """Every option at its default value."""
        return {o.name: o.default for o in self.options}

    def resolve(self, overrides: Mapping[str, OptionValue] | None = None) -> dict[str, OptionValue]:
        """Defaults with ``overrides`` applied, each override checked against its option."""
        values = self.defaults()
        for name, value in (overrides or {}).items():
            values[name] = self.get(name).check(value)
        return values

    def parse_assignments(self, assignments: list[str] | tuple[str, ...]) -> dict[str, OptionValue]:
        """Parse ``NAME=VALUE`` strings (the ``--rule`` flag) into checked overrides."""
        parsed: dict[str, OptionValue] = {}
        for item in assignments:
            name, sep, text = item.partition("=")
            if not sep or not name.strip():
                raise OptionError(f"expected NAME=VALUE, got {item!r}")
            parsed[name.strip()] = self.get(name.strip()).parse(text)
        return parsed

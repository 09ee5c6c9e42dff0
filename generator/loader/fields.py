"""Typed, located reading of composed YAML nodes; every mistake is collected, none stops the reading.

Readers return None (and record a Problem) when a value is wrong, so a builder can go on and report
every mistake of a file at once.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import yaml

from ..model import OptionValue, limits
from ..model.source import SourceLoc
from ..model.suggest import closest
from .errors import Problem
from .yamlnodes import node_loc

_TAG = "tag:yaml.org,2002:"
_KIND_NAMES = {
    _TAG + "str": "text",
    _TAG + "int": "a whole number",
    _TAG + "float": "a number",
    _TAG + "bool": "true/false",
    _TAG + "null": "nothing (null)",
    _TAG + "seq": "a list",
    _TAG + "map": "a mapping",
}
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def describe(node: yaml.Node) -> str:
    """How a node reads to a user: ``true/false 'no'``, ``a list``..."""
    kind = _KIND_NAMES.get(node.tag, node.tag)
    if isinstance(node, yaml.ScalarNode) and node.tag != _TAG + "str":
        return f"{kind} ({node.value!r})" if node.value != "" else kind
    return kind


@dataclass
class Reader:
    """Reads one file's nodes, collecting problems located in that file."""

    path: str
    problems: list[Problem] = field(default_factory=list)
    file: Path | None = None
    """The file being read, when it is one (files it names, such as a card list, lie beside it)."""
    table_changes: dict[str, OptionValue] = field(default_factory=dict)
    """What-ifs on the card lists this file names, by path (``cards.ROW.COLUMN``): applied where a
    game reads its card list (``generator.loader.whatif.change_table``)."""

    def loc(self, node: yaml.Node) -> SourceLoc:
        return node_loc(self.path, node)

    def error(self, node: yaml.Node | SourceLoc, message: str) -> None:
        loc = node if isinstance(node, SourceLoc) else self.loc(node)
        self.problems.append(Problem(loc, message))

    # -- mappings -----------------------------------------------------------------------------

    def mapping(
        self,
        node: yaml.Node,
        what: str,
        required: tuple[str, ...] = (),
        optional: tuple[str, ...] = (),
    ) -> dict[str, yaml.Node] | None:
        """A mapping with string keys: unknown keys (with the nearest known one), duplicate keys and
        missing required keys are problems. Returns the known keys' value nodes."""
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} should be a mapping of fields, not {describe(node)}")
            return None
        allowed = required + optional
        seen: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != _TAG + "str":
                self.error(key_node, f"field names in {what} are text; {describe(key_node)} is not a field name")
                continue
            key = key_node.value
            if key in seen:
                first = self.loc(seen[key])
                self.error(key_node, f"duplicate field '{key}' in {what} (first given at line {first.line})")
                continue
            if key not in allowed:
                self.error(key_node, self.unknown_message(key, allowed, f"field in {what}"))
                seen[key] = key_node
                continue
            seen[key] = value_node
        for key in required:
            if key not in seen:
                self.error(node, f"{what} is missing the required field '{key}'")
        return {k: v for k, v in seen.items() if k in allowed}

    def unknown_message(self, key: str, allowed: tuple[str, ...] | list[str], what: str) -> str:
        close = closest(key, list(allowed))
        hint = f"did you mean '{close}'?" if close else f"expected one of: {', '.join(allowed)}"
        return f"unknown {what} '{key}' ({hint})"

    def entries(self, node: yaml.Node, what: str) -> Iterator[tuple[yaml.ScalarNode, yaml.Node]]:
        """Key/value pairs of a free-form mapping (keys are data, e.g. suit keys), duplicates refused."""
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} should be a mapping, not {describe(node)}")
            return
        seen: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in (_TAG + "str", _TAG + "int"):
                self.error(key_node, f"keys of {what} should be names or numbers, not {describe(key_node)}")
                continue
            if key_node.value in seen:
                first = self.loc(seen[key_node.value])
                self.error(key_node, f"duplicate key '{key_node.value}' in {what} (first given at line {first.line})")
                continue
            seen[key_node.value] = key_node
            yield key_node, value_node

    # -- lists and scalars --------------------------------------------------------------------

    def sequence(self, node: yaml.Node, what: str, allow_empty: bool = False) -> list[yaml.Node] | None:
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, f"{what} should be a list, not {describe(node)}")
            return None
        if not node.value and not allow_empty:
            self.error(node, f"{what} is empty")
            return None
        return list(node.value)

    def text(self, node: yaml.Node, what: str, allow_empty: bool = False) -> str | None:
        """A text value. YAML reads unquoted ``no``, ``on``, ``12`` as other types: say so."""
        if not isinstance(node, yaml.ScalarNode):
            self.error(node, f"{what} should be text, not {describe(node)}")
            return None
        if node.tag != _TAG + "str":
            hint = ""
            if node.tag == _TAG + "bool":
                hint = f": YAML reads unquoted {node.value} as {node.value.lower() in ('yes', 'true', 'on', 'y')!s}"
                hint = hint.replace("True", "true").replace("False", "false") + f"; write '{node.value}' in quotes"
            elif node.tag in (_TAG + "int", _TAG + "float"):
                hint = f"; write '{node.value}' in quotes if you mean text"
            elif node.tag == _TAG + "null":
                hint = " (the value is missing)"
            self.error(node, f"{what} should be text, not {describe(node)}{hint}")
            return None
        if not node.value.strip() and not allow_empty:
            self.error(node, f"{what} is empty")
            return None
        return str(node.value)

    def name(self, node: yaml.Node, what: str) -> str | None:
        """An identifier: lower-case letters, digits, '-' and '_' (keys and ids used in files and CLIs)."""
        value = self.text(node, what)
        if value is not None and not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", value):
            self.error(node, f"{what} '{value}' should use only lower-case letters, digits, '-' and '_'")
            return None
        return value

    def integer(self, node: yaml.Node, what: str, minimum: int | None = None, maximum: int = limits.MAX_COUNT,
                *, things: str | None = None) -> int | None:
        """A whole number from ``minimum`` (default: minus ``maximum``) to ``maximum``. With
        ``things``, a number above the maximum reads ``1000000 copies of a rank; at most 1000 are
        supported``; a number too long to be sensible is refused before it is converted."""
        if not isinstance(node, yaml.ScalarNode) or node.tag != _TAG + "int":
            self.error(node, f"{what} should be a whole number, not {describe(node)}")
            return None
        value = self._whole(node, what, maximum)
        if value is None:
            return None
        low = -maximum if minimum is None else minimum
        if value < low:
            if minimum == 1:
                self.error(node, f"{what} must be positive, not {value}")
            else:
                self.error(node, f"{what} must be at least {low}, not {value}")
            return None
        if value > maximum:
            if things is not None:
                self.error(node, f"{value} {things}; at most {maximum} are supported")
            else:
                self.error(node, f"{what} must be at most {maximum}, not {value}")
            return None
        return value

    def _whole(self, node: yaml.ScalarNode, what: str, maximum: float) -> int | None:
        """The value of an int-tagged scalar, refused (None) when it is too long to convert safely."""
        digits = node.value.lstrip("+-").replace("_", "")
        if len(digits) > limits.MAX_NUMBER_DIGITS:
            self.error(node, f"{what} is a number of {len(digits)} digits; at most {maximum:g} is supported")
            return None
        return int(_CONSTRUCTOR.construct_yaml_int(node))

    def number(self, node: yaml.Node, what: str, minimum: float | None = None,
               maximum: float = limits.MAX_OPTION_MAGNITUDE) -> float | None:
        """A finite number (whole or not) from ``minimum`` (default: minus ``maximum``) to
        ``maximum``; ``.inf`` and ``.nan`` are refused."""
        if not isinstance(node, yaml.ScalarNode) or node.tag not in (_TAG + "int", _TAG + "float"):
            self.error(node, f"{what} should be a number, not {describe(node)}")
            return None
        if node.tag == _TAG + "int":
            whole = self._whole(node, what, maximum)
            if whole is None:
                return None
            value = float(whole)
        else:
            value = float(_CONSTRUCTOR.construct_yaml_float(node))
        if not math.isfinite(value):
            self.error(node, f"{what} should be a finite number, not {node.value}")
            return None
        low = -maximum if minimum is None else minimum
        if not low <= value <= maximum:
            self.error(node, f"{what} must be from {low:g} to {maximum:g}, not {value:g}")
            return None
        return value

    def boolean(self, node: yaml.Node, what: str) -> bool | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != _TAG + "bool":
            self.error(node, f"{what} should be true or false, not {describe(node)}")
            return None
        return node.value.lower() in ("yes", "true", "on", "y")

    def colour(self, node: yaml.Node, what: str) -> str | None:
        value = self.text(node, what)
        if value is not None and not _HEX.match(value):
            self.error(node, f"{what} should be a colour like \"#d62828\", not {value!r} (quote it: # starts a comment)")
            return None
        return value.lower() if value is not None else None

    def choice(self, node: yaml.Node, what: str, choices: tuple[str, ...] | list[str]) -> str | None:
        value = self.text(node, what)
        if value is not None and value not in choices:
            self.error(node, self.unknown_message(value, list(choices), what))
            return None
        return value

    def scalar_value(self, node: yaml.Node, what: str) -> bool | int | float | str | None:
        """A bool, int, float or text scalar, typed as YAML reads it."""
        if not isinstance(node, yaml.ScalarNode) or node.tag in (_TAG + "null",):
            self.error(node, f"{what} should be a single value, not {describe(node)}")
            return None
        if node.tag == _TAG + "bool":
            return self.boolean(node, what)
        if node.tag == _TAG + "int":
            return self.integer(node, what, maximum=limits.MAX_OPTION_MAGNITUDE)
        if node.tag == _TAG + "float":
            return self.number(node, what, maximum=limits.MAX_OPTION_MAGNITUDE)
        return str(node.value)

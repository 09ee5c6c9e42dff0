"""What-ifs on a deck: any value of a definition file, addressed by its path in the YAML
(``actions.treasure.coins``, ``price.base.3``, ``ranks.5``, ``hand_size.3``), changed before the
game's loader reads the file, so the game's own loader and checks see the changed deck and every
mistake is still reported at its place.

A path is the mapping keys and list positions (from 0) from the top of the file to a value,
joined by dots. The values that can be changed, and their kinds, come from walking the composed
nodes: whole numbers, numbers, true/false and text. A value an entry leaves out can be added when
another entry of the same mapping writes it (``actions.boom_burglar.action_cost``: other actions
have an ``action_cost``), with that kind. A changed file is a copy of the composed nodes along the
changed paths (the nodes an alias shares elsewhere are left alone).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

import yaml

from ..files.paths import display_path
from ..files.saferead import MAX_DEFINITION_BYTES, read_regular
from ..model import GameDefinition, OptionValue
from ..model.limits import MAX_SWEEP_RUNS
from ..model.source import SourceLoc
from ..model.suggest import closest
from .errors import DefinitionErrors, Problem
from .folders import definition_files
from .yamlnodes import compose_file, node_loc

if TYPE_CHECKING:
    from .cardlists import Table
    from .fields import Reader

_KINDS: dict[str, type] = {
    "tag:yaml.org,2002:int": int,
    "tag:yaml.org,2002:float": float,
    "tag:yaml.org,2002:bool": bool,
    "tag:yaml.org,2002:str": str,
}
_KIND_NAMES = {int: "a whole number", float: "a number", bool: "true or false", str: "text"}


class WhatIfError(ValueError):
    """A path that names no value of the file, or a value of the wrong kind (says what fits)."""


@dataclass(frozen=True, slots=True)
class DeckValue:
    """One value of a definition file that ``--set`` can change: its path, kind, value and place."""

    path: str
    kind: type
    value: OptionValue | None
    """None for a value the file leaves out (its entry's siblings write it)."""
    loc: SourceLoc

    @property
    def kind_name(self) -> str:
        return _KIND_NAMES[self.kind]

    def parse(self, text: str) -> list[OptionValue]:
        """``V1,V2,...`` (whole numbers also take ``A..B``) as values of this path's kind; at most
        MAX_SWEEP_RUNS of them, counted before any is made."""
        values: list[OptionValue] = []
        items = text.split(",", MAX_SWEEP_RUNS)
        if len(items) > MAX_SWEEP_RUNS:
            raise WhatIfError(f"{self.path}: more than {MAX_SWEEP_RUNS} values; a sweep plays at most {MAX_SWEEP_RUNS}")
        for item in items:
            item = item.strip()
            if not item:
                raise WhatIfError(f"{self.path}: empty value in {text!r}")
            low, dots, high = item.partition("..")
            if dots and self.kind is int:
                first, last = _int(self.path, low), _int(self.path, high)
                if last < first:
                    raise WhatIfError(f"{self.path}: bad range {item!r}")
                if len(values) + last - first + 1 > MAX_SWEEP_RUNS:
                    raise WhatIfError(f"{self.path}: {item} makes more than {MAX_SWEEP_RUNS} values; a sweep plays "
                                      f"at most {MAX_SWEEP_RUNS}")
                values.extend(range(first, last + 1))
            else:
                values.append(self._one(item))
        return values

    def _one(self, item: str) -> OptionValue:
        if self.kind is int:
            return _int(self.path, item)
        if self.kind is float:
            try:
                return float(item)
            except ValueError:
                raise WhatIfError(f"{self.path} takes a number, not {item!r}") from None
        if self.kind is bool:
            lowered = item.lower()
            if lowered in ("true", "yes", "on"):
                return True
            if lowered in ("false", "no", "off"):
                return False
            raise WhatIfError(f"{self.path} takes true or false, not {item!r}")
        return item


def _int(path: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise WhatIfError(f"{path} takes a whole number, not {text.strip()!r}") from None


def _walk(node: yaml.Node, prefix: str, shown_as: str, depth: int = 0) -> Iterator[DeckValue]:
    if depth > 64:
        return
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and "." not in str(key.value):  # a dotted path cannot name it
                yield from _walk(value, f"{prefix}{key.value}.", shown_as, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            yield from _walk(value, f"{prefix}{i}.", shown_as, depth + 1)
    elif isinstance(node, yaml.ScalarNode) and node.tag in _KINDS and prefix:
        kind = _KINDS[node.tag]
        yield DeckValue(prefix[:-1], kind, _scalar(node, kind), node_loc(shown_as, node))


def _scalar(node: yaml.ScalarNode, kind: type) -> OptionValue:
    """The node's value as the YAML core schema reads it (the loader's own readers check it)."""
    text = str(node.value)
    try:
        if kind is bool:
            return text.lower() in ("true", "yes", "on")
        if kind is int:
            return int(text.replace("_", ""), 0) if text.lower().startswith(("0x", "0o")) else int(text.replace("_", ""))
        if kind is float:
            return float(text.replace("_", ""))
    except ValueError:
        pass
    return text


def _absent(node: yaml.Node, prefix: str, shown_as: str, depth: int = 0) -> Iterator[DeckValue]:
    """Values an entry of a mapping of mappings leaves out while another entry writes them."""
    if depth > 64:
        return
    if isinstance(node, yaml.MappingNode):
        entries = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]
        if entries and all(isinstance(v, yaml.MappingNode) for _, v in entries):
            written: dict[str, type] = {}
            for _, entry in entries:
                for key, value in entry.value:
                    if isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode) and value.tag in _KINDS:
                        written.setdefault(str(key.value), _KINDS[value.tag])
            for key, entry in entries:
                have = {str(k.value) for k, _ in entry.value if isinstance(k, yaml.ScalarNode)}
                for name, kind in written.items():
                    if name not in have:
                        yield DeckValue(f"{prefix}{key.value}.{name}", kind, None, node_loc(shown_as, entry))
        for key, value in entries:
            yield from _absent(value, f"{prefix}{key.value}.", shown_as, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            yield from _absent(value, f"{prefix}{i}.", shown_as, depth + 1)


def deck_values(root: yaml.Node, shown_as: str) -> dict[str, DeckValue]:
    """Every value of a composed file that a path can change, by path, in file order; then the
    values entries leave out that their siblings write (``value`` None)."""
    found = {value.path: value for value in _walk(root, "", shown_as)}
    for value in _absent(root, "", shown_as):
        found.setdefault(value.path, value)
    return found


def read_deck_values(file: Path) -> dict[str, DeckValue]:
    """``deck_values`` of a definition file (DefinitionErrors when it cannot be read)."""
    shown_as = display_path(file)
    return deck_values(compose_file(file, shown_as), shown_as)


def nearest_path(wanted: str, known: Sequence[str]) -> str | None:
    """The known path closest to ``wanted``: one ending like it (``treasure.coins`` ->
    ``actions.treasure.coins``), else the most similar (difflib)."""
    ending = [p for p in known if p.endswith("." + wanted)]
    if ending:
        return min(ending, key=len)
    close = closest(wanted, list(known))
    if close:
        return close
    tail = wanted.rsplit(".", 1)[-1]
    close = closest(tail, [p.rsplit(".", 1)[-1] for p in known], 0.8)
    if close:
        return next(p for p in known if p.rsplit(".", 1)[-1] == close)
    return None


def check_path(path: str, known: Mapping[str, DeckValue], file: str) -> DeckValue:
    """The value at ``path``, or WhatIfError naming the nearest correct path."""
    found = known.get(path)
    if found is not None:
        return found
    hint = nearest_path(path, list(known))
    near = f"did you mean '{hint}'?" if hint else "paths are keys and list positions joined by dots, like " + \
        ", ".join(f"'{p}'" for p in list(known)[:3])
    raise WhatIfError(f"{file} has no value at '{path}' ({near})")


def _node(kind: type, value: OptionValue, old: yaml.ScalarNode) -> yaml.ScalarNode:
    """A scalar node holding ``value`` at the place of ``old`` (errors about it point there)."""
    if kind is bool:
        tag, text = "tag:yaml.org,2002:bool", "true" if value else "false"
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        tag, text = "tag:yaml.org,2002:str", str(value)
    elif isinstance(value, int):
        tag, text = "tag:yaml.org,2002:int", str(value)
    else:
        tag, text = "tag:yaml.org,2002:float", repr(float(value))
    # a text keeps the style it was written in (a literal block's line breaks are its paragraphs)
    style = old.style if tag == "tag:yaml.org,2002:str" and old.tag == tag else None
    return yaml.ScalarNode(tag, text, old.start_mark, old.end_mark, style=style)


def _replace(node: yaml.Node, parts: Sequence[str], value: OptionValue, kind: type) -> yaml.Node:
    """A copy of ``node`` with the value at ``parts`` replaced (only the nodes on the path copied)."""
    if not parts:
        assert isinstance(node, yaml.ScalarNode)
        return _node(kind, value, node)
    head, rest = parts[0], parts[1:]
    if isinstance(node, yaml.MappingNode):
        pairs = list(node.value)
        for i, (key, child) in enumerate(pairs):
            if isinstance(key, yaml.ScalarNode) and str(key.value) == head:
                pairs[i] = (key, _replace(child, rest, value, kind))
                return yaml.MappingNode(node.tag, pairs, node.start_mark, node.end_mark, node.flow_style)
        if not rest:  # a value the entry leaves out: added, placed at the entry for messages
            key = yaml.ScalarNode("tag:yaml.org,2002:str", head, node.start_mark, node.start_mark)
            placeholder = yaml.ScalarNode("tag:yaml.org,2002:null", "", node.start_mark, node.start_mark)
            pairs.append((key, _node(kind, value, placeholder)))
            return yaml.MappingNode(node.tag, pairs, node.start_mark, node.end_mark, node.flow_style)
    elif isinstance(node, yaml.SequenceNode) and head.isdigit() and int(head) < len(node.value):
        items = list(node.value)
        items[int(head)] = _replace(items[int(head)], rest, value, kind)
        return yaml.SequenceNode(node.tag, items, node.start_mark, node.end_mark, node.flow_style)
    raise WhatIfError(f"no value at '{'.'.join(parts)}'")


def apply_changes(root: yaml.Node, changes: Mapping[str, OptionValue], shown_as: str) -> yaml.Node:
    """The composed file with each ``path: value`` of ``changes`` in place (DefinitionErrors for a
    path that names no value, or a value of the wrong kind)."""
    known = deck_values(root, shown_as)
    problems: list[Problem] = []
    for path, value in changes.items():
        try:
            target = check_path(path, known, shown_as)
            if target.kind is not str and not _fits(target.kind, value):
                raise WhatIfError(f"{path} takes {target.kind_name}, not {value!r}")
            root = _replace(root, path.split("."), value, target.kind)
        except WhatIfError as exc:
            problems.append(Problem(SourceLoc(shown_as, 1, 1), str(exc)))
    if problems:
        raise DefinitionErrors(problems)
    return root


def _fits(kind: type, value: OptionValue) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def source_file(root: Path, definition: GameDefinition) -> Path | None:
    """The definition file of the project folder ``root`` that ``definition`` was read from."""
    folder = root / "card_defs"
    if not folder.is_dir():
        return None
    for file in definition_files(root):
        if display_path(file) == definition.info.loc.path:
            return file
    return None


def digest(files: Sequence[Path]) -> str:
    """SHA-256 of the files as read (each file's name and bytes, in the given order)."""
    hasher = hashlib.sha256()
    for file in files:
        data = read_regular(file, MAX_DEFINITION_BYTES)
        hasher.update(f"{file.name}\0{len(data)}\0".encode("utf-8"))
        hasher.update(data)
    return hasher.hexdigest()


TABLE_KEYS = ("cards",)
"""Top-level fields of a definition that hold a card list: a value of a card is addressed by the
card's id and its column (``cards.bee.value``, ``cards.bee.count``), whether the list is a file
(CSV, XLSX) or written inline."""


def split_table_changes(root: yaml.Node, changes: Mapping[str, OptionValue]
                        ) -> tuple[dict[str, OptionValue], dict[str, OptionValue]]:
    """``changes`` parted into those of the YAML file itself and those of its card lists (paths
    ``cards.ROW.COLUMN``, or ``components.NAME.cards.ROW.COLUMN`` in a definition with components,
    where the card list is a file, or names a card by its id in an inline list): the second are
    applied where the game reads its card list (``change_table``)."""
    in_file: dict[str, OptionValue] = {}
    in_table: dict[str, OptionValue] = {}
    for path, value in changes.items():
        parts = path.split(".")
        cut = 1 if parts[0] in TABLE_KEYS else 3 if parts[0] == "components" and parts[2:3] == ["cards"] else 0
        node = _child(root, parts[:cut]) if cut else None
        rest = parts[cut:]
        by_id = isinstance(node, yaml.ScalarNode) or (isinstance(node, yaml.SequenceNode) and bool(rest)
                                                      and not rest[0].isdigit())
        (in_table if len(rest) == 2 and by_id else in_file)[path] = value
    return in_file, in_table


def _child(node: yaml.Node | None, keys: Sequence[str]) -> yaml.Node | None:
    """The node at ``keys`` of nested mappings (None when one is missing)."""
    for key in keys:
        if not isinstance(node, yaml.MappingNode):
            return None
        node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
    return node


def value_text(value: OptionValue) -> str:
    """A what-if value as a card list's cell writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def change_table(reader: "Reader", table: "Table", what: str, place: yaml.Node) -> "Table":
    """The card list ``table`` (the definition's field ``what``) with the reader's what-ifs on it
    in place: each ``what.ROW.COLUMN`` replaces the text of that cell, keeping its place, so the
    game checks the new value as if it were written there. A row or column the list does not have
    is a problem at ``place``."""
    from .cardlists import Cell, Row, Table

    wanted = {path[len(what) + 1:]: value for path, value in reader.table_changes.items()
              if path.startswith(what + ".")}
    if not wanted:
        return table
    rows = list(table.rows)
    index = {row.cells["id"].text: i for i, row in enumerate(rows) if "id" in row.cells}
    for path, value in wanted.items():
        card, _, column = path.partition(".")
        if card not in index:
            near = closest(card, list(index))
            hint = f" (did you mean '{near}'?)" if near else ""
            reader.error(place, f"--set {what}.{path}: the card list has no card '{card}'{hint}")
            continue
        if column not in table.columns or column == "id":
            reader.error(place, f"--set {what}.{path}: the card list has no column '{column}' "
                                f"(columns: {', '.join(c for c in table.columns if c != 'id')})")
            continue
        row = rows[index[card]]
        old = row.cells.get(column)
        cells = dict(row.cells)
        cells[column] = Cell(value_text(value), old.loc if old is not None else row.loc)
        rows[index[card]] = Row(row.loc, cells)
    return Table(table.columns, tuple(rows))


def write_values(file: Path, values: Mapping[str, OptionValue]) -> None:
    """Write ``values`` (by their paths inside ``file``) into a definition file where they stand:
    each value's text is replaced in place, so comments, order and layout are kept. The new text
    is composed again and must hold exactly the new values before it replaces the file in one
    step (DefinitionErrors when a path names no written value)."""
    from ..files.atomicio import write_atomic
    from .yamlnodes import compose_text

    shown_as = display_path(file)
    text = read_regular(file, MAX_DEFINITION_BYTES, "file").decode("utf-8")
    root = compose_text(text, shown_as)
    spans = []
    for path, value in values.items():
        node = _at(root, path.split("."))
        if not isinstance(node, yaml.ScalarNode) or node.tag not in _KINDS:
            raise DefinitionErrors([Problem(node_loc(shown_as, node) if node is not None else SourceLoc(shown_as, 1, 1),
                                            f"no value written at '{path}' to change")])
        kind = _KINDS[node.tag]
        if not (isinstance(value, str) if kind is str else _fits(kind, value)):
            raise DefinitionErrors([Problem(node_loc(shown_as, node), f"{path} takes {_KIND_NAMES[kind]}")])
        spans.append((node.start_mark.index, node.end_mark.index, _literal(kind, value)))
    for start, end, literal in sorted(spans, reverse=True):
        text = text[:start] + literal + text[end:]
    written = deck_values(compose_text(text, shown_as), shown_as)
    for path, value in values.items():
        if path not in written or written[path].value != value:
            raise DefinitionErrors([Problem(SourceLoc(shown_as, 1, 1), f"{path} did not read back as {value!r}")])
    write_atomic(file, text.encode("utf-8"))


def _at(node: yaml.Node | None, parts: Sequence[str]) -> yaml.Node | None:
    """The node at a path of mapping keys and list positions (None when one is missing)."""
    for part in parts:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and str(k.value) == part), None)
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            return None
    return node


def _literal(kind: type, value: OptionValue) -> str:
    """A value as plain YAML of its kind."""
    if kind is bool:
        return "true" if value else "false"
    if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(float(value))
    if kind is str:
        return yaml.safe_dump(str(value), default_flow_style=True, width=10**6).strip().removesuffix("...").strip()
    return str(value)

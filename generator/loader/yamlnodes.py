"""Safe YAML reading that keeps every node's place: the only module (with its siblings) that imports yaml.

``yaml.safe_load`` silently keeps the last of two duplicate keys and expands aliases without limit;
we compose nodes instead (each keeps its line and column) and refuse what a definition file never
needs: huge files, non-UTF-8 bytes, tags other than YAML's core ones, merge keys, and aliases that
would expand to more nodes than a definition could sensibly hold (alias bombs).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator, Protocol

import yaml

from ..files.saferead import MAX_DEFINITION_BYTES, ReadError, read_regular
from ..model.limits import MAX_FILE_VALUES
from ..model.source import SourceLoc
from .errors import DefinitionErrors, Problem

MAX_FILE_BYTES = MAX_DEFINITION_BYTES
"""Definition files are a few kilobytes; anything this large is a mistake or an attack."""

MAX_FLOW_DEPTH = 64
"""Nesting of ``[`` and ``{`` a file may use (PyYAML's scanner slows quadratically with depth)."""

MAX_EXPANDED_NODES = 200_000
"""Nodes a document may hold once its aliases are expanded (a billion-laughs file holds 10^9)."""

_CORE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}

Node = yaml.Node
ScalarNode = yaml.ScalarNode
SequenceNode = yaml.SequenceNode
MappingNode = yaml.MappingNode


def node_loc(path: str, node: yaml.Node) -> SourceLoc:
    """The 1-based place where ``node`` starts."""
    mark = node.start_mark
    return SourceLoc(path, mark.line + 1, mark.column + 1)


class _Mark(Protocol):
    """A place in the text as PyYAML's parsers mark it (the pure-Python and the libyaml one)."""

    line: int
    column: int


def _mark_loc(path: str, mark: _Mark | None) -> SourceLoc:
    if mark is None:
        return SourceLoc(path, 1, 1)
    return SourceLoc(path, mark.line + 1, mark.column + 1)


def _decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise DefinitionErrors(
            [Problem(SourceLoc(path, line, column), f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x})")]
        ) from None


_QUOTED_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\n]|\'\')*\'|(?:^|(?<=\s))#[^\n]*', re.M)
_BRACKET = re.compile(r"[\[\]{}]")


def _check_flow_depth(text: str, path: str) -> int:
    """Refuse deeply nested flow collections before the YAML scanner sees them; else the deepest
    nesting of brackets (outside quotes and comments: at least the flow collections' depth).
    Neither a quoted string nor a comment runs on past its line, so only the lines with a bracket
    are read, and only those with a quote or a comment are blanked first."""
    depth = deepest = 0
    for row, line in enumerate(text.split("\n"), 1):
        if "[" in line or "]" in line or "{" in line or "}" in line:
            if '"' in line or "'" in line or "#" in line:
                line = _QUOTED_OR_COMMENT.sub(lambda m: " " * len(m.group()), line)
            for match in _BRACKET.finditer(line):
                depth = depth + 1 if match.group() in "[{" else max(0, depth - 1)
                deepest = max(deepest, depth)
                if depth > MAX_FLOW_DEPTH:
                    raise DefinitionErrors([Problem(SourceLoc(path, row, match.start() + 1),
                                                    f"lists and mappings nest more than {MAX_FLOW_DEPTH} deep here")])
    return deepest


_LEADING = re.compile(r"^[ \t?:-]*", re.M)
"""What may stand before the first token of a block collection on its line: indentation and the
indicators of entries, keys and values (``- - key: value`` starts three collections)."""
SMALL_TEXT = MAX_FILE_VALUES // 4
"""A file of at most this many characters cannot write more than MAX_FILE_VALUES values (the
densest YAML, ``[?,?,?]``, makes three values of two characters)."""


def _small_and_shallow(text: str, flow_depth: int) -> bool:
    """Whether ``text`` is too small to pass MAX_FILE_VALUES and too shallow to nest more than
    MAX_DEPTH deep, so that the event pass (``_check_events``) cannot refuse it: a block
    collection nested in another starts further right on its line, but for a list that is a
    mapping's value (which may start at its keys' column), so block collections nest at most
    twice as deep as the widest run of indentation and indicators at the start of a line; flow
    collections, ``flow_depth`` more. Nesting is checked again on the nodes (``_check_nodes``)."""
    if len(text) > SMALL_TEXT:
        return False
    widest = max((match.end() - match.start() for match in _LEADING.finditer(text)), default=0)
    return 2 * (widest + 1) + flow_depth <= MAX_DEPTH


def compose_text(text: str, path: str) -> yaml.Node:
    """Compose one YAML document into checked nodes, or raise DefinitionErrors."""
    if not text.strip() or all(
        not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()
    ):
        raise DefinitionErrors([Problem(SourceLoc(path, 1, 1), "the file is empty")])
    flow_depth = _check_flow_depth(text, path)
    try:
        node = _compose(text, path, events=not _small_and_shallow(text, flow_depth))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(part for part in (exc.context, exc.problem) if part)
        raise DefinitionErrors([Problem(_mark_loc(path, mark), f"not valid YAML: {message}")]) from None
    except yaml.YAMLError as exc:
        raise DefinitionErrors([Problem(SourceLoc(path, 1, 1), f"not valid YAML: {exc}")]) from None
    except RecursionError:
        raise DefinitionErrors([Problem(SourceLoc(path, 1, 1), "the file nests too deeply to be a definition")]) from None
    if node is None or (node.tag == "tag:yaml.org,2002:null" and node.value in ("", "~", "null")):
        raise DefinitionErrors([Problem(SourceLoc(path, 1, 1), "the file is empty")])
    if "*" in text:  # an alias: a node may be shared, and expand past any size
        _check_nodes(node, path)
    else:
        _check_tree(node, path)
    return node


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)
"""libyaml's parser where PyYAML was built with it (ten times faster; it keeps lines and columns)."""

MAX_DEPTH = 64
"""Nesting of lists and mappings (block or flow) a file may use: definitions nest about six deep,
and libyaml's composer recurses in C, where a very deep file would overflow the stack."""


def _compose(text: str, path: str, events: bool = True) -> yaml.Node | None:
    """The document's node tree, after an event pass (``_check_events``, with ``events``: a file
    that is not ``_small_and_shallow``) that refuses nesting deeper than MAX_DEPTH and more than
    MAX_FILE_VALUES values before any node is built: with libyaml when it is installed, else with
    PyYAML's own parser. A file libyaml refuses is read again by PyYAML, whose messages say more
    (and the verdicts then agree)."""
    if _FAST_LOADER is None:
        if events:
            _check_events(yaml.parse(text, Loader=yaml.SafeLoader), path)
        return yaml.compose(text, Loader=yaml.SafeLoader)
    try:
        if events:
            _check_events(yaml.parse(text, Loader=_FAST_LOADER), path)
        return yaml.compose(text, Loader=_FAST_LOADER)
    except yaml.YAMLError:
        return yaml.compose(text, Loader=yaml.SafeLoader)


class _Open:
    """A list or mapping the event pass is inside: where it starts, the key it is the value of,
    and how many events it holds so far."""

    __slots__ = ("mapping", "mark", "key", "events", "last")

    def __init__(self, mapping: bool, mark: _Mark | None, key: str | None) -> None:
        self.mapping, self.mark, self.key, self.events = mapping, mark, key, 0
        self.last: str | None = None
        """The scalar this mapping's last key was (the key of the value that follows)."""


def _check_events(events: Iterator[yaml.Event], path: str) -> None:
    """Refuse, from the parser's events alone, nesting deeper than MAX_DEPTH (libyaml's composer
    recurses in C) and a file writing more than MAX_FILE_VALUES values (each becomes a node kept
    with its place), as soon as it passes the limit: the refusal names the longest list or
    mapping seen by then, which is nearly always what makes the file so large (the points of a
    polygon)."""
    stack: list[_Open] = []
    values = 0
    largest: tuple[int, _Open] | None = None

    def items(collection: _Open) -> int:
        return collection.events // 2 if collection.mapping else collection.events

    try:
        for event in events:
            if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                values += 1
                if values > MAX_FILE_VALUES:
                    break  # refused below: the rest of the file is not even parsed
                if stack:
                    inside = stack[-1]
                    inside.events += 1
                    if inside.mapping and inside.events % 2 == 1:
                        inside.last = str(event.value)[:40] if isinstance(event, yaml.ScalarEvent) else None
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                parent = stack[-1] if stack else None
                key = parent.last if parent is not None and parent.mapping and parent.events % 2 == 0 else None
                stack.append(_Open(isinstance(event, yaml.MappingStartEvent), event.start_mark, key))
                if len(stack) > MAX_DEPTH:
                    raise DefinitionErrors([Problem(_mark_loc(path, event.start_mark),
                                                    f"lists and mappings nest more than {MAX_DEPTH} deep here")])
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)) and stack:
                closed = stack.pop()
                if largest is None or items(closed) > largest[0]:
                    largest = (items(closed), closed)
    except yaml.YAMLError:
        if values <= MAX_FILE_VALUES:
            raise  # a mistake of a file of sensible size: the caller reports it
    for still_open in stack:  # a file that ends (or breaks) inside its longest list
        if largest is None or items(still_open) > largest[0]:
            largest = (items(still_open), still_open)
    if values > MAX_FILE_VALUES and largest is not None:
        count, where = largest
        kind = "a mapping of" if where.mapping else "a list of"
        named = f" ('{where.key}')" if where.key else ""
        many = f"more than {count:,}" if where in stack else f"{count:,}"
        raise DefinitionErrors([Problem(_mark_loc(path, where.mark),
                                        f"{kind} {many} items{named}: the file writes more than {MAX_FILE_VALUES:,} "
                                        "values (a definition or layout file writes a few thousand)")])


def compose_file(file: Path, path: str) -> yaml.Node:
    """Read ``file`` (named ``path`` in messages) and compose it; see compose_text. A file that
    cannot be read, is not a regular file or is larger than MAX_FILE_BYTES is a located problem."""
    try:
        size = file.stat().st_size
    except (OSError, ValueError):
        size = 0  # read_regular says why
    if size > MAX_FILE_BYTES:
        raise DefinitionErrors(
            [Problem(SourceLoc(path, 1, 1), f"the file is {size:,} bytes; definition files may be at most {MAX_FILE_BYTES:,}")]
        )
    try:
        data = read_regular(file, MAX_FILE_BYTES, "file")
    except ReadError as exc:
        raise DefinitionErrors([Problem(SourceLoc(path, 1, 1), str(exc))]) from None
    return compose_text(_decode(data, path), path)


_MERGE = "tag:yaml.org,2002:merge"


def _check_tree(root: yaml.Node, path: str) -> None:
    """``_check_nodes`` for a document without aliases: a tree, each node in it once, so that
    nothing is shared and nothing expands (it holds at most MAX_FILE_VALUES nodes, the events'
    limit or the most a ``_small_and_shallow`` text writes, far below MAX_EXPANDED_NODES). The
    same problems in the same order, read in one pass without the bookkeeping of shared nodes."""
    problems: list[Problem] = []
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 0, False)]
    while stack:
        node, depth, is_key = stack.pop()
        if depth >= MAX_DEPTH and isinstance(node, yaml.CollectionNode):
            raise DefinitionErrors([Problem(node_loc(path, node), f"lists and mappings nest more than {MAX_DEPTH} deep here")])
        tag = node.tag
        if tag not in _CORE_TAGS:
            if tag != _MERGE:
                problems.append(Problem(node_loc(path, node), f"tag '{tag}' is not allowed: definition files hold plain data only"))
            elif is_key:
                problems.append(Problem(node_loc(path, node), "merge keys (<<) are not supported: write the fields out"))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1, False) for child in reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for key_node, value_node in reversed(node.value):
                stack.append((value_node, depth + 1, False))
                stack.append((key_node, depth + 1, True))
    if problems:
        raise DefinitionErrors(problems)


def _check_nodes(root: yaml.Node, path: str) -> None:
    """Refuse foreign tags, merge keys and alias expansion past MAX_EXPANDED_NODES (cycles included)."""
    problems: list[Problem] = []
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size_of(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in in_progress or depth > 200:
            raise DefinitionErrors([Problem(node_loc(path, node), "an alias refers to itself (a recursive structure)")])
        if depth >= MAX_DEPTH and isinstance(node, yaml.CollectionNode):  # (as _check_events says)
            raise DefinitionErrors([Problem(node_loc(path, node), f"lists and mappings nest more than {MAX_DEPTH} deep here")])
        in_progress.add(key)
        if node.tag not in _CORE_TAGS and node.tag != _MERGE:
            problems.append(
                Problem(node_loc(path, node), f"tag '{node.tag}' is not allowed: definition files hold plain data only")
            )
        total = 1
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                total += size_of(child, depth + 1)
        elif isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.tag == _MERGE:
                    problems.append(Problem(node_loc(path, key_node), "merge keys (<<) are not supported: write the fields out"))
                total += size_of(key_node, depth + 1) + size_of(value_node, depth + 1)
        if total > MAX_EXPANDED_NODES:
            raise DefinitionErrors(
                [Problem(node_loc(path, node), f"aliases here expand to more than {MAX_EXPANDED_NODES:,} values (an alias bomb?)")]
            )
        in_progress.discard(key)
        sizes[key] = total
        return total

    size_of(root, 0)
    if problems:
        raise DefinitionErrors(problems)

"""The safe YAML layer: located nodes, and hostile or broken files refused with their place."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.loader.errors import DefinitionErrors
from generator.loader.yamlnodes import MAX_FILE_BYTES, compose_file, compose_text


def problems_of(text: str) -> list[str]:
    with pytest.raises(DefinitionErrors) as info:
        compose_text(text, "f.yaml")
    return [str(p) for p in info.value.problems]


def billion_laughs(levels: int = 9) -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    prev = "a"
    for i in range(1, levels + 1):
        name = f"l{i}"
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
        prev = name
    return text


def test_nodes_keep_one_based_line_and_column() -> None:
    node = compose_text("game: hanabi\nsuits:\n  - key: red\n", "f.yaml")
    suits = node.value[1][1]
    item = suits.value[0]
    assert (item.start_mark.line + 1, item.start_mark.column + 1) == (3, 5)


def test_alias_bomb_refused_in_bounded_memory() -> None:
    """Refused before it is expanded (its memory stays small; how fast: benchmarks/bench_refusals.py)."""
    tracemalloc.start()
    found = problems_of(billion_laughs())
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert any("alias bomb" in p for p in found)
    assert found[0].startswith("f.yaml:")
    assert peak < 50 * 1024 * 1024


def test_small_aliases_are_fine() -> None:
    node = compose_text("a: &x [1, 2]\nb: *x\n", "f.yaml")
    assert node.value[1][1] is node.value[0][1]


def test_recursive_alias_refused() -> None:
    assert any("refers to itself" in p for p in problems_of("x: &a [1, *a]\n"))


@pytest.mark.parametrize(
    "text",
    [
        "x: !!python/object/apply:os.system ['echo hi']\n",
        "x: !!python/name:os.system\n",
        "x: !custom 3\n",
        "x: !!binary aGVsbG8=\n",
    ],
)
def test_object_and_foreign_tags_refused(text: str) -> None:
    found = problems_of(text)
    assert found and "is not allowed" in found[0] and found[0].startswith("f.yaml:1:4:")


def test_merge_keys_refused() -> None:
    found = problems_of("base: &b {a: 1}\nx:\n  <<: *b\n")
    assert found == ["f.yaml:3:3: merge keys (<<) are not supported: write the fields out"]


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"])
def test_empty_files_refused(text: str) -> None:
    assert problems_of(text) == ["f.yaml:1:1: the file is empty"]


def test_not_yaml_reports_place() -> None:
    found = problems_of("game: hanabi\n  id: [unclosed\n")
    assert found[0].startswith("f.yaml:2:") and "not valid YAML" in found[0]


def test_deep_nesting_refused() -> None:
    """Refused, not a RecursionError (how fast: benchmarks/bench_refusals.py)."""
    found = problems_of("x: " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert "nest more than" in found[0]


def test_brackets_inside_quotes_and_comments_do_not_count() -> None:
    compose_text('x: "' + "[" * 100 + '"  # ' + "{" * 100 + "\n", "f.yaml")


def test_non_utf8_reports_byte_place(tmp_path: Path) -> None:
    file = tmp_path / "bad.yaml"
    file.write_bytes(b"game: hanabi\nname: caf\xe9\n")
    with pytest.raises(DefinitionErrors) as info:
        compose_file(file, "bad.yaml")
    assert str(info.value.problems[0]) == "bad.yaml:2:10: the file is not UTF-8 text (byte 0xe9)"


def test_huge_file_refused_without_reading_it(tmp_path: Path) -> None:
    file = tmp_path / "huge.yaml"
    with file.open("wb") as handle:
        handle.seek(MAX_FILE_BYTES + 10)
        handle.write(b"\n")
    with pytest.raises(DefinitionErrors) as info:
        compose_file(file, "huge.yaml")
    assert "may be at most" in str(info.value)


def _outcome(text: str) -> object:
    """What compose_text makes of ``text``: its nodes (tags, values, places), or its problems."""
    def tree(node: object) -> object:
        value = getattr(node, "value")
        mark = getattr(node, "start_mark")
        if isinstance(value, list):
            value = [tuple(tree(n) for n in item) if isinstance(item, tuple) else tree(item) for item in value]
        return (getattr(node, "tag"), value, mark.line, mark.column)

    try:
        return tree(compose_text(text, "f.yaml"))
    except DefinitionErrors as exc:
        return [str(problem) for problem in exc.problems]


def _nested(depth: int, compact: bool) -> str:
    """Lists in lists on one line (``- - - x``), or mappings in mappings one line each."""
    if compact:
        return "- " * depth + "x\n"
    return "".join(" " * level + f"k{level}:\n" for level in range(depth)) + " " * depth + "v\n"


CASES = [
    *(_nested(depth, compact) for depth in (30, 63, 64, 65, 66, 200) for compact in (True, False)),
    "a:\n- 1\n- b:\n  - 2\n  - c:\n    - 3\n",  # lists that are a mapping's value, at its keys' column
    "[" * 60 + "]" * 60, "[" * 64 + "]" * 64, "x: " + "{a: " * 40 + "1" + "}" * 40,
    "- " * 20 + "[" * 30 + "1" + "]" * 30 + "\n", "- " * 10 + "[" * 40 + "1" + "]" * 40 + "\n",
    *(_nested(depth, False) for depth in (10, 20, 31)),
    "[" + "?," * 5000 + "]", "[" + "1," * 30_000 + "]",
    "a: &x [1, 2]\nb: *x\nc: [*x, *x]\n", "a: !!python/object x\n", "<<: {a: 1}\n", "a: [1, 2\nb: 3\n",
    "? - a\n  - b\n: - c\n", "- - - - a\n    - b\n  - c\n", "a: |\n" + "".join(f"  line [{i}\n" for i in range(50)),
]


@pytest.mark.parametrize("text", CASES, ids=range(len(CASES)))
def test_small_shallow_files_skip_the_event_pass_and_read_the_same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """compose_text leaves out the event pass for a small, shallow file (``_small_and_shallow``):
    the nodes, or the refusal, are the same as with it, deep and wide files included."""
    from generator.loader import yamlnodes

    skipped = _outcome(text)
    monkeypatch.setattr(yamlnodes, "_small_and_shallow", lambda text, depth: False)
    assert _outcome(text) == skipped


def test_most_cases_above_take_the_short_way() -> None:
    from generator.loader.yamlnodes import _check_flow_depth, _small_and_shallow

    def short(text: str) -> bool:
        try:
            return _small_and_shallow(text, _check_flow_depth(text, "f.yaml"))
        except DefinitionErrors:
            return False

    assert sum(map(short, CASES)) >= 9 and not all(map(short, CASES))


def test_the_shipped_files_are_shallow() -> None:
    """Every shipped file nests far less than the limit (the layouts and most definitions are also
    small enough to skip the event pass; firecrackers.yaml, in two languages, takes it: 2 ms)."""
    from generator.loader.yamlnodes import MAX_DEPTH, SMALL_TEXT, _check_flow_depth, _small_and_shallow, compose_text
    from generator.files.paths import shipped_root

    files = [*shipped_root().glob("card_defs/*.yaml"), *shipped_root().glob("layouts/*.yaml")]
    assert files
    for f in files:
        text = f.read_text()
        depth = _check_flow_depth(text, f.name)
        assert _small_and_shallow(text[:SMALL_TEXT], depth) and depth < MAX_DEPTH, f
        compose_text(text, f.name)
    assert all(len(f.read_text()) <= SMALL_TEXT for f in shipped_root().glob("layouts/*.yaml"))


def _flow_depth_over_the_whole_text(text: str, path: str) -> int:
    """The check as it was first written (blanking quotes and comments over the whole text): the
    line-by-line check must give the same depth and refuse at the same place."""
    from generator.loader.yamlnodes import _BRACKET, _QUOTED_OR_COMMENT, MAX_FLOW_DEPTH
    from generator.loader.errors import Problem
    from generator.model.source import SourceLoc

    blanked = _QUOTED_OR_COMMENT.sub(lambda m: " " * len(m.group()), text)
    depth = deepest = 0
    for match in _BRACKET.finditer(blanked):
        depth = depth + 1 if match.group() in "[{" else max(0, depth - 1)
        deepest = max(deepest, depth)
        if depth > MAX_FLOW_DEPTH:
            line = text.count("\n", 0, match.start()) + 1
            column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
            raise DefinitionErrors([Problem(SourceLoc(path, line, column), "too deep")])
    return deepest


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='[]{}"\'#\\ \t\na:-', max_size=300), st.integers(0, 70))
def test_flow_depth_is_read_line_by_line_as_over_the_whole_text(text: str, nesting: int) -> None:
    from generator.loader.yamlnodes import _check_flow_depth

    for candidate in (text, "[" * nesting + text + "]" * nesting, text.replace("\n", " [") + "\n" + "{" * nesting):
        try:
            expected: object = _flow_depth_over_the_whole_text(candidate, "f.yaml")
        except DefinitionErrors as exc:
            expected = exc.problems[0].loc
        try:
            found: object = _check_flow_depth(candidate, "f.yaml")
        except DefinitionErrors as exc:
            found = exc.problems[0].loc
        assert found == expected


def _nodes(depth: int = 0) -> st.SearchStrategy[object]:
    """yaml node trees (no node shared: what a document without aliases composes to), with core,
    foreign and merge tags, and chains deep enough to pass MAX_DEPTH."""
    import yaml

    marks = st.builds(lambda line, column: yaml.Mark("f.yaml", 0, line, column, None, None),
                      st.integers(0, 50), st.integers(0, 20))
    tags = st.sampled_from(["tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:merge",
                            "tag:yaml.org,2002:timestamp", "!card"])
    scalars = st.builds(lambda tag, mark: yaml.ScalarNode(tag, "x", mark, mark), tags, marks)
    seq_tags = st.sampled_from(["tag:yaml.org,2002:seq", "!deck"])
    map_tags = st.sampled_from(["tag:yaml.org,2002:map", "tag:yaml.org,2002:set"])
    trees = st.recursive(scalars, lambda inner: st.one_of(
        st.builds(lambda tag, items, mark: yaml.SequenceNode(tag, items, mark, mark), seq_tags, st.lists(inner, max_size=4), marks),
        st.builds(lambda tag, pairs, mark: yaml.MappingNode(tag, pairs, mark, mark), map_tags,
                  st.lists(st.tuples(inner, inner), max_size=4), marks)), max_leaves=30)

    def chain(length: int, leaf: object, mark: object) -> object:
        for _ in range(length):
            leaf = yaml.SequenceNode("tag:yaml.org,2002:seq", [leaf], mark, mark)
        return leaf

    return st.one_of(trees, st.builds(chain, st.integers(60, 70), trees, marks))


@settings(max_examples=300, deadline=None)
@given(_nodes())
def test_a_tree_is_checked_as_any_document(root: object) -> None:
    """A document without aliases takes the one-pass check (``_check_tree``): the same problems,
    in the same order, as the check of documents that may share nodes."""
    from generator.loader.yamlnodes import _check_nodes, _check_tree

    outcomes = []
    for check in (_check_nodes, _check_tree):
        try:
            check(root, "f.yaml")  # type: ignore[arg-type]
            outcomes.append(None)
        except DefinitionErrors as exc:
            outcomes.append([(p.loc, p.message) for p in exc.problems])
    assert outcomes[0] == outcomes[1]

"""Typed reading of nodes: every mistake collected with its place and a helpful message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.loader.fields import Reader
from generator.loader.yamlnodes import compose_text


def read(text: str):  # type: ignore[no-untyped-def]
    return Reader("f.yaml"), compose_text(text, "f.yaml")


def test_unknown_key_suggests_the_near_match() -> None:
    reader, node = read("name: x\ncolor: red\n")
    reader.mapping(node, "a suit", ("name",), ("colour",))
    assert [str(p) for p in reader.problems] == [
        "f.yaml:2:1: unknown field in a suit 'color' (did you mean 'colour'?)"
    ]


def test_unknown_key_without_near_match_lists_the_fields() -> None:
    reader, node = read("name: x\nzzz: 1\n")
    reader.mapping(node, "a suit", ("name",), ("colour",))
    assert "expected one of: name, colour" in str(reader.problems[0])


def test_duplicate_and_missing_keys_are_all_reported() -> None:
    reader, node = read("name: x\nname: y\n")
    fields = reader.mapping(node, "a suit", ("name", "colour"))
    assert fields is not None and fields["name"].value == "x"
    messages = [str(p) for p in reader.problems]
    assert "f.yaml:2:1: duplicate field 'name' in a suit (first given at line 1)" in messages
    assert "f.yaml:1:1: a suit is missing the required field 'colour'" in messages


def test_unquoted_no_is_explained() -> None:
    reader, node = read("name: no\n")
    assert reader.text(node.value[0][1], "name") is None
    message = str(reader.problems[0])
    assert message.startswith("f.yaml:1:7: name should be text, not true/false ('no')")
    assert "YAML reads unquoted no as false" in message and "quotes" in message


def test_numbers_and_counts() -> None:
    reader, node = read("a: 0\nb: -2\nc: 'three'\nd: 0x10\n")
    values = [v for _, v in node.value]
    assert reader.integer(values[0], "count", minimum=1) is None
    assert reader.integer(values[1], "count", minimum=1) is None
    assert reader.integer(values[2], "count") is None
    assert reader.integer(values[3], "count") == 16
    assert [str(p) for p in reader.problems] == [
        "f.yaml:1:4: count must be positive, not 0",
        "f.yaml:2:4: count must be positive, not -2",
        "f.yaml:3:4: count should be a whole number, not text",
    ]


def test_colour_needs_quotes_and_hex() -> None:
    reader, node = read("a: '#12345'\nb: '#A0b0C0'\n")
    assert reader.colour(node.value[0][1], "colour") is None
    assert reader.colour(node.value[1][1], "colour") == "#a0b0c0"


def test_choice_suggests() -> None:
    reader, node = read("symbol: harte\n")
    assert reader.choice(node.value[0][1], "symbol", ["heart", "star"]) is None
    assert "did you mean 'heart'?" in str(reader.problems[0])


@settings(max_examples=60, deadline=None)
@given(value=st.integers(-10**40, 10**40), maximum=st.integers(1, 10**6))
def test_whole_numbers_are_bounded(value: int, maximum: int) -> None:
    """Any whole number is read or refused with its place, never converted when too long, and a
    number above the maximum says how many are supported."""
    reader, node = read(f"a: {value}\n")
    got = reader.integer(node.value[0][1], "count", minimum=0, maximum=maximum, things="copies of a rank")
    if 0 <= value <= maximum:
        assert got == value and not reader.problems
    else:
        assert got is None and len(reader.problems) == 1
        message = str(reader.problems[0])
        assert message.startswith("f.yaml:1:4: ")
        if value > maximum and len(str(value)) <= 30:
            assert message.endswith(f"{value} copies of a rank; at most {maximum} are supported")


def test_numbers_are_finite_and_bounded() -> None:
    reader, node = read("a: .inf\nb: -.Inf\nc: .nan\nd: 1.0e+308\ne: 0x10\nf: 2.5\ng: 1_000.5\n")
    values = [v for _, v in node.value]
    got = [reader.number(v, "size", minimum=0, maximum=1000) for v in values]
    assert got == [None, None, None, None, 16.0, 2.5, None]
    assert [str(p) for p in reader.problems][:4] == [
        "f.yaml:1:4: size should be a finite number, not .inf",
        "f.yaml:2:4: size should be a finite number, not -.Inf",
        "f.yaml:3:4: size should be a finite number, not .nan",
        "f.yaml:4:4: size must be from 0 to 1000, not 1e+308",
    ]
    assert str(reader.problems[4]) == "f.yaml:7:4: size must be from 0 to 1000, not 1000.5"


def test_rule_options_are_bounded() -> None:
    from generator.model.options import OptionError, RuleOption

    for text in ("1e308", "nan", "inf", "-1e7"):
        with pytest.raises(OptionError, match="takes a number from"):
            RuleOption("threshold", 1.0, "").parse(text)
    with pytest.raises(OptionError, match=r"takes a whole number, not '9{37}\.\.\.'"):
        RuleOption("count", 1, "").parse("9" * 5000)
    assert RuleOption("count", 1, "").parse("1000000") == 1_000_000

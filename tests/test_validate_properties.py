"""Property tests: random hand edits of the shipped definitions give either a clean result or
located errors and findings, never a crash."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.loader import DefinitionErrors, load_file
from generator.files.paths import shipped_root
from generator.validate import validate_games
from generator.app.catalog import GAMES

SHIPPED = {p.name: p.read_text() for p in sorted((shipped_root() / "card_defs").glob("*.yaml"))}

TOKENS = ["0", "-1", "2", "99999999999999999999", "no", "yes", "~", "''", "[]", "{}", "&a x", "*a",
          "!!str 5", "3.5", '"#zzzzzz"', "red", "JD", "XX", "heart", "reshuffle", "- x", ": :", "\t", "é"]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A shipped file with one to three random edits of the kinds people make by hand."""
    name = draw(st.sampled_from(sorted(SHIPPED)))
    lines = SHIPPED[name].splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace-value", "replace-word", "indent", "insert"]))
        line = lines[i]
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, line)
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], line
        elif kind == "replace-value" and ":" in line:
            key = line.split(":", 1)[0]
            lines[i] = f"{key}: {draw(st.sampled_from(TOKENS))}"
        elif kind == "replace-word":
            words = line.split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.sampled_from(TOKENS))
            lines[i] = " ".join(words)
        elif kind == "indent":
            lines[i] = draw(st.sampled_from(["  ", " ", "    "])) + line
        else:
            lines.insert(i, draw(st.text(max_size=30)))
        if not lines:
            lines = [""]
    return name, "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutations_give_clean_or_located_results(case: tuple[str, str]) -> None:
    name, text = case
    line_count = text.count("\n") + 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            games = load_file(path, GAMES, name)
        except DefinitionErrors as exc:
            assert exc.problems
            for problem in exc.problems:
                assert problem.loc.path == name
                assert 1 <= problem.loc.line <= line_count + 1 and problem.loc.column >= 1
                assert problem.message
            return
    for finding in validate_games(games, GAMES):
        assert finding.loc.path in (name, "<built-in>")
        if finding.loc.path == name:
            assert 1 <= finding.loc.line <= line_count and finding.loc.column >= 1
        assert finding.rule_id and finding.code and finding.message

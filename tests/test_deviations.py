"""Declared deviations (``deviations:`` in a definition): the findings they name are notes with the
reason, the deck builds and simulates, a declaration that matches nothing is a stale warning, and
one naming a rule or code that does not exist (or a mistake that no edition makes on purpose) is an
error. Tests match on rule ids and codes, never on wording."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli.main import cli
from generator.games.firecrackers.model import FirecrackersDefinition
from generator.games.hanabi.model import HanabiDefinition
from generator.loader import DefinitionErrors
from generator.loader.project import load_file
from generator.model import Deviation, Project, SourceLoc
from generator.validate import Severity, validate_game, validate_games
from generator.app.catalog import GAMES

DECLARED = SourceLoc("card_defs/test.yaml", 12, 3)
COST_LINE = "      - {number: 5, action: sudden_burst}"
"""A card whose printed cost the tests change (the price rule gives it 5)."""


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def declare(game: FirecrackersDefinition | HanabiDefinition, *deviations: Deviation):  # type: ignore[no-untyped-def]
    return replace(game, info=replace(game.info, deviations=deviations))


def cheap_super_cracker(fc: FirecrackersDefinition) -> FirecrackersDefinition:
    """The shipped game with the brown 2 super_cracker printed at cost 1 (the price rule says 2)."""
    brown = fc.pack("brown")
    entries = tuple(replace(e, cost=1) if e.action == "super_cracker" and e.number == 2 else e for e in brown.entries)
    return replace(fc, packs=tuple(replace(p, entries=entries) if p.key == "brown" else p for p in fc.packs))


def summary(findings):  # type: ignore[no-untyped-def]
    return sorted((f.rule_id, f.code, f.severity.value) for f in findings)


# --- matching -------------------------------------------------------------------------------------


def test_an_undeclared_departure_stays_an_error(fc: FirecrackersDefinition) -> None:
    assert summary(validate_game(cheap_super_cracker(fc), GAMES)) == [("firecrackers.prices", "cost-mismatch", "error")]


def test_a_declared_departure_is_a_note_with_its_reason(fc: FirecrackersDefinition) -> None:
    reason = "the super cracker costs 1 in our edition (playtest 3)"
    game = declare(cheap_super_cracker(fc), Deviation("firecrackers.prices", "cost-mismatch", reason, DECLARED))
    (finding,) = validate_game(game, GAMES)
    assert (finding.code, finding.severity, finding.deviation) == ("cost-mismatch", Severity.NOTE, reason)
    assert not finding.is_error
    assert finding.notes[-1].loc == DECLARED and reason in finding.notes[-1].message
    assert ": note: " in finding.format().splitlines()[0] and finding.as_json()["deviation"] == reason


def test_a_bare_rule_id_covers_every_code_of_the_rule(fc: FirecrackersDefinition) -> None:
    cheap = cheap_super_cracker(fc)
    game = declare(replace(cheap, price=replace(cheap.price, maximum=6)),
                   Deviation("firecrackers.prices", None, "our shop", DECLARED))
    found = validate_game(game, GAMES)
    assert {f.code for f in found} == {"cost-mismatch", "price-limits"}
    assert all(f.severity is Severity.NOTE for f in found)


def test_a_declaration_covers_its_code_only(fc: FirecrackersDefinition) -> None:
    cheap = cheap_super_cracker(fc)
    game = declare(replace(cheap, price=replace(cheap.price, maximum=6)),
                   Deviation("firecrackers.prices", "price-limits", "our shop", DECLARED))
    assert summary(validate_game(game, GAMES)) == [("firecrackers.prices", "cost-mismatch", "error"),
                                            ("firecrackers.prices", "price-limits", "note")]


def test_a_stale_declaration_is_a_warning_at_the_declaration(fc: FirecrackersDefinition) -> None:
    (finding,) = validate_game(declare(fc, Deviation("firecrackers.prices", "cost-mismatch", "old", DECLARED)), GAMES)
    assert (finding.rule_id, finding.code, finding.severity) == ("generic.deviations", "stale-deviation", Severity.WARNING)
    assert finding.loc == DECLARED


@pytest.mark.parametrize("rule_id, code, expected", [
    ("firecrackers.prise", None, "unknown-rule"),
    ("firecrackers.prices", "cost-missmatch", "unknown-rule"),
    ("hanabi.rulebook", "note-tokens", "unknown-rule"),
    ("generic.unique-ids", None, "not-declarable"),
    ("generic.hand-sizes", "missing-hand-size", "not-declarable"),
    ("generic.deviations", "stale-deviation", "not-declarable"),
])
def test_declarations_of_rules_that_cannot_be_declared(fc: FirecrackersDefinition, rule_id: str, code: str | None,
                                                       expected: str) -> None:
    (finding,) = validate_game(declare(fc, Deviation(rule_id, code, "because", DECLARED)), GAMES)
    assert (finding.code, finding.loc, finding.is_error) == (expected, DECLARED, True)


def test_a_variant_inherits_its_base_games_declaration(shipped_project: Project) -> None:
    """A declaration used by the variant (six suits) only is not stale in the base game's file."""
    base, variant = shipped_project.game("hanabi"), shipped_project.game("hanabi-multicolor")
    assert isinstance(base, HanabiDefinition) and isinstance(variant, HanabiDefinition)
    deviation = Deviation("hanabi.rulebook", "suit-count", "the site's six-suit game", DECLARED)
    found = validate_games([declare(base, deviation), declare(variant, deviation)], GAMES)
    assert [(f.code, f.deviation) for f in found] == [("suit-count", "the site's six-suit game")]


def test_a_game_without_the_declaration_keeps_the_finding_where_both_report_it(shipped_project: Project) -> None:
    """Base and variant report the same finding at the same line: when only one declares it, the
    undeclared one (the more severe) is the one reported."""
    base, variant = shipped_project.game("hanabi"), shipped_project.game("hanabi-multicolor")
    assert isinstance(base, HanabiDefinition) and isinstance(variant, HanabiDefinition)
    deviation = Deviation("hanabi.rulebook", "note-tokens", "seven", DECLARED)
    found = validate_games([replace(base, note_tokens=7), declare(replace(variant, note_tokens=7), deviation)], GAMES)
    assert [(f.code, f.severity) for f in found if f.code == "note-tokens"] == [("note-tokens", Severity.WARNING)]


# --- the file format --------------------------------------------------------------------------------


def with_header(project: Path, file: str, text: str) -> None:
    path = project / "card_defs" / file
    path.write_text(path.read_text().replace("card_size: poker\n", "card_size: poker\n" + text, 1))


def test_deviations_are_read_from_the_file(project_copy: Path) -> None:
    with_header(project_copy, "firecrackers.yaml",
                "deviations:\n  firecrackers.prices/cost-mismatch: cheaper in our edition\n  firecrackers.setup: all of it\n")
    (game,) = load_file(project_copy / "card_defs" / "firecrackers.yaml", GAMES, "firecrackers.yaml")
    assert [(d.rule_id, d.code, d.reason, d.loc.line) for d in game.info.deviations] == [
        ("firecrackers.prices", "cost-mismatch", "cheaper in our edition", 18),
        ("firecrackers.setup", None, "all of it", 19)]


@pytest.mark.parametrize("text, words", [
    ("deviations:\n  firecrackers.prices/cost-mismatch:\n", "the value is missing"),
    ("deviations:\n  firecrackers.prices/cost-mismatch: ''\n", "is empty"),
    ("deviations:\n  prices: cheaper\n", "is named 'rule-id/code'"),
    ("deviations:\n  Firecrackers.Prices: cheaper\n", "is named 'rule-id/code'"),
    ("deviations:\n  firecrackers.prices/cost/mismatch: cheaper\n", "is named 'rule-id/code'"),
    ("deviations: [firecrackers.prices]\n", "should be a mapping"),
])
def test_mistakes_in_the_declarations_are_located(project_copy: Path, text: str, words: str) -> None:
    with_header(project_copy, "firecrackers.yaml", text)
    with pytest.raises(DefinitionErrors) as info:
        load_file(project_copy / "card_defs" / "firecrackers.yaml", GAMES, "firecrackers.yaml")
    (problem,) = info.value.problems
    assert words in problem.message and problem.loc.line in (17, 18)


# --- the commands -----------------------------------------------------------------------------------


@pytest.mark.e2e
def test_a_declared_deck_validates_builds_and_simulates(project_copy: Path) -> None:
    path = project_copy / "card_defs" / "firecrackers.yaml"
    path.write_text(path.read_text().replace(COST_LINE, "      - {number: 5, action: sudden_burst, cost: 4}", 1))
    refused = run("validate", "firecrackers", "--project", str(project_copy))
    assert refused.exit_code == 1 and "[firecrackers.prices/cost-mismatch]" in refused.output
    assert run("simulate", "firecrackers", "-k", "2", "--project", str(project_copy)).exit_code == 1

    with_header(project_copy, "firecrackers.yaml",
                "deviations:\n  firecrackers.prices/cost-mismatch: sudden burst is cheaper in our edition\n")
    checked = run("validate", "firecrackers", "--project", str(project_copy))
    assert checked.exit_code == 0, checked.output
    assert "note: " in checked.output and "sudden burst is cheaper in our edition" in checked.output
    assert checked.output.splitlines()[-1].endswith("1 note")
    built = run("build", "firecrackers", "--project", str(project_copy), "--out", str(project_copy / "out"))
    assert built.exit_code == 0, built.output
    assert (project_copy / "out" / "firecrackers.pdf").exists()
    played = run("simulate", "firecrackers", "-k", "3", "-w", "1", "--json", "--project", str(project_copy))
    assert played.exit_code == 0, played.output
    assert json.loads(played.output)["games"] == 3


def test_a_stale_declaration_does_not_fail_validation(project_copy: Path) -> None:
    with_header(project_copy, "sequence.yaml", "deviations:\n  sequence.table/chip-count: fifty chips\n")
    result = run("validate", "sequence", "--project", str(project_copy), "--json")
    assert result.exit_code == 0
    (finding,) = json.loads(result.output)
    assert (finding["code"], finding["severity"], finding["line"]) == ("stale-deviation", "warning", 17)

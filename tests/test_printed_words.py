"""Printed words agree with the rules: the shipped cards print their values from the definition,
and free text that states another number, or may where the rulebook says must, is reported at
the text; a deck that narrows the rulebook's player counts or recolours a suit gets a finding at
the value to edit. Each test plants the mistake a fidelity trial found in a copy of the shipped
definitions and runs the real command."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.games.firecrackers import rulebook
from generator.games.firecrackers.sim.scoreworks import RULES
from generator.validate.wording import compare, modals, numbers


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(root)]).exit_code == 0
    return root


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` (a shipped text also keys its translation, further down) and
    return the line it is on."""
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def findings(project: Path, *names: str) -> list[str]:
    result = CliRunner().invoke(cli, ["validate", *names, "--project", str(project)])
    return [line for line in result.output.splitlines() if "[" in line and not line.startswith(" ")]


def at(lines: list[str], code: str) -> list[str]:
    return [line for line in lines if line.endswith(f"/{code}]")]


def test_the_shipped_cards_print_their_values_from_the_definition() -> None:
    text = (Path(__file__).parent.parent / "card_defs" / "firecrackers.yaml").read_text()
    assert 'effect: "Worth {coins} coins when buying."' in text and "Worth {points} points at the end." in text
    assert '"+{bonus} for each colour' in (Path(__file__).parent.parent / "card_defs" / "scoreworks.yaml").read_text()


def test_a_card_worth_2_coins_printed_worth_3_is_an_error_at_its_text(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    line = edit(definition, 'effect: "Worth {coins} coins when buying."', 'effect: "Worth 3 coins when buying."')
    (found,) = at(findings(project, "firecrackers"), "value-mismatch")
    assert f"firecrackers.yaml:{line}:" in found and ": error:" in found and "says 3 where the game plays 2" in found
    assert "[firecrackers.printed-values/value-mismatch]" in found


def test_free_text_that_agrees_with_the_value_is_no_finding(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    edit(definition, 'effect: "Worth {coins} coins when buying."', 'effect: "Worth two coins when buying."')
    assert not at(findings(project, "firecrackers"), "value-mismatch")


def test_an_effect_whose_number_differs_from_the_rulebook_is_a_warning(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    line = edit(definition, '"You may reveal up to 3 cards this turn."', '"You may reveal up to 4 cards this turn."')
    (found,) = at(findings(project, "firecrackers"), "number")
    assert f"firecrackers.yaml:{line}:" in found and ": warning:" in found and "says 4" in found


def test_a_scoreworks_rule_printed_plus_3_where_the_scoring_gives_plus_5(project: Path) -> None:
    definition = project / "card_defs" / "scoreworks.yaml"
    line = edit(definition, '"+{bonus} for each colour in which', '"+3 for each colour in which')
    (found,) = at(findings(project, "scoreworks"), "value-mismatch")
    assert f"scoreworks.yaml:{line}:" in found and ": error:" in found and "says 3 where the game plays 5" in found


def test_a_core_rule_printed_may_where_the_rulebook_says_must(project: Path) -> None:
    definition = project / "card_defs" / "scoreworks.yaml"
    line = edit(definition, "text: If you can buy something, you must.", "text: If you can buy something, you may.")
    (found,) = at(findings(project, "scoreworks"), "modal")
    assert f"scoreworks.yaml:{line}:" in found and "'may' where the rulebook says 'must'" in found


def test_the_scoring_plays_the_numbers_its_cards_print() -> None:
    """The engine's Scoreworks rules take their numbers from the table the printed rules fill."""
    assert set(rulebook.SCOREWORKS_VALUES) <= set(RULES) and set(rulebook.SCOREWORKS_WORDS) == set(RULES)


def test_numbers_and_modals_are_read_as_people_write_them() -> None:
    assert numbers("Worth -1 coin; scores double its number, up to 3 cards, half your coins") == {
        -1: 1, 2: 1, 3: 1, 0.5: 1}
    assert modals("You may destroy; they must reveal") == {"may", "must"}
    assert [d.kind for d in compare("Worth {coins} coins.", "Worth {coins} coins.", {"coins": 2}, {})] == []
    assert [d.kind for d in compare("Worth 2 coins.", "Worth {coins} coins.", {"coins": 2}, {})] == []
    assert [d.kind for d in compare("Worth 1 coin.", "Worth {coins} coins.", {"coins": 2}, {})] == ["value"]


def test_narrowing_firecrackers_players_is_reported_at_players(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    line = edit(definition, "players: {min: 2, max: 10}", "players: {min: 3, max: 6}")
    found = [f for f in findings(project, "firecrackers") if "firecrackers.setup/players]" in f]
    assert len(found) == 1 and f"firecrackers.yaml:{line}:10:" in found[0] and ": warning:" in found[0]
    assert "leaves out 2, 7, 8, 9, 10 players" in found[0]


def test_hanabi_without_two_players_is_a_warning_at_players(project: Path) -> None:
    definition = project / "card_defs" / "hanabi.yaml"
    line = edit(definition, "players: [2, 3, 4, 5]", "players: [3, 4, 5]")
    (found,) = at(findings(project, "hanabi"), "players-narrowed")
    assert f"hanabi.yaml:{line}:10:" in found and ": warning:" in found and "leaves out 2 players" in found


def test_sequence_with_two_teams_at_most_is_a_note_the_rulebook_allows(project: Path) -> None:
    definition = project / "card_defs" / "sequence.yaml"
    text = definition.read_text()
    old = next(line for line in text.splitlines() if line.startswith("players:"))
    line = edit(definition, old, "players: [2, 4, 6, 8, 10, 12]")
    (found,) = at(findings(project, "sequence"), "players-narrowed")
    assert f"sequence.yaml:{line}:" in found and ": note:" in found and "2 players or 2 teams" in found
    edit(definition, "players: [2, 4, 6, 8, 10, 12]", "players: [2, 3, 4]")
    (found,) = at(findings(project, "sequence"), "players-narrowed")
    assert ": warning:" in found


def test_a_recoloured_suit_is_a_warning_at_the_suit(project: Path) -> None:
    definition = project / "card_defs" / "hanabi.yaml"
    edit(definition, 'colour: "#d62828"\n    symbol: heart', 'colour: "#1d5fbf"\n    symbol: heart')
    (found,) = at(findings(project, "hanabi"), "suit-colour")
    assert "suit 'red' is printed #1d5fbf, which reads as blue" in found and ": warning:" in found
    edit(definition, "  - key: white\n    name: White", "  - key: purple\n    name: Purple")
    replaced = [f for f in at(findings(project, "hanabi"), "suit-colour") if "takes the place" in f]
    assert len(replaced) == 1 and "white" in replaced[0]


def test_setup_and_scoreworks_findings_point_at_their_value(project: Path) -> None:
    scoreworks = project / "card_defs" / "scoreworks.yaml"
    text = scoreworks.read_text()
    start = text.index("  - key: black_magic")
    end = text.index("\n\n", start)
    scoreworks.write_text(text[:start] + text[end + 1:])
    cards_line = next(n for n, line in enumerate(scoreworks.read_text().splitlines(), 1) if line == "cards:")
    (found,) = at(findings(project, "scoreworks"), "card-count")
    assert f"scoreworks.yaml:{cards_line + 1}:" in found  # the list of cards, not the file's first line


# --------------------------------------------------------------------------- the rules pages

RULES_PAGE_DEPARTURES = [
    ("hanabi", "Put the {note_tokens} note tokens", "Put the 9 note tokens", "hanabi.rules-page/value", "error"),
    ("hanabi", "Deal hands ({hands}).", "Deal 5 cards to each player.", "hanabi.rules-page/value", "warning"),
    ("hanabi", "Discard a card: only when a note token is used;", "Discard a card at any time;",
     "hanabi.rules-page/claim", "warning"),
    ("sequence", "Two players or teams need two sequences to win",
     "Two players or teams need one sequence to win", "sequence.rules-page/value", "error"),
    ("sequence", "Shuffle the {cards} cards and deal hands ({hands}).", "Shuffle the {cards} cards and deal 7.",
     "sequence.rules-page/value", "warning"),
    ("sequence", "On your turn you may discard it", "On your turn you must discard it", "sequence.rules-page/modal",
     "warning"),
    ("firecrackers", "if a colour reaches {explosion_threshold}, you explode", "if a colour reaches 9, you explode",
     "firecrackers.rules-page/value", "error"),
    ("firecrackers", "is worth {coins}\n        coin", "is worth two coins", "firecrackers.rules-page/value", "error"),
    ("scoreworks", "When you stop and can buy something, you must.", "When you stop you may buy something.",
     "scoreworks.rules-page/modal", "warning"),
]


@pytest.mark.parametrize("game, old, new, finding, severity", RULES_PAGE_DEPARTURES,
                         ids=[f"{d[0]}-{d[3].split('/')[1]}-{i}" for i, d in enumerate(RULES_PAGE_DEPARTURES)])
def test_a_rules_page_that_states_another_rule_is_reported_at_its_text(project: Path, game: str, old: str, new: str,
                                                                       finding: str, severity: str) -> None:
    """The rules page is read as a card's text is: a number it states for a rule value and a may or
    must the rulebook says otherwise are reported at the paragraph; the shipped pages have none."""
    definition = project / "card_defs" / f"{game}.yaml"
    assert not [line for line in findings(project, game) if ".rules-page/" in line]
    edit(definition, old, new)
    text = definition.read_text()
    reported = [line for line in findings(project, game) if line.endswith(f"[{finding}]")]
    assert len(reported) == 1 and f": {severity}: " in reported[0], reported
    line = int(reported[0].split(":")[1])
    assert new.split()[0] in "\n".join(text.splitlines()[line - 1: line + 6]), reported  # at the paragraph


GERMAN_PAGES = {
    "hanabi": ("Legt die {note_tokens} Hinweisplättchen und die {storm_tokens} Gewitterplättchen bereit.",
               "Legt die 9 Hinweisplättchen und die {storm_tokens} Gewitterplättchen bereit."),
    "firecrackers": ("Erreicht eine Farbe {explosion_threshold}, explodierst du.",
                     "Erreicht eine Farbe 9, explodierst du."),
}


@pytest.mark.parametrize("game", sorted(GERMAN_PAGES))
def test_a_german_rules_page_saying_9_is_reported(project: Path, game: str) -> None:
    """Every language a page prints in is read: a German page stating 9 where the game plays another
    number is an error at the German text, as the English one would be."""
    right, wrong = GERMAN_PAGES[game]
    definition = project / "card_defs" / f"{game}.yaml"
    page = ("translations:\n  de:\n    title: Spiel\n    rules:\n      sections:\n"
            f"        - heading: Aufbau\n          text: \"{right}\"\n")
    text = definition.read_text()
    assert "\nlanguages: [en, pt]\ntranslations:\n" in text  # the shipped games print in Portuguese too
    definition.write_text(text.replace("\nlanguages: [en, pt]\ntranslations:\n", "\nlanguages: [en, pt, de]\n" + page, 1))
    assert not [line for line in findings(project, game) if ".rules-page/" in line]
    edit(definition, right, wrong)
    reported = [line for line in findings(project, game) if line.endswith(f"[{game}.rules-page/value]")]
    assert len(reported) == 1 and "(de) says" in reported[0] and "9" in reported[0], reported


def test_a_variant_sentence_and_a_single_token_are_no_statement_of_the_count() -> None:
    """'Play with four storm tokens instead of three' offers a variant, and 'turn one note token back'
    moves one token: neither states how many the game has."""
    from generator.validate.rulespage import ALTERNATIVE, _sentence

    text = "Deal hands. Play with four storm tokens instead of three for a gentler game."
    start = text.index("four")
    assert ALTERNATIVE.search(_sentence(text, start, start + 4))
    assert not ALTERNATIVE.search(_sentence(text, 0, 4))


def test_a_translated_effect_is_checked_by_its_numbers_and_its_may_or_must(project: Path) -> None:
    """The Portuguese words of a card are read as the English ones are, by their digits and their
    may or must (pode / tem de), and a departure is reported at the translation's words."""
    definition = project / "card_defs" / "firecrackers.yaml"
    assert not [line for line in findings(project, "firecrackers") if "wording/" in line]
    line = edit(definition, '"Podes revelar até 3 cartas nesta vez."', '"Tens de revelar até 4 cartas nesta vez."')
    reported = [line for line in findings(project, "firecrackers") if "the pt effect of 'no_hesitation'" in line]
    assert {r.rsplit("[", 1)[1] for r in reported} == {"firecrackers.wording/modal]", "firecrackers.wording/number]"}
    assert all(f"firecrackers.yaml:{line}:" in r for r in reported), reported


def test_modals_and_numbers_are_read_in_each_language() -> None:
    assert modals("Podes destruir uma carta.", "pt") == {"may"} and modals("Tens de comprar.", "pt") == {"must"}
    assert modals("Du darfst eine Karte zerstören.", "de") == {"may"} and modals("Du musst kaufen.", "de") == {"must"}
    assert numbers("Revela até 3 cartas, metade das moedas", words=False) == numbers("3")

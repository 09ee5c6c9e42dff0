"""Unit tests of the validation rules: each rule on the shipped games (clean) and on definitions
edited in code to break exactly one thing. Tests match on rule ids and codes, never on wording."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator.games.firecrackers.model import (
    CardEntry,
    FirecrackersDefinition,
    ScoreworksDefinition,
)
from generator.games.hanabi.model import HanabiDefinition, RankCount
from generator.games.sequence.model import (
    BoardCell,
    ChipColour,
    JackKind,
    JackRule,
    SequenceBoard,
    SequenceDefinition,
)
from generator.layout.kit import FitProblem
from generator.model import PlayerCount, Project, SourceLoc
from generator.validate import Severity, all_rules, validate_game, validate_games
from generator.validate.registry import Reporter
from generator.app.catalog import GAMES

HERE = SourceLoc("card_defs/test.yaml", 7, 3)


def codes(findings) -> set[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return {(f.rule_id, f.code) for f in findings}


def errors(findings) -> set[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return {(f.rule_id, f.code) for f in findings if f.is_error}


# --- the registry -------------------------------------------------------------------------------


def test_every_rule_has_an_id_rationale_and_codes() -> None:
    rules = all_rules(GAMES.descriptions())
    assert len(rules) >= 15
    assert len({r.id for r in rules}) == len(rules)
    for r in rules:
        assert r.rationale and r.codes
        assert "." in r.id


def test_a_rule_cannot_report_an_undeclared_code(shipped_project: Project) -> None:
    rule = all_rules(GAMES.descriptions())[0]
    reporter = Reporter(rule, shipped_project.game("hanabi"))
    with pytest.raises(ValueError):
        reporter("not-a-code", HERE, "x")


def test_shipped_games_are_clean(shipped_project: Project) -> None:
    """No error or warning; the one note says the multicolour variant has six suits."""
    findings = validate_games(shipped_project.games, GAMES)
    assert [(f.game_id, f.rule_id, f.code, f.severity) for f in findings] == [
        ("hanabi-multicolor", "hanabi.rulebook", "suit-count", Severity.NOTE)]


def test_findings_format_and_json(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    broken = replace(game, note_tokens=7)
    (finding,) = validate_game(broken, GAMES)
    assert finding.severity is Severity.WARNING and not finding.is_error
    assert finding.format().startswith(f"{game.tokens_loc}: warning: ")
    data = finding.as_json()
    assert set(data) >= {"rule", "code", "severity", "message", "file", "line", "column"}
    assert data["line"] == game.tokens_loc.line


# --- generic ------------------------------------------------------------------------------------


def test_missing_hand_size_and_deck_too_small(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    no_five = replace(game, hand_sizes=tuple(h for h in game.hand_sizes if h.players != 5))
    assert ("generic.hand-sizes", "missing-hand-size") in errors(validate_game(no_five, GAMES))
    huge = replace(game, hand_sizes=(*game.hand_sizes[:-1], PlayerCount(5, 10, HERE)))
    found = [f for f in validate_game(huge, GAMES) if f.code == "deck-too-small"]
    assert found and found[0].loc == HERE


def test_duplicate_card_ids(shipped_project: Project) -> None:
    game = shipped_project.game("scoreworks")
    assert isinstance(game, ScoreworksDefinition)
    twice = replace(game, scoring_cards=(*game.scoring_cards, replace(game.scoring_cards[3], loc=HERE)))
    found = [f for f in validate_game(twice, GAMES) if f.code == "duplicate-card-id"]
    assert len(found) == 1 and game.scoring_cards[3].id in found[0].message


def test_non_positive_counts(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    no_chips = replace(game, chips=(ChipColour("blue", game.chips[0].colour, 0, HERE), *game.chips[1:]))
    found = [f for f in validate_game(no_chips, GAMES) if f.code == "non-positive-count"]
    assert found and found[0].loc == HERE


# --- Hanabi -------------------------------------------------------------------------------------


def _hanabi_with_suit_ranks(game: HanabiDefinition, key: str, ranks: dict[int, int]) -> HanabiDefinition:
    suits = tuple(
        replace(s, ranks=tuple(RankCount(r, c, HERE) for r, c in ranks.items()), loc=HERE) if s.key == key else s
        for s in game.suits
    )
    return replace(game, suits=suits)


def test_a_blue_five_removed_is_found_at_the_suit(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    broken = _hanabi_with_suit_ranks(game, "blue", {1: 3, 2: 2, 3: 2, 4: 2})
    (finding,) = validate_game(broken, GAMES)
    assert (finding.rule_id, finding.code) == ("hanabi.suit-shape", "rank-missing")
    assert finding.loc == HERE and "blue" in finding.message


def test_wrong_count_and_extra_rank(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    broken = _hanabi_with_suit_ranks(game, "red", {1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1})
    assert {("hanabi.suit-shape", "rank-count"), ("hanabi.suit-shape", "rank-extra")} <= errors(validate_game(broken, GAMES))


def test_rulebook_differences_are_warnings(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    changed = replace(game, storm_tokens=4, hand_sizes=(PlayerCount(2, 6, HERE), *game.hand_sizes[1:]))
    findings = validate_game(changed, GAMES)
    assert codes(findings) == {("hanabi.rulebook", "storm-tokens"), ("hanabi.rulebook", "hand-size")}
    assert not errors(findings)


def test_suits_need_their_own_symbol(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    same = replace(game, suits=(*game.suits[:-1], replace(game.suits[-1], symbol=game.suits[0].symbol, loc=HERE)))
    found = [f for f in validate_game(same, GAMES) if f.code == "same-symbol"]
    assert len(found) == 1 and found[0].loc == HERE and found[0].is_error


def test_multicolour_variant_is_clean_and_checked_like_the_base(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi-multicolor")
    assert isinstance(game, HanabiDefinition)
    assert codes(validate_game(game, GAMES)) == {("hanabi.rulebook", "suit-count")}
    broken = _hanabi_with_suit_ranks(game, "multicolor", {1: 1, 2: 2, 3: 2, 4: 2, 5: 1})
    assert ("hanabi.suit-shape", "rank-count") in errors(validate_game(broken, GAMES))


# --- Sequence -----------------------------------------------------------------------------------


def _with_cell(game: SequenceDefinition, row: int, column: int, code: str) -> SequenceDefinition:
    rows = [list(r) for r in game.board.cells]
    rows[row][column] = BoardCell(row, column, code, HERE)
    return replace(game, board=SequenceBoard(tuple(tuple(r) for r in rows), game.board.loc))


def test_a_duplicated_board_cell_is_found_where_it_is(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    original = game.board.cells[1][9].code
    other = game.board.cells[1][8].code
    broken = _with_cell(game, 1, 9, other)
    findings = validate_game(broken, GAMES)
    extra = [f for f in findings if f.code == "card-extra"]
    assert HERE in {f.loc for f in extra}
    missing = [f for f in findings if f.code == "card-missing"]
    assert len(missing) == 1 and original in missing[0].message


def test_jack_on_board_corner_not_free_and_free_cell_elsewhere(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    assert ("sequence.board", "jack-on-board") in errors(validate_game(_with_cell(game, 4, 4, "JC"), GAMES))
    assert ("sequence.board", "corner-not-free") in errors(validate_game(_with_cell(game, 9, 9, "5D"), GAMES))
    assert ("sequence.board", "free-cell-misplaced") in errors(validate_game(_with_cell(game, 4, 4, "XX"), GAMES))


def test_board_shape(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    short = replace(game, board=SequenceBoard(game.board.cells[:9], game.board.loc))
    assert ("sequence.board", "board-shape") in errors(validate_game(short, GAMES))


def test_deck_must_be_two_standard_decks(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    assert ("sequence.deck", "deck-count") in errors(validate_game(replace(game, decks=3), GAMES))
    no_clubs = replace(game, suits=game.suits[:3])
    assert ("sequence.deck", "deck-suits") in errors(validate_game(no_clubs, GAMES))
    no_queen = replace(game, ranks=tuple(r for r in game.ranks if r.code != "Q"))
    assert ("sequence.deck", "deck-ranks") in errors(validate_game(no_queen, GAMES))


def test_jack_kinds(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    three_wild = replace(game, jacks=(*game.jacks, JackRule("JH", JackKind.TWO_EYED, HERE)))
    assert ("sequence.jacks", "jack-kinds") in errors(validate_game(three_wild, GAMES))
    bogus = replace(game, jacks=(*game.jacks[:3], JackRule("JX", JackKind.ONE_EYED, HERE)))
    assert ("sequence.jacks", "jack-not-in-deck") in errors(validate_game(bogus, GAMES))


def test_sequence_table(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    two_colours = replace(game, chips=game.chips[:2])
    assert ("sequence.table", "too-few-chip-colours") in errors(validate_game(two_colours, GAMES))
    no_win = replace(game, sequences_to_win=game.sequences_to_win[:1])
    assert ("sequence.table", "sequences-to-win") in errors(validate_game(no_win, GAMES))


# --- Firecrackers -------------------------------------------------------------------------------


def _with_pack_entries(game: FirecrackersDefinition, key: str, entries: list[CardEntry]) -> FirecrackersDefinition:
    packs = tuple(replace(p, entries=tuple(entries)) if p.key == key else p for p in game.packs)
    return replace(game, packs=packs)


def test_an_extra_action_in_a_colour_is_found_at_its_entry(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    red = game.pack("red")
    a, b = red.actions
    entries = [
        CardEntry(1, None, 2, None),
        CardEntry(2, a, 1, None),
        CardEntry(2, a, 1, None, HERE),
        CardEntry(3, None, 1, None),
        CardEntry(3, b, 1, None),
        CardEntry(4, None, 1, None),
        CardEntry(4, a, 1, None),
        CardEntry(5, None, 1, None),
        CardEntry(5, b, 1, None),
    ]
    findings = validate_game(_with_pack_entries(game, "red", entries), GAMES)
    located = [f for f in findings if f.rule_id == "firecrackers.colour-set" and f.loc == HERE]
    assert located and all(f.is_error for f in located)


def test_colour_set_shape_and_foreign_actions(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    red = game.pack("red")
    nine = _with_pack_entries(game, "red", list(red.entries[1:]))
    assert ("firecrackers.colour-set", "set-numbers") in errors(validate_game(nine, GAMES))
    foreign = [replace(e, action="treasure", loc=HERE) if e.action == red.actions[0] else e for e in red.entries]
    found = validate_game(_with_pack_entries(game, "red", foreign), GAMES)
    assert any(f.code == "foreign-action" and f.loc == HERE for f in found)


def test_black_set(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    black = game.pack("black")
    plain = [replace(black.entries[0], action=None, loc=HERE), *black.entries[1:]]
    found = validate_game(_with_pack_entries(game, "black", plain), GAMES)
    assert any(f.code == "black-plain" and f.loc == HERE for f in found)


def test_costs_follow_the_price_rule(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    red = game.pack("red")
    entry = red.entries[-1]
    right = game.price.cost(entry.number, game.action_or_none(entry.action))
    ok = _with_pack_entries(game, "red", [*red.entries[:-1], replace(entry, cost=right)])
    assert validate_game(ok, GAMES) == []
    wrong = _with_pack_entries(game, "red", [*red.entries[:-1], replace(entry, cost=right + 1, loc=HERE)])
    (finding,) = validate_game(wrong, GAMES)
    assert (finding.code, finding.loc) == ("cost-mismatch", HERE)


def test_setup_for_every_player_count(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    nine_colours = replace(game, setup=replace(game.setup, colour_order=game.setup.colour_order[:9]))
    assert ("firecrackers.setup", "too-few-colours") in errors(validate_game(nine_colours, GAMES))
    no_big_tables = replace(game, setup=replace(game.setup, starting_decks=game.setup.starting_decks[:1]))
    assert ("firecrackers.setup", "no-starting-deck") in errors(validate_game(no_big_tables, GAMES))
    greedy = replace(game.setup.starting_decks[0], black_cards=5, loc=HERE)
    too_many_black = replace(game, setup=replace(game.setup, starting_decks=(greedy, *game.setup.starting_decks[1:])))
    found = [f for f in validate_game(too_many_black, GAMES) if f.code == "starting-cards"]
    assert found and found[0].loc == HERE


def test_action_listed_by_the_wrong_pack(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    moved = tuple(replace(a, pack="blue", loc=HERE) if a.key == "treasure" else a for a in game.actions)
    found = validate_game(replace(game, actions=moved), GAMES)
    assert any(f.code == "action-pack-mismatch" and f.loc == HERE for f in found)


# --- Scoreworks and fit problems ---------------------------------------------------------------


def test_scoreworks_has_sixteen_cards(shipped_project: Project) -> None:
    game = shipped_project.game("scoreworks")
    assert isinstance(game, ScoreworksDefinition)
    assert ("scoreworks.cards", "card-count") in errors(validate_game(replace(game, scoring_cards=game.scoring_cards[:15]), GAMES))
    doubled = replace(game, scoring_cards=(*game.scoring_cards[:15], replace(game.scoring_cards[0], loc=HERE)))
    found = validate_game(doubled, GAMES)
    assert any(f.code == "duplicate-key" and f.loc == HERE for f in found)
    assert ("scoreworks.cards", "core-rules") in errors(validate_game(replace(game, core_rules=game.core_rules[:1]), GAMES))


def test_fit_problems_become_findings_at_the_card(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    card = game.cards()[5]
    problem = FitProblem(card.id, "effect", "needs 7 lines at the minimum size, the box holds 5")
    (finding,) = validate_games([game], GAMES, fit_problems=[problem])
    assert finding.is_error and finding.rule_id == "layout.text-fit" and finding.loc == card.loc
    assert card.id in finding.message

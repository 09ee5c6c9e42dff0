"""Every departure from the rulebooks and the reference tables is reported: each test plants one in
a copy of a shipped definition and names the rulebook's sentence it breaks. Errors where the game
cannot be played as printed, warnings where it can, notes for the rulebooks' own variants.
Tests match on rule ids, codes and severities, never on wording."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.games.firecrackers import rulebook
from generator.games.firecrackers.model import (
    BLACK,
    CardEntry,
    CoreRule,
    FirecrackersDefinition,
    Points,
    PointsRule,
    ScoreworksDefinition,
)
from generator.games.firecrackers.sim import SIMULATOR as FIRECRACKERS
from generator.games.firecrackers.sim.actions import EFFECTS
from generator.games.firecrackers.sim.engine import make_engine as firecrackers_engine
from generator.games.firecrackers.sim.scoreworks import SIMULATED_KEYS
from generator.games.hanabi.model import HanabiDefinition
from generator.games.sequence.model import JackKind, SequenceDefinition
from generator.model import Project, RuleOptions, SourceLoc
from generator.sim.api import BotSpec
from generator.sim.runner import run as run_games
from generator.validate import Severity, validate_game
from generator.app.catalog import GAMES

HERE = SourceLoc("card_defs/test.yaml", 7, 3)


def found(game) -> set[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """(rule, code, severity) of every finding."""
    return {(f.rule_id, f.code, f.severity.value) for f in validate_game(game, GAMES)}


def with_players(game, *players: int):  # type: ignore[no-untyped-def]
    return replace(game, info=replace(game.info, players=tuple(players)))


def with_default(game, name: str, value):  # type: ignore[no-untyped-def]
    options = RuleOptions(tuple(replace(o, default=value) if o.name == name else o for o in game.info.options))
    return replace(game, info=replace(game.info, options=options))


@pytest.mark.parametrize("game_id, rule, option, value", [
    ("hanabi", "hanabi.rulebook", "strikeout", "keep"),
    ("hanabi", "hanabi.rulebook", "empty_clues", False),
    ("sequence", "sequence.table", "advanced_one_eyed_jacks", True),
    ("firecrackers", "firecrackers.options", "explosion_threshold", 8),
    ("firecrackers", "firecrackers.options", "shop", "open"),
    ("firecrackers", "firecrackers.options", "stayin_alive", "hide_card"),
])
def test_rule_options_default_to_the_rulebook(shipped_project: Project, game_id: str, rule: str, option: str,
                                              value: object) -> None:
    """The simulator plays the defaults: a default that is not the rulebook's reading ("If this total
    is 10 or higher, you explode!") is a warning at the option; --rule still chooses it for a run."""
    game = shipped_project.game(game_id)
    changed = with_default(game, option, value)
    (finding,) = validate_game(changed, GAMES)
    assert (finding.rule_id, finding.code, finding.severity) == (rule, "option-default", Severity.WARNING)
    assert finding.loc == changed.info.options.get(option).loc
    silent = {"sequence": "deck_exhausted", "firecrackers": "neighbour"}.get(game_id)
    if silent is not None:  # where the rulebook is silent, the default is the project's choice
        other = next(c for c in changed.info.options.get(silent).choices if c != changed.info.options.get(silent).default)
        assert validate_game(with_default(game, silent, other), GAMES) == []


# --- Hanabi ---------------------------------------------------------------------------------------


def test_hanabi_player_counts(shipped_project: Project) -> None:
    """"Podem jogar de 2 a 5 jogadores": six players can be dealt (a warning), one cannot give a clue."""
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    six = with_players(replace(game, hand_sizes=(*game.hand_sizes, replace(game.hand_sizes[-1], players=6))),
                       2, 3, 4, 5, 6)
    assert found(six) == {("hanabi.rulebook", "player-count", "warning")}
    one = with_players(replace(game, hand_sizes=(replace(game.hand_sizes[0], players=1), *game.hand_sizes)),
                       1, 2, 3, 4, 5)
    assert found(one) == {("hanabi.rulebook", "player-count", "error")}


def test_hanabi_suits_other_than_five(shipped_project: Project) -> None:
    """"10 de cada cor: azul, verde, vermelho, branco e amarelo": a four-suit deck is a warning, the
    file's own six-suit variant a note."""
    game = shipped_project.game("hanabi")
    variant = shipped_project.game("hanabi-multicolor")
    assert isinstance(game, HanabiDefinition) and isinstance(variant, HanabiDefinition)
    assert found(replace(game, suits=game.suits[:4])) == {("hanabi.rulebook", "suit-count", "warning")}
    assert found(replace(game, suits=variant.suits)) == {("hanabi.rulebook", "suit-count", "warning")}
    assert found(variant) == {("hanabi.rulebook", "suit-count", "note")}


# --- Sequence -------------------------------------------------------------------------------------


def test_jacks_with_the_other_eyes(shipped_project: Project) -> None:
    """The standard deck's jacks of diamonds and clubs are two-eyed, of hearts and spades one-eyed:
    two of each kind with the wrong suits pass the count but not the eyes."""
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    flipped = {"JC": JackKind.ONE_EYED, "JH": JackKind.TWO_EYED}
    swapped = replace(game, jacks=tuple(replace(j, kind=flipped.get(j.code, j.kind), loc=HERE if j.code in flipped else j.loc)
                                        for j in game.jacks))
    findings = validate_game(swapped, GAMES)
    assert {(f.code, f.severity, f.loc) for f in findings} == {("jack-eyes", Severity.WARNING, HERE)}
    assert len(findings) == 2
    powerless = replace(game, jacks=tuple(j for j in game.jacks if j.code != "JS"))
    assert ("sequence.jacks", "jack-eyes", "warning") in found(powerless)


def test_a_board_with_two_squares_swapped(shipped_project: Project) -> None:
    """Every printed board has the same spaces in the same places (shared/reference/sequence.md, "The
    standard board"): two squares swapped keep the counts, corners and jacks, and are a warning at
    the first of them that names both squares; a declared deviation makes it a note."""
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    rows = [list(row) for row in game.board.cells]
    a, b = rows[2][1], rows[2][2]
    rows[2][1], rows[2][2] = replace(a, code=b.code, loc=HERE), replace(b, code=a.code)
    swapped = replace(game, board=replace(game.board, cells=tuple(tuple(row) for row in rows)))
    findings = validate_game(swapped, GAMES)
    assert [(f.rule_id, f.code, f.severity, f.loc) for f in findings] == [
        ("sequence.standard-board", "not-the-standard-board", Severity.WARNING, HERE)]
    assert "row 3, column 2" in findings[0].message and "row 3, column 3" in findings[0].message


def test_a_table_of_fewer_teams_than_the_rulebooks(shipped_project: Project) -> None:
    """"Não podem jogar mais de 3 equipas" and "JOGO PARA 3 JOGADORES OU 3 EQUIPAS": the rulebook plays
    three teams; max_teams: 2 is another game (a warning)."""
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    assert found(replace(game, max_teams=2, max_teams_loc=HERE)) == {("sequence.table", "max-teams", "warning")}


@pytest.mark.parametrize("players, severity", [(5, "error"), (7, "error"), (11, "error"), (1, "error"), (14, "warning")])
def test_sequence_player_counts(shipped_project: Project, players: int, severity: str) -> None:
    """"Qualquer número de jogadores de 2 a 12 que seja divisível por 2 ou 3": 5 or 7 players cannot
    form equal teams; 14 can (two teams of seven) but is beyond the rulebook."""
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    hands = (*game.hand_sizes, replace(game.hand_sizes[-1], players=players))
    table = with_players(replace(game, hand_sizes=hands), *sorted({*game.info.players, players}))
    assert ("sequence.table", "player-count", severity) in found(table)
    assert all(code != "player-count" for _, code, _ in found(game))


# --- Firecrackers: prices, coins, points ----------------------------------------------------------


def test_the_shipped_tables_are_the_reference_tables(fc: FirecrackersDefinition) -> None:
    """The source of the numbers is the reference: the shipped file agrees with it, and the engine
    knows every action, Scoreworks card and core rule the reference lists."""
    assert dict(fc.price.base) == rulebook.BASE_PRICE and fc.default_coins == rulebook.COINS
    assert {a.key for a in fc.actions} == rulebook.KNOWN_ACTIONS == set(EFFECTS)
    assert SIMULATED_KEYS == set(rulebook.SCOREWORKS_REPLACES)
    for action in fc.actions:
        assert action.coins == rulebook.coins(action.key)
        assert rulebook.same_points(action.points, rulebook.points(action.key))


def test_a_base_price_that_is_not_the_reference(fc: FirecrackersDefinition) -> None:
    """[N] base = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}: a 4 at base 3 passes the file's own price rule."""
    base = tuple((n, 3 if n == 4 else p) for n, p in fc.price.base)
    assert found(replace(fc, price=replace(fc.price, base=base))) == {("firecrackers.prices", "base-price", "warning")}


def test_surcharges_and_limits_that_are_not_the_reference(fc: FirecrackersDefinition) -> None:
    """[N] "1 with an action, except garbage -1, buddy_explosion +2, sudden_burst +2", clamp to 1-5."""
    actions = tuple(replace(a, action_cost=None, loc=HERE) if a.key == "garbage" else a for a in fc.actions)
    garbage = [f for f in validate_game(replace(fc, actions=actions), GAMES) if f.code == "action-price"]
    assert [(f.loc, f.severity) for f in garbage] == [(HERE, Severity.WARNING)]
    surcharge = replace(fc, price=replace(fc.price, action_cost=2))
    assert ("firecrackers.prices", "action-price", "warning") in found(surcharge)
    assert found(replace(fc, price=replace(fc.price, maximum=6))) == {("firecrackers.prices", "price-limits", "warning")}


def test_coins_that_are_not_the_reference(fc: FirecrackersDefinition) -> None:
    """[R] "Each card you revealed this round is worth 1 coin (unless stated otherwise)"; treasure 2.
    (The rules page prints the value, {coins}: it follows.)"""
    assert found(replace(fc, default_coins=2)) == {("firecrackers.coins-points", "coins", "warning")}
    rich = tuple(replace(a, coins=3, loc=HERE) if a.key == "treasure" else a for a in fc.actions)
    (finding,) = validate_game(replace(fc, actions=rich), GAMES)
    assert (finding.code, finding.loc) == ("action-coins", HERE)


@pytest.mark.parametrize("key, points", [
    ("super_cracker", Points(PointsRule.FIXED, 10)),
    ("money_trade", Points()),
    ("double_sight", Points(PointsRule.PER_BLACK_CARD, 3)),
    ("treasure", Points(PointsRule.FIXED, 2)),
])
def test_points_that_are_not_the_reference(fc: FirecrackersDefinition, key: str, points: Points) -> None:
    """[N] Points: super_cracker 13, money_trade -2, double_sight 2 per black card; others their number."""
    changed = tuple(replace(a, points=points) if a.key == key else a for a in fc.actions)
    assert found(replace(fc, actions=changed)) == {("firecrackers.coins-points", "action-points", "warning")}


def test_actions_that_are_not_the_printed_ones(fc: FirecrackersDefinition) -> None:
    """A colour with another colour's pair of actions plays, but is not the printed set; an action
    the printed game does not have has no effect to simulate."""
    red, yellow = fc.pack("red"), fc.pack("yellow")
    packs = tuple(replace(p, actions=yellow.actions) if p.key == "red" else
                  replace(p, actions=red.actions) if p.key == "yellow" else p for p in fc.packs)
    assert ("firecrackers.actions", "colour-actions", "warning") in found(replace(fc, packs=packs))
    invented = replace(fc.action("treasure"), key="sparkle", loc=HERE)
    findings = validate_game(replace(fc, actions=(*fc.actions, invented)), GAMES)
    assert ("unknown-action", HERE, Severity.ERROR) in {(f.code, f.loc, f.severity) for f in findings}


# --- Firecrackers: black cards, setup ---------------------------------------------------------------


def _black(fc: FirecrackersDefinition, entries: list[CardEntry]) -> FirecrackersDefinition:
    return replace(fc, packs=tuple(replace(p, entries=tuple(entries)) if p.key == BLACK else p for p in fc.packs))


def test_how_often_each_black_action_appears(fc: FirecrackersDefinition) -> None:
    """[N] "actions 1-4 appear twice ... and actions 5-16 once": the last 4 dealt as money_trade."""
    black = fc.pack(BLACK)
    entries = [replace(e, action="money_trade") if (e.number, e.action) == (4, "wildcard_down") else e
               for e in black.entries]
    findings = [f for f in validate_game(_black(fc, entries), GAMES)]
    assert {(f.code, f.severity) for f in findings} == {("black-action-count", Severity.WARNING)}
    assert len(findings) == 2  # wildcard_down once instead of twice, money_trade twice instead of once


def test_the_black_variant_is_a_note_and_plays(fc: FirecrackersDefinition) -> None:
    """[R] "Want a simpler and less luck-based game? Remove or reduce the pile of Black cards.": a
    deck with some of the black cards, or none (and starting decks without black cards), is that
    variant: a note, and the simulator plays it."""
    black = fc.pack(BLACK)
    reduced = _black(fc, list(black.entries[:14]))  # 14 of 20: still two black cards for each of 6 players
    assert found(reduced) == {("firecrackers.black-set", "black-variant", "note")}
    no_black_start = tuple(replace(s, black_cards=0) for s in fc.setup.starting_decks)
    removed = replace(fc, packs=tuple(p for p in fc.packs if p.key != BLACK),
                      actions=tuple(a for a in fc.actions if a.pack != BLACK),
                      setup=replace(fc.setup, starting_decks=no_black_start))
    assert found(removed) == {("firecrackers.black-set", "black-variant", "note")}
    for variant, players in ((reduced, 4), (removed, 4), (removed, 7), (removed, 2)):
        result = run_games(FIRECRACKERS, variant, players, [BotSpec("best")], 3, seed=5)
        assert all(r.outcome["end"] == "shop_empty" for r in result.records)
    assert not any(c.pack == BLACK for c in removed.cards(4))


def test_the_black_variant_needs_starting_decks_it_can_deal(fc: FirecrackersDefinition) -> None:
    removed = replace(fc, packs=tuple(p for p in fc.packs if p.key != BLACK),
                      actions=tuple(a for a in fc.actions if a.pack != BLACK))
    assert ("firecrackers.setup", "starting-cards", "error") in found(removed)


def test_a_black_pack_that_is_not_part_of_the_printed_one_is_no_variant(fc: FirecrackersDefinition) -> None:
    black = fc.pack(BLACK)
    odd = _black(fc, [e for e in black.entries if e.number == 2][:9] + [replace(black.entries[0], number=3)])
    codes = {code for _, code, _ in found(odd)}
    assert "black-variant" not in codes and "black-numbers" in codes


def test_starting_decks_and_sets_that_are_not_the_rulebooks(fc: FirecrackersDefinition) -> None:
    """[R] "Include 1 random card per starting color. And 2 random black cards." and "Playing with 2
    players? Include 2 colored sets per player"."""
    start = fc.setup.starting_decks
    three_black = replace(fc, setup=replace(fc.setup, starting_decks=(replace(start[0], black_cards=3, loc=HERE), start[1])))
    findings = validate_game(three_black, GAMES)
    assert [(f.code, f.loc, f.severity) for f in findings] == [("starting-deck", HERE, Severity.WARNING)]
    assert "2-6" in findings[0].message
    fewer = replace(fc, setup=replace(fc.setup, starting_decks=(start[0], replace(start[1], starting_colours=3))))
    assert found(fewer) == {("firecrackers.setup", "starting-deck", "warning")}
    no_actions = replace(fc, setup=replace(fc.setup, starting_decks=(start[0], replace(start[1], colour_action_cards=False))))
    assert found(no_actions) == {("firecrackers.setup", "starting-deck", "warning"),
                                 ("firecrackers.setup", "starting-cards", "error")}  # 10 players, 6 plain cards
    one_set = replace(fc, setup=replace(fc.setup, sets=(replace(fc.setup.sets[1], min_players=2),)))
    assert ("firecrackers.setup", "sets-per-player", "warning") in found(one_set)


def test_a_pack_printed_in_another_colour_than_its_name(fc: FirecrackersDefinition) -> None:
    """docs/definitions.md: "a pack printed in another colour than its name (a red pack printed blue)
    a warning at the pack"; the shipped packs are printed in their colours."""
    from generator.model.common import Colour

    assert not {f for f in found(fc) if f[0] == "firecrackers.pack-colour"}
    packs = tuple(replace(p, colour=Colour("#1f5fbf")) if p.key == "red" else p for p in fc.packs)
    assert found(replace(fc, packs=packs)) == {("firecrackers.pack-colour", "pack-colour", "warning")}


def test_firecrackers_player_counts(fc: FirecrackersDefinition) -> None:
    """Ten colours, one set per player: 11 players need a colour that does not exist."""
    assert ("firecrackers.setup", "player-count", "error") in found(with_players(fc, *range(1, 11)))
    eleven = found(with_players(fc, *range(2, 12)))
    assert ("firecrackers.setup", "player-count", "warning") in eleven
    assert ("firecrackers.setup", "no-sets-rule", "error") in eleven


# --- Scoreworks -----------------------------------------------------------------------------------


def test_a_renamed_scoreworks_card_or_core_rule(sw: ScoreworksDefinition) -> None:
    """The engine plays the printed cards and core rules only: a renamed one is an error, never
    dropped silently; the printed one it replaced is missing."""
    cards = tuple(replace(c, key="shift") if c.key == "shifted" else c for c in sw.scoring_cards)
    assert found(replace(sw, scoring_cards=cards)) == {("scoreworks.cards", "unknown-card", "error"),
                                                        ("scoreworks.cards", "card-missing", "warning")}
    rules = tuple(replace(r, key="must_purchase") if r.key == "must_buy" else r for r in sw.core_rules)
    assert found(replace(sw, core_rules=rules)) == {("scoreworks.cards", "unknown-core-rule", "error"),
                                                     ("scoreworks.cards", "core-rule-missing", "warning")}


@pytest.mark.parametrize("key, old, new", [
    ("bonus_color", "the most cards", "the fewest cards"),
    ("bonus_number", "each number of", "each colour of"),
    ("black_magic", "most black cards", "most red cards"),
])
def test_a_scoring_condition_that_counts_other_cards(sw: ScoreworksDefinition, key: str, old: str, new: str) -> None:
    """[N] Scoreworks: "+5 for each colour in which you own the most cards": the most cards printed as
    the fewest, a colour as a number or the black cards as the red ones is another rule (a warning
    at the card's text)."""
    card = next(c for c in sw.scoring_cards if c.key == key)
    assert old in card.rule
    cards = tuple(replace(c, rule=c.rule.replace(old, new)) if c.key == key else c for c in sw.scoring_cards)
    assert found(replace(sw, scoring_cards=cards)) == {("scoreworks.wording", "condition", "warning")}


def test_whether_a_card_replaces_the_default_scoring(sw: ScoreworksDefinition) -> None:
    """[R] "Usually, this rule is added on top of the default rule ... Some, however, replace that rule"."""
    flipped = tuple(replace(c, replaces_default=not c.replaces_default) if c.key in ("shifted", "bonus_color") else c
                    for c in sw.scoring_cards)
    findings = validate_game(replace(sw, scoring_cards=flipped), GAMES)
    assert {(f.code, f.severity) for f in findings} == {("replaces-default", Severity.WARNING)} and len(findings) == 2


def test_the_engine_refuses_a_core_rule_it_does_not_know(fc: FirecrackersDefinition, sw: ScoreworksDefinition) -> None:
    renamed = replace(sw, core_rules=(*sw.core_rules[:1], CoreRule("must_purchase", "If you can, buy.")))
    with pytest.raises(ValueError, match="must_purchase"):
        firecrackers_engine(fc, 3, expansion=renamed)


def test_core_rules_are_reported_only_when_in_play(fc: FirecrackersDefinition, sw: ScoreworksDefinition) -> None:
    """The rules a run reports are the rules it played: without the expansion (or with an expansion
    without core rules) the Scoreworks core rules are off, whatever the option's default."""
    def played(**extra):  # type: ignore[no-untyped-def]
        return run_games(FIRECRACKERS, fc, 3, [BotSpec("random")], 1, seed=1, extra=extra).options["scoreworks_core_rules"]

    assert played() is False
    assert played(expansion=sw) is True
    assert played(expansion=replace(sw, core_rules=())) is False
    engine = firecrackers_engine(fc, 3, expansion=replace(sw, core_rules=()))
    state = engine.new_game(random.Random(1))
    assert not state.rules.must_buy and not state.rules.last_alive_destroy


def test_simulate_json_reports_the_core_rules_off_without_the_expansion() -> None:
    result = CliRunner().invoke(cli, ["simulate", "firecrackers", "-n", "3", "-k", "2", "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rules"]["scoreworks_core_rules"] is False


# --- the commands ---------------------------------------------------------------------------------


def test_the_black_variant_validates_prints_and_simulates(project_copy: Path) -> None:
    """The rulebook's variant as a designer writes it: the black pack and its actions left out of the
    file, no black card in the starting decks."""
    path = project_copy / "card_defs" / "firecrackers.yaml"
    text = path.read_text().replace("black_cards: 2,", "black_cards: 0,").replace("black_cards: 1,", "black_cards: 0,")
    text = text[: text.index("\n  black:\n")] + "\n"
    blocks = re.split(r"(?m)^(?=  [a-z_]+:\n|\S)", text)  # each top-level field and entry of actions:
    path.write_text("".join(b for b in blocks if "    pack: black\n" not in b))
    runner = CliRunner()
    checked = runner.invoke(cli, ["validate", "firecrackers", "--project", str(project_copy), "--json"])
    assert checked.exit_code == 0, checked.output
    assert [f["code"] for f in json.loads(checked.output)] == ["black-variant"]
    built = runner.invoke(cli, ["build", "firecrackers", "--project", str(project_copy), "--out", str(project_copy / "out")])
    assert built.exit_code == 0, built.output
    played = runner.invoke(cli, ["simulate", "firecrackers", "-n", "4", "-k", "3", "-w", "1", "--json",
                                 "--project", str(project_copy)])
    assert played.exit_code == 0, played.output
    assert json.loads(played.output)["games"] == 3

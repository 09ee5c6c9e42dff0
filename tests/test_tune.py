"""The pure parts of ``cardforge tune``: goals (reading, measuring, judging), the ranking of the
values tried, the race over them (on a synthetic game whose seat win rates are known), and the
writing of chosen values into a definition file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.loader.errors import DefinitionErrors
from generator.loader.whatif import read_deck_values, write_values
from generator.sim.api import Figure
from generator.sim.goals import Goal, GoalError, Verdict, parse_goal
from generator.sim.tune import Knob, Search, Status, candidates, merge_figures, round_seed

# --------------------------------------------------------------------------- goals


def test_goals_read_as_the_command_line_writes_them() -> None:
    assert parse_goal("seats-equal").bounds(True) == (0.0, 2.0)
    assert parse_goal("seats-equal=3").bounds(True) == (0.0, 3.0)
    assert parse_goal("first-seat-edge=0").bounds(True) == (-2.0, 2.0)
    assert parse_goal("first-seat-edge=1+-3").bounds(True) == (-2.0, 4.0)
    assert parse_goal("first-seat-edge=0±1").bounds(True) == (-1.0, 1.0)
    length = parse_goal("length=40")
    assert length.figure == "game length (turns)" and length.bounds(False) == (39.0, 41.0)
    assert parse_goal("score=-10..-4").bounds(False) == (-10.0, -4.0)
    assert parse_goal("rocket buy rate=20..30").figure == "rocket buy rate"
    assert parse_goal("rocket buy rate=25").bounds(True) == (23.0, 27.0)  # a rate: points either side
    assert parse_goal("decisions=100").bounds(False) == (97.5, 102.5)  # another figure: 2.5 % either side


@pytest.mark.parametrize("text", ["seats-equal=0", "seats-equal=x", "length", "length=", "=3", "length=5..3",
                                  "score=nan", "first-seat-edge=0±-1"])
def test_a_goal_that_cannot_be_read_says_why(text: str) -> None:
    with pytest.raises(GoalError, match="--goal"):
        parse_goal(text)


def seat_figures(rates: list[float], games: int, rng: random.Random) -> list[Figure]:
    """Per-game seat win figures of ``games`` games where seat s wins with probability rates[s]."""
    winners = [rng.choices(range(len(rates)), weights=rates)[0] for _ in range(games)]
    keys = tuple(range(games))
    figures = [Figure(f"seat {s} win rate", tuple(float(w == s) for w in winners), keys, percent=True, seat=s)
               for s in range(len(rates))]
    figures.append(Figure("game length (turns)", tuple(40.0 + rng.random() for _ in range(games)), keys))
    return figures


def test_seats_equal_is_met_by_equal_seats_and_missed_by_a_strong_first_seat() -> None:
    rng = random.Random(1)
    goal = parse_goal("seats-equal=3")
    equal = goal.measure(seat_figures([1, 1, 1, 1], 20_000, rng), 0.95)
    assert equal is not None
    assert goal.verdict(*equal) is Verdict.MET
    strong = goal.measure(seat_figures([2, 1, 1, 1], 2_000, rng), 0.95)
    assert strong is not None
    estimate, percent = strong
    assert percent and 20 < estimate.value < 30  # seat 0: 40 % against the others' 20 %
    assert goal.verdict(estimate, percent) is Verdict.MISSED
    assert goal.beyond_reach(estimate, percent)


def test_an_interval_across_a_band_end_is_open_and_sizes_its_confirmation() -> None:
    goal = parse_goal("first-seat-edge=0±2")
    measured = goal.measure(seat_figures([1, 1, 1, 1], 300, random.Random(2)), 0.95)
    assert measured is not None
    estimate, percent = measured
    assert goal.verdict(estimate, percent) is Verdict.OPEN
    needed = goal.games_to_confirm(estimate, percent, 0.95)
    if goal.inside(estimate, percent):
        assert needed is not None and needed > 300
    else:
        assert needed is None


def test_a_figure_goal_reads_the_named_figure_and_nothing_else() -> None:
    figures = seat_figures([1, 1], 500, random.Random(3))
    goal = parse_goal("length=40.5")
    measured = goal.measure(figures, 0.95)
    assert measured is not None and not measured[1]
    assert goal.verdict(*measured) is Verdict.MET
    assert parse_goal("rounds=10").measure(figures, 0.95) is None


# --------------------------------------------------------------------------- the values tried


def test_values_are_ranked_by_how_little_they_change_the_definition() -> None:
    knobs = [Knob("a", (1, 2, 3, 4), 3), Knob("b", (0.5, 1.0), 1.0)]
    ranked = [tuple(c.values.values()) for c in candidates(knobs)]
    assert ranked[0] == (3, 1.0)  # the definition's own values
    # one value changed, nearest first (each in units of its range: 2 of 3 for a=1, 1 for b=0.5)
    assert ranked[1:5] == [(2, 1.0), (4, 1.0), (1, 1.0), (3, 0.5)]
    assert {c.changed for c in candidates(knobs)[5:]} == {2}


def test_merged_batches_keep_every_game_and_zeros_where_a_card_was_not_bought() -> None:
    first = [Figure("x buy rate", (1.0, 0.0), (0, 1), percent=True, zero_when_absent=True),
             Figure("length", (3.0, 4.0), (0, 1))]
    second = [Figure("length", (5.0,), (0,))]
    merged = {f.name: f.values for f in merge_figures([first, second])}
    assert merged == {"x buy rate": (1.0, 0.0, 0.0), "length": (3.0, 4.0, 5.0)}


# --------------------------------------------------------------------------- the race


def first_seat_rate(chips: int) -> list[float]:
    """A synthetic game: the first seat's edge falls as chips rise, flat from 11 on."""
    edge = max(0.0, (11 - chips) * 0.3)
    return [1.0 + edge, 1.0, 1.0, 1.0]


def race(goal: str, values: tuple[int, ...], current: int, budget: int, seed: int = 1) -> Search:
    search = Search(candidates([Knob("chips", values, current)]), [parse_goal(goal)], seed=seed, seats=4)
    while True:
        batches = search.plan(budget - search.spent)
        if not batches:
            return search
        figures = []
        for batch in batches:
            chips = search.candidates[batch.index].values["chips"]
            figures.append(seat_figures(first_seat_rate(int(chips)), batch.games,
                                        random.Random(f"{batch.seed}:{chips}")))
        search.record(batches, figures)


def test_the_race_chooses_the_value_nearest_the_definition_that_meets_the_goal() -> None:
    search = race("seats-equal=3", tuple(range(5, 16)), current=5, budget=200_000)
    chosen = search.choice(200_000)
    assert chosen is not None
    # a value with equal seats: the nearest (11) unless its confirmation would cost twice another's
    assert search.candidates[chosen].values["chips"] >= 11
    assert search.standings[0].games == 100  # chips=5: far off, it left after one round
    confirmation = search.confirmation_games(chosen)
    assert confirmation is not None
    grid = len(search.candidates) * confirmation  # every value played as much as the confirmation
    assert search.spent + confirmation < grid / 3


def test_the_race_is_the_same_for_the_same_seed() -> None:
    a = race("seats-equal=3", tuple(range(5, 16)), current=5, budget=200_000, seed=7)
    b = race("seats-equal=3", tuple(range(5, 16)), current=5, budget=200_000, seed=7)
    assert [s.games for s in a.standings] == [s.games for s in b.standings]
    assert a.choice(200_000) == b.choice(200_000)


def test_a_race_where_no_value_meets_the_goal_ends_with_every_value_left() -> None:
    search = race("seats-equal=3", (3, 7, 10), current=3, budget=200_000)
    assert search.choice(200_000) is None and not search.racing()
    assert all(s.status is Status.LEFT for s in search.standings)
    assert search.candidates[search.closest()].values["chips"] == 10


def test_round_seeds_differ_and_repeat() -> None:
    assert round_seed(1, 0) != round_seed(1, 1) != round_seed(2, 1)
    assert round_seed(1, 3) == round_seed(1, 3)


# --------------------------------------------------------------------------- --apply


def test_chosen_values_are_written_in_place_keeping_comments(tmp_path: Path) -> None:
    file = tmp_path / "game.yaml"
    file.write_text("# my game\nid: g  # the id\noptions:\n  chips:\n    default: 11   # rulebook\n"
                    "    min: 0\nprice: {base: [1, 2, 3]}\nname: 'Old'\n", encoding="utf-8")
    write_values(file, {"options.chips.default": 9, "price.base.1": 5, "name": "New: one"})
    text = file.read_text(encoding="utf-8")
    assert text.startswith("# my game\nid: g  # the id\n")
    assert "    default: 9   # rulebook\n" in text
    values = read_deck_values(file)
    assert values["options.chips.default"].value == 9
    assert values["price.base.1"].value == 5
    assert values["name"].value == "New: one"


def test_a_value_the_file_does_not_write_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    file = tmp_path / "game.yaml"
    file.write_text("options:\n  chips: {default: 11}\n", encoding="utf-8")
    with pytest.raises(DefinitionErrors):
        write_values(file, {"options.chips.max": 9})
    with pytest.raises(DefinitionErrors):
        write_values(file, {"options.chips.default": "eleven"})
    assert file.read_text(encoding="utf-8") == "options:\n  chips: {default: 11}\n"


def test_goal_equality_is_by_value() -> None:
    assert parse_goal("seats-equal=2") == Goal("seats-equal=2", "seats-equal", tolerance=2.0)

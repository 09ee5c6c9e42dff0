"""Cells of a sweep written as they finish and read back (``--results``), and the runner playing
several cells on one executor: the same records as one run per cell."""

from __future__ import annotations

import gzip
import json
import os
import zlib
from pathlib import Path
from typing import Any

import pytest

from generator.app.runstore import FORMAT, ResultStore
from generator.sim.api import BotSpec, GameRecord
from generator.sim.runner import Cell, result_of, run, run_cells
from generator.sim.summary import summarize
from tests.test_sim_runner import TOY_RACE, toy_definition


def _cells(games: int = 15) -> list[Cell]:
    return [Cell(TOY_RACE, toy_definition(), 3, (BotSpec("random"),), games, 4, {"target": t}) for t in (15, 25, 35)]


@pytest.mark.e2e
def test_several_cells_on_one_executor_play_the_same_games_as_one_run_each() -> None:
    finished: list[int] = []
    together = run_cells(_cells(), workers=2, on_result=lambda n, r: finished.append(n))
    apart = [run(TOY_RACE, toy_definition(), 3, [BotSpec("random")], 15, 4, options={"target": t}) for t in (15, 25, 35)]
    assert [r.records for r in together] == [r.records for r in apart]
    assert sorted(finished) == [0, 1, 2] and [r.options["target"] for r in together] == [15, 25, 35]
    assert run_cells([], workers=2) == []


def test_records_survive_the_round_trip_and_give_the_same_summary(fc: Any) -> None:
    from generator.app.simulators import simulator_for

    simulator = simulator_for("firecrackers")
    played = run(simulator, fc, 3, [BotSpec("best")], 6, 2)
    back = tuple(GameRecord.from_json(json.loads(json.dumps(r.to_json()))) for r in played.records)
    again = result_of(Cell(simulator, fc, 3, (BotSpec("best"),), 6, 2), back)
    first = summarize(played.records, 3, competitive=True, game_summary=simulator.summarize).to_json()
    second = summarize(again.records, 3, competitive=True, game_summary=simulator.summarize).to_json()
    assert first == second


@pytest.mark.parametrize("data, message", [
    ([], "a JSON object"),
    ({"index": 0}, "lacks"),
    ({"index": "0", "seed": 1, "turns": 1, "decisions": 1, "scores": [], "winners": [], "bots": [], "outcome": {}},
     "whole numbers"),
    ({"index": 0, "seed": 1, "turns": 1, "decisions": 1, "scores": [1.0], "winners": [3], "bots": ["a"], "outcome": {}},
     "seat numbers"),
    ({"index": 0, "seed": 1, "turns": 1, "decisions": 1, "scores": ["x"], "winners": [], "bots": [], "outcome": {}},
     "list of numbers"),
])
def test_a_record_from_a_file_is_checked(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GameRecord.from_json(data)


def test_a_cell_file_is_read_back_only_for_its_own_cell(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    cell = run(TOY_RACE, toy_definition(), 2, [BotSpec("greedy")], 5, 1)
    description = {"game_id": "toy", "games": 5, "seed": 1}
    assert store.load(description) == (None, "")
    path = store.save(description, cell.records)
    assert store.load(description) == (cell.records, "")
    other = {**description, "seed": 2}
    assert store.path(other) != path and store.load(other) == (None, "")
    path.write_bytes(gzip.compress(json.dumps({"format": FORMAT, "key": "forged", "records": []}).encode()))
    records, problem = store.load(description)
    assert records is None and "another cell" in problem
    data = {"format": FORMAT, "key": ResultStore.key(description), "records": [r.to_json() for r in cell.records][:4]}
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    records, problem = store.load(description)
    assert records is None and "does not hold 5 games" in problem


def test_a_planted_gzip_bomb_is_refused_after_its_share(tmp_path: Path) -> None:
    """A file under a cell's name that unpacks to far more than its games could (1 GB of zeros
    in 1 MB) is read no further than that cell's share, then played again."""
    store = ResultStore(tmp_path)
    description = {"game_id": "toy", "games": 5, "seed": 1}
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # a gzip stream: its header comes first
    head = packer.compress(bytes(1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(bytes(1 << 20)) + packer.flush(zlib.Z_FULL_FLUSH)
    store.path(description).write_bytes(head + block * 1023 + packer.flush())
    records, problem = store.load(description)
    assert records is None and "unpacks to more than" in problem
    store.path(description).unlink()
    os.mkfifo(store.path(description))  # a read would wait forever
    records, problem = store.load(description)
    assert records is None and "a FIFO" in problem

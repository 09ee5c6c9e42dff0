"""Work spread over the machine's cores: the same results, in order, as one process gives."""

from __future__ import annotations

import os

import pytest

from generator.sim.workers import map_in_order


def _square_and_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


@pytest.mark.e2e
def test_results_come_back_in_order_from_several_processes() -> None:
    results = map_in_order(_square_and_pid, list(range(40)), workers=2)
    assert [r for r, _ in results] == [n * n for n in range(40)]
    assert os.getpid() not in {pid for _, pid in results}  # played by the workers


def test_a_few_items_or_one_worker_stay_in_this_process() -> None:
    assert {pid for _, pid in map_in_order(_square_and_pid, [1, 2, 3])} == {os.getpid()}
    assert {pid for _, pid in map_in_order(_square_and_pid, list(range(40)), workers=1)} == {os.getpid()}

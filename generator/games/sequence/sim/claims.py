"""Which lines of five a team may claim as sequences when a chip completes several at once.

A line of six or more chips holds several lines of five, and the player who completes it chooses
which five form the sequence (the rulebook's sequence is "five chips in a row"; it also says a chip
of the first sequence may serve in the second: two sequences of one team share at most one chip).
A team claims as many sequences as the chips allow, never fewer (a sequence made is a sequence
made); ``claim_options`` lists every largest set of lines it may claim together.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Sequence


def compatible(window_sets: Sequence[frozenset[int]], a: int, b: int) -> bool:
    """Whether lines ``a`` and ``b`` may both be sequences of one team (distinct, sharing <= 1 chip)."""
    return a != b and len(window_sets[a] & window_sets[b]) <= 1


def claim_options(window_sets: Sequence[frozenset[int]], claimed: Sequence[int],
                  candidates: Sequence[int]) -> list[tuple[int, ...]]:
    """Every largest set of ``candidates`` (full lines of one team) that the team may claim beside its
    sequences ``claimed``, each set sorted, the list sorted; [] when none may be claimed.

    Lines that cannot clash (two lines in different directions share at most the one chip where
    they cross) fall into separate groups, so the search stays small: the choices of each group of
    clashing lines are found alone and combined."""
    free = sorted({w for w in candidates if all(compatible(window_sets, w, s) for s in claimed)})
    if not free:
        return []
    groups: list[list[int]] = []
    for w in free:
        touching = [g for g in groups if any(not compatible(window_sets, w, x) for x in g)]
        merged = [w]
        for g in touching:
            merged.extend(g)
            groups.remove(g)
        groups.append(sorted(merged))
    choices: list[list[tuple[int, ...]]] = []
    for group in groups:
        for size in range(len(group), 0, -1):
            found = [c for c in combinations(group, size)
                     if all(compatible(window_sets, a, b) for a, b in combinations(c, 2))]
            if found:
                choices.append(found)
                break
    return sorted(tuple(sorted(w for part in pick for w in part)) for pick in product(*choices))

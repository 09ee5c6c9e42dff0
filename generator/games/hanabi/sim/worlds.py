"""Deals a seat may imagine: its own hand and the draw pile, consistent with what it knows.

A search plays ahead in *worlds*: the table as the seat sees it, with a guess at the cards it cannot
see. Its own cards are drawn one at a time from the copies it cannot account for (not played, not
discarded, not in the hands it sees), each among the kinds its knowledge allows, the most
constrained card first, each kind weighted by its copies left; a dead end (the allowed copies ran
out) deals again, and after a few dead ends only the clues' hard facts are kept (the conventions'
reading may be wrong when a partner does not follow them). The draw pile is the rest, shuffled.
Only the seat's own ``random.Random`` decides, so a seed fixes the worlds.
"""

from __future__ import annotations

import random
from typing import Sequence

from .observation import RANK_SHIFT, Observation, unseen_copies

TRIES = 8
"""Deals tried with the conventions' knowledge before falling back to the clues' hard facts."""


def clue_masks(obs: Observation) -> list[int]:
    """The kinds each of the seat's own cards may be by the clues alone (bitmasks)."""
    r, suits = obs.max_rank, obs.suits
    out = []
    for known in obs.knowledge[obs.seat]:
        mask = 0
        for s in range(suits):
            if (known >> s) & 1:
                for rank in range(r):
                    if (known >> (RANK_SHIFT + rank)) & 1:
                        mask |= 1 << (s * r + rank)
        out.append(mask)
    return out


def deal_hand(allowed: Sequence[int], left: list[int], rng: random.Random) -> list[int] | None:
    """Kinds for cards allowed ``allowed[i]`` (bitmasks), drawn without replacement from ``left``
    (which it decrements); None at a dead end (``left`` is then partly spent: pass a copy)."""
    hand = [-1] * len(allowed)
    order = sorted(range(len(allowed)), key=lambda i: allowed[i].bit_count())
    for i in order:
        mask = allowed[i]
        kinds = [k for k in range(len(left)) if (mask >> k) & 1 and left[k] > 0]
        if not kinds:
            return None
        total = sum(left[k] for k in kinds)
        pick = rng.randrange(total)
        for kind in kinds:
            pick -= left[kind]
            if pick < 0:
                break
        hand[i] = kind
        left[kind] -= 1
    return hand


def imagine_deck(obs: Observation, possible: Sequence[int], rng: random.Random) -> list[int]:
    """A whole deck (kinds by order) the seat may imagine: the cards it sees where they are, its own
    hand dealt from ``possible`` (or the clues' facts), the rest of the unseen copies shuffled into the
    draw pile. Orders already played or discarded get no particular kind."""
    left = unseen_copies(obs)
    hand = None
    for _ in range(TRIES):
        hand = deal_hand(possible, list(left), rng)
        if hand is not None:
            break
    if hand is None:
        hard = clue_masks(obs)
        for _ in range(100 * TRIES):
            hand = deal_hand(hard, list(left), rng)
            if hand is not None:
                break
        else:
            raise ValueError("no deal fits the clues: the observation is not of a real game")
    for kind in hand:
        left[kind] -= 1
    pile = [kind for kind, n in enumerate(left) for _ in range(n)]
    rng.shuffle(pile)
    total = sum(obs.copies)
    assert len(pile) == obs.deck_size, "the unseen copies are the own hand and the draw pile"
    deck = [0] * total
    for p, hand_kinds in enumerate(obs.hands):
        if hand_kinds is not None:
            for order, kind in zip(obs.orders[p], hand_kinds):
                deck[order] = kind
    for order, kind in zip(obs.orders[obs.seat], hand):
        deck[order] = kind
    deck[total - len(pile):] = pile
    return deck

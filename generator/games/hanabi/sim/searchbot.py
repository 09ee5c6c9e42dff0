"""The ``search`` Hanabi bot: SmartBot's conventions, checked by playing ahead (SPARTA's single-agent search).

Lerer et al., "Improving Policies via Search in Cooperative Partially Observable Games" (AAAI 2020):
a player that knows its partners follow an agreed *blueprint* can weigh each of its own actions by
playing the game out many times, its partners and itself following the blueprint afterwards, over
deals of its own hidden cards consistent with what it knows; it keeps the blueprint's action unless
another is clearly better. Here the blueprint is ``smart`` (``smartbot``; its stall convention, which
gains ``smart`` 0.14 a game at two players, gained the search nothing measurable there, for 13 to
37 % more CPU a decision: docs/simulating.md), and:

- *worlds* (``worlds``): the seat's own hand dealt from the blueprint's common knowledge of it plus
  what the seat sees, the draw pile shuffled; a world is kept when the partners' models, replaying
  the turns since the seat's last one in it, would have made the moves they made (SPARTA's belief
  filter, on those turns only; up to ``FILTER_TRIES`` deals are tried, then any is taken: a partner
  that left the blueprint explains nothing). With ``depth`` above 1 (off unless set) the filter
  replays the turns since the seat's ``depth``-th last one, skips a partner's turn that no deal
  explained at an earlier decision (it left the blueprint), and when no deal explains them all
  takes the one explaining the most of the newest;
- *partners' models* (``PartnerModel``): SmartBot as this seat can run it for another seat, fed the
  same public turns; a copy is kept from just before each partner's last turn, for the filter;
- *candidates*: every legal action but plays of cards no world can make playable and discards of
  cards surely the last copy of a kind still needed; each world is played out once per candidate
  still in the race (the same worlds for all, so the differences between candidates are not drowned
  by the luck of the deal); every ``ROUND`` worlds the candidates clearly behind the leader are
  dropped, and after two rounds those that cannot beat the blueprint's action by ``THRESHOLD``; at
  most ``FOCUS`` besides the blueprint's stay;
- *close calls* (``extra``, off unless set): when the best challenger's gain over the blueprint's
  action is near the threshold once the budget is spent, up to ``extra`` times the budget more
  playouts go to those two actions alone, so that a rare deal that decides (a last copy on the
  chop) is dealt often enough to count;
- *when*: every decision once ``ENDGAME`` cards or fewer are left to draw (with ``ENDGAME_FACTOR``
  times the budget: playouts are short there); before, every decision but the blueprint's plays of
  a card surely playable (the conventions play the most useful one);
- *budget*: ``search:N`` playouts a decision at most (default ``DEFAULT_BUDGET``).

Both seats may search: a partner reads a move that leaves the blueprint by the conventions, like any
move, and the playouts play that reading out. A playout's value is its score plus ``perfect_bonus``
(``PERFECT_BONUS``) for a perfect game. The blueprint's action is left only when another's mean
beats it by ``THRESHOLD`` and by twice the standard error of the paired differences. All the
randomness (deals, draw piles) comes from the seat's own generator, so the same seed gives the same
games.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from generator.sim.api import IllegalAction

from .engine import DISCARD, PLAY, HanabiState
from .observation import Observation
from .smartbot import SmartBot
from .worlds import imagine_deck

DEFAULT_BUDGET = 200
"""Playouts per decision of ``search`` without a parameter, so of ``best`` at two players (the budget
measured in docs/simulating.md; twice the budget costs twice the time)."""
MAX_BUDGET = 1_000_000
THRESHOLD = 0.1
"""How much better (in mean playout value) an action must be to replace the blueprint's."""
PERFECT_BONUS = 1.0
"""Added to a playout's score when it is perfect."""
ROUND = 4
"""Worlds added to the race at a time."""
FOCUS = 3
"""Candidates besides the blueprint's that stay in the race after a round."""
ENDGAME = 6
"""Cards left in the draw pile from which every decision is searched."""
SEARCH_CLUES = True
"""Search the blueprint's clues too (a clue may replace a needed warning, or leave a better one)."""
FILTER_TRIES = 30
"""Deals tried per world for one that explains the partners' last turns."""
ENDGAME_FACTOR = 4
"""The budget is this many times larger from ``ENDGAME`` on, where playouts are short."""
EXTRA = 0.0
"""At a close call, up to this many times the budget more playouts, for the blueprint's action and
the best challenger only (0: none)."""
DEPTH = 1
"""This seat's turns back the filter replays: a world must explain the partners' turns since then."""


class PartnerModel(SmartBot):
    """A partner's SmartBot as the searching seat (``observer``) can run it: all of it is public
    knowledge but a discard finesse's target, which the partner reads from the newest cards it
    sees, the observer's among them. The observer reads it from what it sees instead: the kinds of
    the partners' cards (``seen``, the observer's own record of every card it has seen). By the
    convention exactly one other player holds the discarded kind as their newest card; when that is
    none of the hands the observer sees, it is the observer's."""

    def __init__(self, strikeout_zero: bool, five_returns: bool, observer: int) -> None:
        super().__init__(strikeout_zero, five_returns)
        self.observer = observer
        self.seen: dict[int, int] = {}
        """The kind of every card the observer has seen, by order (its blueprint's record)."""

    def _read_discard_finesse(self, giver: int, kind: int) -> None:
        for p in range(self.n):
            if p in (giver, self.me, self.observer) or not self.hands[p]:
                continue
            if self.kind_of.get(self.hands[p][-1]) == kind:
                self._mark_newest(p, kind)
                return
        if self.observer != giver and self.hands[self.observer]:
            theirs = self.kind_of.get(self.hands[self.observer][-1])
            if theirs is None:  # unseen by the observer: the one holder when the partner is not
                own = self.hands[self.me][-1] if self.hands[self.me] else -1
                theirs = kind if giver == self.me or self.seen.get(own) != kind else None
            if theirs == kind:
                self._mark_newest(self.observer, kind)
                return
        if giver != self.me and self.hands[self.me]:
            self._mark_newest(self.me, kind)

    def _mark_newest(self, seat: int, kind: int) -> None:
        """``seat``'s newest card is ``kind`` (unless that contradicts what is known of it)."""
        known = self.know[seat][-1]
        self.know[seat][-1] = known & (1 << kind) or known


class SearchBot:
    """Blueprint ``smart`` plus a budgeted search over its own actions (see the module docstring)."""

    name = "search"

    def __init__(self, engine: Any, budget: int, endgame: int = ENDGAME, endgame_factor: int = ENDGAME_FACTOR,
                 threshold: float = THRESHOLD, focus: int = FOCUS, extra: float = EXTRA,
                 depth: int = DEPTH, perfect_bonus: float = PERFECT_BONUS) -> None:
        self.engine = engine
        self.budget = budget
        self.threshold = threshold
        """How much better an action's mean playout value must be to replace the blueprint's (``THRESHOLD``)."""
        self.focus = focus
        """Candidates besides the blueprint's that stay in the race after a round (``FOCUS``)."""
        self.endgame = endgame
        """Cards left in the draw pile from which every decision is searched (``ENDGAME``)."""
        self.endgame_factor = endgame_factor
        """How many times the budget a decision gets from ``endgame`` on (``ENDGAME_FACTOR``)."""
        self.extra = extra
        """At a close call, how many times the budget more playouts the two closest actions get (``EXTRA``)."""
        self.depth = depth
        """This seat's turns back the belief filter replays from (``DEPTH``)."""
        self.perfect_bonus = perfect_bonus
        """Added to a playout's score when it is perfect (``PERFECT_BONUS``)."""
        self.blueprint = SmartBot(engine.strikeout_zero, engine.five_returns)
        self.partners: dict[int, PartnerModel] = {}
        """Each other seat's conventions as this seat can follow them (common knowledge only)."""
        self.playouts = 0
        """Playouts made so far (for the cost per decision)."""
        self.departures = 0
        """Decisions so far where the search left the blueprint's action."""
        self.worlds_dealt = 0
        """Worlds dealt so far (searched or judged)."""
        self.unexplained = 0
        """Worlds dealt so far for which the filter found no deal explaining the partners' last turns
        (a partner left the blueprint, or the filter's tries ran out)."""
        self.before: dict[int, SmartBot] = {}
        """Turn -> a copy of that turn's player's model just before it acted (since the filter's start)."""
        self.past: list[Observation] = []
        """This seat's observations at its last ``depth`` turns, oldest first (the filter replays the
        turns since the first)."""
        self.departed: set[int] = set()
        """Partners' turns no deal dealt at a decision explained (a partner left the blueprint): the
        filter no longer checks them."""
        self._checked: dict[int, int] = {}
        """Partner turn -> deals dealt at this decision checked against it (to find those departed)."""
        self._matched: dict[int, int] = {}
        """Partner turn -> deals dealt at this decision that explain it."""

    @property
    def previous(self) -> Observation | None:
        """This seat's observation at its last turn (where the partners' turns since start from)."""
        return self.past[-1] if self.past else None

    # ------------------------------------------------------------------ following the table
    def _partner_view(self, obs: Observation, seat: int, upto: int) -> Observation:
        """What ``seat`` saw before the turn ``obs.log[upto]`` (the log cut there), less the cards
        this seat cannot see: enough for a partner's SmartBot to read the turns (public facts only
        with two players; with more, the hands this seat sees now stand for those it saw then)."""
        hands = tuple(None if p in (seat, obs.seat) else h for p, h in enumerate(obs.hands))
        turn = obs.turn - len(obs.log) + upto
        return Observation(seat, self.engine, hands, obs.orders, obs.knowledge, obs.fireworks, obs.discarded,
                           obs.clues, obs.storms, obs.deck_size, turn, obs.final_turns, obs.log[:upto])

    def _follow(self, obs: Observation) -> None:
        """Bring every partner's model up to now, keeping a copy of each as it was just before its
        own last turn (to check the worlds against what it did)."""
        first = obs.turn - len(obs.log)
        for seat in range(obs.players):
            if seat == obs.seat:
                continue
            if seat not in self.partners:
                self.partners[seat] = PartnerModel(self.engine.strikeout_zero, self.engine.five_returns, obs.seat)
            self.partners[seat].seen = self.blueprint.kind_of
        start = self.past[0].turn if self.past else first
        self.before = {turn: model for turn, model in self.before.items() if turn >= start}
        self.departed = {turn for turn in self.departed if turn >= start}
        for i, (seat, _, _) in enumerate(obs.log):
            if seat != obs.seat:
                partner = self.partners[seat]
                partner.catch_up(self._partner_view(obs, seat, i))
                self.before[first + i] = partner.clone()
        for seat, partner in self.partners.items():
            partner.catch_up(self._partner_view(obs, seat, len(obs.log)))

    def explains(self, deck: list[int], obs: Observation, previous: Observation | None) -> bool:
        """Whether the partners, following the blueprint, would have done what they did since this
        seat's last turn (``previous``, its observation then) had its own cards been those of
        ``deck`` (SPARTA's belief filter). Call after ``_follow(obs)``."""
        if previous is None:
            return True
        checked, explained = self._checks(deck, previous, [obs.log], set())
        return explained == checked

    def _checks(self, deck: list[int], start: Observation, logs: Sequence[Sequence[Any]],
                skip: set[int]) -> tuple[int, int]:
        """Replay the turns of ``logs`` (consecutive, the first at ``start``, this seat's observation
        then) with this seat's cards those of ``deck``: how many partners' turns it checks (all but
        those in ``skip``), and how many of them, newest first, in a row, their models as they were
        just before would have made (every one: the deal explains them). A deal the turns could not
        have been played in explains none."""
        past = list(deck)
        for log in logs:
            for _, action, detail in log:
                if action[0] <= DISCARD:
                    past[detail[0]] = detail[1]
        state = self.engine.imagined(start, past)
        turn = start.turn
        views: list[tuple[int, Observation, Any]] = []
        try:
            for log in logs:
                for seat, action, _ in log:
                    if seat != start.seat and turn not in skip:
                        views.append((turn, state.observation(seat), action))
                    state.apply(action)
                    turn += 1
        except IllegalAction:
            return max(len(views), 1), 0
        explained = 0
        for turn, view, action in reversed(views):  # the newest first: most deals fail there
            self._checked[turn] = self._checked.get(turn, 0) + 1
            if self.before[turn].clone().decide(view) != action:
                break
            self._matched[turn] = self._matched.get(turn, 0) + 1
            explained += 1
        return len(views), explained

    def _logs(self, obs: Observation) -> list[Sequence[Any]]:
        """The turns since ``past[0]``, as the logs of this seat's observations after it."""
        return [p.log for p in self.past[1:]] + [obs.log]

    def _worlds(self, obs: Observation, possible: Sequence[int], count: int, rng: random.Random) -> list[HanabiState]:
        """``count`` worlds, each explaining the partners' last turns when one of ``FILTER_TRIES``
        deals does (else any deal: a partner that left the blueprint explains nothing)."""
        out = []
        start, logs = (self.past[0], self._logs(obs)) if self.past else (None, [])
        for _ in range(count):
            best: list[int] = []
            best_fit = -1
            for _ in range(FILTER_TRIES + 1):
                deck = imagine_deck(obs, possible, rng)
                checked, explained = self._checks(deck, start, logs, self.departed) if start else (0, 0)
                if explained == checked:
                    break
                if self.depth == 1 or explained >= best_fit:
                    best, best_fit = deck, explained  # the last deal, or from further back the one
                    # that explains the most of the newest turns (the last on ties)
            else:
                self.unexplained += 1
                deck = best
            out.append(self.engine.imagined(obs, deck))
        self.worlds_dealt += count
        return out

    # ------------------------------------------------------------------ deciding
    def choose(self, obs: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        planned = self.prepare(obs, legal)
        action = planned
        if self.budget >= 2 * ROUND and len(legal) > 1:
            action = self._search(obs, legal, planned, rng)
            self.departures += action != planned
        self.finish(obs)
        return action

    def finish(self, obs: Observation) -> None:
        """End a decision at ``obs`` (after ``prepare`` and the worlds dealt): mark the partners'
        turns no deal explained, and keep ``obs`` for the filter's next replays."""
        self.departed |= {t for t, n in self._checked.items() if n >= FILTER_TRIES and not self._matched.get(t)}
        self.past = (self.past + [obs])[-self.depth:]

    def prepare(self, obs: Observation, legal: Sequence[Any]) -> Any:
        """Bring the blueprint and the partners' models up to ``obs`` (what a decision starts with);
        returns the blueprint's action."""
        if obs.turn < obs.players:  # this seat's first turn: a new game
            self.partners, self.past, self.before, self.departed = {}, [], {}, set()
        self._checked, self._matched = {}, {}
        planned = self.blueprint.decide(obs)
        self._follow(obs)
        if planned not in legal:
            planned = next((a for a in legal if a[0] == DISCARD), legal[0])
        return planned

    def judge(self, obs: Observation, actions: Sequence[Any], worlds: int, rng: random.Random) -> list[list[float]]:
        """Each of ``actions`` played out in the same ``worlds`` worlds, dealt as the search deals them
        (call after ``prepare(obs, ...)``, in place of ``choose``): the values the search weighs, with
        as many worlds as asked (``benchmarks/bench_hanabi_decisions.py`` judges decisions so)."""
        fresh = self._worlds(obs, self.blueprint.own_possibilities(obs), worlds, rng)
        return [[self._playout(world, action) for world in fresh] for action in actions]

    def _search(self, obs: Observation, legal: Sequence[Any], planned: Any, rng: random.Random) -> Any:
        possible = self.blueprint.own_possibilities(obs)
        if self._no_doubt(obs, possible, planned):
            return planned
        scores: dict[Any, list[float]] = {}
        candidates = self._candidates(obs, legal, possible, planned)
        if len(candidates) == 1:
            return planned
        spent = 0
        budget = self.budget * (self.endgame_factor if obs.deck_size <= self.endgame else 1)
        while len(candidates) > 1:
            count = min(ROUND, (budget - spent) // len(candidates))  # a small budget: a smaller first round
            if count == 0 or (spent and count < ROUND):
                break
            fresh = self._worlds(obs, possible, count, rng)
            for action in candidates:
                scores.setdefault(action, []).extend(self._playout(world, action) for world in fresh)
            spent += len(candidates) * count
            candidates = self._survivors(candidates, scores, planned)
        if scores and self.extra > 0:
            spent += self._close_call(obs, possible, candidates, scores, planned, int(budget * self.extra), rng)
        self.playouts += spent
        return self._verdict(candidates, scores, planned) if scores else planned

    def _no_doubt(self, obs: Observation, possible: Sequence[int], planned: Any) -> bool:
        """Decisions not worth a search before the last rounds: the blueprint plays a card surely
        playable (the conventions play the most useful one), or gives a clue."""
        if obs.deck_size <= self.endgame:
            return False
        if planned[0] == PLAY:
            r = obs.max_rank
            playable = sum(1 << (s * r + top) for s, top in enumerate(obs.fireworks) if top < r)
            return bool(possible[planned[1]] & ~playable == 0)
        return bool(planned[0] != DISCARD) and not SEARCH_CLUES

    def _candidates(self, obs: Observation, legal: Sequence[Any], possible: Sequence[int], planned: Any) -> list[Any]:
        """Every legal action but plays of cards that cannot be playable and discards of cards surely
        the last copy of a kind still needed; the blueprint's first."""
        playable = self.blueprint.playable
        needed = self.blueprint.valuable & ~self.blueprint.worthless
        out = [planned]
        for action in legal:
            if action == planned:
                continue
            if action[0] == PLAY and not possible[action[1]] & playable:
                continue
            if action[0] == DISCARD and possible[action[1]] & ~needed == 0:
                continue
            out.append(action)
        return out

    def _survivors(self, candidates: list[Any], scores: dict[Any, list[float]], planned: Any) -> list[Any]:
        """The candidates worth more worlds: the blueprint's, and at most ``focus`` others (the best on
        average) among those not clearly behind the leader and, after ``2 * ROUND`` worlds, still
        able to beat the blueprint's by ``threshold``."""
        means = {a: sum(scores[a]) / len(scores[a]) for a in candidates}
        leader = max(candidates, key=lambda a: means[a])
        settled = len(scores[planned]) >= 2 * ROUND
        others = []
        for action in candidates:
            if action == planned:
                continue
            if action != leader:
                mean, error = _paired(scores[action], scores[leader])
                if mean + 2.5 * error + 1e-9 < 0:
                    continue
            if settled:
                gain, error = _paired(scores[action], scores[planned])
                if gain + 2.5 * error < self.threshold:
                    continue
            others.append(action)
        others.sort(key=lambda a: -means[a])
        return [planned] + others[:self.focus]

    def _close_call(self, obs: Observation, possible: Sequence[int], candidates: list[Any],
                    scores: dict[Any, list[float]], planned: Any, limit: int, rng: random.Random) -> int:
        """While the best challenger's gain over the blueprint's action is within a standard error
        below the threshold or not yet two above it, more worlds for those two actions alone (at
        most ``limit`` playouts): the rare deal that decides (a last copy on the chop) is seen
        often enough to count. Returns the playouts spent."""
        spent = 0
        while spent + 2 * ROUND <= limit:
            gains = {a: _paired(scores[a], scores[planned]) for a in candidates if a != planned}
            if not gains:
                break
            best = max(gains, key=lambda a: gains[a][0])
            gain, error = gains[best]
            if not self.threshold - error < gain <= self.threshold + 2 * error:
                break
            fresh = self._worlds(obs, possible, ROUND, rng)
            for action in (planned, best):
                scores[action].extend(self._playout(world, action) for world in fresh)
            spent += 2 * ROUND
        return spent

    def _verdict(self, candidates: list[Any], scores: dict[Any, list[float]], planned: Any) -> Any:
        best, best_gain = planned, 0.0
        for action in candidates:
            if action == planned:
                continue
            gain, error = _paired(scores[action], scores[planned])
            if gain > self.threshold + 2 * error and gain > best_gain:
                best, best_gain = action, gain
        return best

    def _playout(self, world: HanabiState, action: Any) -> float:
        """Play ``action`` in a copy of ``world``, then every seat by the blueprint to the end."""
        state = world.clone()
        me = state.current
        bots = [self.blueprint.clone() if seat == me else self.partners[seat].clone()
                for seat in range(self.engine.players)]
        state.apply(action)
        while state.end is None:
            seat = state.current
            choice = bots[seat].decide(state.observation(seat))
            try:
                state.apply(choice)
            except IllegalAction:
                legal = state.legal_actions()
                state.apply(next((a for a in legal if a[0] == DISCARD), legal[0]))
        score = state.score()
        return score + self.perfect_bonus if state.end == "perfect" else float(score)


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of the differences ``a[i] - b[i]``."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def make_search(param: str | None, seat: int, engine: Any) -> SearchBot:
    """``search[:N]``: N playouts a decision (default ``DEFAULT_BUDGET``; 0 plays the blueprint)."""
    if param is None:
        budget = DEFAULT_BUDGET
    else:
        try:
            budget = int(param)
        except ValueError:
            raise ValueError(f"the search bot's budget is a whole number of playouts, not {param!r}") from None
        if not 0 <= budget <= MAX_BUDGET:
            raise ValueError(f"the search bot's budget is 0 to {MAX_BUDGET:,} playouts, not {budget}")
    return SearchBot(engine, budget)

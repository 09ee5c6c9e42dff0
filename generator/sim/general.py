"""Bots that need no code: they play any game whose state can be copied and can be *determinised*
(``state.determinize(observer, rng)``: a copy in which what ``observer`` cannot see is dealt again
at random), as rules-file games can (``generator.playtest.State``).

- ``random``: a uniformly random legal action (``generator.sim.base.RandomBot``).
- ``greedy``: the action whose result is best for the acting player, on one determinisation: the
  rules' ``heuristic(state, player)`` when they give one, else the player's ``worth(state,
  player)`` (or score) minus the best other player's (ties broken at random).
- ``rollout[:K[,E]]``: greedy, improved by looking ahead (a rollout of the base policy, after
  Tesauro and Galperin, "On-line Policy Improvement using Monte-Carlo Search", NIPS 1996, on
  determinisations as perfect-information Monte Carlo does): on each of K deals of what its player
  cannot see (default ``ROLLOUT_DEALS``), every candidate action is played, then every player
  plays greedily until the deal's share of E evaluations (default ``ROLLOUT_EVALUATIONS``) is
  spent or the game ends; the action whose positions are best on average for its player, as
  greedy judges them, is played. Every candidate is played out on the same deals with the same
  random choices (common random numbers), so a handful of deals tells the actions apart.
- ``ismcts[:N[,D]]``: single-observer information-set Monte Carlo tree search (Cowling, Powley and
  Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012) with N
  iterations a decision (default ``DEFAULT_ITERATIONS``): each iteration deals the hidden cards
  again (a determinisation of what the searching player has seen), walks one tree of the
  searcher's information sets choosing by UCB1 with availability counts (an action's count of the
  times it was legal when its parent was visited), adds one node, plays on at random for at most D
  decisions (default ``DEFAULT_DEPTH``) and credits every node with the result for the player who
  chose it: a win is 1, shared by tied winners; a playout cut before the end shares the win by how
  good the position looks to each player as greedy judges it (a softmax of those values over their
  typical spread in this search). It plays the most visited action.

None of them sees what its seat cannot: the search runs on determinisations only. Each draws
every random choice from the generator the runner gives its seat, so a game is the same whatever
the number of workers.
"""

from __future__ import annotations

import math
import random
from typing import Any, Protocol, Sequence

from .api import Action, Bot, BotFactory, IllegalAction
from .base import bot_table, no_parameter
from .errors import GameError
from .tableview import Explanation, Weighed, ranked

DEFAULT_ITERATIONS = 100
"""Iterations a decision of ``ismcts`` without a number: about 5 to 13 ms of CPU a decision in a
game of 30 to 80 cards (``benchmarks/bench_playtest.py --cost``, docs/simulating.md)."""
DEFAULT_DEPTH = 5
"""Decisions a playout plays at random before the position is judged (as boardgame.io's MCTS bot
cuts its playouts): a long game (a round of Lost Cities played at random takes some 140 decisions)
is searched at the cost of a short one, and the judgement (the rules' heuristic, else the worth or
score lead) is not drowned in the noise of long random play. Measured on Lost Cities and Orchard, 100
iterations: against greedy, depth 5 won 80 % and 70 %, depth 15 and 40 won 52 % and 85 %; depth 0
(judging the position at once) 30 % and 57 % (40 games each, ``bench_playtest.py --bot ismcts:100,D``)."""
ROLLOUT_DEALS = 4
"""Deals of what it cannot see that ``rollout`` plays each candidate out on."""
ROLLOUT_EVALUATIONS = 400
"""Positions ``rollout`` judges a decision (each a copy of the game, one action played and the
heuristic asked): spread over its deals and candidates, so a game of few choices is looked at
further ahead than a game of many. Measured with ``benchmarks/bench_playtest.py``."""
ROLLOUT_CANDIDATES = 8
"""Actions ``rollout`` plays out at most: with more, those greedy rates best on one deal."""
MAX_ITERATIONS = 1_000_000
MAX_DEPTH = 100_000
EXPLORATION = 0.7
"""UCB1's exploration constant for rewards between 0 and 1."""


class Searchable(Protocol):
    """A game state the general bots can search (``generator.playtest.State`` is one)."""

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Action) -> None: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[float]: ...

    def determinize(self, observer: int, rng: random.Random) -> "Searchable": ...

    def clone(self, rng: random.Random | None = None) -> "Searchable": ...


def _ranked(state: Any) -> list[float]:
    """The scores as the bots rank them: higher is better (negated when the lowest score wins)."""
    scores = state.scores()
    return [-score for score in scores] if getattr(state, "lowest_wins", False) else list(scores)


def leads(standing: Sequence[float]) -> list[float]:
    """Each player's lead over the best other player (``standing``: higher is better, such as the
    ranked scores or a rules file's worths); a lone player's own standing."""
    if len(standing) == 1:
        return list(standing)
    top = max(standing)
    leader = standing.index(top)
    second = max(s for p, s in enumerate(standing) if p != leader)
    return [own - (second if p == leader else top) for p, own in enumerate(standing)]


def _values(state: Any) -> list[float]:
    """``_value`` for every seat, from one reading of the scores (or the state's own
    ``evaluate_each``)."""
    evaluate_each = getattr(state, "evaluate_each", None)
    if evaluate_each is not None:
        return [float(value) for value in evaluate_each()]
    return [float(lead) for lead in leads(_ranked(state))]


def _value(state: Any, player: int) -> float:
    """What greedy maximises for ``player``: the state's own ``evaluate`` (a rules file's
    heuristic, or its worth minus the best other player's), else the player's score lead over the
    best other player."""
    evaluate = getattr(state, "evaluate", None)
    if evaluate is not None:
        return float(evaluate(player))
    return float(leads(_ranked(state))[player])


class _LookingAhead:
    """A bot that decides from the game's state (on copies of it, never looking at what its seat
    cannot see): a mistake of the rules met in a copy is reported as found there."""

    name: str
    needs_state = True

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        raise TypeError(f"{self.name} chooses from the state (choose_with_state)")

    measure = "value"
    """What the values of an explanation are."""

    def choose_with_state(self, state: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        try:
            return self._weigh(state, legal, rng)[0]
        except GameError as exc:
            raise searching(exc, self.name, state) from None

    def explain(self, state: Any, legal: Sequence[Action], rng: random.Random) -> tuple[Action, Explanation | None]:
        """The action ``choose_with_state`` plays (drawing the same random numbers) and why: the
        actions weighed, best first (None for a forced action)."""
        if len(legal) == 1:
            return legal[0], None
        try:
            action, weighed = self._weigh(state, legal, rng)
        except GameError as exc:
            raise searching(exc, self.name, state) from None
        return action, Explanation(self.name, self.measure, ranked(weighed))

    def _weigh(self, state: Any, legal: Sequence[Action], rng: random.Random) -> tuple[Action, list[Weighed]]:
        """The chosen action and every action weighed for it."""
        raise NotImplementedError


class GreedyBot(_LookingAhead):
    """One step ahead: the action whose result is best for the acting player (module docstring)."""

    name = "greedy"
    measure = "how good the position after it looks to the player (the rules' heuristic or worth, else the score lead)"

    def _weigh(self, state: Any, legal: Sequence[Action], rng: random.Random) -> tuple[Action, list[Weighed]]:
        player = state.current_player()
        judged = _judge_each(state.determinize(player, rng), legal, player, rng)
        chosen = _best(judged, rng)
        action = legal[rng.randrange(len(legal))] if chosen is None else legal[chosen[0]]
        return action, [Weighed(legal[index], None, value) for index, _, value in judged]


def _judge_each(game: Any, legal: Sequence[Action], player: int, rng: random.Random,
                fast: bool = False) -> list[tuple[int, Any, float]]:
    """Each legal action played on its own copy of ``game`` and judged for ``player`` (``_value``):
    ``(index in legal, the copy, its value)``. An action the copy refuses (legal only because of a
    card its deal put elsewhere) is left out; ``fast`` plays with the game's unchecked ``_play``
    where it has one (the actions are the copy's own)."""
    judged = []
    for index, action in enumerate(legal):
        after = game.clone(rng)
        try:
            (getattr(after, "_play", after.apply) if fast else after.apply)(action)
        except IllegalAction:
            if fast:
                raise
            continue
        judged.append((index, after, _value(after, player)))
    return judged


def _best(judged: Sequence[tuple[int, Any, float]], rng: random.Random) -> tuple[int, Any, float] | None:
    """The best judged action, a tie broken at random (None when none was judged)."""
    best: list[tuple[int, Any, float]] = []
    best_value = -math.inf
    for entry in judged:
        if entry[2] > best_value:
            best, best_value = [entry], entry[2]
        elif entry[2] == best_value:
            best.append(entry)
    if not best:
        return None
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _greedy_step(game: Any, rng: random.Random) -> tuple[Any, int]:
    """``game`` after the acting player's greedy action (the copy it was judged on, so the action
    is not played twice), and the positions judged to choose it (none for a forced action)."""
    legal = game.legal_actions()
    if len(legal) == 1:
        getattr(game, "_play", game.apply)(legal[0])
        return game, 0
    chosen = _best(_judge_each(game, legal, game.current_player(), rng, fast=True), rng)
    assert chosen is not None  # every action of the game's own is judged
    return chosen[1], len(legal)


class RolloutBot(_LookingAhead):
    """Greedy improved by playing each candidate out with greedy players (module docstring)."""

    def __init__(self, deals: int = ROLLOUT_DEALS, evaluations: int = ROLLOUT_EVALUATIONS,
                 candidates: int = ROLLOUT_CANDIDATES) -> None:
        self.deals = deals
        self.evaluations = evaluations
        self.candidates = candidates
        defaults = (deals, evaluations) == (ROLLOUT_DEALS, ROLLOUT_EVALUATIONS)
        self.name = "rollout" if defaults else f"rollout:{deals},{evaluations}"

    measure = "how good the positions it led to looked to the player, on average over its playouts"

    def _weigh(self, state: Any, legal: Sequence[Action], rng: random.Random) -> tuple[Action, list[Weighed]]:
        player = state.current_player()
        candidates = self._candidates(state, legal, player, rng)
        if len(candidates) == 1:
            return candidates[0], [Weighed(candidates[0], None, 0.0)]
        share = max(1, self.evaluations // (self.deals * len(candidates)))
        totals = [0.0] * len(candidates)
        for _ in range(self.deals):
            deal = state.determinize(player, rng)
            seed = rng.getrandbits(64)
            for index, action in enumerate(candidates):
                local = random.Random(seed)  # the same deal and choices for every candidate
                game = deal.clone(local)
                try:
                    game.apply(action)
                except IllegalAction:  # legal only because of a card this deal put elsewhere
                    totals[index] = -math.inf
                    continue
                spent = 0
                while spent < share and not game.is_terminal():
                    game, judged = _greedy_step(game, local)
                    spent += max(1, judged)
                totals[index] += _value(game, player)
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best], [Weighed(action, None, total / self.deals) for action, total in zip(candidates, totals)]

    def _candidates(self, state: Any, legal: Sequence[Action], player: int, rng: random.Random) -> list[Action]:
        """Every legal action, or the ``candidates`` greedy rates best on one deal when there are more."""
        if len(legal) <= self.candidates:
            return list(legal)
        judged = _judge_each(state.determinize(player, rng), legal, player, rng)
        rated = sorted(((value, -index) for index, _, value in judged), reverse=True)
        return [legal[-index] for _, index in rated[: self.candidates]] or [legal[0]]


def searching(error: GameError, bot: str, state: Any) -> GameError:
    """A mistake of the rules met while a bot looked ahead: reported with the real game's
    decisions (not those of the copy the bot was searching)."""
    during = f"{error.during}, " if error.during else "a look-ahead "  # read after "during"
    return GameError(error.message, where=error.where, code=error.code, detail=error.detail,
                     during=f"{during}in a copy of the game searched by {bot}", actions=getattr(state, "history", ()))


class _Node:
    """A node of the searcher's tree: the action that led here and the player who chose it."""

    __slots__ = ("action", "player", "parent", "children", "visits", "reward", "available")

    def __init__(self, action: Action, player: int, parent: "_Node | None") -> None:
        self.action = action
        self.player = player
        self.parent = parent
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1


def _soft(values: Sequence[float], scale: float) -> list[float]:
    """Shares of a win from how good a cut position looks to each player: a softmax of the values
    over their typical spread in this search (a clear lead is nearly a win, a small one a little
    more than even)."""
    if scale <= 0:
        return _rewards(values)
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _rewards(scores: Sequence[float]) -> list[float]:
    """1 for the winner, shared by players tied at the top; 0 for the others."""
    top = max(scores)
    winners = [p for p, s in enumerate(scores) if s == top]
    share = 1.0 / len(winners)
    return [share if s == top else 0.0 for s in scores]


class IsmctsBot(_LookingAhead):
    """Information-set Monte Carlo tree search (module docstring)."""

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, depth: int = DEFAULT_DEPTH,
                 exploration: float = EXPLORATION) -> None:
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration
        self.name = f"ismcts:{iterations}" + (f",{depth}" if depth != DEFAULT_DEPTH else "")

    measure = "share of a win in the searches that tried it"

    def _weigh(self, state: Any, legal: Sequence[Action], rng: random.Random) -> tuple[Action, list[Weighed]]:
        root = self.search(state, rng)
        best_visits = -1
        best: Action = legal[0]
        children = root.children
        weighed = []
        for action in legal:  # the real game's own action object, the most visited
            child = children.get(action)
            if child is not None:
                weighed.append(Weighed(action, child.visits, child.reward / child.visits))
                if child.visits > best_visits:
                    best, best_visits = action, child.visits
        return best, weighed

    def search(self, state: Any, rng: random.Random) -> _Node:
        """The searcher's tree after ``iterations`` iterations from ``state``."""
        observer = state.current_player()
        spread = 0.0
        cuts = 0
        root = _Node(None, observer, None)
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        for _ in range(self.iterations):
            game = state.determinize(observer, rng)
            fast = getattr(game, "_play", game.apply)
            node = root
            # selection and expansion, on this determinisation
            while not game.is_terminal():
                legal = game.legal_actions()
                children = node.children
                untried: list[Action] = []
                best_child: _Node | None = None
                best_action: Action = None
                best_score = -math.inf
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                        continue
                    child.available += 1
                    if not untried:
                        score = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                        if score > best_score:
                            best_child, best_action, best_score = child, action, score
                if untried:
                    action = untried[0] if len(untried) == 1 else untried[rng.randrange(len(untried))]
                    child = _Node(action, game.current_player(), node)
                    children[action] = child
                    fast(action)
                    node = child
                    break
                assert best_child is not None
                fast(best_action)
                node = best_child
            # play out at random, at most ``depth`` decisions
            left = self.depth
            while left and not game.is_terminal():
                legal = game.legal_actions()
                fast(legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))])
                left -= 1
            if game.is_terminal():
                rewards = _rewards(_ranked(game))
            else:  # cut short: judged as greedy judges, each value's share of a win
                values = _values(game)
                mean_value = sum(values) / len(values)
                spread += sum(abs(v - mean_value) for v in values) / len(values)
                cuts += 1
                rewards = _soft(values, spread / cuts)
            climbing: _Node | None = node
            while climbing is not None:
                climbing.visits += 1
                if climbing.parent is not None:
                    climbing.reward += rewards[climbing.player]
                climbing = climbing.parent
        return root


def make_greedy(param: str | None, seat: int, engine: Any) -> Bot:
    """``greedy`` (takes no parameter)."""
    no_parameter("greedy", param)
    return GreedyBot()


def _two_numbers(param: str, second_default: int, usage: str) -> tuple[int, int]:
    """A bot's parameter ``A`` or ``A,B`` (B: ``second_default``); ValueError saying ``usage``."""
    first_text, _, second_text = param.partition(",")
    try:
        return int(first_text), int(second_text) if second_text else second_default
    except ValueError:
        raise ValueError(f"{usage}, not {param!r}") from None


def make_rollout(param: str | None, seat: int, engine: Any) -> Bot:
    """``rollout``, ``rollout:K`` (K deals) or ``rollout:K,E`` (E positions judged a decision)."""
    if param is None:
        return RolloutBot()
    deals, evaluations = _two_numbers(param, ROLLOUT_EVALUATIONS, "rollout takes a number of deals and of "
                                      "positions to judge (rollout:4 or rollout:4,400)")
    if not 1 <= deals <= MAX_ITERATIONS:
        raise ValueError(f"rollout takes 1 to {MAX_ITERATIONS:,} deals, not {deals}")
    if not 1 <= evaluations <= MAX_ITERATIONS:
        raise ValueError(f"rollout judges 1 to {MAX_ITERATIONS:,} positions, not {evaluations}")
    return RolloutBot(deals, evaluations)


def make_ismcts(param: str | None, seat: int, engine: Any) -> Bot:
    """``ismcts``, ``ismcts:N`` (N iterations a decision) or ``ismcts:N,D`` (playouts of at most D
    decisions)."""
    if param is None:
        return IsmctsBot()
    iterations, depth = _two_numbers(param, DEFAULT_DEPTH, "ismcts takes a number of iterations and a playout "
                                     "depth (ismcts:200 or ismcts:200,40)")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"ismcts takes 1 to {MAX_ITERATIONS:,} iterations, not {iterations}")
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"ismcts plays out 0 to {MAX_DEPTH:,} decisions, not {depth}")
    return IsmctsBot(iterations, depth)


BOTS: dict[str, BotFactory] = bot_table(greedy=make_greedy, rollout=make_rollout, ismcts=make_ismcts)
"""The general bots, for a Simulator's ``bots``."""

"""One game played live at a table (``cardforge play``): people and bots in its seats, a log in the
rules' words, undo, the trace it makes, and the game played again on changed rules.

Pure: no clock, no thread, no I/O. The server asks it for each seat's view (``table``, ``log_for``) and
applies what people click (``act``) and what bots choose (``bot_move``). Every view is made from
what the seat may see (``tableview.Presenter.table``); log lines and a bot's reasons that name a
card hidden from the seat are shown with that card unnamed, or withheld.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..model import GameDefinition
from .api import (
    TERMINAL,
    BotSpec,
    Engine,
    GameRecord,
    GameState,
    IllegalAction,
    Simulator,
)
from .errors import GameError
from .play import decider, winners_of, bot_rng, make_bots
from .tableview import Explanation, Presenter, ShownTable, names_hidden, redacted

PUBLIC_SEAT = -1
"""A view of what every player sees (a hot seat's table while nobody looks at a hand)."""


class NotYourTurn(ValueError):
    """A person's action that cannot be played: not their turn, a stale click, no such action."""


@dataclass
class Decision:
    """One decision of the game, as each seat may read it."""

    seat: int
    action: Any
    """The engine's action."""
    words: str
    """In the rules' words, with every card named."""
    hidden: dict[int, frozenset[str]]
    """For each seat, the cards it named that the seat saw neither before nor after it."""
    explanation: Explanation | None = None
    reasons: list[str] = field(default_factory=list)
    """The explanation's actions in words (with every card named)."""


@dataclass(frozen=True)
class Reloaded:
    """What playing the log again on changed rules came to: decisions kept, and why it stopped
    (empty when every decision stayed legal)."""

    kept: int
    of: int
    stopped: str = ""


class LiveGame:
    """A game in progress with people and bots (see the module docstring)."""

    def __init__(self, simulator: Simulator, definition: GameDefinition, engine: Engine, seed: int,
                 seats: Sequence[BotSpec | None], *, deal: Callable[[Engine], GameState] | None = None,
                 actions: Sequence[Any] = ()) -> None:
        if simulator.presenter is None:
            raise ValueError(f"{definition.info.id} cannot be played at a table")
        if len(seats) != engine.players:
            raise ValueError(f"{len(seats)} seats for {engine.players} players")
        self.simulator = simulator
        self.definition = definition
        self.engine = engine
        self.seed = seed
        self.seats = tuple(seats)
        self.presenter: Presenter = simulator.presenter(engine)
        self._bots = self._make_bots(engine)
        self._rngs = [bot_rng(seed, seat) for seat in range(engine.players)]
        self._deal: Callable[[Engine], GameState] = deal or (lambda again: again.new_game(random.Random(seed)))
        """The game's start on an engine: dealt from the seed, or as a file records it."""
        self.state: GameState = self._deal(engine)
        self.log: list[Decision] = []
        self._actions: list[Any] = []
        self.version = 0
        """Counts every change of the game (a click names the version it was made on)."""
        if actions:  # a game restored from a file: its decisions played again, in words
            self._play_again(engine, list(actions))

    # ------------------------------------------------------------------ seats
    @property
    def people(self) -> tuple[int, ...]:
        return tuple(seat for seat, spec in enumerate(self.seats) if spec is None)

    def label(self, seat: int) -> str:
        spec = self.seats[seat]
        return "person" if spec is None else str(spec)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def to_act(self) -> int:
        return self.state.current_player()

    def bot_to_move(self) -> bool:
        seat = self.to_act
        return seat != TERMINAL and self.seats[seat] is not None

    # ------------------------------------------------------------------ moves
    def _visible(self, seat: int) -> set[str]:
        return self.presenter.table(self.state, seat).card_ids()

    def _record(self, seat: int, action: Any, explanation: Explanation | None = None) -> Decision:
        """Apply ``action`` for ``seat`` and log it as each seat may read it."""
        state = self.state
        words = self.presenter.words(state, action)
        reasons = [self.presenter.words(state, w.action) for w in explanation.weighed] if explanation else []
        every = self.presenter.table(state, None).card_ids()
        before = {s: self._visible(s) for s in range(self.engine.players)}
        before_move = state.clone()
        state.apply(action)
        words += self.presenter.outcome_words(before_move, state, action)
        self._actions.append(action)
        hidden = {s: frozenset(every - before[s] - self._visible(s)) for s in range(self.engine.players)}
        decision = Decision(seat, action, words, hidden, explanation, reasons)
        self.log.append(decision)
        self.version += 1
        return decision

    def legal(self, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """The actions ``seat`` may take now, each in words with the cards it names (none when it
        is not the seat's turn)."""
        if self.to_act != seat:
            return []
        state = self.state
        return [(self.presenter.words(state, action), self.presenter.cards_named(state, action))
                for action in state.legal_actions()]

    def act(self, seat: int, index: int, version: int) -> Decision:
        """A person's click: action ``index`` of ``legal(seat)``, made on the game's ``version``."""
        if self.seats[seat] is not None:
            raise NotYourTurn(f"seat {seat} is played by {self.label(seat)}")
        if version != self.version:
            raise NotYourTurn("the game has moved on since this page was drawn")
        if self.to_act != seat:
            raise NotYourTurn(f"it is not seat {seat}'s turn")
        legal = self.state.legal_actions()
        if not 0 <= index < len(legal):
            raise NotYourTurn(f"there is no action {index}")
        try:
            return self._record(seat, legal[index])
        except IllegalAction as exc:
            raise NotYourTurn(str(exc)) from None

    def bot_move(self) -> Decision:
        """The move of the bot whose turn it is, with its reasons when it can give them."""
        seat = self.to_act
        if seat == TERMINAL or self.seats[seat] is None:
            raise NotYourTurn("no bot is to move")
        bot = self._bots[seat]
        legal = self.state.legal_actions()
        explain = getattr(bot, "explain", None)
        if explain is not None:
            action, why = explain(self.state, legal, self._rngs[seat])
        else:
            action, why = decider(bot)(self.state, seat, legal, self._rngs[seat]), None
        return self._record(seat, action, why)

    # ------------------------------------------------------------------ undo and reload
    def can_undo(self) -> bool:
        """Undo is for a table of one person: it takes back their last decision and the bots'
        after it."""
        return len(self.people) == 1 and any(d.seat == self.people[0] for d in self.log)

    def undo(self) -> int:
        """Take back the person's last decision and every bot move after it; the decisions left."""
        if not self.can_undo():
            raise NotYourTurn("nothing to undo")
        person = self.people[0]
        keep = max(i for i, d in enumerate(self.log) if d.seat == person)
        self._play_again(self.engine, self._actions[:keep])
        return keep

    def reload(self, definition: GameDefinition, engine: Engine) -> Reloaded:
        """The game on changed rules or cards: dealt again from its seed and its decisions played
        as far as they stay legal (GameError, with nothing changed, when the new rules cannot
        even deal)."""
        self._deal(engine)
        self.definition = definition
        presenter = self.simulator.presenter
        assert presenter is not None  # the constructor refused a game without one
        self.presenter = presenter(engine)
        self._bots = self._make_bots(engine)
        return self._play_again(engine, list(self._actions))

    def _make_bots(self, engine: Engine) -> list[Any]:
        """A bot for every seat of ``engine`` (a person's seat gets one too, never asked)."""
        return make_bots(self.simulator, engine, [spec or BotSpec("random") for spec in self.seats])

    def _play_again(self, engine: Engine, actions: Sequence[Any]) -> Reloaded:
        written = [self.presenter.encode(a) for a in actions]
        old_log = self.log
        self.engine = engine
        self.state = self._deal(engine)
        self._actions = []
        self.log = []
        stopped = ""
        for index, encoded in enumerate(written):
            if self.state.is_terminal():
                stopped = f"decision {index}: the game is over before it"
                break
            match = [a for a in self.state.legal_actions() if self.presenter.encode(a) == encoded]
            if not match:
                stopped = f"decision {index} ({old_log[index].words if index < len(old_log) else encoded}) " \
                          "is not legal any more"
                break
            earlier = old_log[index] if index < len(old_log) else None
            try:
                self._record(self.to_act, match[0], earlier.explanation if earlier else None)
            except GameError as exc:  # the changed rules fail on it: the game stops before it
                self.state = self._deal(engine)
                kept = list(self._actions)
                self._actions, self.log = [], []
                for action in kept:
                    self._record(self.to_act, action)
                stopped = f"decision {index}: the rules fail on it ({exc.message})"
                break
        self.version += 1
        return Reloaded(len(self._actions), len(written), stopped)

    # ------------------------------------------------------------------ what a seat sees
    def table(self, seat: int, open_hands: bool = False) -> ShownTable:
        return self.presenter.table(self.state, None if open_hands else seat)

    def log_for(self, seat: int, open_hands: bool = False) -> list[dict[str, Any]]:
        """The log as ``seat`` may read it: each decision's words, cards it never saw unnamed, and
        a bot's reasons when they name no such card (all of it with open hands)."""
        lines = []
        for decision in self.log:
            hidden: frozenset[str] = frozenset() if open_hands else \
                decision.hidden.get(seat, frozenset()) if seat >= 0 else frozenset(
                    card for cards in decision.hidden.values() for card in cards)
            line: dict[str, Any] = {"seat": decision.seat, "words": redacted(decision.words, hidden)}
            why = decision.explanation
            if why is not None:
                if any(names_hidden(text, hidden) for text in decision.reasons):
                    line["why"] = {"withheld": True}
                else:
                    line["why"] = {"bot": why.bot, "measure": why.measure,
                                   "weighed": [{"words": text, "visits": w.visits, "value": round(w.value, 4)}
                                               for text, w in zip(decision.reasons, why.weighed)]}
            lines.append(line)
        return lines

    def result(self) -> dict[str, Any] | None:
        """Scores and winners of a finished game (None before the end)."""
        if not self.over:
            return None
        scores = [float(s) for s in self.state.scores()]
        outcome = dict(self.state.outcome())
        ranked = [-s for s in scores] if getattr(self.engine, "lowest_wins", False) else scores
        winners = winners_of(outcome, ranked, self.simulator.competitive, self.simulator.everyone_tied_wins,
                             getattr(self.engine, "tie_break", "shared"))
        result: dict[str, Any] = {"scores": scores, "winners": list(winners)}
        if not self.simulator.competitive:  # a team game: the team's score against the most there is
            result["team"] = {"score": scores[0], "max": outcome.get("max_score"), "won": bool(winners)}
        return result

    # ------------------------------------------------------------------ the trace
    def trace(self) -> dict[str, Any]:
        """The game so far as the simulator writes it (``cardforge replay`` checks it, ``play --from``
        goes on from it)."""
        labels = tuple(self.label(seat) for seat in range(self.engine.players))
        record = GameRecord(0, self.seed, tuple(), self.state.turns, len(self._actions), (), labels, {})
        if self.simulator.trace_game is not None:
            return self.simulator.trace_game(self.engine, self.state, record)
        if self.simulator.export_game is not None:
            return self.simulator.export_game(self.state)
        raise ValueError(f"{self.definition.info.id} has no game file format")


def restored(simulator: Simulator, definition: GameDefinition, data: Mapping[str, Any],
             overrides: Mapping[str, Any], seats: Sequence[BotSpec | None], **settings: Any) -> LiveGame:
    """A live game going on from a file (``play --from``); ReplayError when the file does not replay."""
    replayer = simulator.replayer
    if replayer is None or replayer.restore is None:
        raise ValueError(f"{definition.info.id} cannot go on from a file")
    found = replayer.restore(definition, data, overrides, **settings)
    return LiveGame(simulator, definition, found.engine, found.seed, seats, deal=found.deal, actions=found.actions)

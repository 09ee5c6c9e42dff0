"""A game that cannot go on: a mistake in a game's rules (an exception in a rules file, a syntax
error) or a gap the rules leave (a player with no legal action, a game that never ends, a card in
two zones or in none, a score that is not a number).

The error names its place (``card_defs/rules.py:41:12``), and the runner adds the game that
reproduces it (run seed and game number, the game's own seed) and the decisions that led there in
words, so the report needs no traceback; the traceback is kept as text for ``--traceback``. It
crosses process and machine boundaries (a worker on a Dask cluster raises it), so it holds only
text and numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

GAP_CODES = {
    "no-legal-action": "a player to act has no legal action",
    "no-end": "the game does not end",
    "card-twice": "a card is in two zones",
    "card-lost": "a card is in no zone",
    "score-not-number": "a score is not a number",
    "hidden-card": "a legal action names a card hidden from its player",
}
"""The rules gaps the simulator finds by playing, by code."""

SHOWN_STEPS = 12
"""Decisions shown before the error (the last ones); the trace of the game holds them all."""
SHOWN_PRINTED = 12
"""Lines of what the game printed shown with its error (the last ones)."""
SHOWN_WIDTH = 160
"""Characters of each of those lines shown."""


@dataclass(frozen=True)
class GameContext:
    """Which game an error happened in: enough to play it again."""

    run_seed: int
    index: int
    seed: int
    players: int
    bots: tuple[str, ...]
    steps: tuple[str, ...] = ()
    """Every decision before the error, in words (``player 0: play apple-3``)."""


class GameError(Exception):
    """A game that cannot go on (see the module docstring). ``where`` is ``path:line[:col]`` or
    empty, ``code`` one of ``GAP_CODES`` or ``exception``, ``syntax``, ``import``, ``rules``
    (a rules file that lacks what it must define)."""

    def __init__(self, message: str, *, where: str = "", code: str = "exception", detail: str = "",
                 during: str = "", context: GameContext | None = None, actions: Sequence[Any] = (),
                 printed: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.code = code
        self.detail = detail
        """The full traceback, as text (``--traceback``)."""
        self.during = during
        """What was being done: ``setup``, ``the search of bot ismcts:200``..."""
        self.context = context
        self.actions = tuple(actions)
        """The engine's actions applied before the error, in this process only (never pickled:
        the runner turns them into words in ``context.steps``)."""
        self.printed = printed
        """What the game's code printed before the error (kept within a bound: ``generator.sim.isolation``)."""

    @property
    def is_gap(self) -> bool:
        return self.code in GAP_CODES

    def in_game(self, context: GameContext) -> "GameError":
        """The same error, with the game it happened in."""
        return GameError(self.message, where=self.where, code=self.code, detail=self.detail,
                         during=self.during, context=context, printed=self.printed)

    def headline(self) -> str:
        """``path:line:col: message`` (what a designer reads first)."""
        kind = "rules gap" if self.is_gap else "error"
        place = f"{self.where}: " if self.where else ""
        during = f" (during {self.during})" if self.during else ""
        return f"{place}{kind}: {self.message}{during}"

    def report(self, *, replay_hint: str = "", traceback: bool = False) -> str:
        """The whole message: the headline, the game that reproduces it and the decisions before
        it, how to see it again; the traceback with ``traceback``."""
        lines = [self.headline()]
        context = self.context
        if context is not None:
            bots = ", ".join(context.bots)
            lines.append(f"  in game {context.index} of --seed {context.run_seed} (its own seed {context.seed}), "
                         f"{context.players} players, bots: {bots}")
            steps = context.steps
            if steps:
                shown = steps[-SHOWN_STEPS:]
                first = len(steps) - len(shown)
                lines.append(f"  after {len(steps)} decision{'s' if len(steps) != 1 else ''}"
                             + (f" (the last {len(shown)}):" if first else ":"))
                lines += [f"    {first + i + 1}. {step}" for i, step in enumerate(shown)]
            else:
                lines.append("  before the first decision")
        if self.printed.strip():
            lines.append("  what the game printed:")
            lines += [f"  | {line}" for line in _last_lines(self.printed)]
        if replay_hint:
            lines.append(f"  to play it again: {replay_hint}")
        if traceback and self.detail:
            lines += ["", self.detail.rstrip()]
        elif self.detail and not traceback:
            lines.append("  (--traceback shows where in the code)")
        return "\n".join(lines)

    def __reduce__(self) -> Any:
        return (_rebuild, (self.message, self.where, self.code, self.detail, self.during, self.context, self.printed))

    def __str__(self) -> str:
        return self.headline()


def _rebuild(message: str, where: str, code: str, detail: str, during: str,
             context: GameContext | None, printed: str = "") -> GameError:
    return GameError(message, where=where, code=code, detail=detail, during=during, context=context,
                     printed=printed)


def _last_lines(text: str) -> list[str]:
    """The last ``SHOWN_PRINTED`` lines of ``text``, after a line counting those left out."""
    lines = [line if len(line) <= SHOWN_WIDTH else line[:SHOWN_WIDTH] + f"... ({len(line) - SHOWN_WIDTH:,} more)"
             for line in text.rstrip("\n").splitlines()]
    if len(lines) > SHOWN_PRINTED:
        return [f"... ({len(lines) - SHOWN_PRINTED} lines before)"] + lines[-SHOWN_PRINTED:]
    return lines


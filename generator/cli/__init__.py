"""Thin click commands: parse options, call one library function, format, map errors to exit codes.

``main`` is the console script. It imports nothing but the standard library before it installs
its signal handlers, so an interruption at any moment, even while the libraries load, ends the
command with one line instead of a traceback: Ctrl-C (SIGINT), SIGTERM and SIGHUP raise
``Interrupted`` (a KeyboardInterrupt), every command's clean-up runs (temporary files are removed,
worker processes stopped), and the exit status is 128 + the signal's number.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


class Interrupted(KeyboardInterrupt):
    """SIGINT, SIGTERM or SIGHUP arrived; ``exit_code`` is the shell's 128 + signal number."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + int(self.signum)


def exit_code(exc: BaseException) -> int:
    """The exit status for an interruption (130 for a plain KeyboardInterrupt: Ctrl-C)."""
    return exc.exit_code if isinstance(exc, Interrupted) else 128 + int(signal.SIGINT)


def _raise(signum: int, _frame: FrameType | None) -> None:
    raise Interrupted(signum)


def install_signal_handlers() -> None:
    """SIGINT, SIGTERM and SIGHUP raise Interrupted in the main thread (SIGTERM's default would end
    the process without any clean-up). A signal the command was started with ignored stays
    ignored, as Python itself does for SIGINT: whoever started it asked for that (``nohup``
    ignores SIGHUP so that a long sweep outlives its terminal; a shell script's ``&`` ignores
    SIGINT)."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _raise)


def main() -> None:
    """Console-script entry point (see the module docstring)."""
    try:
        install_signal_handlers()
        _fewer_collections()
        from .main import run

        status = run(sys.argv[1:])
        status = _leave_no_thread(status)
    except KeyboardInterrupt as exc:
        _say("\ncardforge: interrupted\n")
        sys.exit(exit_code(exc))
    except (MemoryError, ImportError) as exc:  # a memory limit too small for Python's own libraries
        if "--traceback" in sys.argv:
            raise
        _say("cardforge: out of memory: the command could not even load; nothing was written\n"
             if isinstance(exc, MemoryError) or "failed to map" in str(exc) else f"cardforge: cannot start: {exc}\n")
        sys.exit(1)
    sys.exit(status)


def _leave_no_thread(status: int) -> int:
    """The command ends even when a rules file left a thread running (Python would wait for it
    for ever): that is said, at the thread's function, and the command fails."""
    isolation = sys.modules.get("generator.sim.isolation")  # loaded with any rules file
    if isolation is None:
        return status
    threads = isolation.designer_threads()
    if not threads:
        return status
    _say(isolation.thread_error(threads, during="").headline() + "\n")
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    os._exit(status or 1)


GC_FIRST_GENERATION = 200_000
"""Objects allocated (net) between two collections of the youngest generation. At Python's 700, a
build or a validation spent 25-35 ms (a tenth of its time) in 100-odd collections that freed
almost nothing (cardforge's values are immutable trees, freed by reference counting); at this
value a build or a validation of the shipped games makes none. Long commands still collect,
each collection looking at more objects, as many objects in all."""


def _fewer_collections() -> None:
    import gc

    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(GC_FIRST_GENERATION, middle, oldest)


def _say(text: str) -> None:
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed: nothing to tell
        pass

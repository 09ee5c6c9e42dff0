"""Thin click commands: parse options, call one library function, format, map errors to exit codes.

``main`` is the console script. It imports nothing but the standard library before it installs
its signal handlers, so an interruption at any moment, even while the libraries load, ends the
command with one line instead of a traceback: Ctrl-C (SIGINT), SIGTERM and SIGHUP raise
``Interrupted`` (a KeyboardInterrupt), every command's clean-up runs (temporary files are removed,
worker processes stopped), and the exit status is 128 + the signal's number.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType
from typing import NoReturn


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
    args = sys.argv[1:]
    recorder = None
    try:
        install_signal_handlers()
        _fewer_collections()
        if args[:1] == ["validate"] and _caching():
            from .validatecache import Recorder, replay

            replayed = replay(args)  # the same files as last time: the same findings
            if replayed is not None:
                sys.exit(replayed)
            recorder = Recorder(args)
            recorder.start()
        from ..classcode import install

        install()  # compiled dataclass methods from the user's cache: a faster start
        from .main import run

        try:
            status = run(args)
        except SystemExit as exc:
            if recorder is not None:
                recorder.finish(exc.code)
            raise
        if recorder is not None:
            recorder.finish(status)
    except KeyboardInterrupt as exc:
        _say("\ncardforge: interrupted\n")
        sys.exit(exit_code(exc))
    except SystemExit as exc:
        _leave(exc.code)
    _leave(status)


def _caching() -> bool:
    from ..usercache import enabled

    return enabled()


THREADED_MODULES = ("multiprocessing", "concurrent.futures", "distributed", "asyncio")
"""Modules whose use may leave worker processes or threads for the interpreter's own exit to
wait for: a command that imported one of them ends the ordinary way."""


def _leave(status: object) -> NoReturn:
    """End the process with ``status`` (as ``sys.exit``), skipping the interpreter's teardown when
    nothing can need it. Tearing down frees every object and module one by one and collects the
    whole heap once more: 50-60 ms of a build or a validation, a sixth of it. The exit handlers
    (``atexit``: the user cache's writes, temporary folders' clean-up) still run and the standard
    streams are flushed; a command that still has other threads, or that used worker processes,
    ends the ordinary way."""
    import os

    if status is None or isinstance(status, int):
        threading = sys.modules.get("threading")
        alone = threading is None or threading.active_count() == 1
        if alone and not any(name in sys.modules for name in THREADED_MODULES):
            import atexit

            try:
                atexit._run_exitfuncs()
                for stream in (sys.stdout, sys.stderr):
                    if stream is not None:
                        stream.flush()
            except BaseException:  # a stream that cannot be flushed: let Python's exit report it
                raise SystemExit(status) from None
            os._exit(status or 0)
    raise SystemExit(status)


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

"""Work shared with one forked copy of this process: a check of several games on two cores.

``share(count, task)`` runs ``task(0)`` to ``task(count - 1)`` and returns their results in order,
as ``[task(i) for i in range(count)]`` would, but two processes take the tasks: this one
and a copy of it made by ``os.fork`` (which shares everything loaded so far, at no cost). Each
takes the next task not yet taken (a pipe holds their numbers), so a long task on one side is
balanced by several short ones on the other; the copy sends its results back pickled and exits
(it is reaped then if it is gone, else before the next copy or when this process ends: tearing
down a copy of the process takes a millisecond or two that nobody need wait for).

The results are the same as one process's, whatever the timing:

- a task the copy could not finish (it raised, or the copy died) is run again here, after the
  others, in order; so is a task that raised here. An exception therefore comes from the first
  task that raises, as it would in order;
- what the copy observed on the way (the files ``validate`` records for its replay) comes back
  through ``report_from_copy``.

The copy is made only where it can help and is safe: ``os.fork`` exists, at least two CPUs are
available, and this process runs no other thread (a thread holding a lock at the fork would leave
it held in the copy). Else the tasks run here, in order. An interruption (Ctrl-C) stops both:
the copy ends without a word, and this process kills and reaps it before the interruption goes on.
"""

from __future__ import annotations

import os
import struct
import sys
from typing import Any, Callable, Sequence, TypeVar

T = TypeVar("T")

_NUMBER = struct.Struct(">I")
MAX_TASKS = 1024
"""More tasks than this run in one process: their numbers are written to the pipe before anyone
reads it, and 4 KB (one page, the least a pipe holds) is what always fits."""

_REPORTERS: list[tuple[Callable[[], Any], Callable[[Any], None]]] = []


def report_from_copy(collect: Callable[[], Any], merge: Callable[[Any], None]) -> Callable[[], None]:
    """Have a forked copy send ``collect()`` (picklable) back with its results, and call
    ``merge`` with it in this process: state the copy changed that this process must know of.
    Returns the function that ends this."""
    pair = (collect, merge)
    _REPORTERS.append(pair)
    return lambda: _REPORTERS.remove(pair) if pair in _REPORTERS else None


def copies_help() -> bool:
    """Whether a forked copy can share work here (see the module's docstring)."""
    if not hasattr(os, "fork") or not hasattr(os, "sched_getaffinity"):
        return False
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return False
    return len(os.sched_getaffinity(0)) >= 2


def share(count: int, task: Callable[[int], T], *, fork: bool = True, order: Sequence[int] | None = None) -> list[T]:
    """``task(i)`` for each i below ``count``, in order of i; see the module's docstring. With
    ``fork`` false (or where a copy cannot help), each task here, in order. ``order``: the order
    in which the two processes take the tasks (a permutation of their numbers): the longest first
    and the shortest last, so that neither process waits long for the other at the end; the
    results are in order of i whatever it is."""
    numbers = _numbers(count, order)
    if not fork or count < 2 or count > MAX_TASKS or not copies_help():
        return [task(i) for i in range(count)]
    numbers_in, numbers_out = os.pipe()
    os.set_blocking(numbers_out, False)
    try:
        written = os.write(numbers_out, numbers)
    except OSError:
        written = 0
    os.close(numbers_out)
    if written != len(numbers):  # (a pipe smaller than a page: never seen, but never a hang)
        os.close(numbers_in)
        return [task(i) for i in range(count)]
    _reap_leaving(wait=False)
    results_in, results_out = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except OSError:  # no room for another process: do it all here
        for fd in (numbers_in, results_in, results_out):
            os.close(fd)
        return [task(i) for i in range(count)]
    if pid == 0:
        _copy(task, numbers_in, results_in, results_out)  # never returns
    os.close(results_out)
    done: dict[int, T] = {}
    reaped = False
    try:
        while (number := _take(numbers_in)) is not None:
            try:
                done[number] = task(number)
            except Exception:
                pass  # run again below, in its turn
        theirs = _receive(results_in)
        _reap(pid)
        reaped = True
    finally:
        os.close(numbers_in)
        os.close(results_in)
        if not reaped:
            _stop(pid)
    if theirs is not None:
        results, reports = theirs
        for number, result in results.items():
            done.setdefault(number, result)
        for (_, merge), report in zip(_REPORTERS, reports):
            merge(report)
    return [done[i] if i in done else task(i) for i in range(count)]


def _numbers(count: int, order: Sequence[int] | None) -> bytes:
    """The task numbers as the pipe hands them out (ValueError when ``order`` is not a
    permutation of ``range(count)``)."""
    taken = list(range(count)) if order is None else list(order)
    if sorted(taken) != list(range(count)):
        raise ValueError(f"the order of {count} tasks must name each of them once: {taken}")
    return b"".join(_NUMBER.pack(i) for i in taken)


def _pickler() -> tuple[Callable[..., bytes], Callable[[bytes], Any]]:
    """pickle's ``dumps`` and ``loads``, from its C module where there is one: the same
    functions, without the 1-1.5 ms of importing ``pickle`` itself (its pure-Python pickler)."""
    try:
        from _pickle import dumps, loads
    except ImportError:
        from pickle import dumps, loads
    return dumps, loads


def _take(numbers: int) -> int | None:
    data = os.read(numbers, _NUMBER.size)
    return _NUMBER.unpack(data)[0] if len(data) == _NUMBER.size else None


def _copy(task: Callable[[int], Any], numbers_in: int, results_in: int, results_out: int) -> None:
    """The forked copy: take tasks until none is left or one raises, send the results, exit."""
    status = 1
    try:
        os.close(results_in)
        dumps = _pickler()[0]  # (now: what is left to do after the last task is what the parent waits for)
        done: dict[int, Any] = {}
        while (number := _take(numbers_in)) is not None:
            try:
                done[number] = task(number)
            except Exception:
                break  # the parent does it again, in its turn
        data = dumps((done, [collect() for collect, _ in _REPORTERS]), protocol=5)  # (the highest)
        view = memoryview(data)
        while view:
            view = view[os.write(results_out, view):]
        os.close(results_out)  # the end of the results now, not once the process is torn down
        status = 0
    except BaseException:  # an interruption, a result that does not pickle: the parent does it all
        pass
    finally:
        os._exit(status)  # no clean-up of the parent's: its temporary files, its atexit handlers


def _receive(results_in: int) -> tuple[dict[int, Any], list[Any]] | None:
    """What the copy sent (None when it sent nothing whole)."""
    loads = _pickler()[1]  # (imported while the copy may still be at work)

    chunks = []
    while chunk := os.read(results_in, 1 << 16):
        chunks.append(chunk)
    if not chunks:
        return None
    try:
        received = loads(b"".join(chunks))
    except Exception:
        return None
    return received if isinstance(received, tuple) and len(received) == 2 else None


def _reap(pid: int) -> None:
    """Reap the copy, which has sent its results and is leaving: now if it is gone, else when
    this process ends (tearing down a copy of the whole process takes a millisecond or two,
    which this process need not wait for)."""
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return
    except ChildProcessError:
        return
    if not _LEAVING:
        import atexit

        atexit.register(_reap_leaving)
    _LEAVING.append(pid)


_LEAVING: list[int] = []
"""Copies that had not finished leaving when their results came (reaped at this process's end)."""


def _reap_leaving(wait: bool = True) -> None:
    """Reap the copies still leaving (without ``wait``, those already gone: before a new copy)."""
    for pid in list(_LEAVING):
        try:
            if os.waitpid(pid, 0 if wait else os.WNOHANG)[0] != pid:
                continue
        except ChildProcessError:
            pass
        _LEAVING.remove(pid)


def _stop(pid: int) -> None:
    """Kill the copy and reap it (this process is leaving by an exception)."""
    import signal

    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass

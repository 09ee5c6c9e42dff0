"""Compiled dataclass methods, remembered between runs of the command.

Python 3.11 and 3.12 write the source of each dataclass's ``__init__``, ``__repr__``, ``__eq__``...
and compile it when the class is defined: for cardforge's few hundred dataclasses that is about
half of the time a command spends importing its modules (0.05 s of ``cardforge validate``), and
the bytecode cache (``__pycache__``) does not keep it. ``install`` makes the ``dataclasses`` module
compile through a table of code objects keyed by the exact source text: the table is read from the
user's cache (``generator.usercache``) and written back, atomically, when the process ends if a
method was new. The same text always compiles to the same code, so a class gets the very methods
it would get otherwise; a missing, corrupt or foreign table is ignored.

Only the console script installs it (``generator.cli.main``): importing ``generator`` as a
library changes nothing in the interpreter.
"""

import builtins
import marshal
import sys
from types import CodeType
from typing import Any

from . import usercache

CACHE_FILE = f"code/dataclass-methods-{sys.implementation.cache_tag}.marshal"
"""Code objects are valid for one implementation and version (``cpython-311``); a header holds
the interpreter's full version as well (its bytecode may change between micro versions)."""
MAX_METHODS = 4000
"""More remembered methods than this (old versions' classes piling up): keep this run's only."""

_known: dict[str, CodeType] = {}
_used: dict[str, CodeType] = {}
_compiled: list[str] = []
"""The sources compiled in this process (a forked copy sends them back: ``_from_copy``)."""
_state = {"installed": False, "new": False}


def _magic() -> bytes:
    """The header of a table: the interpreter's exact version (importlib.util's MAGIC_NUMBER would
    cost 3 ms to import), as one line."""
    return sys.version.replace("\n", " ").encode() + b"\n"


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it, with the compiled source remembered."""
    if isinstance(source, str) and globals is not None:
        code = _known.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _known[source] = code
            _compiled.append(source)
            _state["new"] = True
        _used[source] = code
        source = code
    builtins.exec(source, globals, locals)


def _load() -> None:
    data = usercache.read(CACHE_FILE)
    magic = _magic()
    if not data or not data.startswith(magic):
        return
    try:
        table = marshal.loads(data[len(magic):])
    except (EOFError, ValueError, TypeError):
        return
    if isinstance(table, dict):
        _known.update((k, v) for k, v in table.items() if isinstance(k, str) and isinstance(v, CodeType))


def _save() -> None:
    """Write the table back when a method was compiled in this run (at the process's end)."""
    if not _state["new"]:
        return
    table = _known if len(_known) <= MAX_METHODS else _used
    try:
        data = _magic() + marshal.dumps(table)
    except ValueError:
        return
    usercache.write(CACHE_FILE, data)


def install() -> None:
    """Remember compiled dataclass methods in this process (once; nothing when the cache is off
    or the interpreter's ``dataclasses`` does not compile through ``exec``)."""
    if _state["installed"] or not usercache.enabled() or sys.implementation.name != "cpython":
        return
    import atexit
    import dataclasses

    if "exec" in vars(dataclasses):
        return  # someone else's replacement: leave it
    _state["installed"] = True
    _load()
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(_save)
    from .forked import report_from_copy

    report_from_copy(_for_parent, _from_copy)  # methods a forked copy compiled (classes only it defined)


def _for_parent() -> bytes:
    return marshal.dumps({source: _known[source] for source in _compiled})


def _from_copy(data: bytes) -> None:
    table = marshal.loads(data)
    for source, code in table.items():
        if source not in _known:
            _known[source] = _used[source] = code
            _state["new"] = True

"""Interrupted commands: a real ``cardforge build`` is signalled while it writes, and every game's PDF
and manifest must then come from one build, the previous one or the new one (never a mix), with no
temporary file left; Ctrl-C while a command starts prints one line; simulator workers end with
their parent, quietly.

Two known builds are made first (one and two copies of each deck); the output folder holds the
first, a build of the second is signalled, and each PDF/manifest pair is compared with the two
known pairs. The child writes its files slowly (``CARDFORGE_TEST_WRITE_PAUSE``, tests/capped.py)
and says which file it writes, so a signal can be sent at a chosen moment of the writing.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import IO

import pytest

from .capped import command, default_signals, environment, limits

pytestmark = pytest.mark.e2e

GAMES = ("hanabi", "hanabi-multicolor", "sequence")
"""The games built (three games, six files: enough moments to interrupt, quick to build)."""
Pairs = dict[str, tuple[bytes, bytes]]


def _pairs(folder: Path) -> Pairs:
    return {g: ((folder / f"{g}.pdf").read_bytes(), (folder / f"{g}.json").read_bytes()) for g in GAMES}


@pytest.fixture(scope="module")
def known(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The output of a build with one copy of each deck (``old``) and with two (``new``)."""
    base = tmp_path_factory.mktemp("known")
    for name, copies in (("old", "1"), ("new", "2")):
        subprocess.run(command("build", *GAMES, "--out", str(base / name), "--copies", copies), check=True,
                       capture_output=True, env=environment(), timeout=120)
    return {"old": base / "old", "new": base / "new"}


def _start(out: Path, pause: float) -> subprocess.Popen[str]:
    return subprocess.Popen(command("build", *GAMES, "--out", str(out), "--copies", "2"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=limits(),
                            env=environment(CARDFORGE_TEST_WRITE_PAUSE=str(pause)))


def _wait_for(stream: IO[str], prefix: str, count: int, seen: list[str]) -> None:
    """Read the child's stderr until ``count`` lines starting with ``prefix`` went by."""
    found = 0
    while found < count:
        line = stream.readline()
        assert line, f"the build ended before {count} x {prefix!r}: {''.join(seen)}"
        seen.append(line)
        found += line.startswith(prefix)


def _states(out: Path, known: dict[str, Path]) -> list[str]:
    """For each game: 'old' or 'new' when its PDF and manifest are both those of that build."""
    pairs = {name: _pairs(folder) for name, folder in known.items()}
    here = _pairs(out)
    return [next((name for name in ("old", "new") if pairs[name][g] == here[g]), "mixed") for g in GAMES]


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize(("signum", "moment", "expected"), [
    pytest.param(signal.SIGINT, ("test: writing", 1), "old", marks=pytest.mark.slow),  # the first file staging
    (signal.SIGTERM, ("test: writing", 3), "old"),     # half way through staging
    pytest.param(signal.SIGHUP, ("test: writing", 6), "old", marks=pytest.mark.slow),  # all staged, none in place
    pytest.param(signal.SIGINT, ("test: renamed", 1), "new", marks=pytest.mark.slow),  # renaming: held until done
    (signal.SIGTERM, ("test: renamed", 4), "new"),
])
def test_a_build_signalled_while_it_writes_leaves_one_build(
    tmp_path: Path, known: dict[str, Path], signum: int, moment: tuple[str, int], expected: str
) -> None:
    out = tmp_path / "out"
    shutil.copytree(known["old"], out)
    child = _start(out, pause=0.1)
    seen: list[str] = []
    assert child.stderr is not None
    _wait_for(child.stderr, *moment, seen)
    child.send_signal(signum)
    rest, = child.communicate(timeout=60)[1:]
    message = "".join(seen) + rest
    assert child.returncode == 128 + signum, message
    assert "Traceback" not in message
    assert _states(out, known) == [expected] * len(GAMES)
    assert _leftovers(out) == []
    if expected == "old":
        assert "interrupted: nothing was written" in message
    else:
        assert f"interrupted after the build was written: {2 * len(GAMES)} files" in message


@pytest.mark.slow
def test_builds_signalled_at_random_moments_leave_one_build(tmp_path: Path, known: dict[str, Path]) -> None:
    """The trial's test: twenty builds signalled at random moments (not slowed down)."""
    rng = random.Random(16)
    for run in range(20):
        out = tmp_path / f"out{run}"
        shutil.copytree(known["old"], out)
        child = subprocess.Popen(command("build", *GAMES, "--out", str(out), "--copies", "2"), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=environment(), preexec_fn=limits())
        time.sleep(rng.uniform(0.3, 2.0))
        child.send_signal(rng.choice([signal.SIGINT, signal.SIGTERM]))
        _, errors = child.communicate(timeout=60)
        assert "Traceback" not in errors
        states = _states(out, known)
        assert len(set(states)) == 1 and states[0] != "mixed", (run, states)
        assert _leftovers(out) == []


def _handlers_installed(pid: int) -> bool:
    """Whether the child catches SIGTERM yet (its own handlers are in place: the command started)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = int(next(line for line in status.splitlines() if line.startswith("SigCgt:")).split()[1], 16)
    return bool(caught & (1 << (signal.SIGTERM - 1)))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc to see the child start")
@pytest.mark.parametrize("args", [("build", "--out", "out"), pytest.param(("simulate", "hanabi", "-k", "50"), marks=pytest.mark.slow),
                                  pytest.param(("validate",), marks=pytest.mark.slow)])
def test_ctrl_c_while_a_command_starts_prints_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Ctrl-C as soon as the command's handlers are in place, while it still imports its libraries
    and loads the project: one line, exit status 130, no traceback."""
    child = subprocess.Popen(command(*args), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=environment(), preexec_fn=limits())
    deadline = time.monotonic() + 120  # (bounds a hang only)
    while not _handlers_installed(child.pid):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.001)
    child.send_signal(signal.SIGINT)
    output, errors = child.communicate(timeout=30)
    assert child.returncode == 130, output + errors
    assert "Traceback" not in errors
    assert len([line for line in errors.splitlines() if line.strip()]) == 1, errors
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not Path("/proc/self/status").exists(),
                    reason="reads /proc to see the child start; SIGHUP is POSIX")
def test_a_signal_the_command_was_started_with_ignored_stays_ignored(tmp_path: Path) -> None:
    """``nohup cardforge ...`` ignores SIGHUP so that a long run outlives its terminal: the command
    keeps it ignored (it handled it as Ctrl-C and stopped), and still handles SIGTERM."""

    def nohup() -> None:
        default_signals()
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    child = subprocess.Popen(command("build", "hanabi", "--out", "out"), cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=environment(), preexec_fn=nohup)
    deadline = time.monotonic() + 120  # (bounds a hang only)
    while not _handlers_installed(child.pid):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.001)
    child.send_signal(signal.SIGHUP)
    output, errors = child.communicate(timeout=60)
    assert child.returncode == 0 and "interrupted" not in errors, output + errors
    assert (tmp_path / "out" / "hanabi.pdf").exists()


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in found]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(shutil.which("pgrep") is None or not Path("/proc").exists(), reason="needs pgrep and /proc")
@pytest.mark.parametrize(("signum", "group"), [(signal.SIGINT, True), pytest.param(signal.SIGTERM, False, marks=pytest.mark.slow),
                                                (signal.SIGKILL, False)])
def test_simulator_workers_end_with_their_parent_quietly(signum: int, group: bool) -> None:
    """Ctrl-C in a terminal (SIGINT to the whole process group), SIGTERM to the command, or the
    command killed outright: every worker ends within seconds and none prints a traceback (they
    printed BrokenPipeError and KeyboardInterrupt tracebacks)."""
    child = subprocess.Popen(command("simulate", "hanabi", "-k", "100000", "-w", "2"), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=environment(), start_new_session=True,
                             preexec_fn=default_signals)
    deadline = time.monotonic() + 120  # (bounds a hang only)
    workers: list[int] = []
    while len(workers) < 2:
        assert time.monotonic() < deadline and child.poll() is None, "the workers did not start"
        time.sleep(0.05)
        workers = _children(child.pid)
    time.sleep(0.5)  # the workers are playing
    if group:
        os.killpg(child.pid, signum)
    else:
        child.send_signal(signum)
    _, errors = child.communicate(timeout=30)
    deadline = time.monotonic() + 60  # (bounds a hang only)
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)
    assert "Traceback" not in errors and "Error" not in errors, errors
    if signum != signal.SIGKILL:
        assert child.returncode == 128 + signum and errors.strip() == "interrupted"


# -- exports and game files ----------------------------------------------------------------------

EXPORTS = {
    "png": (("export", "hanabi", "--png", "{out}", "--dpi", "30"), ("--dpi", "36")),
    "pod": (("export", "hanabi", "--pod", "mpc", "--out", "{out}"), ("--ink-saver",)),
}
"""An export (its command, with ``{out}`` for the folder) and what makes a second one differ."""


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, bytes]]]:
    """Each export's files, made once as is ("old") and once changed ("new")."""
    base = tmp_path_factory.mktemp("exported")
    found: dict[str, dict[str, dict[str, bytes]]] = {}
    for kind, (args, change) in EXPORTS.items():
        found[kind] = {}
        for name, extra in (("old", ()), ("new", change)):
            out = base / f"{kind}-{name}"
            subprocess.run(command(*(a.format(out=out) for a in args), *extra), check=True, capture_output=True,
                           env=environment(), timeout=300)
            found[kind][name] = _files(out)
    return found


@pytest.mark.parametrize(("kind", "moment", "expected"), [
    ("png", ("test: writing", 2), "old"),
    pytest.param("png", ("test: renamed", 1), "new", marks=pytest.mark.slow),
    ("pod", ("test: writing", 3), "old"),
    ("pod", ("test: renamed", 2), "new"),
])
def test_an_export_interrupted_while_it_writes_leaves_one_export(
    tmp_path: Path, exported: dict[str, dict[str, dict[str, bytes]]], kind: str, moment: tuple[str, int], expected: str
) -> None:
    """``export --png`` and ``export --pod`` interrupted by Ctrl-C while they stage or rename their
    files: the folder holds the previous export or the new one, whole, and nothing temporary."""
    args, change = EXPORTS[kind]
    out = tmp_path / "out"
    out.mkdir()
    for name, data in exported[kind]["old"].items():
        (out / name).write_bytes(data)
    child = subprocess.Popen(command(*(a.format(out=out) for a in args), *change), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=limits(),
                             env=environment(CARDFORGE_TEST_WRITE_PAUSE="0.1"))
    seen: list[str] = []
    assert child.stderr is not None
    _wait_for(child.stderr, *moment, seen)
    child.send_signal(signal.SIGINT)
    rest = child.communicate(timeout=120)[1]
    message = "".join(seen) + rest
    assert child.returncode == 130, message
    assert "Traceback" not in message
    assert _files(out) == exported[kind][expected]
    assert _leftovers(out) == []


def _game_files(out: Path) -> list[Path]:
    return sorted(out.glob("game-*.json"))


def test_simulate_export_interrupted_while_a_game_file_is_written_leaves_it_whole(tmp_path: Path) -> None:
    """Ctrl-C while ``simulate --export`` has a game file's temporary file open: the interruption
    waits the few milliseconds until that file is in place (it left an empty .part file in one
    trial of four), and every game file there is a whole one."""
    out = tmp_path / "games"
    child = subprocess.Popen(command("simulate", "hanabi", "-k", "200", "-w", "1", "--export", str(out)),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limits(),
                             env=environment(CARDFORGE_TEST_WRITE_PAUSE="0.3"))
    seen: list[str] = []
    assert child.stderr is not None
    _wait_for(child.stderr, "test: temporary", 2, seen)
    child.send_signal(signal.SIGINT)
    rest = child.communicate(timeout=60)[1]
    message = "".join(seen) + rest
    assert child.returncode == 130 and "interrupted" in rest, message
    assert "Traceback" not in message
    assert _leftovers(out) == []
    files = _game_files(out)
    assert [p.name for p in files] == ["game-00001.json", "game-00002.json"]
    for file in files:
        json.loads(file.read_text())


@pytest.mark.slow
def test_simulate_export_interrupted_at_random_moments_leaves_whole_files(tmp_path: Path) -> None:
    """The trial's test: ``simulate --export`` (not slowed down) interrupted at random moments."""
    rng = random.Random(21)
    for run in range(8):
        out = tmp_path / f"games{run}"
        child = subprocess.Popen(command("simulate", "hanabi", "-k", "5000", "-w", "2", "--export", str(out)),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(),
                                 preexec_fn=limits())
        deadline = time.monotonic() + 120  # (bounds a hang only)
        while not (out.is_dir() and _game_files(out)) and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.5))
        child.send_signal(signal.SIGINT)
        _, errors = child.communicate(timeout=60)
        assert "Traceback" not in errors, (run, errors)
        assert _leftovers(out) == [], run
        for file in _game_files(out):
            json.loads(file.read_text())


def test_a_signal_inside_cairos_callback_waits_for_the_call_to_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C or SIGTERM while cairo wrote a showcase PNG through its Python callback was raised
    inside the callback: cffi printed "Exception ignored" with a traceback and the command reported
    a broken picture. cairo's calls hold the signals (``atomicio.held_signals``): the signal is
    raised once the call is done, here with another thread running that the system may hand it to."""
    import threading

    from generator.render import png

    class Signalled(KeyboardInterrupt):  # as the command's handler raises Interrupted
        pass

    def handler(signum: int, frame: object) -> None:
        raise Signalled(signum)

    went_on = []

    class Surface:
        def write_to_png(self, out: io.BytesIO) -> None:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # Python would run the handler here, inside cairo's callback
            went_on.append(True)
            out.write(b"png")

    monkeypatch.setattr(png, "_drawn", lambda *_: Surface())
    elsewhere = threading.Event()
    other = threading.Thread(target=elsewhere.wait, daemon=True)
    other.start()
    previous = signal.signal(signal.SIGTERM, handler)
    try:
        with pytest.raises(Signalled):
            png.svg_to_png_px("<svg/>", 10, 10)
        assert went_on == [True]
    finally:
        signal.signal(signal.SIGTERM, previous)
        elsewhere.set()

"""The install as a user makes it: build the sdist and, from it, the wheel; install the wheel into a
fresh virtual environment outside the checkout; run every command from an empty folder.

usage: python .ci/wheel_smoke.py [PYTHON ...]   (default: this interpreter)

Each PYTHON gets its own virtual environment (Debian's /usr/bin/python3 is 3.11.2, the oldest
Python we support). Prints each step; exits 1 at the first step that fails, with its output.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
VERSION = re.search(r'^__version__ = "([^"]+)"', (CHECKOUT / "generator" / "__init__.py").read_text(), re.M)


class Failed(Exception):
    """A step failed; the message holds what it printed."""


def run(*args: str | Path, cwd: Path, expect: int = 0, timeout: float = 600) -> str:
    """Run one command and return its output (stdout then stderr); Failed unless it exits ``expect``."""
    shown = " ".join(a.name if isinstance(a, Path) and a.parent.name == "bin" else str(a) for a in args)
    print(f"  $ {shown}", flush=True)
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env=_environment())
    output = done.stdout + done.stderr
    if done.returncode != expect or "Traceback" in output:
        raise Failed(f"{shown}: exit {done.returncode} (expected {expect})\n{output}")
    return output


def _environment() -> dict[str, str]:
    """This environment without anything that would import the checkout instead of the wheel."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PYTHONSAFEPATH"] = "1"  # `python -m` puts no current folder on the path
    return env


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Failed(what)


def build(work: Path) -> Path:
    """The wheel, built from the sdist (as pip does from a source release), with the sdist's check."""
    tools = work / "build-venv"
    run(sys.executable, "-m", "venv", tools, cwd=work)
    run(tools / "bin" / "python", "-m", "pip", "install", "-q", "build", cwd=work)
    dist = work / "dist"
    run(tools / "bin" / "python", "-m", "build", "--outdir", dist, CHECKOUT, cwd=work)
    sdist, = dist.glob("cardforge-*.tar.gz")
    wheel, = dist.glob("cardforge-*.whl")
    import tarfile
    import zipfile

    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    for folder in ("card_defs", "layouts", "fonts", "examples", "generator/app/preview/static"):
        check(any(f"/{folder}/" in name for name in names), f"{sdist.name} holds no {folder}/")
    shipped = [n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("generator/shipped/")]
    for part in ("card_defs/hanabi.yaml", "layouts/faces.yaml", "fonts/LICENSE-DejaVu.txt", "examples/orchard/",
                 "examples/lanterns/"):
        check(any(n.startswith(f"generator/shipped/{part}") for n in shipped), f"{wheel.name} holds no {part}")
    print(f"  built {sdist.name} and {wheel.name} ({len(shipped)} shipped files in the wheel)")
    return wheel


def smoke(python: str, wheel: Path, work: Path) -> None:
    """Install ``wheel`` with ``python`` and run the commands from an empty folder."""
    venv = work / "venv"
    run(python, "-m", "venv", venv, cwd=work)
    run(venv / "bin" / "python", "-m", "pip", "install", "-q", wheel, cwd=work)
    cardforge = venv / "bin" / "cardforge"
    here = work / "empty"
    here.mkdir()

    check(run(cardforge, "--version", cwd=here).strip() == f"cardforge, version {VERSION.group(1)}", "--version")
    listed = run(cardforge, "list", cwd=here)
    check(all(game in listed for game in ("hanabi", "sequence", "firecrackers", "scoreworks")), f"list:\n{listed}")
    run(cardforge, "validate", cwd=here)
    check(len(json.loads(run(cardforge, "deck", "sequence", "--json", cwd=here))) == 104, "deck sequence")
    run(cardforge, "build", "hanabi", "sequence", cwd=here)
    for game in ("hanabi", "sequence"):
        check((here / "output" / f"{game}.pdf").read_bytes().startswith(b"%PDF-"), f"output/{game}.pdf")
        check(len(json.loads((here / "output" / f"{game}.json").read_text())["pages"]) > 1, f"output/{game}.json")
    summary = json.loads(run(cardforge, "simulate", "hanabi", "--players", "3", "--games", "20", "--seed", "1",
                             "--json", cwd=here))
    check(summary["games"] == 20, "simulate hanabi")
    run(cardforge, "simulate", "firecrackers", "--players", "4", "--games", "10", "--workers", "2", cwd=here)
    tuned = json.loads(run(cardforge, "tune", "firecrackers", "--players", "2", "--vary", "explosion_threshold=6..14",
                           "--goal", "rounds=13±1", "--budget", "4000", "--workers", "2", "--json", cwd=here))
    check(tuned["finish"] == "met" and tuned["games"]["total"] <= 4000, "tune firecrackers")
    run(cardforge, "export", "hanabi", "--png", "png", "--tts", "tts", cwd=here)
    check(len(list((here / "png").glob("*.png"))) > 25, "export --png")
    run(cardforge, "export", "sequence", "--pod", "mpc", "--out", "pod", cwd=here)
    check((here / "pod" / "quantities.csv").is_file(), "export --pod")
    run(cardforge, "preflight", "hanabi", cwd=here)
    _preview(cardforge, here)

    run(cardforge, "init", "mine", cwd=here)
    mine = here / "mine"
    run(cardforge, "validate", cwd=mine)
    run(cardforge, "build", "hanabi", cwd=mine)
    check((mine / "output" / "hanabi.pdf").is_file(), "build in an init project")
    again = run(cardforge, "init", "mine", cwd=here, expect=1)
    check("already exists" in again, f"init twice:\n{again}")
    run(cardforge, "init", "orchard", "--example", "custom", cwd=here)
    run(cardforge, "validate", cwd=here / "orchard")
    run(cardforge, "build", cwd=here / "orchard")
    check((here / "orchard" / "output" / "orchard.pdf").is_file(), "build of the example project")
    run(cardforge, "init", "kit", "--example", "kit", cwd=here)
    run(cardforge, "build", cwd=here / "kit")
    check((here / "kit" / "output" / "lanterns.pdf").is_file(), "build of the example kit")
    if shutil.which("git"):
        _compare_against(cardforge, mine)


def _preview(cardforge: Path, here: Path) -> None:
    """The preview serves its page and its script, and stops on Ctrl-C."""
    print(f"  $ {cardforge} preview hanabi --port 0 --no-browser", flush=True)
    process = subprocess.Popen([str(cardforge), "preview", "hanabi", "--port", "0", "--no-browser"], cwd=here,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_environment(),
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None
    try:
        line = process.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        check(found is not None, f"preview did not start: {line}")
        assert found is not None
        for path in ("", "preview.js", "preview.css"):
            with urllib.request.urlopen(found.group(1) + path, timeout=30) as answer:
                check(answer.status == 200 and len(answer.read()) > 100, f"preview GET /{path}")
    finally:
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=30)[0]
    check(process.returncode == 0 and "Traceback" not in output, f"preview did not stop cleanly:\n{output}")


def _compare_against(cardforge: Path, project: Path) -> None:
    """``compare --against`` reads a revision of the project from git (tar extraction on every
    supported Python)."""
    git = ["git", "-c", "user.name=ci", "-c", "user.email=ci@localhost"]
    run("git", "init", "-q", ".", cwd=project)
    run(*git, "add", "card_defs", "layouts", cwd=project)
    run(*git, "commit", "-q", "-m", "deck", cwd=project)
    definition = project / "card_defs" / "hanabi.yaml"
    definition.write_text(definition.read_text().replace("note: 8", "note: 7", 1))
    output = run(cardforge, "compare", "hanabi", ".", "--against", "HEAD", "--players", "3", "--games", "40",
                 "--workers", "1", cwd=project)
    check("HEAD" in output, f"compare --against:\n{output}")


def main(pythons: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="cardforge-wheel-") as temporary:
        work = Path(temporary)
        try:
            print("wheel smoke: building the sdist and the wheel", flush=True)
            wheel = build(work)
            for python in pythons or [sys.executable]:
                version = subprocess.run([python, "-c", "import sys; print(sys.version.split()[0])"],
                                         capture_output=True, text=True, check=True).stdout.strip()
                print(f"wheel smoke: {python} (Python {version}), from an empty folder outside the checkout",
                      flush=True)
                started = time.monotonic()
                place = work / f"python-{version}"
                place.mkdir()
                smoke(python, wheel, place)
                print(f"wheel smoke: ok with Python {version} in {time.monotonic() - started:.0f} s", flush=True)
        except (Failed, subprocess.SubprocessError, OSError, ValueError) as exc:
            print(f"wheel smoke: FAILED: {exc}", flush=True)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

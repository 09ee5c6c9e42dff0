"""Games on a real local Dask cluster (a scheduler and two single-threaded worker processes on
127.0.0.1): the same records as on one process, and an unreachable scheduler is a clear error."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from contextlib import suppress
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.model import Project
from generator.sim.api import BotSpec
from generator.app.simulators import simulator_for
from generator.sim.runner import Cell, run, run_cells

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.e2e

distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install 'cardforge[dask]'")

from generator.app.cluster import ClusterError, DaskExecutor  # noqa: E402  (after the skip)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local


@pytest.fixture()
def executor(cluster: Any) -> Iterator[DaskExecutor]:
    client = distributed.Client(cluster, set_as_default=False)
    yield DaskExecutor(client)
    client.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_the_same_records_on_a_cluster(executor: DaskExecutor, shipped_project: Project) -> None:
    assert executor.workers == 2
    hanabi = simulator_for("hanabi")
    definition = shipped_project.game("hanabi")
    local = run(hanabi, definition, 3, [BotSpec("best")], 24, seed=4, workers=1)
    remote = run(hanabi, definition, 3, [BotSpec("best")], 24, seed=4, executor=executor)
    assert remote.records == local.records and len(remote.records) == 24


def test_every_cell_of_a_sweep_on_one_cluster(executor: DaskExecutor, fc: Any) -> None:
    simulator = simulator_for("firecrackers")
    cells = [Cell(simulator, fc, 3, (BotSpec("best"),), 10, 7, {"explosion_threshold": t}) for t in (9, 11)]
    finished: list[int] = []
    moved: list[int] = []
    remote = run_cells(cells, executor=executor, progress=moved.append, on_result=lambda n, _: finished.append(n))
    local = run_cells(cells, workers=2)
    assert [r.records for r in remote] == [r.records for r in local]
    assert sorted(finished) == [0, 1] and sum(moved) == 20


@pytest.fixture()
def silent_server() -> Iterator[str]:
    """A server that accepts connections and never answers (a firewall or a proxy in the way)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.2)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            with suppress(OSError):
                held.append(server.accept()[0])

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def test_an_unreachable_scheduler_is_a_clear_error(silent_server: str) -> None:
    """Refused after the connection's timeout, with one line saying so (the subprocess's own
    timeout only bounds a hang, generously: the time it takes is no test's business)."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    with pytest.raises(ClusterError, match=f"cannot reach the Dask scheduler at {address} within 2 s"):
        DaskExecutor.connect(address, timeout_s=2)
    for where in (address, silent_server):  # nobody listening; a server that never answers
        done = subprocess.run([sys.executable, "-m", "generator.cli.main", "simulate", "hanabi", "-k", "2",
                               "--scheduler", where], capture_output=True, text=True, timeout=300, cwd=ROOT)
        assert done.returncode == 1 and f"cannot reach the Dask scheduler at {where} within 5 s" in done.stderr
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("address", ["foo", "10.0.0.5", "tcp://10.0.0.5", "http://10.0.0.5:8786", "tcp://h:70000"])
def test_a_scheduler_that_is_no_address_is_a_usage_error(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[object] = []
    monkeypatch.setattr(DaskExecutor, "connect", classmethod(lambda cls, *args, **kw: tried.append(args)))
    result = CliRunner().invoke(cli, ["simulate", "hanabi", "-k", "2", "--scheduler", address])
    assert result.exit_code == 2 and f"Invalid value for '--scheduler': '{address}'" in result.stderr
    assert tried == []  # nothing tried to connect


def test_the_command_line_on_a_cluster(cluster: Any) -> None:
    args = ["sweep", "hanabi", "-n", "2", "-k", "12", "--bot", "smart", "--json", "--set", "tokens.note=7,8"]
    local = CliRunner().invoke(cli, [*args, "-w", "1"])
    remote = CliRunner().invoke(cli, [*args, "--scheduler", cluster.scheduler_address])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.stderr
    strip = [{k: v for k, v in row.items() if k != "elapsed_s"} for row in json.loads(local.stdout)["rows"]]
    assert [{k: v for k, v in row.items() if k != "elapsed_s"} for row in json.loads(remote.stdout)["rows"]] == strip
    both = CliRunner().invoke(cli, [*args, "-w", "2", "--scheduler", cluster.scheduler_address])
    assert both.exit_code == 2 and "--workers and --scheduler" in both.stderr


def test_a_rules_file_game_plays_on_the_cluster(cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules file travels with the definition (its text, never a pickled module): the cluster's
    workers compile it and play the same games, and a mistake in it is reported as on one machine."""
    from tests.rulesgame import RULES, make_project

    project = make_project(tmp_path / "tens")
    monkeypatch.chdir(project)
    args = ["simulate", "tens", "-k", "24", "--json", "--skill-games", "6"]
    local = CliRunner().invoke(cli, [*args, "-w", "1"])
    remote = CliRunner().invoke(cli, [*args, "--scheduler", cluster.scheduler_address])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.stderr

    def untimed(data: Any) -> Any:
        return {k: v for k, v in data.items() if k not in ("elapsed_s", "findings")}

    assert untimed(json.loads(remote.stdout)) == untimed(json.loads(local.stdout))
    (project / "card_defs" / "rules.py").write_text(RULES.replace("    state.end_turn()", "    state.end_turn()\n"
                                                                  "    if state.turn > 9:\n        raise ValueError('nine')"))
    failed = CliRunner().invoke(cli, ["simulate", "tens", "-k", "8", "--skill-games", "0", "--bot", "random",
                                      "--scheduler", cluster.scheduler_address])
    assert failed.exit_code == 1 and failed.stderr.startswith("card_defs/rules.py:28:9: error: ValueError: nine")
    assert "ValueError: nine" in failed.stderr and "in game 0 of --seed 1" in failed.stderr


def test_a_rules_file_cannot_hang_or_kill_a_run_on_the_cluster(cluster: Any, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """On a Dask worker a call runs in a thread: the call clock's watchdog stops an endless loop there,
    located as on this machine; a rules file that ends its worker's process is a located error naming
    the games that worker was playing, not a hang or a traceback (the last test here: it costs the
    cluster a worker, which its nanny starts again)."""
    from tests.rulesgame import RULES, make_project

    looping = RULES.replace("    me = state.current\n", "    me = state.current\n    while True:\n        pass\n")
    project = make_project(tmp_path / "tens", "MAX_CALL_SECONDS = 0.5\n" + looping)
    monkeypatch.chdir(project)
    args = ["simulate", "tens", "-k", "4", "--skill-games", "0", "--bot", "random", "--scheduler",
            cluster.scheduler_address]
    stopped = CliRunner().invoke(cli, args)
    assert stopped.exit_code == 1 and "error: CallTimeout: the call was still running after 0.5 s" in stopped.stderr
    assert stopped.stderr.startswith("card_defs/rules.py:")
    (project / "card_defs" / "rules.py").write_text(
        RULES.replace("    me = state.current\n", "    me = state.current\n    import os\n    os._exit(3)\n"))
    ended = CliRunner().invoke(cli, args)
    assert ended.exit_code == 1, ended.stderr
    assert ended.stderr.startswith("card_defs/rules.py:1: error: the Dask worker playing game"), ended.stderr
    assert "Traceback" not in ended.stderr

"""Shared fixtures: the shipped project, loaded once per session."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pytest

from generator.games.firecrackers.model import (
    FirecrackersDefinition,
    ScoreworksDefinition,
)
from generator.app.catalog import GAMES
from generator.files.paths import shipped_root
from generator.loader import load_project
from generator.model import Project

if TYPE_CHECKING:
    from tests.browser import Chromium


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long runs (marked ``slow``) are left out of every run whose ``-m`` does not name them:
    ``pytest`` and ``pytest -m "not e2e"`` leave them out, ``pytest -m slow`` runs them."""
    if "slow" in (config.getoption("markexpr") or ""):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


@pytest.fixture(scope="session", autouse=True)
def own_user_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The commands the tests start keep their cache (``generator.files.usercache``) in a folder of
    this session, not in the user's: the tests neither read nor leave anything there."""
    from generator.files.usercache import CACHE_DIR_VARIABLE

    previous = os.environ.get(CACHE_DIR_VARIABLE)
    os.environ[CACHE_DIR_VARIABLE] = str(tmp_path_factory.mktemp("user-cache"))
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(CACHE_DIR_VARIABLE, None)
        else:
            os.environ[CACHE_DIR_VARIABLE] = previous


@pytest.fixture(scope="session")
def shipped_project() -> Project:
    return load_project(shipped_root(), GAMES)


@pytest.fixture(scope="session")
def fc(shipped_project: Project) -> FirecrackersDefinition:
    """The shipped Firecrackers definition."""
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    return game


@pytest.fixture(scope="session")
def sw(shipped_project: Project) -> ScoreworksDefinition:
    """The shipped Scoreworks expansion of Firecrackers."""
    expansion = shipped_project.expansions_of("firecrackers")[0]
    assert isinstance(expansion, ScoreworksDefinition)
    return expansion


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped definitions (card_defs/ and layouts/) in a temporary folder."""
    from generator.app.initproject import init_project

    init_project(tmp_path / "proj")
    return tmp_path / "proj"


@pytest.fixture()
def sigint_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt in this process during the test, as in a terminal: a test
    run started in the background by a shell inherits SIGINT ignored, and Python then installs no
    handler of its own."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture(scope="module")
def browser() -> Iterator["Chromium"]:
    """A headless Chromium for the browser tests of a module (skipped where it does not start)."""
    from tests.browser import BrowserError, Chromium

    try:
        running = Chromium.start()
    except (BrowserError, OSError) as exc:  # pragma: no cover - where the browser will not start
        pytest.skip(f"Chromium does not start here: {exc}")
    yield running
    running.close()

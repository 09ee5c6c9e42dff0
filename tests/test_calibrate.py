"""The designer's daily tools around a build: the duplex test sheet (``cardforge calibrate``), the
hint after a duplex build that leads to it, and shell completion (click's own)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.main import cli


def test_calibrate_writes_the_duplex_test_sheet_and_says_how_to_read_it(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no project here: the shipped papers serve
    result = CliRunner().invoke(cli, ["calibrate", "--paper", "letter", "--duplex", "short"])
    assert result.exit_code == 0, result.output
    pdf = pymupdf.open(tmp_path / "output" / "alignment.pdf")
    assert len(pdf) == 2 and round(pdf[0].rect.width / 72 * 25.4) == 216  # letter: 8.5 in
    assert "Duplex alignment: front" in pdf[0].get_text() and "flipping on the short edge" in pdf[0].get_text()
    assert "Duplex alignment: back" in pdf[1].get_text()
    assert "--back-offset X,Y" in result.output and "short edge" in result.output


def test_calibrate_refuses_an_unknown_paper_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["calibrate", "--paper", "a9"])
    assert result.exit_code == 1 and "a9" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").iterdir())


def test_a_duplex_build_says_how_to_find_the_back_offset(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "hanabi", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0 and "cardforge calibrate --paper a4" in result.output
    offset = CliRunner().invoke(cli, ["build", "hanabi", "--out", str(tmp_path / "out"), "--back-offset", "0.5,0"])
    assert offset.exit_code == 0 and "calibrate" not in offset.output


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o nosort -F"), ("zsh", "#compdef cardforge"),
                                           ("fish", "complete --no-files --command cardforge")])
def test_completion_scripts_install_for_each_shell(shell: str, marker: str) -> None:
    """The README's completion lines work: each shell's script, and a completion it answers."""
    env = {**os.environ, "_CARDFORGE_COMPLETE": f"{shell}_source"}
    script = subprocess.run([sys.executable, "-m", "generator.cli"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert script.returncode == 0 and marker in script.stdout, script.stdout + script.stderr
    env = {**os.environ, "_CARDFORGE_COMPLETE": "bash_complete", "COMP_WORDS": "cardforge cal", "COMP_CWORD": "1"}
    answer = subprocess.run([sys.executable, "-m", "generator.cli"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert "calibrate" in answer.stdout, answer.stdout + answer.stderr

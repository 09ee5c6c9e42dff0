"""The user's cache keeps only what is named by the content it was made from (fonts as layout and
reportlab read them): it can make a run faster, never change what it prints. And nothing replays
an earlier command's output: an edit that keeps a file's size and times, a link pointed at another
folder and a changed game package are all seen by the next ``validate``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.files import usercache
from generator.files.paths import shipped_root


def _cardforge(cwd: Path, cache: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != usercache.NO_CACHE_VARIABLE}
    environment.update({usercache.CACHE_DIR_VARIABLE: str(cache), **env})
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=environment,
                          capture_output=True, text=True)


def _same_size_and_times(path: Path, edit: bytes) -> None:
    """Write ``edit`` (as long as the file) over ``path`` and set its times back as they were."""
    before = path.stat()
    assert len(edit) == before.st_size
    path.write_bytes(edit)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)


def _broken(text: str) -> str:
    """A definition with an unknown field, the same length as ``text``."""
    broken = text.replace("game: hanabi\n", "game: hanabi\nbogus: 1\n", 1)
    return broken[: len(text)] if len(broken) > len(text) else broken


@pytest.mark.e2e
def test_an_edit_that_keeps_size_and_times_is_validated(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    hanabi = project_copy / "card_defs" / "hanabi.yaml"
    for _ in range(2):
        assert _cardforge(project_copy, cache, "validate").returncode == 0
    text = hanabi.read_text()
    edited = text.replace("game: hanabi\n", "game: hanabi\nbogus: 1\n", 1)
    edited = edited[: edited.rindex("\n", 0, len(text) - 1)] + "\n"  # the last lines go: same length below
    _same_size_and_times(hanabi, edited.encode().ljust(len(text.encode()), b"\n"))
    done = _cardforge(project_copy, cache, "validate")
    fresh = _cardforge(project_copy, cache, "validate", CARDFORGE_NO_CACHE="1")
    assert done.returncode == 1 and "bogus" in done.stdout + done.stderr
    assert (done.returncode, done.stdout, done.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)


@pytest.mark.e2e
@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_repointed_link_is_validated(project_copy: Path, tmp_path: Path) -> None:
    """``card_defs/`` a link, then pointed at a copy whose card list is broken; and the same for
    the folder ``--project`` names."""
    cache = tmp_path / "cache"
    good = project_copy / "good-defs"
    (project_copy / "card_defs").rename(good)
    bad = project_copy / "bad-defs"
    shutil.copytree(good, bad)
    hanabi = bad / "hanabi.yaml"
    hanabi.write_text(hanabi.read_text().replace("game: hanabi\n", "game: hanabi\nbogus: 1\n", 1))
    link = project_copy / "card_defs"
    link.symlink_to(good, target_is_directory=True)
    for _ in range(2):
        assert _cardforge(project_copy, cache, "validate").returncode == 0
    link.unlink()
    link.symlink_to(bad, target_is_directory=True)
    done = _cardforge(project_copy, cache, "validate")
    assert done.returncode == 1 and "bogus" in done.stdout

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    named = elsewhere / "project"
    link.unlink()
    link.symlink_to(good, target_is_directory=True)
    named.symlink_to(project_copy, target_is_directory=True)
    for _ in range(2):
        assert _cardforge(elsewhere, cache, "validate", "--project", "project").returncode == 0
    broken = tmp_path / "broken-project"
    shutil.copytree(project_copy, broken, symlinks=False)
    (broken / "card_defs" / "hanabi.yaml").write_text(hanabi.read_text())
    named.unlink()
    named.symlink_to(broken, target_is_directory=True)
    done = _cardforge(elsewhere, cache, "validate", "--project", "project")
    assert done.returncode == 1 and "bogus" in done.stdout


@pytest.mark.e2e
def test_a_changed_game_package_is_seen(tmp_path: Path) -> None:
    """A game package's checks changed between two runs: the second run reports what they find
    now (no result of the first is replayed)."""
    package = tmp_path / "packages"
    shutil.copytree(Path(__file__).parent / "data" / "toygame" / "cardforge_highcard", package / "cardforge_highcard")
    info = package / "cardforge_highcard-0.1.0.dist-info"  # installed, as importlib.metadata sees it
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardforge-highcard\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[cardforge.games]\nhighcard = cardforge_highcard:GAME\n")
    project = package / "cardforge_highcard" / "example"
    env = {"PYTHONPATH": str(package), "PYTHONDONTWRITEBYTECODE": "1"}
    cache = tmp_path / "cache"
    for _ in range(2):
        first = _cardforge(project, cache, "validate", **env)
        assert first.returncode == 0, first.stdout + first.stderr
    checks = package / "cardforge_highcard" / "checks.py"
    text = checks.read_text()
    assert "def " in text
    checks.write_text(text + _ALWAYS_WRONG)
    again = _cardforge(project, cache, "validate", **env)
    assert again.returncode == 1 and "always-wrong" in again.stdout, again.stdout + again.stderr


_ALWAYS_WRONG = '''

@CHECKS.rule("highcard.always-wrong", codes=("always-wrong",), rationale="A test rule that always reports.")
def _always_wrong(report: Reporter, game: GameDefinition) -> None:
    report("always-wrong", game.info.loc, "always-wrong: this rule was added after the first run")
'''


def test_usercache_writes_atomically_and_reads_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(tmp_path))
    monkeypatch.delenv(usercache.NO_CACHE_VARIABLE, raising=False)
    usercache.write("a/b.bin", b"data")
    assert usercache.read("a/b.bin") == b"data"
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["b.bin"]  # no temporary file left
    assert usercache.read("a/missing.bin") is None
    monkeypatch.setenv(usercache.NO_CACHE_VARIABLE, "1")
    assert usercache.read("a/b.bin") is None


@pytest.mark.e2e
def test_a_build_with_fonts_read_back_from_the_cache_is_the_same_pdf(tmp_path: Path) -> None:
    """reportlab's faces and the layout's metrics read back from the cache (generator.render.fontcache,
    generator.files.fontbook) give the very bytes of a build that parsed the fonts, and so does a
    build whose cache entries are corrupt; with no cache, nothing is written there."""
    cache = tmp_path / "cache"
    env = {"SOURCE_DATE_EPOCH": "1735689600"}
    pdfs = []
    for run in ("parsed", "read back", "corrupt", "no cache"):
        if run == "corrupt":
            for entry in (cache / "fonts").iterdir():
                entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
        out = tmp_path / run
        extra = {"CARDFORGE_NO_CACHE": "1", usercache.CACHE_DIR_VARIABLE: str(tmp_path / "unused")} \
            if run == "no cache" else {}
        done = _cardforge(tmp_path, cache, "build", "hanabi", "--out", str(out), **env, **extra)
        assert done.returncode == 0, done.stderr
        pdfs.append((out / "hanabi.pdf").read_bytes())
        kinds = sorted(path.name.split("-")[0] for path in (cache / "fonts").iterdir())
        assert kinds.count("reportlab") == 3 and kinds.count("metrics") == 3, kinds
    assert pdfs[0] == pdfs[1] == pdfs[2] == pdfs[3]
    assert not (tmp_path / "unused").exists()


def _widened(font: bytes) -> bytes:
    """The font with the advance width of its glyph 3 (a space or letter) doubled: the same size."""
    import struct

    tables = {font[12 + 16 * i: 16 + 16 * i]: struct.unpack(">I", font[20 + 16 * i: 24 + 16 * i])[0]
              for i in range(struct.unpack(">H", font[4:6])[0])}
    offset = tables[b"hmtx"] + 4 * 3
    width = struct.unpack(">H", font[offset: offset + 2])[0]
    return font[:offset] + struct.pack(">H", width * 2) + font[offset + 2:]


def test_font_metrics_are_remembered_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The metrics kept in the user cache are found again by the font's bytes: an edit that keeps
    the file's size and times is parsed again, in this process and in the next."""
    from generator.files import fontbook

    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.delenv(usercache.NO_CACHE_VARIABLE, raising=False)
    monkeypatch.setattr(fontbook, "_CACHE", {})  # (this process may have read the font before)
    font = tmp_path / "font.ttf"
    shutil.copyfile(shipped_root() / "fonts" / "DejaVuSans.ttf", font)
    original = fontbook.read_metrics(font)
    assert len(list((tmp_path / "cache" / "fonts").iterdir())) == 1
    monkeypatch.setattr(fontbook, "_CACHE", {})
    parsed: list[object] = []
    real_parse = fontbook.parse_metrics
    monkeypatch.setattr(fontbook, "parse_metrics", lambda *args: parsed.append(args) or real_parse(*args))
    assert fontbook.read_metrics(font) == original and not parsed  # read back from the user cache
    _same_size_and_times(font, _widened(font.read_bytes()))
    edited = fontbook.read_metrics(font)  # the same name, size and times: other bytes, parsed again
    assert len(parsed) == 1 and edited.widths != original.widths
    assert len(list((tmp_path / "cache" / "fonts").iterdir())) == 2
    monkeypatch.setattr(fontbook, "_CACHE", {})
    assert fontbook.read_metrics(font).widths == edited.widths and len(parsed) == 1


def test_reportlabs_faces_are_remembered_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """reportlab's reading of a font, kept in the user cache, is found by the font's bytes: an
    edit that keeps the file's size and times gives reportlab's reading of the new bytes."""
    from generator.render.fontcache import ttf_font

    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.delenv(usercache.NO_CACHE_VARIABLE, raising=False)
    font = tmp_path / "font.ttf"
    shutil.copyfile(shipped_root() / "fonts" / "DejaVuSans.ttf", font)
    first = ttf_font("first", str(font)).face.charWidths
    assert ttf_font("again", str(font)).face.charWidths == first  # (read back)
    _same_size_and_times(font, _widened(font.read_bytes()))
    edited = ttf_font("edited", str(font)).face.charWidths
    assert edited != first
    assert len(list((tmp_path / "cache" / "fonts").iterdir())) == 2


def _fifos(cache: Path) -> None:
    """Every entry of the cache replaced by a FIFO (a read of one would wait for ever)."""
    for entry in (cache / "fonts").iterdir():
        entry.unlink()
        os.mkfifo(entry)


@pytest.mark.e2e
@pytest.mark.parametrize("state", ["a file", "a link to a folder", "not writable", "full", "FIFO entries",
                                   "racing"])
def test_a_cache_that_is_not_what_it_should_be_never_changes_or_stops_a_build(tmp_path: Path, state: str) -> None:
    """The cache folder as a file, a link, a folder that cannot be written or a full disk, entries
    that are FIFOs, two builds filling one cache at once: every build ends and makes the very PDF a
    build without a cache makes, within the time and memory a build takes (``tests/capped.py``)."""
    from .capped import run

    project = tmp_path / "project"
    shutil.copytree(shipped_root() / "card_defs", project / "card_defs")
    shutil.copytree(shipped_root() / "layouts", project / "layouts")
    env = {"SOURCE_DATE_EPOCH": "1735689600"}
    plain = run("build", "hanabi", "--out", "plain", cwd=project, CARDFORGE_NO_CACHE="1", **env)
    assert plain.code == 0, plain.output
    cache = tmp_path / "cache"
    extra: dict[str, str] = {}
    file_bytes = None
    if state == "a file":
        cache.write_text("not a folder")
    elif state == "a link to a folder":
        (tmp_path / "elsewhere").mkdir()
        cache.symlink_to(tmp_path / "elsewhere")
    elif state == "not writable":
        extra = {"CARDFORGE_TEST_DENY_WRITE": str(cache)}
    elif state == "full":
        file_bytes = 120_000  # hanabi.pdf (106 kB) fits; a font's entry (up to 340 kB) does not
    elif state == "FIFO entries":
        assert run("build", "hanabi", "--out", "first", cwd=project, CARDFORGE_CACHE_DIR=str(cache), **env).code == 0
        _fifos(cache)
    outs = ["out", "other"] if state == "racing" else ["out"]
    if state == "racing":
        from .capped import command, environment

        children = [subprocess.Popen(command("build", "hanabi", "--out", out), cwd=project, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env=environment(CARDFORGE_CACHE_DIR=str(cache), **env)) for out in outs]
        for child in children:
            output, _ = child.communicate(timeout=60)
            assert child.returncode == 0, output
    else:
        done = run("build", "hanabi", "--out", "out", cwd=project, file_bytes=file_bytes,
                   CARDFORGE_CACHE_DIR=str(cache), **extra, **env)
        assert done.code == 0 and "Traceback" not in done.output, done.output
    for out in outs:
        assert (project / out / "hanabi.pdf").read_bytes() == (project / "plain" / "hanabi.pdf").read_bytes()
    if state == "a file":
        assert cache.read_text() == "not a folder"
    if cache.is_dir():
        assert not [p for p in cache.rglob("*.tmp")]  # no temporary entry left behind

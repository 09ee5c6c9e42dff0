"""The user's cache: remembered ``cardforge validate`` runs and compiled dataclass methods.

A replayed run prints exactly what the run it remembers printed, with its exit status, and only
while every file it read, every folder it listed and every module it imported is unchanged; a
corrupt entry is a miss; ``CARDFORGE_NO_CACHE=1`` reads and writes nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator import classcode, usercache


def _validate(project: Path, cache: Path, *args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    environment = {key: value for key, value in os.environ.items() if key != usercache.NO_CACHE_VARIABLE}
    environment.update({usercache.CACHE_DIR_VARIABLE: str(cache), **env})
    return subprocess.run([sys.executable, "-m", "generator.cli", "validate", *args], cwd=project, env=environment,
                          capture_output=True)


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / "validate").glob("*.marshal")) if (cache / "validate").is_dir() else []


def _settle() -> None:
    """Wait until the project's files are older than a run that may be remembered."""
    from generator.cli.validatecache import RECENT_SECONDS

    time.sleep(RECENT_SECONDS + 0.1)


def test_a_second_run_replays_the_first_byte_for_byte(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _settle()
    first = _validate(project_copy, cache, "--json")
    assert _entries(cache), first.stderr
    second = _validate(project_copy, cache, "--json")
    assert (second.returncode, second.stdout, second.stderr) == (first.returncode, first.stdout, first.stderr)
    assert len(_entries(cache)) == 1


def test_an_edited_definition_is_validated_again(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _settle()
    first = _validate(project_copy, cache)
    assert first.returncode == 0 and _entries(cache)
    hanabi = project_copy / "card_defs" / "hanabi.yaml"
    hanabi.write_text(hanabi.read_text().replace("game: hanabi", "game: hanabi\nbogus_key: 1", 1))
    edited = _validate(project_copy, cache)
    assert edited.returncode == 1 and b"bogus_key" in edited.stdout + edited.stderr
    fresh = _validate(project_copy, cache, CARDFORGE_NO_CACHE="1")
    assert (edited.returncode, edited.stdout, edited.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)


def test_a_new_file_beside_the_definitions_is_validated_again(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _settle()
    assert _validate(project_copy, cache).returncode == 0
    (project_copy / "card_defs" / "extra.yaml").write_text("game: hanabi\n")
    again = _validate(project_copy, cache)
    assert again.returncode == 1 and b"extra.yaml" in again.stdout + again.stderr


def test_a_corrupt_entry_is_ignored_and_rewritten(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _settle()
    first = _validate(project_copy, cache)
    [entry] = _entries(cache)
    entry.write_bytes(b"\xe3garbage" + bytes(range(256)))
    second = _validate(project_copy, cache)
    assert (second.returncode, second.stdout, second.stderr) == (first.returncode, first.stdout, first.stderr)
    assert entry.read_bytes().startswith(b"\xfb") or entry.stat().st_size > 1000  # a marshalled entry again


def test_no_cache_reads_and_writes_nothing(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _settle()
    done = _validate(project_copy, cache, CARDFORGE_NO_CACHE="1")
    assert done.returncode == 0
    assert not cache.exists()


def test_a_run_right_after_a_save_is_not_remembered(project_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    hanabi = project_copy / "card_defs" / "hanabi.yaml"
    hanabi.write_text(hanabi.read_text())  # saved just now: it may still be changing
    assert _validate(project_copy, cache).returncode == 0
    assert not _entries(cache)


def test_usercache_writes_atomically_and_reads_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(tmp_path))
    monkeypatch.delenv(usercache.NO_CACHE_VARIABLE, raising=False)
    usercache.write("a/b.bin", b"data")
    assert usercache.read("a/b.bin") == b"data"
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["b.bin"]  # no temporary file left
    assert usercache.read("a/missing.bin") is None
    monkeypatch.setenv(usercache.NO_CACHE_VARIABLE, "1")
    assert usercache.read("a/b.bin") is None


def test_remembered_dataclass_methods_are_the_methods_python_makes(tmp_path: Path) -> None:
    """A process with the compiled-method table gives its dataclasses the same behaviour, the
    table is written, read back in the next process, and a corrupt table is ignored."""
    script = (
        "from generator import classcode; classcode.install()\n"
        "import dataclasses\n"
        "@dataclasses.dataclass(frozen=True, order=True)\n"
        "class P:\n"
        "    x: int\n"
        "    y: str = 'a'\n"
        "    z: list = dataclasses.field(default_factory=list)\n"
        "p = P(1)\n"
        "print(repr(p), p == P(1), p < P(2), hash(P(1, 'b', ())) == hash(P(1, 'b', ())))\n"
        "try:\n"
        "    p.x = 2\n"
        "except dataclasses.FrozenInstanceError:\n"
        "    print('frozen')\n"
    )
    env = {**os.environ, usercache.CACHE_DIR_VARIABLE: str(tmp_path)}
    env.pop(usercache.NO_CACHE_VARIABLE, None)
    plain = subprocess.run([sys.executable, "-c", script.replace("classcode.install()", "pass")], env=env,
                           capture_output=True, text=True, check=True).stdout
    table = tmp_path / classcode.CACHE_FILE
    outputs = []
    for corrupt in (False, False, True):
        if corrupt:
            table.write_bytes(table.read_bytes()[:40])
        outputs.append(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                                      check=True).stdout)
        assert table.is_file()
    assert outputs == [plain] * 3
    assert plain.split() == ["P(x=1,", "y='a',", "z=[])", "True", "True", "True", "frozen"]


def test_classcode_compiles_as_exec_does() -> None:
    source = "def __create_fn__(a):\n def f(self):\n  return a\n return f"
    namespace: dict[str, object] = {}
    classcode._exec(source, {}, namespace)
    assert namespace["__create_fn__"](5)(None) == 5  # type: ignore[operator]


def test_a_build_with_fonts_read_back_from_the_cache_is_the_same_pdf(tmp_path: Path) -> None:
    """reportlab's faces and the layout's metrics read back from the cache (generator.render.fontcache,
    generator.fontbook) give the very bytes of a build that parsed the fonts, and so does a build
    whose cache entries are corrupt."""
    cache = tmp_path / "cache"
    env = {key: value for key, value in os.environ.items() if key != usercache.NO_CACHE_VARIABLE}
    env.update({usercache.CACHE_DIR_VARIABLE: str(cache), "SOURCE_DATE_EPOCH": "1735689600"})
    pdfs = []
    for run in ("parsed", "read back", "corrupt"):
        if run == "corrupt":
            for entry in (cache / "fonts").iterdir():
                entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
        out = tmp_path / run
        subprocess.run([sys.executable, "-m", "generator.cli", "build", "hanabi", "--out", str(out)], env=env,
                       check=True, capture_output=True)
        pdfs.append((out / "hanabi.pdf").read_bytes())
        kinds = sorted(path.name.split("-")[0] for path in (cache / "fonts").iterdir())
        assert kinds.count("reportlab") == 3 and kinds.count("metrics") == 3, kinds
    assert pdfs[0] == pdfs[1] == pdfs[2]


def test_a_card_list_that_appears_is_validated_again(tmp_path: Path) -> None:
    """A file looked for and missing (a check that opens nothing) is news when it appears."""
    from generator.initproject import init_project

    project = tmp_path / "orchard"
    init_project(project, example="custom")
    cards = project / "card_defs" / "orchard.csv"
    kept = cards.read_bytes()
    cards.unlink()
    cache = tmp_path / "cache"
    _settle()
    missing = _validate(project, cache)
    assert missing.returncode == 1 and b"does not exist" in missing.stdout and _entries(cache)
    assert _validate(project, cache).stdout == missing.stdout  # replayed
    cards.write_bytes(kept)
    assert _validate(project, cache).returncode == 0


def test_a_picture_that_appears_in_a_folder_nothing_was_read_from_is_news(tmp_path: Path) -> None:
    """With every picture of art/ missing, validate opens nothing there (it only looks for the
    files): the folder's listing, taken from those looks, tells when one comes back."""
    from generator.initproject import init_project

    project = tmp_path / "orchard"
    init_project(project, example="custom")
    art = project / "art"
    kept = {path.name: path.read_bytes() for path in art.iterdir()}
    for path in art.iterdir():
        path.unlink()
    cache = tmp_path / "cache"
    _settle()
    without = _validate(project, cache)
    assert without.returncode == 1 and b"tree.svg" in without.stdout and _entries(cache)
    assert _validate(project, cache).stdout == without.stdout  # replayed
    (art / "tree.svg").write_bytes(kept["tree.svg"])
    again = _validate(project, cache)
    assert again.stdout != without.stdout
    fresh = _validate(project, cache, CARDFORGE_NO_CACHE="1")
    assert (again.returncode, again.stdout) == (fresh.returncode, fresh.stdout)


def test_a_font_whose_metrics_are_remembered_is_still_an_input_of_validate(project_copy: Path, tmp_path: Path) -> None:
    """A project font's metrics come from the user cache without the file being opened; a
    recorded validate still counts the font as read, so damaging the font is news, not a replay."""
    import shutil

    from generator.paths import shipped_root

    (project_copy / "fonts").mkdir()
    font = project_copy / "fonts" / "mine.ttf"
    shutil.copyfile(shipped_root() / "fonts" / "DejaVuSans.ttf", font)
    faces = project_copy / "layouts" / "faces.yaml"
    with faces.open("a", encoding="utf-8") as handle:
        handle.write("fonts:\n  mine: fonts/mine.ttf\n")
    faces.write_text(faces.read_text().replace("field: suit_name, font: sans-bold", "field: suit_name, font: mine", 1))
    cache = tmp_path / "cache"
    _settle()
    assert _validate(project_copy, cache).returncode == 0  # the font parsed, its metrics remembered
    assert list((cache / "fonts").glob("metrics-*"))
    shutil.rmtree(cache / "validate")
    opened = _validate(project_copy, cache, "--json")  # recorded with the metrics read back: the font not opened
    assert opened.returncode == 0 and _entries(cache)
    assert _validate(project_copy, cache, "--json").stdout == opened.stdout  # replayed
    font.write_bytes(font.read_bytes()[:3000])
    damaged = _validate(project_copy, cache, "--json")  # the command line recorded: a replay would say ok
    assert damaged.returncode == 1 and b"truncated or damaged" in damaged.stdout + damaged.stderr


def test_font_metrics_are_remembered_by_the_file_and_its_times(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The metrics kept in the user cache are found again without reading the font, and a font
    written again (new times) is parsed again: another font under the same name gets its own."""
    import shutil

    from generator import fontbook
    from generator.paths import shipped_root

    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.delenv(usercache.NO_CACHE_VARIABLE, raising=False)
    font = tmp_path / "font.ttf"
    shutil.copyfile(shipped_root() / "fonts" / "DejaVuSans.ttf", font)
    time.sleep(usercache.RECENT_SECONDS + 0.1)
    sans = fontbook.read_metrics(font)
    assert len(list((tmp_path / "cache" / "fonts").iterdir())) == 1
    monkeypatch.setattr(fontbook, "_CACHE", {})
    reads: list[object] = []
    monkeypatch.setattr(fontbook, "read_regular", lambda *args: reads.append(args) or b"")
    assert fontbook.read_metrics(font) == sans and not reads  # read back, the font not read
    monkeypatch.undo()
    monkeypatch.setenv(usercache.CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.setattr(fontbook, "_CACHE", {})
    shutil.copyfile(shipped_root() / "fonts" / "DejaVuSerif-Bold.ttf", font)
    serif = fontbook.read_metrics(font)  # changed just now: parsed, and not remembered yet
    assert serif != sans and serif.widths != sans.widths
    time.sleep(usercache.RECENT_SECONDS + 0.1)
    monkeypatch.setattr(fontbook, "_CACHE", {})
    assert fontbook.read_metrics(font) == serif
    assert len(list((tmp_path / "cache" / "fonts").iterdir())) == 2

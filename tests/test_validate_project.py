"""``validate`` runs every check ``build`` runs, on definitions and layouts, all reported at once and
located where to edit; ``build`` and ``simulate`` refuse what ``validate`` refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cli.main import cli


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def findings_of(result: Result) -> list[dict[str, object]]:
    """The findings of ``validate --json`` but notes (the shipped multicolour variant has one)."""
    return [f for f in json.loads(result.output) if f["severity"] != "note"]


def edit(project: Path, file: str, old: str, new: str) -> None:
    path = project / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(project: Path, file: str, needle: str) -> int:
    """The 1-based line of ``file`` holding ``needle``."""
    for number, line in enumerate((project / file).read_text().splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {file}")


UNKNOWN_FONT = ("layouts/faces.yaml", "field: suit_name, font: sans-bold", "field: suit_name, font: fancy")
UNKNOWN_FIELD = ("layouts/faces.yaml", "field: jack_power, font: sans-bold", "field: jack_powers, font: sans-bold")
MISSING_IMAGE = ("layouts/faces.yaml", "        title: {x: 7, y: 12, width: 49.5, height: 9, field: name",
                 "        logo: {x: 1, y: 1, width: 5, height: 5, image: art/logo.png}\n"
                 "        title: {x: 7, y: 12, width: 49.5, height: 9, field: name")
TOO_SMALL = ("layouts/faces.yaml", "effect: {x: 7, y: 52.5, width: 49.5, height: 18.5",
             "effect: {x: 7, y: 52.5, width: 49.5, height: 4.5")
LONG_TEXT = ("card_defs/hanabi.yaml", "name: Blue", "name: Blue of the deepest midnight ocean")


@pytest.mark.parametrize(
    "mistake, rule, where",
    [
        (UNKNOWN_FONT, "loader", ("layouts/faces.yaml", "font: fancy")),
        (UNKNOWN_FIELD, "layout.templates", ("layouts/faces.yaml", "jack_powers")),
        (MISSING_IMAGE, "loader", ("layouts/faces.yaml", "art/logo.png")),
        (TOO_SMALL, "layout.text-fit", ("card_defs/firecrackers.yaml", "effect:")),
        (LONG_TEXT, "layout.text-fit", ("card_defs/hanabi.yaml", "deepest midnight")),
    ],
    ids=["unknown-font", "unknown-field", "missing-image", "region-too-small", "text-too-long"],
)
def test_validate_finds_what_build_finds(project_copy: Path, mistake: tuple[str, str, str], rule: str,
                                         where: tuple[str, str]) -> None:
    edit(project_copy, *mistake)
    checked = run("validate", "--project", str(project_copy), "--json")
    assert checked.exit_code == 1, checked.output
    findings = [f for f in findings_of(checked) if f["rule"] != "layout.words"]  # a changed word is untranslated too
    assert {f["rule"] for f in findings} == {rule}, findings
    file, needle = where
    assert findings[0]["file"].endswith(file) and findings[0]["line"] == line_of(project_copy, file, needle)
    assert len(findings) == 1 or rule == "layout.text-fit"
    built = run("build", "--project", str(project_copy), "--out", str(project_copy / "out"))
    assert built.exit_code == 1 and not (project_copy / "out").exists()
    assert "Traceback" not in built.output


def test_text_that_does_not_fit_names_the_card_and_the_region(project_copy: Path) -> None:
    edit(project_copy, *TOO_SMALL)
    result = run("validate", "firecrackers", "--project", str(project_copy))
    lines = result.output.splitlines()
    error = next(i for i, line in enumerate(lines) if "text-does-not-fit" in line)
    assert "card_defs/firecrackers.yaml:" in lines[error] and "card " in lines[error]
    note = lines[error + 1]
    assert f"layouts/faces.yaml:{line_of(project_copy, 'layouts/faces.yaml', 'effect:')}:" in note
    assert ": note: the region 'effect' is here" in note


def test_every_mistake_at_once(project_copy: Path) -> None:
    for mistake in (UNKNOWN_FIELD, TOO_SMALL, LONG_TEXT):
        edit(project_copy, *mistake)
    edit(project_copy, "card_defs/sequence.yaml", "decks: 2", "decks: 1")
    findings = json.loads(run("validate", "--project", str(project_copy), "--json").output)
    rules = {f["rule"] for f in findings}
    assert {"layout.templates", "layout.text-fit", "sequence.deck"} <= rules


def test_a_card_larger_than_the_sheet(project_copy: Path) -> None:
    (project_copy / "layouts" / "big.yaml").write_text("cards:\n  poster: {width: 300, height: 400}\n")
    edit(project_copy, "card_defs/hanabi.yaml", "card_size: poker", "card_size: poster")
    result = run("validate", "hanabi", "--project", str(project_copy), "--json")
    (finding,) = findings_of(result)
    assert finding["rule"] == "layout.sheet-fit" and finding["file"].endswith("layouts/big.yaml")
    assert finding["notes"] and finding["notes"][0]["file"].endswith("sheets.yaml")


def test_an_unknown_card_size_is_located_at_the_game(project_copy: Path) -> None:
    edit(project_copy, "card_defs/hanabi.yaml", "card_size: poker", "card_size: jumbo")
    result = run("validate", "hanabi", "--project", str(project_copy))
    assert result.exit_code == 1 and "no card template 'jumbo'" in result.output
    assert "card_defs/hanabi.yaml:" in result.output


def test_a_template_no_game_draws_is_a_warning(project_copy: Path) -> None:
    (project_copy / "layouts" / "extra.yaml").write_text(
        "faces:\n  hanabi-back:\n    regions:\n      title: {x: 1, y: 1, width: 10, height: 5, field: name}\n")
    result = run("validate", "--project", str(project_copy), "--json")
    (finding,) = findings_of(result)
    assert finding["code"] == "unused-template" and finding["severity"] == "warning"
    assert finding["file"].endswith("layouts/extra.yaml") and result.exit_code == 0


def test_a_layout_file_alone(project_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project_copy)
    assert run("validate", "layouts/faces.yaml").output.startswith("ok: 5 games checked (layouts/faces.yaml with")
    edit(project_copy, *UNKNOWN_FIELD)
    edit(project_copy, "card_defs/sequence.yaml", "decks: 2", "decks: 1")
    result = run("validate", "layouts/faces.yaml", "--json")
    findings = json.loads(result.output)
    assert result.exit_code == 1 and [f["code"] for f in findings] == ["unknown-field"]


def test_a_broken_layout_file_alone(project_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project_copy)
    edit(project_copy, *UNKNOWN_FONT)
    result = run("validate", "layouts/faces.yaml")
    assert result.exit_code == 1
    assert result.output.startswith(f"layouts/faces.yaml:{line_of(project_copy, 'layouts/faces.yaml', 'fancy')}:")
    assert "unknown font 'fancy'" in result.output


def test_project_fonts_are_checked_where_declared(project_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project_copy)
    (project_copy / "fonts").mkdir()
    (project_copy / "fonts" / "Broken.ttf").write_bytes(b"not a font at all")
    (project_copy / "layouts" / "fonts.yaml").write_text("fonts:\n  title: fonts/Broken.ttf\n  sans: fonts/Broken.ttf\n")
    result = run("validate")
    assert result.exit_code == 1
    assert "layouts/fonts.yaml:2:10: fonts/Broken.ttf: not a TrueType font file" in result.output
    assert "layouts/fonts.yaml:3:3: font 'sans' is a shipped font" in result.output


def test_simulate_refuses_what_build_refuses(project_copy: Path) -> None:
    edit(project_copy, "card_defs/sequence.yaml", "decks: 2", "decks: 1")
    result = run("simulate", "sequence", "-k", "3", "-w", "1", "--project", str(project_copy))
    assert result.exit_code == 1
    assert "[sequence.deck/deck-count]" in result.stderr and "nothing was played" in result.stderr
    assert run("build", "sequence", "--project", str(project_copy), "--out", str(project_copy / "o")).exit_code == 1


def test_a_build_of_one_game_reads_only_what_it_needs(project_copy: Path) -> None:
    """A mistake in another game's definition does not stop a build of this one (validate and a
    build of every game still report it)."""
    edit(project_copy, "card_defs/sequence.yaml", "decks: 2", "decks: two")
    out = project_copy / "out"
    assert run("build", "hanabi", "--project", str(project_copy), "--out", str(out)).exit_code == 0
    assert (out / "hanabi.pdf").exists() and not (out / "sequence.pdf").exists()
    everything = run("build", "--project", str(project_copy), "--out", str(project_copy / "all"))
    assert everything.exit_code == 1 and "sequence.yaml" in everything.output
    assert run("validate", "--project", str(project_copy)).exit_code == 1


def test_a_build_of_a_variant_or_with_an_expansion_finds_its_files(project_copy: Path) -> None:
    out = project_copy / "out"
    assert run("build", "hanabi-multicolor", "--project", str(project_copy), "--out", str(out)).exit_code == 0
    result = run("build", "firecrackers", "--expansion", "scoreworks", "--project", str(project_copy), "--out", str(out))
    assert result.exit_code == 0, result.output

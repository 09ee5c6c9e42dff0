"""Small things a designer met, each with the test that failed before its fix: a card-list column
named name or title, identical backs counted once for a shop, exported PNGs named by card id with
an index, a report written with the permissions of every other output, a region without a box,
--only suggesting the nearest id, and a face template's extends merging regions."""

from __future__ import annotations

import csv
import json
import os
import stat
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.files.atomicio import StagedWrite, write_atomic
from generator.cli.main import cli
from generator.loader.layouts import load_layout_library


def run(*args: str) -> object:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture()
def orchard(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(root), "--example", "custom"]).exit_code == 0
    return root


def test_a_column_named_name_or_title_is_the_cards_own(orchard: Path) -> None:
    """values() put the deck's name and title over the card's columns: every card printed 'Orchard'."""
    cards = orchard / "card_defs" / "orchard.csv"
    rows = list(csv.reader(cards.open(newline="")))
    rows[0] += ["name", "title"]
    for number, row in enumerate(rows[1:], 1):
        row += [f"Tree {number}", f"Grove {number}"]
    with cards.open("w", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows(rows)
    layouts = orchard / "layouts" / "orchard.yaml"
    layouts.write_text(layouts.read_text().replace('text: "{fruit|upper}", font: sans-bold, max_pt: 14',
                                                   'text: "{name} {title}", font: sans-bold, max_pt: 14', 1))
    result = CliRunner().invoke(cli, ["build", "orchard", "--project", str(orchard), "--out", str(orchard / "out")])
    assert result.exit_code == 0, result.output
    text = "".join(page.get_text() for page in pymupdf.open(orchard / "out" / "orchard.pdf"))
    assert "Tree 1 Grove 1" in text and "Tree 2 Grove 2" in text
    assert "ORCHARD" in text  # the backs print {deck.title|upper}: the deck's, not the card's


@pytest.mark.e2e
def test_a_shop_export_counts_identical_backs_once(orchard: Path) -> None:
    """Orchard's two templates have the same back: it was ordered as two faces of 32 and 8."""
    out = orchard / "mpc"
    result = CliRunner().invoke(cli, ["export", "orchard", "--pod", "mpc", "--out", str(out), "--project", str(orchard)])
    assert result.exit_code == 0, result.output
    backs = [row for row in csv.DictReader((out / "quantities.csv").open()) if row["side"] == "back"]
    assert [(row["file"], row["count"]) for row in backs] == [("orchard-back.png", "40")]
    manifest = json.loads((out / "orchard-mpc.json").read_text())
    assert {pair["back"] for pair in manifest["pairs"]} == {"orchard-back.png"}


@pytest.mark.e2e
def test_exported_pngs_are_named_by_card_id_with_an_index(orchard: Path) -> None:
    out = orchard / "png"
    result = CliRunner().invoke(cli, ["export", "orchard", "--png", str(out), "--dpi", "40", "--project", str(orchard)])
    assert result.exit_code == 0, result.output
    assert (out / "apple-1.png").is_file() and (out / "bee.png").is_file() and (out / "back.png").is_file()
    index = list(csv.DictReader((out / "index.csv").open()))
    assert set(index[0]) == {"file", "card", "side", "count"}
    bee = next(row for row in index if row["file"] == "bee.png")
    assert bee["side"] == "front" and bee["count"] == "4" and bee["card"].split() == ["bee", "bee-2", "bee-3", "bee-4"]
    assert sum(int(row["count"]) for row in index if row["side"] == "back") == 40
    assert sorted(p.name for p in out.iterdir()) == sorted([*(row["file"] for row in index), "index.csv"])


def test_a_report_is_written_with_the_permissions_of_every_other_output(tmp_path: Path) -> None:
    """write_atomic (reports, runs) made its file with mkstemp's 0600."""
    previous = os.umask(0o022)
    try:
        write_atomic(tmp_path / "report.html", b"<html></html>")
        StagedWrite([(tmp_path / "deck.pdf", b"%PDF")]).write()
    finally:
        os.umask(previous)
    modes = {stat.S_IMODE((tmp_path / name).stat().st_mode) for name in ("report.html", "deck.pdf")}
    assert modes == {0o644}


def test_a_region_without_a_box_is_the_whole_card(tmp_path: Path) -> None:
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "mine.yaml").write_text(
        "faces:\n  plain:\n    base_width: 63.5\n    base_height: 88.9\n    front:\n      regions:\n"
        "        ground: {shape: rect, fill: \"#102030\"}\n        name: {text: \"{id}\"}\n")
    face = load_layout_library(tmp_path).face("plain")
    assert [(r.x_mm, r.y_mm, r.width_mm, r.height_mm) for r in face.regions] == [(0, 0, 63.5, 88.9)] * 2


def test_only_with_a_wrong_id_suggests_the_nearest(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "hanabi", "--only", "rde-1", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "'rde-1' (did you mean 'red-1'?)" in result.output
    result = CliRunner().invoke(cli, ["build", "firecrackers", "--only", "yelow", "--out", str(tmp_path)])
    assert "'yelow' (did you mean 'yellow'?)" in result.output


def test_extends_merges_regions_instead_of_replacing_the_side(tmp_path: Path) -> None:
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "mine.yaml").write_text(
        "faces:\n"
        "  base:\n    front:\n      regions:\n"
        "        ground: {shape: rect, fill: \"#102030\"}\n"
        "        name: {x: 5, y: 5, width: 50, height: 10, text: \"{id}\"}\n"
        "        rule: {x: 5, y: 50, width: 50, height: 20, text: \"{text}\"}\n"
        "    back:\n      regions:\n        logo: {x: 5, y: 5, width: 50, height: 50, shape: circle, fill: \"#ffffff\"}\n"
        "  gold:\n    extends: base\n    front:\n      regions:\n"
        "        ground: {shape: rect, fill: \"#c9a227\"}\n"
        "        rule: ~\n"
        "        star: {x: 5, y: 70, width: 10, height: 10, shape: circle, fill: \"#ffffff\"}\n")
    library = load_layout_library(tmp_path)
    gold = library.face("gold")
    assert [r.name for r in gold.regions] == ["ground", "name", "star"]
    assert gold.regions[0].shape is not None and gold.regions[0].shape.fill == "#c9a227"
    assert gold.back is not None and [r.name for r in gold.back] == ["logo"]
    assert [r.name for r in library.face("base").regions] == ["ground", "name", "rule"]

"""validate reports every mistake of a project in one run, each at its place: a mistake in a
layout (an unknown font, a missing picture) does not hide the fields and the fit of the cards,
and a wrong card-list cell does not hide the deck's templates and composition. A build's own
warnings (mixed backs, text too small for the printer) are declared under deviations: like any
finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.main import cli


@pytest.fixture()
def orchard(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(root), "--example", "custom"]).exit_code == 0
    return root


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text()
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def validate(project: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli, ["validate", "--project", str(project)])
    return result.exit_code, [line for line in result.output.splitlines() if not line.startswith(" ")]


def test_four_mistakes_in_layouts_and_cards_are_reported_in_one_run(orchard: Path) -> None:
    layouts = orchard / "layouts" / "orchard.yaml"
    font = edit(layouts, "font: serif-bold, max_pt: 30", "font: serif-boldd, max_pt: 30")
    image = edit(layouts, "image: art/tree.svg}", "image: art/treee.svg}")
    field = edit(layouts, 'text: "{fruit|upper}", font: sans-bold, max_pt: 14', 'text: "{fruti|upper}", font: sans-bold, max_pt: 14')
    cards = orchard / "card_defs" / "orchard.csv"
    long = edit(cards, "it counts as one of its cards.", "it counts as one of its cards " + "and then some more words " * 12)
    code, lines = validate(orchard)
    assert code == 1
    assert any(f"orchard.yaml:{font}:" in line and "unknown font 'serif-boldd'" in line for line in lines)
    assert any(f"orchard.yaml:{image}:" in line and "art/treee.svg" in line for line in lines)
    assert any(f"orchard.yaml:{field}:" in line and "[layout.fields/unknown-field]" in line for line in lines)
    assert any(f"orchard.csv:{long}:" in line and "[layout.text-fit/text-does-not-fit]" in line for line in lines)


def test_a_wrong_cell_does_not_hide_the_decks_templates_and_composition(orchard: Path) -> None:
    cards = orchard / "card_defs" / "orchard.csv"
    cell = edit(cards, "apple-3,1,orchard,apple,Apfel,3,", "apple-3,1,orchard,apple,Apfel,x,")
    edit(cards, "apple-4,1,orchard,apple,", "apple-4,1,orchard,aple,")
    edit(orchard / "layouts" / "orchard.yaml", 'text: "{fruit|upper}", font: sans-bold, max_pt: 14',
         'text: "{fruti|upper}", font: sans-bold, max_pt: 14')
    code, lines = validate(orchard)
    assert code == 1
    assert any(f"orchard.csv:{cell}:" in line and "value 'x' of card 'apple-3' is not a whole number" in line
               for line in lines)
    assert any("[layout.fields/unknown-field]" in line for line in lines)  # the template of the deck
    assert any("[custom.composition/count-by]" in line for line in lines)  # 7 apples
    built = CliRunner().invoke(cli, ["build", "--project", str(orchard), "--out", str(orchard / "out")])
    assert built.exit_code == 1 and not (orchard / "out" / "orchard.pdf").exists()  # nothing prints


def test_mixed_backs_and_small_text_are_declared_as_deviations(orchard: Path) -> None:
    layouts = orchard / "layouts" / "orchard.yaml"
    text = layouts.read_text()
    last = text.rindex('fill: "#2f4a22"')
    layouts.write_text(text[:last] + 'fill: "#224a2f"' + text[last + len('fill: "#2f4a22"'):])
    edit(layouts, "max_pt: 30, min_pt: 12", "max_pt: 5, min_pt: 4")
    code, lines = validate(orchard)
    assert code == 0
    assert any("warning:" in line and "[layout.backs/mixed-backs]" in line for line in lines)
    assert any("warning:" in line and "[preflight/text-too-small]" in line for line in lines)
    definition = orchard / "card_defs" / "orchard.yaml"
    definition.write_text(definition.read_text() + "deviations:\n"
                          "  layout.backs/mixed-backs: the action cards are a pile with a back of its own\n"
                          "  preflight/text-too-small: the corner values are a reminder only\n")
    code, lines = validate(orchard)
    assert code == 0
    assert any("note:" in line and "[layout.backs/mixed-backs]" in line for line in lines)
    assert not any("warning:" in line for line in lines), lines
    definition.write_text(definition.read_text() + "  preflight/missing-glyph: we like empty boxes\n")
    code, lines = validate(orchard)
    assert code == 1 and any("[generic.deviations/not-declarable]" in line for line in lines)


def test_a_declared_build_warning_that_no_longer_happens_is_stale(orchard: Path) -> None:
    definition = orchard / "card_defs" / "orchard.yaml"
    line = definition.read_text().count("\n") + 2
    definition.write_text(definition.read_text() + "deviations:\n  layout.backs/mixed-backs: one pile apart\n")
    code, lines = validate(orchard)
    assert code == 0 and any(f"orchard.yaml:{line}:" in l and "[generic.deviations/stale-deviation]" in l for l in lines)

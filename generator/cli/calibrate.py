"""``cardforge calibrate``: the duplex test sheet, to find the ``--back-offset`` a printer needs."""

from __future__ import annotations

from pathlib import Path

import click

from ..app.build import BuildError, load_toolkit
from ..app.catalog import GAMES
from ..files.atomicio import OutputError, write_atomic
from ..files.paths import ProjectNotFound, display_path, find_project, shipped_root
from ..layout.sheets import Duplex, SheetOptions, alignment_document
from ..loader import DefinitionErrors, load_project
from ..render.pdf import render_pdf
from .common import fail, file_option, project_option
from .options import paper_option

DEFAULT_OUT = Path("output") / "alignment.pdf"

HOW_TO_READ = """Print it double-sided at actual size (100 %), flipping on the {edge} edge, on the printer and
paper you will print the cards on. Hold the sheet to the light: on the back, read on the rulers
where each cross of the front falls, right and down positive. Then build with that offset:
  cardforge build GAME --back-offset X,Y"""


@click.command("calibrate")
@paper_option
@click.option("--duplex", type=click.Choice([Duplex.LONG.value, Duplex.SHORT.value]), default=Duplex.LONG.value,
              show_default=True, help="The edge your printer flips the sheet on for double-sided printing.")
@file_option("--out", help=f"Where to write the test sheet (default: {DEFAULT_OUT}).")
@project_option
def calibrate_command(paper: str, duplex: str, out: Path | None, project_dir: Path | None) -> None:
    """Write a duplex test sheet (a PDF of two pages) that shows which --back-offset your printer
    needs so the backs of the cards land behind their fronts.

    Print it double-sided at actual size on the printer you will use, hold it to the light and
    read where the front's crosses fall on the back's rulers: that is X,Y for
    cardforge build GAME --back-offset X,Y. Example: cardforge calibrate --paper letter
    """
    try:
        root = find_project(project_dir)
    except ProjectNotFound:
        root = shipped_root()  # the shipped papers (a4, letter) serve anywhere
    try:
        toolkit = load_toolkit(load_project(root, GAMES, layouts=True))
        sheet = toolkit.layouts.sheet(paper)
    except DefinitionErrors as exc:
        fail(exc.report())
    except (KeyError, BuildError) as exc:
        fail(str(exc.args[0]) if exc.args else str(exc))
    target = Path(out) if out is not None else (Path(root) / DEFAULT_OUT if project_dir is not None else DEFAULT_OUT)
    document = alignment_document(SheetOptions(sheet, Duplex(duplex), measurer=toolkit.fonts))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, render_pdf(document, toolkit.fonts))
    except OutputError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{display_path(target)}: cannot write: {exc.strerror or exc}")
    click.echo(f"{display_path(target)}: the duplex test sheet on {sheet.name} paper.")
    click.echo(HOW_TO_READ.format(edge=duplex))

"""``cardforge build`` (print-and-play PDFs and manifests) and ``cardforge export`` (PNG faces and
Tabletop Simulator deck sheets)."""

from __future__ import annotations

import datetime
import json
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable, NoReturn, TypeVar

import click

from ..app.build import (
    BuildError,
    BuildOptions,
    BuildPlan,
    Toolkit,
    check_build,
    load_toolkit,
    make_kit,
    nearest_id,
    plan_build,
    render_error,
    select,
)
from ..files.atomicio import OutputError, StagedWrite, check_folder
from ..files.fontbook import FontError
from ..layout.kit import Kit
from ..layout.sheets import Duplex
from ..model import GameDefinition, Project
from ..model.limits import MAX_DPI, MAX_SHOWCASE_PX
from ..model.shops import SHOPS as SHOP_KEYS
from . import exit_code
from .common import (
    fail,
    file_option,
    folder_option,
    game_or_usage_error,
    not_empty,
    open_project,
    project_option,
    usage_error,
)
from .options import (
    board_paper_option,
    build_options,
    face_options,
    paper_option,
    sheet_options,
)


only_option = click.option(
    "--only", "only", multiple=True, metavar="ID",
    help="Just these components (a name: ships, tokens, board, box, rules) or cards and tokens (repeat it, or "
         "separate names with commas): a reprint of lost or changed cards, or the part a shop prints. An id "
         "without its copy number takes every copy (red-1 is red-1-1, red-1-2...).")


def _only(only: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(i.strip() for value in only for i in value.split(",") if i.strip())


def _date(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise click.BadParameter("expected a date like 2025-03-01") from None


def _project_and_games(project_dir: Path | None, names: tuple[str, ...]) -> tuple[Project, list[GameDefinition]]:
    project = open_project(project_dir, layouts=True, only=names)
    games = [game_or_usage_error(project, n) for n in names] if names else list(project.games)
    return project, games


def _out_dir(out: Path | None, project_dir: Path | None) -> Path:
    if out is not None:
        return out
    return (project_dir / "output") if project_dir is not None else Path("output")


def _report(exc: BuildError) -> NoReturn:
    for finding in exc.findings:
        if finding.is_error:
            click.echo(finding.format(), err=True)
    fail(str(exc))


@click.command("build")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@folder_option("--out", help="Output folder (default: output/).")
@paper_option
@sheet_options
@board_paper_option
@click.option("--alignment-page", is_flag=True, help="Also write alignment.pdf: a duplex test sheet that shows which --back-offset to use.")
@click.option("--cut-file", type=click.Choice(["svg"]), default=None,
              help="Also write cut files for cutting machines: an SVG of each page's cut paths (cards with their "
                   "corner radius, tokens' circles and hexagons, boxes' outlines, board tiles) with registration "
                   "marks, beside the PDF.")
@click.option("--registration-marks", is_flag=True, help="Print-and-cut registration marks on the pages with pieces to cut.")
@only_option
@click.option("--lang", default=None, metavar="LANG",
              help="Print the game in this of its languages (output/GAME-LANG.pdf, its rules page too), or 'all' of "
                   "them, one file each. Default: the language its files are written in (output/GAME.pdf).")
@click.option("--stamp-date", default=None, callback=_date,
              help="Date of the version stamp on every page, YYYY-MM-DD (default: SOURCE_DATE_EPOCH if set, else the "
                   "day the definition file was last changed).")
@face_options
@project_option
def build_command(games: tuple[str, ...], out: Path | None, only: tuple[str, ...], project_dir: Path | None,
                  **options: Any) -> None:
    """Print-and-play PDFs of GAME (default: every game), each with a JSON manifest beside it.

    One PDF holds every component of a game: each deck's cards, tokens and tiles, boards and mats
    (tiled when larger than the paper), tuck boxes and the rules page, grouped by component.
    Validation comes first: if a definition breaks its game's rules nothing is written. Files are
    written whole or not at all. Print at actual size (100 %), not "fit to page".
    """
    started = time.perf_counter()
    if only and len(games) != 1:
        usage_error("--only names cards of one game: give that GAME too (cardforge build GAME --only ID)")
    project, chosen = _project_and_games(project_dir, games)
    chosen_options = build_options(**options, only=_only(only))
    out_dir = _out_dir(out, project_dir)
    plan = _plan_and_write(lambda progress: plan_build(project, chosen, chosen_options, out_dir, progress=progress),
                           out_dir, "the build was")
    click.echo(f"{'file':<34} {'pages':>5} {'size':>10}")
    for built in plan.files:
        pages = str(built.pages) if built.kind == "pdf" else ""
        click.echo(f"{str(built.path):<34} {pages:>5} {len(built.data) / 1024:>8.1f} KB")
    total = sum(b.pages for b in plan.files)
    click.echo(f"{len(plan.files)} files, {total} pages in {time.perf_counter() - started:.2f} s. "
               "Print at actual size (100 %).")
    if chosen_options.duplex is not Duplex.NONE and not chosen_options.gutterfold and \
            chosen_options.back_offset_mm == (0.0, 0.0):
        click.echo(f"Backs print on the reverse of their fronts ({chosen_options.duplex.value} edge): if they land off, "
                   f"cardforge calibrate --paper {options.get('paper') or 'a4'} prints a test sheet that gives the "
                   "--back-offset to build with.")


_Plan = TypeVar("_Plan", bound=BuildPlan)


def _plan_and_write(make: Callable[[Callable[[str], None]], _Plan], out_dir: Path, written: str) -> _Plan:
    """Check the output folder, render the plan in memory (``make`` gets a progress callback that
    speaks when stderr is a terminal) and write its files all or none. A refusal is reported located; a write
    that fails or Ctrl-C end the command saying whether the new files (``written``: "the build
    was") are in place."""
    show = sys.stderr.isatty()
    plan: _Plan | None = None
    try:
        check_folder(out_dir)
        plan = make(lambda m: click.echo(f"  {m}...", err=True) if show else None)
        plan.write()
    except BuildError as exc:
        _report(exc)
    except OutputError as exc:
        fail(f"{exc}; nothing was written")
    except KeyboardInterrupt as exc:
        if plan is not None and plan.committed:
            fail(f"interrupted after {written} written: {len(plan.files)} files in {out_dir}", exit_code(exc))
        fail(f"interrupted: nothing was written, {out_dir} holds what it held before", exit_code(exc))
    return plan


def _safe_name(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", key)


def _colour(_ctx: click.Context, _param: click.Parameter, value: str) -> str | None:
    """``--background``: ``transparent`` or a colour like ``#f4efe6``."""
    if value.strip().lower() == "transparent":
        return None
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value.strip()):
        raise click.BadParameter("expected 'transparent' or a colour like '#f4efe6'")
    return value.strip().lower()


@click.command("export")
@click.argument("game")
@click.option("--pod", "pod", type=click.Choice(list(SHOP_KEYS)), default=None,
              help="Files for a print-on-demand shop, into --out: each deck as the shop's card product (mpc, the "
                   "MakePlayingCards, and tgc, The Game Crafter: one PNG per face; drivethrucards: a CMYK PDF/X-1a "
                   "deck; pdf: one card a page), every other component as a PDF with bleed, one piece a page.")
@folder_option("--out", help="Output folder for --pod (default: output/GAME-SHOP).")
@folder_option("--png", "png_dir",
               help="Write one PNG per distinct face (every deck's cards and the tokens and tiles) into this folder "
                    "(with --bleed: with bleed).")
@folder_option("--tts", "tts_dir",
               help="Write Tabletop Simulator deck sheets (10 x 7, last slot the hidden back) for every deck, the "
                    "back images, and each kind of token or tile as a custom tile's images.")
@click.option("--dpi", type=click.IntRange(30, MAX_DPI), default=300, show_default=True, help="Resolution of --png images.")
@file_option("--showcase", help="Write a picture for the game's page (PNG): chosen faces as a fanned hand or a grid, "
                                "with a soft shadow.")
@click.option("--cards", "showcase_cards", multiple=True, metavar="ID", callback=not_empty,
              help="--showcase: the faces to show, by card id or component name (repeat it, or separate with "
                   "commas). Default: a sample of each deck (a fan) or of each component (a grid).")
@click.option("--layout", "showcase_layout", type=click.Choice(["fan", "grid"]), default="fan", show_default=True,
              help="--showcase: a fanned hand, or a grid.")
@click.option("--width", "showcase_width", type=click.IntRange(100, MAX_SHOWCASE_PX), default=1600, show_default=True,
              help="--showcase: the picture's width in pixels.")
@click.option("--background", "showcase_background", default="transparent", show_default=True, callback=_colour,
              help="--showcase: 'transparent' or a colour like '#f4efe6'.")
@only_option
@face_options
@project_option
def export_command(game: str, pod: str | None, out: Path | None, png_dir: Path | None, tts_dir: Path | None, dpi: int,
                   showcase: Path | None, showcase_cards: tuple[str, ...], showcase_layout: str, showcase_width: int,
                   showcase_background: str | None, only: tuple[str, ...], project_dir: Path | None,
                   **face: Any) -> None:
    """Images of GAME's faces: PNGs for print shops and web pages, deck sheets for Tabletop
    Simulator, a showcase picture, or a print shop's files.

    With --pod SHOP: files a print-on-demand shop takes, each deck at its card size with its
    bleed and every other component as a PDF with bleed, checked against its limits first
    (cardforge preflight GAME --pod SHOP shows the same findings), with quantities.csv and a
    manifest saying how many of each face to order.
    """
    if png_dir is None and tts_dir is None and pod is None and showcase is None:
        usage_error("say what to export: --pod SHOP, --png DIR, --tts DIR and/or --showcase FILE.png")
    if showcase is None and (showcase_cards or showcase_layout != "fan"):
        usage_error("--cards and --layout choose what --showcase FILE.png shows: give --showcase too")
    project, (definition,) = _project_and_games(project_dir, (game,))
    options = build_options(**face, only=_only(only))
    if pod is not None:
        _export_pod(project, definition, options, pod, out or _out_dir(None, project_dir) / f"{definition.info.id}-{pod}")
        if png_dir is None and tts_dir is None and showcase is None:
            return
    try:
        toolkit = load_toolkit(project)
        checked = check_build(project, [definition], options, toolkit, unused_templates=False)
        if checked.has_errors:
            raise BuildError("the project has errors (listed above); nothing was exported", checked.findings)
        kit = make_kit(project, definition, toolkit, options)
        if options.only:
            kit = select(kit, options.only)
    except BuildError as exc:
        _report(exc)
    staged = StagedWrite([])
    try:
        for folder in (png_dir, tts_dir):
            if folder is not None:
                check_folder(folder)
        files = _export_files(definition.info.id, kit, toolkit, png_dir, tts_dir, dpi, bleed=options.bleed_mm is not None)
        if showcase is not None:
            files.append((showcase, _showcase(kit, toolkit, showcase_cards, showcase_layout, showcase_width,
                                              showcase_background)))
        staged = StagedWrite(files)
        staged.write()
    except BuildError as exc:
        _report(exc)
    except OutputError as exc:
        fail(f"{exc}; nothing was written")
    except KeyboardInterrupt as exc:
        if staged.committed:
            fail(f"interrupted after the {len(staged.files)} files were written", exit_code(exc))
        fail("interrupted: nothing was written", exit_code(exc))
    places = [str(folder) for folder in (png_dir, tts_dir) if folder is not None] + ([str(showcase)] if showcase else [])
    click.echo(f"{len(files)} files written" + (f" ({', '.join(places)})" if places else ""))


def _showcase(kit: Kit, toolkit: Toolkit, names: tuple[str, ...], layout: str, width: int,
              background: str | None) -> bytes:
    """The showcase picture (``render.showcase``); BuildError for names that choose nothing."""
    from ..model.common import Colour
    from ..render.showcase import (
        Arrangement,
        chosen_pieces,
        default_sample,
        showcase_png,
        shown_pieces,
    )

    arrangement = Arrangement(layout)
    wanted = [name.strip() for value in names for name in value.split(",") if name.strip()]
    if wanted:
        pieces, missing = chosen_pieces(kit, wanted)
        if missing:
            ids = [p.id for p in kit.pieces] + [c.name for c in kit.components]
            hints = [f"'{m}'" + (f" (did you mean '{near}'?)" if (near := nearest_id(m, ids)) else "") for m in missing]
            raise BuildError(f"{kit.game_id} has no component or card {', '.join(hints)} (cardforge deck "
                             f"{kit.game_id} lists them)")
    else:
        pieces = default_sample(kit, arrangement)
    if not pieces:
        raise BuildError(f"{kit.game_id} has nothing to show")
    from ..render.artwork import ArtworkError

    try:
        return showcase_png(shown_pieces(kit, pieces), toolkit.fonts, arrangement, width,
                            Colour(background) if background else None)
    except FontError as exc:
        raise BuildError(str(exc)) from None
    except ArtworkError as exc:  # a face too large to draw at this width (the hint of --png's --dpi does not apply)
        reason = str(exc).removesuffix(" (lower --dpi)")
        raise BuildError(f"--showcase --width {width}: {reason}; give a smaller --width, or show smaller pieces") from None


def _export_files(game_id: str, kit: Kit, toolkit: Toolkit, png_dir: Path | None, tts_dir: Path | None,
                  dpi: int, bleed: bool = False) -> list[tuple[Path, bytes]]:
    """Every file ``export`` writes, rendered in memory first (so they are written all or none);
    BuildError for artwork or faces that cannot be rasterised."""
    from ..render.artwork import ArtworkError
    from ..render.podpng import export_png
    from ..sim.workers import map_in_order

    files: list[tuple[Path, bytes]] = []
    try:
        if png_dir is not None:
            faces = png_faces(kit)
            jobs = [(face.scene, toolkit.fonts, dpi, bleed) for face in faces]
            for face, png in zip(faces, map_in_order(export_png, jobs)):  # every core: cairo takes its time
                files.append((png_dir / face.file, png))
            files.append((png_dir / "index.csv", png_index(faces)))
        if tts_dir is not None:
            files += _tts_files(game_id, kit, toolkit, tts_dir)
    except FontError as exc:
        raise BuildError(str(exc)) from None
    except ArtworkError as exc:
        raise render_error(toolkit.layouts, exc) from None
    return files


def png_faces(kit: Kit) -> list[Any]:
    """Each distinct face of the kit's cards and tokens once (faces that look alike are one), its
    file named after the first card that shows it (``sun-1.png``; ``sun-1-back.png``, or
    ``back.png`` when every card has that back), with the cards that show it."""
    from ..app.pod import distinct, unique

    faces = unique(distinct(kit.game_id, (*kit.cards, *kit.tokens), "png"))
    backs = [face for face in faces if face.side == "back"]
    names: set[str] = set()
    for face in faces:
        stem = face.cards[0] if face.side == "front" else ("back" if len(backs) == 1 else f"{face.cards[0]}-back")
        name = f"{_safe_name(stem)}.png"
        while name in names:  # a card id that looks like another's back
            name = f"{name[:-4]}-{face.side}.png"
        names.add(name)
        face.file = name
    return faces


def png_index(faces: list[Any]) -> bytes:
    """``index.csv`` beside exported PNGs: each file, the cards that show it, its side and how
    many cards do (card ids separated by spaces)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "card", "side", "count"])
    for face in faces:
        writer.writerow([face.file, " ".join(face.cards), face.side, len(face.cards)])
    return out.getvalue().encode("utf-8")


def _tts_files(game_id: str, kit: Kit, toolkit: Toolkit, tts_dir: Path) -> list[tuple[Path, bytes]]:
    """Tabletop Simulator's deck sheets, back images and ``GAME-tts.json``: one group of sheets
    per back the cards print with (each sheet names its back, as a ``CustomDeck``'s ``BackURL``);
    the top-level ``back`` is given when every card has the same one."""
    from ..render.png import scene_png
    from ..render.tts import tts_decks

    cards = [(piece.id, piece.front, piece.back) for piece in kit.cards if piece.back is not None]
    if not cards:
        raise BuildError(f"{game_id} has no cards with backs to make a deck of")
    decks = tts_decks(cards, toolkit.fonts)
    files: list[tuple[Path, bytes]] = []
    info: list[dict[str, object]] = []
    backs: list[str] = []
    number = 0
    for n, deck in enumerate(decks, 1):
        back_path = tts_dir / (f"{game_id}-back.png" if len(decks) == 1 else f"{game_id}-back-{n}.png")
        dpi = round(deck.sheets[0].card_px[0] / deck.back.width_mm * 25.4)
        files.append((back_path, scene_png(deck.back, toolkit.fonts, dpi=dpi)))
        backs.append(back_path.name)
        start = 0
        for sheet in deck.sheets:
            number += 1
            path = tts_dir / f"{game_id}-deck-{number}.png"
            files.append((path, sheet.png))
            info.append({"image": path.name, "back": back_path.name, "NumWidth": sheet.cols, "NumHeight": sheet.rows,
                         "cards": sheet.count, "ids": list(deck.ids[start:start + sheet.count]), "BackIsHidden": True,
                         "UniqueBack": False, "card_px": list(sheet.card_px)})
            start += sheet.count
    meta: dict[str, object] = {"back": backs[0]} if len(backs) == 1 else {}
    components = {piece.id: piece.component for piece in kit.cards}
    for entry in info:
        ids = entry["ids"]
        entry["component"] = components.get(ids[0], "") if isinstance(ids, list) and ids else ""
    tokens, token_files = _tts_tokens(game_id, kit, toolkit, tts_dir)
    files += token_files
    meta.update(backs=backs, sheets=info)
    if tokens:
        meta["tokens"] = tokens
    files.append((tts_dir / f"{game_id}-tts.json", (json.dumps(meta, indent=1) + "\n").encode()))
    from ..render.tts import saved_object

    base = tts_dir.resolve().as_uri() + "/"
    found = saved_object(game_id, info, tokens, base)
    files.append((tts_dir / f"{game_id}.json", (json.dumps(found, indent=1, ensure_ascii=False) + "\n").encode()))
    return files


TTS_TILE_TYPES = {"rect": 0, "hex": 1, "hex-pointy": 1, "round": 2}
"""Tabletop Simulator's custom tile types (``CustomTile.Type``): box, hex, circle."""


def _tts_tokens(game_id: str, kit: Kit, toolkit: Toolkit, tts_dir: Path) -> tuple[list[dict[str, object]],
                                                                                 list[tuple[Path, bytes]]]:
    """Each kind of token or tile (the same front and back) as a Tabletop Simulator custom
    tile: its images at 300 dpi, how many, its shape, size and the ids of its pieces."""
    from ..render.png import scene_png

    kinds: dict[tuple[object, object], list[Any]] = {}
    for piece in kit.tokens:
        kinds.setdefault((piece.front.look(), piece.back.look() if piece.back else None), []).append(piece)
    entries: list[dict[str, object]] = []
    files: list[tuple[Path, bytes]] = []
    for pieces in kinds.values():
        first = pieces[0]
        stem = f"{game_id}-token-{_safe_name(first.id)}"
        files.append((tts_dir / f"{stem}.png", scene_png(first.front, toolkit.fonts, dpi=300)))
        entry: dict[str, object] = {"component": first.component, "image": f"{stem}.png", "count": len(pieces),
                                    "ids": [p.id for p in pieces], "shape": first.shape.value,
                                    "Type": TTS_TILE_TYPES[first.shape.value],
                                    "size_mm": [round(first.front.width_mm, 3), round(first.front.height_mm, 3)]}
        if first.back is not None:
            files.append((tts_dir / f"{stem}-back.png", scene_png(first.back, toolkit.fonts, dpi=300)))
            entry["back"] = f"{stem}-back.png"
        entries.append(entry)
    return entries, files


def _export_pod(project: Project, definition: GameDefinition, options: BuildOptions, key: str, out_dir: Path) -> None:
    """``export --pod``: the shop's files, or every finding that stops them (exit 1)."""
    from ..app.pod import plan_pod
    from ..model.shops import shop

    chosen = shop(key)
    plan = _plan_and_write(lambda progress: plan_pod(project, definition, options, chosen, out_dir, progress=progress),
                           out_dir, "the files were")
    for finding in plan.findings:
        click.echo(finding.format(), err=True)
    images = [b for b in plan.files if b.kind in ("png", "pdf")]
    click.echo(f"{len(plan.files)} files for {chosen.title} ({plan.size.describe()}) in {out_dir}: "
               f"{len(images)} {'images' if chosen.kind.value == 'png' else 'PDF'}, quantities.csv and "
               f"{definition.info.id}-{chosen.key}.json (what to order)")


COMMANDS = [build_command, export_command]

"""``cardforge preflight``: what a print shop (``--pod SHOP``) or a home printer would reject in a
game's faces, every problem located on its card and at the template region that drew it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..app.build import BuildError, check_build, load_toolkit
from ..model.shops import SHOPS, shop
from ..validate import Finding, Severity
from .build import _project_and_games
from .common import EXIT_ERROR, fail, project_option
from .options import build_options, face_options, paper_option

RULES = ("preflight", "layout.text-fit", "layout.images", "layout.fields")
"""What a preflight shows: its own findings and the faces that could not be drawn."""


@click.command("preflight")
@click.argument("game")
@click.option("--pod", type=click.Choice(list(SHOPS)), default=None,
              help="Check for a print-on-demand shop (its card size, bleed, safe zone, colour) instead of home printing.")
@paper_option
@face_options
@project_option
def preflight_command(game: str, pod: str | None, project_dir: Path | None, **chosen: Any) -> None:
    """Check GAME's faces as a print shop (--pod SHOP) or a home printer would: every problem, located on its card.

    Text under 6 pt, text or pictures outside the safe zone, pictures under 300 dpi, backgrounds
    that stop short of the bleed edge, fonts that cannot be embedded, and for DriveThruCards the
    finished CMYK PDF itself (RGB colour, total ink, boxes, output intent). build and export run
    the same checks and stop on errors. Exit 1 when there is an error.
    """
    project, (definition,) = _project_and_games(project_dir, (game,))
    options = build_options(**chosen)
    findings: list[Finding]
    try:
        if pod is None:
            target = "home printing"
            checked = check_build(project, [definition], options, load_toolkit(project), unused_templates=False)
            findings = [f for f in checked.findings if f.rule_id in RULES or f.is_error]
        else:
            from ..app.pod import plan_pod

            target = shop(pod).title
            findings = plan_pod(project, definition, options, shop(pod), Path(".")).findings
    except BuildError as exc:
        findings = exc.findings
        if not findings:
            fail(str(exc))
    for finding in sorted(findings):
        click.echo(finding.format())
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    verdict = "ready to print" if not errors else "not ready to print"
    click.echo(f"{definition.info.id} for {target}: {errors} error{'s' * (errors != 1)}, "
               f"{warnings} warning{'s' * (warnings != 1)}: {verdict}")
    if errors:
        raise SystemExit(EXIT_ERROR)


COMMANDS = [preflight_command]

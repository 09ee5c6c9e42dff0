"""The ``cardforge`` command group. Each command lives in a module of this package that is imported
only when the command runs, so ``cardforge --help`` and the light commands start fast."""

from __future__ import annotations

import errno
import importlib
import os

import click

from .. import __version__

COMMANDS: dict[str, tuple[str, str, str]] = {
    "list": ("defs", "list_games", "List the games and variants of the project with their card counts."),
    "validate": ("validate", "validate_command", "Check the project as a build would, every mistake at once (default: every game)."),
    "deck": ("defs", "deck", "Every physical card of GAME that would be printed, in a deterministic order."),
    "board": ("defs", "board", "The board of GAME (Sequence): rows of card codes, XX for the free corners."),
    "build": ("build", "build_command", "Print-and-play PDFs of GAME (default: every game), each with a JSON manifest beside it."),
    "export": ("build", "export_command", "Images of GAME's faces: PNGs for print shops and web pages, deck sheets for Tabletop Simulator, a showcase picture, or a print shop's files."),
    "calibrate": ("calibrate", "calibrate_command", "Write a duplex test sheet (a PDF of two pages) that shows which --back-offset your printer needs so the backs of the cards land behind their fronts."),
    "preflight": ("preflight", "preflight_command", "Check GAME's faces as a print shop (--pod SHOP) or a home printer would: every problem, located on its card."),
    "simulate": ("simulate", "simulate_command", "Play GAME many times with bots and print score, length and win statistics."),
    "sweep": ("sweep", "sweep_command", "Play the same table under each value of a rule option or of the deck and print one summary row per value."),
    "tune": ("tune", "tune_command", "Find the values of rule options or of the deck that meet goals, such as seats that win equally."),
    "compare": ("compare", "compare_command", "Play GAME from two project folders with the same seeds and print each figure of A and B with their difference."),
    "replay": ("simulate", "replay_command", "Replay recorded games of GAME (Hanabi: hanab.live JSON; others: simulate --export traces) and print each game's result."),
    "play": ("play", "play_command", "Play GAME in the browser against bots, with its faces as printed."),
    "preview": ("preview", "preview_command", "Serve a live preview of GAME's faces (default: every game) that redraws them as files are saved."),
    "schema": ("schema", "schema_command", "Print the JSON Schema (draft 2020-12) of the definition files (card_defs/*.yaml) or of the layout files (layouts/*.yaml), for editors that check YAML as you type."),
    "init": ("defs", "init", "Create a new project folder TARGET with a copy of the shipped definitions to customise."),
}
"""Command name -> (module of this package, attribute, the first paragraph of the command's help,
which ``--help`` abbreviates as click does; a test keeps it equal to the command's). Add yours here."""


class LazyGroup(click.Group):
    """A group whose commands are imported when one of them is run (or its own help is asked)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attribute, _ = entry
        command = getattr(importlib.import_module(f"{__package__}.{module}"), attribute)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands with their short help, from the table (importing no command module)."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, click.Command(name, help=text).get_short_help_str(limit)) for name, (_, _, text) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardforge")
@click.option(
    "--traceback",
    is_flag=True,
    help="Show Python tracebacks for errors (for developers of cardforge).",
)
@click.pass_context
def cli(ctx: click.Context, traceback: bool) -> None:
    """Print-and-play PDFs, deck checks and game simulations from YAML card definitions."""
    ctx.ensure_object(dict)
    ctx.obj["traceback"] = traceback


def run(args: list[str]) -> int:
    """Run one command line; the exit status. Click's own handling, except that an interruption
    (KeyboardInterrupt, which click turns into Abort) propagates, for ``generator.cli.main`` to
    report with the signal's exit status; and the last resort for errors of files: any OSError (or
    a file refused by ``saferead`` or ``atomicio``) that no command reported itself is one line
    naming the path, exit 1, as is running out of memory (``--traceback`` shows them as Python
    does)."""
    from ..files.atomicio import OutputError
    from ..files.saferead import ReadError

    try:
        result = cli.main(args, prog_name="cardforge", standalone_mode=False)
    except click.exceptions.Abort as exc:
        if isinstance(exc.__cause__, KeyboardInterrupt):
            raise exc.__cause__ from None
        click.echo("Aborted!", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except (OSError, ReadError, OutputError) as exc:
        if isinstance(exc, OSError) and exc.errno == errno.EPIPE:  # our reader went away (cardforge deck | head)
            return 1
        if "--traceback" in args:
            raise
        _say(file_error(exc))
        return 1
    except MemoryError:
        if "--traceback" in args:
            raise
        _say("cardforge: out of memory: the input asks for more than this machine has; nothing was written")
        return 1
    return result if isinstance(result, int) else 0


def file_error(exc: BaseException) -> str:
    """One line for an error of a file: the path as the user would type it, then what went wrong
    (``card_defs/sky.csv: Permission denied``)."""
    from ..files.paths import display_path

    def shown(name: object) -> str:
        return display_path(os.fsdecode(name)) if isinstance(name, (str, bytes, os.PathLike)) else str(name)

    if isinstance(exc, OSError):
        message = exc.strerror or str(exc)
        if exc.filename is None:
            return f"cardforge: {message}"
        where = shown(exc.filename) + (f" -> {shown(exc.filename2)}" if exc.filename2 is not None else "")
        return f"{where}: {message}"
    path = getattr(exc, "path", None)  # a ReadError; an OutputError names its path itself
    return f"{shown(path)}: {exc}" if path else str(exc)


def _say(line: str) -> None:
    try:
        click.echo(line, err=True)
    except (OSError, ValueError):  # stderr closed: nothing to tell
        pass


def main() -> None:
    """The console script of earlier versions: ``generator.cli.main`` (with its signal handling)."""
    from . import main as entry

    entry()


if __name__ == "__main__":  # pragma: no cover
    main()

"""The ``cardforge`` command group; each command module adds its commands here."""

from __future__ import annotations

import importlib
import sys

import click

from .. import __version__

# Command modules, each exposing COMMANDS (a list of click commands). Add yours here.
_COMMAND_MODULES = ("defs", "validate", "build", "simulate")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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


for _name in _COMMAND_MODULES:
    for _command in importlib.import_module(f"{__package__}.{_name}").COMMANDS:
        cli.add_command(_command)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="cardforge")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""cardforge validate commands."""

COMMANDS: list = []

"""cardforge build commands."""

COMMANDS: list = []

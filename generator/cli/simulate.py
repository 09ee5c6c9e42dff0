"""cardforge simulate commands."""

COMMANDS: list = []

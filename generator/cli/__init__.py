"""Thin click commands: parse options, call one library function, format, map errors to exit codes."""

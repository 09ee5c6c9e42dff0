"""``python -m generator.cli``: the ``cardforge`` command."""

from . import main

main()

"""cardforge: print-and-play PDFs, deck validation and game simulation from YAML card definitions.

The import package is ``generator`` (the PyPI name ``generator`` belongs to another project, so the
distribution and the command are called ``cardforge``).
"""

__version__ = "0.1.0"

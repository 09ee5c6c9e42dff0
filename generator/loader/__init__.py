"""I/O edge: YAML definition files -> model, every mistake reported as ``path:line:col: message``.

The only package that imports yaml. Files are composed into located nodes (never ``safe_load``),
read field by field with every problem collected, then built into frozen model values.
"""

from .errors import DefinitionErrors, Problem
from .folders import definition_files
from .project import definitions_naming, load_file, load_files, load_project

__all__ = ["DefinitionErrors", "Problem", "definition_files", "definitions_naming", "load_file", "load_files", "load_project"]

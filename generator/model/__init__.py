"""Pure data model shared by every game: source locations, rule options, game identity, and the
protocol every game definition satisfies. Each game's own model lives in its folder
(``generator/games/<game>/model.py``).

Nothing here reads files or imports YAML, reportlab or click (see tests/test_architecture.py).
"""

from .common import Colour, Deviation, GameInfo, PlayerCount, Symbol
from .definition import Card, GameDefinition
from .options import OptionError, OptionValue, RuleOption, RuleOptions
from .project import Project
from .source import UNKNOWN_LOC, SourceLoc

__all__ = [
    "UNKNOWN_LOC",
    "Card",
    "Colour",
    "Deviation",
    "GameDefinition",
    "GameInfo",
    "OptionError",
    "OptionValue",
    "PlayerCount",
    "Project",
    "RuleOption",
    "RuleOptions",
    "SourceLoc",
    "Symbol",
]

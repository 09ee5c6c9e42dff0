"""Pure data model: frozen values built from the definition files, each remembering its source.

Nothing here reads files or imports YAML, reportlab or click (see tests/test_architecture.py).
"""

from .common import Colour, GameInfo, GameKind, PlayerCount, Symbol
from .firecrackers import (
    BLACK,
    CardEntry,
    CoreRule,
    FirecrackersAction,
    FirecrackersCard,
    FirecrackersDefinition,
    FirecrackersSetup,
    Pack,
    Points,
    PointsRule,
    PriceRule,
    ScoreworksCard,
    ScoreworksDefinition,
    SetsRule,
    StartingDeckRule,
)
from .hanabi import HanabiCard, HanabiDefinition, HanabiSuit, RankCount
from .options import OptionError, OptionValue, RuleOption, RuleOptions
from .project import GameDefinition, Project
from .sequence import (
    FREE_CELL,
    BoardCell,
    CardRank,
    CardSuit,
    ChipColour,
    JackKind,
    JackRule,
    SequenceBoard,
    SequenceCard,
    SequenceDefinition,
)
from .source import UNKNOWN_LOC, SourceLoc

__all__ = [name for name in dir() if not name.startswith("_")]

"""Sequence rules: two standard decks, the 10x10 board with every non-jack card twice and four
free corners, the jacks, chips and the rulebook's table."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition, OptionValue
from generator.validate.findings import Severity
from generator.validate.registry import Reporter, RulePack
from generator.validate.colours import agrees, reads_as
from generator.validate.rulebook import option_defaults
from generator.validate.rulespage import Claim, Stated, Values, check_rules_page

from .model import FREE_CELL, BoardCell, JackKind, SequenceDefinition

CHECKS = RulePack()
"""The rules this game's definitions are checked against (its GameDescription's ``checks``)."""

# The rulebook's numbers (shared/rules/sequence-rules.pt.txt, Portuguese), each with its sentence;
# the jacks' eyes are those of the standard deck (shared/reference/sequence.md, Components).
STANDARD_SUITS = ("S", "H", "D", "C")
STANDARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RULEBOOK_DECKS = 2
"""Conteúdo: "104 cartas da Sequência" (two standard decks)."""
BOARD_SIZE = 10
RULEBOOK_HAND_SIZES = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
"""Número de cartas por jogador: "2 jogadores - 7 cartas cada", "3 jogadores - 6 cartas cada"..."""
RULEBOOK_TO_WIN = {2: 2, 3: 1}
"""Objectivo do jogo: "DUAS SEQUÊNCIAS" with 2 players or teams, "UMA SEQUÊNCIA" with 3."""
RULEBOOK_CHIPS = 48
"""Conteúdo: "48 fichas azuis, 48 fichas verdes, 48 fichas vermelhas"."""
RULEBOOK_PLAYERS = (2, 3, 4, 6, 8, 9, 10, 12)
"""Conteúdo: "Qualquer número de jogadores de 2 a 12 que seja divisível por 2 ou 3 (2, 3, 4, 6, 8, 9, 10
ou 12). Até 3 pode-se jogar individualmente. Mais de 3 devem formar equipas. Não podem jogar mais de 3
equipas." and "Os jogadores em equipa são divididos uniformemente em duas equipas"."""
RULEBOOK_MAX_TEAMS = 3
"""Conteúdo: "Não podem jogar mais de 3 equipas"; "JOGO PARA 3 JOGADORES OU 3 EQUIPAS"."""
RULEBOOK_OPTIONS: dict[str, OptionValue] = {
    "advanced_one_eyed_jacks": False,
    "dead_card_exchange": True,
    "teams": 0,
    "table_talk_penalty": False,
}
"""The rule options as the rulebook's basic game plays: Os Valetes, "Não podes remover uma ficha que já
seja parte de uma SEQUÊNCIA completa" (the advanced rule is an option); Cartas Mortas, "pode ser
trocada por uma nova carta"; "Até 3 pode-se jogar individualmente. Mais de 3 devem formar equipas"
(0 teams: chosen so); the table-talk penalty is one of the "Regras alternativas"."""
RULEBOOK_GAMES = {"2 players or 2 teams": (2, 4, 6, 8, 10, 12), "3 players or 3 teams": (3, 6, 9, 12)}
"""The rulebook's two games, each a section of its own: "JOGO PARA 2 JOGADORES OU 2 EQUIPAS" and "JOGO
PARA 3 JOGADORES OU 3 EQUIPAS" (a count divisible by 2 plays in two teams, by 3 in three)."""
SUIT_COLOURS = {"S": "black", "H": "red", "D": "red", "C": "black"}
CHIP_COLOURS = ("blue", "green", "red")
"""Conteúdo: "48 fichas azuis, 48 fichas verdes, 48 fichas vermelhas"; the standard deck's hearts and
diamonds are red, spades and clubs black."""
RULEBOOK_JACKS = {"JD": JackKind.TWO_EYED, "JC": JackKind.TWO_EYED, "JH": JackKind.ONE_EYED, "JS": JackKind.ONE_EYED}
"""Os Valetes: "alguns com dois olhos, outros com um olho": in the standard deck the jacks of diamonds
and clubs are two-eyed (wild), those of hearts and spades one-eyed (remove a chip)."""


@CHECKS.rule(
    "sequence.deck",
    codes=("deck-count", "deck-suits", "deck-ranks", "suit-colour"),
    rationale="""
    Sequence is played with two standard 52-card decks (104 cards, no jokers): every board space
    has exactly two cards that can claim it, and the rest of the rules count on that.
    """,
)
def deck(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, SequenceDefinition)
    if game.decks != RULEBOOK_DECKS:
        report("deck-count", game.decks_loc,
               f"{game.decks} deck{'s' if game.decks != 1 else ''} ({len(game.cards())} cards); Sequence needs {RULEBOOK_DECKS} "
               f"standard decks ({RULEBOOK_DECKS * 52} cards)")
    suits = tuple(s.code for s in game.suits)
    if sorted(suits) != sorted(STANDARD_SUITS):
        loc = game.suits[0].loc if game.suits else game.decks_loc
        report("deck-suits", loc, f"suits {' '.join(suits) or '(none)'}; a standard deck has {' '.join(STANDARD_SUITS)}")
    ranks = tuple(r.code for r in game.ranks)
    if sorted(ranks) != sorted(STANDARD_RANKS):
        missing = [r for r in STANDARD_RANKS if r not in ranks]
        extra = [r for r in ranks if r not in STANDARD_RANKS]
        loc = game.ranks[0].loc if game.ranks else game.decks_loc
        detail = "; ".join(
            part for part in (
                f"missing {' '.join(missing)}" if missing else "",
                f"not standard {' '.join(extra)}" if extra else "",
                "a rank twice" if len(set(ranks)) != len(ranks) else "",
            ) if part
        )
        report("deck-ranks", loc, f"ranks {' '.join(ranks)}: {detail} (a standard deck has 2-9 T J Q K A)")
    for suit in game.suits:
        named = SUIT_COLOURS.get(suit.code)
        if named is not None and not agrees(named, suit.colour):
            report("suit-colour", suit.loc, f"{suit.name} are printed {suit.colour.hex}, which reads as "
                                            f"{reads_as(suit.colour)}; a standard deck's {suit.name.lower()} are "
                                            f"{named}", Severity.WARNING)


def _corners(rows: int, columns: int) -> set[tuple[int, int]]:
    return {(0, 0), (0, columns - 1), (rows - 1, 0), (rows - 1, columns - 1)}


@CHECKS.rule(
    "sequence.board",
    codes=("board-shape", "corner-not-free", "free-cell-misplaced", "jack-on-board", "unknown-card",
           "card-extra", "card-missing"),
    rationale="""
    The board has 10 x 10 spaces: the four corners are free for everybody, and every card of a
    standard deck except the jacks appears exactly twice (96 spaces), so each of the two copies
    of a card claims one of its two spaces. Jacks are wild or remove chips and have no space.
    """,
)
def board(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, SequenceDefinition)
    cells = game.board.cells
    rows, columns = len(cells), game.board.columns
    if rows != BOARD_SIZE or any(len(row) != BOARD_SIZE for row in cells):
        widths = sorted({len(row) for row in cells})
        report("board-shape", game.board.loc,
               f"the board has {rows} rows of {'/'.join(map(str, widths)) or 0} spaces; it needs "
               f"{BOARD_SIZE} rows of {BOARD_SIZE}")
    corners = _corners(rows, columns) if rows and columns else set()
    deck_codes = {card.code for card in game.cards()}
    jacks = {j.code for j in game.jacks} | {code for code in deck_codes if code.startswith("J")}
    places: dict[str, list[BoardCell]] = {}
    for row in cells:
        for cell in row:
            if _check_cell(report, cell, corners, deck_codes, jacks):
                places.setdefault(cell.code, []).append(cell)
    for code, spaces in places.items():
        if len(spaces) > 2:
            where = "; ".join(_where(c) for c in spaces)
            for cell in spaces:
                report("card-extra", cell.loc,
                       f"{code} is on the board {len(spaces)} times ({where}); every card is on it exactly twice")
    for code in sorted(code for code in deck_codes if code not in jacks):
        count = len(places.get(code, ()))
        if count < 2:
            report("card-missing", game.board.loc,
                   f"{code} is on the board {_times(count)}; every card but the jacks must be on it exactly twice")


STANDARD_BOARD = (
    "XX 2S 3S 4S 5S 6S 7S 8S 9S XX",
    "6C 5C 4C 3C 2C AH KH QH TH TS",
    "7C AS 2D 3D 4D 5D 6D 7D 9H QS",
    "8C KS 6C 5C 4C 3C 2C 8D 8H KS",
    "9C QS 7C 6H 5H 4H AH 9D 7H AS",
    "TC TS 8C 7H 2H 3H KH TD 6H 2D",
    "QC 9S 9C 8H 9H TH QH QD 5H 3D",
    "KC 8S TC QC KC AC AD KD 4H 4D",
    "AC 7S 6S 5S 4S 3S 2S 2H 3H 5D",
    "XX AD KD QD TD 9D 8D 7D 6D XX",
)
"""The board every printed Sequence board has (shared/reference/sequence.md, "The standard board"):
a clockwise inward spiral from the top-left corner, read twice over. Row 0 at the top."""
SHOWN_SQUARES = 6
"""Squares a difference from the standard board names (then how many more)."""


@CHECKS.rule(
    "sequence.standard-board",
    severity=Severity.WARNING,
    codes=("not-the-standard-board",),
    rationale="""
    Every printed Sequence board has the same spaces in the same places (a spiral, read twice
    over): a board with two squares swapped still has every card twice and free corners, so the
    counts pass, but it is not the game's board. A board of one's own is declared as a deviation.
    """,
)
def standard_board(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, SequenceDefinition)
    cells = game.board.cells
    if len(cells) != BOARD_SIZE or any(len(row) != BOARD_SIZE for row in cells):
        return  # sequence.board says what is wrong with its shape
    codes = Counter(cell.code for row in cells for cell in row)
    corners = [cells[r][c].code for r, c in _corners(BOARD_SIZE, BOARD_SIZE)]
    if corners.count(FREE_CELL) != 4 or codes[FREE_CELL] != 4 or any(n != 2 for code, n in codes.items()
                                                                      if code != FREE_CELL):
        return  # a board that breaks the counts: sequence.board says where, square by square
    differ = [(cell, STANDARD_BOARD[cell.row].split()[cell.column]) for row in cells for cell in row
              if cell.code != STANDARD_BOARD[cell.row].split()[cell.column]]
    if not differ:
        return
    named = "; ".join(f"{_where(cell)} holds {cell.code} (the standard board: {standard})"
                      for cell, standard in differ[:SHOWN_SQUARES])
    more = f"; and {len(differ) - SHOWN_SQUARES} more" if len(differ) > SHOWN_SQUARES else ""
    report("not-the-standard-board", differ[0][0].loc,
           f"the board differs from the standard board at {len(differ)} square{'s' if len(differ) != 1 else ''}: "
           f"{named}{more}")


def _where(cell: BoardCell) -> str:
    return f"row {cell.row + 1}, column {cell.column + 1}"


def _check_cell(
    report: Reporter,
    cell: BoardCell,
    corners: set[tuple[int, int]],
    deck_codes: set[str],
    jacks: set[str],
) -> bool:
    """Check one space; True when it holds a card that counts towards the twice-each rule."""
    where = _where(cell)
    at_corner = (cell.row, cell.column) in corners
    if cell.code == FREE_CELL:
        if not at_corner:
            report("free-cell-misplaced", cell.loc, f"a free space ({FREE_CELL}) at {where}; only the four corners are free")
        return False
    if at_corner:
        report("corner-not-free", cell.loc, f"the corner at {where} holds {cell.code}; corners are free ({FREE_CELL})")
    if cell.code in jacks:
        report("jack-on-board", cell.loc, f"{cell.code} at {where}: jacks have no space on the board")
        return False
    if cell.code not in deck_codes:
        report("unknown-card", cell.loc, f"{cell.code} at {where} is not a card of the deck")
        return False
    return True


def _times(n: int) -> str:
    return {0: "nowhere", 1: "once"}.get(n, f"{n} times")


@CHECKS.rule(
    "sequence.jacks",
    codes=("jack-not-in-deck", "not-a-jack", "jack-kinds", "jack-eyes"),
    rationale="""
    Two jacks of each deck are two-eyed (wild) and two one-eyed (remove a chip): eight jacks in
    all, four of each kind. A jack power on a card that is not in the deck can never be played.
    Which jacks they are is the standard deck's: diamonds and clubs two-eyed, hearts and spades
    one-eyed; other powers print a consistent deck but not the game's (a warning).
    """,
)
def jacks(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, SequenceDefinition)
    deck_codes = {card.code for card in game.cards()}
    for jack in game.jacks:
        if jack.code not in deck_codes:
            report("jack-not-in-deck", jack.loc, f"{jack.code} has a jack power but is not a card of the deck")
        elif not jack.code.startswith("J"):
            report("not-a-jack", jack.loc, f"{jack.code} is given a jack power but is not a jack", Severity.WARNING)
    given = {jack.code: jack for jack in game.jacks}
    for code, kind in RULEBOOK_JACKS.items():
        if code not in deck_codes:
            continue
        power = given.get(code)
        if power is None:
            report("jack-eyes", game.jacks[0].loc if game.jacks else game.info.loc,
                   f"{code} has no jack power; in the standard deck it is {_eyes(kind)}", Severity.WARNING)
        elif power.kind is not kind:
            report("jack-eyes", power.loc, f"{code} is {_eyes(power.kind)} here; in the standard deck it is {_eyes(kind)}",
                   Severity.WARNING)
    kinds = Counter(j.kind for j in game.jacks)
    for kind in JackKind:
        if kinds[kind] != 2:
            loc = game.jacks[0].loc if game.jacks else game.info.loc
            report("jack-kinds", loc,
                   f"{kinds[kind]} {kind.value.replace('_', '-')} jack codes; the rules have 2 "
                   f"({2 * game.decks} cards with {game.decks} decks)")


def _narrowed(report: Reporter, game: SequenceDefinition) -> None:
    """A deck for fewer player counts (or teams) than the rulebook's: a note when what it keeps is
    one of the rulebook's own two games, else a warning."""
    allowed = set(game.info.players)
    left_out = [p for p in RULEBOOK_PLAYERS if p not in allowed]
    if not left_out:
        return
    kept = sorted(allowed & set(RULEBOOK_PLAYERS))
    own = next((name for name, counts in RULEBOOK_GAMES.items() if kept and set(kept) <= set(counts)), None)
    teams = sorted({game.teams_for(p) for p in kept})
    message = (f"the deck leaves out {', '.join(map(str, left_out))} players"
               + (f", so {' or '.join(map(str, teams))} teams at most" if teams else "")
               + f"; the rulebook allows {', '.join(map(str, RULEBOOK_PLAYERS))}")
    if own is not None:
        report("players-narrowed", game.info.players_place, f"{message}: the rulebook's own game for {own}",
               Severity.NOTE)
    else:
        report("players-narrowed", game.info.players_place, message, Severity.WARNING)


def _eyes(kind: JackKind) -> str:
    return "two-eyed (wild)" if kind is JackKind.TWO_EYED else "one-eyed (removes a chip)"


@CHECKS.rule(
    "sequence.table",
    codes=("too-few-chip-colours", "chip-count", "hand-size", "sequences-to-win", "sequence-length",
           "player-count", "option-default", "players-narrowed", "chip-colour", "max-teams"),
    rationale="""
    The rulebook's table: 2 to 12 players in numbers divisible by 2 or 3 (up to three play alone,
    more in two or three teams of equal size), up to three players or teams (one chip colour each,
    48 chips per colour in the box), hands by player count, sequences of five, two sequences to
    win with two teams and one with three. A count that cannot form equal teams is an error. Rule
    options default to the basic game (no advanced rule, dead cards exchanged, teams as the rulebook
    forms them), since the simulator plays the defaults.
    """,
)
def table(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, SequenceDefinition)
    option_defaults(report, "option-default", game, RULEBOOK_OPTIONS)
    _narrowed(report, game)
    if game.max_teams != RULEBOOK_MAX_TEAMS:
        report("max-teams", game.max_teams_loc,
               f"max_teams: {game.max_teams}; the rulebook plays up to {RULEBOOK_MAX_TEAMS} players or teams "
               f"(3, 6, 9 or 12 players form three), never more", Severity.WARNING)
    for chip in game.chips:
        if chip.key.lower() in CHIP_COLOURS and not agrees(chip.key.lower(), chip.colour):
            report("chip-colour", chip.loc, f"the {chip.key} chips are printed {chip.colour.hex}, which reads as "
                                            f"{reads_as(chip.colour)}", Severity.WARNING)
        elif chip.key.lower() not in CHIP_COLOURS:
            report("chip-colour", chip.loc, f"chips '{chip.key}' take the place of one of the box's colours "
                                            f"({', '.join(CHIP_COLOURS)})", Severity.WARNING)
    for players in game.info.players:
        if players in RULEBOOK_PLAYERS:
            continue
        uneven = players > game.max_teams and players % 2 != 0 and players % 3 != 0
        if players < 2 or uneven:
            why = "nobody to play against" if players < 2 else "they cannot form 2 or 3 teams of equal size"
            report("player-count", game.info.players_place,
                   f"{players} player{'s' if players != 1 else ''}: {why}; the rulebook allows "
                   f"{', '.join(map(str, RULEBOOK_PLAYERS))}")
        else:
            report("player-count", game.info.players_place,
                   f"{players} players: the rulebook allows {', '.join(map(str, RULEBOOK_PLAYERS))}", Severity.WARNING)
    teams = max((game.teams_for(p) for p in game.info.players), default=0)
    if len(game.chips) < teams:
        report("too-few-chip-colours", game.chips[0].loc if game.chips else game.info.loc,
               f"{len(game.chips)} chip colours but up to {teams} players or teams")
    for chip in game.chips:
        if chip.count != RULEBOOK_CHIPS:
            report("chip-count", chip.loc, f"{chip.count} {chip.key} chips; the box has {RULEBOOK_CHIPS} of each colour",
                   Severity.WARNING)
    for entry in game.hand_sizes:
        want = RULEBOOK_HAND_SIZES.get(entry.players)
        if want is not None and entry.value != want:
            report("hand-size", entry.loc, f"hands of {entry.value} with {entry.players} players; the rulebook deals {want}",
                   Severity.WARNING)
    declared = {e.players: e for e in game.sequences_to_win}
    for count in sorted({game.teams_for(p) for p in game.info.players}):
        if count not in declared:
            report("sequences-to-win", game.info.loc, f"no number of sequences to win for {count} players or teams")
        elif count in RULEBOOK_TO_WIN and RULEBOOK_TO_WIN[count] != declared[count].value:
            report("sequences-to-win", declared[count].loc,
                   f"{declared[count].value} sequences to win with {count} teams; the rulebook says {RULEBOOK_TO_WIN[count]}",
                   Severity.WARNING)
    if not 2 <= game.sequence_length <= BOARD_SIZE:
        report("sequence-length", game.info.loc,
               f"sequences of {game.sequence_length} cannot be made on a {BOARD_SIZE}x{BOARD_SIZE} board")
    elif game.sequence_length != 5:
        report("sequence-length", game.info.loc, f"sequences of {game.sequence_length}; the rulebook's are 5",
               Severity.WARNING)


RULES_PAGE_STATED = (
    Stated("hands", "hands", {
        "en": (r"\bdeal\w*\s+(?:each\s+player\s+)?(?P<n>NUM)\b(?:\s+cards)?", r"(?P<n>NUM)\s+cards\s+(?:to|for)\s+each\s+player"),
        "de": (r"(?P<n>NUM)\s+Karten\s+(?:an|für)\s+jede", r"\bjede[rmn]?\s+\w+\s+(?:erhält|bekommt)\s+(?P<n>NUM)\s+Karten"),
        "pt": (r"(?P<n>NUM)\s+cartas\s+(?:a|para)\s+cada\s+jogador", r"\bdistribu\w+\s+(?P<n>NUM)\s+cartas"),
    }),
    Stated("to_win", "sequences to win", {
        "en": (r"(?P<k>NUM)\s+(?:players\s+or\s+)?teams\s+(?:need|must\s+make|win\s+with)\s+(?P<n>NUM)\s+sequences?",),
        "de": (r"(?P<k>NUM)\s+(?:Spieler\s+oder\s+)?Teams\s+(?:brauchen|benötigen)\s+(?P<n>NUM)\s+Sequenz(?:en)?",),
        "pt": (r"(?P<k>NUM)\s+(?:jogadores\s+ou\s+)?equipas\s+(?:precisam\s+de|fazem)\s+(?P<n>NUM)\s+sequências?",),
    }),
    Stated("sequence_length", "chips in a sequence", {
        "en": (r"(?P<n>NUM)\s+(?:chips\s+)?in\s+a\s+(?:straight\s+)?(?:line|row)",),
        "de": (r"(?P<n>NUM)\s+(?:Chips|Steine)\s+in\s+einer\s+(?:geraden\s+)?(?:Linie|Reihe)",),
        "pt": (r"(?P<n>NUM)\s+fichas\s+em\s+linha",),
    }),
)
"""What a Sequence rules page states as numbers: the hand, the sequences each table needs, the chips
of a sequence."""
RULES_PAGE_CLAIMS = (
    Claim({
        "en": (r"\bmust\s+(?:\w+\s+)?(?:discard|exchange|replace|swap|trade)",),
        "de": (r"\bmuss\w*\b[^.]*\b(?:abwerfen|ablegen|tauschen|austauschen|ersetzen)\b",),
        "pt": (r"\bdeve\w*\s+(?:\w+\s+)?(?:descartar|trocar|substituir)",),
    }, "a dead card may be exchanged (\"pode ser trocada por uma nova carta\"); nobody must", code="modal",
        within={"en": r"\bdead\b", "de": r"\btote\w*\b", "pt": r"\bmortas?\b"}),
)
"""Sentences a Sequence rules page may get wrong: a dead card may be exchanged, not must."""


@CHECKS.rule(
    "sequence.rules-page",
    codes=("value", "modal"),
    rationale="""
    The rules page is read as a card is: a number it states for a rule value (deal 7 for every
    table, two teams needing one sequence) is compared with the deck's values, and a sentence that
    gives a rule otherwise than the rulebook (a dead card must be discarded) is a warning, in every
    language it prints.
    """,
)
def rules_page(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, SequenceDefinition)
    values: Values = {"hands": {h.players: h.value for h in game.hand_sizes},
                      "to_win": {w.players: w.value for w in game.sequences_to_win},
                      "sequence_length": game.sequence_length}
    check_rules_page(report, game, RULES_PAGE_STATED, RULES_PAGE_CLAIMS, values, ("hands",))

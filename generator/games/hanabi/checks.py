"""Hanabi rules: every suit has the declared rank shape, the rulebook's tokens and hand sizes,
and suits that can be told apart without colour."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition, OptionValue
from generator.validate.findings import Severity
from generator.validate.registry import Reporter, RulePack
from generator.validate.colours import ACCEPTS, agrees, reads_as
from generator.validate.rulebook import option_defaults
from generator.validate.rulespage import Claim, Stated, Values, check_rules_page

from .model import HanabiDefinition

CHECKS = RulePack()
"""The rules this game's definitions are checked against (its GameDescription's ``checks``)."""

# The rulebook's numbers (shared/rules: hanabi-rules-1.pt.txt, the full rulebook, and
# hanabi-rules-2.pt.txt, its summary; both Portuguese), each with the sentence it comes from.
RULEBOOK_RANKS = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
"""Rules 1 and 2, Composição: "Cada cor: três números 1, dois números 2, dois números 3, dois números 4
e apenas um número 5"."""
RULEBOOK_SUITS = 5
"""Rules 1 and 2, Composição: "Baralho de 50 cartas (fireworks cards), 10 de cada cor: azul, verde,
vermelho, branco e amarelo"."""
RULEBOOK_NOTE_TOKENS = 8
RULEBOOK_STORM_TOKENS = 3
"""Rules 1 and 2, Composição: "8 fichas de pistas (note tokens) e 3 fichas de vida (storm tokens)"."""
RULEBOOK_HAND_SIZES = {2: 5, 3: 5, 4: 4, 5: 4}
"""Rules 2, Preparação do jogo: "5 cartas para 2 ou 3 jogadores ou 4 cartas para 4 ou 5 jogadores"."""
RULEBOOK_PLAYERS = (2, 3, 4, 5)
"""Rules 2, Preparação do jogo: "Podem jogar de 2 a 5 jogadores"."""
RULEBOOK_COLOURS = ("blue", "green", "red", "white", "yellow")
"""Rules 1, Composição: "10 de cada uma das 5 cores azul (blue), verde (green), vermelho (red), branco
(white) e amarelo (yellow)"."""
RULEBOOK_OPTIONS: dict[str, OptionValue] = {
    "empty_clues": True,
    "strikeout": "zero",
    "discard_at_max_clues": False,
    "five_returns_clue": True,
    "storm_tokens": "printed",
}
"""The rule options as the rulebook plays: rules 1, Dar uma pista, gives "Não tens cartas 2" as a clue
(a clue may touch no card); Fim do jogo: "A terceira ficha de vida for virada. O jogo termina e a
pontuação é de 0 pontos"; Descartar: "não poderá ser usada, caso estejam disponíveis todas as
pistas"; Jogar: "Caso a carta jogada seja um 5, completando uma cor, ganha-se uma pista, se for
possível"; the storm tokens printed in the file (``storm-tokens`` compares them with the 3 of the box)."""
MAX_SUITS = 6
"""The community replay format (and every published bot) knows at most six suits."""


def _shape(counts: dict[int, int]) -> str:
    return ", ".join(f"{rank} x{count}" for rank, count in sorted(counts.items()))


@CHECKS.rule(
    "hanabi.suit-shape",
    codes=("rank-missing", "rank-count", "rank-extra"),
    rationale="""
    Hanabi's strategy rests on every suit having the same cards (three 1s, one 5...): a suit
    with a card missing or extra changes which cards are safe to discard, for players and bots.
    Each suit is compared with the shape the file declares under `ranks`.
    """,
)
def suit_shape(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, HanabiDefinition)
    expected = {r.rank: r.count for r in game.expected_ranks}
    for suit in game.suits:
        counts = suit.rank_counts()
        locs = {r.rank: (r.loc if r.loc.line else suit.loc) for r in suit.ranks}
        for rank, want in sorted(expected.items()):
            have = counts.get(rank, 0)
            if have == 0:
                report("rank-missing", suit.loc,
                       f"suit '{suit.key}' has no {rank}s; every suit needs {want} (ranks: {_shape(expected)})")
            elif have != want:
                report("rank-count", locs[rank],
                       f"suit '{suit.key}' has {have} cards of rank {rank}; every suit needs {want}")
        for rank in sorted(set(counts) - set(expected)):
            report("rank-extra", locs[rank],
                   f"suit '{suit.key}' has rank {rank}, which the declared ranks ({_shape(expected)}) do not include")


@CHECKS.rule(
    "hanabi.rulebook",
    severity=Severity.WARNING,
    codes=("rank-shape", "note-tokens", "storm-tokens", "hand-size", "suit-count", "player-count", "option-default",
           "players-narrowed", "suit-colour"),
    rationale="""
    The rulebook's box has five suits of three 1s, two 2s, 3s and 4s and one 5, 8 note tokens,
    3 storm tokens, and hands of 5 cards (2-3 players) or 4 (4-5 players), for 2 to 5 players. A
    custom deck may change them on purpose, so this is a warning: it tells the designer their deck
    is no longer the boxed game (a variant of the file with other suits gets a note). One player is
    an error: clues are given to another player. Rule options default to the rulebook's reading
    (empty clues allowed, 0 points on the third storm token, no discard with every note token, a 5
    returns a note token), since the simulator plays the defaults. A deck for fewer player counts
    than the rulebook's, and a suit whose colour is not one of the rulebook's five (or is printed in
    another colour than its name), is another game too.
    """,
)
def rulebook(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, HanabiDefinition)
    option_defaults(report, "option-default", game, RULEBOOK_OPTIONS)
    left_out = [p for p in RULEBOOK_PLAYERS if p not in game.info.players]
    if left_out:
        report("players-narrowed", game.info.players_place,
               f"the deck leaves out {_counts(left_out)} players: the rulebook's game is for "
               f"{min(RULEBOOK_PLAYERS)} to {max(RULEBOOK_PLAYERS)} players")
    _suit_colours(report, game)
    if game.suits and len(game.suits) != RULEBOOK_SUITS:
        variant = game.info.variant_of is not None
        report("suit-count", game.suits[0].loc if len(game.suits) < RULEBOOK_SUITS else game.suits[RULEBOOK_SUITS].loc,
               f"{len(game.suits)} suits; the rulebook's deck has {RULEBOOK_SUITS}"
               + (f" (a variant of {game.info.variant_of})" if variant else ""),
               Severity.NOTE if variant else Severity.WARNING)
    for players in game.info.players:
        if players not in RULEBOOK_PLAYERS:
            alone = players < min(RULEBOOK_PLAYERS)
            report("player-count", game.info.players_place,
                   f"{players} player{'s' if players != 1 else ''}: the rulebook's game is for "
                   f"{min(RULEBOOK_PLAYERS)} to {max(RULEBOOK_PLAYERS)} players"
                   + (" (clues are given to another player)" if alone else ""),
                   Severity.ERROR if alone else Severity.WARNING)
    declared = {r.rank: r.count for r in game.expected_ranks}
    if declared and declared != RULEBOOK_RANKS:
        loc = game.expected_ranks[0].loc
        report("rank-shape", loc,
               f"ranks {_shape(declared)} differ from the rulebook's {_shape(RULEBOOK_RANKS)}")
    if game.note_tokens != RULEBOOK_NOTE_TOKENS:
        report("note-tokens", game.tokens_loc,
               f"{game.note_tokens} note tokens; the rulebook has {RULEBOOK_NOTE_TOKENS}")
    if game.storm_tokens != RULEBOOK_STORM_TOKENS:
        report("storm-tokens", game.tokens_loc,
               f"{game.storm_tokens} storm tokens; the rulebook has {RULEBOOK_STORM_TOKENS}")
    for entry in game.hand_sizes:
        want = RULEBOOK_HAND_SIZES.get(entry.players)
        if want is not None and entry.value != want:
            report("hand-size", entry.loc,
                   f"hands of {entry.value} cards with {entry.players} players; the rulebook deals {want}")


@CHECKS.rule(
    "hanabi.suits",
    codes=("no-suits", "same-symbol", "same-colour", "too-many-suits"),
    rationale="""
    Every suit needs its own symbol as well as its colour, so colour-blind players and greyscale
    prints can tell suits apart; the community replay format knows at most six suits.
    """,
)
def suits(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, HanabiDefinition)
    if not game.suits:
        report("no-suits", game.info.loc, "the game has no suits")
        return
    by_symbol = Counter(s.symbol for s in game.suits)
    by_colour = Counter(s.colour.hex.lower() for s in game.suits)
    seen_symbol: set[object] = set()
    seen_colour: set[str] = set()
    for suit in game.suits:
        if by_symbol[suit.symbol] > 1 and suit.symbol in seen_symbol:
            report("same-symbol", suit.loc,
                   f"suit '{suit.key}' uses the symbol '{suit.symbol.value}' of another suit")
        seen_symbol.add(suit.symbol)
        colour = suit.colour.hex.lower()
        if by_colour[colour] > 1 and colour in seen_colour:
            report("same-colour", suit.loc,
                   f"suit '{suit.key}' uses the colour {suit.colour.hex} of another suit", Severity.WARNING)
        seen_colour.add(colour)
    if len(game.suits) > MAX_SUITS:
        report("too-many-suits", game.suits[MAX_SUITS].loc,
               f"{len(game.suits)} suits; replays and bots support at most {MAX_SUITS}", Severity.WARNING)


def _counts(counts: list[int]) -> str:
    return ", ".join(map(str, counts[:-1])) + f" and {counts[-1]}" if len(counts) > 1 else str(counts[0])


def _suit_colours(report: Reporter, game: HanabiDefinition) -> None:
    """Each suit named after a colour is printed in that colour, and the game's own suits are the
    rulebook's five colours (a variant's added suit is its own)."""
    for suit in game.suits:
        named = next((n for n in (suit.key.lower(), suit.name.lower()) if n in ACCEPTS), None)
        if named is not None and not agrees(named, suit.colour):
            report("suit-colour", suit.loc, f"suit '{suit.key}' is printed {suit.colour.hex}, which reads as "
                                            f"{reads_as(suit.colour)}, not {named}: the rulebook's fireworks are "
                                            f"{', '.join(RULEBOOK_COLOURS)}")
    if game.info.variant_of is not None:
        return
    keys = {suit.key.lower() for suit in game.suits} | {suit.name.lower() for suit in game.suits}
    missing = [c for c in RULEBOOK_COLOURS if c not in keys]
    for suit in game.suits:
        if missing and suit.key.lower() not in RULEBOOK_COLOURS and suit.name.lower() not in RULEBOOK_COLOURS:
            report("suit-colour", suit.loc, f"suit '{suit.key}' takes the place of the rulebook's "
                                            f"{' and '.join(missing)}: its fireworks are {', '.join(RULEBOOK_COLOURS)}")


RULES_PAGE_STATED = (
    Stated("note_tokens", "note tokens", {
        "en": (r"(?P<n>NUM)\s+(?:\w+\s+)?(?:note|clue|information)\s+tokens\b",),
        "de": (r"(?P<n>NUM)\s+(?:\w+\s+)?(?:Hinweis|Info|Informations)(?:plättchen|marken?|steine?)",),
        "pt": (r"(?P<n>NUM)\s+(?:fichas|marcadores)\s+de\s+(?:notas?|pistas?|informação)",),
    }),
    Stated("storm_tokens", "storm tokens", {
        "en": (r"(?P<n>NUM)\s+(?:\w+\s+)?(?:storm|fuse|lightning|thunder)\s+tokens\b",),
        "de": (r"(?P<n>NUM)\s+(?:\w+\s+)?(?:Gewitter|Sturm|Blitz|Lunten)(?:plättchen|marken?|steine?)",),
        "pt": (r"(?P<n>NUM)\s+(?:fichas|marcadores)\s+de\s+(?:vidas?|tempestade|trovão|relâmpago)",),
    }),
    Stated("hands", "hands", {
        "en": (r"\bdeal\w*\s+(?:each\s+player\s+)?(?P<n>NUM)\s+cards", r"(?P<n>NUM)\s+cards\s+(?:to|for)\s+each\s+player"),
        "de": (r"(?P<n>NUM)\s+Karten\s+(?:an|für)\s+jede", r"\bjede[rmn]?\s+\w+\s+(?:erhält|bekommt)\s+(?P<n>NUM)\s+Karten"),
        "pt": (r"(?P<n>NUM)\s+cartas\s+(?:a|para)\s+cada\s+jogador",),
    }),
)
"""What a Hanabi rules page states as numbers: the note and storm tokens, the hand."""
RULES_PAGE_CLAIMS = (
    Claim({
        "en": (r"\bdiscard\w*\b[^.]*\b(?:at any time|any time|whenever you (?:like|want))",),
        "de": (r"\babwerf\w*\b[^.]*\b(?:jederzeit|immer)\b", r"\b(?:jederzeit|immer)\b[^.]*\babwerf\w*"),
        "pt": (r"\bdescart(?:ar|a|am|em)\b[^.]*\b(?:a qualquer momento|em qualquer altura|a qualquer altura|"
               r"sempre que quiser)",),
    }, "a card may be discarded only when a note token is used (\"Não é permitido descartar uma carta se todas "
       "as fichas de nota estiverem do lado da pista\")"),
)
"""Sentences a Hanabi rules page may get wrong: discarding is not allowed with every note token on
its clue side."""


@CHECKS.rule(
    "hanabi.rules-page",
    codes=("value", "claim"),
    rationale="""
    The rules page is read as a card is: a number it states for a rule value (9 note tokens, 5
    cards for every hand) is compared with the deck's values, and a sentence that gives a rule
    otherwise than the rulebook (discard at any time) is a warning, in every language it prints.
    """,
)
def rules_page(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, HanabiDefinition)
    values: Values = {"note_tokens": game.note_tokens, "storm_tokens": game.storm_tokens,
                      "hands": {h.players: h.value for h in game.hand_sizes}}
    check_rules_page(report, game, RULES_PAGE_STATED, RULES_PAGE_CLAIMS, values, ("note_tokens", "storm_tokens", "hands"))

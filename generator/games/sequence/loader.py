"""Build a SequenceDefinition from a composed ``sequence.yaml``."""

from __future__ import annotations

import yaml

from generator.loader.common import (
    HEADER_OPTIONAL,
    HEADER_REQUIRED,
    SYMBOLS,
    make_info,
    read_header,
    read_per_players,
)
from generator.loader.fields import Reader
from generator.model import Colour, Symbol
from generator.model.limits import MAX_BOARD_SIDE, MAX_CARDS, MAX_CHIPS, MAX_DECKS, MAX_PLAYERS

from .model import (
    FREE_CELL,
    KIND,
    BoardCell,
    CardRank,
    CardSuit,
    ChipColour,
    JackKind,
    JackRule,
    SequenceBoard,
    SequenceDefinition,
)

FIELDS_REQUIRED = HEADER_REQUIRED + (
    "deck",
    "jacks",
    "board",
    "chips",
    "hand_size",
    "sequence_length",
    "sequences_to_win",
)
FIELDS_OPTIONAL = HEADER_OPTIONAL + ("max_teams",)
RANK_LABELS = {"T": "10"}


def build_sequence(reader: Reader, root: yaml.Node) -> list[SequenceDefinition]:
    fields = reader.mapping(root, "the Sequence definition", FIELDS_REQUIRED, FIELDS_OPTIONAL)
    if fields is None:
        return []
    before = len(reader.problems)
    header = read_header(reader, fields)
    suits, ranks, decks, decks_loc = _deck(reader, fields.get("deck"))
    codes = {r.code + s.code for r in ranks for s in suits}
    jacks = _jacks(reader, fields.get("jacks"), codes)
    board = _board(reader, fields.get("board"), codes)
    chips = _chips(reader, fields.get("chips"))
    hands = read_per_players(reader, fields["hand_size"], "hand_size") if "hand_size" in fields else ()
    length = reader.integer(fields["sequence_length"], "sequence_length", minimum=2, maximum=MAX_BOARD_SIDE) if "sequence_length" in fields else None
    to_win = read_per_players(reader, fields["sequences_to_win"], "sequences_to_win") if "sequences_to_win" in fields else ()
    max_teams = reader.integer(fields["max_teams"], "max_teams", minimum=2, maximum=MAX_PLAYERS) if "max_teams" in fields else 3
    info = make_info(header, KIND, None, reader.loc(root))
    if len(reader.problems) > before or info is None or board is None or length is None or max_teams is None:
        return []
    return [
        SequenceDefinition(
            info=info,
            suits=suits,
            ranks=ranks,
            decks=decks,
            decks_loc=decks_loc,
            board=board,
            jacks=jacks,
            chips=chips,
            hand_sizes=hands,
            sequence_length=length,
            sequences_to_win=to_win,
            max_teams=max_teams,
            max_teams_loc=reader.loc(fields["max_teams"]) if "max_teams" in fields else info.loc,
        )
    ]


def _deck(reader: Reader, node: yaml.Node | None):  # type: ignore[no-untyped-def]
    suits: list[CardSuit] = []
    ranks: list[CardRank] = []
    decks, decks_loc = 0, reader.loc(node) if node is not None else None
    if node is None:
        return (), (), 0, decks_loc
    fields = reader.mapping(node, "deck", ("decks", "ranks", "suits"))
    if fields is None:
        return (), (), 0, decks_loc
    if "decks" in fields:
        decks = reader.integer(fields["decks"], "deck.decks", minimum=1, maximum=MAX_DECKS, things="decks") or 0
        decks_loc = reader.loc(fields["decks"])
    if "ranks" in fields:
        text = reader.text(fields["ranks"], "deck.ranks")
        if text is not None:
            start = reader.loc(fields["ranks"])
            quoted = getattr(fields["ranks"], "style", None) in ("'", '"')
            offset = 0
            for word in text.split(" "):
                if word:
                    loc = start.shifted(offset + (1 if quoted else 0))
                    if len(word) != 1:
                        reader.error(loc, f"rank '{word}' should be one character (2-9, T for 10, J, Q, K, A)")
                    elif any(r.code == word for r in ranks):
                        reader.error(loc, f"rank '{word}' is listed twice")
                    else:
                        ranks.append(CardRank(word, RANK_LABELS.get(word, word), loc))
                offset += len(word) + 1
    for item in reader.sequence(fields["suits"], "deck.suits") or [] if "suits" in fields else []:
        suit = reader.mapping(item, "a suit", ("code", "name", "colour", "symbol"))
        if suit is None:
            continue
        code = reader.text(suit["code"], "suit code") if "code" in suit else None
        if code is not None and (len(code) != 1 or not code.isupper()):
            reader.error(suit["code"], f"suit code '{code}' should be one capital letter (S, H, D, C)")
            code = None
        if code is not None and any(s.code == code for s in suits):
            reader.error(suit["code"], f"suit '{code}' is listed twice")
            code = None
        name = reader.text(suit["name"], "suit name") if "name" in suit else None
        colour = reader.colour(suit["colour"], "suit colour") if "colour" in suit else None
        symbol = reader.choice(suit["symbol"], "symbol", SYMBOLS) if "symbol" in suit else None
        if None not in (code, name, colour, symbol):
            suits.append(CardSuit(code, name, Colour(colour), Symbol(symbol), reader.loc(item)))  # type: ignore[arg-type]
    if decks * len(ranks) * len(suits) > MAX_CARDS:
        reader.error(node, f"{decks * len(ranks) * len(suits)} cards ({decks} decks of {len(ranks)} ranks in "
                           f"{len(suits)} suits); at most {MAX_CARDS} are supported")
    return tuple(suits), tuple(ranks), decks, decks_loc


def _jacks(reader: Reader, node: yaml.Node | None, codes: set[str]) -> tuple[JackRule, ...]:
    if node is None:
        return ()
    fields = reader.mapping(node, "jacks", ("two_eyed", "one_eyed"))
    if fields is None:
        return ()
    rules: list[JackRule] = []
    for kind in JackKind:
        if kind.value not in fields:
            continue
        for item in reader.sequence(fields[kind.value], f"jacks.{kind.value}") or []:
            code = reader.text(item, "a jack")
            if code is None:
                continue
            if codes and code not in codes:
                reader.error(item, f"'{code}' is not a card of the deck")
            elif any(r.code == code for r in rules):
                reader.error(item, f"jack '{code}' is listed twice")
            else:
                rules.append(JackRule(code, kind, reader.loc(item)))
    return tuple(rules)


def _board(reader: Reader, node: yaml.Node | None, codes: set[str]) -> SequenceBoard | None:
    """Rows as one-line strings of space-separated codes; every cell keeps its own column."""
    if node is None:
        return None
    rows_nodes = reader.sequence(node, "board")
    if rows_nodes is None:
        return None
    if len(rows_nodes) > MAX_BOARD_SIDE:
        reader.error(node, f"{len(rows_nodes)} board rows; at most {MAX_BOARD_SIDE} are supported")
        return None
    rows: list[tuple[BoardCell, ...]] = []
    for r, row_node in enumerate(rows_nodes):
        text = reader.text(row_node, f"board row {r}")
        if text is None:
            continue
        if "\n" in text.strip():
            reader.error(row_node, f"board row {r} should be one line of card codes")
            continue
        if len(text.split()) > MAX_BOARD_SIDE:
            reader.error(row_node, f"{len(text.split())} cells in board row {r}; at most {MAX_BOARD_SIDE} are supported")
            continue
        start = reader.loc(row_node)
        quoted = 1 if getattr(row_node, "style", None) in ("'", '"') else 0
        cells: list[BoardCell] = []
        offset = 0
        for word in text.split(" "):
            if word:
                loc = start.shifted(offset + quoted)
                if word != FREE_CELL and codes and word not in codes:
                    reader.error(loc, f"'{word}' is not a card of the deck (use {FREE_CELL} for a free corner)")
                cells.append(BoardCell(r, len(cells), word, loc))
            offset += len(word) + 1
        rows.append(tuple(cells))
    return SequenceBoard(tuple(rows), reader.loc(node))


def _chips(reader: Reader, node: yaml.Node | None) -> tuple[ChipColour, ...]:
    chips: list[ChipColour] = []
    if node is None:
        return ()
    for key_node, value_node in reader.entries(node, "chips"):
        key = reader.name(key_node, "chip colour name")
        fields = reader.mapping(value_node, f"chips '{key_node.value}'", ("colour", "count"))
        if fields is None or key is None:
            continue
        colour = reader.colour(fields["colour"], "chip colour") if "colour" in fields else None
        count = reader.integer(fields["count"], "chip count", minimum=1, maximum=MAX_CHIPS,
                               things="chips of a colour") if "count" in fields else None
        if colour is not None and count is not None:
            chips.append(ChipColour(key, Colour(colour), count, reader.loc(key_node)))
    return tuple(chips)

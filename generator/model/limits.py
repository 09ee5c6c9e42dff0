"""The largest (and smallest) values cardforge accepts, each with the reason for it, in one place.

Every number a definition, a layout file or the command line gives is checked against these before
any work is done, so no input can make a command run for hours or exhaust memory: the loader
refuses a file's values with a located message (``path:line:col: 1000000 copies of a rank; at most
1000 are supported``), the commands refuse options as usage errors. The limits are far above what
a real game needs (the largest shipped numbers are given for comparison) and far below what would
hurt: a limit may be raised, but each one bounds the work of some loop or the size of some output.
File sizes are limited where files are read (``generator.files.saferead``).
"""

from __future__ import annotations

# -- definitions (card_defs/*.yaml) ----------------------------------------------------------------

MAX_NUMBER_DIGITS = 30
"""Digits of a whole number in any file, refused before it is converted (Python's own limit is 4300
digits, and converting a long number costs quadratic time)."""

MAX_COPIES = 1000
"""Copies of one card (the count of a rank, of a card entry). Hanabi has at most 3 of a rank."""

MAX_CARDS = 2000
"""Cards one definition prints, whole box (every card is laid out, drawn and simulated; 2000 poker
cards are 223 pages). The shipped games have at most 120."""

MAX_RANK = 100
"""A rank or card number (Hanabi ranks, Firecrackers card numbers): shipped games go to 13."""

MAX_TOKENS = 100
"""Tokens of one kind (Hanabi note and storm tokens: 8 and 3); each is printed and counted."""

MAX_PLAYERS = 20
"""Players at one table (Sequence allows 12); engines hold a hand per player."""

MAX_DECKS = 10
"""Standard decks a Sequence deck is made of (the game uses 2)."""

MAX_CHIPS = 500
"""Chips of one colour (Sequence has 48), each one printed as a token."""

MAX_BOARD_SIDE = 30
"""Rows and columns of a board (Sequence: 10 x 10)."""

MAX_COUNT = 1000
"""Any other whole number of things in a definition (hand size, sequence length, sets per player,
coins, points, price steps...); the shipped games stay below 50."""

MAX_OPTION_MAGNITUDE = 1_000_000
"""Numbers of rule options (defaults, min, max, ``--rule`` values) stay within plus or minus this:
an option sets a threshold or a count of a game, never a quantity of memory."""

MAX_FOLDER_FILES = 200
"""Definition files in ``card_defs/``, layout files in ``layouts/``: each is read, composed and
checked by every command (the shipped project has four of each)."""

MAX_FILE_VALUES = 100_000
"""Values (scalars, lists and mappings) one definition or layout file may write, counted before
they are built: the largest shipped file writes about 1 200, a custom deck of 2 000 inline cards
about 40 000. A 2 MB file of ``[1, 1], `` pairs writes a million, and building them took 15 s."""

# -- card lists (CSV and Excel files a custom deck names) -------------------------------------------

MAX_TABLE_ROWS = 20_000
"""Cards (rows under the header) of one card list: ten times as many as a definition may print,
so blank or spare rows never matter."""

MAX_TABLE_COLUMNS = 200
"""Columns (fields) of a card list; every one is a field of every card."""

MAX_TABLE_CELLS = 100_000
"""Cells with a value in one card list (2 000 cards, a definition's most, of 50 fields): each is
read, checked and kept with its place (about 200 bytes), so this bounds the work and memory of a
card list however it is shaped (20 000 rows of 200 columns would be 4 million)."""

MAX_CELL_CHARS = 32_767
"""Characters of one cell, Excel's own limit: a card's longest text is a few hundred."""

MAX_FORMULA_CHARS = 8_192
"""Characters of one formula of a workbook, Excel's own limit."""

# -- layouts (layouts/*.yaml) ------------------------------------------------------------------------

MIN_CARD_MM = 10.0
MAX_CARD_MM = 400.0
"""Card templates and the base size of face templates, in millimetres: a card of 1e-300 mm divides
by almost nothing, one of 1e12 mm asks for pages nobody can print. Tarot cards are 70 x 120."""

MIN_PIECE_MM = 5.0
MAX_PIECE_MM = 1200.0
"""Tokens and tiles given in millimetres are at least 5 mm across; boards and mats at most 1200 mm
a side (A0 is 841 x 1189): a larger one is tiled over hundreds of sheets."""

MAX_COMPONENTS = 50
"""Components of one definition (decks, tokens, boards, mats, boxes): a large box game has a
dozen."""

MIN_SHEET_MM = 50.0
MAX_SHEET_MM = 1500.0
"""Sheets of paper, in millimetres (A0 is 841 x 1189)."""

MAX_SHEET_SPACING_MM = 100.0
"""Margins, gutters, bleeds and crop marks of a sheet template, in millimetres."""

MAX_POLYGON_POINTS = 1_000
"""Corners of a polygon a face region draws (a star has 10, a rounded outline traced by hand a
few dozen): each is checked, placed and drawn on every card that shows it."""

MIN_FONT_PT = 1.0
MAX_FONT_PT = 400.0
"""Text sizes of a face region, in points: the largest shipped size is 120 pt. Fitting text tries
sizes between the two by bisection, so the limit also bounds the fitting work."""

# -- builds (``cardforge build`` and ``export``) -----------------------------------------------------

MAX_BUILD_COPIES = 50
"""``--copies``: copies of each deck in one PDF (50 copies of Firecrackers are 750 pages)."""

MAX_PIECES = 20_000
"""Pieces (cards with their copies, tokens, and a page for each board tile, mat and box) one
game's PDF may place: every one is a placement on a page, and 20 000 poker cards are about 2 300
pages."""

MAX_BLEED_MM = 10.0
"""``--bleed``: bleed around each card, in millimetres (printers ask for 3)."""

MAX_BACK_OFFSET_MM = 10.0
"""``--back-offset``: a printer's duplex misregistration to correct, per axis, in millimetres (the
alignment page's rulers read up to 5); more would move backs off their cards."""

MAX_DPI = 1200
"""``export --dpi``: the resolution of PNG faces."""

MAX_SHOWCASE_PX = 8000
"""``export --showcase --width``: the picture's width in pixels (8000 px wide is a 16-megapixel
picture at a fan's proportions, far beyond any web page)."""

MAX_IMAGE_PIXELS = 25_000_000
"""Pixels of one image, PNG artwork or embedded in an SVG, checked from its header before it is
decoded (100 MB once decoded as RGBA): a full A3 board at 300 dpi has 17 million. A 13000 x 13000
image compresses to a few hundred kilobytes and takes 88 s and 1.7 GB to decode."""

# -- simulations (``cardforge simulate``, ``sweep``, ``replay``) -------------------------------------

MAX_GAMES = 100_000
"""Games of one run (``--games``), or of all the runs of a sweep: every game's record is kept in
memory for the statistics (2 KB for Hanabi, 4 KB for Firecrackers: 400 MB at this limit), and the
standard error of a mean over 100 000 games is already a third of a percent of its spread."""

MAX_WORKERS = 64
"""Worker processes (``--workers``): more processes than cores only add start-up cost."""

MAX_SWEEP_RUNS = 200
"""Values (or combinations of values) one sweep plays, each a whole run."""

MAX_SEED = 2**63 - 1
"""``--seed`` is a whole number of at most 63 bits, either sign (the seeds of games are 63 bits)."""


def within(value: float, low: float, high: float) -> bool:
    """Whether ``value`` is a finite number from ``low`` to ``high`` (NaN is never within)."""
    return low <= value <= high

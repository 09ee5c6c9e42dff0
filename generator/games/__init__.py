"""The games shipped with cardforge, one folder each: model, loader, checks (validation rules),
faces, and the simulator under ``sim/``; each folder's ``__init__`` holds its GameDescription.

``BUILTIN`` is the one place a shipped game is registered (kind -> ``module:attribute`` of its
description); games from other packages register through the ``cardforge.games`` entry points
(``generator.app.catalog`` finds both). ``api.py`` is the game API every game fills in. Nothing
outside this package imports a game's modules.
"""

BUILTIN: dict[str, str] = {
    "hanabi": "generator.games.hanabi:GAME",
    "sequence": "generator.games.sequence:GAME",
    "firecrackers": "generator.games.firecrackers:GAME",
    "scoreworks": "generator.games.firecrackers:SCOREWORKS",
    "custom": "generator.games.custom:GAME",
}

"""cardforge's own words printed on a kit (page footers, fold and glue notes, a tiled board's tile
headers and assembly map, the rules page's heading), in each language a deck prints in: a catalogue per language, English the one every other falls back to, key by key.

A deck's own words (its cards, its templates, its rules page) are the designer's and come from
its translations; these are the words cardforge adds around them, so a German kit has no English
word of ours left on it.
"""

from __future__ import annotations

from typing import Mapping

CATALOGUES: dict[str, dict[str, str]] = {
    "en": {
        "fronts": "{what}: fronts {number}/{count}",
        "backs": "{what}: backs {number}/{count}",
        "fold-and-glue": "{what}: fold-and-glue {number}/{count}",
        "fold-here": "fold here, glue, then cut",
        "cards": "cards",
        "tokens": "tokens",
        "cards-and-tokens": "cards and tokens",
        "glue": "glue",
        "rules-summary": "{title}: rules summary",
        "continued": "(continued)",
        "tile": "{what} tile {name}",
        "tile-heading": "{what}: tile {name} (row {row}, column {column}) of {total}",
        "tile-how-1": "Cut on the crop marks. Tiles overlap by {overlap} mm: glue the hatched strips and lay",
        "tile-how-2": "the tile named beside each strip over it, its cut edge on the dashed line. "
                      "The map page shows the order.",
        "glue-right": "glue: {name} covers this strip, its left edge on the dashed line",
        "glue-below": "glue: {name} covers this strip, its top edge on the dashed line",
        "assembly-map": "{what}: assembly map",
        "assembly-map-label": "{what} assembly map",
        "assembly-1": "Each tile is named by its row (A, B...) and column (1, 2...): tile A1 is the top left one. "
                      "Tiles overlap by {overlap} mm.",
        "assembly-2": "1. Cut every tile on its crop marks.",
        "assembly-3": "2. Lay A1 face up. Glue its hatched strips.",
        "assembly-4": "3. Lay A2 over A1's right strip, its left edge on the dashed line, the pictures matching; "
                      "glue A2's strips; go on along row A.",
        "assembly-5": "4. Lay row B over row A's lower strips the same way, B1 first, and so on down the rows. "
                      "Press flat, or tape from behind.",
        "range": "{low} to {high}",
        "or": "{listed} or {last}",
        "hand-cards": "{players} players: {cards} cards",
        "hand-each": "{players} players: {cards} each",
    },
    "de": {
        "fronts": "{what}: Vorderseiten {number}/{count}",
        "backs": "{what}: Rückseiten {number}/{count}",
        "fold-and-glue": "{what}: falten und kleben {number}/{count}",
        "fold-here": "hier falten, kleben, dann schneiden",
        "cards": "Karten",
        "tokens": "Marker",
        "cards-and-tokens": "Karten und Marker",
        "glue": "Kleber",
        "rules-summary": "{title}: Kurzregeln",
        "continued": "(Fortsetzung)",
        "tile": "{what} Teil {name}",
        "tile-heading": "{what}: Teil {name} (Reihe {row}, Spalte {column}) von {total}",
        "tile-how-1": "An den Marken schneiden. Die Teile überlappen {overlap} mm: Schraffuren kleben und",
        "tile-how-2": "das am Streifen genannte Teil darüberlegen, Kante auf der Strichlinie. Die Übersicht "
                      "zeigt die Folge.",
        "glue-right": "Kleber: {name} deckt diesen Streifen, linke Kante auf der Strichlinie",
        "glue-below": "Kleber: {name} deckt diesen Streifen, obere Kante auf der Strichlinie",
        "assembly-map": "{what}: Übersicht",
        "assembly-map-label": "{what} Übersicht",
        "assembly-1": "Jedes Teil ist nach Reihe (A, B...) und Spalte (1, 2...) benannt: A1 ist oben links. "
                      "Die Teile überlappen um {overlap} mm.",
        "assembly-2": "1. Jedes Teil an seinen Schnittmarken ausschneiden.",
        "assembly-3": "2. A1 mit der Bildseite nach oben hinlegen. Seine schraffierten Streifen bekleben.",
        "assembly-4": "3. A2 auf den rechten Streifen von A1 legen, Kante auf der Strichlinie, Bilder passend; "
                      "kleben; so Reihe A entlang.",
        "assembly-5": "4. Reihe B ebenso auf die unteren Streifen von Reihe A, B1 zuerst, und so fort. Flach "
                      "pressen oder hinten kleben.",
        "range": "{low} bis {high}",
        "or": "{listed} oder {last}",
        "hand-cards": "{players} Spieler: {cards} Karten",
        "hand-each": "{players} Spieler: je {cards}",
    },
    "pt": {
        "fronts": "{what}: frentes {number}/{count}",
        "backs": "{what}: versos {number}/{count}",
        "fold-and-glue": "{what}: dobrar e colar {number}/{count}",
        "fold-here": "dobre aqui, cole e depois corte",
        "cards": "cartas",
        "tokens": "fichas",
        "cards-and-tokens": "cartas e fichas",
        "glue": "cola",
        "rules-summary": "{title}: resumo das regras",
        "continued": "(continuação)",
        "tile": "{what} peça {name}",
        "tile-heading": "{what}: peça {name} (linha {row}, coluna {column}) de {total}",
        "tile-how-1": "Corte pelas marcas. As peças sobrepõem-se {overlap} mm: cole as faixas tracejadas e",
        "tile-how-2": "ponha por cima a peça indicada em cada faixa, aresta na linha tracejada. O mapa mostra a ordem.",
        "glue-right": "cola: {name} tapa esta faixa, aresta esquerda no tracejado",
        "glue-below": "cola: {name} tapa esta faixa, aresta de cima no tracejado",
        "assembly-map": "{what}: mapa de montagem",
        "assembly-map-label": "{what} mapa de montagem",
        "assembly-1": "Cada peça tem o nome da linha (A, B...) e da coluna (1, 2...): A1 é a de cima à esquerda. "
                      "Sobreposição: {overlap} mm.",
        "assembly-2": "1. Corte cada peça pelas suas marcas de corte.",
        "assembly-3": "2. Ponha A1 virada para cima. Cole as suas faixas tracejadas.",
        "assembly-4": "3. Ponha A2 sobre a faixa direita de A1, aresta no tracejado, imagens a condizer; cole as "
                      "faixas de A2; siga pela linha A.",
        "assembly-5": "4. Ponha a linha B sobre as faixas de baixo da linha A, B1 primeiro, e assim por diante. "
                      "Prense, ou cole fita por trás.",
        "range": "{low} a {high}",
        "or": "{listed} ou {last}",
        "hand-cards": "{players} jogadores: {cards} cartas",
        "hand-each": "{players} jogadores: {cards} cada",
    },
}
"""Every message by key, in each language cardforge prints (``{name}`` is filled by ``message``)."""


def catalogue(language: str) -> Mapping[str, str]:
    """The catalogue of ``language`` (``pt-BR`` reads ``pt``'s), English where there is none."""
    base = language.split("-")[0].lower() if language else "en"
    return CATALOGUES.get(language, CATALOGUES.get(base, CATALOGUES["en"]))


def message(key: str, language: str = "", **values: object) -> str:
    """The message ``key`` in ``language`` (English where its catalogue lacks it), filled with
    ``values``."""
    text = catalogue(language).get(key) or CATALOGUES["en"][key]
    return text.format(**values)

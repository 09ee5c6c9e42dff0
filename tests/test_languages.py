"""One deck, several languages: a card list with a column per language or a table per language,
the rules page translated, build --lang writing GAME-LANG.pdf, missing translations warned of at
their cell, and every language validated."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.main import cli


@pytest.fixture()
def orchard(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(root), "--example", "custom"]).exit_code == 0
    return root


def run(project: Path, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, [*args, "--project", str(project)])


def text_of(pdf: Path) -> str:
    return "\n".join(page.get_text() for page in pymupdf.open(pdf))


@pytest.mark.e2e
def test_the_example_builds_in_each_of_its_languages(orchard: Path) -> None:
    out = orchard / "out"
    built = run(orchard, "build", "orchard", "--lang", "all", "--out", str(out))
    assert built.exit_code == 0, built.output
    english, german = text_of(out / "orchard-en.pdf"), text_of(out / "orchard-de.pdf")
    assert "APPLE" in english and "ORCHARD" in english and "Orchard: rules summary" in english
    assert "APFEL" in german and "OBSTGARTEN" in german and "Obstgarten: Spielregeln" in german
    assert "2 bis 4 Spieler" in german and "APPLE" not in german
    assert not (out / "orchard.pdf").exists()
    only = run(orchard, "build", "orchard", "--lang", "de", "--out", str(orchard / "de"))
    assert only.exit_code == 0 and sorted(p.name for p in (orchard / "de").iterdir()) == ["orchard-de.json",
                                                                                        "orchard-de.pdf"]
    plain = run(orchard, "build", "orchard", "--out", str(orchard / "plain"))
    assert plain.exit_code == 0 and "APPLE" in text_of(orchard / "plain" / "orchard.pdf")


def test_a_language_the_deck_does_not_have_is_refused(orchard: Path) -> None:
    result = run(orchard, "build", "orchard", "--lang", "fr", "--out", str(orchard / "out"))
    assert result.exit_code == 1 and "its languages are en, de" in result.output


def test_a_translation_table_gives_the_words_by_card_id(orchard: Path) -> None:
    definition = orchard / "card_defs" / "orchard.yaml"
    definition.write_text(definition.read_text().replace("languages: [en, de]", "languages: [en, de, fr]")
                          + "  fr:\n    name: Verger\n    cards: orchard-fr.csv\n")
    table = orchard / "card_defs" / "orchard-fr.csv"
    table.write_text("id,fruit,text\napple-1,Pomme,\nbee,Abeille,\"Jouez-la sur une de vos rangées : elle vaut <b>3</b>.\"\n"
                     "apel-2,Pomme,\n")
    checked = run(orchard, "validate")
    lines = checked.output.splitlines()
    assert any("orchard-fr.csv:4:1:" in line and "'apel-2'" in line and "did you mean 'apple-2'" in line for line in lines)
    table.write_text(table.read_text().replace("apel-2,Pomme,\n", ""))
    checked = run(orchard, "validate")
    assert checked.exit_code == 0, checked.output
    missing = [line for line in checked.output.splitlines() if "[custom.translations/missing-translation]" in line]
    assert any("card 'apple-2': fruit has no fr translation" in line for line in missing)  # no row for it
    assert any("orchard.yaml" in line and "rules page has no fr translation" in line
               for line in checked.output.splitlines())
    built = run(orchard, "build", "orchard", "--lang", "fr", "--out", str(orchard / "fr"))
    assert built.exit_code == 0, built.output
    french = text_of(orchard / "fr" / "orchard-fr.pdf")
    assert "POMME" in french and "VERGER" in french and "ABEILLE" in french and "Jouez-la" in french


def test_a_missing_translation_is_a_warning_at_its_cell(orchard: Path) -> None:
    cards = orchard / "card_defs" / "orchard.csv"
    lines = cards.read_text().splitlines()
    number = next(n for n, line in enumerate(lines, 1) if line.startswith("plum-3,"))
    lines[number - 1] = lines[number - 1].replace(",Pflaume,", ",,")
    cards.write_text("\n".join(lines) + "\n")
    checked = run(orchard, "validate")
    (found,) = [line for line in checked.output.splitlines() if "missing-translation" in line]
    assert found.startswith(f"card_defs/orchard.csv:{number}:") or f"orchard.csv:{number}:" in found
    assert ": warning:" in found and "plum-3" in found


def test_every_language_is_validated(orchard: Path) -> None:
    cards = orchard / "card_defs" / "orchard.csv"
    text = cards.read_text()
    longer = "Spiele sie auf eine deiner Reihen" + " und noch einmal" * 20
    cards.write_text(text.replace("Spiele sie auf eine deiner Reihen", longer))
    line = next(n for n, row in enumerate(cards.read_text().splitlines(), 1) if row.startswith("bee,"))
    checked = run(orchard, "validate")
    assert checked.exit_code == 1
    assert any(f"orchard.csv:{line}:" in row and "[layout.text-fit/text-does-not-fit]" in row
               for row in checked.output.splitlines())
    english = run(orchard, "build", "orchard", "--out", str(orchard / "en"))
    assert english.exit_code == 0  # the English deck fits; only the German text is too long


def test_a_column_in_an_undeclared_language_is_an_error_at_its_header(orchard: Path) -> None:
    cards = orchard / "card_defs" / "orchard.csv"
    cards.write_text(cards.read_text().replace("text.de", "text.fr", 1))
    checked = run(orchard, "validate")
    assert checked.exit_code == 1
    assert any("orchard.csv:1:" in line and "column 'text.fr'" in line and "'fr' is not one of" in line
               for line in checked.output.splitlines())


@pytest.mark.e2e
def test_cardforges_own_words_print_in_the_decks_language(orchard: Path) -> None:
    """The words cardforge adds to a kit (page footers, the rules page's heading) come from its
    message catalogues: a German deck has no English word of ours left on it."""
    definition = orchard / "card_defs" / "orchard.yaml"
    text = definition.read_text()
    assert 'heading: "Obstgarten: Spielregeln"' in text
    definition.write_text(text.replace('      heading: "Obstgarten: Spielregeln"\n', ""))
    out = orchard / "out"
    built = run(orchard, "build", "orchard", "--lang", "all", "--out", str(out))
    assert built.exit_code == 0, built.output
    english, german = text_of(out / "orchard-en.pdf"), text_of(out / "orchard-de.pdf")
    assert ": fronts 1/" in english and ": backs 1/" in english and "Orchard: rules summary" in english
    assert ": Vorderseiten 1/" in german and ": Rückseiten 1/" in german and "Obstgarten: Kurzregeln" in german
    assert "fronts" not in german and "rules summary" not in german


@pytest.mark.e2e
def test_a_templates_literal_word_is_translated_and_one_left_out_is_a_warning(orchard: Path) -> None:
    """A template's literal words (here a back's tagline) print through the translation's words;
    in a deck of several languages a literal word a language leaves out is a warning at the region."""
    layout = next(p for p in (orchard / "layouts").glob("*.yaml") if "tree.svg" in p.read_text())
    text = layout.read_text()
    tagline = ('        harvest: {x: 6, y: 74, width: 51.5, height: 5, text: "a game of harvests", font: sans, '
               'max_pt: 8, min_pt: 5, colour: "#f3e9c6"}\n')
    layout.write_text(text.replace("        leaves:", tagline + "        leaves:"))  # on every back alike
    line = layout.read_text().splitlines().index(tagline.rstrip("\n")) + 1
    checked = run(orchard, "validate")
    warned = [w for w in checked.output.splitlines() if "[layout.words/untranslated-word]" in w]
    assert len(warned) == 1 and f"layouts/{layout.name}:{line}:" in warned[0], checked.output
    assert "'a game of harvests' prints as written on the de deck" in warned[0]
    definition = orchard / "card_defs" / "orchard.yaml"
    definition.write_text(definition.read_text().replace("    name: Obstgarten\n",
                                                         "    name: Obstgarten\n    words:\n"
                                                         "      a game of harvests: ein Spiel der Ernte\n", 1))
    assert "untranslated-word" not in run(orchard, "validate").output
    out = orchard / "out"
    assert run(orchard, "build", "orchard", "--lang", "all", "--out", str(out)).exit_code == 0
    assert "ein Spiel der Ernte" in text_of(out / "orchard-de.pdf")
    assert "a game of harvests" in text_of(out / "orchard-en.pdf")


def test_a_shipped_games_own_words_are_translated_by_the_words_table(shipped_project) -> None:  # type: ignore[no-untyped-def]
    """Hanabi's suit names, Firecrackers' packs and actions and Scoreworks' rules print through
    a translation's words, as a template's literal words do."""
    from dataclasses import replace

    from generator.app.catalog import GAMES
    from generator.model.common import Translation

    hanabi = shipped_project.game("hanabi")
    red = next(s for s in hanabi.suits if s.key == "red")
    info = replace(hanabi.info, languages=("en", "pt"),
                   translations=(Translation("pt", words=((red.name, "Vermelho"),)),))
    localized = GAMES.describe(hanabi).localized(replace(hanabi, info=info), "pt")
    assert next(s for s in localized.suits if s.key == "red").name == "Vermelho"
    assert next(s for s in localized.suits if s.key == "blue").name == "Blue"
    fc = shipped_project.game("firecrackers")
    treasure = next(a for a in fc.actions if a.key == "treasure")
    info = replace(fc.info, languages=("en", "pt"), translations=(Translation("pt", words=(
        (treasure.label, "Tesouro"), (treasure.effect, "Vale {coins} moedas na compra.")),),))
    localized_fc = GAMES.describe(fc).localized(replace(fc, info=info), "pt")
    changed = next(a for a in localized_fc.actions if a.key == "treasure")
    assert (changed.label, changed.effect) == ("Tesouro", "Vale {coins} moedas na compra.")


@pytest.mark.e2e
@pytest.mark.parametrize("game, extra, portuguese, english", [
    ("hanabi", (), ("VERMELHO", "Hanabi: resumo das regras", "fichas de pistas", "PISTA", "cartas: frentes 1/"),
     ("RED", "rules summary", "note tokens", "fronts")),
    ("sequence", (), ("LIVRE", "Sequence: resumo das regras", "mapa de montagem", "peça A1"),
     ("FREE", "rules summary", "assembly map", "tile A1")),
    ("firecrackers", ("--expansion", "scoreworks"),
     ("fogo simples", "Vale 1 moeda na compra", "Substitui a pontuação normal", "Scoreworks: resumo das regras",
      "Firecrackers: resumo das regras", "explodes e sais da ronda"),
     ("plain firework", "Worth", "default scoring", "rules summary")),
])
def test_the_shipped_games_print_in_the_language_of_their_rulebooks(tmp_path: Path, game: str, extra: tuple[str, ...],
                                                                  portuguese: tuple[str, ...], english: tuple[str, ...]) -> None:
    """Hanabi and Sequence follow Portuguese rulebooks: every shipped game builds in Portuguese as
    well as English (cards, tokens, board, rules page and cardforge's own words), with no English
    word of its own left, and validates in both languages (the shipped project has no finding)."""
    from generator.files.paths import shipped_root

    out = tmp_path / "out"
    built = CliRunner().invoke(cli, ["build", game, *extra, "--lang", "pt", "--out", str(out),
                                     "--project", str(shipped_root())])
    assert built.exit_code == 0, built.output
    text = text_of(out / f"{game}-pt.pdf")
    for words in portuguese:
        assert words in text, words
    for words in english:
        assert words not in text, words


def test_a_template_mistake_repeated_over_cards_and_languages_is_one_finding(orchard: Path) -> None:
    """A region too small for every card's text gave one finding per card and language (90 on a
    trial's deck): it is one, with how many times, on which cards, and the first places."""
    layout = next(p for p in (orchard / "layouts").glob("*.yaml") if 'text: "{text}"' in p.read_text())
    text = layout.read_text()
    small = text.replace('rule: {x: 7, y: 60, width: 49.5, height: 20,', 'rule: {x: 7, y: 60, width: 9.5, height: 3,')
    assert small != text
    layout.write_text(small)
    checked = run(orchard, "validate")
    errors = [line for line in checked.output.splitlines() if ": error: " in line]
    assert len(errors) == 1, checked.output
    assert "(the same 4 times, on 2 cards: frost, bee)" in errors[0]


def test_a_deck_checked_in_its_other_language_has_no_untranslated_words(shipped_project) -> None:  # type: ignore[no-untyped-def]
    """The preview checks each language's deck as it is drawn: the Portuguese Hanabi, whose words are
    already translated, was warned of 'Vermelho' printing as written."""
    from generator.app.build import BuildOptions, check_build, load_toolkit
    from generator.app.catalog import GAMES

    hanabi = shipped_project.game("hanabi")
    portuguese = GAMES.describe(hanabi).localized(hanabi, "pt")
    toolkit = load_toolkit(shipped_project)
    for game in (hanabi, portuguese):
        checked = check_build(shipped_project, [game], BuildOptions(), toolkit, unused_templates=False)
        assert not [f for f in checked.findings if f.rule_id == "layout.words"], checked.findings

"""cardforge preview without a browser: faces as SVG with real text, the incremental session (a
one-card change redraws one face, a broken file keeps the last good cards under a located
problem), the server (nothing but the preview, its own address only), the watcher and the
command (serves, stops on Ctrl-C)."""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from generator.layout.scene import Anchor, Circle, Group, Image, Paint, Path as ScenePath, MoveTo, LineTo, Close
from generator.layout.scene import Rect, Scene, Text
from generator.model.common import Colour
from generator.app.preview.markup import face_markup
from generator.app.preview.server import PreviewServer
from generator.app.preview.session import PreviewSession
from generator.app.preview.snapshot import update
from generator.app.preview.watch import changes, poll_changes
from tests.capped import default_signals
from tests.previewkit import edit, make_project, png, serving


@pytest.fixture()
def starfall(tmp_path: Path) -> Path:
    return make_project(tmp_path / "proj", comets=True)


def session_of(project: Path) -> PreviewSession:
    session = PreviewSession(project)
    assert session.rebuild() is not None
    return session


# -- markup ------------------------------------------------------------------------------------

def test_faces_are_svg_in_millimetres_with_real_escaped_text() -> None:
    scene = Scene("t:front:1", 63.5, 88.9, 3.0, (
        Rect(-3, -3, 69.5, 94.9, Paint(Colour("#112233"))),
        Circle(10, 10, 4, Paint(None, Colour("#ff0000"), 0.5, opacity=0.5)),
        ScenePath((MoveTo(0, 0), LineTo(5, 0), LineTo(5, 5), Close()), Paint(Colour("#00ff00"))),
        Group((Text(1, 2, "<b>&", "sans-bold", 12.0, Colour("#ffffff"), Anchor.MIDDLE),), 30, 40, 180),
        Image(1, 1, 10, 10, b"\x89PNG...", "png", "art/x.png"),
    ))
    links: list[Image] = []
    markup = face_markup(scene, lambda image: links.append(image) or "/asset/abc.png")
    assert markup.startswith('<svg class="face" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63.5 88.9"')
    assert 'data-bleed="3"' in markup
    assert '<rect x="-3" y="-3" width="69.5" height="94.9" fill="#112233"/>' in markup
    assert 'stroke="#ff0000" stroke-width="0.5" opacity="0.5"' in markup
    assert '<path d="M0 0L5 0L5 5Z" fill="#00ff00"/>' in markup
    assert '<g transform="translate(30 40) rotate(180)">' in markup
    # 12 pt is 4.233 mm; the text is text (selectable, searchable), escaped, in the project's font
    assert ('<text x="1" y="2" font-family="cf-sans-bold" font-size="4.233" fill="#ffffff" '
            'text-anchor="middle">&lt;b&gt;&amp;</text>') in markup
    assert '<image href="/asset/abc.png" x="1" y="1" width="10" height="10" preserveAspectRatio="xMidYMid meet"/>' \
        in markup and links == [scene.items[-1]]


# -- the session -------------------------------------------------------------------------------

def test_every_distinct_face_with_its_copies_and_fields(starfall: Path) -> None:
    snapshot = session_of(starfall).snapshot
    assert [g.id for g in snapshot.games] == ["comets", "starfall"]
    cards = {c.label: c for c in snapshot.games[1].cards}
    assert list(cards) == ["sun-1", "sun-2", "moon-1", "wild"]
    assert cards["wild"].ids == ("wild", "wild-2", "wild-3") and cards["wild"].count == 3
    assert dict(cards["wild"].fields)["text"] == "Play as any suit." and "copy" not in dict(cards["wild"].fields)
    backs = {c.back for c in snapshot.games[1].cards}
    assert len(backs) == 1 and None not in backs  # one back, drawn once, shown beside every front
    front = snapshot.faces[cards["sun-1"].front]
    assert ">Draw a card.</text>" in front and ">SUN</text>" in front
    assert snapshot.games[1].pages == 2  # fronts and backs of one sheet


def test_a_one_card_change_lays_out_one_game_and_sends_one_face(starfall: Path) -> None:
    session = session_of(starfall)
    before = session.snapshot
    old = next(c for c in before.games[1].cards if c.label == "sun-2")
    edit(starfall / "card_defs" / "starfall.yaml", "Skip a player.", "Skip two players.")
    report = session.rebuild()
    assert report is not None and report.games == ("starfall",) and report.faces == 1
    sent = update(before, session.snapshot, "run")
    sun2 = next(c for c in session.snapshot.games[1].cards if c.label == "sun-2")
    assert list(sent["faces"]) == [sun2.front] and ">Skip two players.</text>" in sent["faces"][sun2.front]
    # a card list's faces are named by their content: the old face goes (the page swaps the card)
    assert sent["removed"] == ([old.front] if old.front != sun2.front else []) and not sent["full"]
    assert list(sent["games"]) == ["starfall"]  # its fields changed; Comets is not sent again


def test_a_save_that_changes_nothing_makes_no_new_version(starfall: Path) -> None:
    session = session_of(starfall)
    definition = starfall / "card_defs" / "starfall.yaml"
    definition.write_bytes(definition.read_bytes())
    assert session.rebuild() is None and session.snapshot.version == 1


def test_a_broken_definition_is_located_and_the_last_good_cards_stay(starfall: Path) -> None:
    session = session_of(starfall)
    good = session.snapshot
    edit(starfall / "card_defs" / "starfall.yaml", "  - {id: moon-1, suit: moon", "  - {id: moon-1, suit: [moon")
    assert session.rebuild() is not None
    broken = session.snapshot
    (problem,) = broken.problems
    assert re.fullmatch(r".*card_defs/starfall\.yaml:\d+:\d+", problem.where) and problem.severity == "error"
    line = int(problem.where.split(":")[-2])
    assert problem.source == (starfall / "card_defs" / "starfall.yaml").read_text().splitlines()[line - 1]
    starfall_now = next(g for g in broken.games if g.id == "starfall")
    assert starfall_now.stale and starfall_now.cards == good.games[1].cards
    assert [g.id for g in broken.games] == ["comets", "starfall"]  # where it was
    assert all(broken.faces[c.front] is good.faces[c.front] for c in starfall_now.cards)
    edit(starfall / "card_defs" / "starfall.yaml", "suit: [moon", "suit: moon")
    assert session.rebuild() is not None
    assert session.snapshot.problems == () and not session.snapshot.games[1].stale


def test_a_layout_mistake_is_located_in_the_layout_file(starfall: Path) -> None:
    session = session_of(starfall)
    edit(starfall / "layouts" / "starfall.yaml", "font: sans, max_pt: 18", "font: sands, max_pt: 18")
    session.rebuild()
    (problem,) = session.snapshot.problems
    assert "layouts/starfall.yaml:" in problem.where and "sands" in problem.message
    assert "font: sands" in (problem.source or "")
    assert len(session.snapshot.games[1].cards) == 4  # the last good library still draws them


def test_a_rule_finding_shows_with_new_cards(starfall: Path) -> None:
    session = session_of(starfall)
    edit(starfall / "card_defs" / "starfall.yaml", "text: Take a card back.}", "text: " + "Word " * 200 + "}")
    session.rebuild()
    problems = session.snapshot.problems
    assert any("does not fit" in p.message and p.severity == "error" for p in problems)
    assert not session.snapshot.games[1].stale


def test_new_artwork_redraws_the_faces_that_show_it(starfall: Path) -> None:
    session = session_of(starfall)
    back = session.snapshot.games[1].cards[0].back
    assert back is not None
    old = session.snapshot.faces[back]
    (starfall / "art" / "logo.png").write_bytes(png(240, 240, (10, 120, 200)))
    report = session.rebuild()
    assert report is not None and set(report.games) == {"starfall", "comets"}
    new = session.snapshot.faces[back]
    url = re.search(r'href="(/asset/[^"]+)"', new)
    assert url and url.group(1) not in old
    assert session.assets.get(url.group(1)) == ((starfall / "art" / "logo.png").read_bytes(), "image/png")


def test_the_printed_pages_are_the_build_s(starfall: Path) -> None:
    session = session_of(starfall)
    version, pages = session.sheets("starfall") or (0, [])
    assert version == 1 and [label for label, _ in pages] == ["starfall cards: fronts 1/1", "starfall cards: backs 1/1"]
    assert pages[0][1].count("<use href=") == 6  # six cards on the fronts' page, each face defined once
    assert session.sheets("nothing") is None


# -- the server --------------------------------------------------------------------------------

@pytest.fixture()
def server(starfall: Path) -> Iterator[PreviewServer]:
    with serving(session_of(starfall)) as running:
        yield running


def get(server: PreviewServer, path: str, host: str | None = None, method: str = "GET") -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.putrequest(method, path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{server.port}")
    connection.endheaders()
    return connection.getresponse()


def test_the_server_serves_the_preview_and_nothing_else(server: PreviewServer) -> None:
    page = get(server, "/")
    assert page.status == 200 and b'<script src="/preview.js"' in page.read()
    assert "script-src 'self'" in page.getheader("Content-Security-Policy", "")
    assert page.getheader("X-Content-Type-Options") == "nosniff" and page.getheader("Referrer-Policy") == "no-referrer"
    for path in ("/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/card_defs/starfall.yaml", "/static/index.html",
                 "/asset/../card_defs/starfall.yaml", "/asset/0123456789abcdef0123.png", "/sheets/../../etc"):
        assert get(server, path).status == 404, path
    assert get(server, "/", method="POST").status == 501
    assert get(server, "/", host="attacker.example:80").status == 421  # a rebinding DNS name is refused
    assert get(server, "/", host=f"localhost:{server.port}").status == 200


def test_fonts_and_artwork_are_served_from_memory(server: PreviewServer) -> None:
    snapshot = server.session.snapshot
    family, url = next((f, u) for f, u in snapshot.fonts if f == "cf-sans")
    font = get(server, url)
    assert font.status == 200 and font.getheader("Content-Type") == "font/ttf"
    assert font.read() == Path(server.session._font_book.path("sans")).read_bytes()  # type: ignore[union-attr]
    logo = re.search(r'href="(/asset/[^"]+\.png)"', "".join(snapshot.faces.values()))
    assert logo is not None
    answer = get(server, logo.group(1))
    assert answer.status == 200 and "sandbox" in answer.getheader("Content-Security-Policy", "")


def test_the_stream_sends_everything_then_only_changes(server: PreviewServer, starfall: Path) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", "/events")
    stream = connection.getresponse()
    assert stream.getheader("Content-Type", "").startswith("text/event-stream")

    def event() -> dict[str, object]:
        data = None
        while True:
            line = stream.fp.readline().decode("utf-8")
            if line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "\n" and data is not None:
                return data

    first = event()
    assert first["full"] and first["order"] == ["comets", "starfall"] and len(first["faces"]) == 8  # type: ignore[arg-type]
    edit(starfall / "card_defs" / "comets.yaml", "Fly twice.", "Fly thrice.")
    server.session.rebuild()
    server.hub.publish()
    second = event()
    assert not second["full"] and second["version"] == 2 and len(second["faces"]) == 1  # type: ignore[arg-type]
    connection.close()


# -- watching ----------------------------------------------------------------------------------

@pytest.mark.parametrize("poll", [False, True], ids=["watchfiles", "polling"])
def test_a_save_is_noticed(tmp_path: Path, poll: bool) -> None:
    if not poll:
        pytest.importorskip("watchfiles")
    target = tmp_path / "a.yaml"
    target.write_text("one")
    stop = threading.Event()
    seen = threading.Event()

    def watch() -> None:
        iterator = poll_changes([tmp_path], stop, 0.02) if poll else changes([tmp_path], stop)
        for _ in iterator:
            seen.set()
            stop.set()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    time.sleep(0.3)
    target.write_text("two")
    assert seen.wait(5)
    thread.join(5)
    assert not thread.is_alive()


# -- the command -------------------------------------------------------------------------------

@pytest.mark.e2e
def test_the_command_serves_and_stops_cleanly_on_ctrl_c(starfall: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "generator.cli.main", "preview", "--no-browser", "--port", "0",
                                "--project", str(starfall)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               preexec_fn=default_signals)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
    assert found, line
    connection = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=5)
    connection.request("GET", "/")
    assert connection.getresponse().status == 200
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=10)
    assert process.returncode == 0 and "preview stopped" in output and "Traceback" not in output


@pytest.mark.e2e
def test_an_unknown_game_is_a_usage_error(starfall: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "generator.cli.main", "preview", "nebula", "--no-browser",
                             "--project", str(starfall)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "no game 'nebula'" in result.stderr and "starfall" in result.stderr

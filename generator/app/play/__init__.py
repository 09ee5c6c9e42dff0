"""``cardforge play``: a table in the browser where people play a game against bots, with the faces
as printed.

Rooms: ``faces`` (the printed faces of a game's kit as inline SVG, by piece), ``table`` (one game's
table: the live game, its pages and what each is sent), ``server`` (the web server, on aiohttp),
``static/`` (the page's HTML, script and style sheet). The game itself is ``generator.sim.live``.
"""

"""``cardforge preview``: a page on this machine that shows every face of a project's games and
redraws what changed on every save.

Rooms: ``session`` (the incremental build: files to games to scenes, each step done again only
when its inputs changed), ``markup`` (scenes as inline SVG with real text), ``views`` and
``snapshot`` (what the page shows, and the update between two snapshots), ``server`` (its routes
and update stream on the web server of ``generator.app.web``), ``assets`` (fonts and artwork by digest), ``watch`` (waiting
for saves), ``static/`` (the page's own HTML, script and style sheet).
"""

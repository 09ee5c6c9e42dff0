"""Reports of simulation runs: terminal text and self-contained HTML pages with inline SVG charts."""

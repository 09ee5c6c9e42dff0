"""Application services: what a command does, on top of the core, the I/O edge and the games.
The game catalog (``catalog``: the games installed, looked up by kind) is here, and only here is
it asked; everything below is handed what it needs. Builds (``build``), shop exports (``pod``),
deck lists, new projects (``initproject``), preflight, reports, the preview server, the simulators
of the games and the Dask cluster executor, and the run store that lets a sweep resume."""

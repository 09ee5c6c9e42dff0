"""The I/O edge's files: reading with limits (``saferead``), writing all or nothing
(``atomicio``), where the shipped files are (``paths``), the user's cache (``usercache``), fonts'
metrics (``fontbook``), pictures checked before they are decoded (``images``) and a project as it
was at a git revision (``gitrev``). They stand on the pure core (model, layout) and nothing of
the core stands on them."""

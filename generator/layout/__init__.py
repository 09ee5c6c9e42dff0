"""Pure geometry in millimetres: card faces as scenes, sheet plans, duplex mirroring, board tiling."""

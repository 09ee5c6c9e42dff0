"""Pure game engines and bots behind one small interface (``api``), and the runner that plays them."""

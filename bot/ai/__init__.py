"""Computer players, built only on the engine's public API and a seat's view."""

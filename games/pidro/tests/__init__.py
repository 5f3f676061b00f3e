"""Pidro: the engine, its records, its computer players and its place on the platform."""

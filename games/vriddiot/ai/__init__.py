"""Vriddiot's computer players, built only on the engine's public API and seat views."""

"""Vriddiot in Discord: its presentation, rules pages and gallery screens."""

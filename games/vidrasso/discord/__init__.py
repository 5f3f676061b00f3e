"""Vidrasso in Discord: its presentation, illustrated guide, ladder texts and learning tips."""

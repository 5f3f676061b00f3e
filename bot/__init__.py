"""Vidrasso Bot: a Discord bot for the two-player trick-taking card game Vidrasso."""

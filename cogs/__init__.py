"""discord.py extensions: one file per feature."""

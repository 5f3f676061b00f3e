"""High card has no table picture: its table is text (``discord/presentation.py``), so there is
nothing to draw or to warm in a drawing worker."""

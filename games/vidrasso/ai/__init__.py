"""Computer players for Vidrasso: each decides from its seat's view alone."""

"""How each registered game looks in Discord: one module per game, named by its rules."""

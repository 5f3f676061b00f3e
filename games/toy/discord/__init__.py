"""High card in Discord."""

"""High card, the platform's toy game: two to five players, each dealt four numbered cards; the
highest card takes each trick. It is never offered to members (it is not in :data:`games.KINDS`):
tests register it with one line (``register(GAME)``) to play the platform with any number of
seats. Everything of the game is in this folder: ``rules`` pure, ``game`` behind the platform's
contract, ``discord`` its presentation, ``tests``."""

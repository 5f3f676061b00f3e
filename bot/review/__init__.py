"""Review: a finished game's decisions weighed by the strongest computer level, and hints for a
player learning against the computer (issue 25)."""

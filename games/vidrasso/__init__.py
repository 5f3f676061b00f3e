"""Vidrasso, the two-player trick-taking game with a trump suit and a trump rank: everything of
the game in one folder (``rules`` pure, ``ai``, ``arena``, ``drawing``, ``discord``, ``locales``,
``docs``, ``tests``); ``game`` puts it behind the platform's contract."""

"""Pidro, the Finnish four-player partnership game of the Pedro family: everything of the game in
one folder (``rules`` pure, ``ai``, ``arena``, ``drawing``, ``discord``, ``locales``, ``docs``,
``tests``); ``game`` puts it behind the platform's contract."""

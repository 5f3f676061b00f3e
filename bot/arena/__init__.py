"""Tools that see every card, for any registered game: the match loop (:mod:`.match`).

They hold the whole game state and ask each seat for its action through the
:class:`~bot.games.base.GameRules` contract: a computer player only ever gets its seat's view.
Simulations, benchmarks and tests play their games here; a game's own arena
(``games/<kind>/arena``) adds what is its own (its players by name, its records, its figures).
"""

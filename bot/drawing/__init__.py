"""Pictures drawn with Pillow from views only: no Discord, no storage, no game state.

A picture is a function of what its caller hands it — for a game table, the public
:class:`~games.vidrasso.rules.view.TableView`, plain display names and the reader's ``words`` (a
callable
giving each text in their language; this package never imports the Discord glue's catalogs) —
so it can never show a card its reader may not see. The caller attaches the PNG bytes.

- :mod:`bot.drawing.text`: fonts found on any machine, Japanese glyphs (Noto Sans CJK JP, opened
  only when needed), names made to fit (the rating chart uses them too, so this package imports
  nothing at its top: importing the text helpers loads no game);
- :mod:`bot.drawing.cards`: one card face, a card back, an empty pile slot, the suit shapes;
- :mod:`games.vidrasso.drawing`: the whole Vidrasso table,
:func:`~games.vidrasso.drawing.table_png`;
- :mod:`bot.drawing.message`: a Discord message (embeds, buttons, menus) drawn from its API
  payload, for the reviewers' gallery (``python -m bot.screens``).
"""

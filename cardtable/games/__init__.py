"""The program's own games, one registration each.

Each module here defines ``GAME``, an :class:`cardtable.engine.registry.Game`: the game's
spec and loaders for its computer players, its table (with its words and rules text) and
its rating data. The registry finds every module of this package that defines ``GAME``;
a game's guided first deal (Learn to play) is data of its own beside it, ``<game>_lesson.py``
(its ``LESSON``, read by ``cardtable.lessons`` through the game's ``lessons`` loader). A
game from another package registers the same way through the ``cardtable.games`` entry
point group (docs/ADDING_A_GAME.md).
"""

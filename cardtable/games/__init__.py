"""The program's own games, one registration each.

Each module here defines ``GAME``, an :class:`cardtable.engine.registry.Game`: the game's
spec and loaders for its computer players, its table (with its words and rules text) and
its rating data. The registry finds every module of this package that defines ``GAME``;
a game from another package registers the same way through the ``cardtable.games`` entry
point group (docs/ADDING_A_GAME.md).
"""

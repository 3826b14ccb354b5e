"""A sixth game that lives only in the tests: Magpie, a trick game with a knock.

It proves a game is a plug-in: everything it is (its engine, computer players, table,
words and registration) lives in :mod:`tests.sixth.game`, and the tests here register it
at run time (``registry.register``), play it through every layer and check that nothing
under ``cardtable/`` had to change or name it.
"""

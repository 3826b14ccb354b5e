"""Magpie, the sixth game: its engine, computer players, table and registration."""

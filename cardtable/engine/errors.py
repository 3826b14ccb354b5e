"""The error every layer may raise about a match's setup or save, below everything else in
the engine so that the helpers the core uses (cards, checks, the registry) need not import
the core."""

from __future__ import annotations


class ConfigError(ValueError):
    """A bad request to start or load a match (unknown game, options, players, save data)."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def __reduce__(self):
        # (to cross a process boundary whole, e.g. from a tournament's worker)
        return type(self), (self.code, self.message)

"""The options of `cardtable serve` and the limits they set."""

from __future__ import annotations

import argparse

from cardtable.net import serveconf
from cardtable.net.serveconf import Settings, add_arguments, settings_of


def parse(*argv: str) -> Settings:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return settings_of(parser.parse_args(list(argv)))


def test_the_defaults_listen_on_loopback_only():
    settings = parse()
    assert settings.host == "127.0.0.1" and settings.port == serveconf.DEFAULT_PORT
    assert not settings.trust_proxy and settings.threaded


def test_options_set_the_limits_and_nonsense_is_brought_back_to_sense():
    settings = parse("--host", "0.0.0.0", "--port", "0", "--max-tables", "0",
                     "--per-address", "-3", "--idle", "-1", "--fill-after", "5",
                     "--pace", "-2", "--trust-proxy", "--name", "north",
                     "--silent-after", "0")
    assert (settings.host, settings.port, settings.name) == ("0.0.0.0", 0, "north")
    assert settings.max_tables == 1 and settings.per_address == 1
    assert settings.idle_seconds == 0.0 and settings.fill_seconds == 5.0
    assert settings.pace == 0.0 and settings.trust_proxy and settings.silent_seconds == 0.0


def test_connections_stay_below_the_open_files_limit(monkeypatch):
    monkeypatch.setattr(serveconf, "open_files", lambda: 1024)
    assert Settings().connection_cap() == 1024 - serveconf.FILES_KEPT
    assert Settings(max_connections=100).connection_cap() == 100
    assert Settings(max_connections=5000).connection_cap() == 1024 - serveconf.FILES_KEPT
    monkeypatch.setattr(serveconf, "open_files", lambda: 10)
    assert Settings().connection_cap() == 1

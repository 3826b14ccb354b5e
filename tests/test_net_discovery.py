"""Finding tables: the host's address as a friend types it, and a browser that starts and
closes without a network that carries multicast (the announcing itself is not tested on
loopback: mDNS needs a real interface). Every announcer and browser is ended cleanly: no
zeroconf thread or asyncio task outlives a test or the program."""

from __future__ import annotations

import ipaddress
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cardtable.net import discovery
from cardtable.net.client import url_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def ended():
    """Every announcer and browser a test started has closed what it started."""
    yield
    assert discovery.shutdown(timeout=15.0)
    assert discovery.running() == 0


def test_local_address_is_an_ipv4_address():
    address = discovery.local_address()
    assert ipaddress.ip_address(address).version == 4


def test_urls_of_typed_addresses():
    assert url_of(" 192.168.1.5 ", 47650) == "ws://192.168.1.5:47650/"
    assert url_of("::1", 5) == "ws://[::1]:5/"
    assert url_of("[fe80::1]", 5) == "ws://[fe80::1]:5/"
    assert url_of("kitchen.local", 8) == "ws://kitchen.local:8/"


def test_a_browser_and_an_announcer_start_and_close_without_raising():
    browser = discovery.Browser()
    browser.start()
    announcer = discovery.Announcer("Ann's. table", 47651, "sixtysix", 2)
    assert announcer.name == "Ann's table"
    announcer.start()
    assert isinstance(browser.tables(), list)
    announcer.close()
    browser.close()
    assert announcer.join(15.0) and browser.join(15.0)


def test_closing_during_a_registration_ends_it_and_its_zeroconf():
    announcer = discovery.Announcer("Ann", 47652, "sixtysix", 2)
    announcer.start()
    deadline = time.monotonic() + 15.0
    while not announcer.started and time.monotonic() < deadline:
        time.sleep(0.001)
    announcer.close()               # at once: probing (or making its Zeroconf) still goes on
    assert announcer.join(15.0)
    assert discovery.running() == 0


def test_a_closed_announcer_never_starts():
    announcer = discovery.Announcer("Ann", 47653, "sixtysix", 2)
    announcer.close()
    announcer.start()
    assert not announcer.started and discovery.running() == 0


#: a table hosted with its announcement, ended while the announcement is still being made;
#: the program then ends as the window's does (waiting for its threads, collecting)
HOST_AND_EXIT = textwrap.dedent("""
    import gc, sys, threading, time
    import zeroconf
    from cardtable.net.host import HostedMatch, TableServer
    probing = threading.Event()
    check = zeroconf.Zeroconf.async_check_service

    async def checked(self, *args, **kwargs):   # the registration has begun: it probes
        probing.set()
        return await check(self, *args, **kwargs)

    zeroconf.Zeroconf.async_check_service = checked
    seats = [{"name": "Ann", "kind": "computer", "level": "easy"},
             {"name": "Friend", "kind": "human", "level": "easy"}]
    match = HostedMatch.from_config({"game": "sixtysix", "players": 2, "seed": 1,
                                     "seats": seats}, remote=[1], threaded=False)
    server = TableServer(match, port=0, host="127.0.0.1", table_name="Ann", advertise=True)
    server.start()
    deadline = time.monotonic() + 20
    assert probing.wait(20)
    if sys.argv[1] == "close":
        server.close()
        for thread in threading.enumerate():
            if thread is not threading.current_thread():
                thread.join(max(0.0, deadline - time.monotonic()))
        gc.collect()
    print("ended", flush=True)
""")


@pytest.mark.parametrize("how", ["close", "quit"])
def test_a_program_that_hosts_then_ends_leaves_no_task_pending(how):
    """Reproduces what the program printed at exit with ``-X dev`` (asyncio's debug
    mode): "Task was destroyed but it is pending" for zeroconf's broadcast."""
    done = subprocess.run([sys.executable, "-X", "dev", "-c", HOST_AND_EXIT, how], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "ended" in done.stdout
    assert "Task was destroyed" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_the_browser_tells_each_change_of_its_list():
    """The Join screen sleeps until the list changes (its on_change wakes the window)."""
    from types import SimpleNamespace

    from zeroconf import ServiceStateChange

    from cardtable.net import protocol

    seen: list[list[str]] = []
    browser = discovery.Browser(on_change=lambda: seen.append([f.name for f in
                                                               browser.tables()]))
    info = SimpleNamespace(properties={b"name": b"Ann", b"game": b"sixtysix",
                                       b"players": b"2", b"v": b"7"},
                           parsed_addresses=lambda: ["192.168.1.5"], port=47650,
                           name="Ann._cardtable._tcp.local.")
    zc = SimpleNamespace(get_service_info=lambda *_a, **_k: info)
    name = f"Ann.{protocol.SERVICE_TYPE}"
    browser._on_change(zc, protocol.SERVICE_TYPE, name, ServiceStateChange.Added)
    nothing = SimpleNamespace(get_service_info=lambda *_a, **_k: None)
    browser._on_change(nothing, protocol.SERVICE_TYPE, "Gone." + protocol.SERVICE_TYPE,
                       ServiceStateChange.Added)         # no details: nothing changed
    browser._on_change(zc, protocol.SERVICE_TYPE, name, ServiceStateChange.Removed)
    assert seen == [["Ann"], []]


def test_what_the_network_raises_is_logged_and_a_mistake_of_ours_is_not(caplog):
    """Closing zeroconf: its own error (or a socket's) is logged and the thread goes on; a
    TypeError is this program's mistake and is not hidden there (the thread's top logs it)."""
    import logging

    from zeroconf import NonUniqueNameException

    class Closing:
        def __init__(self, error):
            self.error = error

        def close(self):
            raise self.error

    with caplog.at_level(logging.WARNING, logger=discovery.__name__):
        discovery._close_zeroconf(Closing(NonUniqueNameException("taken")))
        discovery._close_zeroconf(Closing(OSError("network is down")))
    assert [r.getMessage() for r in caplog.records] == ["closing zeroconf failed"] * 2
    with pytest.raises(TypeError):
        discovery._close_zeroconf(Closing(TypeError("close() takes no arguments")))

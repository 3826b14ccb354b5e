"""Finding tables: the host's address as a friend types it, and a browser that starts and
closes without a network that carries multicast (the announcing itself is not tested on
loopback: mDNS needs a real interface)."""

from __future__ import annotations

import ipaddress
import time

from cardtable.net import discovery
from cardtable.net.client import url_of


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
    time.sleep(0.3)
    assert isinstance(browser.tables(), list)
    announcer.close()
    browser.close()

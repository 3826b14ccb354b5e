"""Finding tables on the local network with mDNS / DNS-SD (the ``zeroconf`` package).

The host announces ``<name>._cardtable._tcp.local.`` with its port and a few words (the
game, the number of seats, the protocol's version); "Join a table" browses for them. Both
run on zeroconf's own threads and never stop the program: a network that blocks multicast
only means no table is listed, and an address typed by hand still works. No pygame here.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

from cardtable.net import protocol


def local_address() -> str:
    """This computer's address on its local network, as a friend would type it (no packet
    is sent: connecting a UDP socket only picks the route); 127.0.0.1 without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))      # a documentation address: never reached
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


@dataclass(frozen=True)
class Found:
    """A table announced on the network."""

    name: str
    address: str
    port: int
    game: str
    players: int
    version: int


class Announcer:
    """Announces a table while it is open (registration runs on a thread of its own)."""

    def __init__(self, name: str, port: int, game: str, players: int):
        self.name = _label(name)
        self.port = port
        self.game = game
        self.players = players
        self._zc = None
        self._info = None
        self._lock = threading.Lock()
        self._closed = False

    def start(self) -> None:
        threading.Thread(target=self._register, name="table-announcer", daemon=True).start()

    def _register(self) -> None:
        try:
            from zeroconf import ServiceInfo, Zeroconf
            address = local_address()
            info = ServiceInfo(
                protocol.SERVICE_TYPE, f"{self.name}.{protocol.SERVICE_TYPE}",
                addresses=[socket.inet_aton(address)], port=self.port,
                properties={"game": self.game, "players": str(self.players),
                            "v": str(protocol.VERSION), "name": self.name})
            zc = Zeroconf()
            with self._lock:
                if self._closed:
                    zc.close()
                    return
                self._zc, self._info = zc, info
            zc.register_service(info, allow_name_change=True)
        except Exception:   # no multicast here: the table is still open by its address
            return

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, info = self._zc, self._info
            self._zc = self._info = None
        if zc is not None:
            threading.Thread(target=_unregister, args=(zc, info), daemon=True).start()


def _unregister(zc, info) -> None:
    try:
        zc.unregister_service(info)
    except Exception:
        pass
    finally:
        zc.close()


def _label(name: str) -> str:
    """A service instance name: printable, no dots, at most 40 characters."""
    text = "".join(ch for ch in name if ch.isprintable() and ch != ".").strip()
    return text[:40] or "cardtable"


class Browser:
    """The tables announced on the local network, kept up to date on zeroconf's threads."""

    def __init__(self):
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zc = None
        self._browser = None
        self.failed = False
        self.changed_at = 0.0

    def start(self) -> None:
        threading.Thread(target=self._browse, name="table-browser", daemon=True).start()

    def _browse(self) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf
            zc = Zeroconf()
            self._zc = zc
            self._browser = ServiceBrowser(zc, protocol.SERVICE_TYPE, handlers=[self._on_change])
        except Exception:
            self.failed = True

    def _on_change(self, zeroconf, service_type, name, state_change) -> None:
        from zeroconf import ServiceStateChange
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
                self.changed_at = time.monotonic()
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception:
            info = None
        if info is None:
            return
        found = _found_from(info)
        if found is not None:
            with self._lock:
                self._found[name] = found
                self.changed_at = time.monotonic()

    def tables(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name.lower(), f.address))

    def close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            threading.Thread(target=zc.close, daemon=True).start()


def _found_from(info) -> Found | None:
    try:
        props = {(k.decode() if isinstance(k, bytes) else k):
                 (v.decode() if isinstance(v, bytes) else v or "")
                 for k, v in (info.properties or {}).items()}
        addresses = info.parsed_addresses()
        if not addresses or not info.port:
            return None
        return Found(props.get("name") or info.name.split(".")[0], addresses[0], int(info.port),
                     props.get("game", ""), int(props.get("players") or 0),
                     int(props.get("v") or 0))
    except (ValueError, TypeError, UnicodeDecodeError):
        return None

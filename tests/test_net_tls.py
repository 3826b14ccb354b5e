"""A friend's copy reaches a table server behind TLS (``wss://``) and believes only a
certificate the system trusts: a loopback server with a certificate made here, signed by
a certificate authority made here, is refused (code ``bad_certificate``, one sentence)
unless the test gives the client that authority; a certificate for another name is refused
even then. The URL a person types is checked before anything is tried.

Module: cardtable.net.client (``wss://``, ``server_url``)."""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from cardtable.net.client import NetClient, is_url, server_url, url_of
from cardtable.net.remote import RemoteMatch
from tests.hostile import LOOPBACK, FakeHost, Honest


def _name(text: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def certificates(folder: Path, host: str = LOOPBACK) -> tuple[Path, Path, Path]:
    """A certificate authority made now, and a server certificate for ``host`` it signed:
    (the authority's certificate, the server's certificate, the server's key), as files."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(_name("cardtable test CA"))
          .issuer_name(_name("cardtable test CA")).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(hours=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                       crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, encipher_only=False,
                                       decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    try:
        alt: x509.GeneralName = x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        alt = x509.DNSName(host)
    cert = (x509.CertificateBuilder().subject_name(_name(host)).issuer_name(ca.subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([alt]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([x509.OID_SERVER_AUTH]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    paths = folder / "ca.pem", folder / "server.pem", folder / "server.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return paths


def tls_host(folder: Path, host: str = LOOPBACK) -> tuple[FakeHost, Path]:
    """A host on loopback behind TLS with a certificate for ``host``, answering a hello
    with an honest welcome; and the authority's certificate that signed it."""
    ca, cert, key = certificates(folder, host)
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    return FakeHost([Honest("sixtysix").welcome()], tls=server).start(), ca


def connected(client: NetClient) -> dict:
    client.start()
    message = next(m for m in iter(lambda: client.inbox.get(timeout=10), None)
                   if m["type"] in ("welcome", "closed", "refused"))
    return message


def test_a_server_whose_certificate_the_system_does_not_trust_is_refused(tmp_path):
    host, _ca = tls_host(tmp_path)
    client = NetClient(f"wss://{LOOPBACK}:{host.port}/", 0, name="Ann", code="K7QF")
    try:
        message = connected(client)
        assert message == {"type": "closed", "code": "bad_certificate"}
        assert not host.hellos          # nothing was said to a server not believed
    finally:
        client.close()
        host.close()


def test_the_same_server_is_reached_when_its_authority_is_trusted(tmp_path):
    host, ca = tls_host(tmp_path)
    trust = ssl.create_default_context(cafile=str(ca))
    client = NetClient(f"wss://{LOOPBACK}:{host.port}/t/", 0, name="Ann", code="K7QF",
                       tls=trust)
    try:
        message = connected(client)
        assert message["type"] == "welcome"
        assert host.hellos[0]["name"] == "Ann"
        match = RemoteMatch(client, message)
        assert match.view()["hand"]
    finally:
        client.close()
        host.close()


def test_a_certificate_for_another_name_is_refused_even_from_a_trusted_authority(tmp_path):
    host, ca = tls_host(tmp_path, host="cards.example.org")
    client = NetClient(f"wss://{LOOPBACK}:{host.port}/", 0, name="Ann", code="K7QF",
                       tls=ssl.create_default_context(cafile=str(ca)))
    try:
        assert connected(client) == {"type": "closed", "code": "bad_certificate"}
    finally:
        client.close()
        host.close()


def test_plain_ws_to_a_tls_server_is_unreachable_not_a_crash(tmp_path):
    host, _ca = tls_host(tmp_path)
    client = NetClient(f"ws://{LOOPBACK}:{host.port}/", 0, name="Ann", code="K7QF",
                       timeout=2.0)
    try:
        assert connected(client)["code"] in ("unreachable", "host_gone")
    finally:
        client.close()
        host.close()


@pytest.mark.parametrize("text,code,url", [
    ("wss://cards.example.org/t/", "k7qf-2m", "wss://cards.example.org/t/K7QF2M"),
    ("WSS://cards.example.org:8443/t/", "K7QF2M", "wss://cards.example.org:8443/t/K7QF2M"),
    ("wss://cards.example.org/", "K7QF2M", "wss://cards.example.org/"),
    ("wss://cards.example.org", "K7QF2M", "wss://cards.example.org/"),
    ("ws://192.168.1.20:47650/", "K7QF", "ws://192.168.1.20:47650/"),
    ("ws://[::1]:47650/t/", "AB", "ws://[::1]:47650/t/AB"),
    ("wss://cards.example.org/t/K7QF2M", "K7QF2M", "wss://cards.example.org/t/K7QF2M"),
    ("wss://cards.example.org/t/", "", "wss://cards.example.org/t/"),
    ("https://cards.example.org/", "K", None), ("wss://", "K", None),
    ("wss://user:pw@cards.example.org/", "K", None), ("wss://cards.example.org:99999/", "K", None),
    ("wss://cards.example.org:0/", "K", None), ("wss://cards.example.org/?x=1", "K", None),
    ("wss://cards.example.org/#t", "K", None), ("wss://cards .example.org/", "K", None),
    ("wss://-bad-.org/", "K", None), ("wss://cärds.org/", "K", None),
    ("wss://" + "a" * 70 + ".org/", "K", None), ("cards.example.org", "K", None),
])
def test_a_typed_server_address_is_checked_before_anything_is_tried(text, code, url):
    assert server_url(text, code) == url
    assert is_url(text) is text.lower().startswith(("ws://", "wss://"))
    if url is not None:
        assert url_of(url, 0) == url


def test_a_table_with_too_many_connections_waiting_says_busy_not_unreachable():
    """A host's or server's door answers one connection too many with HTTP 503 at once:
    the friend is told the table is busy, to try again, not that nothing answers."""
    import socket
    import threading

    listener = socket.socket()
    listener.bind((LOOPBACK, 0))
    listener.listen(1)
    port = listener.getsockname()[1]

    def door() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(4096)
            conn.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                         b"Connection: close\r\n\r\n")

    answering = threading.Thread(target=door, daemon=True)
    answering.start()
    client = NetClient(f"ws://{LOOPBACK}:{port}/", 0, name="Ann", code="K7QF")
    try:
        assert connected(client) == {"type": "closed", "code": "busy"}
    finally:
        client.close()
        answering.join(5)
        listener.close()

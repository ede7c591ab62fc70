"""Which servers a webhook may call: one answer for registering a URL
(service/webhooks/registration.py, on the name as written) and for sending to
it (service/webhooks/delivery.py, on every address the name resolves to).

A host is refused when it is, however spelled, not on the public internet:
"localhost" (also "localhost." and names under it), an IPv4 address in any
form the resolver takes ("2130706433", "0x7f000001", "0177.0.0.1", "127.1",
"0", a trailing dot), and an IPv6 address that is not global or that carries
an IPv4 address that is not (IPv4-mapped and -compatible, 6to4 "2002::/16",
Teredo, NAT64 "64:ff9b::/96" and "64:ff9b:1::/48"). Other names can only be
checked once resolved, when sending."""

from __future__ import annotations

import ipaddress
import re
import socket

#: the IPv4 spellings inet_aton takes: one to four parts, decimal, octal or hex
_IPV4_ANY = re.compile(r"(?:0x[0-9a-f]*|\d+)(?:\.(?:0x[0-9a-f]*|\d+)){0,3}", re.IGNORECASE)
_NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
_COMPATIBLE = ipaddress.ip_network("::/96")


def literal_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address ``host`` spells (as a resolver would read it), None for a name."""
    host = host.strip().rstrip(".").strip("[]")
    if _IPV4_ANY.fullmatch(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None  # e.g. a part too large: no resolver reads it as an address either
    try:
        return ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return None


def public_address(address: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether an address is on the public internet (not private, loopback,
    link-local, reserved), also the IPv4 address an IPv6 one carries."""
    ip = ipaddress.ip_address(address.split("%")[0]) if isinstance(address, str) else address
    if not ip.is_global:
        return False
    if isinstance(ip, ipaddress.IPv4Address):
        return True
    embedded = [ip.ipv4_mapped, ip.sixtofour, *(ip.teredo or ())]
    if any(ip in network for network in _NAT64) or (ip in _COMPATIBLE and int(ip) > 1):
        embedded.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return all(v4.is_global for v4 in embedded if v4 is not None)


def public_host(host: str) -> bool:
    """False for "localhost" and for literal addresses that are not public;
    True for other names (resolved and checked when sending)."""
    name = host.strip().rstrip(".").lower()
    if not name or name == "localhost" or name.endswith(".localhost"):
        return False
    address = literal_address(name)
    return public_address(address) if address is not None else True

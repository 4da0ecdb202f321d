"""The link a card's QR code carries, and the validation of the base URL it starts with.

The base URL is printed forever, so it is checked before anything is drawn, and read as a
phone's browser will read it: by the WHATWG URL rules (ada-url), which turn `http://127.1`,
`http://0x7f.1`, `http://2130706433`, full-width digits and percent-escapes into the address
they really mean. That address is then classified with `ipaddress`; anything that is not public
is refused unless a test print allows it.

The link upper-cases the scheme, the host, `/C/` and the code so that QR's alphanumeric mode
(digits, upper-case letters and ` $%*+-./:`) can pack it; a path inside the base URL is kept
exactly as given, since a server's paths may be case-sensitive.

>>> base = parse_base_url("https://gong.example.org")
>>> card_link(base, parse_card("ne5"))
'HTTPS://GONG.EXAMPLE.ORG/C/NE5'
>>> card_link(parse_base_url("https://example.org/games/gong/"), parse_card("J1"))
'HTTPS://EXAMPLE.ORG/games/gong/C/J1'
>>> str(parse_base_url("http://0x7f.1:8000", allow_local=True))
'http://127.0.0.1:8000'
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from dataclasses import dataclass
from urllib.parse import unquote

import ada_url

from gong.cards import Card, parse_card

__all__ = ["BaseUrl", "BaseUrlError", "card_link", "parse_base_url", "parse_card"]


class BaseUrlError(ValueError):
    """A base URL that must not be printed on cards."""


_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
# RFC 3986 path characters: unreserved, sub-delims, ':', '@', '/', and %-escapes.
_PATH_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$")
_HOST_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_NUMBER_LABEL = re.compile(r"^(?:[0-9]+|0x[0-9a-f]*)$")
"""The WHATWG "ends in a number" test: such a host must be an IPv4 address."""
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa")
# Dots that browsers (UTS #46) read as '.': ideographic, full-width and half-width.
_DOTS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})
_HOST_IPV4, _HOST_IPV6 = ada_url.HostType.IPV4, ada_url.HostType.IPV6


@dataclass(frozen=True, slots=True)
class BaseUrl:
    """A validated base URL in the form a browser reads it: scheme, host (with port), and the
    path prefix without a trailing slash."""

    scheme: str
    netloc: str
    path: str
    is_local: bool

    def __str__(self) -> str:
        return f"{self.scheme}://{self.netloc}{self.path}"


def parse_base_url(text: str, *, allow_local: bool = False) -> BaseUrl:
    """Validate TEXT as the base of the printed links; `BaseUrlError` says what is wrong."""
    text = text.strip()
    if not text:
        raise BaseUrlError("the base URL is empty: give the site's permanent address")
    if any(ch.isspace() or unicodedata.category(ch) == "Cc" for ch in text):
        raise BaseUrlError(f"the base URL {text!r} contains a space or a control character")
    scheme_match = _SCHEME.match(text)
    scheme = scheme_match.group(1).lower() if scheme_match else ""
    if scheme not in ("http", "https") or not text[len(scheme) + 1 :].startswith("//"):
        shown = repr(scheme_match.group(1)) if scheme_match else "none"
        raise BaseUrlError(
            f"the base URL {text!r} must start with http:// or https:// (scheme: {shown})"
        )
    # The raw pieces, for the checks a browser would silently "repair" (https:///x is host x).
    rest = text[len(scheme) + 3 :]
    authority = re.split(r"[/?#\\]", rest, maxsplit=1)[0]
    raw_path = re.split(r"[?#]", rest[len(authority) :], maxsplit=1)[0]
    if not authority:
        raise BaseUrlError(f"the base URL {text!r} has no host name")
    if "@" in authority:
        raise BaseUrlError(f"the base URL {text!r} must not contain a user name or password")
    if "?" in text or "#" in text:
        raise BaseUrlError(
            f"the base URL {text!r} must not have a query (?) or fragment (#): "
            "the card's /C/<code> is appended to it"
        )
    if not _PATH_CHARS.match(raw_path):
        raise BaseUrlError(
            f"the base URL path {raw_path!r} has characters that are not allowed in a URL "
            "(percent-encode them)"
        )
    try:
        url = ada_url.URL(text)
    except ValueError:
        raise BaseUrlError(_why_browsers_refuse(text, authority)) from None
    host, port = url.hostname, url.port
    if port == "0":
        raise BaseUrlError(f"the base URL {text!r} has port 0, which no browser connects to")
    local = _is_local_host(host, url.host_type, text)
    if local and not allow_local:
        raise BaseUrlError(
            f"the base URL {text!r} points to a local or private address ({host}), which no "
            "phone can reach: give the public, permanent address, or pass --allow-local "
            "for a test print"
        )
    netloc = f"{host}:{port}" if port else host
    return BaseUrl(scheme, netloc, url.pathname.rstrip("/"), local)


def _why_browsers_refuse(text: str, authority: str) -> str:
    """Why the WHATWG parser refused TEXT, in words: the port, a numeric last label, or the
    host."""
    if authority.startswith("["):  # an IPv6 literal, then maybe ":port"
        end = authority.find("]") + 1 or len(authority)
        host, port = authority[:end], authority[end:].removeprefix(":")
    else:
        host, _, port = authority.partition(":")
    if port and (not port.isdigit() or int(port) > 65535):
        return f"the base URL {text!r} has an invalid port {port!r}"
    # Read the host as the URL rules do before their number test: escapes, width, dots.
    readable = unicodedata.normalize("NFKC", unquote(host)).translate(_DOTS).lower()
    labels = readable.split(".")
    last = labels[-2] if len(labels) > 1 and labels[-1] == "" else labels[-1]
    if _NUMBER_LABEL.match(last):
        return (
            f"the host {host!r} of {text!r} ends in a number, so browsers read it as an IPv4 "
            "address, and it is not a valid one: browsers refuse to open it"
        )
    return f"the base URL {text!r} has an invalid host {host!r}: browsers refuse to open it"


def _is_local_host(host: str, host_type: ada_url.HostType, text: str) -> bool:
    """Validate HOST (as the URL parser left it); return whether no phone could reach it."""
    if host_type == _HOST_IPV4:
        return _is_local_address(ipaddress.IPv4Address(host))
    if host_type == _HOST_IPV6:
        return _is_local_address(ipaddress.IPv6Address(host.strip("[]")))
    if host.endswith("."):
        raise BaseUrlError(
            f"the host {host!r} of {text!r} ends with a dot: write {host.rstrip('.')!r}, the form "
            "certificates and servers expect"
        )
    if not all(_HOST_LABEL.match(label) for label in host.split(".")):
        raise BaseUrlError(f"the base URL {text!r} has an invalid host name {host!r}")
    # A name without a dot only resolves on a local network.
    return host == "localhost" or host.endswith(_LOCAL_SUFFIXES) or "." not in host


def _is_local_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether ADDRESS, or an IPv4 address carried inside an IPv6 one, is not public."""
    if not address.is_global or address.is_multicast:
        return True
    if isinstance(address, ipaddress.IPv4Address):
        return False
    carried = [address.ipv4_mapped, address.sixtofour, *(address.teredo or ())]
    if address in _NAT64 or int(address) >> 32 == 0:  # NAT64, and IPv4-compatible (::a.b.c.d)
        carried.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return any(v4 is not None and _is_local_address(v4) for v4 in carried)


_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def card_link(base: BaseUrl, card: Card) -> str:
    """The text of CARD's QR code: `HTTPS://HOST/path/C/NE5`."""
    return f"{base.scheme.upper()}://{base.netloc.upper()}{base.path}/C/{card.code.upper()}"

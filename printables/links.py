"""The link a card's QR code carries, and the validation of the base URL it starts with.

The base URL is printed forever, so it is checked before anything is drawn. The link upper-cases
the scheme, the host, `/C/` and the code so that QR's alphanumeric mode (digits, upper-case
letters and ` $%*+-./:`) packs it into a small code; a path inside the base URL is kept exactly as
given, since a server's paths may be case-sensitive.

>>> base = parse_base_url("https://gong.example.org")
>>> card_link(base, parse_card("ne5"))
'HTTPS://GONG.EXAMPLE.ORG/C/NE5'
>>> card_link(parse_base_url("https://example.org/games/gong/"), parse_card("J1"))
'HTTPS://EXAMPLE.ORG/games/gong/C/J1'
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from gong.cards import Card, parse_card

__all__ = ["BaseUrl", "BaseUrlError", "card_link", "parse_base_url", "parse_card"]


class BaseUrlError(ValueError):
    """A base URL that must not be printed on cards."""


# RFC 3986 path characters: unreserved, sub-delims, ':', '@', '/', and %-escapes.
_PATH_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$")
_HOST_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa")


@dataclass(frozen=True, slots=True)
class BaseUrl:
    """A validated base URL: scheme, host (with port) and the path prefix, without a trailing
    slash."""

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
    if any(ch.isspace() for ch in text):
        raise BaseUrlError(f"the base URL {text!r} contains a space")
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        shown = f"{parts.scheme!r}" if parts.scheme else "none"
        raise BaseUrlError(
            f"the base URL {text!r} must start with http:// or https:// (scheme: {shown})"
        )
    if not parts.hostname:
        raise BaseUrlError(f"the base URL {text!r} has no host name")
    if parts.username is not None or parts.password is not None:
        raise BaseUrlError(f"the base URL {text!r} must not contain a user name or password")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise BaseUrlError(
            f"the base URL {text!r} must not have a query (?) or fragment (#): "
            "the card's /C/<code> is appended to it"
        )
    try:
        port = parts.port
    except ValueError:
        raise BaseUrlError(f"the base URL {text!r} has an invalid port") from None
    host = parts.hostname
    local = _check_host(host, text)
    if local and not allow_local:
        raise BaseUrlError(
            f"the base URL {text!r} points to a local or private address ({host}), which no "
            "phone can reach: give the public, permanent address, or pass --allow-local "
            "for a test print"
        )
    if not _PATH_CHARS.match(parts.path):
        raise BaseUrlError(
            f"the base URL path {parts.path!r} has characters that are not allowed in a URL "
            "(percent-encode them)"
        )
    shown_host = f"[{host}]" if ":" in host else host
    netloc = shown_host if port is None else f"{shown_host}:{port}"
    return BaseUrl(scheme, netloc, parts.path.rstrip("/"), local)


def _check_host(host: str, text: str) -> bool:
    """Validate HOST; return whether it is a local or private address."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None:
        return not address.is_global
    if not host.isascii():
        raise BaseUrlError(
            f"the host {host!r} of {text!r} is not ASCII: write it in its xn-- (punycode) form"
        )
    labels = host.rstrip(".").split(".")
    if not all(_HOST_LABEL.match(label) for label in labels):
        raise BaseUrlError(f"the base URL {text!r} has an invalid host name {host!r}")
    name = host.rstrip(".").lower()
    # A name without a dot only resolves on a local network.
    return name == "localhost" or name.endswith(_LOCAL_SUFFIXES) or len(labels) == 1


def card_link(base: BaseUrl, card: Card) -> str:
    """The text of CARD's QR code: `HTTPS://HOST/path/C/NE5`."""
    return f"{base.scheme.upper()}://{base.netloc.upper()}{base.path}/C/{card.code.upper()}"

"""The headers every response carries: the security headers (pages, assets and every error
page alike), and the caching rules of HTML pages."""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from flask import Response, request
from werkzeug.http import parse_accept_header

# No inline script or style anywhere: the stylesheet, the icons, the manifest and the one
# script (which registers the offline worker, server/offline.py) come from this origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; "
    "worker-src 'self'; manifest-src 'self'; connect-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """WSGI middleware adding the security headers to every response, error pages included.

    Appending to the WSGI header list costs a fraction of setting them one by one on
    Werkzeug's validated `Headers`, on the site's hottest path.
    """

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.headers = list(SECURITY_HEADERS.items())

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]):
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            # A page that sets its own policy keeps it (the table pages allow their script).
            if any(key == "Content-Security-Policy" for key, _ in headers):
                headers.extend(h for h in self.headers if h[0] != "Content-Security-Policy")
            else:
                headers.extend(self.headers)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


HTML_VARY = "Accept-Language, Cookie, Accept-Encoding"


def html_caching(response: Response) -> None:
    """HTML pages differ by language, chosen from Accept-Language and the cookie, and by
    encoding (see `compress`)."""
    if response.mimetype == "text/html":
        response.headers["Vary"] = HTML_VARY
        response.headers.setdefault("Cache-Control", "private, no-cache")


COMPRESSED_TYPES = frozenset(
    {"text/html", "text/css", "text/javascript", "image/svg+xml", "application/json"}
)
MIN_COMPRESSED_BYTES = 256
"""Below this, gzip's header and trailer cost more than they save."""


class GzipCache:
    """Compressed bodies by body, bounded like the page cache: the site's pages are few (a
    mission page is the same bytes for every visitor), so each is compressed once."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._bodies: dict[bytes, bytes] = {}

    def compress(self, body: bytes) -> bytes:
        packed = self._bodies.get(body)
        if packed is None:
            # mtime=0: the same page gives the same bytes, whichever worker sends it.
            packed = gzip.compress(body, compresslevel=6, mtime=0)
            if len(self._bodies) >= self.size:
                self._bodies = {}
            self._bodies[body] = packed
        return packed


_GZIP = GzipCache()


@lru_cache(maxsize=256)
def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header lets gzip through (`gzip;q=0` does not, `*` does).
    Browsers send a handful of distinct headers: each is parsed once, not on every page."""
    return parse_accept_header(accept_encoding)["gzip"] > 0


def has_header(response: Response, name: str) -> bool:
    """`name in response.headers`, without its cost for a missing header: Werkzeug raises
    and catches an exception then, which costs several times the scan itself."""
    name = name.lower()
    return any(key.lower() == name for key, _ in response.headers)


def compress(response: Response) -> None:
    """Send text gzip-compressed to clients that accept it: a page in Hindi or Bengali (three
    bytes a character) with its eleven language links then still fits the first round trip
    (14 KB) with its stylesheet."""
    if (
        response.mimetype not in COMPRESSED_TYPES
        or response.direct_passthrough
        or response.is_streamed
        or has_header(response, "Content-Encoding")
    ):
        return
    # An HTML page's Vary (html_caching) names Accept-Encoding already: parsing it back into
    # a set, only to find it there, is skipped on every page.
    if response.headers.get("Vary") != HTML_VARY:
        response.vary.add("Accept-Encoding")
    environ = request._get_current_object().environ  # see server.state.site
    if not accepts_gzip(environ.get("HTTP_ACCEPT_ENCODING", "")):
        return
    body = response.get_data()
    if len(body) < MIN_COMPRESSED_BYTES:
        return
    response.set_data(_GZIP.compress(body))
    response.headers["Content-Encoding"] = "gzip"

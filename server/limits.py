"""The app's own limits on a request's size. The HTTP server's limits are set above these
(server/httpserver.py), so a too-long address or too-large headers get the site's own error
page (414, 431), in the visitor's language, rather than the server's bare answer."""

from __future__ import annotations

import os
from itertools import filterfalse

from flask import request
from werkzeug.exceptions import RequestHeaderFieldsTooLarge, RequestURITooLarge

MAX_REQUEST_LINE = 8 * 1024
"""Bytes of `GET /path?query HTTP/1.1`: a printed QR link is about 30."""
MAX_HEADER_BYTES = 16 * 1024
"""Bytes of all header names and values together: a browser's, cookies included, stay
within a few kilobytes."""


def request_line_length(environ: dict) -> int:
    target = environ.get("RAW_URI") or environ.get("REQUEST_URI")
    if target is None:
        query = environ.get("QUERY_STRING", "")
        target = environ.get("PATH_INFO", "") + ("?" + query if query else "")
    method, protocol = environ.get("REQUEST_METHOD", ""), environ.get("SERVER_PROTOCOL", "")
    return len(method) + len(target) + len(protocol) + 2


_NOT_HEADERS = frozenset(
    name
    for name in (
        *os.environ,
        *("REQUEST_METHOD", "SCRIPT_NAME", "PATH_INFO", "QUERY_STRING", "SERVER_NAME"),
        *("SERVER_PORT", "SERVER_PROTOCOL", "SERVER_SOFTWARE", "GATEWAY_INTERFACE"),
        *("REMOTE_ADDR", "REMOTE_PORT", "REQUEST_URI", "RAW_URI", "wsgi.version"),
        *("wsgi.url_scheme", "wsgi.input", "wsgi.errors", "wsgi.multithread"),
        *("wsgi.multiprocess", "wsgi.run_once", "wsgi.input_terminated"),
    )
    if not name.startswith("HTTP_")
)
"""Environ names that are no header line (none starts with "HTTP_"): granian copies the whole
process environment into every request's environ, so these are most of its names, and only
the others need looking at."""


def header_bytes(environ: dict) -> int:
    """Bytes of the header lines as sent, about: `HTTP_X_Y` was the line `X-Y: value`."""
    total = len(environ.get("CONTENT_TYPE", "")) + len(environ.get("CONTENT_LENGTH", ""))
    # The names known not to be headers are passed over in C (filterfalse), the rest in a
    # plain loop. A name starts with "HTTP_" exactly when it sorts from "HTTP_" up to "HTTP`"
    # ("`" follows "_"): two string comparisons cost about half `startswith`.
    for name in filterfalse(_NOT_HEADERS.__contains__, environ):
        if "HTTP_" <= name < "HTTP`":
            total += len(name) - 1 + len(environ[name])  # "HTTP_" gives way to ": " and CRLF
    return total


def check() -> None:
    """Refuse a request too large for the app (414, 431) before anything reads it."""
    environ = request._get_current_object().environ  # see server.state.site
    if request_line_length(environ) > MAX_REQUEST_LINE:
        raise RequestURITooLarge()
    if header_bytes(environ) > MAX_HEADER_BYTES:
        raise RequestHeaderFieldsTooLarge()

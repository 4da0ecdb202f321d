"""The headers every response carries: the security headers (pages, assets and every error
page alike), and the caching rules of HTML pages."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Response

# No inline script or style anywhere: the one stylesheet and the icon come from this origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; "
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


def html_caching(response: Response) -> None:
    """HTML pages differ by language, chosen from Accept-Language and the cookie."""
    if response.mimetype == "text/html":
        response.headers["Vary"] = "Accept-Language, Cookie"
        response.headers.setdefault("Cache-Control", "private, no-cache")

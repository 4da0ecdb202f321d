"""The error pages: every error a visitor can get from the app (404, 405, 414, 431, 500 and
the rest) is the site's own page, in the visitor's language, with the site's headers."""

from __future__ import annotations

from flask import Flask, Response, g
from werkzeug.exceptions import HTTPException

from gong.i18n import DEFAULT_LANGUAGE
from server.language import current_language
from server.pages import page
from server.state import site
from server.texts import text

# Status -> (title key, message key) in server/texts.py; any other status gets the last pair.
ERROR_TEXTS: dict[int, tuple[str, str]] = {
    404: ("lost_title", "lost_page"),
    405: ("method_title", "method"),
    414: ("too_long_title", "too_long"),
    431: ("too_big_title", "too_big"),
    500: ("broken_title", "broken"),
}
OTHER_ERROR = ("bad_request_title", "bad_request")


def error_page(status: int, message_key: str | None = None, **values: str) -> Response:
    """The error page for `status` in the visitor's language; `message_key` says more
    precisely what went wrong (which card code, which mission was not found)."""
    title_key, default_message = ERROR_TEXTS.get(status, OTHER_ERROR)
    lang = current_language()
    return page(
        "error.html",
        status,
        # A static export's one error page is served at any path: its menu leads home.
        path="/" if site().static is not None else None,
        title=text(lang, title_key),
        message=text(lang, message_key or default_message, **values),
    )


def lost(key: str = "lost_page", **values: str) -> Response:
    """The 404 page, saying what was not found."""
    return error_page(404, key, **values)


def _http_error(error: HTTPException) -> Response:
    response = error_page(error.code or 500)
    # Keep what the error says beyond its body: the methods a 405 allows, for one.
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def _broken(_error: Exception) -> Response:
    try:
        current_language()
    except Exception:  # the failure may lie in the request itself: answer in English
        g.lang = DEFAULT_LANGUAGE
    return error_page(500)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(500, _broken)

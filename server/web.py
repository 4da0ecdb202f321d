"""What every page shares: the visitor's language, rendering with the common context, the
security headers, and the 404 page."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any
from urllib.parse import urlencode

from flask import (
    Flask,
    Request,
    Response,
    g,
    make_response,
    render_template,
    request,
    url_for,
)
from flask.sessions import SessionInterface

from gong.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES
from server.state import site
from server.texts import text

LANG_COOKIE = "lang"
LANG_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

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


# Browsers send a handful of distinct Accept-Language headers; parsing one costs more than the
# rest of choosing the language.
_accept_cache: dict[str, str] = {}


def cookie(name: str) -> str | None:
    """A request cookie; a request without any (a fresh visitor) skips the parsing."""
    return request.cookies.get(name) if "HTTP_COOKIE" in request.environ else None


def choose_language() -> tuple[str, bool]:
    """The visitor's language and whether it came from `?lang=` (then it is remembered):
    `?lang=`, then the cookie, then Accept-Language (q-values honoured), then English."""
    if request.query_string:
        asked = request.args.get("lang", "").strip().lower()
        if asked in LANGUAGES:
            return asked, True
    remembered = cookie(LANG_COOKIE)
    if remembered in LANGUAGES:
        return remembered, False
    header = request.headers.get("Accept-Language", "")
    lang = _accept_cache.get(header)
    if lang is None:
        lang = preferred_language(request.accept_languages)
        if len(_accept_cache) >= 512:
            _accept_cache.clear()
        _accept_cache[header] = lang
    return lang, False


def preferred_language(accepted: Iterable[tuple[str, float]]) -> str:
    """The first supported language in Accept-Language order (highest q first), matching on
    the primary tag: `de, fr-CA;q=0.7, en;q=0.5` gives fr (Werkzeug's `best_match` would
    prefer the exact `en` at q=0.5 over the better-liked `fr-CA`)."""
    for value, quality in accepted:
        primary = value.split("-")[0].strip().lower()
        if quality > 0 and primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def _before() -> None:
    g.lang, g.lang_asked = choose_language()


def _after(response: Response) -> Response:
    if response.mimetype == "text/html":
        # Pages differ by language, chosen from these two headers.
        response.headers["Vary"] = "Accept-Language, Cookie"
        response.headers.setdefault("Cache-Control", "private, no-cache")
    if g.get("lang_asked"):
        response.set_cookie(
            LANG_COOKIE,
            g.lang,
            max_age=LANG_COOKIE_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=site().secure_cookies,
        )
    return response


def language_links(path: str, **keep: str) -> list[dict[str, Any]]:
    """Plain links to the page at `path` in every language (`keep` adds query values, such as
    the mission shown, so switching language does not draw a new one)."""
    links = []
    for lang in LANGUAGES:
        query = urlencode({"lang": lang, **keep})
        links.append(
            {
                "code": lang,
                "name": LANGUAGE_NAMES[lang],
                "href": f"{request.script_root}{path}?{query}",
                "current": lang == g.lang,
            }
        )
    return links


def _cache_key(template: str, path: str | None, cache_key: tuple[str, ...]) -> tuple:
    return (template, g.lang, request.script_root, path or request.path, *cache_key)


def cached_page(
    template: str, cache_key: tuple[str, ...], path: str | None = None
) -> Response | None:
    """The page `page(template, path=path, cache_key=cache_key, ...)` rendered earlier, if any:
    callers check here before building their context."""
    body = site().pages.get(_cache_key(template, path, cache_key))
    return None if body is None else Response(body, mimetype="text/html")


def page(
    template: str,
    status: int = 200,
    keep: dict[str, str] | None = None,
    path: str | None = None,
    cache_key: tuple[str, ...] | None = None,
    **context: Any,
) -> Response:
    """Render `template` in the visitor's language with what base.html needs.

    The language links point at `path` (default: this request's path). A page that is a pure
    function of the language, the path and `cache_key` (a mission page: the mission, the
    card) is kept in memory once rendered (see `cached_page`): drawing missions is the hot
    path.
    """
    state = site()
    html = render_template(
        template,
        lang=g.lang,
        t=partial(text, g.lang),
        lang_links=language_links(path or request.path, **(keep or {})),
        css_url=url_for("assets.stylesheet", digest=state.css.digest),
        icon_url=url_for("assets.icon", digest=state.icon.digest),
        **context,
    )
    if cache_key is not None:
        state.pages.put(_cache_key(template, path, cache_key), html.encode())
    return make_response(html, status)


def lost(key: str = "lost_page", **values: str) -> Response:
    """The 404 page in the visitor's language, saying what was not found."""
    return page(
        "error.html", 404, title=text(g.lang, "lost_title"), message=text(g.lang, key, **values)
    )


def _not_found(_error: Exception) -> Response:
    return lost()


def _broken(_error: Exception) -> Response:
    lang = g.get("lang", DEFAULT_LANGUAGE)
    g.lang = lang
    return page("error.html", 500, title=text(lang, "broken_title"), message=text(lang, "broken"))


class _NoSession(SessionInterface):
    """The site keeps no Flask session (its one state is the signed "seen" cookie); skipping
    Flask's session machinery saves building a signing serializer on every request."""

    def open_session(self, app: Flask, request: Request) -> None:
        return None

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        return None


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


def init_app(app: Flask) -> None:
    app.session_interface = _NoSession()
    app.wsgi_app = SecurityHeaders(app.wsgi_app)
    app.before_request(_before)
    app.after_request(_after)
    app.register_error_handler(404, _not_found)
    app.register_error_handler(500, _broken)

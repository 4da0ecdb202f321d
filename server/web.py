"""What every page shares: the visitor's language, rendering with the common context, the
security headers, and the 404 page."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any
from urllib.parse import urlencode

from flask import (
    Flask,
    Response,
    current_app,
    g,
    make_response,
    render_template,
    request,
    url_for,
)

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


def choose_language() -> tuple[str, bool]:
    """The visitor's language and whether it came from `?lang=` (then it is remembered):
    `?lang=`, then the cookie, then Accept-Language (q-values honoured), then English."""
    asked = request.args.get("lang", "").strip().lower()
    if asked in LANGUAGES:
        return asked, True
    remembered = request.cookies.get(LANG_COOKIE, "")
    if remembered in LANGUAGES:
        return remembered, False
    return preferred_language(request.accept_languages), False


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
    response.headers.update(SECURITY_HEADERS)
    if response.mimetype == "text/html":
        response.vary.update(("Accept-Language", "Cookie"))
        response.headers.setdefault("Cache-Control", "private, no-cache")
    if g.get("lang_asked"):
        response.set_cookie(
            LANG_COOKIE,
            g.lang,
            max_age=LANG_COOKIE_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=bool(current_app.config.get("GONG_SECURE_COOKIES")),
        )
    return response


def language_links(**keep: str) -> list[dict[str, Any]]:
    """Plain links to this same page in every language (`keep` adds query values, such as
    the mission shown, so switching language does not draw a new one)."""
    links = []
    for lang in LANGUAGES:
        query = urlencode({"lang": lang, **keep})
        links.append(
            {
                "code": lang,
                "name": LANGUAGE_NAMES[lang],
                "href": f"{request.path}?{query}",
                "current": lang == g.lang,
            }
        )
    return links


def page(
    template: str, status: int = 200, keep: dict[str, str] | None = None, **context: Any
) -> Response:
    """Render `template` in the visitor's language with what base.html needs."""
    state = site()
    html = render_template(
        template,
        lang=g.lang,
        t=partial(text, g.lang),
        lang_links=language_links(**(keep or {})),
        css_url=url_for("assets.stylesheet", digest=state.css.digest),
        icon_url=url_for("assets.icon", digest=state.icon.digest),
        **context,
    )
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


def init_app(app: Flask) -> None:
    app.before_request(_before)
    app.after_request(_after)
    app.register_error_handler(404, _not_found)
    app.register_error_handler(500, _broken)

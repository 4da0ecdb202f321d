"""Where the visitor's language is chosen and switched: `?lang=` (then remembered in a
cookie), then the cookie, then Accept-Language, then English; and the links to the same page
in every language."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urlencode

from flask import Response, g, request
from werkzeug.http import parse_cookie

from gong.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, text_direction
from server.state import site
from server.webapp import site_url

LANG_COOKIE = "lang"
LANG_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

# Browsers send a handful of distinct Accept-Language headers; parsing one costs more than the
# rest of choosing the language.
_accept_cache: dict[tuple[str, tuple[str, ...]], str] = {}


_COOKIES = "gong.cookies"
"""The environ key of this request's parsed cookies."""


def cookie(name: str, environ: dict[str, Any] | None = None) -> str | None:
    """A request cookie; a request without any (a fresh visitor) skips the parsing.

    The one Cookie header is parsed from the environ (`environ`: this request's, when the
    caller has it at hand), as `request.cookies` parses it, once per request:
    `request.cookies` finds the header by walking every environ key, and granian's environ
    holds the server's whole process environment."""
    if environ is None:
        environ = request._get_current_object().environ  # see server.state.site
    header = environ.get("HTTP_COOKIE")
    if header is None:
        return None
    cookies = environ.get(_COOKIES)
    if cookies is None:
        cookies = environ[_COOKIES] = parse_cookie(header)
    return cookies.get(name)


def choose_language() -> tuple[str, bool]:
    """The visitor's language and whether it came from `?lang=` (then it is remembered):
    `?lang=`, then the cookie, then Accept-Language (q-values honoured), then English. Only
    the languages served count: a hidden one is as if it did not exist."""
    served = site().languages
    # Read from the environ, got once (see server.state.site): Werkzeug's header view costs
    # more to build than reading the one header it is asked for.
    environ = request._get_current_object().environ
    if environ.get("QUERY_STRING"):
        asked = request.args.get("lang", "").strip().lower()
        if asked in served:
            return asked, True
    remembered = cookie(LANG_COOKIE, environ)
    if remembered in served:
        return remembered, False
    key = (environ.get("HTTP_ACCEPT_LANGUAGE", ""), served)
    lang = _accept_cache.get(key)
    if lang is None:
        lang = preferred_language(request.accept_languages, served)
        if len(_accept_cache) >= 512:
            _accept_cache.clear()
        _accept_cache[key] = lang
    return lang, False


def preferred_language(accepted: Iterable[tuple[str, float]], served: Sequence[str]) -> str:
    """The first served language in Accept-Language order (highest q first), matching on
    the primary tag, so regional variants find their language (`de-AT` is German, `es-MX`
    Spanish) and one not served falls through (`pt-BR`, then English): `pt-BR, fr-CA;q=0.7,
    en;q=0.5` gives fr (Werkzeug's `best_match` would prefer the exact `en` at q=0.5 over the
    better-liked `fr-CA`)."""
    for value, quality in accepted:
        primary = value.replace("_", "-").split("-")[0].strip().lower()
        if quality > 0 and primary in served:
            return primary
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language of this request, chosen on first use: an error raised before any page
    hook ran (a 405, a too-long URL) is still answered in the visitor's language."""
    lang = g.get("lang")
    if lang is None:
        g.lang, g.lang_asked = choose_language()
        lang = g.lang
    return lang


def language_links(
    path: str, languages: Sequence[str] | None = None, relative: bool = False, **keep: str
) -> list[dict[str, Any]]:
    """Plain links to the page at `path` in every served language (`keep` adds query values,
    such as the mission shown, so switching language does not draw a new one); they are the
    menu and the page's hreflang alternates. `relative` links are the query alone (`?lang=fr`,
    the same page): the table pages, which have no alternates, send them on every update."""
    links = []
    state = site()
    root = site_url(state.base)
    static = state.static
    for lang in state.languages if languages is None else languages:
        if static is not None:  # the static export: each language has its own paths
            href = static.page(path, lang)
            links.append({"code": lang, "name": LANGUAGE_NAMES[lang], "href": href,
                          "absolute": static.origin + href, "current": lang == g.lang,
                          "dir": text_direction(lang)})  # fmt: skip
            continue
        query = urlencode({"lang": lang, **keep})
        links.append(
            {
                "code": lang,
                "name": LANGUAGE_NAMES[lang],
                "href": f"?{query}" if relative else f"{request.script_root}{path}?{query}",
                "absolute": f"{root}{path}?{query}",
                "current": lang == g.lang,
                "dir": text_direction(lang),
            }
        )
    return links


def default_link(path: str, **keep: str) -> str:
    """The page at `path` with no language asked, absolute: the hreflang x-default, which
    each visitor gets in their own language."""
    state = site()
    if state.static is not None:  # the static export: the page without a language prefix
        return state.static.origin + state.static.page(path, None)
    query = f"?{urlencode(keep)}" if keep else ""
    return f"{site_url(state.base)}{path}{query}"


def choose() -> None:
    """Choose this request's language (`g.lang`), before any page is built."""
    request_g = g._get_current_object()  # see server.state.site
    request_g.lang, request_g.lang_asked = choose_language()


def remember(response: Response) -> None:
    """A language chosen with `?lang=` is kept in a cookie for a year."""
    if g._get_current_object().get("lang_asked"):  # see server.state.site
        response.set_cookie(
            LANG_COOKIE,
            g.lang,
            max_age=LANG_COOKIE_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=site().secure_cookies,
        )

"""Rendering a page in the visitor's language with what base.html needs, and the cache of
rendered pages: drawing missions is the hot path, and a mission page is a pure function of
the language, the path, the mission and the card."""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Flask, Response, current_app, g, make_response, render_template, request, url_for

from gong.i18n import LANGUAGE_NAMES, text_direction
from server.language import default_link, language_links
from server.state import site
from server.texts import text
from server.views import assets


def short(words: str, most: int = 160) -> str:
    """A description as search results show it: one line, at most `most` characters, cut
    at a word."""
    line = " ".join(words.split())
    if len(line) <= most:
        return line
    return line[: most - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


_CACHE = "gong.pages"
HTML_CONTENT_TYPE = "text/html; charset=utf-8"
"""What `mimetype="text/html"` gives, written out: a cached page skips composing it."""


class PageCache:
    """Rendered pages by key, bounded: when full it starts afresh, which is simple, safe
    across threads (single dict operations), and rare: the site has a few thousand pages."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._pages: dict[tuple, bytes] = {}

    def get(self, key: tuple) -> bytes | None:
        return self._pages.get(key)

    def put(self, key: tuple, body: bytes) -> None:
        if len(self._pages) >= self.size:
            self._pages = {}
        self._pages[key] = body


def _cache_key(template: str, path: str | None, cache_key: tuple[str, ...]) -> tuple:
    this_request = request._get_current_object()  # see server.state.site
    return (
        template,
        g._get_current_object().lang,
        this_request.host,  # the absolute links name it when no GONG_BASE_URL is set
        this_request.script_root,
        path or this_request.path,
        bool(g.get("lang_asked")),  # the canonical link is the language's own page
        *cache_key,
    )


def cached_page(
    template: str, cache_key: tuple[str, ...], path: str | None = None
) -> Response | None:
    """The page `page(template, path=path, cache_key=cache_key, ...)` rendered earlier, if any:
    callers check here before building their context."""
    cache = current_app._get_current_object().extensions[_CACHE]  # see server.state.site
    body = cache.get(_cache_key(template, path, cache_key))
    return None if body is None else Response(body, content_type=HTML_CONTENT_TYPE)


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
    card) is kept once rendered (see `cached_page`).
    """
    state = site()
    context.setdefault("description", text(g.lang, "tagline"))
    context.update(assets.head(g.lang, short(context.pop("description"))))
    html = render_template(
        template,
        lang=g.lang,
        lang_name=LANGUAGE_NAMES[g.lang],
        dir=text_direction(g.lang),
        lang_asked=bool(g.get("lang_asked")),
        t=partial(text, g.lang),
        lang_links=language_links(path or request.path, **(keep or {})),
        default_link=default_link(path or request.path, **(keep or {})),
        css_url=url_for("assets.stylesheet", digest=state.css.digest),
        icon_url=url_for("assets.icon", digest=state.icon.digest),
        **context,
    )
    if cache_key is not None:
        current_app.extensions[_CACHE].put(_cache_key(template, path, cache_key), html.encode())
    return make_response(html, status)


def play_url(**values: str) -> str | None:
    """The tables' /play page (`game=` starts a game there); in a static export, the Flask
    site `--tables-url` names, or None when it names none (the links are left out)."""
    static = site().static
    if static is not None:
        return static.play(g.lang, **values)
    return url_for("tables_pages.play", **values)


def init_app(app: Flask) -> None:
    app.extensions[_CACHE] = PageCache()
    app.jinja_env.globals["play_url"] = play_url
    app.jinja_env.globals["static_site"] = None

"""The stylesheet and the icon, under content-hashed URLs so browsers may keep them forever:
after the first page, every page is one round trip of HTML alone."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request, url_for

from gong.i18n import text_direction
from server import webapp
from server.state import Asset, site
from server.texts import text

bp = Blueprint("assets", __name__)

CACHE_FOREVER = "public, max-age=31536000, immutable"


def _serve(asset: Asset, digest: str) -> Response:
    if digest != asset.digest:
        abort(404)  # an old page asking for an old stylesheet: let it reload
    response = Response(asset.body, mimetype=asset.mimetype)
    response.headers["Cache-Control"] = CACHE_FOREVER
    return response


@bp.get("/s/site-<digest>.css")
def stylesheet(digest: str) -> Response:
    return _serve(site().css, digest)


@bp.get("/s/icon-<digest>.svg")
def icon(digest: str) -> Response:
    return _serve(site().icon, digest)


@bp.get("/s/icon-192-<digest>.png")
def icon192(digest: str) -> Response:
    return _serve(site().webapp.icon192, digest)


@bp.get("/s/icon-512-<digest>.png")
def icon512(digest: str) -> Response:
    return _serve(site().webapp.icon512, digest)


@bp.get("/s/share-<digest>.png")
def share(digest: str) -> Response:
    return _serve(site().webapp.share, digest)


@bp.get("/robots.txt")
def robots() -> Response:
    response = Response(webapp.ROBOTS_TXT, mimetype="text/plain")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/manifest-<lang>.webmanifest")
def manifest(lang: str) -> Response:
    """The web app manifest in `lang` (one of the served languages)."""
    state = site()
    if lang not in state.languages:
        abort(404)
    images = state.webapp
    body = webapp.manifest(
        name=text(lang, "site_title"),
        short_name="GONG",
        description=text(lang, "tagline"),
        lang=lang,
        dir_=text_direction(lang),
        start_url=url_for("home.index", lang=lang),
        icons=[
            (url_for("assets.icon192", digest=images.icon192.digest), 192),
            (url_for("assets.icon512", digest=images.icon512.digest), 512),
        ],
    )
    response = Response(body, mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


def head(title_lang: str, description: str) -> dict[str, str]:
    """What every page's head names besides its own title: its description, the share
    image (absolute, as link previews need), the manifest in its language, the touch icon."""
    state = site()
    images = state.webapp
    root = webapp.site_url(state.base)
    return {
        "description": description,
        # The root names the base path already; url_for adds the path the app is mounted at.
        "share_image": root
        + url_for("assets.share", digest=images.share.digest)[len(request.script_root) :],
        "manifest_url": url_for("assets.manifest", lang=title_lang),
        "touch_icon": url_for("assets.icon192", digest=images.icon192.digest),
    }

"""The stylesheet and the icon, under content-hashed URLs so browsers may keep them forever:
after the first page, every page is one round trip of HTML alone."""

from __future__ import annotations

from flask import Blueprint, Response, abort

from server.state import Asset, site

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

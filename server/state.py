"""What the site loads once at start-up and shares, read-only, with every request."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from flask import Flask, current_app

from gong.missions import MissionBook
from printables.links import BaseUrl
from server.rulesdoc import RulesPage
from server.seen import COOKIE_MAX_AGE, SeenCookie
from server.texts import Catalog


@dataclass(frozen=True)
class Asset:
    body: bytes
    mimetype: str
    digest: str
    """A short content hash: it is in the URL, so the file can be cached forever."""


def make_asset(body: bytes, mimetype: str) -> Asset:
    return Asset(body, mimetype, hashlib.sha256(body).hexdigest()[:12])


@dataclass(frozen=True)
class SiteState:
    book: MissionBook
    rules: dict[str, dict[str, RulesPage]]
    cookie: SeenCookie
    rng: random.Random
    css: Asset
    icon: Asset
    texts: Catalog
    languages: tuple[str, ...]
    """The languages served: complete in every part (see `server.served_languages`)."""
    secure_cookies: bool = False
    base: BaseUrl | None = None
    """The public address (`GONG_BASE_URL`); None: each request's own host."""
    webapp: Any = None
    """The icons and the share image (`server.webapp.WebApp`)."""
    static: Any = None
    """The static export's links (`server.export.StaticLinks`); None when serving."""

    @cached_property  # sent with every mission drawn: built once, the state never changes
    def cookie_flags(self) -> str:
        """The attributes of the "seen" cookie: kept for a season, never read by scripts."""
        return f"Max-Age={COOKIE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax" + (
            "; Secure" if self.secure_cookies else ""
        )


def install(app: Flask, state: SiteState) -> None:
    app.extensions["gong"] = state


def site() -> SiteState:
    """The running app's shared state."""
    # On the hot path, Flask's context proxies (`current_app`, `request`, `g`) are read
    # through `_get_current_object()`: an attribute read on the proxy itself first fails as
    # a plain attribute (an AttributeError raised and caught inside) and costs about four
    # times as much.
    return current_app._get_current_object().extensions["gong"]

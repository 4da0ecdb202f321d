"""What the site loads once at start-up and shares, read-only, with every request."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, current_app

from gong.cards import Kind
from gong.i18n import KIND_COLOURS, KIND_DARK_COLOURS
from gong.missions import MissionBook
from server.rulesdoc import RulesPage
from server.seen import COOKIE_MAX_AGE, SeenCookie

STATIC_DIR = Path(__file__).resolve().parent / "static"

# Text on each kind's colour: dark on yellow, white on red and blue (all at least 4.5:1).
KIND_INK = {Kind.FIGHT: "#1d1600", Kind.MALUS: "#ffffff", Kind.BONUS: "#ffffff"}


@dataclass(frozen=True)
class Asset:
    body: bytes
    mimetype: str
    digest: str
    """A short content hash: it is in the URL, so the file can be cached forever."""


def make_asset(body: bytes, mimetype: str) -> Asset:
    return Asset(body, mimetype, hashlib.sha256(body).hexdigest()[:12])


def build_css() -> Asset:
    """The one stylesheet: the kind colours from gong.i18n (the single source of the colours
    the printer also uses), then server/static/site.css."""
    colours = "".join(
        f"--{kind.value}:{KIND_COLOURS[kind]};--{kind.value}-dark:{KIND_DARK_COLOURS[kind]};"
        f"--{kind.value}-ink:{KIND_INK[kind]};"
        for kind in Kind
    )
    css = f":root{{{colours}}}\n" + (STATIC_DIR / "site.css").read_text(encoding="utf-8")
    return make_asset(css.encode(), "text/css")


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


@dataclass(frozen=True)
class SiteState:
    book: MissionBook
    rules: dict[str, dict[str, RulesPage]]
    cookie: SeenCookie
    rng: random.Random
    css: Asset
    icon: Asset
    secure_cookies: bool = False
    pages: PageCache = field(default_factory=PageCache)

    @property
    def cookie_flags(self) -> str:
        """The attributes of the "seen" cookie: kept for a season, never read by scripts."""
        return f"Max-Age={COOKIE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax" + (
            "; Secure" if self.secure_cookies else ""
        )


def install(app: Flask, state: SiteState) -> None:
    app.extensions["gong"] = state


def site() -> SiteState:
    """The running app's shared state."""
    return current_app.extensions["gong"]

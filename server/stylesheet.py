"""The site's one stylesheet and its icon, built once at start-up."""

from __future__ import annotations

from pathlib import Path

from gong.cards import Kind
from gong.i18n import KIND_STYLES
from server.state import Asset, make_asset

STATIC_DIR = Path(__file__).resolve().parent / "static"


def build_css() -> Asset:
    """The kind colours from gong.i18n's style records (the ones the printer uses too), then
    server/static/site.css."""
    colours = "".join(
        f"--{kind.value}:{KIND_STYLES[kind].fill};--{kind.value}-dark:{KIND_STYLES[kind].dark};"
        f"--{kind.value}-ink:{KIND_STYLES[kind].on_fill};"
        for kind in Kind
    )
    css = f":root{{{colours}}}\n" + (STATIC_DIR / "site.css").read_text(encoding="utf-8")
    return make_asset(css.encode(), "text/css")


def build_icon() -> Asset:
    return make_asset((STATIC_DIR / "icon.svg").read_bytes(), "image/svg+xml")

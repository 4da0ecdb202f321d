"""What a search engine, a shared link and a phone's home screen read of the site: the public
base URL (`GONG_BASE_URL`, the address printed on the cards), from which canonical links,
hreflang alternates and Open Graph URLs are absolute; `robots.txt`; the GONG planet drawn as
PNG icons (192 and 512 px, maskable) and a share image; the web app manifest.

The planet is the site's icon (server/static/icon.svg) drawn again with Pillow at start-up:
a yellow planet, its blue ring and a red moon on the night blue, inside the maskable safe
zone (the middle 80%), so a launcher's circle or squircle never cuts it.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from functools import lru_cache

from flask import request
from PIL import Image, ImageDraw

from printables.links import BaseUrl, BaseUrlError, parse_base_url
from server.config import ConfigError
from server.state import Asset, make_asset

BASE_URL_SETTING = "GONG_BASE_URL"
NIGHT = "#0b1030"
PLANET = "#F5C400"
RING = "#1E6FD9"
MOON = "#D7263D"

ROBOTS_TXT = "User-agent: *\nDisallow: /t/\nDisallow: /api/\nAllow: /\n"
"""Tables are private (their pages say `noindex` too); everything else may be read."""


def base_url(value: object) -> BaseUrl | None:
    """The site's public address from its setting, checked by the printer's rules (None when
    unset: links are made from each request's own host). A wrong one stops the start-up with
    one line."""
    if value in (None, ""):
        return None
    if isinstance(value, BaseUrl):  # checked already (a static export's, maybe local)
        return value
    try:
        return parse_base_url(str(value))
    except BaseUrlError as exc:
        raise ConfigError(f"{BASE_URL_SETTING}: {exc}") from None


def site_url(base: BaseUrl | None) -> str:
    """The absolute address of the site's root, without a trailing slash."""
    if base is not None:
        return str(base)
    return request.host_url.rstrip("/") + request.script_root


def planet(size: int, maskable: bool = True, width: int | None = None) -> Image.Image:
    """The GONG planet on the night blue, `size` pixels high (and `width` wide: the share
    image is 1200 x 630)."""
    width = width or size
    # Drawn large, then scaled down: smooth edges without an antialiasing pass.
    scale = 4 if size <= 512 else 2
    w, h = width * scale, size * scale
    image = Image.new("RGB", (w, h), NIGHT)
    draw = ImageDraw.Draw(image)
    unit = (h * (0.8 if maskable else 1.0)) / 64  # the icon's 64-unit box, in the safe zone
    cx, cy = w / 2, h / 2
    r = 15 * unit
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PLANET)
    # The ring: an ellipse of 27 x 8 units tilted by -18 degrees, drawn as a thick polyline;
    # its back half passes behind the planet, so the planet is drawn over it again.
    tilt = math.radians(-18)

    def arc(start: int, stop: int) -> list[tuple[float, float]]:
        found = []
        for step in range(start, stop + 1, 3):
            a = math.radians(step)
            x, y = 27 * unit * math.cos(a), 8 * unit * math.sin(a)
            found.append((cx + x * math.cos(tilt) - y * math.sin(tilt),
                          cy + x * math.sin(tilt) + y * math.cos(tilt)))  # fmt: skip
        return found

    # Each half a little longer than half, so the two meet without a seam.
    front, back = arc(-9, 189), arc(171, 369)
    line = max(1, round(4 * unit))
    draw.line(back, fill=RING, width=line, joint="curve")
    draw.pieslice((cx - r, cy - r, cx + r, cy + r), 180 - 18, 360 - 18, fill=PLANET)
    draw.line(front, fill=RING, width=line, joint="curve")
    mr, mx, my = 3.5 * unit, cx + 19 * unit, cy - 19 * unit
    draw.ellipse((mx - mr, my - mr, mx + mr, my + mr), fill=MOON)
    return image.resize((width, size), Image.LANCZOS)


def png(image: Image.Image) -> Asset:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return make_asset(out.getvalue(), "image/png")


@dataclass(frozen=True)
class WebApp:
    """The images drawn at start-up: the home-screen icons and the share image."""

    icon192: Asset
    icon512: Asset
    share: Asset


@lru_cache(maxsize=1)
def build() -> WebApp:
    """The images, drawn once per process (they depend on nothing else: every app built in
    the process, a test's included, shares them)."""
    return WebApp(
        icon192=png(planet(192)),
        icon512=png(planet(512)),
        share=png(planet(630, maskable=False, width=1200)),
    )


def manifest(name: str, short_name: str, description: str, lang: str, dir_: str,
             start_url: str, icons: list[tuple[str, int]]) -> bytes:  # fmt: skip
    """The web app manifest, in the visitor's language: "Add to Home screen" gives a GONG
    icon that opens the home page in that language."""
    data = {
        "name": name,
        "short_name": short_name,
        "description": description,
        "lang": lang,
        "dir": dir_,
        "start_url": start_url,
        "scope": start_url.split("?")[0].rsplit("/", 1)[0] + "/",
        "display": "standalone",
        "background_color": NIGHT,
        "theme_color": NIGHT,
        "icons": [
            {"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any maskable"}
            for src, size in icons
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1).encode()

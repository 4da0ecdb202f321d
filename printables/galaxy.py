"""The galaxy designs: one per family, generated in code from a seed, plus the joker's and the
back's skies.

A design is a sky (gradient, faint clouds, stars) and a galaxy made of particles: each family
has its own shape (spiral, barred spiral, ring, cluster, cloud...) and palette, so a family is
recognisable at a glance. Particles are splatted into a low-resolution density map, blurred and
mapped through the family's palette (how astronomers false-colour a photograph), then sharp stars
are drawn at full resolution. Everything comes from `random.Random(seed)`, never from a global
or time-based source, so the same inputs give the same pixels.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from gong.cards import Family

Point = tuple[float, float, float]
"""A particle: x, y in galaxy radii (centre 0, 0) and a weight 0..1."""


@dataclass(frozen=True, slots=True)
class Style:
    """A family's look: galaxy shape, sky gradient and palettes (dark to bright stops)."""

    shape: str
    sky_top: str
    sky_bottom: str
    glow: tuple[str, ...]
    accent: tuple[str, ...]
    ink: str
    """The family's strong colour, for its name and the number's outline glow."""
    tilt: float
    """Rotation of the galaxy, in degrees."""
    flat: float
    """Apparent inclination: 1 is face-on, small is edge-on."""


STYLES: dict[Family, Style] = {
    Family.PROXIMA: Style(
        "cluster",
        "#1a0508",
        "#32100c",
        ("#000000", "#6e1a0c", "#e8662a", "#ffc977", "#fffaf0"),
        ("#000000", "#4a0f22", "#c23b4a", "#ff9a7a"),
        "#ff8a3d",
        0,
        1.0,
    ),
    Family.NEBULA: Style(
        "nebula",
        "#0a0420",
        "#1c0836",
        ("#000000", "#5c0f52", "#d9428f", "#ffb8dc", "#fff4fa"),
        ("#000000", "#073f52", "#1fb3c4", "#bff8f4"),
        "#ff5fb0",
        0,
        1.0,
    ),
    Family.ZETA: Style(
        "barred",
        "#020b1c",
        "#061c36",
        ("#000000", "#0a3a6a", "#2aa4e0", "#b8eeff", "#ffffff"),
        ("#000000", "#16305e", "#4a78d8", "#c8d8ff"),
        "#38b8ff",
        -28,
        0.62,
    ),
    Family.ANDROMEDE: Style(
        "spiral",
        "#08041c",
        "#170a38",
        ("#000000", "#34176e", "#8458ea", "#d6c6ff", "#ffffff"),
        ("#000000", "#5a3a08", "#e0a030", "#fff0c0"),
        "#a07cff",
        32,
        0.55,
    ),
    Family.SERPENS: Style(
        "serpent",
        "#021410",
        "#06281c",
        ("#000000", "#0b5236", "#25c47e", "#c4ffd8", "#ffffff"),
        ("#000000", "#3e4a08", "#b8cc30", "#f4ffc0"),
        "#2ee08e",
        -20,
        1.0,
    ),
    Family.SPARROW: Style(
        "wings",
        "#040d22",
        "#0d2750",
        ("#000000", "#1b4a86", "#62acff", "#d8ecff", "#ffffff"),
        ("#000000", "#6a2212", "#ff7a52", "#ffd8c0"),
        "#6cb8ff",
        -8,
        1.0,
    ),
    Family.VIRGO: Style(
        "elliptical",
        "#0e0b06",
        "#221a0e",
        ("#000000", "#4e3a18", "#cfa558", "#fff0cc", "#ffffff"),
        ("#000000", "#3a3018", "#a08850", "#f0e0b0"),
        "#f0c060",
        20,
        0.72,
    ),
    Family.OMEGA: Style(
        "ring",
        "#021216",
        "#05262c",
        ("#000000", "#0c5858", "#2ad8c8", "#d0fff8", "#ffffff"),
        ("#000000", "#6a2c06", "#f08a2a", "#ffe0a0"),
        "#30e0d0",
        -18,
        0.7,
    ),
    Family.NEMESIS: Style(
        "blackhole",
        "#0c0206",
        "#1e0410",
        ("#000000", "#5a0a16", "#de3418", "#ffae3c", "#fff2c8"),
        ("#000000", "#3a0a30", "#a02870", "#ff90c0"),
        "#ff4a3a",
        -12,
        0.3,
    ),
}

JOKER_STYLE = Style(
    "vortex",
    "#06040e",
    "#120a24",
    ("#000000", "#3a2a50", "#b090e0", "#f0e8ff", "#ffffff"),
    ("#000000", "#503010", "#f0b040", "#fff4d0"),
    "#ffd45a",
    0,
    1.0,
)


def seed_of(name: str) -> int:
    """A stable seed for a name (Python's hash() changes with every process)."""
    return zlib.crc32(name.encode("utf-8"))


def rgb(hex_colour: str) -> tuple[int, int, int]:
    value = int(hex_colour.lstrip("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


def palette_lut(stops: Sequence[str]) -> list[int]:
    """A 768-entry lookup table mapping brightness 0..255 evenly through the STOPS colours."""
    colours = [rgb(s) for s in stops]
    spans = len(colours) - 1
    channels: list[list[int]] = [[], [], []]
    for value in range(256):
        position = value / 255 * spans
        i = min(int(position), spans - 1)
        t = position - i
        for c in range(3):
            channels[c].append(round(colours[i][c] * (1 - t) + colours[i + 1][c] * t))
    return channels[0] + channels[1] + channels[2]


def colourise(density: Image.Image, stops: Sequence[str]) -> Image.Image:
    return density.convert("RGB").point(palette_lut(stops))


def smooth_noise(rng: random.Random, size: tuple[int, int], cells: int) -> Image.Image:
    """Soft random clouds: a coarse grid of random values, smoothly enlarged."""
    w, h = size
    gw = max(2, cells)
    gh = max(2, round(cells * h / w))
    grid = Image.frombytes("L", (gw, gh), rng.randbytes(gw * gh))
    return grid.resize(size, Image.Resampling.BICUBIC)


def fractal_noise(
    rng: random.Random, size: tuple[int, int], octaves: int = 4, contrast: float = 3.0
) -> Image.Image:
    """Clouds with detail at every scale: octaves of smooth noise, each finer and fainter."""
    image = smooth_noise(rng, size, 3)
    for octave in range(1, octaves):
        image = Image.blend(image, smooth_noise(rng, size, 3 * 2**octave), 0.45 / octave)
    return image.point(lambda v: max(0, min(255, round((v - 128) * contrast + 128))))


def sky(style: Style, size: tuple[int, int], rng: random.Random) -> Image.Image:
    """The background: a vertical gradient with faint coloured clouds."""
    w, h = size
    gradient = Image.linear_gradient("L").resize((w, h))
    top = Image.new("RGB", (w, h), style.sky_top)
    bottom = Image.new("RGB", (w, h), style.sky_bottom)
    base = Image.composite(bottom, top, gradient)
    small = (max(8, w // 10), max(8, h // 10))
    density = fractal_noise(rng, small, 5, 1.6).point(lambda v: max(0, v - 90) * 1.2)
    clouds = colourise(density.filter(ImageFilter.GaussianBlur(2)), style.glow)
    clouds = clouds.resize((w, h), Image.Resampling.BICUBIC)
    return ImageChops.screen(base, clouds.point(lambda v: v * 0.5))


def splat(
    points: Sequence[Point],
    size: tuple[int, int],
    centre: tuple[float, float],
    radius: float,
    style: Style,
    dot: float,
    strength: int,
) -> Image.Image:
    """A density map: each particle adds light around its place (rotated, inclined, moved to
    CENTRE and scaled to RADIUS pixels of this map)."""
    canvas = Image.new("RGB", size, "black")
    draw = ImageDraw.Draw(canvas, "RGBA")
    angle = math.radians(style.tilt)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    cx, cy = centre
    for x, y, weight in points:
        y *= style.flat
        px = cx + (x * cos_a - y * sin_a) * radius
        py = cy + (x * sin_a + y * cos_a) * radius
        r = dot * (0.6 + weight)
        alpha = max(1, round(strength * weight))
        draw.ellipse((px - r, py - r, px + r, py + r), fill=(255, 255, 255, alpha))
    return canvas.convert("L")


def glow(
    points: Sequence[Point],
    size: tuple[int, int],
    centre: tuple[float, float],
    radius: float,
    style: Style,
    stops: Sequence[str],
    strength: int = 28,
) -> Image.Image:
    """Particles as coloured light at full SIZE: a soft halo (1/6 scale) and finer texture
    (1/3 scale), both blurred and enlarged, then mapped through the palette STOPS."""
    w, h = size
    layers = []
    for factor, dot, blur, power in ((6, 1.6, 3.0, strength // 2 + 2), (2, 0.8, 0.7, strength)):
        small = (w // factor, h // factor)
        density = splat(
            points,
            small,
            (centre[0] / factor, centre[1] / factor),
            radius / factor,
            style,
            dot,
            power,
        )
        density = density.filter(ImageFilter.GaussianBlur(blur))
        layers.append(density.resize(size, Image.Resampling.BICUBIC))
    return colourise(ImageChops.add(layers[0], layers[1]), stops)


# -- particle shapes, in galaxy radii ------------------------------------------------------


def core(rng: random.Random, count: int, spread: float, weight: float = 1.0) -> list[Point]:
    return [
        (rng.gauss(0, spread), rng.gauss(0, spread), weight * rng.uniform(0.6, 1.0))
        for _ in range(count)
    ]


def spiral_arms(
    rng: random.Random, count: int, arms: int, winding: float, spread: float, start: float = 0.05
) -> list[Point]:
    points = []
    for i in range(count):
        u = start + (1 - start) * rng.random() ** 0.8
        arm = i % arms
        theta = arm * 2 * math.pi / arms + winding * math.log(u / start) + rng.gauss(0, spread)
        r = u * (1 + rng.gauss(0, 0.06))
        points.append((r * math.cos(theta), r * math.sin(theta), (1.1 - u) * rng.random()))
    return points


def shape_points(style: Style, rng: random.Random) -> tuple[list[Point], list[Point]]:
    """The main particles and the accent-coloured ones of a design."""
    shape = style.shape
    if shape == "spiral":
        main = spiral_arms(rng, 11000, 2, 2.4, 0.2) + core(rng, 1500, 0.1)
        accent = core(rng, 2500, 0.09)
    elif shape == "barred":
        bar = [
            (rng.uniform(-0.4, 0.4), rng.gauss(0, 0.06), rng.uniform(0.4, 0.9)) for _ in range(3000)
        ]
        main = spiral_arms(rng, 9000, 2, 3.4, 0.16, start=0.4) + bar + core(rng, 1200, 0.07)
        accent = spiral_arms(rng, 2500, 2, 3.4, 0.3, start=0.4)
    elif shape == "ring":
        ring = []
        for _ in range(8000):
            theta = rng.uniform(0, 2 * math.pi)
            r = 0.78 + rng.gauss(0, 0.07)
            ring.append((r * math.cos(theta), r * math.sin(theta), rng.uniform(0.3, 1)))
        main = ring
        accent = core(rng, 3500, 0.11)
    elif shape == "cluster":
        main = []
        for _ in range(6000):
            r = 0.9 * rng.random() ** 2.2
            theta = rng.uniform(0, 2 * math.pi)
            main.append((r * math.cos(theta), r * math.sin(theta), (1 - r) * rng.random()))
        accent = [(x * 1.4 + 0.15, y * 1.4 - 0.1, w * 0.6) for x, y, w in core(rng, 1200, 0.4)]
    elif shape == "elliptical":
        main = []
        for _ in range(10000):
            r = 0.28 * -math.log(1 - rng.random() * 0.97)
            theta = rng.uniform(0, 2 * math.pi)
            main.append((r * math.cos(theta) * 1.3, r * math.sin(theta), max(0.2, 1 - r)))
        accent = [
            (math.cos(t) * d, math.sin(t) * d * 0.8, 0.8)
            for t, d in ((rng.uniform(0, 6.3), rng.uniform(0.5, 1.1)) for _ in range(14))
        ]
    elif shape == "serpent":
        # Two galaxies merging, their tidal tails drawn out into an S.
        main = []
        for _ in range(10000):
            s = rng.uniform(-1, 1)
            width = 0.025 + 0.07 * (1 - abs(s))
            x = 1.1 * s + rng.gauss(0, width * 0.5)
            y = 0.3 * math.sin(2 * math.pi * s) + rng.gauss(0, width)
            main.append((x, y, (1.2 - abs(s)) * rng.random()))
        accent = [(x + 0.2, y - 0.28, w) for x, y, w in core(rng, 1500, 0.06)] + [
            (x - 0.2, y + 0.28, w) for x, y, w in core(rng, 1500, 0.06)
        ]
    elif shape == "wings":
        # A bipolar nebula: two lobes spread like a bird's wings around a bright star.
        main = []
        for _ in range(9000):
            side = rng.choice((-1, 1))
            u = rng.random() ** 0.7
            lift = 0.35 * math.sin(math.pi * u) + 0.3 * u * u
            x = side * u * 1.05
            y = -lift + rng.gauss(0, 0.05 + 0.16 * math.sin(math.pi * u))
            main.append((x, y, (1.1 - u) * rng.uniform(0.4, 1)))
        accent = core(rng, 2500, 0.07) + [
            (rng.gauss(0, 0.05), rng.uniform(-0.1, 0.55), 0.5) for _ in range(600)
        ]
    elif shape == "blackhole":
        main = []
        for _ in range(10000):
            r = 0.38 + 0.7 * rng.random() ** 1.8
            theta = rng.uniform(0, 2 * math.pi)
            main.append((r * math.cos(theta), r * math.sin(theta), (1.3 - r) * rng.random()))
        accent = []
    elif shape == "nebula":
        main, accent = [], []
    elif shape == "vortex":
        main = spiral_arms(rng, 9000, 9, 1.4, 0.12) + core(rng, 2000, 0.1)
        accent = core(rng, 1500, 0.08)
    else:
        raise ValueError(f"unknown galaxy shape {shape!r}")
    return main, accent


def stars(
    image: Image.Image,
    rng: random.Random,
    count: int,
    px_per_mm: float,
    near: Callable[[random.Random], tuple[float, float]] | None = None,
) -> None:
    """Sharp stars of a few sizes and colours; the brightest get a soft halo and four spikes."""
    w, h = image.size
    draw = ImageDraw.Draw(image, "RGBA")
    tints = ((255, 255, 255), (200, 220, 255), (255, 240, 210), (255, 214, 170), (180, 200, 255))
    halo_layer = Image.new("RGB", (w // 2, h // 2), "black")
    halo = ImageDraw.Draw(halo_layer)
    for _ in range(count):
        x, y = near(rng) if near else (rng.uniform(0, w), rng.uniform(0, h))
        tint = rng.choice(tints)
        size = rng.random() ** 6
        r = (0.05 + 0.25 * size) * px_per_mm
        alpha = round(110 + 145 * rng.random())
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(*tint, alpha))
        if size > 0.5:
            hr = r * 3
            halo.ellipse(((x - hr) / 2, (y - hr) / 2, (x + hr) / 2, (y + hr) / 2), fill=tint)
            spike = r * (5 + 6 * size)
            thin = max(1, round(0.04 * px_per_mm))
            for dx, dy in ((spike, 0), (0, spike)):
                draw.line((x - dx, y - dy, x + dx, y + dy), fill=(*tint, 120), width=thin)
    halo_layer = halo_layer.filter(ImageFilter.GaussianBlur(0.6 * px_per_mm / 2))
    image.paste(ImageChops.screen(image, halo_layer.resize((w, h), Image.Resampling.BICUBIC)))


def nebula_clouds(style: Style, rng: random.Random, size: tuple[int, int]) -> Image.Image:
    """Two interleaved gas clouds in the two palettes, with dark dust lanes."""
    w, h = size
    small = (max(16, w // 5), max(16, h // 5))
    mask = Image.new("L", small, 0)
    rx, ry, cy = small[0] * 0.42, small[0] * 0.36, small[1] * 0.36
    ImageDraw.Draw(mask).ellipse((small[0] / 2 - rx, cy - ry, small[0] / 2 + rx, cy + ry), fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(small[0] * 0.12))
    pink = ImageChops.multiply(fractal_noise(rng, small, 5, 2.2), mask)
    teal = ImageChops.multiply(fractal_noise(rng, small, 5, 2.2), mask)
    dust = fractal_noise(rng, small, 4).point(
        lambda v: 255 if v < 150 else max(40, 255 - (v - 150) * 3)
    )
    pink = ImageChops.multiply(pink, dust).filter(ImageFilter.GaussianBlur(1))
    teal = ImageChops.multiply(teal.point(lambda v: v * 0.8), dust).filter(
        ImageFilter.GaussianBlur(1)
    )
    clouds = ImageChops.screen(colourise(pink, style.glow), colourise(teal, style.accent))
    return clouds.resize(size, Image.Resampling.BICUBIC)


def blackhole_shadow(
    image: Image.Image, centre: tuple[float, float], radius: float, style: Style
) -> None:
    """The event horizon: a black disc with a thin bright photon ring, drawn supersampled."""
    big = 4
    r = radius * 0.3
    box = round(r * 2.6)
    layer = Image.new("L", (box * big, box * big), 0)
    ring = Image.new("L", (box * big, box * big), 0)
    c = box * big / 2
    ImageDraw.Draw(layer).ellipse((c - r * big, c - r * big, c + r * big, c + r * big), fill=255)
    rr = r * 1.08 * big
    ImageDraw.Draw(ring).ellipse(
        (c - rr, c - rr, c + rr, c + rr), outline=255, width=max(1, round(r * 0.07 * big))
    )
    layer = layer.resize((box, box), Image.Resampling.LANCZOS)
    ring = ring.resize((box, box), Image.Resampling.LANCZOS).filter(
        ImageFilter.GaussianBlur(r * 0.03)
    )
    at = (round(centre[0] - box / 2), round(centre[1] - box / 2))
    image.paste((0, 0, 0), at, layer)
    image.paste(rgb(style.glow[-2]), at, ring)


def design(
    style: Style,
    seed: int,
    size: tuple[int, int],
    px_per_mm: float,
    centre_mm: tuple[float, float],
    radius_mm: float,
) -> Image.Image:
    """The full-bleed background of a card: sky, galaxy and stars."""
    rng = random.Random(seed)
    image = sky(style, size, rng)
    centre = (centre_mm[0] * px_per_mm, centre_mm[1] * px_per_mm)
    radius = radius_mm * px_per_mm
    main, accent = shape_points(style, rng)
    if style.shape == "nebula":
        image = ImageChops.screen(image, nebula_clouds(style, rng, size))
    if main:
        image = ImageChops.screen(image, glow(main, size, centre, radius, style, style.glow))
    if accent:
        image = ImageChops.screen(
            image, glow(accent, size, centre, radius, style, style.accent, 22)
        )
    if style.shape == "blackhole":
        # The far side of the disc, bent over the hole by its gravity.
        halo = Style(
            style.shape,
            style.sky_top,
            style.sky_bottom,
            style.glow,
            style.accent,
            style.ink,
            style.tilt,
            1.0,
        )
        arc = [
            (0.33 * math.cos(t), 0.33 * math.sin(t), rng.uniform(0.4, 1))
            for t in (rng.uniform(0, 6.3) for _ in range(4000))
        ]
        image = ImageChops.screen(image, glow(arc, size, centre, radius, halo, style.glow, 30))
        blackhole_shadow(image, centre, radius, style)
    w, h = size
    stars(image, rng, int(w * h / px_per_mm**2 * 0.06), px_per_mm)
    if style.shape in ("cluster", "elliptical"):
        spread = radius * (0.35 if style.shape == "cluster" else 0.5)
        stars(
            image,
            rng,
            900 if style.shape == "cluster" else 250,
            px_per_mm * 0.8,
            near=lambda r: (r.gauss(centre[0], spread), r.gauss(centre[1], spread * style.flat)),
        )
    return image

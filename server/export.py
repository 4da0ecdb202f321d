"""`gong export`: the mission site as static files, for a host that runs no program (GitHub
Pages, Netlify, S3, nginx, a USB stick), for as long as the printed cards exist.

The pages are the site's own: the same app renders them (so the same checks as `gong serve`
run first: missions, rules, texts), with every page link turned into a static path (see
`StaticLinks`). The layout, under the base URL's path:

- `<lang>/...` for each language: `fr/`, `fr/rules/link/`, `fr/bonus/`, `fr/C/NE5/`,
  `fr/m/bonus-07/`, each an `index.html`; the language menu links them.
- The same pages without a prefix, in `--lang`: the paths the QR codes carry and links
  from the server era (`/C/NE5`, `/bonus`, `/rules/link`). There a script moves a phone
  whose language is another one to that language's page (or to the one it chose in the menu).
- Every card at `C/NE5.html` and `C/NE5/index.html`, and in lower case at `c/ne5.html` and
  `c/ne5/index.html`: GitHub Pages and Netlify answer `/C/NE5` with the `.html` file; nginx,
  `python -m http.server` and S3 with one redirect to `/C/NE5/`.
- `404.html` (GitHub Pages and Netlify serve it for unknown paths; nginx and S3 are told to),
  the stylesheet, icons and scripts under `s/`, the offline worker `sw.js` and what it keeps
  (`offline/<lang>.json`), the manifests, `robots.txt`, `.nojekyll` (GitHub Pages would
  otherwise run Jekyll), and `gong-export.json`, the list of files and their digests.

A card page draws a mission on the phone, fairly and without repeats (every mission of the
kind once, in the phone's localStorage), from the missions of its kind embedded in the page in
its language; without JavaScript it shows one mission fixed per card (each card of a kind its
own, in the order of the deck and the mission files), the same in every language.

Reproducible: the same missions, texts and options give byte-identical files. Everything is
rendered and checked in memory before anything is written; the folder is then replaced as
`gong print` replaces a deck (`gong.outfolder`): only when it holds exactly what an earlier
export wrote.
"""

from __future__ import annotations

import gzip
import json
import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import Flask, g, request

from gong import outfolder
from gong.cards import DECK, Kind
from gong.procs import signals_held
from printables.links import BaseUrl, card_link
from server.state import make_asset

MARKER = "gong-export.json"
"""Written last: the files of the export and their digests (see `gong.outfolder`)."""
STATIC = Path(__file__).resolve().parent / "static"
PAGE_ENDPOINTS = frozenset(
    {
        "home.index",
        "rules.index",
        "rules.variant",
        "missions.of_kind",
        "missions.card",
        "missions.card_upper",
        "missions.permalink",
    }
)
"""The endpoints whose links become static paths; every other one (the stylesheet, the
icons, the worker) is a file at the same path as on the Flask site."""
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; "
    "worker-src 'self'; manifest-src 'self'; connect-src 'self'; base-uri 'none'; "
    "form-action 'none'"
)
"""The site's policy, as a page's own meta tag (a static host sets no headers; a meta policy
cannot say frame-ancestors)."""
_CARD_PATH = re.compile(r"/c/([A-Za-z0-9]+)", re.I)


class ExportError(Exception):
    """An export that cannot be made; the message is for the user."""


def static_path(path: str) -> str:
    """The static form of a site path: a folder, so every host serves its `index.html`
    without a redirect (`/rules/link` is `/rules/link/`, `/c/ne5` is `/C/NE5/`)."""
    path = path.rstrip("/")
    if not path:
        return "/"
    card = _CARD_PATH.fullmatch(path)
    if card:
        return f"/C/{card.group(1).upper()}/"
    return path + "/"


@dataclass
class StaticLinks:
    """The links of exported pages; installed into an app built for the export."""

    base: BaseUrl
    tables: BaseUrl | None = None
    script: Any = field(
        default_factory=lambda: make_asset((STATIC / "export.js").read_bytes(), "text/javascript")
    )

    @property
    def origin(self) -> str:
        return f"{self.base.scheme}://{self.base.netloc}"

    @property
    def script_url(self) -> str:
        return f"{self.base.path}/s/export-{self.script.digest}.js"

    @property
    def content_security_policy(self) -> str:
        return CONTENT_SECURITY_POLICY

    def page(self, path: str, lang: str | None) -> str:
        """The page at site path `path` in `lang`'s own paths, or without a prefix (None)."""
        prefix = f"/{lang}" if lang else ""
        return f"{self.base.path}{prefix}{static_path(path)}"

    def play(self, lang: str, **values: str) -> str | None:
        """The tables' /play on the Flask site `--tables-url` names, or None."""
        if self.tables is None:
            return None
        return f"{self.tables}/play?{urlencode({**values, 'lang': lang})}"

    def missions_json(self, kind: Kind, lang: str) -> str:
        """The missions of `kind` in `lang`, for the page's script to draw from, safe inside
        a `<script type="application/json">`."""
        from server.state import site

        data = {
            "kind": kind.value,
            "m": f"{self.base.path}/{lang}/m/",
            "missions": [
                [m.id, m.title_in(lang), m.text_in(lang)] for m in site().book.of_kind(kind)
            ],
        }
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

    def install(self, app: Flask) -> None:
        """Every page link the app builds, in templates and in code, becomes a static path."""
        built = app.url_for

        def url_for(endpoint: str, **values: Any) -> str:
            if endpoint not in PAGE_ENDPOINTS:
                return built(endpoint, **values)
            lang = values.pop("lang", None) or g.lang
            values.pop("m", None)
            path = built(endpoint, **values)[len(request.script_root) :]
            return self.page(path, lang)

        app.url_for = url_for  # type: ignore[method-assign]
        app.jinja_env.globals.update(url_for=url_for, static_site=self)


@dataclass(frozen=True)
class ExportOptions:
    out: Path
    base_url: BaseUrl
    lang: str = "en"
    tables_url: BaseUrl | None = None
    missions: Path | None = None
    """None: the bundled missions (or $GONG_MISSIONS, as `gong serve`)."""


@dataclass
class ExportReport:
    files: dict[str, bytes] = field(default_factory=dict)
    languages: tuple[str, ...] = ()
    case_insensitive: bool = False
    """The disk ignores letter case: the lower-case card paths were not written."""

    @property
    def size(self) -> int:
        return sum(len(body) for body in self.files.values())

    def largest_page(self) -> tuple[str, int]:
        """The HTML page largest gzip-compressed, and its compressed size."""
        sizes = {
            name: len(gzip.compress(body, 9, mtime=0))
            for name, body in self.files.items()
            if name.endswith(".html")
        }
        name = max(sizes, key=lambda n: (sizes[n], n))
        return name, sizes[name]


def _app(options: ExportOptions, links: StaticLinks) -> Flask:
    from server import create_app
    from server.config import DEFAULTS, from_environment

    missions = options.missions or from_environment().get("GONG_MISSIONS")
    return create_app(
        {
            # No cookie is ever set by an export: the key only satisfies the app.
            "SECRET_KEY": "gong-export-writes-no-cookies",
            "GONG_MISSIONS": str(missions or DEFAULTS["GONG_MISSIONS"]),
            "GONG_RANDOM": random.Random(0),
            "GONG_BASE_URL": options.base_url,
            "GONG_EXPORT": links,
        }
    )


class _Renderer:
    """Pages fetched from the export's app as a phone would ask for them."""

    def __init__(self, app: Flask, base: BaseUrl) -> None:
        self.client = app.test_client(use_cookies=False)
        self.base_url = f"{base.scheme}://{base.netloc}{base.path}/"

    def get(self, path: str, lang: str, asked: bool, status: int = 200) -> bytes:
        """The page at `path` in `lang`: asked for (`?lang=`: a language's own page) or not
        (the page without a prefix, in the export's first language)."""
        path, _, extra = path.partition("?")
        query = dict(parse_qsl(extra))
        if asked:
            query["lang"] = lang
        answer = self.client.get(
            path,
            query_string=query,
            base_url=self.base_url,
            headers={"Accept-Language": lang},
        )
        if answer.status_code != status:
            raise ExportError(f"{path} answered {answer.status_code} while exporting")
        return answer.get_data()


def fixed_missions(book: Any) -> dict[str, str]:
    """The mission each card shows without JavaScript, by card code: the cards of a kind take
    its missions in order, so each card of a kind shows its own."""
    found = {}
    for kind in Kind:
        missions = book.of_kind(kind)
        cards = [c for c in DECK if not c.is_joker and c.kind is kind]
        for index, card in enumerate(cards):
            found[card.code] = missions[index % len(missions)].id
    return found


def render(options: ExportOptions, progress: Callable[[str], None] | None = None) -> ExportReport:
    """Every file of the export, in memory, checked; `progress` is called with each language
    done. Raises ExportError (and the site's own errors: MissionError, RulesFormatError...)."""
    from server.state import site
    from server.views.rules import VARIANTS

    links = StaticLinks(options.base_url, options.tables_url)
    app = _app(options, links)
    with app.app_context():
        state = site()
    languages = state.languages
    if options.lang not in languages:
        raise ExportError(
            f"--lang {options.lang}: not a language this site serves "
            f"(one of {', '.join(languages)})"
        )
    book = state.book
    fixed = fixed_missions(book)
    pages = ["/", "/rules", *(f"/rules/{slug}" for slug in VARIANTS)]
    pages += [f"/{kind.value}?m={book.of_kind(kind)[0].id}" for kind in Kind]
    pages += [f"/m/{m.id}" for kind in Kind for m in book.of_kind(kind)]
    cards = [
        (card.code, f"/C/{card.code}" + ("" if card.is_joker else f"?m={fixed[card.code]}"))
        for card in DECK
    ]
    renderer = _Renderer(app, options.base_url)
    files: dict[str, bytes] = {}

    def folder(path: str) -> str:
        return static_path(path.split("?")[0]).strip("/")

    def put(name: str, body: bytes) -> None:
        files[name.lstrip("/")] = body

    # The first language first: its pages are also the ones without a prefix.
    for lang in sorted(languages, key=lambda code: code != options.lang):
        for path in pages:
            put(
                f"{lang}/{folder(path)}/index.html".replace("//", "/"),
                renderer.get(path, lang, True),
            )
        for code, path in cards:
            put(f"{lang}/C/{code}/index.html", renderer.get(path, lang, True))
        if lang == options.lang:
            for path in pages:
                put(f"{folder(path)}/index.html", renderer.get(path, lang, False))
            for code, path in cards:
                body = renderer.get(path, lang, False)
                for name in (f"C/{code}", f"c/{code.lower()}"):
                    put(f"{name}/index.html", body)
                    put(f"{name}.html", body)
            put("404.html", renderer.get("/no-such-page", lang, False, status=404))
        put(f"offline/{lang}.json", renderer.get(f"/offline/{lang}.json", lang, False))
        put(
            f"manifest-{lang}.webmanifest",
            renderer.get(f"/manifest-{lang}.webmanifest", lang, False),
        )
        if progress:
            progress(lang)
    _assets(app, links, put)
    report = ExportReport(files=files, languages=languages)
    _check_qr_targets(options.base_url, files)
    return report


def _assets(app: Flask, links: StaticLinks, put: Callable[[str, bytes], None]) -> None:
    """The files every page names: the same bytes at the same paths as on the Flask site."""
    from server.offline import EXTENSION
    from server.state import site

    with app.app_context():
        state = site()
        images = state.webapp
        register = app.extensions[EXTENSION].register
    for name, asset in (
        (f"s/site-{state.css.digest}.css", state.css),
        (f"s/icon-{state.icon.digest}.svg", state.icon),
        (f"s/icon-192-{images.icon192.digest}.png", images.icon192),
        (f"s/icon-512-{images.icon512.digest}.png", images.icon512),
        (f"s/share-{images.share.digest}.png", images.share),
        (f"s/register-{register.digest}.js", register),
        (f"s/export-{links.script.digest}.js", links.script),
    ):
        put(name, asset.body)
    renderer = _Renderer(app, links.base)
    put("sw.js", renderer.get("/sw.js", "en", False))
    put("robots.txt", b"User-agent: *\nAllow: /\n")
    put(".nojekyll", b"")


def _check_qr_targets(base: BaseUrl, files: dict[str, bytes]) -> None:
    """Every link the printer writes on a card has its page, in both layouts."""
    missing = []
    for card in DECK:
        link = card_link(base, card)
        path = link.split(base.netloc.upper(), 1)[1][len(base.path) :].lstrip("/")
        for name in (f"{path}.html", f"{path}/index.html"):
            if name not in files:
                missing.append(name)
    if missing:
        shown = ", ".join(missing[:4]) + (
            f" and {len(missing) - 4} more" if len(missing) > 4 else ""
        )
        raise ExportError(f"the export has no page for these printed QR codes: {shown}")


def check_output_folder(out: Path) -> None:
    """Refuse a folder that holds files this command did not write, before any work."""
    try:
        outfolder.check_output_folder(out, MARKER, "gong export", "a static export")
    except outfolder.FolderError as exc:
        raise ExportError(str(exc)) from None


def ignores_case(folder: Path) -> bool:
    """Whether the disk under `folder` treats `C` and `c` as one name (macOS, Windows, exFAT)."""
    probe = folder / ".gong-case-probe"
    probe.write_bytes(b"")
    try:
        return (folder / ".GONG-CASE-PROBE").exists()
    finally:
        probe.unlink()


def write(options: ExportOptions, report: ExportReport) -> None:
    """Write the files into a hidden folder beside the output, then move it into place."""
    out = options.out
    out.parent.mkdir(parents=True, exist_ok=True)
    outfolder.remove_stale_staging(out)
    staging = outfolder.hidden_folder(out, "new")
    try:
        if ignores_case(staging):
            report.case_insensitive = True
            report.files = {n: b for n, b in report.files.items() if not n.startswith("c/")}
        for name in sorted(report.files):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(report.files[name])
        manifest = {
            "base_url": str(options.base_url),
            "lang": options.lang,
            "tables_url": str(options.tables_url) if options.tables_url else None,
            "languages": list(report.languages),
            "files": sorted(report.files),
            "sha256": {n: outfolder.sha256_of(staging / n) for n in sorted(report.files)},
        }
        (staging / MARKER).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        check_output_folder(out)  # again: something may have appeared while rendering
        outfolder.move_into_place(staging, out)
    except BaseException:
        with signals_held():
            shutil.rmtree(staging, ignore_errors=True)
        raise
    report.files[MARKER] = (out / MARKER).read_bytes()


def export(options: ExportOptions, progress: Callable[[str], None] | None = None) -> ExportReport:
    """Check the output folder, render every file, write them all or nothing."""
    check_output_folder(options.out)
    report = render(options, progress)
    write(options, report)
    return report


__all__ = ["ExportError", "ExportOptions", "ExportReport", "StaticLinks", "export"]

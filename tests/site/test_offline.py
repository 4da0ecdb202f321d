"""What the offline worker keeps (server/offline.py) and what search engines and phones read
(server/webapp.py): the worker's join gives the online page, the phone's draws fold into the
cookie, the base URL, robots.txt, the manifest and its icons."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from server import create_app
from server.config import ConfigError
from server.seen import COOKIE_NAME

from .conftest import TEST_KEY

MARKED = re.compile(r"<!--gong:(\w+)-->(.*?)<!--/gong:\1-->", re.S)


def join(shell: str, parts: dict[str, str], title: str) -> str:
    """The page the worker builds (server/static/sw.js `offlinePage`), in Python."""
    page = MARKED.sub(lambda m: f"<!--gong:{m[1]}-->{parts[m[1]]}<!--/gong:{m[1]}-->", shell)
    return re.sub(r"<title>.*?</title>", f"<title>{title}</title>", page, flags=re.S)


def main_of(html: str) -> str:
    return re.search(r"<main>(.*)</main>", html, re.S).group(1)


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_the_workers_join_of_shell_and_fragments_is_the_online_page(client, lang):
    data = json.loads(client.get(f"/offline/{lang}.json").data)
    assert sorted(data["shells"]) == ["bonus", "fight", "malus"]
    assert len(data["cards"]) == 54 and all(len(m) == 27 for m in data["missions"].values())
    for code, mission in (("NE5", "bonus-07"), ("ZE1", "fight-12"), ("OM3", "malus-01")):
        card = data["cards"][code]
        found = next(m for m in data["missions"][card["kind"]] if m["id"] == mission)
        offline = join(data["shells"][card["kind"]],
                       {"card": card["html"], "mission": found["html"], "perma": found["perma"]},
                       found["title"])  # fmt: skip
        online = client.get(f"/c/{code}?lang={lang}&m={mission}").get_data(as_text=True)
        # The same page, but for the language links, which keep the online page's address.
        strip = re.compile(r'<nav aria-label="[^"]*">.*?</nav>', re.S)
        assert strip.sub("", main_of(offline)) == strip.sub("", main_of(online))
        assert re.search(r"<title>(.*?)</title>", online)[1] == found["title"]


def test_what_the_worker_keeps_stays_within_300_kb_per_language(client, app):
    for lang in app.extensions["gong"].languages:
        data = client.get(f"/offline/{lang}.json").data
        kept = len(data) + sum(len(client.get(url).data) for url in json.loads(data)["pages"])
        assert kept < 300 * 1024, (lang, kept)


def test_the_worker_is_never_cached_and_names_its_version(client):
    worker = client.get("/sw.js")
    assert worker.headers["Cache-Control"] == "no-cache"
    version = re.match(r'const VERSION = "([0-9a-f]{12})";', worker.get_data(as_text=True))[1]
    assert client.get("/offline/en.json").headers["X-Gong-Version"] == version
    assert "connect-src 'self'" in worker.headers["Content-Security-Policy"]


def test_the_kill_switch_serves_a_worker_that_clears_everything():
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_OFFLINE": "off"})
    worker = app.test_client().get("/sw.js").get_data(as_text=True)
    assert 'VERSION = "off"' in worker and "unregister()" in worker and "caches.delete" in worker


def test_every_page_registers_the_worker_with_one_script_of_this_origin(client):
    for path in ("/", "/c/ne5", "/rules/link", "/C/J1", "/nowhere"):
        page = client.get(path)
        scripts = re.findall(r"<script[^>]*>", page.get_data(as_text=True))
        assert len(scripts) == 1 and 'src="/s/register-' in scripts[0], (path, scripts)
        policy = page.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "worker-src 'self'" in policy
        assert "'unsafe-inline'" not in policy


def seen_after(client, ids) -> set[str]:
    """The fight missions the site draws next, until a repeat, after the phone's report."""
    client.post("/seen", json={"ids": ids})
    drawn = []
    for _ in range(27):
        page = client.get("/fight").get_data(as_text=True)
        drawn.append(re.search(r'href="/m/([a-z0-9-]+)"', page)[1])
    return set(drawn[: 27 - len(ids)])


def test_missions_shown_offline_are_not_drawn_again_online(client):
    offline = ["fight-01", "fight-02", "fight-03"]
    next_ones = seen_after(client, offline)
    assert len(next_ones) == 24 and not next_ones & set(offline)


@pytest.mark.parametrize(
    "body", [None, [], {"ids": "fight-01"}, {"ids": [1]}, {"ids": ["x"] * 201}]
)
def test_a_bad_seen_report_is_a_clear_400_and_changes_nothing(client, body):
    answer = client.post("/seen", json=body) if body is not None else client.post("/seen")
    assert answer.status_code == 400 and "ids" in answer.get_json()["error"]
    assert COOKIE_NAME not in answer.headers.get("Set-Cookie", "")


def test_unknown_ids_in_a_report_are_ignored(client):
    answer = client.post("/seen", json={"ids": ["nope", "fight-04"]})
    assert answer.status_code == 200 and answer.headers["Set-Cookie"].startswith(COOKIE_NAME)


# --- what search engines and phones read ----------------------------------------------------


def test_links_are_absolute_from_the_base_url_and_each_page_describes_itself():
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_BASE_URL": "https://gong.example.org/x"})
    client = app.test_client()
    page = client.get("/rules/link?lang=fr").get_data(as_text=True)
    assert '<link rel="canonical" href="https://gong.example.org/x/rules/link?lang=fr">' in page
    assert 'hreflang="x-default" href="https://gong.example.org/x/rules/link"' in page
    assert 'property="og:image" content="https://gong.example.org/x/s/share-' in page
    description = re.search(r'<meta name="description" content="([^"]+)">', page)[1]
    assert 20 < len(description) <= 160
    mission = client.get("/c/ne5?lang=de").get_data(as_text=True)
    shown = re.search(r'<p class="text">(.*?)</p>', mission, re.S)[1]
    described = re.search(r'<meta name="description" content="([^"]+)">', mission)[1]
    assert described.rstrip("…")[:40] == " ".join(shown.split())[:40]


def test_mounted_under_the_base_urls_path_the_share_image_names_that_path_once():
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_BASE_URL": "https://gong.example.org/x"})
    page = app.test_client().get("/", base_url="https://gong.example.org/x/").get_data(True)
    assert 'property="og:image" content="https://gong.example.org/x/s/share-' in page


def test_a_cached_page_keeps_its_canonical_link_whether_its_language_was_asked_or_not(client):
    asked = client.get("/c/NE5?m=bonus-03&lang=fr").get_data(as_text=True)
    assert re.search(r'rel="canonical" href="[^"]*\?lang=fr', asked)
    remembered = client.get("/c/NE5?m=bonus-03").get_data(as_text=True)  # the cookie says fr
    assert '<html lang="fr"' in remembered
    assert re.search(r'rel="canonical" href="http://localhost/c/NE5\?m=bonus-03"', remembered)


@pytest.mark.parametrize("bad", ["gong.example.org", "https://localhost", "https://x.org/?a=1"])
def test_a_wrong_base_url_stops_the_start_with_one_line(bad):
    with pytest.raises(ConfigError, match="GONG_BASE_URL: the") as refused:
        create_app({"SECRET_KEY": TEST_KEY, "GONG_BASE_URL": bad})
    assert "\n" not in str(refused.value)


def test_robots_txt_keeps_search_engines_out_of_the_tables(client):
    robots = client.get("/robots.txt").get_data(as_text=True)
    assert "Disallow: /t/" in robots and "Disallow: /api/" in robots and "Allow: /" in robots


def test_the_manifest_opens_the_home_page_in_its_language_with_maskable_png_icons(client):
    manifest = client.get("/manifest-fr.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    data = manifest.get_json()
    assert data["start_url"] == "/?lang=fr" and data["display"] == "standalone"
    assert data["lang"] == "fr" and data["short_name"] == "GONG" and data["theme_color"]
    for icon in data["icons"]:
        assert "maskable" in icon["purpose"]
        image = Image.open(io.BytesIO(client.get(icon["src"]).data))
        size = int(icon["sizes"].split("x")[0])
        assert image.format == "PNG" and image.size == (size, size)
        # The planet stays inside the maskable safe zone: the border is the night blue.
        edge = image.convert("RGB").crop((0, 0, size, size // 10))
        assert edge.getcolors(4) and len(edge.getcolors(4)) == 1
    assert client.get("/manifest-xx.webmanifest").status_code == 404
    share = client.get(re.search(r'og:image" content="http://localhost([^"]+)"',
                                 client.get("/").get_data(as_text=True))[1])  # fmt: skip
    assert Image.open(io.BytesIO(share.data)).size == (1200, 630)

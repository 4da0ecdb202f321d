"""`gong export`: the static site's files, read back from the folder as a host would serve
them (server/export.py says the layout)."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from pathlib import Path

import pytest

from gong.cards import DECK, Kind
from gong.missions import load_missions
from printables.links import card_link, parse_base_url
from server.export import (
    MARKER,
    ExportError,
    ExportOptions,
    _check_qr_targets,
    export,
    fixed_missions,
    ignores_case,
    render,
    static_path,
)

from ..served import gong_command, server_env

BASE = "https://example.org/games/gong/"
LINK = re.compile(r'(?:href|src|data-sw)="([^"#]*)')


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "site"
    export(ExportOptions(out, parse_base_url(BASE), "en"))
    return out


def _file_of(out: Path, url: str) -> Path | None:
    """The file a static host serves for `url` (a path under the base path), or None."""
    path = url.split("?")[0].removeprefix("https://example.org").removeprefix("/games/gong")
    target = out / path.lstrip("/")
    for found in (target, target / "index.html", target.with_name(target.name + ".html")):
        if found.is_file():
            return found
    return None


def test_every_printed_qr_code_has_its_page_in_both_layouts(exported: Path):
    base = parse_base_url(BASE)
    for card in DECK:
        path = card_link(base, card).removeprefix("HTTPS://EXAMPLE.ORG/games/gong/")
        assert (exported / f"{path}.html").is_file()  # GitHub Pages, Netlify
        assert (exported / path / "index.html").is_file()  # nginx, http.server, S3
        lower = path.lower()
        assert (exported / f"{lower}.html").read_bytes() == (exported / f"{path}.html").read_bytes()


def test_a_missing_qr_target_stops_the_export_naming_it():
    files = {f"C/{c.code}{suffix}": b"" for c in DECK for suffix in (".html", "/index.html")}
    _check_qr_targets(parse_base_url(BASE), files)
    del files["C/NE5.html"]
    with pytest.raises(ExportError, match=r"printed QR codes: C/NE5\.html"):
        _check_qr_targets(parse_base_url(BASE), files)


def test_every_link_of_every_page_leads_to_an_exported_file(exported: Path):
    pages = sorted(exported.rglob("*.html"))
    assert len(pages) > 1900  # 11 languages of pages, and the pages without a prefix
    broken = set()
    for page in pages:
        for url in LINK.findall(page.read_text("utf-8")):
            if url.startswith(("/games/gong/", "https://example.org/games/gong/")):
                if _file_of(exported, url) is None:
                    broken.add((page.relative_to(exported).as_posix(), url))
            else:
                assert url.startswith("https://example.org/"), (page, url)
    assert not broken, sorted(broken)[:5]


def test_each_language_has_its_own_paths_and_pages_without_prefix_are_the_first_language(
    exported: Path,
):
    french = (exported / "fr/C/NE5/index.html").read_text("utf-8")
    assert '<html lang="fr"' in french
    assert 'href="/games/gong/de/C/NE5/" hreflang="de"' in french
    assert "data-choose" not in french  # a language's own page stays in its language
    assert '<link rel="canonical" href="https://example.org/games/gong/fr/C/NE5/">' in french
    root = (exported / "C/NE5.html").read_text("utf-8")
    assert '<html lang="en"' in root and "data-choose" in root
    assert '<link rel="canonical" href="https://example.org/games/gong/C/NE5/">' in root


def test_a_card_page_embeds_its_kind_in_its_own_language_only(exported: Path):
    book = load_missions()
    page = (exported / "hi/C/NE5/index.html").read_text("utf-8")
    data = json.loads(re.search(r'id="gong-missions">(.*?)</script>', page).group(1))
    assert data["kind"] == "bonus"
    assert [m[0] for m in data["missions"]] == [m.id for m in book.of_kind(Kind.BONUS)]
    assert all(m[2] == book.get(m[0]).text_in("hi") for m in data["missions"])
    assert book.get("bonus-01").text_in("en") not in page
    assert not (exported / "hi/m/bonus-01/index.html").read_text("utf-8").count("gong-missions")


def test_without_javascript_each_card_of_a_kind_shows_its_own_mission_in_every_language(
    exported: Path,
):
    fixed = fixed_missions(load_missions())
    for kind in Kind:
        codes = [c.code for c in DECK if not c.is_joker and c.kind is kind]
        assert len({fixed[code] for code in codes}) == len(codes)
    for lang in ("en", "fr", "bn"):
        page = (exported / f"{lang}/C/NE5/index.html").read_text("utf-8")
        assert f'/m/{fixed["NE5"]}/"' in page


def test_the_largest_page_with_its_css_fits_the_first_round_trip(exported: Path):
    css = next((exported / "s").glob("site-*.css")).read_bytes()
    css_size = len(gzip.compress(css, 9, mtime=0))
    largest = max(
        (len(gzip.compress(p.read_bytes(), 9, mtime=0)), p.name) for p in exported.rglob("*.html")
    )
    assert largest[0] + css_size < 14_000, (largest, css_size)


def test_without_tables_url_no_page_links_to_tables(exported: Path):
    for page in exported.rglob("*.html"):
        assert "/play" not in page.read_text("utf-8"), page


def test_with_tables_url_the_play_links_lead_to_that_site(tmp_path: Path):
    report = render(
        ExportOptions(
            tmp_path / "x", parse_base_url(BASE), "en", parse_base_url("https://play.example.org")
        )
    )
    home = report.files["fr/index.html"].decode()
    assert 'href="https://play.example.org/play?lang=fr"' in home
    rules = report.files["de/rules/go-fish/index.html"].decode()
    assert 'href="https://play.example.org/play?game=go-fish&amp;lang=de"' in rules
    assert "https://play.example.org/play?lang=en" in report.files["C/NE5.html"].decode()


def test_the_same_input_gives_byte_identical_files(exported: Path, tmp_path: Path):
    again = tmp_path / "again"
    export(ExportOptions(again, parse_base_url(BASE), "en"))
    first = {p.relative_to(exported): p.read_bytes() for p in exported.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_an_export_replaces_an_earlier_one_but_never_a_folder_with_other_files(tmp_path: Path):
    out = tmp_path / "site"
    options = ExportOptions(out, parse_base_url(BASE), "en")
    export(options)
    export(options)  # its own earlier export: replaced
    (out / "notes.txt").write_text("mine")
    run = subprocess.run(
        [*gong_command(), "export", str(out), "--base-url", BASE],
        capture_output=True,
        text=True,
        env=server_env(tmp_path),
    )
    assert run.returncode == 2
    assert run.stderr.strip().count("\n") == 0
    assert "holds files that gong export did not write (notes.txt)" in run.stderr
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / MARKER).is_file()


def test_a_changed_exported_file_is_not_overwritten(exported: Path, tmp_path: Path):
    out = tmp_path / "site"
    export(ExportOptions(out, parse_base_url(BASE), "en"))
    (out / "index.html").write_text("my own home page")
    with pytest.raises(ExportError, match="holds index.html, changed since gong export wrote it"):
        export(ExportOptions(out, parse_base_url(BASE), "en"))
    assert (out / "index.html").read_text() == "my own home page"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--base-url", "http://localhost:8000"], "'--base-url': the base URL"),
        (["--base-url", BASE, "--tables-url", "ftp://x.org"], "'--tables-url': the base URL"),
        (["--base-url", BASE, "--lang", "xx"], "--lang xx: not a language this site serves"),
    ],
)
def test_bad_arguments_get_one_line_and_write_nothing(tmp_path: Path, args: list[str], says: str):
    out = tmp_path / "site"
    run = subprocess.run(
        [*gong_command(), "export", str(out), *args],
        capture_output=True,
        text=True,
        env=server_env(tmp_path),
    )
    assert run.returncode in (1, 2)
    last = run.stderr.strip().splitlines()[-1]
    assert says in last, run.stderr
    assert not out.exists()


def test_broken_missions_stop_the_export_naming_the_file(tmp_path: Path):
    missions = tmp_path / "missions"
    missions.mkdir()
    (missions / "bonus.yaml").write_text("missions:\n  - id: [unclosed\n")
    out = tmp_path / "site"
    run = subprocess.run(
        [*gong_command(), "export", str(out), "--base-url", BASE, "--missions", str(missions)],
        capture_output=True,
        text=True,
        env=server_env(tmp_path),
    )
    assert run.returncode == 1
    assert "gong export: nothing was written" in run.stderr
    assert "bonus.yaml" in run.stderr
    assert not out.exists()


def test_static_paths_are_folders_and_card_codes_upper_case():
    assert static_path("/") == "/"
    assert static_path("/rules/link") == "/rules/link/"
    assert static_path("/c/ne5") == "/C/NE5/"
    assert static_path("/m/bonus-07") == "/m/bonus-07/"


def test_this_disk_keeps_letter_case_apart(tmp_path: Path):
    assert ignores_case(tmp_path) is False
    assert list(tmp_path.iterdir()) == []  # the probe is gone


def test_on_a_disk_that_ignores_case_only_the_upper_case_pages_are_written_and_it_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from server import export as export_module

    monkeypatch.setattr(export_module, "ignores_case", lambda folder: True)
    out = tmp_path / "stick"
    report = export(ExportOptions(out, parse_base_url(BASE), "en"))
    assert report.case_insensitive
    assert (out / "C/NE5.html").is_file() and not (out / "c").exists()
    listed = json.loads((out / MARKER).read_text())["files"]
    assert "C/NE5.html" in listed and not any(name.startswith("c/") for name in listed)
    export(ExportOptions(out, parse_base_url(BASE), "en"))  # the stick's own export: replaced

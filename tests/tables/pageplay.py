"""Helpers of the table pages' browser tests: `gong serve` as a real server process, and a
player who makes any legal move a page offers, by its checkboxes and buttons."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..served import free_port

GONG = Path(sys.executable).with_name("gong")
AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js"
SECRET = "browser-tests-secret-key-0123456789"


class Server:
    """`gong serve` on a port of its own, started and stopped by the test."""

    def __init__(self, instance: Path, store: str | None = None, port: int | None = None):
        self.instance = instance
        self.store = store
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = dict(os.environ)
        env.update(
            GONG_INSTANCE=str(self.instance),
            GONG_SECRET_KEY=SECRET,
            GONG_BOT_DELAY="0",
            GONG_CALL_WAIT="0",
            GONG_POLL_SECONDS="0.2",  # the pages look for moves five times a second
            GONG_TESTING="1",
        )
        if self.store:
            env["GONG_STORE"] = self.store
        log = open(self.instance / f"serve-{self.port}.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [str(GONG), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--workers", "1", "--threads", "4"],
            env=env, stdout=log, stderr=log,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((self.instance / f"serve-{self.port}.log").read_text())
            try:
                urllib.request.urlopen(self.url + "/play", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("gong serve did not answer")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextmanager
def serving(instance: Path, store: str | None = None) -> Iterator[Server]:
    server = Server(instance, store).start()
    try:
        yield server
    finally:
        server.stop()


def version(page) -> int:
    return int(page.locator("main[data-version]").get_attribute("data-version").split("-")[0])


def over(page) -> bool:
    return page.locator("section.over").count() > 0


def act(page) -> bool:
    """Make one legal move the page offers (tap "show my cards" on a pass screen first);
    whether a form was sent. A refused choice is answered next time by another button."""
    reveal = page.locator("section.pass a.button")
    if reveal.count():
        with page.expect_navigation():
            reveal.click()
        return True
    form = page.locator("form.move")
    if not form.count():
        return False
    refused = page.locator("p.error").count() > 0
    gong = form.locator("button[name=action][value=gong]")
    verbs = form.locator("button[name=verb]")
    plain = form.locator("button[name=action]")
    button = None
    if gong.count():
        button = gong.first
    elif verbs.count() and not (refused and plain.count()):
        verb = verbs.first.get_attribute("value")
        box = form.locator(f"input[name=card][data-for~='{verb}']")
        if box.count():
            box.first.check()
        radio = form.locator("input[name=to]")
        if radio.count():
            radio.first.check()
        button = verbs.first
    elif plain.count():
        button = plain.first
    if button is None:
        return False
    send(page, button)
    return True


def send(page, button) -> None:
    """Tap a button that sends a form, and wait for its answer: the page's script swaps in
    the table's new page without reloading (a form without the script loads it)."""
    page.evaluate("document.querySelector('main').setAttribute('data-old', '')")
    button.click()
    page.wait_for_function("() => !document.querySelector('main[data-old]')")
    page.wait_for_load_state()


def axe_findings(page) -> list[str]:
    """Serious and critical axe-core findings on the page (axe is injected; the context must
    bypass the page's CSP for that script alone)."""
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} - {[n['target'] for n in v['nodes']][:3]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]

"""A family's GONG LINK game at a table, played in headless chromium on 360x740 phones against
`gong serve` at the default robot pace, and the table page's weight as a phone gets it.

Two scenarios, each played once per seed (one game at a time):

- `one`: one person on a phone (seat 1) and three robots;
- `two`: two people, each on their own phone (two browser contexts, seats 1 and 2), and two
  robots.

The server is the tree's own `.venv/bin/gong serve` (`make .venv/.installed` makes it), one
worker, on a fresh instance folder, with its default settings (robot pace, GONG and catch
windows, the pages' poll interval; every GONG_* variable of the caller is dropped), except
`GONG_TESTING=1`, which only lets a table be created with a fixed seed (the deal and the
robots' choices). The table is made through the API with that seed and robots of one level
(`--level`, normal by default, so that two trees with different /play defaults play the same
robots), then each person opens the table's link, types a name and sits down, as a family does
from a shared link; the game starts when the last seat is taken. The same seed played by the
same driver gives the same game on two trees as long as their timing does not change who
catches whom first.

A person makes a sensible move whenever the page offers one, as soon as it does (no thinking
time unless `--think`): call GONG or catch anyone (robots too) when offered; stop a joker
swap with their own joker; swap with a joker when their hand has 3 more cards than the
smallest other hand; else play a playable card (the first one that is not a joker); else draw,
keep, pass or let a swap be; else any other button of the move the page offers. Controls
are found by role and loose English text (a card is an `input[name=card]` the person taps by
its label; buttons by what they say, a greyed button is waited for until the card tapped
makes it whole), so the driver keeps working when the page changes: buttons renamed, an
action bar, moves sent without reloading.

What is counted, per person:

- a **tap**: one click on something on the page: a card, a player to choose, a button; the
  name field counts one tap (typing the name is not counted). Setup taps (the name field and
  "Sit down") are counted apart from the game's taps;
- a **page load**: a whole document load of the table page (a move sent by a form that reloads
  the page; the first opening of the link); swaps of the page's content by its script are not;
- a **move**: a tap that sent a move the server accepted or refused (**refused**: its answer
  showed an error, such as "The table moved on" when a robot moved first);
- **waits**: from the moment a person's page offers them nothing to the next moment it offers
  them a move (robots playing, the page's poll);
- a **stall**: a page unchanged for STALL seconds: the driver missed a move the page offered
  (its log, `--log DIR`, says which); the game goes on, but its minutes are not to be trusted.

Printed per scenario and seed, then the medians: the people's taps (game and setup), page
loads, minutes from the start (the last "Sit down") to the end screen on every phone, history
lines (the table's whole history as the first person's seat sees it), moves (all, and the
people's), the longest and median wait. Then the page weight (HTML, stylesheets, script,
images and any SVG: raw bytes, bytes on the wire and gzip -6) of the table page mid-game,
loaded fresh by the first person's phone at their eighth turn of the first game.

    python bench/family.py                              # this tree, seeds 1-5, both scenarios
    python bench/family.py --tree /tmp/before           # another checkout's `gong serve`
    python bench/family.py --scenario one --seeds 1     # one game
    python bench/family.py --shots DIR --log DIR        # screenshots and what each person did

`make bench` runs it with the defaults (ten games, about a quarter of an hour).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}
SECRET_KEY = "bench-family-secret-key-0123456789"
PLAYERS = 4
GAME_TIMEOUT = 40 * 60
"""A game that has not ended after this long is reported as unfinished."""
STALL = 90
"""Seconds without any change on a person's page before the driver looks again anyway."""
WEIGHT_TURN = 8

# What a control says, loosely (the English pages).
GONG = re.compile(r"\bgong\b|catch", re.I)
BACK = re.compile(r"\bi'?m back\b|\bi am back\b", re.I)
COUNTER = re.compile(r"\bstop\b|counter|block", re.I)
JOKER = re.compile(r"joker|swap", re.I)
PLAY = re.compile(r"^\s*(play|lay)\b(?!.*(again|joker|online|seat|phone))", re.I)
DRAW = re.compile(r"\bdraw\b", re.I)
KEEP = re.compile(r"\bkeep\b", re.I)
PASS = re.compile(r"\bpass\b", re.I)
LET_BE = re.compile(r"let it|accept|no,? thanks", re.I)
NEVER = re.compile(
    r"robot|leave|again|replay|rules|refresh|new table|sit down|start|language|other phone", re.I
)

READ_PAGE = """() => {
  const main = document.querySelector('main');
  if (!main) return null;
  const text = el => (el ? el.innerText || el.textContent || '' : '')
    .replace(/\\s+/g, ' ').trim();
  const shown = el => el.getClientRects().length > 0 && !el.closest('details:not([open])');
  const cards = [...main.querySelectorAll('input[name=card]')].map(el => ({
    code: el.value, enabled: !el.disabled, verbs: el.getAttribute('data-for') || '',
    checked: el.checked, label: text(el.closest('label')),
  }));
  const buttons = [...main.querySelectorAll('button, input[type=submit]')].filter(shown)
    .map(el => ({text: text(el) || el.value || '', enabled: !el.disabled,
                 move: !!el.closest('form.move, .bar, .acts, .others')}));
  const radios = [...main.querySelectorAll('input[type=radio][name=to]')].map(el => ({
    value: el.value, enabled: !el.disabled, label: text(el.closest('label')),
  }));
  const seats = [...main.querySelectorAll('.seats li')].map(li => {
    const who = (li.querySelector('.who') || li).cloneNode(true);
    who.querySelectorAll('.tag, form, button').forEach(el => el.remove());
    const name = text(who).replace(/ *[(][^)]*[)] *$/, '');
    return {who: name, text: text(li), me: li.classList.contains('me')};
  });
  const over = !!main.querySelector('.over');
  const history = main.querySelector('.history ol');
  return {
    version: main.getAttribute('data-version') || '', over, cards, buttons, radios, seats,
    error: text(main.querySelector('.error')),
    history: history ? Math.max(+history.getAttribute('start') || 0,
                                history.querySelectorAll('li').length) : 0,
  };
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def gong_of(tree: Path) -> Path:
    """The `gong` command of a checkout: its own .venv, else (this tree) the running one."""
    own = tree / ".venv" / "bin" / "gong"
    if own.exists():
        return own
    if tree == ROOT:
        return Path(sys.executable).with_name("gong")
    raise SystemExit(f"{own} is missing: run `make .venv/.installed` in {tree}")


class Server:
    """`gong serve` of a tree on a free port, on a fresh instance folder, default settings."""

    def __init__(self, tree: Path, workers: int) -> None:
        self.tree = tree
        self.workers = workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = tempfile.mkdtemp(prefix="gong-bench-family-")
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        # Nothing of the caller's GONG_* settings: the defaults are what is measured.
        env = {k: v for k, v in os.environ.items() if not k.startswith("GONG_")}
        env.update(GONG_INSTANCE=self.folder, GONG_SECRET_KEY=SECRET_KEY, GONG_TESTING="1")
        log = open(Path(self.folder) / "serve.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [str(gong_of(self.tree)), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--workers", str(self.workers)],
            env=env, cwd=self.tree, stdout=log, stderr=log,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((Path(self.folder) / "serve.log").read_text())
            try:
                urllib.request.urlopen(self.url + "/play", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("gong serve did not answer")

    def __exit__(self, *_exc: object) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def api(self, method: str, path: str, body: dict | None = None, secret: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if secret:
            request.add_header("Authorization", f"Bearer {secret}")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)


@dataclass
class Person:
    """One person at the table: their phone's page and what they did."""

    name: str
    seat: int
    taps: int = 0
    setup_taps: int = 0
    loads: int = 0
    moves: int = 0
    turns: int = 0
    waits: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    refused: int = 0
    """Moves the server refused (the answer showed an error: "The table moved on", ...)."""
    stalls: int = 0
    """Times the page stayed unchanged for STALL seconds (a driver that missed a move)."""
    kinds: dict[str, int] = field(default_factory=dict)
    """The moves sent, by what they were (play, draw, gong, ...)."""
    ended_at: float | None = None
    log: list[str] = field(default_factory=list)
    """What the driver saw and did, for `--log`."""
    page: object = None
    context: object = None


@dataclass
class Game:
    scenario: str
    seed: int
    people: list[Person]
    minutes: float = float("nan")
    history: int = 0
    moves: int = 0
    finished: bool = False
    outcome: str = ""
    weight: list[dict] | None = None


def seat_counts(state: dict) -> dict[str, int]:
    """The cards each other seat holds, by the seat's name, from the page's seat list
    ("cards: 5" or "5 cards")."""
    counts = {}
    for seat in state["seats"]:
        found = re.search(r"cards?\W*(\d+)|(\d+)\s*cards?\b", seat["text"], re.I)
        if found and not seat["me"]:
            counts[seat["who"]] = int(found.group(1) or found.group(2))
    return counts


def choose(state: dict, tried: set[tuple]) -> tuple[str, str | None, str | None] | None:
    """A sensible move on this page: (intent, card code, target radio value), or None."""
    version = state["version"]
    buttons = [b for b in state["buttons"] if b["enabled"] and not NEVER.search(b["text"])]
    cards = [c for c in state["cards"] if c["enabled"]]
    has = {
        intent: any(pattern.search(b["text"]) for b in state["buttons"])
        for intent, pattern in (("play", PLAY), ("joker", JOKER), ("counter", COUNTER))
    }

    def fresh(intent: str, detail: str | None = None) -> bool:
        return (version, intent, detail) not in tried

    def joker(card: dict) -> bool:
        return card["code"].upper().startswith("J") or "joker" in card["label"].lower()

    for b in state["buttons"]:  # "Catch Robot 4!" names a robot: no NEVER here
        if b["enabled"] and GONG.search(b["text"]) and fresh("gong", b["text"]):
            return "gong", None, b["text"]
    for b in buttons:
        if BACK.search(b["text"]) and fresh("back"):
            return "back", None, None
    for c in cards:
        if ("counter" in c["verbs"] or (has["counter"] and joker(c))) and fresh("counter"):
            return "counter", c["code"], None
    mine = len(state["cards"])
    others = seat_counts(state)
    for c in cards:
        if not (joker(c) and ("joker" in c["verbs"] or has["joker"]) and fresh("joker")):
            continue
        if not others or mine - min(others.values()) < 3:
            break
        # The player with the fewest cards: a radio to tick, or a button that names them.
        fewest = min(others, key=others.get)
        targets = [r for r in state["radios"] if r["enabled"]]
        radio = next((r["value"] for r in targets if fewest and fewest in r["label"]), None)
        return "joker", c["code"], radio or (targets[0]["value"] if targets else fewest)
    for c in cards:
        playable = "play" in c["verbs"] or (not c["verbs"] and has["play"])
        if playable and not joker(c) and fresh("play", c["code"]):
            return "play", c["code"], None
    for intent, pattern in (("draw", DRAW), ("keep", KEEP), ("pass", PASS), ("let", LET_BE)):
        for b in buttons:
            if pattern.search(b["text"]) and fresh(intent):
                return intent, None, None
    for b in buttons:  # a move of a kind not known here: a person taps what is offered
        if b["move"] and not PLAY.search(b["text"]) and fresh("other", b["text"]):
            return "other", None, b["text"]
    return None


class Driver:
    """Plays one person's phone: reads the page, taps, waits for the answer."""

    def __init__(self, person: Person, game: Game, think: float, on_turn) -> None:
        self.person = person
        self.game = game
        self.think = think
        self.on_turn = on_turn

    @property
    def page(self):
        return self.person.page

    async def read(self) -> dict | None:
        try:
            return await self.page.evaluate(READ_PAGE)
        except Exception:  # the page is between two documents
            await self.page.wait_for_load_state()
            return await self.page.evaluate(READ_PAGE)

    async def tap(self, locator, setup: bool = False) -> bool:
        if self.think:
            await asyncio.sleep(self.think)
        try:
            await locator.click(timeout=5000)
        except Exception:
            return False
        if setup:
            self.person.setup_taps += 1
        else:
            self.person.taps += 1
        return True

    async def send(self, locator) -> bool:
        """Tap a control that sends a move, and wait for its answer (a new page, or the new
        content swapped in by the page's script)."""
        await self.page.evaluate(
            "() => document.querySelector('main')?.setAttribute('data-bench-old', '')"
        )
        if not await self.tap(locator):
            return False
        self.person.moves += 1
        with contextlib.suppress(Exception):  # no answer within 30 s: read the page anyway
            await self.page.wait_for_function(
                "() => !document.querySelector('main[data-bench-old]')", timeout=30_000
            )
        await self.page.wait_for_load_state()
        with contextlib.suppress(Exception):
            if await self.page.locator("main .error").count():
                self.person.refused += 1
        return True

    def button(self, pattern: re.Pattern):
        return self.page.locator("main button:enabled").filter(has_text=pattern).first

    async def pick(self, code: str) -> bool:
        box = self.page.locator(f'main input[name=card][value="{code}"]').first
        try:
            if await box.is_checked(timeout=2000):
                return True  # kept from before (a refusal keeps the choices)
        except Exception:
            return False
        label = self.page.locator(f'main label:has(input[name=card][value="{code}"])').first
        tapped = await self.tap(label if await label.count() else box)
        if tapped and not await box.is_checked():
            await box.check(force=True)  # the tap missed the box; the person taps again
        return tapped

    async def act(self, intent: str, card: str | None, extra: str | None) -> bool:
        if intent == "gong":
            return await self.send(
                self.page.locator("main button:enabled").filter(has_text=extra).first
            )
        if intent in ("back", "draw", "keep", "pass", "let"):
            pattern = {"back": BACK, "draw": DRAW, "keep": KEEP, "pass": PASS, "let": LET_BE}
            return await self.send(self.button(pattern[intent]))
        if intent == "other":
            return await self.send(
                self.page.locator("main button:enabled").filter(has_text=extra).first
            )
        if not await self.pick(card):
            return False
        pattern = {"play": PLAY, "joker": JOKER, "counter": COUNTER}[intent]
        if intent == "joker" and extra is not None:
            radio = self.page.locator(f'main input[type=radio][name=to][value="{extra}"]').first
            if await radio.count():
                label = self.page.locator(f'main label:has(input[name=to][value="{extra}"])')
                await self.tap(label.first if await label.count() else radio)
            else:  # one button per player ("Swap with Zoe")
                named = self.page.locator("main button:enabled")
                named = named.filter(has_text=pattern).filter(has_text=extra)
                if await named.count():
                    return await self.send(named.first)
        return await self.send(self.button(pattern))

    async def sit(self, url: str) -> None:
        page = self.page
        page.on("load", lambda _page: setattr(self.person, "loads", self.person.loads + 1))
        await page.goto(url)
        field_ = page.get_by_label(re.compile("name", re.I)).first
        await self.tap(field_, setup=True)
        await field_.fill(self.person.name)
        button = page.get_by_role("button", name=re.compile(r"sit", re.I)).first
        await page.evaluate(
            "() => document.querySelector('main')?.setAttribute('data-bench-old', '')"
        )
        await self.tap(button, setup=True)
        await page.wait_for_function("() => !document.querySelector('main[data-bench-old]')")
        await page.wait_for_load_state()

    async def play(self, deadline: float) -> None:
        person = self.person
        tried: set[tuple] = set()
        waiting_since = time.monotonic()
        while time.monotonic() < deadline:
            state = await self.read()
            if state is None:
                await self.page.wait_for_load_state()
                continue
            if state["over"]:
                person.ended_at = time.monotonic()
                return
            if state["error"]:
                person.refusals.append(state["error"])
            move = choose(state, tried)
            buttons = [b["text"] + ("" if b["enabled"] else " (off)") for b in state["buttons"]]
            picks = [c["code"] for c in state["cards"] if c["enabled"]]
            person.log.append(
                f"{time.monotonic():.1f} v{state['version']} {move} buttons={buttons} "
                f"cards={picks} error={state['error']!r}"
            )
            if move is not None:
                if waiting_since is not None:
                    person.waits.append(time.monotonic() - waiting_since)
                    waiting_since = None
                intent, card, extra = move
                detail = (
                    card if intent == "play" else extra if intent in ("gong", "other") else None
                )
                tried.add((state["version"], intent, detail))
                if intent in ("play", "joker", "draw", "counter"):
                    person.turns += 1
                    if person.turns == WEIGHT_TURN:
                        await self.on_turn(person)
                if await self.act(intent, card, extra):
                    kind = "catch" if intent == "gong" and "catch" in extra.lower() else intent
                    person.kinds[kind] = person.kinds.get(kind, 0) + 1
                continue
            if waiting_since is None:
                waiting_since = time.monotonic()
            await self.page.evaluate(
                "() => document.querySelector('main')?.setAttribute('data-bench-seen', '')"
            )
            try:
                await self.page.wait_for_function(
                    "() => !document.querySelector('main[data-bench-seen]')",
                    timeout=STALL * 1000,
                    polling=100,
                )
            except Exception:  # nothing changed for a long while: try everything again
                person.stalls += 1
                person.log.append(f"{time.monotonic():.1f} stalled {STALL} s")
                tried.clear()
        person.ended_at = None


async def page_weight(
    browser, url: str, cookies: list[dict], shots: Path | None = None
) -> list[dict]:
    """Every response of one fresh load of the table page (a new phone, empty cache, the
    seat's cookies): its URL, type, raw size, size on the wire and size under gzip -6. With
    `shots`, the page is also photographed there at 360x740 and 1280x900."""
    context = await browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True)
    await context.add_cookies(cookies)
    page = await context.new_page()
    seen: list = []
    page.on("requestfinished", lambda request: seen.append(request))
    await page.goto(url)
    await page.wait_for_load_state("networkidle")
    rows = []
    for request in seen:
        response = await request.response()
        if response is None or request.resource_type in ("fetch", "xhr"):
            continue
        try:
            body = await response.body()
        except Exception:
            body = b""
        sizes = await request.sizes()
        rows.append(
            {
                "url": request.url.split("?")[0].rsplit("/", 2)[-2:],
                "type": (response.headers.get("content-type") or "").split(";")[0],
                "raw": len(body),
                "wire": sizes.get("responseBodySize", len(body)),
                "gzip": len(gzip.compress(body, compresslevel=6)),
            }
        )
    if shots:
        await page.screenshot(path=str(shots / "midgame-360.png"))
        await page.screenshot(path=str(shots / "midgame-360-full.png"), full_page=True)
        wide = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
        await wide.add_cookies(cookies)
        page = await wide.new_page()
        await page.goto(url)
        await page.screenshot(path=str(shots / "midgame-1280.png"))
        await wide.close()
    await context.close()
    return rows


async def play_game(
    server: Server,
    browser,
    scenario: str,
    seed: int,
    level: str,
    think: float,
    weigh: bool,
    shots: Path | None = None,
    logs: Path | None = None,
) -> Game:
    people_count = 1 if scenario == "one" else 2
    names = ["Mum", "Leo"][:people_count]
    bots = {str(s): level for s in range(people_count, PLAYERS)}
    made = server.api(
        "POST", "/api/tables",
        {"game": "gong-link", "players": PLAYERS, "bots": bots, "mode": "phones", "seed": seed},
    )  # fmt: skip
    table_url = f"{server.url}/t/{made['id']}"
    people = [Person(name, seat) for seat, name in enumerate(names)]
    game = Game(scenario, seed, people)
    for person in people:
        person.context = await browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True)
        person.page = await person.context.new_page()
    await people[0].context.add_cookies(
        [{"name": f"gc_{made['id']}", "value": made["creator_secret"], "url": table_url}]
    )

    async def weighed(person: Person) -> None:
        if weigh and game.weight is None:
            cookies = await person.context.cookies()
            game.weight = await page_weight(browser, table_url, cookies, shots)

    drivers = [Driver(person, game, think, weighed) for person in people]
    for driver in drivers:
        await driver.sit(table_url)
    started = time.monotonic()
    deadline = started + GAME_TIMEOUT
    await asyncio.gather(*(driver.play(deadline) for driver in drivers))
    ends = [p.ended_at for p in people]
    game.finished = all(end is not None for end in ends)
    if game.finished:
        game.minutes = (max(ends) - started) / 60
    secret = next(
        (c["value"] for c in await people[0].context.cookies() if c["name"] == f"gs_{made['id']}"),
        None,
    )
    answer = server.api("GET", f"/api/tables/{made['id']}", secret=secret)
    events = answer.get("events") or []
    starts = [e["version"] for e in events if e.get("code") == "started"]
    begun = starts[0] if starts else 0
    game.history = len(events)
    game.moves = len({e["version"] for e in events if e["version"] > begun})
    outcome = answer.get("outcome") or {}
    game.outcome = ", ".join(
        s["name"] or f"robot seat {s['seat'] + 1}"
        for s in answer.get("seats", [])
        if s["seat"] in (outcome.get("winners") or [])
    )
    if logs:
        for person in people:
            where = logs / f"{scenario}-{seed}-{person.name.lower()}.log"
            where.write_text("\n".join(person.log) + "\n")
    if shots:
        for person in people:
            where = shots / f"end-{scenario}-{seed}-{person.name.lower()}-360.png"
            await person.page.screenshot(path=str(where))
    for person in people:
        await person.context.close()
        person.page = person.context = None
    return game


def _median(values: list[float]) -> float:
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


def report_game(game: Game) -> dict:
    people = game.people
    waits = [w for p in people for w in p.waits]
    row = {
        "taps": sum(p.taps for p in people),
        "setup taps": sum(p.setup_taps for p in people),
        "page loads": sum(p.loads for p in people),
        "minutes": game.minutes,
        "history lines": game.history,
        "moves": game.moves,
        "people's moves": sum(p.moves for p in people),
        "refused": sum(p.refused for p in people),
        "longest wait s": max(waits, default=0.0),
        "median wait s": _median(waits),
    }
    shown = ", ".join(
        f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()
    )
    each = "; ".join(
        f"{p.name}: {p.taps} taps, {p.loads} loads, "
        + " ".join(f"{k} {n}" for k, n in sorted(p.kinds.items()))
        for p in people
    )
    status = f"won by {game.outcome}" if game.finished else "NOT FINISHED"
    stalls = sum(p.stalls for p in people)
    if stalls:
        status += f", {stalls} STALL(S) of {STALL} s: see --log"
    print(f"  seed {game.seed}: {shown} ({each}; {status})", flush=True)
    refused = sorted({r for p in people for r in p.refusals})
    if refused:
        print(f"    refusals seen: {refused[:5]}", flush=True)
    return row


def report_weight(rows: list[dict]) -> None:
    print("table page weight, mid-game, as a phone gets it (bytes: raw / on the wire / gzip -6)")
    for row in rows:
        name = "/".join(part if len(part) <= 30 else part[:12] + "…" for part in row["url"])
        print(f"  {row['type']:<24} {name:<44} {row['raw']:>7} {row['wire']:>7} {row['gzip']:>7}")
    total = {k: sum(r[k] for r in rows) for k in ("raw", "wire", "gzip")}
    print(f"  {'total':<69} {total['raw']:>7} {total['wire']:>7} {total['gzip']:>7}")
    script = [r for r in rows if "javascript" in r["type"]]
    print(
        f"  the page with its script: {total['raw'] / 1024:.1f} KB raw, "
        f"{total['gzip'] / 1024:.1f} KB gzip ({len(script)} script(s))",
        flush=True,
    )


async def run(args: argparse.Namespace) -> int:
    from playwright.async_api import async_playwright

    tree = Path(args.tree).resolve()
    scenarios = ["one", "two"] if args.scenario == "both" else [args.scenario]
    commit = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(
        f"tree {tree} ({commit or '?'}), robots {args.level}, seeds {args.seeds}, "
        f"think {args.think} s",
        flush=True,
    )
    weight = None
    shots = Path(args.shots) if args.shots else None
    logs = Path(args.log) if args.log else None
    for folder in (shots, logs):
        if folder:
            folder.mkdir(parents=True, exist_ok=True)
    with Server(tree, args.workers) as server:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                for scenario in scenarios:
                    label = (
                        "one person, three robots"
                        if scenario == "one"
                        else ("two people, two robots")
                    )
                    print(f"scenario {scenario}: {label}", flush=True)
                    rows = []
                    for seed in args.seeds:
                        game = await play_game(
                            server, browser, scenario, seed, args.level, args.think,
                            weigh=weight is None, shots=shots, logs=logs,
                        )  # fmt: skip
                        weight = weight or game.weight
                        rows.append(report_game(game))
                    if len(rows) > 1:
                        medians = {k: _median([r[k] for r in rows]) for k in rows[0]}
                        shown = ", ".join(f"{k} {v:.3g}" for k, v in medians.items())
                        print(f"  median of {len(rows)}: {shown}", flush=True)
                        means = {k: statistics.fmean([r[k] for r in rows]) for k in rows[0]}
                        shown = ", ".join(f"{k} {v:.3g}" for k, v in means.items())
                        print(f"  mean of {len(rows)}: {shown}", flush=True)
            finally:
                await browser.close()
    if weight:
        report_weight(weight)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=str(ROOT), help="the checkout whose `gong serve` runs")
    parser.add_argument("--scenario", choices=["one", "two", "both"], default="both")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument(
        "--level", default="normal", help="the robots' level (the same before and after)"
    )
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a person takes before each tap"
    )
    parser.add_argument("--workers", type=int, default=1, help="gong serve's worker processes")
    parser.add_argument("--shots", help="a folder for screenshots: mid-game and each end screen")
    parser.add_argument("--log", help="a folder for each person's log: what they saw and did")
    args = parser.parse_args(argv if argv is not None else [])
    if not CHROMIUM.exists():
        print(f"skipped: {CHROMIUM} is missing (Debian's chromium)")
        return 0
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

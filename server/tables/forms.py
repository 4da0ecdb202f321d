"""What the table pages need beyond the service: cookies that hold a seat, tokens that keep
cross-site posts out, one-time rejoin links, and turning a form into the referee's action text.

Nothing here knows a game's rules: the referee stays the only judge, and a form is turned into
the legal action whose fields (verb, cards, target, rank) it names.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import struct
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

SEAT_COOKIE = "gs_"
"""A seat's secret, one cookie per table (`gs_<ID>`), sent to /t/<ID> only."""
CREATOR_COOKIE = "gc_"
"""The creator's secret (`gc_<ID>`): start early, remove, hand a seat to a robot, play again."""
NONCE_COOKIE = "gx"
"""A random value per browser that the form tokens are bound to (SameSite=Strict)."""
REJOIN_LIFETIME = 7 * 24 * 3600


class FormRefused(ValueError):
    """A form that cannot become an action: `key` names the page text that says why."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


# --- cross-site protection -----------------------------------------------------------------


def new_nonce() -> str:
    return secrets.token_urlsafe(18)


def form_token(key: str | bytes, nonce: str, form: str) -> str:
    """The token a page puts in `form` (a form's name and its table): an HMAC of the
    browser's nonce cookie, which another site can neither read nor set."""
    raw = key.encode() if isinstance(key, str) else key
    mac = hmac.new(raw, f"form|{nonce}|{form}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def token_ok(key: str | bytes, nonce: str | None, form: str, given: str | None) -> bool:
    if not nonce or not given:
        return False
    return hmac.compare_digest(form_token(key, nonce, form), given)


# --- one-time rejoin links -----------------------------------------------------------------


def _stream(key: bytes, nonce: bytes, length: int) -> bytes:
    out = b""
    block = 0
    while len(out) < length:
        out += hmac.new(key, b"rejoin-stream" + nonce + bytes([block]), hashlib.sha256).digest()
        block += 1
    return out[:length]


def rejoin_token(key: str | bytes, table_id: str, secret: str, now: float | None = None) -> str:
    """A link token carrying `secret` sealed (HMAC keystream and tag under the site key), so
    the address never holds a secret the API would take, and it expires."""
    raw = key.encode() if isinstance(key, str) else key
    nonce = secrets.token_bytes(12)
    expires = int((now or time.time()) + REJOIN_LIFETIME)
    body = struct.pack(">I", expires) + secret.encode()
    sealed = bytes(a ^ b for a, b in zip(body, _stream(raw, nonce, len(body)), strict=True))
    tag = hmac.new(raw, b"rejoin" + table_id.encode() + nonce + sealed, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(nonce + sealed + tag[:16]).decode().rstrip("=")


def open_rejoin(key: str | bytes, table_id: str, token: str, now: float | None = None):
    """(the secret, a fingerprint for the once-only check) or None if forged or expired."""
    raw = key.encode() if isinstance(key, str) else key
    try:
        data = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (ValueError, TypeError):
        return None
    if len(data) < 12 + 5 + 16:
        return None
    nonce, sealed, tag = data[:12], data[12:-16], data[-16:]
    want = hmac.new(raw, b"rejoin" + table_id.encode() + nonce + sealed, hashlib.sha256).digest()
    if not hmac.compare_digest(want[:16], tag):
        return None
    body = bytes(a ^ b for a, b in zip(sealed, _stream(raw, nonce, len(sealed)), strict=True))
    (expires,) = struct.unpack(">I", body[:4])
    if expires < (now or time.time()):
        return None
    return body[4:].decode(), hashlib.sha256(nonce).hexdigest()[:24]


# --- from a form to an action --------------------------------------------------------------


def compose(
    form: Mapping[str, str], cards: Iterable[str], actions: Sequence[Mapping[str, Any]]
) -> str:
    """The text of the legal action a move form asks for: a whole action (`action`, from a
    button such as DRAW), or a verb with the picked cards and the chosen player (`to`) or the
    card or rank asked for (`ask`), found among the legal actions by their fields. FormRefused
    when a piece is missing; a choice that is no legal action goes to the referee as typed, so
    its refusal names the rule."""
    whole = (form.get("action") or "").strip()
    if whole:
        return whole
    verb = (form.get("verb") or "").strip()
    if not verb:
        raise FormRefused("pick_move")
    mine = [a for a in actions if a["verb"] == verb]
    picked = [c.strip().upper() for c in cards if c.strip()]
    to_text = (form.get("to") or "").strip()
    to = int(to_text) if to_text.isdigit() else None
    asked = (form.get("ask") or "").strip().upper()
    if form.get("ask") is not None or any(a["rank"] is not None for a in mine):
        if to is None:
            raise FormRefused("pick_player")
        if not asked:
            raise FormRefused("pick_ask")
        for action in mine:
            if action["target"] == to and asked in (action["rank"], *action["cards"]):
                return action["text"]
        return f"{verb} {to} {asked}"
    if not picked:
        raise FormRefused("pick_card")
    if len(picked) > 1 and mine and all(len(a["cards"]) == 1 for a in mine):
        raise FormRefused("one_at_a_time")  # a lay-two mission lays its cards one by one
    targeted = any(a["target"] is not None for a in mine)
    if targeted and to is None:
        raise FormRefused("pick_player")
    if not targeted:
        to = None  # the form's player choice is for another verb (a joker's target)
    for action in mine:
        if sorted(action["cards"]) == sorted(picked) and action["target"] == to:
            return action["text"]
    return " ".join([verb, *picked, *([] if to is None else ["->", str(to)])])

"""A visitor's "already seen" missions, kept in a signed cookie so the site stays stateless.

Per kind the cookie holds a bitmask of mission indexes (in file order) and the index of the
mission shown last, e.g. `{"b": [5, 2]}`: about 60 bytes for the three kinds. Any worker or
machine with the same secret key reads it. A cookie that fails the signature or has the wrong
shape is ignored (a fresh visitor), never an error; indexes beyond the current mission list
are dropped, so a cookie from an older mission set stays harmless.
"""

from __future__ import annotations

import binascii
import hashlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter
from typing import Any

from flask import Flask, Request, Response
from flask.sessions import NullSession, SessionInterface
from itsdangerous import BadData, Signer
from itsdangerous.encoding import base64_decode

from gong.cards import Kind
from gong.missions import Mission

COOKIE_NAME = "seen"
COOKIE_MAX_AGE = 60 * 60 * 24 * 90  # a season of game nights
_KEYS = {Kind.BONUS: "b", Kind.MALUS: "m", Kind.FIGHT: "f"}
_ID = attrgetter("id")
_URL_SAFE = bytes.maketrans(b"+/", b"-_")


def base64_encode(data: bytes) -> bytes:
    """URL-safe base64 without padding, as itsdangerous's `base64_encode` writes it, without
    its layers (two of them on every mission drawn)."""
    return binascii.b2a_base64(data, newline=False).translate(_URL_SAFE).rstrip(b"=")


@dataclass
class SeenState:
    """Seen mission indexes and the last shown index, per kind."""

    seen: dict[Kind, frozenset[int]] = field(default_factory=dict)
    last: dict[Kind, int] = field(default_factory=dict)

    def seen_ids(self, kind: Kind, missions: Sequence[Mission]) -> frozenset[str]:
        return frozenset(missions[i].id for i in self.seen.get(kind, ()) if i < len(missions))

    def last_id(self, kind: Kind, missions: Sequence[Mission]) -> str | None:
        index = self.last.get(kind)
        return missions[index].id if index is not None and index < len(missions) else None

    def record(
        self, kind: Kind, missions: Sequence[Mission], seen_ids: frozenset[str], shown: Mission
    ) -> None:
        # Through C iterators rather than Python loops over every mission: this runs on every
        # mission drawn.
        ids = list(map(_ID, missions))
        self.seen[kind] = frozenset(compress(range(len(ids)), map(seen_ids.__contains__, ids)))
        self.last[kind] = ids.index(shown.id)


class SeenCookie:
    """Signs and reads the cookie value with the app's secret key.

    The value is `base64(json).signature`, an itsdangerous HMAC-SHA256 signature with a key
    derived once from the secret key (itsdangerous would derive it again for every cookie, a
    third of the cost on the site's hottest path). The HMAC is computed here from the two
    SHA-256 states of the key, prepared once (RFC 2104, as Python's own `hmac` module does
    without OpenSSL): OpenSSL 3 sets up an HMAC context on every call, which takes twice as
    long. The bytes are those `self._signer` (itsdangerous) signs and checks, so cookies
    stay valid across versions (tests/site/test_site_shortcuts.py).
    """

    def __init__(self, secret_key: str | bytes) -> None:
        derived = Signer(secret_key, salt="gong-seen", digest_method=hashlib.sha256).derive_key()
        self._signer = Signer(derived, key_derivation="none", digest_method=hashlib.sha256)
        # The derived key is a SHA-256 digest, shorter than a block: padded, not hashed again.
        key = derived.ljust(hashlib.sha256().block_size, b"\0")
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
        self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))

    def _signature(self, value: bytes) -> bytes:
        """HMAC-SHA256 of `value` with the derived key."""
        inner = self._inner.copy()
        inner.update(value)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()

    def dumps(self, state: SeenState) -> str:
        # The JSON of `{"b": [mask, last], ...}` written directly: json.dumps with custom
        # separators builds an encoder on every call, which cost as much as the signature.
        entries = []
        for kind, key in _KEYS.items():
            last = state.last.get(kind)
            if last is not None:
                mask = 0
                for i in state.seen.get(kind, ()):
                    mask |= 1 << i
                entries.append(f'"{key}":[{mask},{last}]')
        return self._sign_data(("{" + ",".join(entries) + "}").encode())

    def sign(self, payload: Any) -> str:
        """Any JSON value as a signed cookie value (`dumps` signs a state's payload)."""
        return self._sign_data(json.dumps(payload, separators=(",", ":")).encode())

    def _sign_data(self, data: bytes) -> str:
        value = base64_encode(data)
        return (value + b"." + base64_encode(self._signature(value))).decode("ascii")

    def _unsign(self, value: str) -> bytes:
        """The signed part of `value`, checked as itsdangerous's `unsign` checks it."""
        signed, dot, signature = value.encode().rpartition(b".")
        if not dot:
            raise BadData("no signature")
        if not hmac.compare_digest(base64_decode(signature), self._signature(signed)):
            raise BadData("signature does not match")
        return signed

    def loads(self, value: str | None) -> SeenState:
        """The state in `value`; an empty state for a missing, forged or malformed cookie."""
        state = SeenState()
        if not value:
            return state
        try:
            payload: Any = json.loads(base64_decode(self._unsign(value)))
        except (BadData, ValueError, UnicodeError, RecursionError):  # nested past JSON's depth
            return state
        if not isinstance(payload, dict):
            return state
        for kind, key in _KEYS.items():
            entry = payload.get(key)
            if not (isinstance(entry, list) and len(entry) == 2):
                continue
            mask, last = entry
            if not all(type(v) is int and v >= 0 for v in entry) or mask.bit_length() > 4096:
                continue
            state.seen[kind] = frozenset(i for i in range(mask.bit_length()) if mask >> i & 1)
            state.last[kind] = last
        return state


class NoSession(SessionInterface):
    """The site keeps no Flask session: this cookie is its one state. Skipping Flask's session
    machinery saves building a signing serializer on every request, and sharing one empty,
    read-only session saves building even that."""

    _empty = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        return self._empty

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        return None

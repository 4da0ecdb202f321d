"""A visitor's "already seen" missions, kept in a signed cookie so the site stays stateless.

Per kind the cookie holds a bitmask of mission indexes (in file order) and the index of the
mission shown last, e.g. `{"b": [5, 2]}`: about 60 bytes for the three kinds. Any worker or
machine with the same secret key reads it. A cookie that fails the signature or has the wrong
shape is ignored (a fresh visitor), never an error; indexes beyond the current mission list
are dropped, so a cookie from an older mission set stays harmless.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Request, Response
from flask.sessions import NullSession, SessionInterface
from itsdangerous import BadData, Signer
from itsdangerous.encoding import base64_decode, base64_encode

from gong.cards import Kind
from gong.missions import Mission

COOKIE_NAME = "seen"
COOKIE_MAX_AGE = 60 * 60 * 24 * 90  # a season of game nights
_KEYS = {Kind.BONUS: "b", Kind.MALUS: "m", Kind.FIGHT: "f"}


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
        self.seen[kind] = frozenset(i for i, m in enumerate(missions) if m.id in seen_ids)
        self.last[kind] = next(i for i, m in enumerate(missions) if m.id == shown.id)


class SeenCookie:
    """Signs and reads the cookie value with the app's secret key.

    The value is `base64(json).signature`, an itsdangerous HMAC-SHA256 signature with a key
    derived once from the secret key (itsdangerous would derive it again for every cookie, a
    third of the cost on the site's hottest path).
    """

    def __init__(self, secret_key: str | bytes) -> None:
        derived = Signer(secret_key, salt="gong-seen", digest_method=hashlib.sha256).derive_key()
        self._signer = Signer(derived, key_derivation="none", digest_method=hashlib.sha256)

    def dumps(self, state: SeenState) -> str:
        payload = {}
        for kind, key in _KEYS.items():
            if kind in state.last:
                mask = sum(1 << i for i in state.seen.get(kind, ()))
                payload[key] = [mask, state.last[kind]]
        return self.sign(payload)

    def sign(self, payload: Any) -> str:
        """Any JSON value as a signed cookie value (`dumps` signs a state's payload)."""
        data = json.dumps(payload, separators=(",", ":")).encode()
        return self._signer.sign(base64_encode(data)).decode("ascii")

    def loads(self, value: str | None) -> SeenState:
        """The state in `value`; an empty state for a missing, forged or malformed cookie."""
        state = SeenState()
        if not value:
            return state
        try:
            payload: Any = json.loads(base64_decode(self._signer.unsign(value)))
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

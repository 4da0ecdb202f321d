"""Table ids, seat secrets and table seeds: everything random about a table.

A table id is 128 random bits in upper-case base32 without padding (26 characters of A-Z and
2-7), so `HTTPS://HOST/T/<ID>` fits QR's compact alphanumeric mode; parsing accepts any case,
because phones and people retype links in lower case.

A seat secret is what a player's cookie holds. The store keeps only its SHA-256 digest, so a
copy of the store does not let anyone take a seat; comparisons run in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

TABLE_ID_BYTES = 16
TABLE_ID_LENGTH = 26
"""128 bits are 25 full base32 characters and 3 bits of a 26th."""
SECRET_BYTES = 32
SEED_BITS = 64

_TABLE_ID = re.compile(r"[A-Z2-7]{26}")


class TableIdError(ValueError):
    """The text is not a table id."""


def new_table_id() -> str:
    """A fresh table id: 128 bits from `secrets`, canonical upper-case base32."""
    return base64.b32encode(secrets.token_bytes(TABLE_ID_BYTES)).decode("ascii").rstrip("=")


def parse_table_id(text: str) -> str:
    """The canonical (upper-case) form of a table id typed or scanned in any case.

    >>> parse_table_id("mfrggzdfmztwq2lknnwg23tpoa")
    'MFRGGZDFMZTWQ2LKNNWG23TPOA'

    Anything else is refused with a TableIdError saying why, including the 26-character
    spellings whose last character carries bits beyond the 128 (two spellings, one table).
    """
    if not isinstance(text, str):
        raise TableIdError(f"a table id is text, not {type(text).__name__}")
    canonical = text.upper()
    if not _TABLE_ID.fullmatch(canonical):
        raise TableIdError(
            f"{text[:40]!r} is not a table id: {TABLE_ID_LENGTH} letters A-Z and digits 2-7"
        )
    raw = base64.b32decode(canonical + "======")
    if base64.b32encode(raw).decode("ascii").rstrip("=") != canonical:
        raise TableIdError(f"{text!r} is not a table id: its last character is out of range")
    return canonical


def new_secret() -> str:
    """A fresh seat (or creator) secret: 256 bits, URL- and cookie-safe."""
    return secrets.token_urlsafe(SECRET_BYTES)


def secret_digest(secret: str) -> str:
    """What the store keeps of a secret: its SHA-256, hex.

    The secret is already 256 random bits, so a plain hash is enough: there is nothing to
    guess that a slow, salted hash would protect.
    """
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(given: str | None, digest: str | None) -> bool:
    """Whether `given` (from a cookie or an Authorization header) is the secret of `digest`.

    Constant time in the secret (hmac.compare_digest on the digests); a missing or non-text
    secret, or a seat without one, never matches.
    """
    if not isinstance(given, str) or not isinstance(digest, str) or not given:
        return False
    return hmac.compare_digest(secret_digest(given).encode(), digest.encode("utf-8"))


def new_seed() -> int:
    """A table's deal seed: 64 bits from `secrets`, so no dealt hand reveals the others."""
    return secrets.randbits(SEED_BITS)

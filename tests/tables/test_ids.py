"""Table ids, seat secrets and seeds: random enough, QR-friendly, parsed in any case."""

from __future__ import annotations

import base64
import doctest
import re

import pytest
import qrcode
from hypothesis import given
from hypothesis import strategies as st

from server.tables import ids
from server.tables.ids import (
    TableIdError,
    new_secret,
    new_seed,
    new_table_id,
    parse_table_id,
    secret_digest,
    secret_matches,
)


def test_docstring_examples_run():
    result = doctest.testmod(ids)
    assert result.attempted > 0 and result.failed == 0


def test_a_table_id_is_128_random_bits_in_upper_case_base32():
    table_ids = {new_table_id() for _ in range(200)}
    assert len(table_ids) == 200
    for table_id in table_ids:
        assert re.fullmatch(r"[A-Z2-7]{26}", table_id)
        assert len(base64.b32decode(table_id + "======")) == 16
    # Every character position takes many values: the bits are random, not a counter.
    for position in range(25):
        assert len({table_id[position] for table_id in table_ids}) > 16


def test_a_table_link_is_encoded_in_qr_alphanumeric_mode():
    data = f"HTTPS://GONG.EXAMPLE.ORG/T/{new_table_id()}"
    assert qrcode.util.optimal_mode(data.encode("ascii")) == qrcode.util.MODE_ALPHA_NUM


@given(st.binary(min_size=16, max_size=16))
def test_any_case_parses_to_the_canonical_id(raw):
    canonical = base64.b32encode(raw).decode().rstrip("=")
    assert parse_table_id(canonical) == canonical
    assert parse_table_id(canonical.lower()) == canonical
    assert parse_table_id(canonical.swapcase()) == canonical


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "26 letters"),
        ("ABC", "26 letters"),
        ("A" * 27, "26 letters"),
        ("A" * 25 + "1", "26 letters"),  # 1 is not a base32 digit
        ("A" * 25 + "=", "26 letters"),
        (" " + "A" * 25, "26 letters"),
        ("A" * 25 + "B", "last character"),  # B carries bits beyond the 128
        ("Ä" * 26, "26 letters"),
        (None, "not NoneType"),
    ],
)
def test_anything_else_is_refused_clearly(text, says):
    with pytest.raises(TableIdError, match=says):
        parse_table_id(text)


def test_a_seat_secret_matches_only_itself():
    secret = new_secret()
    digest = secret_digest(secret)
    assert len(secret) >= 43 and secret not in digest
    assert secret_matches(secret, digest)
    assert not secret_matches(new_secret(), digest)
    assert not secret_matches(secret[:-1], digest)
    assert not secret_matches(secret + "x", digest)
    assert not secret_matches("", secret_digest(""))
    assert not secret_matches(None, digest)
    assert not secret_matches(secret, None)
    assert not secret_matches(secret, "ünïcode digest")  # a damaged record: no match, no crash


def test_secrets_and_seeds_are_fresh_each_time():
    assert len({new_secret() for _ in range(100)}) == 100
    seeds = [new_seed() for _ in range(100)]
    assert len(set(seeds)) == 100
    assert all(0 <= seed < 2**64 for seed in seeds)
    assert max(seeds) >= 2**60  # 64 bits used, not a small range like randrange(1_000_000)

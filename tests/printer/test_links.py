"""The printed link and the validation of the base URL (printed forever, so checked first)."""

import doctest

import pytest

import printables.links
from gong.cards import DECK, parse_card
from printables import qr
from printables.links import BaseUrlError, card_link, parse_base_url


def test_doctests():
    assert doctest.testmod(printables.links).failed == 0


@pytest.mark.parametrize(
    ("base", "code", "link"),
    [
        ("https://gong.example.org", "ne5", "HTTPS://GONG.EXAMPLE.ORG/C/NE5"),
        ("HTTP://Gong.Example.org:8080/", "j2", "HTTP://GONG.EXAMPLE.ORG:8080/C/J2"),
        ("https://example.org/Games/gong/", "PR1", "HTTPS://EXAMPLE.ORG/Games/gong/C/PR1"),
        ("https://[2606:4700::1111]:8443", "OM6", "HTTPS://[2606:4700::1111]:8443/C/OM6"),
    ],
)
def test_link_upper_cases_all_but_the_base_path(base, code, link):
    assert card_link(parse_base_url(base), parse_card(code)) == link


def test_every_card_including_the_jokers_links_to_its_code():
    base = parse_base_url("https://gong.example.org")
    links = {card_link(base, card) for card in DECK}
    assert len(links) == 56
    assert "HTTPS://GONG.EXAMPLE.ORG/C/J1" in links


def test_upper_case_link_makes_a_smaller_code_than_lower_case():
    upper = card_link(parse_base_url("https://gong.example.org"), parse_card("NE5"))
    assert qr.smallest_version(upper) < qr.smallest_version(upper.lower() + "/extra/path")
    assert qr.smallest_version(upper) <= 3


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("gong.example.org", "must start with http"),
        ("ftp://gong.example.org", "must start with http"),
        ("https://", "no host"),
        ("https:///path", "no host"),
        ("https://gong.example.org/a b", "space"),
        ("https://gong.example.org/?x=1", "query"),
        ("https://gong.example.org/#top", "fragment"),
        ("https://user:pw@gong.example.org", "user name"),
        ("https://gong.example.org:99999", "invalid port"),
        ("https://gong..example.org", "invalid host"),
        ("https://bad_host.example.org", "invalid host"),
        ('https://gong.example.org/a"b', "not allowed"),
        ("https://localhost:8000", "local or private"),
        ("https://app.localhost", "local or private"),
        ("https://127.0.0.1", "local or private"),
        ("https://[::1]:8000", "local or private"),
        ("https://10.1.2.3", "local or private"),
        ("https://192.168.1.20", "local or private"),
        ("https://172.16.0.9", "local or private"),
        ("https://169.254.1.1", "local or private"),
        ("https://printer.local", "local or private"),
        ("https://gongserver", "local or private"),
    ],
)
def test_bad_base_urls_are_refused_with_the_reason(text, reason):
    with pytest.raises(BaseUrlError, match=reason):
        parse_base_url(text)


@pytest.mark.parametrize(
    "text", ["http://localhost:8000", "http://127.0.0.1:5000/", "http://192.168.1.20", "http://box"]
)
def test_local_addresses_pass_when_allowed(text):
    base = parse_base_url(text, allow_local=True)
    assert base.is_local
    assert card_link(base, parse_card("NE5")).endswith("/C/NE5")


def test_public_address_is_not_local():
    base = parse_base_url("https://93.184.215.14/gong")
    assert not base.is_local
    assert str(base) == "https://93.184.215.14/gong"

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


# Realistic bases: (base, QR version of the upper-case link, of the same link in lower case).
# Same characters, only the case differs: the upper-case one fits QR's alphanumeric mode
# (5.5 bits a character instead of 8), which saves one version for most hosts, never more.
QR_VERSIONS = [
    ("https://gong.fr", 2, 3),
    ("http://localhost:8000", 2, 3),
    ("https://gong-game.com", 2, 3),
    ("https://gong.example.org", 3, 3),
    ("https://www.gong-cards.com", 3, 3),
    ("https://missions.gong-game.org", 3, 4),
    ("https://gong.my-family-games.co.uk", 3, 4),
    ("https://gong.example.org:8443", 3, 4),
    ("https://example.github.io/gong", 3, 4),
    ("https://jeux.editeur-exemple.fr/gong", 4, 4),
]


@pytest.mark.parametrize(("base", "upper", "lower"), QR_VERSIONS)
def test_upper_case_links_need_at_most_the_version_of_lower_case_ones(base, upper, lower):
    # A card with the longest code has the deck's longest link, so it sets the deck's version.
    card = max(DECK, key=lambda c: len(c.code))
    link = card_link(parse_base_url(base, allow_local=True), card)
    assert qr.smallest_version(link) == upper
    assert qr.smallest_version(link.lower()) == lower


def test_upper_case_saves_a_version_for_most_realistic_hosts():
    saved = [lower - upper for _, upper, lower in QR_VERSIONS]
    assert all(0 <= s <= 1 for s in saved)
    assert sum(saved) > len(saved) / 2


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


LOCAL = "points to a local or private address ({}), which no phone can reach"
BROWSERS_REFUSE = (
    "ends in a number, so browsers read it as an IPv4 address, and it is not a valid one"
)

# Every disguise of a local address, each with the address a browser really reads and the
# error it gets; and hosts browsers refuse outright, refused as invalid rather than as local.
DISGUISES = [
    ("http://127.1", LOCAL.format("127.0.0.1")),
    ("http://0177.0.0.1", LOCAL.format("127.0.0.1")),
    ("http://0x7f.1", LOCAL.format("127.0.0.1")),
    ("http://0x7f000001", LOCAL.format("127.0.0.1")),
    ("http://2130706433", LOCAL.format("127.0.0.1")),
    ("http://0", LOCAL.format("0.0.0.0")),
    ("http://10.1", LOCAL.format("10.0.0.1")),
    ("http://192.168.1", LOCAL.format("192.168.0.1")),
    ("http://100.64.0.1", LOCAL.format("100.64.0.1")),  # shared address space (carrier NAT)
    ("http://224.0.0.1", LOCAL.format("224.0.0.1")),  # multicast
    ("http://１２７．０．０．１", LOCAL.format("127.0.0.1")),  # full-width digits and dots
    ("http://127。0。0。1", LOCAL.format("127.0.0.1")),  # ideographic full stop
    ("http://%31%32%37.0.0.1", LOCAL.format("127.0.0.1")),
    ("http://%6c%6fcalhost:8000", LOCAL.format("localhost")),
    ("http://LocalHost", LOCAL.format("localhost")),
    ("http://[::ffff:127.0.0.1]", LOCAL.format("[::ffff:7f00:1]")),  # IPv4-mapped IPv6
    ("http://[::ffff:10.0.0.1]:8000", LOCAL.format("[::ffff:a00:1]")),
    ("http://[::127.0.0.1]", LOCAL.format("[::7f00:1]")),  # IPv4-compatible IPv6
    ("http://[64:ff9b::10.0.0.1]", LOCAL.format("[64:ff9b::a00:1]")),  # NAT64 of 10.0.0.1
    ("http://[2002:c0a8:101::1]", LOCAL.format("[2002:c0a8:101::1]")),  # 6to4 of 192.168.1.1
    ("http://[fe80::1]", LOCAL.format("[fe80::1]")),
    ("http://[fd00::1]", LOCAL.format("[fd00::1]")),
    ("http://[ff0e::1]", LOCAL.format("[ff0e::1]")),
    ("https://gong.example.org:0", "has port 0, which no browser connects to"),
    ("https://gong.example.org:99999", "has an invalid port '99999'"),
    ("https://gong.example.org.", "ends with a dot: write 'gong.example.org'"),
    ("http://localhost.", "ends with a dot: write 'localhost'"),
    ("http://example.123", f"the host 'example.123' of 'http://example.123' {BROWSERS_REFUSE}"),
    ("http://example.0x1f", BROWSERS_REFUSE),
    ("http://example.１２３", BROWSERS_REFUSE),
    ("http://example.123.", BROWSERS_REFUSE),
    ("http://1.2.3.4.5", BROWSERS_REFUSE),
    ("http://256.0.0.1", BROWSERS_REFUSE),
    ("http://ex%00ample.org", "has an invalid host 'ex%00ample.org': browsers refuse to open it"),
    ("http://[::1", "has an invalid host '[::1': browsers refuse to open it"),
    ("https:///gong.example.org", "has no host name"),  # browsers would read host "gong..."
    ("https:gong.example.org", "must start with http:// or https://"),
    ("https://gong.example.org\\games", "characters that are not allowed"),
    ("https://gong.example.org/a\tb", "a space or a control character"),
]


@pytest.mark.parametrize(("text", "error"), DISGUISES)
def test_every_disguised_or_broken_host_gets_its_error(text, error):
    with pytest.raises(BaseUrlError) as refused:
        parse_base_url(text)
    message = str(refused.value)
    assert error in message and "\n" not in message
    if error.startswith("points to"):
        assert "--allow-local" in message
        assert parse_base_url(text, allow_local=True).is_local


@pytest.mark.parametrize(
    ("text", "read_as"),
    [
        ("http://0x7f.1:8000", "http://127.0.0.1:8000"),
        ("http://192.168.1", "http://192.168.0.1"),
        ("http://[::ffff:127.0.0.1]", "http://[::ffff:7f00:1]"),
    ],
)
def test_an_allowed_local_address_is_printed_as_browsers_read_it(text, read_as):
    assert str(parse_base_url(text, allow_local=True)) == read_as


@pytest.mark.parametrize(
    ("text", "read_as"),
    [
        ("https://gong。example。org", "https://gong.example.org"),
        ("https://gong%2Eexample.org", "https://gong.example.org"),
        ("https://GONG.example.org:443/", "https://gong.example.org"),  # the default port
        ("https://bücher.example", "https://xn--bcher-kva.example"),
        ("http://0x08080808", "http://8.8.8.8"),
        ("http://1.1.1.1.", "http://1.1.1.1"),
        ("http://[2606:4700::1111]", "http://[2606:4700::1111]"),
        ("http://[::ffff:8.8.8.8]", "http://[::ffff:808:808]"),
    ],
)
def test_public_hosts_in_any_spelling_are_printed_in_their_canonical_form(text, read_as):
    base = parse_base_url(text)
    assert str(base) == read_as and not base.is_local


@pytest.mark.parametrize("length", [150, 2500, 100_000])
def test_a_base_url_too_long_for_the_qr_codes_is_one_line(tmp_path, length):
    from click.testing import CliRunner

    from gong.cli import main

    out = tmp_path / "deck"
    base = "https://gong.example.org/" + "a" * length
    result = CliRunner().invoke(main, ["print", "--base-url", base, "--out", str(out)])
    assert result.exit_code == 2, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: Invalid value for '--base-url': the link")
    assert "too long for any QR code" in line or "use a shorter base URL" in line
    assert len(line) < 400
    assert not tmp_path.joinpath("deck").exists() and list(tmp_path.iterdir()) == []

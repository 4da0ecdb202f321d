"""Configuration: the secret key shared by all workers, the missions directory, and the
refusal to start on invalid missions."""

from __future__ import annotations

import shutil
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from gong.missions import BUNDLED_MISSIONS, MissionError
from server import create_app
from server.cli import serve
from server.config import ConfigError
from server.secret import SECRET_ENV, SecretKeyError, ensure_secret_file

from .conftest import TEST_KEY


def test_the_secret_key_file_is_created_once_and_private(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    key = ensure_secret_file(instance)
    path = instance / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) >= 32
    assert ensure_secret_file(instance) == key
    assert [p.name for p in instance.iterdir()] == ["secret_key"], "no temporary file left"


RACER = """
import sys, time
from pathlib import Path
from server.secret import ensure_secret_file
go = Path(sys.argv[2])
Path(sys.argv[3]).touch()  # at the line
while not go.exists():
    time.sleep(0.001)
print(ensure_secret_file(Path(sys.argv[1])))
"""


def test_processes_racing_to_create_the_key_all_get_the_same_one(tmp_path: Path) -> None:
    instance, go = tmp_path / "instance", tmp_path / "go"
    ready = [tmp_path / f"ready-{i}" for i in range(8)]
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(instance), str(go), str(mark)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for mark in ready
    ]
    deadline = time.monotonic() + 60
    while not all(mark.exists() for mark in ready):  # every racer waits at the line
        assert time.monotonic() < deadline, "the racers did not start"
        assert all(racer.poll() is None for racer in racers), "a racer died before the start"
        time.sleep(0.01)
    go.touch()
    keys = {racer.communicate(timeout=60)[0].strip() for racer in racers}
    assert all(racer.returncode == 0 for racer in racers)
    assert keys == {(instance / "secret_key").read_text().strip()}
    assert [p.name for p in instance.iterdir()] == ["secret_key"]


def test_environment_configures_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missions = tmp_path / "missions"
    shutil.copytree(BUNDLED_MISSIONS, missions)
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("GONG_MISSIONS", str(missions))
    monkeypatch.setenv(SECRET_ENV, "k" * 40)
    app = create_app()
    assert app.config["SECRET_KEY"] == "k" * 40
    assert app.config["GONG_MISSIONS"] == str(missions)
    assert not (tmp_path / "instance" / "secret_key").exists()
    monkeypatch.delenv(SECRET_ENV)
    app = create_app()
    assert app.config["SECRET_KEY"] == (tmp_path / "instance" / "secret_key").read_text().strip()
    monkeypatch.setenv(SECRET_ENV, "short")
    with pytest.raises(SecretKeyError, match="at least 16 characters"):
        create_app()


def broken_missions(tmp_path: Path) -> Path:
    missions = tmp_path / "missions"
    shutil.copytree(BUNDLED_MISSIONS, missions)
    malus = missions / "malus.yaml"
    malus.write_text(malus.read_text("utf-8").replace("draw: 1", "draw: lots", 1), "utf-8")
    return missions


def test_invalid_missions_stop_the_app(tmp_path: Path) -> None:
    with pytest.raises(MissionError, match=r"malus\.yaml"):
        create_app({"SECRET_KEY": TEST_KEY, "GONG_MISSIONS": str(broken_missions(tmp_path))})


def test_serve_refuses_invalid_missions_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path / "instance"))
    # serve passes --missions to the app it builds through GONG_MISSIONS; monkeypatch undoes it.
    monkeypatch.setenv("GONG_MISSIONS", str(BUNDLED_MISSIONS))
    result = CliRunner().invoke(
        serve, ["--missions", str(broken_missions(tmp_path)), "--port", "1"]
    )
    assert result.exit_code == 1
    assert "not starting" in result.output
    assert "malus.yaml" in result.output and "field 'effect[0].draw'" in result.output


@pytest.mark.parametrize("secure", [False, True])
def test_cookies_are_secure_behind_https(secure: bool) -> None:
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_SECURE_COOKIES": secure})
    response = app.test_client().get("/c/NE5?lang=fr")
    cookies = response.headers.getlist("Set-Cookie")
    assert sorted(c.split("=")[0] for c in cookies) == ["lang", "seen"]
    for header in cookies:
        assert ("; Secure" in header) is secure
        assert "HttpOnly" in header and "SameSite=Lax" in header


ENV_KEY, CONFIG_KEY, FILE_KEY = "e" * 32, "c" * 32, "f" * 32


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        ({"env", "config", "file"}, ENV_KEY),
        ({"config", "file"}, CONFIG_KEY),
        ({"env", "file"}, ENV_KEY),
        ({"file"}, FILE_KEY),
    ],
)
def test_the_secret_key_sources_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sources: set[str], expected: str
) -> None:
    """GONG_SECRET_KEY, then SECRET_KEY in <instance>/config.py, then <instance>/secret_key."""
    instance = tmp_path / "instance"
    instance.mkdir()
    monkeypatch.setenv("GONG_INSTANCE", str(instance))
    monkeypatch.delenv(SECRET_ENV, raising=False)
    if "env" in sources:
        monkeypatch.setenv(SECRET_ENV, ENV_KEY)
    if "config" in sources:
        (instance / "config.py").write_text(f"SECRET_KEY = {CONFIG_KEY!r}\n")
    if "file" in sources:
        (instance / "secret_key").write_text(FILE_KEY + "\n")
    assert create_app().config["SECRET_KEY"] == expected


def test_without_any_key_the_file_is_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv(SECRET_ENV, raising=False)
    key = create_app().config["SECRET_KEY"]
    assert key == (tmp_path / "instance" / "secret_key").read_text().strip()


@pytest.mark.parametrize("source", ["env", "config", "config under env", "file"])
def test_a_short_key_is_refused_whichever_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    monkeypatch.setenv("GONG_INSTANCE", str(instance))
    monkeypatch.delenv(SECRET_ENV, raising=False)
    # A valid key in every later source: the short one must not be skipped for it.
    (instance / "secret_key").write_text(FILE_KEY + "\n")
    if source == "env":
        monkeypatch.setenv(SECRET_ENV, "x")
        origin = SECRET_ENV
    elif source.startswith("config"):
        (instance / "config.py").write_text('SECRET_KEY = "x"\n')
        origin = f"{instance / 'config.py'}: SECRET_KEY"
        if source == "config under env":  # overridden, yet refused: it is in the file
            monkeypatch.setenv(SECRET_ENV, FILE_KEY)
    else:
        (instance / "secret_key").write_text("short\n")
        origin = str(instance / "secret_key")
    with pytest.raises(SecretKeyError, match="at least 16 characters") as refused:
        create_app()
    assert str(refused.value).startswith(origin)
    result = CliRunner().invoke(serve, ["--port", "1"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"gong serve: not starting: {origin}: the secret key must be at least 16 characters"
    ]


@pytest.mark.parametrize(
    ("source", "line", "message"),
    [
        ('DEBUG = False\nSECRET_KEY = "unfinished\n', 2, "unterminated string literal"),
        ("GONG_SECURE_COOKIES = True\n\nSECRET_KEY = KEY\n", 3, "NameError: name 'KEY'"),
    ],
)
def test_a_broken_config_file_is_one_line_naming_the_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, line: int, message: str
) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    config = instance / "config.py"
    config.write_text(source)
    monkeypatch.setenv("GONG_INSTANCE", str(instance))
    monkeypatch.setenv(SECRET_ENV, ENV_KEY)
    with pytest.raises(ConfigError) as broken:
        create_app()
    assert str(broken.value).startswith(f"{config}, line {line}: ")
    assert message in str(broken.value)
    result = CliRunner().invoke(serve, ["--port", "1"])
    assert result.exit_code == 1
    (only_line,) = result.output.strip().splitlines()
    assert only_line.startswith(f"gong serve: not starting: {config}, line {line}: ")
    assert "Traceback" not in result.output


def test_serve_refuses_a_busy_port(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """granian shares a port with SO_REUSEPORT; a second site on it must not start quietly."""
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path / "instance"))
    with socket.socket() as busy:
        busy.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(serve, ["--port", str(port)])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"gong serve: not starting: cannot listen on 127.0.0.1:{port}: Address already in use"
    )

"""Helpers for the tables API tests: a real app on a real store, and a phone's requests."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from server import create_app
from server.tables.store import TableStore


def make_app(store: TableStore | None = None, **config: Any) -> Flask:
    """The real site on `store` (None: SQLite in the instance folder GONG_INSTANCE names),
    with bots moving at once and seeds accepted, unless `config` says otherwise."""
    settings: dict[str, Any] = {
        "SECRET_KEY": "tables-test-secret-key",
        "GONG_BOT_DELAY": 0,
        "GONG_CALL_WAIT": 0,
        "GONG_TESTING": True,
    }
    if store is not None:
        settings["GONG_TABLE_STORE"] = store
    settings.update(config)
    return create_app(settings)


def bearer(secret: str | None) -> dict[str, str]:
    return {} if secret is None else {"Authorization": f"Bearer {secret}"}


def new_table(client: FlaskClient, expect: int = 201, **request: Any) -> dict[str, Any]:
    body = {"game": "gong-link", "players": 4, "bots": {"3": "normal"}, "seed": 7}
    body.update(request)
    response = client.post("/api/tables", json=body)
    assert response.status_code == expect, response.get_json()
    return response.get_json()


def sit(client: FlaskClient, table_id: str, seat: int, name: str, expect: int = 200):
    response = client.post(f"/api/tables/{table_id}/seats", json={"seat": seat, "name": name})
    assert response.status_code == expect, response.get_json()
    return response.get_json()


def look(client: FlaskClient, table_id: str, secret: str | None = None, **args: Any):
    response = client.get(f"/api/tables/{table_id}", query_string=args, headers=bearer(secret))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def move(
    client: FlaskClient,
    table_id: str,
    secret: str,
    action: str,
    version: int,
    seat: int | None = None,
):
    body: dict[str, Any] = {"action": action, "version": version}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/api/tables/{table_id}/actions", json=body, headers=bearer(secret))


def full_table(client: FlaskClient, **request: Any) -> tuple[dict[str, Any], list[str]]:
    """A started 4-seat LINK table, seats 0-2 people (their secrets), seat 3 a bot."""
    made = new_table(client, **request)
    secrets = [sit(client, made["id"], s, f"P{s}")["secret"] for s in range(3)]
    return made, secrets

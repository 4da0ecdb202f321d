"""The GONG mission site: scan a card's QR code, get a mission.

>>> app = create_app({"SECRET_KEY": "documentation-only-key"})
>>> app.test_client().get("/c/ne5").status_code
200
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from gong.missions import BUNDLED_MISSIONS, load_missions
from server.rulesdoc import RULES_DIR, load_rules
from server.secret import secret_key
from server.seen import SeenCookie
from server.state import STATIC_DIR, SiteState, build_css, install, make_asset

INSTANCE_ENV = "GONG_INSTANCE"
MISSIONS_ENV = "GONG_MISSIONS"
SECURE_COOKIES_ENV = "GONG_SECURE_COOKIES"


def _from_environment() -> dict[str, Any]:
    config: dict[str, Any] = {}
    if os.environ.get(MISSIONS_ENV):
        config["GONG_MISSIONS"] = os.environ[MISSIONS_ENV]
    if os.environ.get(SECURE_COOKIES_ENV):
        config["GONG_SECURE_COOKIES"] = os.environ[SECURE_COOKIES_ENV].lower() in {
            "1",
            "true",
            "yes",
            "on",
        }
    return config


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the site.

    Configuration, later wins: defaults, then `<instance>/config.py` and the environment
    (`GONG_MISSIONS`, `GONG_SECURE_COOKIES`, `GONG_SECRET_KEY`), or `test_config` instead of
    those two. Keys: `SECRET_KEY`, `GONG_MISSIONS` (the missions directory), `GONG_RULES`
    (the rules pages directory), `GONG_RANDOM` (a `random.Random`; tests seed it, production
    uses the system's), `GONG_SECURE_COOKIES` (set behind HTTPS).

    Raises `MissionError` on invalid missions and `RulesFormatError` on an invalid rules page:
    the site never serves half of them.
    """
    app = Flask(
        __name__,
        instance_path=os.environ.get(INSTANCE_ENV) or None,
        instance_relative_config=True,
        static_folder=None,  # the stylesheet is served under a content hash, see views.assets
    )
    app.config.from_mapping(
        GONG_MISSIONS=str(BUNDLED_MISSIONS),
        GONG_RULES=str(RULES_DIR),
        GONG_RANDOM=None,
        GONG_SECURE_COOKIES=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.update(_from_environment())
    else:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(Path(app.instance_path))

    install(
        app,
        SiteState(
            book=load_missions(app.config["GONG_MISSIONS"]),
            rules=load_rules(Path(app.config["GONG_RULES"])),
            cookie=SeenCookie(app.config["SECRET_KEY"]),
            # SystemRandom has no state to copy: forked workers never draw in lockstep.
            rng=app.config["GONG_RANDOM"] or random.SystemRandom(),
            css=build_css(),
            icon=make_asset((STATIC_DIR / "icon.svg").read_bytes(), "image/svg+xml"),
            secure_cookies=bool(app.config["GONG_SECURE_COOKIES"]),
        ),
    )
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    from server import web
    from server.views import assets, home, missions, rules

    web.init_app(app)
    for blueprint in (home.bp, missions.bp, rules.bp, assets.bp):
        app.register_blueprint(blueprint)
    from server.tables import api as tables_api

    tables_api.init_app(app)
    from server.tables import pages as table_pages

    table_pages.init_app(app)
    return app

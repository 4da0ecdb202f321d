"""The GONG mission site: scan a card's QR code, get a mission.

>>> app = create_app({"SECRET_KEY": "documentation-only-key"})
>>> app.test_client().get("/c/ne5").status_code
200
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Response

from gong.i18n import GLOSSARY_PROBLEMS, LANGUAGES
from gong.missions import MissionBook, load_missions
from server import headers, language, limits, webapp
from server.config import (
    DEFAULTS,
    from_environment,
    instance_path,
    load_config_file,
    load_games_of,
)
from server.headers import SecurityHeaders
from server.rulesdoc import load_rules
from server.secret import secret_key
from server.seen import NoSession, SeenCookie
from server.state import SiteState, install
from server.stylesheet import build_css, build_icon
from server.texts import Catalog, load_texts


def _before_request() -> None:
    limits.check()  # first: nothing reads a request that is too large
    language.choose()


def _after_request(response: Response) -> Response:
    language.remember(response)
    headers.html_caching(response)
    headers.compress(response)
    return response


def served_languages(app: Flask, book: MissionBook, catalog: Catalog) -> tuple[str, ...]:
    """The languages complete in every part (game words, missions, page texts), in menu
    order. Each other language is hidden, its problems logged: a visitor never sees a page
    half-translated, and one translator's slip never stops the others' languages."""
    served = []
    for lang in LANGUAGES:
        problems = [
            *GLOSSARY_PROBLEMS.get(lang, []),
            *map(str, book.incomplete.get(lang, [])),
            *catalog.problems.get(lang, []),
        ]
        if problems:
            app.logger.warning(
                "language %s is hidden: %d problem%s\n  %s",
                lang,
                len(problems),
                "" if len(problems) == 1 else "s",
                "\n  ".join(problems),
            )
        else:
            served.append(lang)
    return tuple(served)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the site.

    Configuration, later wins: defaults, then `<instance>/config.py` and the environment
    (`GONG_MISSIONS`, `GONG_SECURE_COOKIES`), or `test_config` instead of those two. Keys:
    `SECRET_KEY`, `GONG_MISSIONS` (the missions directory), `GONG_RULES` (the rules pages
    directory), `GONG_RANDOM` (a `random.Random`; tests seed it, production uses the
    system's), `GONG_SECURE_COOKIES` (set behind HTTPS). The secret key comes from
    `GONG_SECRET_KEY`, then the configuration's `SECRET_KEY`, then `<instance>/secret_key`.

    Raises `MissionError` on invalid missions, `RulesFormatError` on an invalid rules page,
    `ConfigError` on a broken config.py and `SecretKeyError` on an unusable key: the site
    never serves half of them.
    """
    app = Flask(
        __name__,
        instance_path=instance_path(),
        instance_relative_config=True,
        static_folder=None,  # the stylesheet is served under a content hash, see views.assets
    )
    app.config.from_mapping(DEFAULTS)
    instance = Path(app.instance_path)
    config_file = ""
    if test_config is None:
        config_file = str(load_config_file(app.config, instance))
        app.config.update(from_environment())
    else:
        app.config.update(test_config)
    app.config["SECRET_KEY"] = secret_key(instance, app.config.get("SECRET_KEY"), config_file)
    load_games_of(app.config, instance)

    book = load_missions(app.config["GONG_MISSIONS"])
    catalog = load_texts(app.config["GONG_TEXTS"])
    install(
        app,
        SiteState(
            book=book,
            rules=load_rules(Path(app.config["GONG_RULES"])),
            texts=catalog,
            languages=served_languages(app, book, catalog),
            cookie=SeenCookie(app.config["SECRET_KEY"]),
            # SystemRandom has no state to copy: forked workers never draw in lockstep.
            rng=app.config["GONG_RANDOM"] or random.SystemRandom(),
            css=build_css(),
            icon=build_icon(),
            secure_cookies=bool(app.config["GONG_SECURE_COOKIES"]),
            base=webapp.base_url(app.config.get(webapp.BASE_URL_SETTING)),
            webapp=webapp.build(),
            static=app.config.get("GONG_EXPORT"),
        ),
    )
    app.session_interface = NoSession()
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    from server import errors, offline, pages
    from server.views import assets, home, missions, rules

    app.wsgi_app = SecurityHeaders(app.wsgi_app)
    # One hook each way, calling each part in turn: Flask's cost is per hook, on every page.
    app.before_request(_before_request)
    app.after_request(_after_request)
    pages.init_app(app)
    errors.init_app(app)
    for blueprint in (home.bp, missions.bp, rules.bp, assets.bp):
        app.register_blueprint(blueprint)
    offline.init_app(app)
    from server.tables import api as tables_api

    tables_api.init_app(app)
    from server.tables import pages as table_pages

    table_pages.init_app(app)
    if app.config.get("GONG_EXPORT") is not None:
        app.config["GONG_EXPORT"].install(app)
    return app

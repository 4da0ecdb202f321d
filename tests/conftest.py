"""Shared test settings. Each area (core, site, printer, referee) has its own conftest."""

import os

from hypothesis import HealthCheck, settings

# CI machines are slower and busier than a developer's: no deadline flakiness.
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

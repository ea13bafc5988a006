"""pytest settings of the Python package's tests."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # `cargo xtask test` runs the package built with the Rust tests (`-m "not wheel"`);
    # `cargo xtask release-check` runs every test on the installed release wheel.
    config.addinivalue_line("markers", "wheel: needs what only a wheel installs (its scripts)")
    config.addinivalue_line("filterwarnings", "error::pytest.PytestUnknownMarkWarning")

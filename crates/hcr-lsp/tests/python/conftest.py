"""pytest settings for the language server's client tests (the venv's pytest-asyncio)."""


def pytest_configure(config):
    config.option.asyncio_default_fixture_loop_scope = "function"

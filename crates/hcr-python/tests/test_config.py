"""A project's configuration through Python: `config=` (an hcr.toml, or a folder it is found
from as the CLI finds it), `warn`, `error` and `deny_warnings`, and the overrides of records
given by their path. Each verdict is the CLI's on the same files with the same settings.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess

import pyarrow as pa  # type: ignore[import-untyped]
import pytest

import hcr

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "protocol" / "v1" / "examples"
HCR = os.environ["HCR_BIN"]
EMPTY = "{}"

# The README's hcr.toml (its limits aside), with an override that turns HCR101 into a warning.
README_TOML = """\
level = "normative"
glob = "*.json"
deny-warnings = false
select = ["all"]
ignore = ["extension-not-namespaced"]
warn = []
error = ["duplicate-evidence-id"]

[[overrides]]
paths = ["legacy/**"]
warn = ["HCR101"]
"""


@pytest.fixture
def project(tmp_path: pathlib.Path) -> pathlib.Path:
    """A repository with the README's hcr.toml at its root, a record in `legacy/` and one in
    `new/` (both missing every required property), and a folder `deep/er` below it."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "hcr.toml").write_text(README_TOML)
    for folder in ("legacy", "new", "deep/er"):
        (root / folder).mkdir(parents=True)
    (root / "legacy" / "old.json").write_text(EMPTY)
    (root / "new" / "fresh.json").write_text(EMPTY)
    shutil.copy(EXAMPLES / "research.json", root / "new" / "research.json")
    return root


def cli(project: pathlib.Path, *args: str) -> list[tuple[bool, list[str]]]:
    done = subprocess.run([HCR, "validate", "--format", "json", *args], capture_output=True,
                          cwd=project, check=False)
    assert done.returncode in (0, 1), done.stderr.decode()
    return [(r["valid"], sorted({d["code"] for d in r["diagnostics"]}))
            for r in json.loads(done.stdout)["results"]]


def verdict(report: hcr.Report) -> tuple[bool, list[str]]:
    return report.valid, sorted({d.code for d in report.diagnostics})


def test_the_readme_configuration_gives_the_clis_verdicts(project: pathlib.Path) -> None:
    files = [project / "legacy" / "old.json", project / "new" / "fresh.json", project / "new" / "research.json"]
    expected = cli(project, *map(str, files))
    # The override makes the legacy record valid; the new one is not.
    assert [valid for valid, _ in expected] == [True, False, True]
    for config in (project, project / "hcr.toml", project / "deep" / "er", str(project)):
        assert [verdict(hcr.validate(f, config=config)) for f in files] == expected, config
        assert [verdict(r) for r in hcr.validate_many(files, config=config, jobs=2)] == expected
    # Without configuration, as before: both empty records are invalid.
    assert [verdict(hcr.validate(f)) for f in files] == cli(project, "--no-config", *map(str, files))
    assert not hcr.validate(files[0]).valid


def test_a_configuration_changes_a_text_record_as_it_changes_the_clis(project: pathlib.Path) -> None:
    (project / "hcr.toml").write_text('warn = ["missing-property"]\n')
    [expected] = cli(project, "new/fresh.json")
    assert expected == (True, ["HCR101"])
    assert verdict(hcr.validate(EMPTY, config=project)) == expected
    assert verdict(hcr.validate(EMPTY)) == (False, ["HCR101"])
    [many] = hcr.validate_many([EMPTY], config=project)
    assert verdict(many) == expected
    [arrow] = hcr.validate_arrow(pa.array([EMPTY]), config=project).to_pylist()
    assert (arrow["valid"], sorted(set(arrow["codes"]))) == expected
    # The configured level.
    (project / "hcr.toml").write_text('level = "schema"\n')
    research = (project / "new" / "research.json").read_text()
    assert hcr.validate(research, config=project).valid


def test_warn_error_and_deny_warnings_are_the_clis(project: pathlib.Path) -> None:
    files = [project / "new" / "fresh.json"]
    for kwargs, args in [
        ({"warn": ["HCR101"]}, ["--warn", "HCR101"]),
        ({"ignore": ["HCR101"], "error": ["missing-property"]}, ["--ignore", "HCR101", "--error", "missing-property"]),
        ({"warn": ["HCR101"], "deny_warnings": True}, ["--warn", "HCR101", "--deny-warnings"]),
    ]:
        [expected] = cli(project, "--no-config", *args, *map(str, files))
        assert verdict(hcr.validate(EMPTY, **kwargs)) == expected, kwargs  # type: ignore[arg-type]
        [by_path] = hcr.validate_many(files, **kwargs)  # type: ignore[arg-type]
        assert verdict(by_path) == expected, kwargs
    assert hcr.validate(EMPTY, warn=["HCR101"]).valid
    denied = hcr.validate(EMPTY, warn=["HCR101"], deny_warnings=True)
    assert not denied.valid and not denied and denied.errors == 0 and denied.warnings > 0
    assert json.loads(denied.to_json())["valid"] is False
    assert "valid=False" in repr(denied)
    [arrow] = hcr.validate_arrow(pa.array([EMPTY]), warn=["HCR101"], deny_warnings=True).to_pylist()
    assert arrow["valid"] is False and arrow["warnings"] == denied.warnings
    # The configuration's deny-warnings, as the CLI's.
    (project / "hcr.toml").write_text('deny-warnings = true\nwarn = ["HCR101"]\n')
    assert cli(project, "new/fresh.json") == [(False, ["HCR101"])]
    assert verdict(hcr.validate(files[0], config=project)) == (False, ["HCR101"])
    # An information never fails a record, denied warnings or not.
    record = ROOT / "tests" / "frontends" / "records" / "undated-digests.json"
    report = hcr.validate(record, artifacts=str(EXAMPLES / "artifacts"), deny_warnings=True)
    assert {d.severity for d in report.diagnostics} == {"info"} and report.valid


def test_a_configuration_that_cannot_be_used_is_an_error(project: pathlib.Path, tmp_path: pathlib.Path) -> None:
    (project / "hcr.toml").write_text('level = "strict"\n')
    with pytest.raises(hcr.UsageError, match="hcr.toml`, line 1, column 9: `level`: not a level"):
        hcr.validate(EMPTY, config=project)
    with pytest.raises(hcr.HcrIOError) as missing:
        hcr.validate(EMPTY, config=tmp_path / "nowhere.toml")
    assert isinstance(missing.value, OSError) and missing.value.filename == str(tmp_path / "nowhere.toml")
    (project / ".hcr.toml").write_text("")
    with pytest.raises(hcr.UsageError, match="holds both hcr.toml and .hcr.toml"):
        hcr.validate(EMPTY, config=project / "deep")


def test_a_folder_is_not_a_record(project: pathlib.Path) -> None:
    with pytest.raises(hcr.UsageError, match="is a folder"):
        hcr.validate(project / "new")
    # A file that cannot be read is reported as the CLI reports it (HCR005).
    [missing] = hcr.validate_many([project / "missing.json"])
    assert not missing.valid and [d.code for d in missing.diagnostics] == ["HCR005"]


def test_texts_and_files_keep_their_order(project: pathlib.Path) -> None:
    legacy = project / "legacy" / "old.json"
    mixed: list[hcr.Record | pathlib.Path] = [EMPTY, legacy, (EXAMPLES / "bug-fix.json").read_text(), legacy, EMPTY]
    got = [r.valid for r in hcr.validate_many(mixed, config=project, jobs=2)]
    assert got == [False, True, True, True, False]

"""Typed use of the package: `mypy --strict` must accept this file against the stubs."""

from __future__ import annotations

import pathlib

import hcr


def errors_of(record: hcr.Record) -> list[str]:
    report: hcr.Report = hcr.validate(record, level="schema", ignore=["HCR102"])
    return [f"{d.code} {d.pointer}: {d.message}" for d in report.diagnostics if d.severity == "error"]


def notes_of(report: hcr.Report) -> list[hcr.Code]:
    # An information (HCR006, HCR307) is a severity of its own.
    return [d.code for d in report.diagnostics if d.severity == "info" or d.code == "HCR307"]


def severity(d: hcr.Diagnostic) -> hcr.Severity:
    return d.severity


def configured(project: pathlib.Path) -> bool:
    report = hcr.validate(
        project / "legacy" / "old.json",
        config=project,
        warn=["HCR101"],
        error=["duplicate-evidence-id"],
        deny_warnings=True,
    )
    many = hcr.validate_many(["{}", project / "a.json"], config=project / "hcr.toml", jobs=1)
    return report.valid and all(many) and bool(str(report.diagnostics[0]))


def main() -> None:
    reports: list[hcr.Report] = hcr.validate_many(['{"schemaVersion": "1.0"}'], jobs=1)
    line: int | None = reports[0].diagnostics[0].line
    text: str = hcr.render('{"schemaVersion": "1.0"}', as_="handoff-md")
    drafted: str = hcr.convert("State: done.", from_="goal-handover")
    try:
        hcr.sha256_file("missing")
    except hcr.HcrIOError as error:
        print(error, line, text, drafted, errors_of({"schemaVersion": "1.0"}))
    try:
        hcr.sha256_file("missing")
    except OSError as error:
        print(error.errno, error.filename, notes_of(reports[0]), severity(reports[0].diagnostics[0]))
    print(configured(pathlib.Path(".")))


def fixing(text: str) -> list[str]:
    fixed, fixes = hcr.fix(text, unsafe=True)
    codes: list[hcr.Code] = [f["code"] for f in fixes]
    assert isinstance(fixed, str)
    return [f"{code}: {f['title']}" for code, f in zip(codes, fixes)]


def drafting(page: str) -> list[str]:
    conversion: hcr.Conversion = hcr.convert_draft(page, from_="handoff-md")
    report: hcr.Report = conversion.report
    edited: list[str] = conversion.edited
    if conversion.valid and conversion.complete and report.valid:
        return [conversion.record]
    said = conversion.kept + edited + conversion.missing + conversion.lost + conversion.notes
    return said + [str(conversion.redacted)]

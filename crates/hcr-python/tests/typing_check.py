"""Typed use of the package: `mypy --strict` must accept this file against the stubs."""

from __future__ import annotations

import hcr


def errors_of(record: hcr.Record) -> list[str]:
    report: hcr.Report = hcr.validate(record, level="schema", ignore=["HCR102"])
    return [f"{d.code} {d.pointer}: {d.message}" for d in report.diagnostics if d.severity == "error"]


def main() -> None:
    reports: list[hcr.Report] = hcr.validate_many(['{"schemaVersion": "1.0"}'], jobs=1)
    line: int | None = reports[0].diagnostics[0].line
    text: str = hcr.render('{"schemaVersion": "1.0"}', as_="handoff-md")
    drafted: str = hcr.convert("State: done.", from_="goal-handover")
    try:
        hcr.sha256_file("missing")
    except hcr.HcrIOError as error:
        print(error, line, text, drafted, errors_of({"schemaVersion": "1.0"}))

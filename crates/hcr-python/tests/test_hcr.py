"""The Python package against the CLI and the contract.

`cargo xtask test` builds the package into its virtual environment and runs this file with
`HCR_BIN` naming the CLI built from the same sources. The verdicts and codes must be the
CLI's on every conformance-suite case and on a generated corpus; inputs may be `str`, `bytes`
or a `dict`; no secret reaches any string; errors are `hcr` exceptions.
"""

from __future__ import annotations

import copy
import json
import os
import pathlib
import random
import subprocess
import sys

import pytest

import hcr

ROOT = pathlib.Path(__file__).resolve().parents[3]
SUITE = ROOT / "conformance-suite"
EXAMPLES = ROOT / "protocol" / "v1" / "examples"
HCR = os.environ["HCR_BIN"]
SECRET = "ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u"


def cli_verdicts(paths: list[pathlib.Path], level: str, *extra: str) -> list[tuple[bool, list[str]]]:
    """`hcr validate --format json` on `paths`: (valid, sorted distinct codes) per record."""
    done = subprocess.run(
        [HCR, "validate", "--format", "json", "--no-config", "--level", level, *extra, *map(str, paths)],
        capture_output=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr.decode()
    document = json.loads(done.stdout)
    return [
        (result["valid"], sorted({d["code"] for d in result["diagnostics"]}))
        for result in document["results"]
    ]


def verdict(report: hcr.Report) -> tuple[bool, list[str]]:
    return report.valid, sorted({d.code for d in report.diagnostics})


def suite_cases() -> list[dict]:
    return json.loads((SUITE / "manifest.json").read_text())["cases"]


@pytest.mark.parametrize("level", ["schema", "normative"])
def test_every_conformance_case_gets_the_clis_verdict_and_codes(level: str) -> None:
    cases = suite_cases()
    paths = [SUITE / case["file"] for case in cases]
    expected = cli_verdicts(paths, level)
    assert len(expected) == len(cases)
    records = [path.read_bytes() for path in paths]
    many = hcr.validate_many(records, level=level)
    disagreements = []
    for case, record, report, cli in zip(cases, records, many, expected):
        one = hcr.validate(record, level=level)
        if verdict(one) != cli or verdict(report) != cli:
            disagreements.append((case["id"], verdict(one), cli))
        # The manifest's own expectation, too.
        assert one.valid == (case["expected"][level] == "valid"), case["id"]
    assert disagreements == []


def mutate(rng: random.Random, record: dict) -> dict:
    """One of a few realistic mistakes, applied to a copy."""
    out = copy.deepcopy(record)
    choice = rng.randrange(8)
    keys = sorted(out)
    if choice == 0:
        del out[rng.choice(keys)]
    elif choice == 1:
        out[rng.choice(keys)] = rng.choice([None, 7, "text", [], {}])
    elif choice == 2:
        out["unknownProperty"] = True
    elif choice == 3:
        out["nextAction"] = {"summary": " "}
    elif choice == 4:
        out["evidence"] = out.get("evidence", []) + [{"id": "e", "label": "x", "sha256": "abc"}]
    elif choice == 5:
        out["extensions"] = {"plain": 1}
    elif choice == 6:
        out["openReview"] = [{"id": "r", "summary": "s", "status": "resolved"}]
    return out


def test_a_generated_corpus_gets_the_clis_verdicts(tmp_path: pathlib.Path) -> None:
    rng = random.Random(2026)
    examples = [json.loads(p.read_text()) for p in sorted(EXAMPLES.glob("*.json"))]
    corpus = [mutate(rng, rng.choice(examples)) for _ in range(600)]
    lines = tmp_path / "corpus.jsonl"
    lines.write_text("".join(json.dumps(record) + "\n" for record in corpus))
    for level in ["schema", "normative"]:
        expected = cli_verdicts([lines], level, "--jsonl")
        got = [verdict(r) for r in hcr.validate_many(corpus, level=level, jobs=2)]
        assert got == expected
        assert sum(valid for valid, _ in got) not in (0, len(got)), "the corpus has both verdicts"


def test_str_bytes_and_dict_inputs_agree() -> None:
    text = (EXAMPLES / "bug-fix.json").read_text()
    as_dict = json.loads(text)
    broken = dict(as_dict, nextAction={"summary": "Reply."})
    for record in [text, text.encode(), as_dict]:
        assert hcr.validate(record).valid
    for record in [json.dumps(broken), json.dumps(broken).encode(), broken]:
        report = hcr.validate(record)
        assert [d.code for d in report.diagnostics] == ["HCR101"]
        assert report.diagnostics[0].pointer == "/nextAction"
    located = hcr.validate(json.dumps(broken, indent=2)).diagnostics[0]
    assert located.line is not None and located.column is not None
    assert hcr.validate(b"\xff\xfe").diagnostics[0].code == "HCR004"  # not UTF-8
    # A duplicate key is an error, as in the CLI.
    assert "HCR002" in {d.code for d in hcr.validate('{"a": 1, "a": 2}').diagnostics}


def test_selection_and_levels() -> None:
    record = '{"schemaVersion": "1.0"}'
    assert all(d.code != "HCR101" for d in hcr.validate(record, ignore=["HCR101"]).diagnostics)
    schema_only = hcr.validate((EXAMPLES / "bug-fix.json").read_text(), level="schema")
    assert schema_only.valid
    receiver = hcr.validate(
        (EXAMPLES / "extensions-and-digests.json").read_text(),
        artifacts=str(EXAMPLES / "artifacts"),
    )
    assert "HCR301" not in {d.code for d in receiver.diagnostics}, receiver.to_json()


def test_no_secret_reaches_any_string() -> None:
    record = json.loads((EXAMPLES / "bug-fix.json").read_text())
    record["currentState"]["complete"][0] = f"Deployed with {SECRET} to staging."
    report = hcr.validate(record)
    assert "HCR204" in {d.code for d in report.diagnostics}
    shown = [report.to_json(), repr(report)]
    for d in report.diagnostics:
        shown += [d.message, d.help, d.pointer, repr(d)]
    with pytest.raises(hcr.UsageError) as refused:
        hcr.render(record)
    shown.append(str(refused.value))
    with pytest.raises(hcr.UsageError) as drafted:
        hcr.convert(f"State: shipped with {SECRET}.", from_="goal-handover")
    shown.append(str(drafted.value))
    # A draft's every string, a kept section named by a heading that holds the secret too.
    heading = f"# Handoff\n\n## Goal\n\nShip it.\n\n## Deploy with {SECRET}\n\nUse it.\n"
    for conversion in [
        hcr.convert_draft(f"State: shipped with {SECRET}.", from_="goal-handover"),
        hcr.convert_draft(heading, from_="handoff-md"),
    ]:
        assert not conversion.valid and conversion.redacted > 0
        shown += [conversion.record, repr(conversion), conversion.report.to_json()]
        shown += conversion.notes + conversion.lost + conversion.kept + conversion.missing
    assert any(k.startswith("section `Deploy with ghp_") for k in conversion.kept), conversion.kept
    everything = "\n".join(shown)
    for start in range(len(SECRET) - 4):
        assert SECRET[start : start + 5] not in everything


def test_errors_are_hcr_exceptions(tmp_path: pathlib.Path) -> None:
    with pytest.raises(hcr.UsageError, match="level"):
        hcr.validate("{}", level="strict")  # type: ignore[arg-type]
    with pytest.raises(hcr.UsageError):
        hcr.validate("{}", select=["HCR999"])
    with pytest.raises(hcr.UsageError, match="unknown form"):
        hcr.render((EXAMPLES / "bug-fix.json").read_text(), as_="pdf")  # type: ignore[arg-type]
    with pytest.raises(hcr.UsageError):
        hcr.explain("HCR000")
    with pytest.raises(hcr.HcrIOError):
        hcr.sha256_file(tmp_path / "missing")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(hcr.HcrIOError, match="FIFO"):
        hcr.sha256_file(fifo)
    with pytest.raises(hcr.HcrIOError):
        hcr.validate("{}", artifacts=str(tmp_path / "nowhere"))
    with pytest.raises(hcr.UsageError):
        hcr.canonical_json("[]")
    assert issubclass(hcr.UsageError, hcr.HcrError) and issubclass(hcr.HcrIOError, hcr.HcrError)


def test_the_other_functions() -> None:
    text = (EXAMPLES / "bug-fix.json").read_text()
    canonical = hcr.canonical_json(text)
    assert canonical == hcr.canonical_json(json.loads(text))
    assert json.loads(canonical) == json.loads(text)
    import hashlib

    assert hcr.digest(text) == hashlib.sha256(canonical.encode()).hexdigest()
    log = EXAMPLES / "artifacts" / "logs" / "migration-dry-run.txt"
    assert hcr.sha256_file(log) == hashlib.sha256(log.read_bytes()).hexdigest()
    for form in ["goal-handover", "untrusted-block", "markdown", "handoff-md"]:
        assert hcr.render(text, as_=form)  # type: ignore[arg-type]
    back = json.loads(hcr.convert(hcr.render(text, as_="handoff-md"), from_="handoff-md"))
    assert back["objective"] == json.loads(text)["objective"]
    brief = json.loads(hcr.convert(text, to="handover-brief"))
    # The brief has no place for the next actor: the draft back is not a record, and says so.
    with pytest.raises(hcr.UsageError, match="/ownership/nextActor"):
        hcr.convert(json.dumps(brief), from_="handover-brief")
    assert hcr.explain("secret-in-record").startswith("HCR204")
    assert json.loads(hcr.schema())["$schema"].startswith("https://json-schema.org/")
    assert hcr.validate(text).to_json() == json.dumps(
        {"valid": True, "conformant": True, "diagnostics": []}, separators=(",", ":")
    )


REAL = ROOT / "crates" / "hcr-interop" / "tests" / "data" / "handoff-md-real"
NEXT_ACTION = "Thread the profile time zone into DeliveryEstimator::for\\_order and update its three callers."


def cli_convert(source: pathlib.Path) -> tuple[int, str, list[str]]:
    """`hcr convert --from handoff-md source`: its exit status, standard output and lines
    of standard error."""
    done = subprocess.run(
        [HCR, "convert", "--from", "handoff-md", str(source)], capture_output=True, check=False
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode().splitlines()


def test_convert_draft_names_what_an_edited_handoff_md_changes_and_keeps(tmp_path: pathlib.Path) -> None:
    page = hcr.render((EXAMPLES / "bug-fix.json").read_text(), as_="handoff-md")
    faithful = hcr.convert_draft(page, from_="handoff-md")
    assert faithful.valid and faithful.complete and faithful.report.valid
    assert (faithful.edited, faithful.kept, faithful.missing, faithful.lost, faithful.notes) == ([], [], [], [], [])
    assert faithful.record == hcr.convert(page, from_="handoff-md")
    assert NEXT_ACTION in page
    page = page.replace(NEXT_ACTION, "Thread the session's time zone instead.")
    page = page.replace("## Goal", "## Background\n\nWhy this matters.\n\n## Goal", 1)
    conversion = hcr.convert_draft(page, from_="handoff-md")
    assert conversion.valid and conversion.complete and conversion.redacted == 0, conversion.notes
    # The action rewritten, and a section added (kept under the extension).
    assert conversion.edited == ["/nextAction/summary", "/extensions/sh.hcr.handoff-md/sections"]
    assert [k for k in conversion.kept if "Background" in k] == [
        f"section `Background` (line {page.splitlines().index('## Background') + 1})"
    ], conversion.kept
    record = json.loads(conversion.record)
    assert record["nextAction"]["summary"] == "Thread the session's time zone instead."
    assert record["extensions"]["sh.hcr.handoff-md"]["sections"][0]["heading"] == "Background"
    assert (
        "the Markdown changes `/nextAction/summary` of the record it carries: the Markdown's is taken"
        in conversion.notes
    )
    # `convert` is unchanged: the same record's text.
    assert hcr.convert(page, from_="handoff-md") == conversion.record
    # The CLI says the same notes, a line each, and writes the same record.
    source = tmp_path / "HANDOFF.md"
    source.write_text(page)
    code, stdout, stderr = cli_convert(source)
    assert code == 0, stderr
    assert stderr == [f"hcr: {note}" for note in conversion.notes]
    assert stdout == conversion.record
    assert repr(conversion) == (
        f"Conversion(valid=True, complete=True, missing=0, lost=0, kept={len(conversion.kept)}, edited=2)"
    )


def test_convert_draft_names_what_a_real_handoff_md_keeps_as_the_cli_does() -> None:
    source = REAL / "12-sidefx-next-session.md"
    conversion = hcr.convert_draft(source.read_bytes(), from_="handoff-md")
    # A hand-written file: a draft, not yet a record, and no error.
    assert not conversion.valid and not conversion.complete and not conversion.report.valid
    assert "/ownership/nextActor" in conversion.missing
    # Its section no field reads is kept under the extension, and named.
    assert "section `Current Branch` (line 3)" in conversion.kept, conversion.kept
    kept = json.loads(conversion.record)["extensions"]["sh.hcr.handoff-md"]
    assert [s["heading"] for s in kept["sections"]] == ["Current Branch"]
    assert conversion.edited == []
    assert conversion.notes and all(
        any(note.endswith(kept) for note in conversion.notes) for kept in conversion.kept
    )
    code, stdout, stderr = cli_convert(source)
    assert code == 1
    assert stderr[: len(conversion.notes)] == [f"hcr: {note}" for note in conversion.notes]
    assert json.loads(stdout) == json.loads(conversion.record)
    # `convert` still refuses the draft, naming what the source does not give.
    with pytest.raises(hcr.UsageError, match="/ownership/nextActor"):
        hcr.convert(source.read_bytes(), from_="handoff-md")


def test_convert_draft_refuses_wrong_arguments_only() -> None:
    with pytest.raises(hcr.UsageError, match="blank"):
        hcr.convert_draft("   ", from_="goal-handover")
    with pytest.raises(hcr.UsageError, match="pdf"):
        hcr.convert_draft("# Handoff", from_="pdf")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hcr.convert_draft("# Handoff")  # type: ignore[call-arg]
    brief = hcr.convert((EXAMPLES / "bug-fix.json").read_text(), to="handover-brief")
    # The brief has no place for the next actor: missing, and the report says so.
    drafted = hcr.convert_draft(json.loads(brief), from_="handover-brief")
    assert "/ownership/nextActor" in drafted.missing
    assert "HCR101" in {d.code for d in drafted.report.diagnostics}


def _as_the_binary(command: list[str], tmp_path: pathlib.Path) -> None:
    """`command` prints and exits as the binary does: on records, on bad usage, `--version`."""
    invalid = tmp_path / "invalid.json"
    record = json.loads((EXAMPLES / "minimal.json").read_text())
    record["schemaVersion"] = "9.9"
    invalid.write_text(json.dumps(record))
    args = ["validate", "--color", "never", "--no-config", str(EXAMPLES / "minimal.json"), str(invalid)]
    binary = subprocess.run([HCR, *args], capture_output=True, check=False)
    done = subprocess.run([*command, *args], capture_output=True, check=False)
    assert done.returncode == binary.returncode == 1
    assert done.stdout == binary.stdout
    assert b"HCR106" in done.stdout and b"1 valid, 1 invalid" in done.stdout
    usage = subprocess.run([*command, "validate", "--no-such-option"], capture_output=True, check=False)
    assert usage.returncode == 2 and b"--no-such-option" in usage.stderr
    version = subprocess.run([*command, "--version"], capture_output=True, check=True)
    assert version.stdout.decode().strip() == f"hcr {hcr.__version__}"


def test_python_m_hcr_is_the_cli(tmp_path: pathlib.Path) -> None:
    _as_the_binary([sys.executable, "-m", "hcr"], tmp_path)


@pytest.mark.wheel
def test_the_wheels_hcr_script_is_the_cli(tmp_path: pathlib.Path) -> None:
    script = pathlib.Path(sys.executable).with_name("hcr.exe" if sys.platform == "win32" else "hcr")
    assert script.is_file(), "pip installs the `hcr` console script beside the interpreter"
    _as_the_binary([str(script)], tmp_path)


def test_a_str_with_a_lone_surrogate_is_an_invalid_record_not_a_python_error() -> None:
    report = hcr.validate('{"schemaVersion": "1.0", "x": "\ud800"}')
    assert not report.valid
    assert report.diagnostics[0].code == "HCR004", report.diagnostics
    with pytest.raises(hcr.UsageError):
        hcr.canonical_json('{"a": "\udfff"}')
    with pytest.raises(hcr.UsageError, match="UTF-8"):
        hcr.convert("State: \ud800", from_="goal-handover")


def test_a_batch_keeps_a_bounded_number_of_diagnostics_and_every_verdict() -> None:
    # Nine missing properties each: 270,000 findings, past the 250,000 a batch keeps.
    reports = hcr.validate_many(["{}"] * 30_000, jobs=10**6)
    assert len(reports) == 30_000
    assert all(not r.valid and not r.conformant for r in reports)
    kept = sum(len(r.diagnostics) for r in reports)
    assert kept <= 250_000 + 30_000
    last = reports[-1].diagnostics
    assert [d.code for d in last] == ["HCR006"]
    assert "not kept" in last[0].message and "9 diagnostics" in last[0].message
    assert [d.code for d in reports[0].diagnostics].count("HCR101") == 9


def test_a_source_over_the_input_limit_is_refused() -> None:
    with pytest.raises(hcr.UsageError, match="at most"):
        hcr.convert("x" * (16 * 1024 * 1024 + 1), from_="goal-handover")


def test_io_errors_are_os_errors(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "missing"
    with pytest.raises(OSError) as caught:
        hcr.sha256_file(missing)
    error = caught.value
    assert isinstance(error, hcr.HcrIOError) and isinstance(error, hcr.HcrError)
    assert error.errno == 2 and error.strerror and error.filename == str(missing)
    # The message stays hcr's, not OSError's "[Errno 2] ...".
    assert str(error).startswith(f"`{missing}` could not be read: it does not exist"), str(error)
    with pytest.raises(OSError, match="the artifacts folder"):
        hcr.validate("{}", artifacts=str(tmp_path / "nowhere"))
    assert hcr.HcrIOError.__mro__[1:3] == (hcr.HcrError, OSError)


def test_the_whole_record_is_named_as_the_cli_names_it() -> None:
    [diagnostic] = hcr.validate("[]").diagnostics
    assert diagnostic.pointer == ""
    assert str(diagnostic) == f"{diagnostic.code} error at (the whole record): {diagnostic.message}"
    with pytest.raises(hcr.UsageError) as refused:
        hcr.render("[]")
    assert f"{diagnostic.code} at (the whole record): " in str(refused.value)
    assert " at : " not in str(refused.value)
    nested = hcr.validate('{"schemaVersion": "1.0"}').diagnostics[0]
    assert str(nested).startswith(f"HCR101 error at {nested.pointer or '(the whole record)'}: ")


def test_the_severities_and_codes_the_stubs_name() -> None:
    import typing

    assert set(typing.get_args(hcr.Severity)) == {"error", "warning", "info"}
    codes = set(typing.get_args(hcr.Code))
    assert {"HCR001", "HCR006", "HCR101", "HCR307"} <= codes
    assert all(hcr.explain(code).startswith(code) for code in codes)
    assert len(typing.get_args(hcr.CodeName)) == len(codes)
    # An information is one of them.
    record = (ROOT / "tests" / "frontends" / "records" / "undated-digests.json").read_text()
    report = hcr.validate(record, artifacts=str(EXAMPLES / "artifacts"))
    severities = {d.severity for d in report.diagnostics}
    assert "info" in severities and severities <= set(typing.get_args(hcr.Severity))


def test_fix_gives_the_clis_fixed_text_and_its_fixes(tmp_path: pathlib.Path) -> None:
    record = json.loads((EXAMPLES / "bug-fix.json").read_text())
    record["schemaVersion"] = 1.0
    record["constraints"][0]["kind"] = record["constraints"][0]["kind"].upper()
    text = json.dumps(record, indent=2)
    fixed, fixes = hcr.fix(text)
    assert [f["code"] for f in fixes] == ["HCR106", "HCR105"]
    assert all(f["applicability"] == "safe" for f in fixes)
    assert hcr.validate(fixed).valid
    # The CLI on standard input gives the same text.
    done = subprocess.run([HCR, "fix", "--no-config"], input=text.encode(), capture_output=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == fixed
    # A fixed text has nothing left to fix; a dict is fixed as its JSON text.
    assert hcr.fix(fixed) == (fixed, [])
    assert json.loads(hcr.fix(json.loads(text))[0]) == json.loads(fixed)


def test_unsafe_fixes_only_when_asked() -> None:
    record = json.loads((EXAMPLES / "bug-fix.json").read_text())
    record["currentState"]["complete"].append("   ")
    text = json.dumps(record, indent=2)
    same, none = hcr.fix(text)
    assert same == text and none == []
    fixed, fixes = hcr.fix(text, unsafe=True)
    assert [(f["code"], f["applicability"]) for f in fixes] == [("HCR201", "unsafe")]
    assert hcr.validate(fixed).valid

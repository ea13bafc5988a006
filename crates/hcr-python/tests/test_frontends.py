"""One table of requests through every front end: the same answer from each.

`tests/frontends/requests.json` (at the repository's root) lists validation requests and
what each must answer. Every request is sent through `hcr validate --format json` (the
`HCR_BIN` that `cargo xtask test` names), the MCP `validate` tool of `hcr mcp` (driven by
the official Python SDK, as an agent's client drives it) and this package's `hcr.validate`
(and `hcr.validate_many` and `hcr.validate_arrow` when no receiver input is given), the
record by its path and a request's `hcr.toml` given with `config=`; each front end's answer is
brought to one shape and compared with the table's: the verdict and the distinct codes, or
a refusal of the kind named, with the front end's own message.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
from contextlib import asynccontextmanager
from typing import Any

import anyio
import pyarrow as pa
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import hcr

ROOT = pathlib.Path(__file__).resolve().parents[3]
TABLE = ROOT / "tests" / "frontends"
EXAMPLES = ROOT / "protocol" / "v1" / "examples"
HCR = os.environ["HCR_BIN"]
FRONTENDS = ("cli", "mcp", "python")
REQUESTS: list[dict[str, Any]] = json.loads((TABLE / "requests.json").read_text())["requests"]

Answer = dict[str, Any]


def checked(valid: bool, codes: list[str]) -> Answer:
    return {"valid": valid, "codes": sorted(set(codes))}


def refused(kind: str, message: str) -> Answer:
    return {"refused": kind, "message": message}


def workspace(request: dict[str, Any], tmp: pathlib.Path) -> pathlib.Path:
    """The examples and the table's records in a folder of their own, with the request's
    hcr.toml if it has one."""
    folder = tmp / "work"
    shutil.copytree(EXAMPLES, folder)
    for record in (TABLE / "records").iterdir():
        shutil.copy(record, folder / record.name)
    if "config" in request:
        (folder / "hcr.toml").write_text(request["config"])
    return folder


def through_cli(request: dict[str, Any], folder: pathlib.Path) -> Answer:
    command = [HCR, "validate", "--format", "json"]
    if "config" not in request:
        command.append("--no-config")
    if "level" in request:
        command += ["--level", request["level"]]
    receiver = request.get("receiver", {})
    for key, option in [("artifacts", "--artifacts"), ("revisions", "--revisions"),
                        ("now", "--now"), ("as", "--as")]:
        if key in receiver:
            command += [option, receiver[key]]
    for action in ("select", "ignore", "warn", "error"):
        for targets in request.get(action, []):
            command += [f"--{action}", targets]
    if request.get("deny_warnings"):
        command.append("--deny-warnings")
    command.append(request["record"])
    done = subprocess.run(command, capture_output=True, cwd=folder, check=False, timeout=60)
    stderr = done.stderr.decode()
    if done.returncode == 2:
        assert done.stdout == b"", request["id"]
        # The CLI's exit status does not tell a wrong request from an unreadable folder:
        # the table's kind is taken, and the message must be the table's.
        return refused(request["expect"].get("refused", "?"), stderr)
    assert done.returncode in (0, 1), (request["id"], done.returncode, stderr)
    [result] = json.loads(done.stdout)["results"]
    answer = checked(result["valid"], [d["code"] for d in result["diagnostics"]])
    assert (done.returncode == 0) == answer["valid"], request["id"]
    return answer


@asynccontextmanager
async def session(cwd: pathlib.Path):
    params = StdioServerParameters(command=HCR, args=["mcp"], cwd=str(cwd))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as client:
                await client.initialize()
                yield client


def through_mcp(request: dict[str, Any], folder: pathlib.Path) -> Answer:
    arguments: dict[str, Any] = {"paths": [request["record"]]}
    for key in ("level", "receiver", "select", "ignore", "warn", "error", "deny_warnings"):
        if key in request:
            arguments[key] = request[key]
    answer: Answer = {}

    async def body() -> None:
        async with session(folder) as client:
            # A wrong request and a folder that cannot be opened are both tool errors the
            # model is shown (MCP 2025-11-25), never JSON-RPC errors: the protocol does not
            # tell them apart, so the table's kind is taken and its message must be said.
            result = await client.call_tool("validate", arguments)
            text = "".join(block.text for block in result.content if block.type == "text")
            if result.structured_content is None:
                assert result.is_error, request["id"]
                answer.update(refused(request["expect"].get("refused", "?"), text))
                return
            [one] = result.structured_content["results"]
            answer.update(checked(one["valid"], [d["code"] for d in one["diagnostics"]]))
            assert result.is_error == (not answer["valid"]), request["id"]

    anyio.run(body)
    return answer


def through_python(request: dict[str, Any], folder: pathlib.Path) -> Answer:
    receiver = request.get("receiver", {})
    assert set(receiver) <= {"artifacts", "revisions"}, "Python takes no `now` or `as`"
    record = folder / request["record"]
    keys = ("level", "select", "ignore", "warn", "error", "deny_warnings")
    arguments: dict[str, Any] = {key: request[key] for key in keys if key in request}
    for key, path in receiver.items():
        arguments[key] = str(folder / path)
    # The configuration as the folder the CLI would find it from, and as the file: the same.
    configs: list[Any] = [None]
    if "config" in request:
        configs = [str(folder), folder / "hcr.toml"]
    answers = []
    for config in configs:
        if config is not None:
            arguments["config"] = config
        answers.append(python_answer(request, record, arguments, bool(receiver)))
    assert all(answer == answers[0] for answer in answers), (request["id"], answers)
    return answers[0]


def python_answer(request: dict[str, Any], record: pathlib.Path, arguments: dict[str, Any],
                  receiver: bool) -> Answer:
    try:
        # The record by its path, as the CLI and the MCP server are given it: the
        # configuration's overrides for that path apply.
        report = hcr.validate(record, **arguments)
    except hcr.UsageError as error:
        return refused("usage", str(error))
    except hcr.HcrIOError as error:
        return refused("io", str(error))
    answer = checked(report.valid, [d.code for d in report.diagnostics])
    if receiver:
        return answer
    # validate_many takes the same arguments but the receiver's, and answers the same, for the
    # file and, where no override could tell a path from none, for its text; validate_arrow
    # for the text.
    text = record.read_text()
    [by_path] = hcr.validate_many([record], **arguments)
    assert checked(by_path.valid, [d.code for d in by_path.diagnostics]) == answer, request["id"]
    if "[[overrides]]" not in request.get("config", ""):
        [by_text] = hcr.validate_many([text], **arguments)
        assert checked(by_text.valid, [d.code for d in by_text.diagnostics]) == answer, request["id"]
        [verdict] = hcr.validate_arrow(pa.array([text]), **arguments).to_pylist()
        assert checked(verdict["valid"], verdict["codes"]) == answer, request["id"]
    return answer


SEND = {"cli": through_cli, "mcp": through_mcp, "python": through_python}


def test_the_table_reaches_every_front_end_and_every_kind_of_answer() -> None:
    ids = [r["id"] for r in REQUESTS]
    assert len(ids) == len(set(ids)), "each request has its own id"
    for request in REQUESTS:
        assert set(request.get("frontends", FRONTENDS)) <= set(FRONTENDS), request["id"]
    everywhere = [r for r in REQUESTS if "frontends" not in r]
    # Receiver inputs without the receiver level, refused by all three.
    assert any(r.get("receiver") and r.get("level", "receiver") != "receiver"
               and r["expect"].get("refused") == "usage" for r in everywhere)
    assert {r["expect"].get("refused") for r in everywhere} >= {None, "usage", "io"}
    # Every configuration reaches Python too, and the table holds every setting Python takes.
    assert all("frontends" not in r for r in REQUESTS if "config" in r)
    for key in ("config", "select", "ignore", "warn", "error", "deny_warnings"):
        assert any(key in r for r in everywhere), key
    assert any("[[overrides]]" in r.get("config", "") and r["expect"].get("valid") for r in everywhere)


@pytest.mark.parametrize("request_", REQUESTS, ids=[r["id"] for r in REQUESTS])
def test_every_front_end_answers_as_the_table_says(request_: dict[str, Any], tmp_path: pathlib.Path) -> None:
    folder = workspace(request_, tmp_path)
    expect = request_["expect"]
    answers = {}
    for frontend in request_.get("frontends", FRONTENDS):
        answers[frontend] = SEND[frontend](request_, folder)
    for frontend, answer in answers.items():
        if "refused" in expect:
            assert answer.get("refused") == expect["refused"], (frontend, answer)
            assert expect["message"][frontend] in answer["message"], (frontend, answer)
        else:
            assert answer == checked(expect["valid"], expect["codes"]), (frontend, answer)
    # And so the front ends agree with one another.
    shapes = {frontend: {k: v for k, v in answer.items() if k != "message"} for frontend, answer in answers.items()}
    assert len({json.dumps(shape, sort_keys=True) for shape in shapes.values()}) == 1, shapes

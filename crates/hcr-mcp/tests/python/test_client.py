"""`hcr mcp` driven by the official Python MCP SDK (the `mcp` package).

`cargo xtask test` installs the pinned SDK into its virtual environment, builds `hcr`, and
runs this file with `HCR_BIN` naming the binary. Each test starts the server as a child
process over stdio, as an agent's client does.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
from contextlib import asynccontextmanager

import anyio
import pytest
from mcp import ClientSession, MCPError, StdioServerParameters
from mcp.client.stdio import stdio_client

HCR = os.environ["HCR_BIN"]
EXAMPLES = pathlib.Path(__file__).resolve().parents[4] / "protocol" / "v1" / "examples"
SECRET = "ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u"


@asynccontextmanager
async def session(cwd: pathlib.Path, *args: str):
    params = StdioServerParameters(command=HCR, args=["mcp", *args], cwd=str(cwd))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as client:
                await client.initialize()
                yield client


def run(test):
    """Runs an async test body on anyio's default backend."""
    anyio.run(test)


def text(result) -> str:
    return "".join(block.text for block in result.content if block.type == "text")


def example(name: str) -> str:
    return (EXAMPLES / name).read_text()


def test_initialize_and_list_tools_resources_prompts():
    async def body():
        async with session(EXAMPLES) as client:
            assert client.server_info.name == "hcr"
            tools = (await client.list_tools()).tools
            assert sorted(t.name for t in tools) == [
                "continue", "convert", "diff", "digest", "explain", "fix",
                "receive", "render", "rules", "validate",
            ]
            for tool in tools:
                assert tool.input_schema["type"] == "object", tool.name
            uris = [str(r.uri) for r in (await client.list_resources()).resources]
            assert "hcr://schema/v1" in uris and "hcr://rules" in uris
            assert "hcr://explain/HCR101" in uris
            schema = await client.read_resource("hcr://schema/v1")
            assert json.loads(schema.contents[0].text)["$schema"].startswith("https://json-schema.org/")
            prompts = [p.name for p in (await client.list_prompts()).prompts]
            assert prompts == ["write-handoff-record", "resume-from-handoff"]
            resume = await client.get_prompt("resume-from-handoff", {"path": "bug-fix.json"})
            assert "`receive`" in resume.messages[0].content.text
            assert 'path: \\"bug-fix.json\\"' in json.dumps(resume.messages[0].content.text)

    run(body)


def test_every_tool_happy_path():
    async def body():
        async with session(EXAMPLES) as client:
            valid = await client.call_tool("validate", {"record": example("bug-fix.json")})
            assert not valid.is_error, text(valid)
            assert valid.structured_content["results"][0]["conformant"] is True
            folder = await client.call_tool("validate", {"paths": ["."]})
            assert folder.structured_content["summary"]["records"] >= 6

            explained = await client.call_tool("explain", {"code": "HCR204"})
            assert explained.structured_content["name"] == "secret-in-record"
            rules = await client.call_tool("rules", {})
            assert any(r["code"] == "HCR101" for r in rules.structured_content["rules"])

            brief = await client.call_tool(
                "receive",
                {"path": "extensions-and-digests.json", "receiver": {"artifacts": "artifacts"}},
            )
            assert "<untrusted_record>" in text(brief)
            assert "untrusted" in brief.structured_content

            nxt = await client.call_tool(
                "continue", {"path": "bug-fix.json", "by": "agent:py", "now": "2026-11-30T10:00:00Z"}
            )
            assert not nxt.is_error, text(nxt)
            assert nxt.structured_content["revision"] == 3
            successor = json.dumps(nxt.structured_content["record"])

            diff = await client.call_tool(
                "diff", {"old": {"path": "bug-fix.json"}, "new": {"record": successor}}
            )
            assert not diff.is_error, text(diff)

            for form in ["goal-handover", "untrusted-block", "markdown", "handoff-md"]:
                rendered = await client.call_tool("render", {"path": "bug-fix.json", "as": form})
                assert not rendered.is_error, (form, text(rendered))
                assert rendered.structured_content["text"]

            note = await client.call_tool("render", {"path": "bug-fix.json", "as": "goal-handover"})
            drafted = await client.call_tool(
                "convert", {"record": note.structured_content["text"], "from": "goal-handover"}
            )
            assert drafted.structured_content["record"]["schemaVersion"] == "1.0"
            brief = await client.call_tool("convert", {"path": "bug-fix.json", "to": "handover-brief"})
            assert not brief.is_error, text(brief)

            digest = await client.call_tool("digest", {"files": ["artifacts/reports/conflicts.csv"]})
            assert len(digest.structured_content["files"][0]["sha256"]) == 64

    run(body)


def test_a_path_outside_the_roots_is_a_tool_error():
    async def body():
        async with session(EXAMPLES) as client:
            for arguments in [{"paths": ["../schema.json"]}, {"paths": ["/etc/passwd"]}]:
                result = await client.call_tool("validate", arguments)
                assert result.is_error
                assert "outside the folders" in text(result)
            assert not (await client.call_tool("rules", {})).is_error

    run(body)


def test_a_write_without_allow_write_is_refused(tmp_path):
    shutil.copy(EXAMPLES / "bug-fix.json", tmp_path / "bug-fix.json")
    arguments = {"path": "bug-fix.json", "by": "agent:py", "write": "next.json"}

    async def body():
        async with session(tmp_path) as client:
            refused = await client.call_tool("continue", arguments)
            assert refused.is_error
            assert "--allow-write" in text(refused)
        assert not (tmp_path / "next.json").exists()
        async with session(tmp_path, "--allow-write") as client:
            written = await client.call_tool("continue", arguments)
            assert not written.is_error, text(written)
        assert json.loads((tmp_path / "next.json").read_text())["provenance"]["sourceRevision"] == 3

    run(body)


def test_a_secret_is_never_echoed():
    record = json.loads(example("bug-fix.json"))
    record["currentState"]["complete"][0] = f"Deployed with {SECRET} to staging."
    record = json.dumps(record, indent=2)

    async def body():
        async with session(EXAMPLES) as client:
            found = await client.call_tool("validate", {"record": record})
            assert "HCR204" in text(found)
            for tool, arguments in [
                ("validate", {"record": record}),
                ("receive", {"record": record}),
                ("render", {"record": record, "as": "markdown"}),
                ("continue", {"record": record, "by": "agent:py"}),
            ]:
                result = await client.call_tool(tool, arguments)
                everything = result.model_dump_json()
                for start in range(len(SECRET) - 4):
                    assert SECRET[start : start + 5] not in everything, (tool, SECRET[start : start + 5])

    run(body)


def test_an_argument_of_16_mib_and_one_byte_is_refused_and_serving_goes_on():
    async def body():
        async with session(EXAMPLES) as client:
            refused = await client.call_tool("validate", {"record": "x" * (16 * 1024 * 1024 + 1)})
            assert refused.is_error
            assert "`record` is 16777217 bytes" in text(refused)
            after = await client.call_tool("validate", {"record": example("minimal.json")})
            assert not after.is_error, text(after)

    run(body)


def test_every_request_is_answered_garbage_included():
    lines = [
        b"\x00\xff garbage\n",
        json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}).encode() + b"\n",
        b"{ not json\n",
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
        b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"not an object"}\n',
        b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"validate","arguments":{"record":'
        + b"[" * 300 + b"]" * 300 + b"}}}\n",
        b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"rules","arguments":{}}}\n',
    ]
    done = subprocess.run(
        [HCR, "mcp"], input=b"".join(lines), capture_output=True, cwd=EXAMPLES, timeout=60
    )
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    by_id = {r["id"]: r for r in replies if "id" in r}
    assert sorted(by_id) == [1, 2, 3, 4]
    assert by_id[2]["result"]["structuredContent"]["rules"]
    assert by_id[3]["error"]["code"] == -32602
    assert by_id[4]["error"]["code"] == -32602
    # What is not JSON gets a parse error, with no id to answer to.
    unaddressed = [r["error"]["code"] for r in replies if "id" not in r]
    assert unaddressed == [-32700, -32700]


def test_a_root_configuration_lowers_limits_never_raises_them(tmp_path):
    (tmp_path / "hcr.toml").write_text("[limits]\nmax-record-bytes = 100000000\n")
    (tmp_path / "big.json").write_text('{"schemaVersion": "1.0", "x": "' + "a" * 5000 + '"}')

    async def body():
        async with session(tmp_path, "--max-input-bytes", "1000") as client:
            result = await client.call_tool("validate", {"paths": ["big.json"]})
            codes = [d["code"] for d in result.structured_content["results"][0]["diagnostics"]]
            assert codes == ["HCR003"], text(result)

    run(body)


def test_a_run_that_checks_nothing_is_an_error(tmp_path):
    (tmp_path / "empty.jsonl").write_text("")

    async def body():
        async with session(tmp_path) as client:
            result = await client.call_tool("validate", {"paths": ["empty.jsonl"], "jsonl": True})
            assert result.is_error
            assert "nothing was checked" in text(result)

    run(body)


def test_a_large_run_is_listed_in_part_and_counted_whole(tmp_path):
    (tmp_path / "many.jsonl").write_text("".join('{"n": %d}\n' % i for i in range(5000)))

    async def body():
        async with session(tmp_path) as client:
            result = await client.call_tool("validate", {"paths": ["many.jsonl"], "jsonl": True})
            assert result.is_error
            document = result.structured_content
            assert document["summary"]["records"] == 5000
            assert 0 < len(document["results"]) <= 1000
            assert document["omitted"] == 5000 - len(document["results"])

    run(body)


def test_what_a_conversion_loses_is_listed_without_its_secrets():
    brief = json.dumps({"brief": {"objective": "Ship it.", "nextSteps": [{"note": f"use {SECRET}"}]}})

    async def body():
        async with session(EXAMPLES) as client:
            result = await client.call_tool("convert", {"record": brief, "from": "handover-brief"})
            assert result.structured_content["lost"], result.structured_content
            assert SECRET not in text(result)
            assert SECRET not in json.dumps(result.structured_content)

    run(body)


# What each tool declares: (read-only, destructive) — destructive only said of writing tools.
DECLARED = {
    "validate": (True, None), "explain": (True, None), "rules": (True, None),
    "receive": (True, None), "diff": (True, None), "render": (True, None),
    "continue": (False, False), "convert": (False, False), "digest": (False, True),
    "fix": (False, True),
}


def test_tools_declare_titles_annotations_and_output_schemas():
    async def body():
        async with session(EXAMPLES) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert sorted(tools) == sorted(DECLARED)
            for name, (read_only, destructive) in DECLARED.items():
                tool = tools[name]
                assert tool.title, name
                assert tool.annotations.read_only_hint is read_only, name
                assert tool.annotations.destructive_hint is destructive, name
                assert tool.annotations.open_world_hint is False, name
                assert tool.output_schema["type"] == "object", name

    run(body)


# Arguments an agent gets wrong: each answer is a tool error the model is shown, whose text
# names what to correct (MCP 2025-11-25, SEP-1303), never a JSON-RPC error.
WRONG_ARGUMENTS = [
    ("validate", {"record": "{}", "ignore": ["HCR21O"]}, "did you mean `HCR210`?"),
    ("validate", {"record": "{}", "paths": ["."]}, "not both"),
    ("validate", {}, "give `record`"),
    ("validate", {"paths": "bug-fix.json"}, "`paths`: invalid type"),
    ("validate", {"record": "{}", "colour": "always"}, "unknown field `colour`"),
    ("explain", {"code": "HCR999"}, "the `rules` tool lists every code"),
    ("receive", {}, "give the record"),
    ("convert", {"path": "bug-fix.json"}, "give `from` or `to`"),
    ("digest", {}, "give `files`"),
    ("render", {"path": "bug-fix.json"}, "missing field `as`"),
]


def test_wrong_arguments_are_tool_errors_that_name_them():
    async def body():
        async with session(EXAMPLES) as client:
            for tool, arguments, said in WRONG_ARGUMENTS:
                result = await client.call_tool(tool, arguments)
                assert result.is_error, (tool, arguments)
                assert said in text(result), (tool, arguments, text(result))
            with pytest.raises(MCPError) as unknown:
                await client.call_tool("validat", {})
            assert unknown.value.error.code in (-32602, -32601)

    run(body)


def test_a_record_may_be_sent_as_an_object():
    record = json.loads(example("bug-fix.json"))

    async def body():
        async with session(EXAMPLES) as client:
            as_text = await client.call_tool("validate", {"record": example("bug-fix.json")})
            as_object = await client.call_tool("validate", {"record": record})
            assert not as_object.is_error, text(as_object)
            for result in (as_text, as_object):
                entry = result.structured_content["results"][0]
                assert entry["file"] is None and entry["source"] == "<record>"
            brief = await client.call_tool("receive", {"record": record})
            assert "untrusted" in brief.structured_content, text(brief)
            empty = await client.call_tool("validate", {"record": {}})
            assert empty.is_error
            assert empty.structured_content["results"][0]["diagnostics"][0]["code"] == "HCR101"

    run(body)


def test_digest_items_are_camel_case():
    async def body():
        async with session(EXAMPLES) as client:
            filled = await client.call_tool(
                "digest", {"fill": "extensions-and-digests.json", "artifacts": "artifacts"}
            )
            assert not filled.is_error, text(filled)
            item = filled.structured_content["items"][0]
            assert "artifactRef" in item and "artifact_ref" not in item

    run(body)


def test_the_configuration_applied_is_named(tmp_path):
    project = tmp_path / "proj"
    (project / "records").mkdir(parents=True)
    (project / "hcr.toml").write_text('ignore = ["HCR101"]\n')

    async def body():
        async with session(project) as client:
            result = await client.call_tool("validate", {"record": "{}"})
            assert result.structured_content["config"]["file"] == "hcr.toml"
            assert not result.is_error, text(result)
        async with session(project, "--root", str(project / "records")) as client:
            result = await client.call_tool("validate", {"record": "{}"})
            config = result.structured_content["config"]
            assert config["file"] is None
            assert "no hcr.toml or .hcr.toml in the first root" in config["note"]
            assert result.is_error
            assert text(result).endswith("configuration: " + config["note"] + "\n")

    run(body)

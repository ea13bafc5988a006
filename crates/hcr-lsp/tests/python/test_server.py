"""`hcr server` driven by pytest-lsp, as an editor drives it, compared with `hcr validate`.

`cargo xtask test` installs the pinned pytest-lsp into its virtual environment, builds `hcr`
and runs this folder with `HCR_BIN` naming the binary. The server runs as a child process
over stdio; its standard error goes to a file that the secret test reads.
"""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import re
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

HCR = os.environ["HCR_BIN"]
EXAMPLES = pathlib.Path(__file__).resolve().parents[4] / "protocol" / "v1" / "examples"

# The workspace: a folder of its own (a repository root, so no hcr.toml above it is read).
WORKSPACE = pathlib.Path(tempfile.mkdtemp(prefix="hcr-lsp-"))
(WORKSPACE / ".git").mkdir()
STDERR = WORKSPACE / "server-stderr.log"

# A planted GitHub token: `ghp_` and 36 letters and digits.
SECRET = "ghp_" + "Q9zWv4Lk8Tq2Xr6Yp3Hn7Jm5Bc1Dd0Ff8Gg2"
assert len(SECRET) == 40


def record(**changes) -> dict:
    value = json.loads((EXAMPLES / "bug-fix.json").read_text())
    value.update(changes)
    return value


async def until(condition, timeout: float = 10.0):
    """Waits until `condition()` is true (the server pushes when it is ready)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out waiting for the server")
        await asyncio.sleep(0.02)


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=["sh", "-c", f'exec "$0" server 2>>"{STDERR}"', HCR]
    )
)
async def client(lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            workspace_folders=[
                types.WorkspaceFolder(uri=WORKSPACE.as_uri(), name="workspace")
            ],
        )
    )
    lsp_client.hcr_capabilities = result.capabilities  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def open_file(client: LanguageClient, path: pathlib.Path, language: str = "json") -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=1, text=path.read_text()
            )
        )
    )
    return uri


def write(name: str, text: str) -> pathlib.Path:
    path = WORKSPACE / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def utf16_column(line: str, code_points: int) -> int:
    """The UTF-16 column of the `code_points`th character of `line`."""
    return len(line[:code_points].encode("utf-16-le")) // 2


def cli_ranges(path: pathlib.Path, *command: str) -> list[tuple]:
    """`hcr validate --format json` (or another command's JSON), as LSP ranges in UTF-16:
    (code, severity, start line, start character, end line, end character)."""
    out = subprocess.run(
        [HCR, *(command or ("validate",)), "--format", "json", str(path)],
        cwd=path.parent,
        capture_output=True,
        text=True,
    )
    assert out.returncode in (0, 1), out.stderr
    lines = re.split(r"\r\n|\r|\n", path.read_text())
    found = []
    for d in json.loads(out.stdout)["results"][0]["diagnostics"]:
        if "line" not in d:  # no place (a record over the size limit): the document's start
            found.append((d["code"], d["severity"], 0, 0, 0, 0))
            continue
        found.append(
            (
                d["code"],
                d["severity"],
                d["line"] - 1,
                utf16_column(lines[d["line"] - 1], d["column"] - 1),
                d["endLine"] - 1,
                utf16_column(lines[d["endLine"] - 1], d["endColumn"] - 1),
            )
        )
    return sorted(found)


SEVERITIES = {1: "error", 2: "warning", 3: "info"}


def lsp_ranges(diagnostics) -> list[tuple]:
    return sorted(
        (
            d.code,
            SEVERITIES[d.severity.value],
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
        )
        for d in diagnostics
    )


@pytest.mark.asyncio
async def test_initialize_announces_the_features(client: LanguageClient):
    capabilities = client.hcr_capabilities  # type: ignore[attr-defined]
    assert capabilities.text_document_sync == types.TextDocumentSyncKind.Incremental
    assert capabilities.hover_provider
    assert capabilities.completion_provider is not None
    assert capabilities.document_symbol_provider
    assert capabilities.diagnostic_provider is not None
    assert "hcr.explain" in capabilities.execute_command_provider.commands


@pytest.mark.asyncio
async def test_diagnostics_equal_the_cli_s_and_follow_changes(client: LanguageClient):
    # Non-ASCII and astral text before each finding: columns differ in code points and UTF-16.
    value = record()
    value["objective"]["summary"] = "Fix the 😀 time zone — ünïcödé 𝔘𝔫𝔦"
    value["objective"]["acceptanceCriteria"] = []
    value["constraints"] = [{"kind": "sometimes", "text": "🚀 Ship it"}]
    del value["nextAction"]["verification"]
    path = write("invalid.json", json.dumps(value, indent=2, ensure_ascii=False))
    uri = open_file(client, path)
    await until(lambda: uri in client.diagnostics)
    pushed = lsp_ranges(client.diagnostics[uri])
    assert pushed == cli_ranges(path)
    assert {"HCR101", "HCR210"} <= {d[0] for d in pushed}
    for d in client.diagnostics[uri]:
        assert d.source == "hcr"
        assert d.code_description.href.endswith("#" + d.code.lower())
        assert "\nhelp: " in d.message

    # Pulled diagnostics are the same.
    pulled = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert lsp_ranges(pulled.items) == pushed

    # An incremental change (the constraint's kind fixed): the diagnostics follow, and equal
    # the CLI's on the new text.
    text = path.read_text()
    at = text.index('"sometimes"') + 1
    line = text[:at].count("\n")
    character = utf16_column(text[:at].split("\n")[-1], len(text[:at].split("\n")[-1]))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=line, character=character),
                        end=types.Position(line=line, character=character + len("sometimes")),
                    ),
                    text="safety",
                )
            ],
        )
    )
    path.write_text(text.replace('"sometimes"', '"safety"'))
    want = cli_ranges(path)
    assert want != pushed
    await until(lambda: lsp_ranges(client.diagnostics[uri]) == want)


@pytest.mark.asyncio
async def test_the_project_s_hcr_toml_decides_selection_severity_and_limits(client: LanguageClient):
    folder = WORKSPACE / "project"
    write("project/hcr.toml", 'error = ["HCR210"]\n[[overrides]]\npaths = ["legacy/**"]\nignore = ["HCR210"]\n')
    value = record()
    value["objective"]["acceptanceCriteria"] = []
    text = json.dumps(value, indent=2)
    current = write("project/current.json", text)
    legacy = write("project/legacy/old.json", text)
    for path, wanted in [(current, [("HCR210", "error")]), (legacy, [])]:
        uri = open_file(client, path)
        await until(lambda: uri in client.diagnostics)
        got = lsp_ranges(client.diagnostics[uri])
        assert [(d[0], d[1]) for d in got] == wanted
        assert got == cli_ranges(path)

    # A document over the configuration's size limit: one diagnostic saying so.
    write("project/small/hcr.toml", "[limits]\nmax-record-bytes = 1024\n")
    big = write("project/small/big.json", text)
    uri = open_file(client, big)
    await until(lambda: uri in client.diagnostics)
    assert len(client.diagnostics[uri]) == 1
    assert lsp_ranges(client.diagnostics[uri]) == cli_ranges(big)

    # A file the configuration's glob names is checked without declaring its version.
    write("globbed/hcr.toml", 'glob = "*.handoff"\n')
    path = write("globbed/a.handoff", '{"objective": 1}')
    uri = open_file(client, path)
    await until(lambda: uri in client.diagnostics)
    assert lsp_ranges(client.diagnostics[uri]) == cli_ranges(path)
    assert folder.is_dir()


@pytest.mark.asyncio
async def test_hover_completion_and_code_actions(client: LanguageClient):
    text = json.dumps(record(constraints=[{"kind": "", "text": "No deploys"}]), indent=2)
    path = write("edit.json", text)
    uri = open_file(client, path)
    await until(lambda: uri in client.diagnostics)
    lines = text.split("\n")

    def position(needle: str, delta: int = 0) -> types.Position:
        for n, line in enumerate(lines):
            if needle in line:
                return types.Position(line=n, character=line.index(needle) + delta)
        raise AssertionError(needle)

    # Hover on a key: the schema's and the contract's words.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position('"acceptanceCriteria"', 3))
    )
    assert "acceptanceCriteria" in hover.contents.value and "HCR210" in hover.contents.value

    # Completion inside `"constraints": [{"kind": "|"}]`.
    items = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position('"kind": ""', 9))
    )
    labels = [item.label for item in (items.items if hasattr(items, "items") else items)]
    assert labels == ["permission", "safety", "deadline", "budget", "dependency", "exclusion", "other"]

    # Hover on the diagnostic: `hcr explain`'s text for its code.
    diagnostic = next(d for d in client.diagnostics[uri] if d.range.start.line == position('"kind": ""').line)
    code = diagnostic.code
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=diagnostic.range.start)
    )
    explained = subprocess.run([HCR, "explain", code], capture_output=True, text=True).stdout
    assert explained.strip() in hover.contents.value

    # A code action that explains the code, and the command it runs.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert len(actions) == 1 and actions[0].title.startswith(f"Explain {code} (")
    # This client declares no code action literals: it is sent the action's command.
    command = actions[0]
    assert command.command == "hcr.explain" and list(command.arguments) == [code]
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)
    )
    await until(lambda: any(code in m.message for m in client.messages))

    # The outline.
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    names = [s.name for s in symbols]
    for wanted in ["objective", "currentState", "decisions", "evidence", "constraints", "nextAction", "ownership", "openReview"]:
        assert wanted in names
    state = next(s for s in symbols if s.name == "currentState")
    assert [c.name for c in state.children] == ["complete", "inProgress", "blocked", "unverified"]


@pytest.mark.asyncio
async def test_a_handoff_md_is_linted_as_the_cli_lints_it(client: LanguageClient):
    path = write("HANDOFF.md", "# Handoff\n\n## Goal\n\nShip the 😀 fix.\n\n## Next action\n\nRun the tests.\n")
    uri = open_file(client, path, "markdown")
    await until(lambda: uri in client.diagnostics)
    got = lsp_ranges(client.diagnostics[uri])
    assert got and got == cli_ranges(path, "handoff-md", "lint")


@pytest.mark.asyncio
async def test_a_secret_is_never_shown(client: LanguageClient):
    value = record()
    value["constraints"] = [{"kind": "safety", "text": f"deploy with token {SECRET}"}]
    value["decisions"][0]["summary"] = f"Use {SECRET} for the registry"
    text = json.dumps(value, indent=2)
    path = write("secret.json", text)
    uri = open_file(client, path)
    await until(lambda: uri in client.diagnostics)
    assert "HCR204" in {d.code for d in client.diagnostics[uri]}
    shown = [d.message for d in client.diagnostics[uri]]
    # Hover and completion everywhere on the secret's lines, the outline, an explanation.
    lines = text.split("\n")
    for n, line in enumerate(lines):
        if SECRET not in line and '"text"' not in line and '"summary"' not in line:
            continue
        for character in range(0, len(line) + 1, 3):
            at = types.TextDocumentPositionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=n, character=character),
            )
            hover = await client.text_document_hover_async(
                types.HoverParams(text_document=at.text_document, position=at.position)
            )
            if hover is not None:
                shown.append(hover.contents.value)
            items = await client.text_document_completion_async(
                types.CompletionParams(text_document=at.text_document, position=at.position)
            )
            for item in items.items if hasattr(items, "items") else items or []:
                shown.append(item.label)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    pending = list(symbols)
    while pending:
        symbol = pending.pop()
        shown.extend([symbol.name, symbol.detail or ""])
        pending.extend(symbol.children or [])
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="hcr.explain", arguments=["HCR204"])
    )
    await until(lambda: any("HCR204" in m.message for m in client.messages))
    shown.extend(m.message for m in client.messages)
    shown.extend(m.message for m in client.log_messages)
    shown.append(STDERR.read_text() if STDERR.exists() else "")
    everything = "\n".join(shown)
    body = SECRET[4:]
    for start in range(len(SECRET) - 4):
        fragment = SECRET[start : start + 5]
        assert fragment not in everything, fragment
    assert body[:5] not in everything


@pytest.mark.asyncio
async def test_an_unknown_request_is_answered(client: LanguageClient):
    with pytest.raises(Exception, match="does not handle"):
        await client.protocol.send_request_async("hcr/nothing", {})
    # The server still serves.
    path = write("after.json", json.dumps(record(), indent=2))
    uri = open_file(client, path)
    await until(lambda: uri in client.diagnostics)
    assert list(client.diagnostics[uri]) == []

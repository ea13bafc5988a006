"""Neovim's own LSP client (headless) against `hcr server`: the diagnostics Neovim holds for
an open record (`vim.diagnostic.get()`) equal `hcr validate`'s. `cargo xtask test` installs
Neovim when it is missing; without `nvim` this test fails, it is never skipped.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

HCR = os.environ["HCR_BIN"]
HERE = pathlib.Path(__file__).resolve().parent
EXAMPLES = HERE.parents[3] / "protocol" / "v1" / "examples"


def test_neovim_sees_the_cli_s_diagnostics():
    nvim = shutil.which("nvim")
    assert nvim, "nvim is not installed: `cargo xtask test` installs Debian's neovim package"
    folder = pathlib.Path(tempfile.mkdtemp(prefix="hcr-nvim-"))
    (folder / ".git").mkdir()
    value = json.loads((EXAMPLES / "bug-fix.json").read_text())
    value["objective"]["summary"] = "Zeitzone 😀 — naïve 𝔘𝔫𝔦 fix"
    value["objective"]["acceptanceCriteria"] = []
    value["constraints"] = [{"kind": "sometimes", "text": "🚀"}]
    record = folder / "record.json"
    record.write_text(json.dumps(value, indent=2, ensure_ascii=False))
    out = folder / "diagnostics.json"
    run = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {HERE.parent / 'nvim' / 'diagnostics.lua'}", str(record)],
        env={**os.environ, "HCR_NVIM_OUT": str(out)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.exists(), run.stderr
    seen = json.loads(out.read_text())
    assert seen["ok"], "Neovim saw no diagnostics"
    # Neovim converts the server's UTF-16 columns into byte columns of its buffer.
    lines = re.split(r"\r\n|\r|\n", record.read_text())
    cli = subprocess.run([HCR, "validate", "--format", "json", str(record)], capture_output=True, text=True, cwd=folder)
    want = []
    for d in json.loads(cli.stdout)["results"][0]["diagnostics"]:
        byte = lambda line, column: len(lines[line - 1][: column - 1].encode("utf-8"))
        severity = {"error": 1, "warning": 2, "info": 3}[d["severity"]]
        want.append((d["code"], severity, d["line"] - 1, byte(d["line"], d["column"]), d["endLine"] - 1, byte(d["endLine"], d["endColumn"])))
    got = [(d["code"], d["severity"], d["lnum"], d["col"], d["end_lnum"], d["end_col"]) for d in seen["diagnostics"]]
    assert sorted(got) == sorted(want)

// Starts `hcr server` for JSON files (records are told by their content: the server checks
// only those with "schemaVersion": "1.0", or those hcr.toml's glob names) and HANDOFF.md.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("hcr").get("path") || "hcr";
  client = new LanguageClient(
    "hcr",
    "hcr",
    { command, args: ["server"] },
    {
      documentSelector: [
        { scheme: "file", language: "json" },
        { scheme: "file", language: "jsonc" },
        { scheme: "file", pattern: "**/HANDOFF.md" },
        { scheme: "untitled", language: "json" },
      ],
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

// In-process peers for `cargo xtask bench --peers`: one node thread reads, parses and checks
// every `*.json` file under a folder, and prints what it found and how long the loop took
// (compiling the schema and starting node are not counted, in the peer's favour).
//
//   node peers.mjs ajv NODE_MODULES SCHEMA DIR         Ajv 2020-12 with ajv-formats, schema only
//   node peers.mjs publisher VALIDATE_MJS DIR          the publisher's validate.mjs, imported
//
// Output: one JSON line, {"valid": N, "invalid": N, "seconds": S}.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

function files(dir) {
  const found = [];
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...files(full));
    else if (entry.isFile() && entry.name.endsWith(".json")) found.push(full);
  }
  return found;
}

async function checker(mode, args) {
  if (mode === "ajv") {
    const [modules, schema] = args;
    const require = createRequire(path.join(path.resolve(modules), "peers.cjs"));
    const Ajv2020 = require("ajv/dist/2020").default;
    const formats = require("ajv-formats");
    const ajv = new Ajv2020({ strict: false });
    (formats.default ?? formats)(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(schema, "utf8")));
    return (value) => validate(value);
  }
  if (mode === "publisher") {
    // validate.mjs exports one function that returns the record's problems.
    const module = await import(pathToFileURL(path.resolve(args[0])).href);
    const functions = Object.values(module).filter((f) => typeof f === "function");
    if (functions.length !== 1) {
      throw new Error(`${args[0]} exports ${functions.length} functions, not one validator`);
    }
    const [validate] = functions;
    return (value) => validate(value).length === 0;
  }
  throw new Error(`unknown peer ${mode}`);
}

const [mode, ...rest] = process.argv.slice(2);
const dir = rest.pop();
const check = await checker(mode, rest);
const list = files(dir);
const start = process.hrtime.bigint();
let valid = 0;
let invalid = 0;
for (const file of list) {
  let value;
  try {
    value = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    invalid += 1;
    continue;
  }
  if (check(value)) valid += 1;
  else invalid += 1;
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(JSON.stringify({ valid, invalid, seconds }));

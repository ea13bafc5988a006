// What the tests share: the repository's folders and the CLI to compare with.
'use strict'

const fs = require('node:fs')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const ROOT = path.resolve(__dirname, '..', '..', '..')
const SUITE = path.join(ROOT, 'conformance-suite')
const EXAMPLES = path.join(ROOT, 'protocol', 'v1', 'examples')
const TARGET = process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target')

/**
 * The CLI built from the same sources: `HCR_BIN` (as `cargo xtask test` names it), else the
 * debug build in the target folder. A missing one fails the tests that compare with it.
 */
function hcrBin() {
  const bin = process.env.HCR_BIN || path.join(TARGET, 'debug', process.platform === 'win32' ? 'hcr.exe' : 'hcr')
  if (!fs.existsSync(bin)) {
    throw new Error(`the hcr CLI is not at ${bin}: build it (cargo build -p hcr-cli) or set HCR_BIN`)
  }
  return bin
}

/** `hcr validate --format json` with `args`: the parsed document (exit 0 or 1 only). */
function cliDocument(args, options = {}) {
  let stdout
  try {
    stdout = execFileSync(hcrBin(), ['validate', '--format', 'json', ...args], {
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    })
  } catch (error) {
    if (error.status !== 1) {
      throw error
    }
    stdout = error.stdout
  }
  return JSON.parse(stdout)
}

/** A report brought to (valid, sorted distinct codes). */
function verdict(valid, diagnostics) {
  return { valid, codes: [...new Set(diagnostics.map((d) => d.code))].sort() }
}

function examples() {
  return fs
    .readdirSync(EXAMPLES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(EXAMPLES, name))
}

module.exports = { ROOT, SUITE, EXAMPLES, hcrBin, cliDocument, verdict, examples }

// The front ends' table (tests/frontends/requests.json at the repository's root) through the
// Node package: each request the table sends to `node` (every row without a `frontends` list,
// and those whose list names it) through `validate` (and `validateMany` where no receiver
// input is given), the record by its file URL and a request's hcr.toml given with `config`
// (the folder, and the file), must answer what the table says: a verdict and its distinct
// codes, or a refusal of the kind named whose message holds the table's text for `node`
// (Python's where the two are the same words and the row gives no `node` entry).
'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { pathToFileURL } = require('node:url')

const hcr = require('..')
const { ROOT, EXAMPLES, verdict } = require('./helpers')

const TABLE = path.join(ROOT, 'tests', 'frontends')
const FRONTENDS = ['cli', 'mcp', 'python', 'node']
const REQUESTS = JSON.parse(fs.readFileSync(path.join(TABLE, 'requests.json'), 'utf8')).requests

/** The examples and the table's records in a folder of their own, with the request's hcr.toml. */
function workspace(request) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hcr-node-frontends-'))
  fs.cpSync(EXAMPLES, folder, { recursive: true })
  for (const name of fs.readdirSync(path.join(TABLE, 'records'))) {
    fs.copyFileSync(path.join(TABLE, 'records', name), path.join(folder, name))
  }
  if (request.config !== undefined) {
    fs.writeFileSync(path.join(folder, 'hcr.toml'), request.config)
  }
  return folder
}

const KINDS = { HCR_USAGE: 'usage', HCR_IO: 'io' }

async function answer(request, folder, options) {
  const record = path.join(folder, request.record)
  let report
  try {
    report = hcr.validate(pathToFileURL(record), options)
  } catch (error) {
    assert.ok(error instanceof hcr.HcrError, String(error))
    return { refused: KINDS[error.code] ?? error.code, message: error.message }
  }
  const got = verdict(report.valid, report.diagnostics)
  if (!options.artifacts && !options.revisions) {
    // validateMany answers the same, for the file and, where no override could tell a path
    // from none, for its text.
    const [byPath] = await hcr.validateMany([pathToFileURL(record)], options)
    assert.deepEqual(verdict(byPath.valid, byPath.diagnostics), got, request.id)
    if (!(request.config ?? '').includes('[[overrides]]')) {
      const [byText] = await hcr.validateMany([fs.readFileSync(record, 'utf8')], options)
      assert.deepEqual(verdict(byText.valid, byText.diagnostics), got, request.id)
    }
  }
  return got
}

async function throughNode(request, folder) {
  const receiver = request.receiver ?? {}
  assert.ok(Object.keys(receiver).every((k) => k === 'artifacts' || k === 'revisions'), 'Node takes no `now` or `as`')
  const options = {}
  for (const key of ['level', 'select', 'ignore', 'warn', 'error']) {
    if (key in request) options[key] = request[key]
  }
  if ('deny_warnings' in request) options.denyWarnings = request.deny_warnings
  for (const [key, where] of Object.entries(receiver)) {
    options[key] = path.join(folder, where)
  }
  // The configuration as the folder the CLI would find it from, and as the file: the same.
  const configs = request.config === undefined ? [undefined] : [folder, path.join(folder, 'hcr.toml')]
  const answers = []
  for (const config of configs) {
    answers.push(await answer(request, folder, config === undefined ? options : { ...options, config }))
  }
  for (const other of answers) {
    assert.deepEqual(other, answers[0], request.id)
  }
  return answers[0]
}

test('the table names only known front ends, and reaches Node with every kind of answer', () => {
  for (const request of REQUESTS) {
    for (const frontend of request.frontends ?? FRONTENDS) {
      assert.ok(FRONTENDS.includes(frontend), request.id)
    }
  }
  const node = REQUESTS.filter((r) => (r.frontends ?? FRONTENDS).includes('node'))
  const kinds = new Set(node.map((r) => r.expect.refused))
  assert.ok(kinds.has(undefined) && kinds.has('usage') && kinds.has('io'))
  assert.ok(node.some((r) => (r.config ?? '').includes('[[overrides]]') && r.expect.valid))
})

for (const request of REQUESTS) {
  if (!(request.frontends ?? FRONTENDS).includes('node')) {
    continue
  }
  test(`node: ${request.id}`, async () => {
    const folder = workspace(request)
    const got = await throughNode(request, folder)
    const expect = request.expect
    if ('refused' in expect) {
      assert.equal(got.refused, expect.refused, JSON.stringify(got))
      const wanted = expect.message.node ?? expect.message.python
      assert.ok(got.message.includes(wanted), `${JSON.stringify(got.message)} holds ${JSON.stringify(wanted)}`)
    } else {
      assert.deepEqual(got, verdict(expect.valid, expect.codes.map((code) => ({ code }))))
    }
  })
}

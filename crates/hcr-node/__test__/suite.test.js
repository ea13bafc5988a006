// The package against the CLI and the contract: every conformance-suite case through
// `validate` and `validateMany` gets `hcr validate --format json`'s verdict and codes, and the
// manifest's expected verdict.
'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')

const hcr = require('..')
const { SUITE, cliDocument, verdict } = require('./helpers')

const manifest = JSON.parse(fs.readFileSync(path.join(SUITE, 'manifest.json'), 'utf8'))
const cases = manifest.cases

for (const level of ['schema', 'normative']) {
  test(`every conformance case at the ${level} level gets the CLI's verdict and codes`, async () => {
    const paths = cases.map((c) => path.join(SUITE, c.file))
    const cli = cliDocument(['--no-config', '--level', level, ...paths]).results.map((r) => verdict(r.valid, r.diagnostics))
    assert.equal(cli.length, cases.length)
    const records = paths.map((p) => fs.readFileSync(p))
    const many = await hcr.validateMany(records, { level })
    const disagreements = []
    cases.forEach((c, i) => {
      const one = hcr.validate(records[i], { level })
      for (const [how, report] of [['validate', one], ['validateMany', many[i]]]) {
        const got = verdict(report.valid, report.diagnostics)
        if (JSON.stringify(got) !== JSON.stringify(cli[i])) {
          disagreements.push({ id: c.id, how, got, cli: cli[i] })
        }
      }
      // The manifest's own expectation, too.
      assert.equal(one.valid, c.expected[level] === 'valid', c.id)
      // A string gives the Buffer's verdict wherever the bytes are UTF-8 text.
      const text = records[i].toString('utf8')
      if (Buffer.from(text, 'utf8').equals(records[i])) {
        assert.deepEqual(verdict(hcr.validate(text, { level }).valid, hcr.validate(text, { level }).diagnostics), verdict(one.valid, one.diagnostics), c.id)
      }
    })
    assert.deepEqual(disagreements, [])
  })
}

test('the receiver cases, with their context, get the CLI verdict (the clock and the actor aside)', async () => {
  const context = manifest.contexts.default
  const receiver = cases.filter((c) => c.context === 'default')
  assert.ok(receiver.length > 0)
  const artifacts = path.join(SUITE, context.artifacts)
  const revisions = path.join(SUITE, context.revisions)
  const paths = receiver.map((c) => path.join(SUITE, c.file))
  const cli = cliDocument(['--no-config', '--level', 'receiver', '--artifacts', artifacts, '--revisions', revisions, ...paths])
    .results.map((r) => verdict(r.valid, r.diagnostics))
  receiver.forEach((c, i) => {
    const report = hcr.validate(fs.readFileSync(paths[i]), { artifacts, revisions })
    assert.deepEqual(verdict(report.valid, report.diagnostics), cli[i], c.id)
  })
})

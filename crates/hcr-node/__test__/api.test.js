// The package's API: inputs of every kind agree, no secret reaches a result or an error,
// bad input is an error of the package's with a code, and the record operations.
'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const crypto = require('node:crypto')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { pathToFileURL } = require('node:url')

const hcr = require('..')
const { execFileSync, spawnSync } = require('node:child_process')
const { EXAMPLES, cliDocument, verdict, examples, hcrBin } = require('./helpers')

const SECRET = 'ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u'
const bugFix = fs.readFileSync(path.join(EXAMPLES, 'bug-fix.json'), 'utf8')

function shape(report) {
  return verdict(report.valid, report.diagnostics)
}

test('string, Buffer, Uint8Array, object and file URL inputs agree, with the CLI', async () => {
  const files = examples()
  const cli = cliDocument(['--no-config', ...files]).results.map((r) => verdict(r.valid, r.diagnostics))
  for (const [i, file] of files.entries()) {
    const text = fs.readFileSync(file, 'utf8')
    const inputs = [text, Buffer.from(text), new Uint8Array(Buffer.from(text)), JSON.parse(text), pathToFileURL(file)]
    for (const input of inputs) {
      assert.deepEqual(shape(hcr.validate(input)), cli[i], file)
    }
    const many = await hcr.validateMany(inputs, { jobs: 2 })
    assert.deepEqual(many.map(shape), inputs.map(() => cli[i]), file)
  }
  const broken = { ...JSON.parse(bugFix), nextAction: { summary: 'Reply.' } }
  for (const input of [JSON.stringify(broken), Buffer.from(JSON.stringify(broken)), broken]) {
    const report = hcr.validate(input)
    assert.deepEqual(report.diagnostics.map((d) => d.code), ['HCR101'])
    assert.equal(report.diagnostics[0].pointer, '/nextAction')
  }
  const located = hcr.validate(JSON.stringify(broken, null, 2)).diagnostics[0]
  assert.ok(located.line > 1 && located.column > 0)
  assert.equal(hcr.validate(Buffer.from([0xff, 0xfe])).diagnostics[0].code, 'HCR004')
  assert.ok(hcr.validate('{"a": 1, "a": 2}').diagnostics.some((d) => d.code === 'HCR002'))
})

test('a report has the CLI JSON members', () => {
  const cli = cliDocument(['--no-config', '-'], { input: '{"schemaVersion": "1.0"}', stdio: ['pipe', 'pipe', 'pipe'] }).results[0]
  const report = hcr.validate('{"schemaVersion": "1.0"}')
  assert.equal(report.valid, cli.valid)
  assert.deepEqual(
    report.diagnostics.map((d) => ({ ...d })),
    cli.diagnostics,
  )
  assert.equal(report.errors, cli.diagnostics.filter((d) => d.severity === 'error').length)
  assert.equal(report.conformant, false)
})

test('no secret reaches any result or error', async () => {
  const record = JSON.parse(bugFix)
  record.currentState.complete[0] = `Deployed with ${SECRET} to staging.`
  const shown = []
  const report = hcr.validate(record)
  assert.ok(report.diagnostics.some((d) => d.code === 'HCR204'))
  shown.push(JSON.stringify(report))
  shown.push(JSON.stringify(await hcr.validateMany([record, JSON.stringify(record)])))
  for (const attempt of [
    () => hcr.render(record),
    () => hcr.convert(`State: shipped with ${SECRET}.`, { from: 'goal-handover' }),
    () => hcr.convert(record, { to: 'handover-brief' }),
    () => hcr.validate(record, { select: [SECRET] }),
    () => hcr.explain(SECRET),
  ]) {
    assert.throws(attempt, (error) => {
      assert.ok(error instanceof hcr.HcrError, String(error))
      shown.push(error.message, String(error.stack), JSON.stringify(error.report ?? null))
      return true
    })
  }
  // A draft's every string, a kept section named by a heading that holds the secret too.
  const heading = `# Handoff\n\n## Goal\n\nShip it.\n\n## Deploy with ${SECRET}\n\nUse it.\n`
  for (const conversion of [
    hcr.convertDraft(`State: shipped with ${SECRET}.`, { from: 'goal-handover' }),
    hcr.convertDraft(heading, { from: 'handoff-md' }),
  ]) {
    assert.equal(conversion.valid, false)
    assert.ok(conversion.redacted > 0)
    shown.push(JSON.stringify(conversion))
  }
  assert.ok(shown.at(-1).includes('section `Deploy with ghp_'), shown.at(-1))
  // A configuration that holds it.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hcr-node-'))
  fs.writeFileSync(path.join(folder, 'hcr.toml'), `ignore = ["${SECRET}"]\n`)
  assert.throws(() => hcr.validate(record, { config: folder }), (error) => {
    assert.equal(error.code, 'HCR_USAGE')
    shown.push(error.message)
    return true
  })
  const everything = shown.join('\n')
  for (let start = 0; start + 5 <= SECRET.length; start++) {
    assert.ok(!everything.includes(SECRET.slice(start, start + 5)), SECRET.slice(start, start + 5))
  }
})

test('bad input is an error of the package with a code', async (t) => {
  const usage = (fn, pattern) => {
    assert.throws(fn, (error) => {
      assert.ok(error instanceof hcr.HcrUsageError && error instanceof hcr.HcrError && error instanceof Error)
      assert.equal(error.code, 'HCR_USAGE')
      if (pattern) assert.match(error.message, pattern)
      return true
    })
  }
  usage(() => hcr.validate('{}', { level: 'strict' }), /level/)
  usage(() => hcr.validate('{}', { select: ['HCR999'] }), /HCR999/)
  usage(() => hcr.validate('{}', { selct: ['HCR101'] }), /no option `selct`/)
  usage(() => hcr.validate('{}', { select: 'HCR101' }), /list/)
  usage(() => hcr.validate('{}', 'schema'), /object/)
  usage(() => hcr.validate(undefined), /JSON/)
  usage(() => hcr.validate({ n: 1n }), /JSON/)
  const cycle = {}
  cycle.self = cycle
  usage(() => hcr.validate(cycle), /JSON/)
  usage(() => hcr.validate(new URL('https://example.com/r.json')), /file: URL/)
  usage(() => hcr.validate(bugFix, { level: 'normative', artifacts: EXAMPLES }), /level="receiver"/)
  usage(() => hcr.render(bugFix, { as: 'pdf' }), /unknown form/)
  usage(() => hcr.explain('HCR000'))
  usage(() => hcr.convert(bugFix), /one of them/)
  usage(() => hcr.convert(bugFix, { to: 'pdf' }), /unknown target format/)
  usage(() => hcr.convert('   ', { from: 'goal-handover' }), /blank/)
  usage(() => hcr.convertDraft('   ', { from: 'goal-handover' }), /blank/)
  usage(() => hcr.convertDraft('# Handoff', { from: 'pdf' }), /pdf/)
  usage(() => hcr.convertDraft('# Handoff'), /from/)
  usage(() => hcr.convertDraft('# Handoff', { to: 'handover-brief' }), /no option `to`/)
  usage(() => hcr.convertDraft('# Handoff', { from: 1 }), /format/)
  await assert.rejects(hcr.validateMany('{}'), { code: 'HCR_USAGE' })
  await assert.rejects(hcr.validateMany([bugFix], { artifacts: EXAMPLES }), { code: 'HCR_USAGE', message: /no option `artifacts`/ })
  await assert.rejects(hcr.validateMany([bugFix], { select: ['HCR999'] }), { code: 'HCR_USAGE' })
  await assert.rejects(hcr.validateMany([bugFix], { jobs: -1 }), { code: 'HCR_USAGE' })
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hcr-node-'))
  for (const [fn, name] of [
    [() => hcr.validate('{}', { artifacts: path.join(folder, 'nowhere') }), 'artifacts'],
    [() => hcr.validate('{}', { config: path.join(folder, 'missing.toml') }), 'config'],
  ]) {
    assert.throws(fn, (error) => {
      assert.ok(error instanceof hcr.HcrIOError && error instanceof hcr.HcrError, name)
      assert.equal(error.code, 'HCR_IO')
      assert.match(error.message, /nowhere|missing\.toml/)
      return true
    })
  }
  // A record file that is a folder; one that cannot be read is a report, as in the CLI.
  usage(() => hcr.validate(pathToFileURL(folder)), /is a folder/)
  const missing = hcr.validate(pathToFileURL(path.join(folder, 'missing.json')))
  assert.equal(missing.valid, false)
  // A record that is not valid where one is needed carries its report.
  assert.throws(() => hcr.canonicalJson('[]'), (error) => {
    assert.ok(error instanceof hcr.HcrInvalidRecordError && error instanceof hcr.HcrUsageError)
    assert.equal(error.code, 'HCR_INVALID_RECORD')
    assert.equal(error.report.valid, false)
    assert.ok(error.report.diagnostics.length > 0)
    assert.match(error.message, /not valid at the schema level/)
    return true
  })
  t.diagnostic('every refusal was an HcrError with its code')
})

test('the record operations', () => {
  const canonical = hcr.canonicalJson(bugFix)
  assert.equal(canonical, hcr.canonicalJson(JSON.parse(bugFix)))
  assert.deepEqual(JSON.parse(canonical), JSON.parse(bugFix))
  assert.equal(hcr.digest(bugFix), crypto.createHash('sha256').update(canonical).digest('hex'))
  for (const form of ['goal-handover', 'untrusted-block', 'markdown', 'handoff-md']) {
    assert.ok(hcr.render(bugFix, { as: form }).length > 0, form)
  }
  assert.equal(hcr.render(bugFix), hcr.render(bugFix, { as: 'markdown' }))
  const back = JSON.parse(hcr.convert(hcr.render(bugFix, { as: 'handoff-md' }), { from: 'handoff-md' }))
  assert.deepEqual(back.objective, JSON.parse(bugFix).objective)
  const brief = hcr.convert(bugFix, { to: 'handover-brief' })
  assert.throws(() => hcr.convert(brief, { from: 'handover-brief' }), (error) => {
    assert.equal(error.code, 'HCR_INVALID_RECORD')
    assert.match(error.message, /\/ownership\/nextActor/)
    return true
  })
  assert.ok(hcr.explain('secret-in-record').startsWith('HCR204'))
  assert.ok(JSON.parse(hcr.schema()).$schema.startsWith('https://json-schema.org/'))
  assert.equal(typeof hcr.version, 'string')
})

const REAL = path.join(__dirname, '..', '..', 'hcr-interop', 'tests', 'data', 'handoff-md-real')
const NEXT_ACTION = 'Thread the profile time zone into DeliveryEstimator::for\\_order and update its three callers.'

/** `hcr convert --from handoff-md file`: its exit status, standard output and lines of standard error. */
function cliConvert(file) {
  const done = spawnSync(hcrBin(), ['convert', '--from', 'handoff-md', file], { encoding: 'utf8' })
  return { status: done.status, stdout: done.stdout, stderr: done.stderr.split('\n').filter(Boolean) }
}

test('convertDraft names what an edited HANDOFF.md changes and keeps, as the CLI does', () => {
  let page = hcr.render(bugFix, { as: 'handoff-md' })
  const faithful = hcr.convertDraft(page, { from: 'handoff-md' })
  assert.equal(faithful.valid && faithful.complete && faithful.report.valid, true)
  assert.deepEqual([faithful.edited, faithful.kept, faithful.missing, faithful.lost, faithful.notes], [[], [], [], [], []])
  assert.equal(faithful.record, hcr.convert(page, { from: 'handoff-md' }))
  assert.ok(page.includes(NEXT_ACTION))
  page = page.replace(NEXT_ACTION, "Thread the session's time zone instead.").replace('## Goal', '## Background\n\nWhy this matters.\n\n## Goal')
  const conversion = hcr.convertDraft(page, { from: 'handoff-md' })
  assert.equal(conversion.valid && conversion.complete, true, conversion.notes.join('\n'))
  assert.equal(conversion.redacted, 0)
  // The action rewritten, and a section added (kept under the extension).
  assert.deepEqual(conversion.edited, ['/nextAction/summary', '/extensions/sh.hcr.handoff-md/sections'])
  const line = page.split('\n').indexOf('## Background') + 1
  assert.deepEqual(conversion.kept.filter((k) => k.includes('Background')), [`section \`Background\` (line ${line})`])
  const record = JSON.parse(conversion.record)
  assert.equal(record.nextAction.summary, "Thread the session's time zone instead.")
  assert.equal(record.extensions['sh.hcr.handoff-md'].sections[0].heading, 'Background')
  assert.ok(conversion.notes.includes("the Markdown changes `/nextAction/summary` of the record it carries: the Markdown's is taken"), conversion.notes.join('\n'))
  // `convert` is unchanged: the same record's text.
  assert.equal(hcr.convert(page, { from: 'handoff-md' }), conversion.record)
  // The CLI says the same notes, a line each, and writes the same record.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hcr-node-')), 'HANDOFF.md')
  fs.writeFileSync(file, page)
  const cli = cliConvert(file)
  assert.equal(cli.status, 0, cli.stderr.join('\n'))
  assert.deepEqual(cli.stderr, conversion.notes.map((n) => `hcr: ${n}`))
  assert.equal(cli.stdout, conversion.record)
})

test('convertDraft names what a real HANDOFF.md keeps, as the CLI does', () => {
  const file = path.join(REAL, '12-sidefx-next-session.md')
  const conversion = hcr.convertDraft(fs.readFileSync(file), { from: 'handoff-md' })
  // A hand-written file: a draft, not yet a record, and no error.
  assert.equal(conversion.valid || conversion.complete || conversion.report.valid, false)
  assert.ok(conversion.report.errors > 0)
  assert.ok(conversion.missing.includes('/ownership/nextActor'), conversion.missing.join())
  // Its section no field reads is kept under the extension, and named.
  assert.ok(conversion.kept.includes('section `Current Branch` (line 3)'), conversion.kept.join('\n'))
  const kept = JSON.parse(conversion.record).extensions['sh.hcr.handoff-md']
  assert.deepEqual(kept.sections.map((s) => s.heading), ['Current Branch'])
  assert.deepEqual(conversion.edited, [])
  const cli = cliConvert(file)
  assert.equal(cli.status, 1)
  assert.deepEqual(cli.stderr.slice(0, conversion.notes.length), conversion.notes.map((n) => `hcr: ${n}`))
  assert.deepEqual(JSON.parse(cli.stdout), JSON.parse(conversion.record))
  // `convert` still refuses the draft, naming what the source does not give.
  assert.throws(() => hcr.convert(fs.readFileSync(file), { from: 'handoff-md' }), (error) => {
    assert.equal(error.code, 'HCR_INVALID_RECORD')
    assert.match(error.message, /\/ownership\/nextActor/)
    return true
  })
})

test('fix repairs what hcr fix repairs, the unsafe fixes only when asked', () => {
  const record = JSON.parse(bugFix)
  record.schemaVersion = 1.0
  record.constraints[0].kind = record.constraints[0].kind.toUpperCase()
  record.currentState.complete.push('   ')
  const text = JSON.stringify(record, null, 2)
  const safe = hcr.fix(text)
  assert.deepEqual(safe.fixes.map((f) => [f.code, f.applicability]), [['HCR106', 'safe'], ['HCR105', 'safe']])
  assert.equal(hcr.validate(safe.text).valid, false)
  const all = hcr.fix(text, { unsafe: true })
  assert.deepEqual(all.fixes.map((f) => f.code), ['HCR106', 'HCR201', 'HCR105'])
  assert.equal(hcr.validate(all.text).valid, true)
  // The CLI on standard input gives the same text.
  const cli = execFileSync(hcrBin(), ['fix', '--no-config', '--unsafe-fixes'], { input: text }).toString()
  assert.equal(cli, all.text)
  assert.deepEqual(hcr.fix(all.text, { unsafe: true }), { text: all.text, fixes: [] })
  assert.throws(() => hcr.fix(text, { unsafe: 'yes' }), (error) => error.code === 'HCR_USAGE')
  assert.throws(() => hcr.fix(text, { level: 'schema' }), (error) => error.code === 'HCR_USAGE')
})

// The TypeScript types: record.d.ts is what scripts/record-types.mjs generates from the
// canonical schema today, every protocol example compiles as a HandoffContinuityRecord with
// `tsc --strict` (and a record missing a required member or with a misspelt one does not),
// and the package's declarations (index.d.ts over binding.d.ts) type a producer's use.
'use strict'

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const { examples } = require('./helpers')

const PACKAGE = path.join(__dirname, '..')
const TSC = path.join(PACKAGE, 'node_modules', 'typescript', 'bin', 'tsc')

test('record.d.ts is what the generator writes from the schema', async () => {
  const { generate } = await import(path.join(PACKAGE, 'scripts', 'record-types.mjs'))
  const current = fs.readFileSync(path.join(PACKAGE, 'record.d.ts'), 'utf8')
  assert.equal(current, await generate(), 'record.d.ts is stale: run `npm run record-types`')
})

/** `tsc --strict --noEmit` on `files` (name -> text) in a folder of their own: its output, or null when it passes. */
function tsc(files) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hcr-node-tsc-'))
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(folder, name), text)
  }
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'es2022',
      module: 'commonjs',
      moduleResolution: 'node10',
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [path.join(PACKAGE, 'node_modules', '@types')],
      baseUrl: folder,
      paths: { hcr: [path.join(PACKAGE, 'index.d.ts')], 'hcr/record': [path.join(PACKAGE, 'record.d.ts')] },
    },
    files: Object.keys(files).map((name) => path.join(folder, name)),
  }
  fs.writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify(config))
  try {
    execFileSync(process.execPath, [TSC, '-p', path.join(folder, 'tsconfig.json')], { stdio: 'pipe' })
    return null
  } catch (error) {
    return String(error.stdout) + String(error.stderr)
  }
}

test('the protocol examples and a producer compile with tsc --strict; wrong records do not', () => {
  const files = {}
  for (const [i, file] of examples().entries()) {
    const json = fs.readFileSync(file, 'utf8')
    files[`example${i}.ts`] =
      `import type { HandoffContinuityRecord } from 'hcr/record'\n` +
      `// ${path.basename(file)}\nexport const record: HandoffContinuityRecord = ${json}\n`
  }
  assert.ok(Object.keys(files).length >= 5)
  files['producer.ts'] = `
import * as hcr from 'hcr'
import type { HandoffContinuityRecord, ValidationReport } from 'hcr'

export async function produce(record: HandoffContinuityRecord): Promise<string> {
  const report: ValidationReport = hcr.validate(record, { level: 'normative', ignore: ['HCR210'], denyWarnings: true })
  const many = await hcr.validateMany([record, JSON.stringify(record), new URL('file:///r.json')], { jobs: 2 })
  const codes: string[] = report.diagnostics.map((d) => d.code + d.pointer + (d.line ?? 0))
  try {
    return hcr.render(record, { as: 'goal-handover' }) + hcr.digest(record) + codes.join() + many.length
  } catch (error) {
    if (error instanceof hcr.HcrInvalidRecordError) {
      return error.report.diagnostics[0]?.message ?? error.code
    }
    throw error
  }
}
export const brief: string = hcr.convert('# Handoff', { from: 'handoff-md' })
const conversion: hcr.Conversion = hcr.convertDraft('# Handoff', { from: 'handoff-md' })
const report: ValidationReport = conversion.report
export const said: string[] = [...conversion.kept, ...conversion.edited, ...conversion.missing, ...conversion.lost, ...conversion.notes]
export const drafted: string | number | boolean = conversion.valid && conversion.complete ? conversion.record : conversion.redacted || report.valid
`
  assert.equal(tsc(files), null)
  const bad = {
    'missing.ts': `import type { HandoffContinuityRecord } from 'hcr/record'\nexport const r: HandoffContinuityRecord = { schemaVersion: '1.0' }\n`,
  }
  assert.match(tsc(bad) ?? '', /TS2740|TS2739|missing/)
  const example = fs.readFileSync(examples()[0], 'utf8')
  const misspelt = { 'misspelt.ts': `import type { HandoffContinuityRecord } from 'hcr/record'\nexport const r: HandoffContinuityRecord = { ...${example}, nextActon: {} }\n` }
  assert.match(tsc(misspelt) ?? '', /TS2353|nextActon/)
  const wrongOption = { 'option.ts': `import * as hcr from 'hcr'\nhcr.validate('{}', { level: 'strict' })\n` }
  assert.match(tsc(wrongOption) ?? '', /TS2322|strict/)
  const wrongFormat = { 'format.ts': `import * as hcr from 'hcr'\nhcr.convertDraft('# Handoff', { from: 'pdf' })\n` }
  assert.match(tsc(wrongFormat) ?? '', /TS2322|pdf/)
})

test("binding.d.ts declares what the native module exports (npm run build writes both)", () => {
  const declared = [...fs.readFileSync(path.join(PACKAGE, 'binding.d.ts'), 'utf8').matchAll(/^export declare (?:function|const) (\w+)/gm)]
    .map((m) => m[1])
    .filter((name) => name !== '__napiBindingTarget')
    .sort()
  const exported = Object.keys(require('../binding.js'))
    .filter((name) => name !== '__napiBindingTarget')
    .sort()
  assert.deepEqual(declared, exported, 'binding.d.ts is stale: run `npm run build`')
})

// hcr's validate against its JavaScript peers, in one Node process, on the same records (not
// run by the tests; docs/performance.md has the numbers and how they were taken):
//
//   hcr.validate(bytes)            the record's raw bytes, one call per record (this thread)
//   hcr.validateMany(all, jobs=0)  every record at once, on all cores (off this thread)
//   Ajv 2020 + ajv-formats         JSON.parse of the text, then the compiled schema validator
//   validateContinuityRecord       the publisher's validate.mjs on the already parsed objects
//
//   npm run build:release && node bench/validate.bench.mjs [PUBLISHER_VALIDATE_MJS]
//
// The records: every protocol example (valid, realistic), and unless HCR_BENCH_CORPUS is
// `examples`, every conformance-suite case that is a JSON document (small mistakes, and a few
// large documents at the limits), repeated to COUNT records (HCR_BENCH_COUNT, default
// 20,000). Each
// contender runs ROUNDS (5) rounds after a warm-up round; the best round is reported, per
// record. Compiling Ajv's validator and importing the publisher's module are not counted.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.join(here, '..', '..', '..')
const require = createRequire(import.meta.url)
const hcr = require('..')
const Ajv2020 = require('ajv/dist/2020').default
const addFormats = require('ajv-formats')

const COUNT = Number(process.env.HCR_BENCH_COUNT ?? 20000)
const ROUNDS = 5

function corpus() {
  const examples = path.join(root, 'protocol', 'v1', 'examples')
  const found = fs
    .readdirSync(examples)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => fs.readFileSync(path.join(examples, n)))
  if (process.env.HCR_BENCH_CORPUS === 'examples') return repeat(found)
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'conformance-suite', 'manifest.json'), 'utf8'))
  for (const c of manifest.cases) {
    if (c.level === 'parse') continue
    const bytes = fs.readFileSync(path.join(root, 'conformance-suite', c.file))
    try {
      JSON.parse(bytes.toString('utf8'))
      found.push(bytes)
    } catch {
      // Not a JSON document: no peer could take it as an object.
    }
  }
  return repeat(found)
}

function repeat(found) {
  const records = []
  for (let i = 0; records.length < COUNT; i++) records.push(found[i % found.length])
  const bytes = records.reduce((n, r) => n + r.length, 0)
  return { records, distinct: found.length, bytes }
}

async function time(name, run) {
  await run() // warm-up
  let best = Infinity
  let answer
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint()
    answer = await run()
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9)
  }
  return { name, seconds: best, answer }
}

const { records, distinct, bytes } = corpus()
const texts = records.map((b) => b.toString('utf8'))
const objects = texts.map((t) => JSON.parse(t))
const schema = JSON.parse(fs.readFileSync(path.join(root, 'protocol', 'v1', 'schema.json'), 'utf8'))
const ajv = new Ajv2020({ strict: false })
addFormats(ajv)
const ajvValidate = ajv.compile(schema)

const results = []
results.push(await time('hcr validate (bytes, this thread)', () => {
  let valid = 0
  for (const r of records) if (hcr.validate(r).valid) valid++
  return valid
}))
results.push(await time(`hcr validateMany (all ${os.availableParallelism()} cores)`, async () => {
  const reports = await hcr.validateMany(records)
  return reports.filter((r) => r.valid).length
}))
results.push(await time('Ajv 2020 + ajv-formats (JSON.parse + validate)', () => {
  let valid = 0
  for (const t of texts) if (ajvValidate(JSON.parse(t))) valid++
  return valid
}))
const publisher = process.argv[2]
if (publisher) {
  const module = await import(pathToFileURL(path.resolve(publisher)).href)
  results.push(await time("publisher's validateContinuityRecord (parsed objects)", () => {
    let valid = 0
    for (const o of objects) if (module.validateContinuityRecord(o).length === 0) valid++
    return valid
  }))
}

const ajvPer = results.find((r) => r.name.startsWith('Ajv')).seconds / records.length
console.log(`${records.length} records (${distinct} distinct, ${(bytes / records.length / 1024).toFixed(1)} KiB on average), node ${process.version}, ${os.cpus()[0].model}, ${os.availableParallelism()} cores`)
console.log('| contender | µs per record | vs Ajv | valid |')
console.log('|---|---:|---:|---:|')
for (const r of results) {
  const per = r.seconds / records.length
  console.log(`| ${r.name} | ${(per * 1e6).toFixed(2)} | ${(per / ajvPer).toFixed(2)} | ${r.answer} |`)
}

// Generates record.d.ts, the TypeScript types of a Handoff Continuity Record, from the
// canonical schema (protocol/v1/schema.json) with json-schema-to-typescript (pinned in
// package.json), so that a producer's editor completes and checks a record's fields.
//
//   node scripts/record-types.mjs           writes record.d.ts
//   node scripts/record-types.mjs --check   fails when record.d.ts is not what it would write
//
// __test__/types.test.js runs the check, and compiles the protocol's examples against the
// types with `tsc --strict`.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..', '..')
const out = join(here, '..', 'record.d.ts')

// The schema's `anyOf` of `required` alone (evidence names a `uri` or an `artifactRef`) comes
// out as an index signature, which would let any member through; it is said as a union.
const ANY_MEMBER = `export type Evidence1 = {
  [k: string]: unknown | undefined
}
`
const URI_OR_ARTIFACT = `export type Evidence1 = { uri: string } | { artifactRef: NonEmptyText }
`

export async function generate() {
  const schema = JSON.parse(await readFile(join(root, 'protocol', 'v1', 'schema.json'), 'utf8'))
  const text = await compile(schema, 'HandoffContinuityRecord', {
    bannerComment:
      '/* The types of a Handoff Continuity Record (HCR v1.0), generated from protocol/v1/schema.json by\n' +
      ' * scripts/record-types.mjs (json-schema-to-typescript): do not edit; run `npm run record-types`. */',
    additionalProperties: false,
    strictIndexSignatures: true,
    unreachableDefinitions: false,
    cwd: join(root, 'protocol', 'v1'),
    format: true,
    style: { singleQuote: true, semi: false, printWidth: 100 },
  })
  if (!text.includes(ANY_MEMBER)) {
    throw new Error('the generated types no longer hold the evidence index signature: review scripts/record-types.mjs')
  }
  return text.replace(ANY_MEMBER, URI_OR_ARTIFACT)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await generate()
  if (process.argv.includes('--check')) {
    const current = await readFile(out, 'utf8').catch(() => '')
    if (current !== text) {
      console.error('record.d.ts is stale: run `npm run record-types`')
      process.exit(1)
    }
  } else {
    await writeFile(out, text)
  }
}

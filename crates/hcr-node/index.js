// The npm package `hcr`: Handoff Continuity Records for JavaScript and TypeScript.
//
// A thin layer over the native module (`binding.js`, the loader @napi-rs/cli generates, and
// src/lib.rs): JavaScript values become the bytes the Rust libraries check, the options are
// checked for their names and types, and the native errors become the classes below. Every
// verdict, code and message is the Rust libraries', as the CLI's and the Python package's are.
'use strict'

const { fileURLToPath } = require('node:url')
const native = require('./binding.js')

/** Any error of hcr's own, with hcr's message. */
class HcrError extends Error {
  constructor(message, code = 'HCR_ERROR') {
    super(message)
    this.name = new.target.name
    this.code = code
  }
}

/** A wrong argument: an unknown option, level, code or form, a wrong configuration. */
class HcrUsageError extends HcrError {
  constructor(message, code = 'HCR_USAGE') {
    super(message, code)
  }
}

/** A file or folder that could not be read (a configuration, a receiver's folder, a record file). */
class HcrIOError extends HcrError {
  constructor(message) {
    super(message, 'HCR_IO')
  }
}

/** A record that is not valid where a valid one is needed; `report` says why. */
class HcrInvalidRecordError extends HcrUsageError {
  constructor(message, report) {
    super(message, 'HCR_INVALID_RECORD')
    this.report = report
  }
}

const CLASSES = { HCR_USAGE: HcrUsageError, HCR_IO: HcrIOError, HCR_ERROR: HcrError }

/** Calls the native module, its errors thrown as the package's classes. */
function call(fn, ...args) {
  try {
    return fn(...args)
  } catch (error) {
    throw translated(error)
  }
}

function translated(error) {
  const Class = error && CLASSES[error.code]
  return Class ? new Class(error.message) : error
}

/** A record as the native module takes it: `[text or bytes or path, isFile]`. */
function given(record) {
  if (typeof record === 'string' || Buffer.isBuffer(record)) {
    return [record, false]
  }
  if (record instanceof Uint8Array) {
    return [Buffer.from(record.buffer, record.byteOffset, record.byteLength), false]
  }
  if (record instanceof URL) {
    if (record.protocol !== 'file:') {
      throw new HcrUsageError(`a record given as a URL must be a file: URL, not ${record.protocol}`)
    }
    return [fileURLToPath(record), true]
  }
  let text
  try {
    text = JSON.stringify(record)
  } catch (error) {
    throw new HcrUsageError(`the record cannot be written as JSON: ${error.message}`)
  }
  if (typeof text !== 'string') {
    throw new HcrUsageError(`the record cannot be written as JSON: ${typeof record}`)
  }
  return [text, false]
}

/** The bytes of a record that cannot be a file (the record operations). */
function text(record) {
  const [value, file] = given(record)
  if (file) {
    throw new HcrUsageError('give the record itself (a string, a Buffer or an object), not a file URL')
  }
  return value
}

const LISTS = ['select', 'ignore', 'warn', 'error']
const VALIDATE = ['level', ...LISTS, 'config', 'denyWarnings', 'artifacts', 'revisions']
const MANY = ['level', ...LISTS, 'config', 'denyWarnings', 'jobs']

function path(name, value) {
  if (value instanceof URL) {
    return fileURLToPath(value)
  }
  if (typeof value !== 'string') {
    throw new HcrUsageError(`\`${name}\` takes a path (a string or a file: URL)`)
  }
  return value
}

/** The options checked for their names and types, as the native module takes them. */
function options(given, allowed, fn) {
  if (given === undefined || given === null) {
    return undefined
  }
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw new HcrUsageError(`${fn}'s options are an object`)
  }
  const out = {}
  for (const [name, value] of Object.entries(given)) {
    if (!allowed.includes(name)) {
      throw new HcrUsageError(`${fn} takes no option \`${name}\` (it takes ${allowed.map((a) => `\`${a}\``).join(', ')})`)
    }
    if (value === undefined) {
      continue
    }
    if (LISTS.includes(name)) {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
        throw new HcrUsageError(`\`${name}\` takes a list of codes, code names or groups`)
      }
      out[name] = value
    } else if (name === 'level') {
      if (typeof value !== 'string') {
        throw new HcrUsageError('`level` takes "schema", "normative" or "receiver"')
      }
      out.level = value
    } else if (name === 'denyWarnings') {
      if (typeof value !== 'boolean') {
        throw new HcrUsageError('`denyWarnings` takes a boolean')
      }
      out.denyWarnings = value
    } else if (name === 'jobs') {
      if (!Number.isInteger(value) || value < 0 || value > 4096) {
        throw new HcrUsageError('`jobs` takes a whole number of workers, 0 for one per core')
      }
      out.jobs = value
    } else {
      out[name] = path(name, value)
    }
  }
  return out
}

/**
 * Validates one record: a string, a Buffer (or Uint8Array), an object (written with
 * JSON.stringify), or a record file as a file: URL (read as the CLI reads a file, where the
 * configuration's overrides for its path apply).
 */
function validate(record, opts) {
  const [value, file] = given(record)
  return call(native.validateRecord, value, file, options(opts, VALIDATE, 'validate'))
}

/** Validates many records in parallel, off the JavaScript thread: a Promise of one report per record, in order. */
async function validateMany(records, opts) {
  if (records === null || typeof records !== 'object' || typeof records[Symbol.iterator] !== 'function') {
    throw new HcrUsageError('validateMany takes an iterable of records')
  }
  const values = []
  const files = []
  for (const record of records) {
    const [value, file] = given(record)
    values.push(value)
    files.push(file)
  }
  const checked = options(opts, MANY, 'validateMany')
  try {
    return await native.validateRecords(values, files, checked)
  } catch (error) {
    throw translated(error)
  }
}

/** The value of a record operation, or its HcrInvalidRecordError. */
function answered(answer) {
  if (answer.value !== undefined && answer.value !== null) {
    return answer.value
  }
  throw new HcrInvalidRecordError(answer.message, answer.report)
}

/** The record in RFC 8785 canonical form (the record valid at the schema level). */
function canonicalJson(record) {
  return answered(call(native.canonicalJson, text(record)))
}

/** The SHA-256 of the canonical form, hex: a content address for this revision. */
function digest(record) {
  return answered(call(native.digest, text(record)))
}

/** A record valid at the normative level rendered as goal-handover, untrusted-block, markdown (the default) or handoff-md. */
function render(record, opts) {
  const form = opts && opts.as !== undefined ? opts.as : 'markdown'
  if (typeof form !== 'string') {
    throw new HcrUsageError('`as` takes goal-handover, untrusted-block, markdown or handoff-md')
  }
  return answered(call(native.render, text(record), form))
}

/** Converts `from` a neighbouring format into a record (JSON text, valid), or a valid record `to` the hosted brief (JSON text). */
function convert(source, opts) {
  const { from, to } = opts || {}
  if ((from === undefined) === (to === undefined)) {
    throw new HcrUsageError('give `from` or `to`, one of them')
  }
  if ((from !== undefined && typeof from !== 'string') || (to !== undefined && typeof to !== 'string')) {
    throw new HcrUsageError('`from` and `to` name a format')
  }
  return answered(call(native.convert, text(source), from, to))
}

/**
 * Drafts a record `from` a neighbouring format, valid or not: `{ record, valid, complete,
 * missing, lost, kept, edited, redacted, report, notes }`, what `hcr convert --from` says on
 * standard error. Only a wrong argument or a source with no handover throws.
 */
function convertDraft(source, opts) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
    throw new HcrUsageError('convertDraft takes `{ from }`, the format of the source')
  }
  const { from, ...rest } = opts
  const unknown = Object.keys(rest)
  if (unknown.length > 0) {
    throw new HcrUsageError(`convertDraft takes no option \`${unknown[0]}\` (it takes \`from\`)`)
  }
  if (typeof from !== 'string') {
    throw new HcrUsageError('`from` names a format')
  }
  return call(native.convertDraft, text(source), from)
}

/** A code's explanation (`HCR204` or `secret-in-record`). */
function explain(code) {
  if (typeof code !== 'string') {
    throw new HcrUsageError('explain takes a code or a code name')
  }
  return call(native.explain, code)
}

/** The canonical HCR v1.0 JSON Schema that hcr embeds, as text. */
function schema() {
  return native.schema()
}

const FIX = ['unsafe', ...LISTS, 'config']

/** Repairs a record's mechanical mistakes as `hcr fix` does: `{ text, fixes }`, the unsafe fixes too with `{ unsafe: true }`. */
function fix(record, opts) {
  const { unsafe, ...rest } = opts || {}
  if (unsafe !== undefined && typeof unsafe !== 'boolean') {
    throw new HcrUsageError('`unsafe` takes true or false')
  }
  return call(native.fixRecord, text(record), unsafe === true, options(rest, FIX, 'fix'))
}

module.exports = {
  validate,
  validateMany,
  canonicalJson,
  digest,
  render,
  convert,
  convertDraft,
  explain,
  fix,
  schema,
  version: native.version(),
  HcrError,
  HcrUsageError,
  HcrIOError,
  HcrInvalidRecordError,
}

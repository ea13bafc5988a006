// The public API of the npm package `hcr` (index.js), written beside the native module's
// generated declarations (binding.d.ts) and checked with `tsc --strict` by
// __test__/types.test.js. The record's own types are generated: record.d.ts.
/// <reference types="node" />

import type { Conversion, ValidationReport } from './binding'
import type { HandoffContinuityRecord } from './record'

export type { Conversion, ValidationReport } from './binding'
export type * from './record'

/** One diagnostic, with the members `hcr validate --format json` writes. */
export interface Diagnostic {
  /** `HCR101`. */
  code: string
  severity: 'error' | 'warning' | 'info'
  /** What the code rests on: `json`, `schema`, `reference`, `readme` or `hcr`. */
  basis: string
  /** The JSON Pointer of the place (`""` for the whole record). */
  pointer: string
  /** Where the place starts and ends in the text, 1-based, when known. */
  line?: number
  column?: number
  endLine?: number
  endColumn?: number
  /** What is wrong (never a secret's value). */
  message: string
  /** How to fix it. */
  help: string
}

/** A record as the functions take it: its JSON text, its bytes, or the record as an object. */
export type RecordInput = string | Buffer | Uint8Array | HandoffContinuityRecord | object

/** The levels, lowest first. */
export type Level = 'schema' | 'normative' | 'receiver'

/** What every validation takes (the Python package's keyword arguments, in camelCase). */
export interface CheckOptions {
  /** The level: by default the receiver's with `artifacts` or `revisions`, else the configuration's, else normative. */
  level?: Level
  /** Codes, code names or groups (`hcr`, `schema`, ...) to turn on, after the configuration's. */
  select?: string[]
  /** ... to turn off. */
  ignore?: string[]
  /** ... to report as warnings. */
  warn?: string[]
  /** ... to report as errors. */
  error?: string[]
  /** An `hcr.toml`, or a folder from which it is found upward to the repository's root (none by default). */
  config?: string | URL
  /** Warnings fail a record. */
  denyWarnings?: boolean
}

/** `validate`'s options: the receiver's folders too. */
export interface ValidateOptions extends CheckOptions {
  /** The receiver's artifacts folder (evidence digests checked against it). */
  artifacts?: string | URL
  /** The receiver's folder of earlier revisions (review links checked against it). */
  revisions?: string | URL
}

/** `validateMany`'s options: the workers too. */
export interface ValidateManyOptions extends CheckOptions {
  /** Workers (0 or absent: one per core). */
  jobs?: number
}

/**
 * Validates one record: its text, its bytes, an object (written with `JSON.stringify`), or a
 * record file as a `file:` URL (read as the CLI reads a file; the configuration's overrides
 * for its path apply).
 * @throws {HcrUsageError} a wrong option or configuration; {HcrIOError} a folder or configuration that cannot be read.
 */
export declare function validate(record: RecordInput | URL, options?: ValidateOptions): ValidationReport

/** Validates many records in parallel, off the JavaScript thread: one report per record, in order. */
export declare function validateMany(
  records: Iterable<RecordInput | URL>,
  options?: ValidateManyOptions,
): Promise<ValidationReport[]>

/**
 * The record in RFC 8785 canonical form.
 * @throws {HcrInvalidRecordError} the record is not valid at the schema level.
 */
export declare function canonicalJson(record: RecordInput): string

/**
 * The SHA-256 (hex) of the canonical form: a content address for this revision.
 * @throws {HcrInvalidRecordError} the record is not valid at the schema level.
 */
export declare function digest(record: RecordInput): string

/** The forms `render` writes. */
export type Form = 'goal-handover' | 'untrusted-block' | 'markdown' | 'handoff-md'

/**
 * A record valid at the normative level, rendered (Markdown by default).
 * @throws {HcrInvalidRecordError} the record is not valid; {HcrUsageError} an unknown form.
 */
export declare function render(record: RecordInput, options?: { as?: Form }): string

/** The formats a record can be converted from. */
export type SourceFormat = 'handoff-md' | 'handover-brief' | 'spec-handoff' | 'goal-handover'

/**
 * Converts `from` a neighbouring format into a record (JSON text, valid at the normative
 * level), or a valid record `to` the hosted brief (JSON text).
 * @throws {HcrInvalidRecordError} the record (or the converted one) is not valid; {HcrUsageError} a wrong format or source.
 */
export declare function convert(
  source: RecordInput,
  options: { from: SourceFormat; to?: undefined } | { to: 'handover-brief'; from?: undefined },
): string

/**
 * Drafts a record `from` a neighbouring format, valid or not, with what the conversion did
 * with the source, as `hcr convert --from` says it on standard error and the MCP `convert`
 * tool answers: `record` (JSON text; when not valid, redacted where it holds a secret),
 * `valid`, `complete`, `missing`, `lost`, `kept` (what the record's extension keeps rather
 * than a field: ``section `Background` (line 12)``), `edited` (the fields a rendered
 * HANDOFF.md's Markdown changed: `/nextAction/summary`), `redacted`, `report` and `notes`
 * (the CLI's lines). A draft that is not valid is no error.
 * @throws {HcrUsageError} a wrong format or option, a source too long, not UTF-8 or with no handover.
 */
export declare function convertDraft(source: RecordInput, options: { from: SourceFormat }): Conversion

/** A code's explanation (`HCR204` or `secret-in-record`). */
export declare function explain(code: string): string

/** One fix applied, as `hcr fix --format json` lists it. */
export interface AppliedFix {
  code: string
  pointer: string
  applicability: 'safe' | 'unsafe'
  title: string
  /** The old pointers of values kept under `extensions."sh.hcr.fix.unmapped"`. */
  unmapped: string[]
}

/** Options of `fix`: the unsafe fixes too, and the selection and configuration records are checked under. */
export interface FixOptions {
  unsafe?: boolean
  select?: string[]
  ignore?: string[]
  warn?: string[]
  error?: string[]
  config?: string | URL
}

/** Repairs a record's mechanical mistakes as `hcr fix` does: the fixed text and the fixes applied. */
export declare function fix(record: string | Buffer | Uint8Array | object, options?: FixOptions): { text: string; fixes: AppliedFix[] }

/** The canonical HCR v1.0 JSON Schema that hcr embeds, as text. */
export declare function schema(): string

/** The version of the Rust libraries the module was built from. */
export declare const version: string

/** Any error of hcr's own. */
export declare class HcrError extends Error {
  /** `HCR_ERROR`, or a subclass's code. */
  readonly code: 'HCR_ERROR' | 'HCR_USAGE' | 'HCR_IO' | 'HCR_INVALID_RECORD'
}

/** A wrong argument: an unknown option, level, code or form, a wrong configuration. */
export declare class HcrUsageError extends HcrError {
  readonly code: 'HCR_USAGE' | 'HCR_INVALID_RECORD'
}

/** A file or folder that could not be read. */
export declare class HcrIOError extends HcrError {
  readonly code: 'HCR_IO'
}

/** A record that is not valid where a valid one is needed. */
export declare class HcrInvalidRecordError extends HcrUsageError {
  readonly code: 'HCR_INVALID_RECORD'
  /** The report about the record (or the record a conversion made). */
  readonly report: ValidationReport
}

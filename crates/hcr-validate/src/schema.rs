//! The `schema` level: the canonical v1.0 schema, checked in one walk of the parsed tree.
//!
//! The embedded schema is compiled once into a small [`Program`]: for each subschema, its
//! assertions in the order the `jsonschema` crate evaluates them (type, const, enum, minimum,
//! lengths, required, pattern, format, uniqueItems, properties, items, anyOf, `$ref`). The
//! v1.0 schema uses only these keywords, with formats `date-time` and `uri-reference`
//! ([`hcr_types::is_rfc3339`], [`hcr_types::is_uri_reference`], which agree with
//! `jsonschema`'s) and one pattern (64 hexadecimal digits); compiling refuses anything else.
//!
//! The walk reports what `jsonschema` reports, in the same order, so that every verdict, code,
//! pointer and message is the one the canonical schema gives: `jsonschema` is the oracle (the
//! `oracle` feature maps its errors through the same [`report`]), compared with this walk over
//! the conformance suite, the corpus and generated documents in the tests, and on every input
//! by a fuzz target. Messages are built from the kind of error and the pointer, never from
//! the offending value.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use hcr_types::{JsonPointer, Segment};
use serde_json::{Number, Value};

use crate::sink::{Sink, field};
use crate::{Code, Diagnostic, Severity};
use hcr_json::Anchor;
use hcr_json::{Json, KeyTable, Kind};

mod fast;

/// The canonical HCR v1.0 JSON Schema, as shipped in `protocol/v1/schema.json`.
pub const SCHEMA_JSON: &str = include_str!("../schema/hcr-v1.schema.json");

/// The embedded schema as a value.
fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        serde_json::from_str(SCHEMA_JSON)
            .unwrap_or_else(|e| unreachable!("the embedded schema is JSON: {e}"))
    })
}

/// The compiled schema.
fn program() -> &'static Program {
    static PROGRAM: OnceLock<Program> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        Program::compile(schema()).unwrap_or_else(|e| {
            unreachable!("the embedded schema compiles (a test proves it): {e}")
        })
    })
}

/// Compiles the schema now rather than on first use.
pub(crate) fn warm_up() {
    program();
}

/// The JSON types a `type` keyword names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    Object,
    Array,
    String,
    Integer,
    Number,
    Boolean,
    Null,
}

impl Type {
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "object" => Self::Object,
            "array" => Self::Array,
            "string" => Self::String,
            "integer" => Self::Integer,
            "number" => Self::Number,
            "boolean" => Self::Boolean,
            "null" => Self::Null,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Self::Object => "object",
            Self::Array => "array",
            Self::String => "string",
            Self::Integer => "integer",
            Self::Number => "number",
            Self::Boolean => "boolean",
            Self::Null => "null",
        }
    }

    fn admits(self, value: Json<'_, '_>) -> bool {
        match (self, value.kind()) {
            (Self::Object, Kind::Object)
            | (Self::Array, Kind::Array)
            | (Self::String, Kind::String)
            | (Self::Number, Kind::Number)
            | (Self::Boolean, Kind::Bool)
            | (Self::Null, Kind::Null) => true,
            (Self::Integer, Kind::Number) => value.as_number().is_some_and(is_integer),
            _ => false,
        }
    }
}

/// Whether `jsonschema` counts a number as an integer: any integer, or a float without a
/// fraction.
fn is_integer(n: &Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// A `format` the schema asserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    DateTime,
    UriReference,
}

/// One assertion of a subschema.
#[derive(Debug)]
enum Check {
    Type(Type),
    Const(Value),
    Enum(Vec<Value>),
    Minimum(Number),
    MinLength(u64),
    MaxLength(u64),
    /// `required`: the names, and (when every name is a declared property of the same
    /// subschema) their places among the declared ones, so that an object's members are looked
    /// up once for both keywords.
    Required {
        names: Vec<String>,
        places: Option<Vec<usize>>,
    },
    /// `^[a-fA-F0-9]{64}$`, the only pattern of the v1.0 schema.
    Hex64,
    Format(Format),
    UniqueItems,
    /// `properties` (names and their subschemas) with `additionalProperties`: `false`
    /// forbids other names. `jsonschema` checks a closed object's only `required` name in the
    /// same walk, after the members: `required_after`.
    Properties {
        declared: Vec<Declared>,
        /// By the number of a property name ([`property_number`]): its place in `declared`,
        /// or [`NO_PLACE`].
        places: Vec<u8>,
        closed: bool,
        required_after: Option<String>,
    },
    Items(usize),
    AnyOf(Vec<usize>),
    Ref(usize),
    /// `type: string` with the length bounds that follow it: one test of the most common
    /// shape (a text field), the errors in the same order.
    Text {
        min: Option<u64>,
        max: Option<u64>,
    },
    /// `const` or `enum` of strings only: a value is one of them only if it is a string equal
    /// to one.
    Strings {
        options: Vec<String>,
        /// The keyword's value, for the message.
        keyword: Value,
        is_const: bool,
    },
}

impl Check {
    /// Where `jsonschema` evaluates the keyword among its siblings (its `keyword_priority`):
    /// errors come in this order.
    fn priority(&self) -> u8 {
        match self {
            Self::Type(_) => 1,
            Self::Const(_) => 5,
            Self::Enum(_) => 6,
            Self::Minimum(_) => 10,
            Self::MinLength(_) => 20,
            Self::MaxLength(_) => 21,
            Self::Required { .. } => 26,
            Self::Hex64 => 30,
            Self::Format(_) => 31,
            Self::UniqueItems => 35,
            Self::Properties { .. } => 42,
            Self::Items(_) => 44,
            Self::AnyOf(_) => 51,
            Self::Ref(_) => 70,
            Self::Text { .. } => 1,
            Self::Strings { is_const: true, .. } => 5,
            Self::Strings { .. } => 6,
        }
    }
}

/// Rewrites sorted checks into the fused forms [`Check::Text`] and [`Check::Strings`], which
/// report the same errors in the same order.
fn fuse(checks: Vec<Check>) -> Vec<Check> {
    let mut fused: Vec<Check> = Vec::with_capacity(checks.len());
    for check in checks {
        match (fused.last_mut(), check) {
            (Some(Check::Text { min, .. }), Check::MinLength(n)) if min.is_none() => {
                *min = Some(n);
            }
            (Some(Check::Text { max, .. }), Check::MaxLength(n)) if max.is_none() => {
                *max = Some(n);
            }
            (_, Check::Type(Type::String)) => fused.push(Check::Text {
                min: None,
                max: None,
            }),
            (_, Check::Const(value)) if value.is_string() => fused.push(Check::Strings {
                options: vec![value.as_str().unwrap_or_default().to_owned()],
                keyword: value,
                is_const: true,
            }),
            (_, Check::Enum(values)) if values.iter().all(Value::is_string) => {
                fused.push(Check::Strings {
                    options: values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect(),
                    keyword: Value::Array(values),
                    is_const: false,
                });
            }
            (_, check) => fused.push(check),
        }
    }
    fused
}

/// The compiled schema: subschemas by number.
#[derive(Debug)]
struct Program {
    schemas: Vec<Vec<Check>>,
    /// Each subschema's [`Shape`], by number.
    shapes: Vec<Shape>,
    /// Whether a walk of the subschema reads the values inside an object or a list only
    /// through its `properties` or `items`, each with the subschema it declares, in document
    /// order (it holds no `$ref`, which walks them again with another): where then the walk
    /// that decides validity stopped says which members or items it found valid.
    ordered: Vec<bool>,
    /// The root's number.
    root: usize,
    /// Every property name the schema declares.
    names: KeyTable,
    /// The names' fields, for the reading of a valid record in straight-line code
    /// ([`fast`]); `None` if the schema lacks one of them.
    fast: Option<fast::Fields>,
    /// By number, the straight-line reading of the subschema, if [`fast`] has one (an
    /// object of the v1.0 schema, or a list of one): what the reporting walk asks instead of
    /// the walk that decides validity.
    readings: Vec<Option<fast::Reading>>,
}

/// Why the schema does not compile: a keyword or value this checker does not implement.
#[derive(Debug)]
struct Unsupported(String);

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The most declared properties whose presence one word records.
const MAX_SLOTS: usize = 64;

/// Keywords that assert nothing.
const ANNOTATIONS: &[&str] = &["$schema", "$id", "title", "description", "$defs"];

impl Program {
    fn compile(root: &Value) -> Result<Self, Unsupported> {
        let mut compiler = Compiler {
            root,
            schemas: Vec::new(),
            refs: HashMap::new(),
            forwards: Vec::new(),
        };
        let root = compiler.schema(root)?;
        for (at, reference) in std::mem::take(&mut compiler.forwards) {
            let target = compiler.refs.get(reference).copied().flatten();
            compiler.schemas[at] =
                vec![Check::Ref(target.ok_or_else(|| {
                    Unsupported(format!("a $ref that never resolved: {reference}"))
                })?)];
        }
        // Every string value a record is parsed with this table is probed for the secret
        // scanner's first candidate as it is read, for the secret walk.
        let names = KeyTable::new(declared_names(&compiler.schemas).map(str::to_owned))
            .ok_or_else(|| Unsupported("more than 255 property names".to_owned()))?
            .with_probe(&hcr_secrets::ANCHOR_PROBE);
        let mut schemas = compiler.schemas;
        number_places(&mut schemas, &names)?;
        let shapes: Vec<Shape> = schemas.iter().map(|checks| Shape::of(checks)).collect();
        let fast = fast::Fields::new(&names);
        let readings = if fast.is_some() {
            readings(&shapes, root, &compiler.refs)
        } else {
            vec![None; shapes.len()]
        };
        Ok(Self {
            fast,
            readings,
            shapes,
            ordered: schemas
                .iter()
                .map(|checks| !checks.iter().any(|check| matches!(check, Check::Ref(_))))
                .collect(),
            schemas,
            root,
            names,
        })
    }
}

/// By subschema number, the straight-line reading [`fast`] has of it: each of its objects
/// where the schema has it (the root, or the `$defs` entry a `$ref` names) and is a typed
/// object, and each typed list without `uniqueItems` of one of those.
fn readings(
    shapes: &[Shape],
    root: usize,
    refs: &HashMap<&str, Option<usize>>,
) -> Vec<Option<fast::Reading>> {
    let mut readings = vec![None; shapes.len()];
    for def in fast::Def::ALL {
        let at = def.object().at;
        let number = if at.is_empty() {
            Some(root)
        } else {
            refs.get(format!("#/$defs/{at}").as_str())
                .copied()
                .flatten()
        };
        if let Some(number) = number
            && matches!(shapes[number], Shape::Object { typed: true, .. })
        {
            readings[number] = Some(fast::Reading::Object(def));
        }
    }
    for (number, shape) in shapes.iter().enumerate() {
        if let Shape::Array {
            typed: true,
            unique: false,
            items,
        } = *shape
            && let Some(fast::Reading::Object(def)) = readings[items]
        {
            readings[number] = Some(fast::Reading::List(def));
        }
    }
    readings
}

/// How the walk that only decides validity reads a subschema whose checks have one of the
/// forms the v1.0 schema is made of: one pass over an object's members or an array's items,
/// where the checks one by one would take several. The verdict is the checks' (a test holds
/// the two walks to the same verdicts).
#[derive(Debug)]
enum Shape {
    /// `type: object` (when `typed`), `required` names that are all declared (a bit per
    /// place among the declared properties), the `properties` check at `properties` among
    /// the subschema's checks, and any checks after it (`anyOf`), one by one.
    Object {
        typed: bool,
        required: u64,
        properties: usize,
    },
    /// `type: array` (when `typed`), `uniqueItems` (when `unique`), and `items`.
    Array {
        typed: bool,
        unique: bool,
        items: usize,
    },
    /// One check alone.
    One,
    /// Any other: the checks one by one.
    Checks,
}

impl Shape {
    fn of(checks: &[Check]) -> Self {
        match checks {
            [_] => Self::One,
            [rest @ .., Check::Items(items)] => {
                let (typed, rest) = match rest {
                    [Check::Type(Type::Array), rest @ ..] => (true, rest),
                    _ => (false, rest),
                };
                match rest {
                    [] => Self::Array {
                        typed,
                        unique: false,
                        items: *items,
                    },
                    [Check::UniqueItems] => Self::Array {
                        typed,
                        unique: true,
                        items: *items,
                    },
                    _ => Self::Checks,
                }
            }
            _ => Self::object(checks).unwrap_or(Self::Checks),
        }
    }

    /// [`Shape::Object`], when `checks` are `type: object`, `required`, `properties` and
    /// any others after them.
    fn object(checks: &[Check]) -> Option<Self> {
        let (properties, declared, required_after) =
            checks
                .iter()
                .enumerate()
                .find_map(|(at, check)| match check {
                    Check::Properties {
                        declared,
                        required_after,
                        ..
                    } => Some((at, declared, required_after)),
                    _ => None,
                })?;
        if declared.len() > MAX_SLOTS {
            return None;
        }
        let (typed, before) = match &checks[..properties] {
            [Check::Type(Type::Object), before @ ..] => (true, before),
            before => (false, before),
        };
        let mut required: Vec<usize> = match before {
            [] => Vec::new(),
            [
                Check::Required {
                    places: Some(places),
                    ..
                },
            ] => places.clone(),
            _ => return None,
        };
        if let Some(name) = required_after {
            // A name required after the members is met only by a declared one.
            required.push(declared.iter().position(|d| d.name == *name)?);
        }
        Some(Self::Object {
            typed,
            required: required.iter().fold(0, |bits, place| bits | 1 << place),
            properties,
        })
    }
}

/// Gives each `properties` of `schemas` the places of its declared properties by the numbers
/// `names` gives their names (a tree's keys are numbered by the embedded schema's names).
fn number_places(schemas: &mut [Vec<Check>], names: &KeyTable) -> Result<(), Unsupported> {
    for check in schemas.iter_mut().flatten() {
        if let Check::Properties {
            declared, places, ..
        } = check
        {
            *places = vec![NO_PLACE; names.len()];
            for (place, property) in declared.iter().enumerate() {
                let number = names.number_of(&property.name);
                let entry = places.get_mut(usize::from(number)).ok_or_else(|| {
                    Unsupported(format!("a property name not numbered: {}", property.name))
                })?;
                *entry = u8::try_from(place)
                    .ok()
                    .filter(|&p| p != NO_PLACE)
                    .ok_or_else(|| Unsupported("more than 255 properties".to_owned()))?;
            }
        }
    }
    Ok(())
}

/// Every property name some `properties` of `schemas` declares (repeats included).
fn declared_names(schemas: &[Vec<Check>]) -> impl Iterator<Item = &str> {
    schemas
        .iter()
        .flatten()
        .flat_map(|check| match check {
            Check::Properties { declared, .. } => declared.as_slice(),
            _ => &[],
        })
        .map(|declared| declared.name.as_str())
}

/// The property names the schema declares somewhere, the fixed words of the format,
/// numbered: the parser gives every key its number from this table, so that the schema walk
/// finds a member's declared place, and the secret scan knows a fixed word, without a lookup.
pub(crate) fn property_names() -> &'static KeyTable {
    &program().names
}

struct Compiler<'s> {
    root: &'s Value,
    schemas: Vec<Vec<Check>>,
    /// Subschemas compiled for a `$ref`, by reference (`None` while being compiled).
    refs: HashMap<&'s str, Option<usize>>,
    /// `$ref` checks written before their target had a number.
    forwards: Vec<(usize, &'s str)>,
}

impl<'s> Compiler<'s> {
    /// Compiles `schema`; returns its number.
    fn schema(&mut self, schema: &'s Value) -> Result<usize, Unsupported> {
        let Some(map) = schema.as_object() else {
            return Err(Unsupported(format!(
                "a schema that is not an object: {schema}"
            )));
        };
        // A schema that is only a `$ref` is its target: one step less per value checked.
        if let (1, Some(Value::String(reference))) = (map.len(), map.get("$ref")) {
            return self.reference(reference);
        }
        let at = self.schemas.len();
        self.schemas.push(Vec::new());
        let mut checks = Vec::new();
        let closed = match map.get("additionalProperties") {
            None | Some(Value::Bool(true)) => false,
            Some(Value::Bool(false)) => true,
            Some(other) => {
                return Err(Unsupported(format!(
                    "additionalProperties other than a boolean: {other}"
                )));
            }
        };
        let mut properties_seen = false;
        // A closed object with declared properties and one `required` name checks that name
        // after its members, as `jsonschema`'s fused validator does.
        let required_after = match map.get("required").and_then(Value::as_array) {
            Some(names)
                if closed
                    && names.len() == 1
                    && map.get("properties").and_then(Value::as_object).is_some() =>
            {
                names[0].as_str().map(str::to_owned)
            }
            _ => None,
        };
        for (keyword, value) in map {
            let unsupported = || Unsupported(format!("`{keyword}`: {value}"));
            let check = match keyword.as_str() {
                k if ANNOTATIONS.contains(&k) => continue,
                "type" => Check::Type(
                    value
                        .as_str()
                        .and_then(Type::parse)
                        .ok_or_else(unsupported)?,
                ),
                "const" => Check::Const(value.clone()),
                "enum" => Check::Enum(value.as_array().ok_or_else(unsupported)?.clone()),
                "minimum" => Check::Minimum(value.as_number().ok_or_else(unsupported)?.clone()),
                "minLength" => Check::MinLength(value.as_u64().ok_or_else(unsupported)?),
                "maxLength" => Check::MaxLength(value.as_u64().ok_or_else(unsupported)?),
                "required" if required_after.is_some() => continue,
                "required" => {
                    let names: Vec<String> = value
                        .as_array()
                        .ok_or_else(unsupported)?
                        .iter()
                        .map(|v| v.as_str().map(str::to_owned).ok_or_else(unsupported))
                        .collect::<Result<_, _>>()?;
                    let declared: Vec<&String> = map
                        .get("properties")
                        .and_then(Value::as_object)
                        .map(|p| p.keys().collect())
                        .unwrap_or_default();
                    let places = names
                        .iter()
                        .map(|name| declared.iter().position(|d| *d == name))
                        .collect::<Option<Vec<usize>>>()
                        .filter(|_| declared.len() <= MAX_SLOTS);
                    Check::Required { names, places }
                }
                "pattern" if value == "^[a-fA-F0-9]{64}$" => Check::Hex64,
                "format" => Check::Format(match value.as_str() {
                    Some("date-time") => Format::DateTime,
                    Some("uri-reference") => Format::UriReference,
                    _ => return Err(unsupported()),
                }),
                "uniqueItems" => match value {
                    Value::Bool(true) => Check::UniqueItems,
                    Value::Bool(false) => continue,
                    _ => return Err(unsupported()),
                },
                "properties" | "additionalProperties" => {
                    if properties_seen {
                        continue;
                    }
                    properties_seen = true;
                    let mut declared = Vec::new();
                    if let Some(properties) = map.get("properties") {
                        for (name, sub) in properties.as_object().ok_or_else(unsupported)? {
                            declared.push(Declared {
                                name: name.clone(),
                                schema: self.schema(sub)?,
                            });
                        }
                    }
                    if declared.is_empty() && !closed {
                        continue;
                    }
                    Check::Properties {
                        declared,
                        // Filled in once every name is known (`Program::compile`).
                        places: Vec::new(),
                        closed,
                        required_after: required_after.clone(),
                    }
                }
                "items" => Check::Items(self.schema(value)?),
                "anyOf" => Check::AnyOf(
                    value
                        .as_array()
                        .ok_or_else(unsupported)?
                        .iter()
                        .map(|sub| self.schema(sub))
                        .collect::<Result<_, _>>()?,
                ),
                "$ref" => {
                    let reference = value.as_str().ok_or_else(unsupported)?;
                    Check::Ref(self.reference(reference)?)
                }
                _ => return Err(unsupported()),
            };
            checks.push(check);
        }
        // A stable sort keeps the schema's order among keywords of one priority.
        checks.sort_by_key(Check::priority);
        self.schemas[at] = fuse(checks);
        Ok(at)
    }

    /// The number of the subschema a local `$ref` names, compiling it the first time. A
    /// reference met while its target is being compiled (a recursive schema) is a subschema
    /// of one `$ref` check, pointed at the target once it has a number.
    fn reference(&mut self, reference: &'s str) -> Result<usize, Unsupported> {
        match self.refs.get(reference) {
            Some(Some(at)) => return Ok(*at),
            Some(None) => {
                let at = self.schemas.len();
                self.schemas.push(vec![Check::Ref(usize::MAX)]);
                self.forwards.push((at, reference));
                return Ok(at);
            }
            None => {}
        }
        let target = reference
            .strip_prefix('#')
            .and_then(|pointer| self.root.pointer(pointer))
            .ok_or_else(|| Unsupported(format!("a $ref that is not local: {reference}")))?;
        self.refs.insert(reference, None);
        let compiled = self.schema(target)?;
        self.refs.insert(reference, Some(compiled));
        Ok(compiled)
    }
}

/// What a subschema found wrong with a value: the schema-level errors, each reported as one
/// code (the mapping the ARCHITECTURE table names).
#[derive(Debug)]
pub(crate) enum SchemaError {
    /// `required`: this property is missing.
    Required(String),
    /// `additionalProperties: false`: these members are not declared.
    Additional(Vec<String>),
    /// `type`: the value is not of this type.
    Type(&'static str),
    /// `minLength`.
    MinLength,
    /// `maxLength`, with the limit.
    MaxLength(u64),
    /// `enum`, with the allowed values.
    Enum(Vec<Value>),
    /// `const`.
    Const,
    /// `anyOf` (an evidence item's `uri` or `artifactRef`).
    AnyOf,
    /// `pattern` (64 hexadecimal digits).
    Pattern,
    /// `uniqueItems`.
    UniqueItems,
    /// `minimum`.
    Minimum,
    /// `format: date-time`.
    DateTime,
    /// `format: uri-reference`.
    UriReference,
    /// A keyword the v1.0 schema does not use (only through the oracle).
    #[cfg_attr(not(feature = "oracle"), allow(dead_code))]
    Other(String),
}

impl SchemaError {
    fn code(&self) -> Code {
        match self {
            Self::Required(_) => Code::Hcr101,
            Self::Additional(_) => Code::Hcr102,
            Self::MinLength => Code::Hcr104,
            Self::Enum(_) => Code::Hcr105,
            Self::Const => Code::Hcr106,
            Self::AnyOf => Code::Hcr107,
            Self::Pattern => Code::Hcr108,
            Self::UniqueItems => Code::Hcr109,
            Self::Minimum => Code::Hcr110,
            Self::MaxLength(_) => Code::Hcr111,
            Self::DateTime => Code::Hcr112,
            Self::UriReference => Code::Hcr113,
            Self::Type(_) | Self::Other(_) => Code::Hcr103,
        }
    }

    /// How many diagnostics the error gives.
    fn count(&self) -> usize {
        match self {
            Self::Additional(names) => names.len(),
            _ => 1,
        }
    }
}

/// Writes the schema-level diagnostics of `value` to `out`.
///
/// Most records satisfy the schema: the straight-line reading of [`fast`] decides that, and
/// where the first error is (else a first walk decides it: no places tracked, the first
/// error ends it), and only a record that fails is walked again to report.
pub(crate) fn check(value: Json<'_, '_>, out: &mut Sink) {
    let Some(failed) = decide(value) else {
        return;
    };
    let mut walk = Walk::<true> {
        program: program(),
        path: Vec::new(),
        out: Some(out),
        failed: None,
    };
    // Reporting, the walk never stops early. The record is known to fail (and where the
    // first walk stopped): its checks are walked without deciding that again.
    let flow = walk.checks(walk.program.root, value, failed);
    debug_assert!(flow.is_continue());
}

/// `None` if the record at `value` satisfies the schema; else where the walk that decides
/// validity stops first, if known (the straight-line reading of [`fast`] says, or the walk).
fn decide(value: Json<'_, '_>) -> Option<Option<usize>> {
    let program = program();
    if let Some(fields) = &program.fast {
        match fast::verdict(fields, value) {
            fast::Verdict::Valid => return None,
            fast::Verdict::Invalid(failed) => return Some(Some(failed)),
            fast::Verdict::Unknown => {}
        }
    }
    decide_by_walk(value)
}

/// [`decide`] by the walk of the compiled program alone.
fn decide_by_walk(value: Json<'_, '_>) -> Option<Option<usize>> {
    let mut valid = Walk::<false> {
        program: program(),
        path: Vec::new(),
        out: None,
        failed: None,
    };
    if valid.schema(valid.program.root, value).is_continue() {
        None
    } else {
        Some(valid.failed)
    }
}

/// Whether `value` satisfies the schema (what the oracle compares with `jsonschema`).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn is_valid(value: Json<'_, '_>) -> bool {
    let mut walk = Walk::<false> {
        program: program(),
        path: Vec::new(),
        out: None,
        failed: None,
    };
    walk.schema(walk.program.root, value).is_continue()
}

/// One walk of a value against the program: reporting to `out` (`REPORT`), or deciding
/// validity and stopping at the first error (then `path` is not kept).
struct Walk<'p, 'v, 'o, const REPORT: bool> {
    program: &'p Program,
    /// Where the walk is, from the root (when reporting).
    path: Vec<Segment<'v>>,
    out: Option<&'o mut Sink>,
    /// Deciding validity: the node of the innermost value whose walk found the first error.
    /// Every member or item read before it (in document order) satisfied its subschema.
    failed: Option<usize>,
}

/// `Break`: an error was found and the walk only decides validity.
type Flow = std::ops::ControlFlow<()>;

impl<'v, const REPORT: bool> Walk<'_, 'v, '_, REPORT> {
    fn enter(&mut self, step: Segment<'v>) {
        if REPORT {
            self.path.push(step);
        }
    }

    fn leave(&mut self) {
        if REPORT {
            self.path.pop();
        }
    }

    fn error(&mut self, error: SchemaError, value: Json<'v, '_>) -> Flow {
        if !REPORT {
            return Flow::Break(());
        }
        match &mut self.out {
            Some(out) => {
                let path = &self.path;
                report(
                    error,
                    || JsonPointer::from_steps(&JsonPointer::root(), path),
                    value,
                    out,
                );
                Flow::Continue(())
            }
            None => Flow::Break(()),
        }
    }

    fn schema(&mut self, schema: usize, value: Json<'v, '_>) -> Flow {
        let program = self.program;
        if REPORT {
            // An object or a list that satisfies its subschema has nothing to report: the
            // walk that decides validity (stopping at the first error, without places) says
            // so for less than reporting's walk of every check, so reporting only goes down
            // where something fails (a record with findings usually fails in a few items),
            // and, below, not again into what that walk found valid. Where the straight-line
            // reading of `fast` has the subschema, it answers instead of that walk: the same
            // verdict and first failing node, for a fraction of the instructions.
            let mut failed = None;
            if matches!(value.kind(), Kind::Object | Kind::Array) {
                let verdict = match (&program.fast, program.readings[schema]) {
                    (Some(fields), Some(reading)) => fast::verdict_of(fields, reading, value),
                    _ => fast::Verdict::Unknown,
                };
                match verdict {
                    fast::Verdict::Valid => return Flow::Continue(()),
                    fast::Verdict::Invalid(at) => failed = Some(at),
                    fast::Verdict::Unknown => {
                        let mut valid = Walk::<false> {
                            program,
                            path: Vec::new(),
                            out: None,
                            failed: None,
                        };
                        if valid.schema(schema, value).is_continue() {
                            return Flow::Continue(());
                        }
                        failed = valid.failed;
                    }
                }
            }
            return self.checks(schema, value, failed);
        }
        let flow = self.decide(schema, value);
        if flow.is_break() && self.failed.is_none() {
            self.failed = Some(value.index);
        }
        flow
    }

    /// Whether `value` satisfies subschema `schema` (the walk that decides validity).
    fn decide(&mut self, schema: usize, value: Json<'v, '_>) -> Flow {
        let program = self.program;
        let checks = &program.schemas[schema];
        match program.shapes[schema] {
            Shape::Object {
                typed,
                required,
                properties,
            } => {
                self.object(typed, required, &checks[properties], value)?;
                for check in &checks[properties + 1..] {
                    self.check(check, value, None, &mut None, None)?;
                }
                return Flow::Continue(());
            }
            Shape::Array {
                typed,
                unique,
                items,
            } => return self.array(typed, unique, items, value),
            Shape::One => {
                return match &checks[0] {
                    Check::Text { min, max } if !text_fits(value, *min, *max) => Flow::Break(()),
                    Check::Text { .. } => Flow::Continue(()),
                    check => self.check(check, value, None, &mut None, None),
                };
            }
            Shape::Checks => {}
        }
        self.checks(schema, value, None)
    }

    /// Walks each check of subschema `schema` over `value`. Reporting, `failed` is where the
    /// walk that decided `value` fails its subschema found the first error, if known.
    fn checks(&mut self, schema: usize, value: Json<'v, '_>, failed: Option<usize>) -> Flow {
        let program = self.program;
        let checks = &program.schemas[schema];
        if REPORT
            && failed.is_some()
            && let [Check::Ref(target)] = checks.as_slice()
        {
            // The walk of a `$ref` alone is its target's: known to fail there too.
            return self.checks(*target, value, failed);
        }
        if REPORT
            && let Some(fast::Reading::Object(fast::Def::Evidence)) = program.readings[schema]
            && let Some(fields) = &program.fast
            && value.is_object()
            && !value.has_repeated_key()
        {
            self.evidence(fields, value);
            return Flow::Continue(());
        }
        let failed = failed.filter(|_| program.ordered[schema] && !value.has_repeated_key());
        let places = if value.is_object() {
            checks.iter().find_map(|check| match check {
                Check::Properties { places, .. } => Some(places.as_slice()),
                _ => None,
            })
        } else {
            None
        };
        let mut present = None;
        for check in checks {
            self.check(check, value, places, &mut present, failed)?;
        }
        Flow::Continue(())
    }

    /// Reporting: the errors of an evidence item (an object without a repeated key) in
    /// straight-line code, each the one its check gives and in the walk's order (the
    /// compiled checks of `#/$defs/evidence` are `type`, `required: [id, label]`, closed
    /// `properties` and `anyOf` of `required: [uri]` and `required: [artifactRef]`, which
    /// [`tests::the_evidence_report_reads_the_compiled_checks`] holds): the reporting walk
    /// of a failing item's checks one by one took about 2,600 instructions beside its
    /// errors, this reading of its members a few hundred.
    fn evidence(&mut self, fields: &fast::Fields, value: Json<'v, '_>) {
        use fast::Field;
        const ID: u8 = 1;
        const LABEL: u8 = 2;
        const LINKED: u8 = 4;
        let mut present = 0u8;
        for (_, member) in value.members() {
            present |= match fields.field(member.key_number()) {
                Field::Id => ID,
                Field::Label => LABEL,
                Field::Uri | Field::ArtifactRef => LINKED,
                _ => 0,
            };
        }
        if present & ID == 0 {
            let _ = self.error(SchemaError::Required("id".to_owned()), value);
        }
        if present & LABEL == 0 {
            let _ = self.error(SchemaError::Required("label".to_owned()), value);
        }
        let mut unexpected = Vec::new();
        for (name, member) in value.members() {
            let text = member.as_str();
            let error = match fields.field(member.key_number()) {
                // `nonEmptyText`.
                Field::Id
                | Field::Label
                | Field::Claim
                | Field::ArtifactRef
                | Field::ContentType => match text {
                    None => Some(SchemaError::Type(Type::String.name())),
                    Some("") => Some(SchemaError::MinLength),
                    Some(_) => None,
                },
                Field::Uri => match text {
                    None => Some(SchemaError::Type(Type::String.name())),
                    Some(text) if !hcr_types::is_uri_reference(text) => {
                        Some(SchemaError::UriReference)
                    }
                    Some(_) => None,
                },
                Field::Sha256 => match text {
                    None => Some(SchemaError::Type(Type::String.name())),
                    Some(text) if !hcr_types::Sha256::is_hex(text) => Some(SchemaError::Pattern),
                    Some(_) => None,
                },
                _ => {
                    unexpected.push(name.to_owned());
                    None
                }
            };
            if let Some(error) = error {
                self.enter(Segment::Key(name));
                let _ = self.error(error, member);
                self.leave();
            }
        }
        if !unexpected.is_empty() {
            let _ = self.error(SchemaError::Additional(unexpected), value);
        }
        if present & LINKED == 0 {
            let _ = self.error(SchemaError::AnyOf, value);
        }
    }

    /// Reporting, under a value that fails its subschema first at node `failed` (known only
    /// where the subschema is [`Program::ordered`] and the value no object with a repeated
    /// key): walks `child` (at `step`) against its subschema `schema`, but not when its
    /// subtree ends before `failed` (that walk found it valid), nor, when it holds `failed`,
    /// decides again that it fails.
    fn child(
        &mut self,
        step: Segment<'v>,
        schema: usize,
        child: Json<'v, '_>,
        failed: Option<usize>,
    ) -> Flow {
        match failed {
            Some(failed) if child.end() <= failed => return Flow::Continue(()),
            Some(failed) if child.index <= failed => {
                self.enter(step);
                let flow = self.checks(schema, child, Some(failed));
                self.leave();
                return flow;
            }
            _ => {}
        }
        self.enter(step);
        let flow = self.schema(schema, child);
        self.leave();
        flow
    }

    /// Whether `value` satisfies a [`Shape::Object`] whose `properties` check is `check`.
    fn object(&mut self, typed: bool, required: u64, check: &Check, value: Json<'v, '_>) -> Flow {
        let Check::Properties {
            declared,
            places,
            closed,
            ..
        } = check
        else {
            unreachable!("a shape's check is the one it was made from")
        };
        if !value.is_object() {
            return if typed {
                Flow::Break(())
            } else {
                Flow::Continue(())
            };
        }
        let mut present = 0u64;
        for (_, member) in value.members() {
            match place_of(places, member) {
                Some(place) => {
                    present |= 1 << place;
                    self.schema(declared[place].schema, member)?;
                }
                None if *closed => return Flow::Break(()),
                None => {}
            }
        }
        if present & required == required {
            Flow::Continue(())
        } else {
            Flow::Break(())
        }
    }

    /// Whether `value` satisfies a [`Shape::Array`].
    fn array(&mut self, typed: bool, unique: bool, items: usize, value: Json<'v, '_>) -> Flow {
        if !value.is_array() {
            return if typed {
                Flow::Break(())
            } else {
                Flow::Continue(())
            };
        }
        for item in value.items() {
            self.schema(items, item)?;
        }
        if unique && first_repeat(value).is_some() {
            return Flow::Break(());
        }
        Flow::Continue(())
    }

    /// `places_here`: the places of this subschema's declared properties, when `value` is an
    /// object; `present`: which of them the object has, once a check needed it.
    fn check(
        &mut self,
        check: &Check,
        value: Json<'v, '_>,
        places_here: Option<&[u8]>,
        present: &mut Option<u64>,
        failed: Option<usize>,
    ) -> Flow {
        match check {
            Check::Type(ty) => {
                if !ty.admits(value) {
                    self.error(SchemaError::Type(ty.name()), value)?;
                }
            }
            Check::Const(expected) => {
                if !equals_value(value, expected) {
                    self.error(SchemaError::Const, value)?;
                }
            }
            Check::Enum(options) => {
                if !options.iter().any(|option| equals_value(value, option)) {
                    self.error(SchemaError::Enum(options.clone()), value)?;
                }
            }
            Check::Minimum(minimum) => {
                if value.as_number().is_some_and(|n| less_than(n, minimum)) {
                    self.error(SchemaError::Minimum, value)?;
                }
            }
            Check::MinLength(min) => {
                if value.as_str().is_some_and(|s| chars_below(s, *min)) {
                    self.error(SchemaError::MinLength, value)?;
                }
            }
            Check::MaxLength(max) => {
                if value.as_str().is_some_and(|s| chars_above(s, *max)) {
                    self.error(SchemaError::MaxLength(*max), value)?;
                }
            }
            Check::Required { names, places: at } => {
                if value.is_object() {
                    let present = match (at, places_here) {
                        (Some(at), Some(places)) => {
                            let bits =
                                *present.get_or_insert_with(|| present_places(value, places));
                            Some((bits, at))
                        }
                        _ => None,
                    };
                    for (i, name) in names.iter().enumerate() {
                        let missing = match present {
                            Some((bits, at)) => bits & (1 << at[i]) == 0,
                            None => !value.contains_key(name),
                        };
                        if missing {
                            self.error(SchemaError::Required(name.clone()), value)?;
                        }
                    }
                }
            }
            Check::Hex64 => {
                if value
                    .as_str()
                    .is_some_and(|s| !hcr_types::Sha256::is_hex(s))
                {
                    self.error(SchemaError::Pattern, value)?;
                }
            }
            Check::Format(format) => {
                if let Some(text) = value.as_str() {
                    let (valid, error) = match format {
                        Format::DateTime => (hcr_types::is_rfc3339(text), SchemaError::DateTime),
                        Format::UriReference => {
                            (hcr_types::is_uri_reference(text), SchemaError::UriReference)
                        }
                    };
                    if !valid {
                        self.error(error, value)?;
                    }
                }
            }
            Check::UniqueItems => {
                if value.is_array() && first_repeat(value).is_some() {
                    self.error(SchemaError::UniqueItems, value)?;
                }
            }
            Check::Properties {
                declared,
                places,
                closed,
                required_after,
            } => {
                if value.is_object() {
                    let mut unexpected = Vec::new();
                    let mut found_required = false;
                    for (name, member) in value.members() {
                        match place_of(places, member).map(|place| &declared[place]) {
                            Some(Declared { schema, .. }) => {
                                found_required |= required_after.as_deref() == Some(name);
                                self.child(Segment::Key(name), *schema, member, failed)?;
                            }
                            None if *closed => unexpected.push(name.to_owned()),
                            None => {}
                        }
                    }
                    if !unexpected.is_empty() {
                        self.error(SchemaError::Additional(unexpected), value)?;
                    }
                    if let Some(name) = required_after
                        && !found_required
                    {
                        self.error(SchemaError::Required(name.clone()), value)?;
                    }
                }
            }
            Check::Items(schema) => {
                // Reporting, an item of a list of objects the straight-line reading has, past
                // the first failure, is read by it here (what `child` and `schema` would ask
                // of it, without their steps for each item).
                let reading = match (&self.program.fast, self.program.readings[*schema]) {
                    (Some(fields), Some(reading @ fast::Reading::Object(_))) if REPORT => {
                        Some((fields, reading))
                    }
                    _ => None,
                };
                for (i, item) in value.items().enumerate() {
                    if let Some((fields, reading)) = reading
                        && failed.is_none_or(|failed| item.index > failed)
                        && item.is_object()
                    {
                        match fast::verdict_of(fields, reading, item) {
                            fast::Verdict::Valid => continue,
                            fast::Verdict::Invalid(at) => {
                                self.enter(Segment::Index(i));
                                let flow = self.checks(*schema, item, Some(at));
                                self.leave();
                                flow?;
                                continue;
                            }
                            fast::Verdict::Unknown => {}
                        }
                    }
                    self.child(Segment::Index(i), *schema, item, failed)?;
                }
            }
            Check::AnyOf(schemas) => {
                let program = self.program;
                let any = schemas.iter().any(|&schema| {
                    Walk::<false> {
                        program,
                        path: Vec::new(),
                        out: None,
                        failed: None,
                    }
                    .schema(schema, value)
                    .is_continue()
                });
                if !any {
                    self.error(SchemaError::AnyOf, value)?;
                }
            }
            Check::Ref(schema) => self.schema(*schema, value)?,
            Check::Text { min, max } => match value.as_str() {
                None => self.error(SchemaError::Type(Type::String.name()), value)?,
                Some(text) => {
                    if min.is_some_and(|min| chars_below(text, min)) {
                        self.error(SchemaError::MinLength, value)?;
                    }
                    if let Some(max) = *max
                        && chars_above(text, max)
                    {
                        self.error(SchemaError::MaxLength(max), value)?;
                    }
                }
            },
            Check::Strings {
                options,
                keyword,
                is_const,
            } => {
                let text = value.as_str();
                if !options.iter().any(|option| Some(option.as_str()) == text) {
                    let error = if *is_const {
                        SchemaError::Const
                    } else {
                        SchemaError::Enum(keyword.as_array().cloned().unwrap_or_default())
                    };
                    self.error(error, value)?;
                }
            }
        }
        Flow::Continue(())
    }
}

/// A property a subschema declares: its name and its subschema.
#[derive(Debug)]
struct Declared {
    name: String,
    schema: usize,
}

/// The place of a name the subschema does not declare.
const NO_PLACE: u8 = u8::MAX;

/// The place among its subschema's declared properties (numbered by `places`) of the member
/// whose value is `member`, found by the number of its key's name.
#[inline]
fn place_of(places: &[u8], member: Json<'_, '_>) -> Option<usize> {
    places
        .get(usize::from(member.key_number()))
        .copied()
        .filter(|&place| place != NO_PLACE)
        .map(usize::from)
}

/// A bit per declared property (numbered by `places`) that the object `value` has.
fn present_places(value: Json<'_, '_>, places: &[u8]) -> u64 {
    value
        .members()
        .filter_map(|(_, member)| place_of(places, member))
        .fold(0, |bits, place| bits | 1 << place)
}

/// Whether `value` is a string within the bounds: [`Check::Text`]'s verdict.
#[inline]
fn text_fits(value: Json<'_, '_>, min: Option<u64>, max: Option<u64>) -> bool {
    value.as_str().is_some_and(|text| {
        !min.is_some_and(|min| chars_below(text, min))
            && !max.is_some_and(|max| chars_above(text, max))
    })
}

/// Whether `text` has fewer than `min` characters (code points), counting no further than
/// needed.
fn chars_below(text: &str, min: u64) -> bool {
    let min = usize::try_from(min).unwrap_or(usize::MAX);
    text.len() < min || text.chars().take(min).count() < min
}

/// Whether `text` has more than `max` characters (code points).
fn chars_above(text: &str, max: u64) -> bool {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    text.len() > max && text.chars().nth(max).is_some()
}

/// `n < minimum`, compared exactly.
fn less_than(n: &Number, minimum: &Number) -> bool {
    compare(n, minimum) == Some(std::cmp::Ordering::Less)
}

/// Two JSON numbers compared as the values they denote.
fn compare(a: &Number, b: &Number) -> Option<std::cmp::Ordering> {
    match (integer(a), integer(b)) {
        (Some(a), Some(b)) => Some(a.cmp(&b)),
        (Some(a), None) => b.as_f64().and_then(|b| compare_int_float(a, b)),
        (None, Some(b)) => a
            .as_f64()
            .and_then(|a| compare_int_float(b, a))
            .map(std::cmp::Ordering::reverse),
        (None, None) => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// 2^64, beyond every integer a JSON number is held as.
const TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;

/// A number held as an integer.
fn integer(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// An integer compared with a float, exactly.
fn compare_int_float(int: i128, float: f64) -> Option<std::cmp::Ordering> {
    if float.is_nan() {
        return None;
    }
    // Every i64 and u64 lies within ±2^64, where f64 integers convert to i128 exactly.
    if float >= TWO_TO_64 {
        return Some(std::cmp::Ordering::Less);
    }
    if float <= -TWO_TO_64 {
        return Some(std::cmp::Ordering::Greater);
    }
    #[allow(clippy::cast_possible_truncation)] // within ±2^64, checked above
    let whole = float.trunc() as i128;
    Some(match int.cmp(&whole) {
        std::cmp::Ordering::Equal if float > float.trunc() => std::cmp::Ordering::Less,
        std::cmp::Ordering::Equal if float < float.trunc() => std::cmp::Ordering::Greater,
        other => other,
    })
}

/// JSON equality of a value and a schema constant (numbers compared as the values they
/// denote, objects regardless of member order).
fn equals_value(value: Json<'_, '_>, expected: &Value) -> bool {
    match (value.kind(), expected) {
        (Kind::Null, Value::Null) => true,
        (Kind::Bool, Value::Bool(b)) => value.as_bool() == Some(*b),
        (Kind::String, Value::String(s)) => value.as_str() == Some(s.as_str()),
        (Kind::Number, Value::Number(n)) => value
            .as_number()
            .is_some_and(|v| compare(v, n) == Some(std::cmp::Ordering::Equal)),
        (Kind::Array, Value::Array(items)) => {
            value.len() == items.len() && value.items().zip(items).all(|(a, b)| equals_value(a, b))
        }
        (Kind::Object, Value::Object(map)) => {
            value.len() == map.len()
                && value
                    .members()
                    .all(|(k, v)| map.get(k).is_some_and(|e| equals_value(v, e)))
        }
        _ => false,
    }
}

/// JSON equality of two values of the tree (as `uniqueItems` compares items).
fn equal(a: Json<'_, '_>, b: Json<'_, '_>) -> bool {
    match (a.kind(), b.kind()) {
        (Kind::Null, Kind::Null) => true,
        (Kind::Bool, Kind::Bool) => a.as_bool() == b.as_bool(),
        (Kind::String, Kind::String) => a.as_str() == b.as_str(),
        (Kind::Number, Kind::Number) => match (a.as_number(), b.as_number()) {
            (Some(x), Some(y)) => compare(x, y) == Some(std::cmp::Ordering::Equal),
            _ => false,
        },
        (Kind::Array, Kind::Array) => {
            a.len() == b.len() && a.items().zip(b.items()).all(|(x, y)| equal(x, y))
        }
        (Kind::Object, Kind::Object) => {
            a.len() == b.len()
                && a.members()
                    .all(|(k, v)| b.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => false,
    }
}

/// A hash consistent with [`equal`]: numbers by the value they denote, objects regardless of
/// member order.
fn hash_value(value: Json<'_, '_>, state: &mut impl Hasher) {
    match value.kind() {
        Kind::Null => 0u8.hash(state),
        Kind::Bool => (1u8, value.as_bool()).hash(state),
        Kind::String => (2u8, value.as_str()).hash(state),
        Kind::Number => {
            3u8.hash(state);
            if let Some(n) = value.as_number() {
                match integer(n) {
                    Some(i) => i.hash(state),
                    None => {
                        let f = n.as_f64().unwrap_or(0.0);
                        // An integral float within ±2^64 may equal an integer: hash it as one.
                        #[allow(clippy::cast_possible_truncation)] // integral and in range
                        if f.fract() == 0.0 && f.abs() < TWO_TO_64 {
                            (f as i128).hash(state);
                        } else {
                            f.to_bits().hash(state);
                        }
                    }
                }
            }
        }
        Kind::Array => {
            (4u8, value.len()).hash(state);
            for item in value.items() {
                hash_value(item, state);
            }
        }
        Kind::Object => {
            (5u8, value.len()).hash(state);
            // Order-independent: a sum of the members' own hashes.
            let mut sum = 0u64;
            for (key, member) in value.members() {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                key.hash(&mut h);
                hash_value(member, &mut h);
                sum = sum.wrapping_add(h.finish());
            }
            sum.hash(state);
        }
    }
}

/// A value hashed and compared as JSON values are.
struct Item<'t, 'a>(Json<'t, 'a>);

impl Hash for Item<'_, '_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(self.0, state);
    }
}

impl PartialEq for Item<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        equal(self.0, other.0)
    }
}

impl Eq for Item<'_, '_> {}

/// The first item of `list` equal to an earlier one: its index and the earlier one's. Linear
/// in the list's length (strings by their text, anything else by a hash of its value); a
/// short list is compared pair by pair.
fn first_repeat(list: Json<'_, '_>) -> Option<(usize, usize)> {
    const PAIRWISE: usize = 16;
    if list.len() <= PAIRWISE {
        let mut seen: [Option<Json<'_, '_>>; PAIRWISE] = [None; PAIRWISE];
        for (i, item) in list.items().enumerate() {
            let earlier =
                seen[..i]
                    .iter()
                    .flatten()
                    .position(|&e| match (e.as_str(), item.as_str()) {
                        (Some(a), Some(b)) => a == b,
                        (None, None) => equal(e, item),
                        _ => false,
                    });
            if let Some(first) = earlier {
                return Some((i, first));
            }
            seen[i] = Some(item);
        }
        return None;
    }
    let mut strings: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    // An item's tree keeps a table of its root's members made on first use (a `OnceLock`),
    // a cache that changes no value's hash or equality.
    #[allow(clippy::mutable_key_type)]
    let mut others: foldhash::HashMap<Item<'_, '_>, usize> = foldhash::HashMap::default();
    for (i, item) in list.items().enumerate() {
        let first = match item.as_str() {
            Some(text) => match strings.get(text) {
                Some(&first) => Some(first),
                None => {
                    strings.insert(text, i);
                    None
                }
            },
            None => match others.get(&Item(item)) {
                Some(&first) => Some(first),
                None => {
                    others.insert(Item(item), i);
                    None
                }
            },
        };
        if let Some(first) = first {
            return Some((i, first));
        }
    }
    None
}

/// What the canonical schema says of the value at a JSON Pointer (following `properties`,
/// `items` and `$ref`s): the properties it defines when it is an object, and the strings it
/// allows when it is an enumeration. An editor's completion and `hcr fix` read it; nothing is
/// said of a place the schema does not reach (under `extensions`, or past a wrong name).
///
/// ```
/// use hcr_types::JsonPointer;
/// use hcr_validate::SchemaFacts;
///
/// let kind = SchemaFacts::at(&JsonPointer::parse("/constraints/0/kind").expect("a pointer"));
/// assert!(kind.allowed.contains(&"permission"));
/// let state = SchemaFacts::at(&JsonPointer::parse("/currentState").expect("a pointer"));
/// assert_eq!(state.properties, ["complete", "inProgress", "blocked", "unverified"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SchemaFacts {
    /// The properties defined for an object here, in the schema's order.
    pub properties: Vec<&'static str>,
    /// The strings an enumeration (or a `const`) here allows, in the schema's order.
    pub allowed: Vec<&'static str>,
}

impl SchemaFacts {
    /// What the schema says of the value at `pointer`.
    #[must_use]
    pub fn at(pointer: &JsonPointer) -> Self {
        let program = program();
        let Some(here) = subschemas(pointer) else {
            return Self::default();
        };
        let checks = || here.iter().flat_map(|&s| &program.schemas[s]);
        Self {
            properties: checks()
                .filter_map(|check| match check {
                    Check::Properties { declared, .. } => Some(declared),
                    _ => None,
                })
                .flatten()
                .map(|declared| declared.name.as_str())
                .collect(),
            allowed: checks()
                .filter_map(|check| match check {
                    Check::Strings { options, .. } => Some(options),
                    _ => None,
                })
                .flatten()
                .map(String::as_str)
                .collect(),
        }
    }
}

/// The properties the schema defines for the object at `pointer`, for "did you mean".
fn defined_properties(pointer: &JsonPointer) -> Vec<&'static str> {
    SchemaFacts::at(pointer).properties
}

/// The subschemas a value at `pointer` is checked against, `$ref`s followed; `None` past a
/// place the schema does not describe.
fn subschemas(pointer: &JsonPointer) -> Option<Vec<usize>> {
    let program = program();
    // The subschemas a value at the current place is checked against, `$ref`s followed.
    let expand = |schema: usize| {
        let mut found = vec![schema];
        let mut at = 0;
        while let Some(&s) = found.get(at) {
            for check in &program.schemas[s] {
                if let Check::Ref(target) = check
                    && !found.contains(target)
                {
                    found.push(*target);
                }
            }
            at += 1;
        }
        found
    };
    let mut here = expand(program.root);
    for token in pointer.unescaped_tokens() {
        let next = here.iter().find_map(|&s| {
            program.schemas[s].iter().find_map(|check| match check {
                Check::Properties { declared, .. } => declared
                    .iter()
                    .find(|declared| declared.name == token)
                    .map(|declared| declared.schema),
                _ => None,
            })
        });
        let next = next.or_else(|| {
            here.iter().find_map(|&s| {
                program.schemas[s].iter().find_map(|check| match check {
                    Check::Items(sub) => Some(*sub),
                    _ => None,
                })
            })
        });
        match next {
            Some(next) => here = expand(next),
            None => return None,
        }
    }
    Some(here)
}

/// Reports a schema error of `instance` (at the pointer `at` builds) to `out`: past the
/// record's diagnostic limit it is only counted.
fn report(
    error: SchemaError,
    at: impl FnOnce() -> JsonPointer,
    instance: Json<'_, '_>,
    out: &mut Sink,
) {
    if !out.has_room() {
        let code = error.code();
        for _ in 0..error.count() {
            out.omit(code, Severity::Error);
        }
        return;
    }
    let pointer = at();
    let at = field(&pointer);
    // The diagnostic's place is `instance`'s span, except where it names a member's key or
    // a repeated item (each pushed with its own pointer).
    let node = (!matches!(error, SchemaError::UniqueItems)).then_some(instance.index);
    let diagnostic = match error {
        SchemaError::Required(name) => {
            let help = if pointer.is_root() && name == "schemaVersion" {
                "add \"schemaVersion\": \"1.0\"".to_owned()
            } else {
                format!("add `{name}`; the v1.0 schema requires it here")
            };
            Diagnostic::new(
                Code::Hcr101,
                pointer,
                format!("{at} is missing the required property `{name}`"),
            )
            .help(help)
        }
        SchemaError::Additional(unexpected) => {
            let known = defined_properties(&pointer);
            for name in unexpected {
                let member = pointer.key(&name);
                out.push(
                    Diagnostic::new(
                        Code::Hcr102,
                        member,
                        format!("{at} has a property the schema does not define: `{name}`"),
                    )
                    .help(crate::hints::unknown_property(
                        &name,
                        &known,
                        pointer.is_root(),
                    ))
                    .anchor(Anchor::Key),
                );
            }
            return;
        }
        SchemaError::Type(expected) => {
            let article = if expected.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            let found = json_type(instance);
            let mut message = format!("{at} must be {article} {expected}, not {found}");
            let mut help = format!("write {at} as {article} {expected}");
            if expected == "integer" && found == "a number" {
                message = format!("{at} must be an integer, not a number with a fraction");
                help = "revisions are whole numbers such as 3 (3.0 is also accepted)".into();
            } else if instance.is_null() {
                help = format!("omit {at} instead of writing null, if it is optional");
            }
            Diagnostic::new(Code::Hcr103, pointer, message).help(help)
        }
        SchemaError::MinLength => Diagnostic::new(Code::Hcr104, pointer, at + " must not be empty"),
        SchemaError::Enum(options) => {
            let allowed = options
                .iter()
                .filter_map(Value::as_str)
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", ");
            Diagnostic::new(
                Code::Hcr105,
                pointer,
                format!("{at} must be one of {allowed}"),
            )
            .help(format!("use one of {allowed} (values are case-sensitive)"))
        }
        SchemaError::Const => Diagnostic::new(
            Code::Hcr106,
            pointer,
            format!("{at} must be the string \"1.0\""),
        ),
        SchemaError::AnyOf => Diagnostic::new(
            Code::Hcr107,
            pointer,
            format!("evidence item {at} has neither `uri` nor `artifactRef`"),
        ),
        SchemaError::Pattern => {
            Diagnostic::new(Code::Hcr108, pointer, at + " must be 64 hexadecimal digits")
        }
        SchemaError::UniqueItems => {
            let (pointer, first) = match first_repeat(instance) {
                Some((repeat, first)) => (pointer.index(repeat), first),
                None => (pointer, 0),
            };
            let repeat = field(&pointer);
            Diagnostic::new(
                Code::Hcr109,
                pointer,
                format!("{repeat} repeats item {first} of the list"),
            )
        }
        SchemaError::Minimum => Diagnostic::new(Code::Hcr110, pointer, at + " must be at least 1"),
        SchemaError::MaxLength(limit) => Diagnostic::new(
            Code::Hcr111,
            pointer,
            format!(
                "{at} is {} characters long; the limit is {limit}",
                instance.as_str().map_or(0, |s| s.chars().count())
            ),
        ),
        SchemaError::DateTime => {
            Diagnostic::new(Code::Hcr112, pointer, at + " is not an RFC 3339 date-time")
        }
        SchemaError::UriReference => Diagnostic::new(
            Code::Hcr113,
            pointer,
            at + " is not an RFC 3986 URI reference",
        ),
        // The v1.0 schema uses no other keyword; should a future schema, report it plainly.
        SchemaError::Other(keyword) => Diagnostic::new(
            Code::Hcr103,
            pointer,
            format!("{at} breaks the schema's `{keyword}` keyword"),
        ),
    };
    out.push_at(diagnostic, node);
}

fn json_type(value: Json<'_, '_>) -> &'static str {
    match value.kind() {
        Kind::Null => "null",
        Kind::Bool => "a boolean",
        Kind::Number if value.as_number().is_some_and(Number::is_f64) => "a number",
        Kind::Number => "an integer",
        Kind::String => "a string",
        Kind::Array => "an array",
        Kind::Object => "an object",
    }
}

/// The `jsonschema` crate as the oracle of the schema level: its errors for a value, mapped
/// through the same [`report`], and this module's walk beside them (see [`crate::oracle`]).
#[cfg(feature = "oracle")]
pub(crate) mod oracle {
    use std::sync::OnceLock;

    use hcr_types::JsonPointer;
    use jsonschema::error::ValidationErrorKind;
    use serde_json::Value;

    use super::SchemaError;
    use crate::sink::Sink;
    use crate::{Diagnostic, Selection, Spelling};
    use hcr_json::Tree;

    /// The record of `text` as the one-pass parser reads it (repeated keys kept), with the
    /// default limits; `None` when it does not parse.
    fn parsed(text: &str) -> Option<hcr_json::Document<'_>> {
        hcr_json::parse(
            text.as_bytes(),
            &hcr_json::Limits::default(),
            super::property_names(),
        )
        .ok()
    }

    /// The schema's fields as its straight-line readings know them.
    fn fast_fields() -> &'static super::fast::Fields {
        super::program()
            .fast
            .as_ref()
            .unwrap_or_else(|| unreachable!("the embedded schema has every field (a test)"))
    }

    fn validator() -> &'static jsonschema::Validator {
        static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
        VALIDATOR.get_or_init(|| {
            jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .should_validate_formats(true)
                .build(super::schema())
                .unwrap_or_else(|e| unreachable!("the embedded schema compiles: {e}"))
        })
    }

    fn sink(limit: usize) -> Sink {
        Sink::new(limit, Selection::default(), Spelling::Field)
    }

    /// The schema-level diagnostics `jsonschema` gives `value`, in its order, kept up to
    /// `limit` (the rest counted): what [`schema_diagnostics`] must equal.
    #[must_use]
    pub fn jsonschema_diagnostics(value: &Value, limit: usize) -> (Vec<Diagnostic>, usize) {
        let mut out = sink(limit);
        for error in validator().iter_errors(value) {
            let pointer = JsonPointer::parse(error.instance_path().as_str()).unwrap_or_default();
            let error_kind = match error.kind() {
                ValidationErrorKind::Required { property } => {
                    SchemaError::Required(property.as_str().unwrap_or_default().to_owned())
                }
                ValidationErrorKind::AdditionalProperties { unexpected } => {
                    SchemaError::Additional(unexpected.clone())
                }
                ValidationErrorKind::Type { kind } => SchemaError::Type(match kind {
                    jsonschema::error::TypeKind::Single(t) => {
                        super::Type::parse(&t.to_string()).map_or("unknown", super::Type::name)
                    }
                    jsonschema::error::TypeKind::Multiple(_) => "several types",
                }),
                ValidationErrorKind::MinLength { .. } => SchemaError::MinLength,
                ValidationErrorKind::MaxLength { limit } => SchemaError::MaxLength(*limit),
                ValidationErrorKind::Enum { options } => {
                    SchemaError::Enum(options.as_array().cloned().unwrap_or_default())
                }
                ValidationErrorKind::Constant { .. } => SchemaError::Const,
                ValidationErrorKind::AnyOf { .. } => SchemaError::AnyOf,
                ValidationErrorKind::Pattern { .. } => SchemaError::Pattern,
                ValidationErrorKind::UniqueItems => SchemaError::UniqueItems,
                ValidationErrorKind::Minimum { .. } => SchemaError::Minimum,
                ValidationErrorKind::Format { format } if format == "date-time" => {
                    SchemaError::DateTime
                }
                ValidationErrorKind::Format { .. } => SchemaError::UriReference,
                other => SchemaError::Other(other.keyword().to_owned()),
            };
            let instance: Value = error.instance().as_ref().clone();
            let tree = Tree::from_value(&instance, crate::schema::property_names());
            super::report(error_kind, || pointer, tree.root(), &mut out);
        }
        (out.diagnostics, out.omitted.total())
    }

    /// The schema-level diagnostics of the walk, kept up to `limit` (the rest counted).
    #[must_use]
    pub fn schema_diagnostics(value: &Value, limit: usize) -> (Vec<Diagnostic>, usize) {
        let mut out = sink(limit);
        let tree = Tree::from_value(value, crate::schema::property_names());
        super::check(tree.root(), &mut out);
        (out.diagnostics, out.omitted.total())
    }

    /// The schema-level diagnostics of the walk over `text` read by the one-pass parser (or
    /// its fallback): repeated keys kept, read as `JSON.parse` reads them. `None` when the
    /// text does not parse.
    #[must_use]
    pub fn schema_diagnostics_of_text(
        text: &str,
        limit: usize,
    ) -> Option<(Vec<Diagnostic>, usize)> {
        let document = parsed(text)?;
        let mut out = sink(limit);
        super::check(document.tree.root(), &mut out);
        Some((out.diagnostics, out.omitted.total()))
    }

    /// Whether `jsonschema` accepts `value`.
    #[must_use]
    pub fn jsonschema_accepts(value: &Value) -> bool {
        validator().is_valid(value)
    }

    /// Whether the walk accepts `value`.
    #[must_use]
    pub fn schema_accepts(value: &Value) -> bool {
        let tree = Tree::from_value(value, crate::schema::property_names());
        super::is_valid(tree.root())
    }

    /// Whether the straight-line reading of a valid record (`schema::fast`) accepts
    /// `value`, which holds no repeated key: where it reads, what `jsonschema` accepts.
    #[must_use]
    pub fn fast_accepts(value: &Value) -> bool {
        let tree = Tree::from_value(value, crate::schema::property_names());
        fast_accepts_tree(&tree)
    }

    /// Whether the straight-line reading accepts the record of `text`, as the parser reads
    /// it (an object with a repeated key is not read: `false`). `None` when the text does
    /// not parse.
    #[must_use]
    pub fn fast_accepts_text(text: &str) -> Option<bool> {
        let document = parsed(text)?;
        Some(fast_accepts_tree(&document.tree))
    }

    fn fast_accepts_tree(tree: &Tree<'_>) -> bool {
        fast_verdict(tree) == super::fast::Verdict::Valid
    }

    fn fast_verdict(tree: &Tree<'_>) -> super::fast::Verdict {
        let fields = fast_fields();
        super::fast::verdict(fields, tree.root())
    }

    /// Whether the straight-line readings of the schema's objects and lists (what the
    /// reporting walk asks below a record's first error) agree with the walk that decides
    /// validity, on every object and list of the record of `text` (as the parser reads it)
    /// against every subschema that has a reading, wherever the value is: the same verdict,
    /// and where it fails, the same first failing node. `Ok` with the number of readings
    /// compared (one that does not read a value, for an object with a repeated key, is not
    /// counted); `Err` names the first difference. `None` when the text does not parse.
    #[must_use]
    pub fn readings_agree(text: &str) -> Option<Result<usize, String>> {
        let document = parsed(text)?;
        let program = super::program();
        let fields = fast_fields();
        let tree = &document.tree;
        let mut compared = 0;
        for index in 0..tree.len() {
            let value = tree.at(index);
            if !matches!(value.kind(), super::Kind::Object | super::Kind::Array) {
                continue;
            }
            for (schema, reading) in program.readings.iter().enumerate() {
                let Some(reading) = *reading else { continue };
                let fast = match super::fast::verdict_of(fields, reading, value) {
                    super::fast::Verdict::Unknown => continue,
                    super::fast::Verdict::Valid => None,
                    super::fast::Verdict::Invalid(failed) => Some(failed),
                };
                let mut walk = super::Walk::<false> {
                    program,
                    path: Vec::new(),
                    out: None,
                    failed: None,
                };
                let walked = walk
                    .schema(schema, value)
                    .is_break()
                    .then_some(walk.failed)
                    .flatten();
                if fast != walked {
                    return Some(Err(format!(
                        "node {index} against {reading:?}: the walk: {walked:?}, the reading: {fast:?}"
                    )));
                }
                compared += 1;
            }
        }
        Some(Ok(compared))
    }

    /// Where the walk that decides validity stops first on the record of `text` (as the
    /// parser reads it), and where the straight-line reading says it does: `Err` when the
    /// reading reads the record and the two differ (`Ok(false)` when it does not read it:
    /// an object with a repeated key). `None` when the text does not parse.
    #[must_use]
    pub fn fast_failure_agrees(text: &str) -> Option<Result<bool, String>> {
        let document = parsed(text)?;
        let walk = super::decide_by_walk(document.tree.root());
        let fast = match fast_verdict(&document.tree) {
            super::fast::Verdict::Unknown => return Some(Ok(false)),
            super::fast::Verdict::Valid => None,
            super::fast::Verdict::Invalid(failed) => Some(Some(failed)),
        };
        Some(if fast == walk {
            Ok(true)
        } else {
            Err(format!("the walk: {walk:?}, the reading: {fast:?}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use hcr_json::NOT_A_KEY;

    use super::*;

    /// Every object the straight-line reading reads is asked of it by the reporting walk, and
    /// so is every list of objects the schema declares (`decisions`, `evidence`,
    /// `constraints`, `openReview`, `reviewers`).
    #[test]
    fn every_reading_is_found_in_the_schema() {
        let readings: Vec<fast::Reading> = program().readings.iter().flatten().copied().collect();
        for def in fast::Def::ALL {
            assert!(
                readings.contains(&fast::Reading::Object(def)),
                "{def:?}: {readings:?}"
            );
        }
        let lists = readings
            .iter()
            .filter(|reading| matches!(reading, fast::Reading::List(_)))
            .count();
        assert_eq!(lists, 5, "{readings:?}");
    }

    /// The compiled checks of `#/$defs/evidence` are the ones [`Walk::evidence`] reads in
    /// straight-line code, in this order: its errors are theirs.
    #[test]
    fn the_evidence_report_reads_the_compiled_checks() {
        let program = program();
        // A subschema's checks, through a `$ref` alone.
        let target = |mut schema: usize| {
            while let [Check::Ref(to)] = program.schemas[schema].as_slice() {
                schema = *to;
            }
            &program.schemas[schema]
        };
        let evidence = program
            .readings
            .iter()
            .position(|reading| *reading == Some(fast::Reading::Object(fast::Def::Evidence)))
            .expect("the evidence reading");
        let [
            Check::Type(Type::Object),
            Check::Required { names, .. },
            Check::Properties {
                declared,
                closed: true,
                required_after: None,
                ..
            },
            Check::AnyOf(any),
        ] = program.schemas[evidence].as_slice()
        else {
            panic!("{:?}", program.schemas[evidence]);
        };
        assert_eq!(names, &["id", "label"]);
        let text = "[Text { min: Some(1), max: None }]";
        let expected = [
            ("id", text),
            ("label", text),
            ("claim", text),
            (
                "uri",
                "[Text { min: None, max: None }, Format(UriReference)]",
            ),
            ("artifactRef", text),
            ("contentType", text),
            ("sha256", "[Text { min: None, max: None }, Hex64]"),
        ];
        let found: Vec<(&str, String)> = declared
            .iter()
            .map(|member| (member.name.as_str(), format!("{:?}", target(member.schema))))
            .collect();
        let expected: Vec<(&str, String)> = expected
            .iter()
            .map(|&(name, checks)| (name, checks.to_owned()))
            .collect();
        assert_eq!(found, expected);
        let any: Vec<String> = any
            .iter()
            .map(|&schema| format!("{:?}", target(schema)))
            .collect();
        assert_eq!(
            any,
            [
                r#"[Required { names: ["uri"], places: None }]"#,
                r#"[Required { names: ["artifactRef"], places: None }]"#,
            ]
        );
    }

    #[test]
    fn the_embedded_schema_compiles() {
        let program = Program::compile(schema()).expect("compiles");
        assert!(program.schemas.len() > 10);
    }

    /// Every object and list of the v1.0 schema is checked for validity in one pass over its
    /// members or items ([`Shape`]); the schema oracle's tests hold the verdicts to the
    /// checks'.
    #[test]
    fn the_embedded_schema_takes_the_one_pass_shapes() {
        let program = program();
        let mut objects = 0;
        let mut arrays = 0;
        for (checks, shape) in program.schemas.iter().zip(&program.shapes) {
            let declares = checks
                .iter()
                .any(|check| matches!(check, Check::Properties { .. }));
            let lists = checks.iter().any(|check| matches!(check, Check::Items(_)));
            match shape {
                Shape::Object { .. } => objects += 1,
                Shape::Array { .. } => arrays += 1,
                Shape::One | Shape::Checks => {
                    assert!(!declares && !lists, "{checks:?} is not read in one pass");
                }
            }
        }
        // The record, its objects and the items of its lists of objects; its lists (some
        // share a subschema through `$ref`).
        assert!(
            objects >= 10 && arrays >= 6,
            "{objects} objects, {arrays} lists"
        );
    }

    /// The property names are the schema's own, read from it: every name some `properties`
    /// declares, and nothing else (names that share a fingerprint included).
    #[test]
    fn property_names_are_exactly_the_declared_ones() {
        let mut declared = std::collections::BTreeSet::new();
        let mut stack = vec![schema()];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(map) => {
                    if let Some(Value::Object(properties)) = map.get("properties") {
                        declared.extend(properties.keys().cloned());
                    }
                    stack.extend(map.values());
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        assert!(declared.len() > 40, "{declared:?}");
        let is_property_name = |name: &str| property_names().number_of(name) != NOT_A_KEY;
        for name in &declared {
            assert!(is_property_name(name), "{name}");
            for near in [
                format!("{name}x"),
                name[..name.len() - 1].to_owned(),
                name.to_uppercase(),
            ] {
                assert_eq!(is_property_name(&near), declared.contains(&near), "{near}");
            }
        }
        // `createdAt` and `createdBy` share a fingerprint (length and first seven bytes).
        assert!(is_property_name("createdAt") && is_property_name("createdBy"));
        for other in ["createdOn", "", "password", "summaries", "extension"] {
            assert!(!is_property_name(other), "{other}");
        }
    }

    /// Every key is numbered as it is read, by whichever reader: a declared name by its own
    /// number, anything else (an escaped spelling decodes first) by none; only a member's
    /// value is under a key.
    #[test]
    fn keys_carry_the_number_of_their_name() {
        // Numbered in sorted order, each name its own number.
        let names = property_names();
        let mut sorted: Vec<&str> = declared_names(&program().schemas).collect();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        for (number, name) in sorted.iter().enumerate() {
            assert_eq!(usize::from(names.number_of(name)), number, "{name}");
        }
        let text = r#"{"summary": [{"kind": 1}], "su\u006dmary": 2, "summar": {"summaryx": 3}}"#;
        let expect = |tree: &hcr_json::Tree<'_>| {
            let root = tree.root();
            let number = |key: &str| names.number_of(key);
            assert_eq!(root.key_number(), NOT_A_KEY);
            let members: Vec<_> = root.all_members().collect();
            assert_eq!(members[0].1.key_number(), number("summary"));
            assert_eq!(members[1].1.key_number(), number("summary"));
            assert_eq!(members[2].1.key_number(), NOT_A_KEY);
            let item = members[0].1.items().next().expect("an item");
            assert_eq!(item.key_number(), NOT_A_KEY);
            assert_eq!(item.get("kind").map(Json::key_number), Some(number("kind")));
            let inner = members[2].1.get("summaryx").expect("a member");
            assert_eq!(inner.key_number(), NOT_A_KEY);
            assert_ne!(number("kind"), NOT_A_KEY);
        };
        let limits = crate::Limits::default();
        let spanned = crate::parse::parse(text.as_bytes(), &limits).expect("JSON");
        assert!(spanned.tree.has_spans(), "the one-pass parser read it");
        expect(&spanned.tree);
        let serde = crate::parse::parse_without_spans(text.as_bytes(), &limits).expect("JSON");
        expect(&serde.tree);
    }

    #[test]
    fn a_recursive_schema_compiles_and_checks() {
        // Names the embedded schema declares: a tree's keys are numbered by its names.
        let schema = serde_json::json!({
            "$ref": "#/$defs/node",
            "$defs": {"node": {
                "type": "object",
                "properties": {"evidence": {"$ref": "#/$defs/node"}, "summary": {"type": "string"}},
                "additionalProperties": false
            }}
        });
        let mut program = Program::compile(&schema).expect("compiles");
        number_places(&mut program.schemas, &super::program().names)
            .expect("the embedded schema declares these names");
        let value = serde_json::json!({"evidence": {"evidence": {"summary": 3}}});
        let tree = hcr_json::Tree::from_value(&value, property_names());
        let mut walk = Walk::<false> {
            program: &program,
            path: Vec::new(),
            out: None,
            failed: None,
        };
        assert!(walk.schema(program.root, tree.root()).is_break());
        let fine = serde_json::json!({"evidence": {"evidence": {"summary": "x"}}});
        let tree = hcr_json::Tree::from_value(&fine, property_names());
        assert!(walk.schema(program.root, tree.root()).is_continue());
        let unknown = serde_json::json!({"evidence": {"next": {}}});
        let tree = hcr_json::Tree::from_value(&unknown, property_names());
        assert!(walk.schema(program.root, tree.root()).is_break());
        // A name the embedded schema does not declare cannot be numbered.
        let other = serde_json::json!({"properties": {"next": {}}});
        let mut program = Program::compile(&other).expect("compiles");
        assert!(number_places(&mut program.schemas, &super::program().names).is_err());
    }

    #[test]
    fn an_unknown_keyword_is_refused() {
        for schema in [
            serde_json::json!({"maxItems": 3}),
            serde_json::json!({"pattern": "^a$"}),
            serde_json::json!({"format": "email"}),
            serde_json::json!({"$ref": "https://example.org/s"}),
            serde_json::json!({"additionalProperties": {"type": "string"}}),
        ] {
            assert!(Program::compile(&schema).is_err(), "{schema}");
        }
    }

    #[test]
    fn numbers_compare_exactly() {
        let n = |v: serde_json::Value| v.as_number().cloned().expect("number");
        let one = n(serde_json::json!(1));
        assert!(less_than(
            &n(serde_json::json!(0.999_999_999_999_999_9)),
            &one
        ));
        assert!(!less_than(&n(serde_json::json!(1.0)), &one));
        assert!(less_than(&n(serde_json::json!(-5)), &one));
        assert!(!less_than(&n(serde_json::json!(u64::MAX)), &one));
        assert_eq!(
            compare(
                &n(serde_json::json!(u64::MAX)),
                &n(serde_json::json!(1.8446744073709552e19))
            ),
            Some(std::cmp::Ordering::Less)
        );
        assert_eq!(
            compare(&n(serde_json::json!(3)), &n(serde_json::json!(3.0))),
            Some(std::cmp::Ordering::Equal)
        );
    }

    #[test]
    fn code_points_are_counted() {
        assert!(chars_below("", 1));
        assert!(!chars_below("é", 1));
        assert!(chars_above(&"é".repeat(201), 200));
        assert!(!chars_above(&"é".repeat(200), 200));
    }
}

//! The v1.0 schema's verdict for a record that satisfies it, in straight-line code over the
//! tree's flat list of nodes.
//!
//! Most records satisfy the schema. The walk that decides validity interprets the compiled
//! [`Program`](super::Program) value by value (a subschema's shape looked up, each `$ref` a
//! call, each member read through the `JSON.parse` view); here each object of the v1.0 schema
//! is one function that reads its members' keys by number and checks each member's value in
//! place (a text, a list of texts, a format, a nested object), the required members a bit
//! each. It says "valid", or where the walk that decides validity would stop first; an
//! object with a repeated key, which it does not read as `JSON.parse` does, it leaves to
//! the compiled walk. The reporting walk asks it too ([`verdict_of`]), of each object and
//! list of objects after a record's first error, instead of that walk. The schema oracle's
//! tests hold its verdict to `jsonschema`'s wherever it reads a record (every value the
//! tests build without a repeated key), its first failure to the walk's, and each object's
//! and list's reading to the walk's on every object and list of the tests' documents
//! (`oracle::readings_agree`); [`tests::the_objects_are_the_schemas`] holds its objects'
//! declared and required names to the embedded schema's.

use std::cell::Cell;

use hcr_json::{FlatNode, Json, KeyTable, NOT_A_KEY, Tree};

use super::{first_repeat, is_integer, less_than};

/// Declares [`Field`], the property names of the v1.0 schema, and [`NAMES`], their text.
macro_rules! fields {
    ($($field:ident = $name:literal,)*) => {
        /// A property name of the v1.0 schema ([`Field::Other`]: any other name).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub(super) enum Field {
            Other,
            $($field,)*
        }

        /// Each [`Field`] (but [`Field::Other`]) with its name.
        const NAMES: &[(Field, &str)] = &[$((Field::$field, $name),)*];
    };
}

fields! {
    SchemaVersion = "schemaVersion",
    RecordId = "recordId",
    Objective = "objective",
    CurrentState = "currentState",
    Decisions = "decisions",
    Evidence = "evidence",
    Constraints = "constraints",
    NextAction = "nextAction",
    Ownership = "ownership",
    OpenReview = "openReview",
    Provenance = "provenance",
    Extensions = "extensions",
    Summary = "summary",
    AcceptanceCriteria = "acceptanceCriteria",
    Complete = "complete",
    InProgress = "inProgress",
    Blocked = "blocked",
    Unverified = "unverified",
    Rationale = "rationale",
    Status = "status",
    Supersedes = "supersedes",
    Id = "id",
    Label = "label",
    Claim = "claim",
    Uri = "uri",
    ArtifactRef = "artifactRef",
    ContentType = "contentType",
    Sha256 = "sha256",
    Kind = "kind",
    Text = "text",
    Verification = "verification",
    DueAt = "dueAt",
    NextActor = "nextActor",
    Reviewers = "reviewers",
    Revision = "revision",
    Assignee = "assignee",
    ResolvedByRevision = "resolvedByRevision",
    CreatedBy = "createdBy",
    CreatedAt = "createdAt",
    SourceRevision = "sourceRevision",
    DisplayName = "displayName",
    Type = "type",
}

use Field::{
    AcceptanceCriteria, ArtifactRef, Assignee, Blocked, Claim, Complete, Constraints, ContentType,
    CreatedAt, CreatedBy, CurrentState, Decisions, DisplayName, DueAt, Evidence, Extensions, Id,
    InProgress, Kind, Label, NextAction, NextActor, Objective, OpenReview, Ownership, Provenance,
    Rationale, RecordId, ResolvedByRevision, Reviewers, Revision, SchemaVersion, Sha256,
    SourceRevision, Status, Summary, Supersedes, Text, Type, Unverified, Uri, Verification,
};

/// The bit of a field in a set of them.
const fn bit(field: Field) -> u64 {
    1 << field as u8
}

/// The set of `fields`.
const fn set(fields: &[Field]) -> u64 {
    let mut bits = 0;
    let mut i = 0;
    while i < fields.len() {
        bits |= bit(fields[i]);
        i += 1;
    }
    bits
}

/// An object of the schema as this module reads it: where it is (`$defs` name, or `""` for
/// the record), the names it declares and the ones it requires (what
/// [`tests::the_objects_are_the_schemas`] compares with the schema).
pub(super) struct Object {
    pub(super) at: &'static str,
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) declared: &'static [Field],
    pub(super) required: &'static [Field],
}

const RECORD: Object = Object {
    at: "",
    declared: &[
        SchemaVersion,
        RecordId,
        Objective,
        CurrentState,
        Decisions,
        Evidence,
        Constraints,
        NextAction,
        Ownership,
        OpenReview,
        Provenance,
        Extensions,
    ],
    required: &[
        SchemaVersion,
        Objective,
        CurrentState,
        Decisions,
        Evidence,
        Constraints,
        NextAction,
        Ownership,
        OpenReview,
    ],
};
const ACTOR: Object = Object {
    at: "actor",
    declared: &[Id, DisplayName, Type],
    required: &[Id, Type],
};
const OBJECTIVE: Object = Object {
    at: "objective",
    declared: &[Summary, AcceptanceCriteria],
    required: &[Summary, AcceptanceCriteria],
};
const CURRENT_STATE: Object = Object {
    at: "currentState",
    declared: &[Complete, InProgress, Blocked, Unverified],
    required: &[Complete, InProgress, Blocked, Unverified],
};
const DECISION: Object = Object {
    at: "decision",
    declared: &[Summary, Rationale, Status, Supersedes],
    required: &[Summary, Rationale, Status],
};
const EVIDENCE: Object = Object {
    at: "evidence",
    declared: &[Id, Label, Claim, Uri, ArtifactRef, ContentType, Sha256],
    required: &[Id, Label],
};
const CONSTRAINT: Object = Object {
    at: "constraint",
    declared: &[Kind, Text],
    required: &[Kind, Text],
};
const NEXT_ACTION: Object = Object {
    at: "nextAction",
    declared: &[Summary, Verification, DueAt],
    required: &[Summary, Verification],
};
const OWNERSHIP: Object = Object {
    at: "ownership",
    declared: &[NextActor, Reviewers],
    required: &[NextActor],
};
const REVIEW_ITEM: Object = Object {
    at: "reviewItem",
    declared: &[
        Id,
        Summary,
        Status,
        ArtifactRef,
        Revision,
        Assignee,
        ResolvedByRevision,
    ],
    required: &[Id, Summary, Status],
};
const PROVENANCE: Object = Object {
    at: "provenance",
    declared: &[CreatedBy, CreatedAt, SourceRevision],
    required: &[CreatedBy, CreatedAt],
};

/// The [`Field`] of each name number of the schema's [`KeyTable`].
pub(super) struct Fields([Field; 256]);

impl std::fmt::Debug for Fields {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.0.iter().filter(|&&field| field != Field::Other))
            .finish()
    }
}

impl Fields {
    /// The fields of `names`' numbers; `None` when one of [`NAMES`] is not among them (the
    /// schema changed: the compiled walk alone decides then).
    pub(super) fn new(names: &KeyTable) -> Option<Self> {
        let mut fields = [Field::Other; 256];
        for &(field, name) in NAMES {
            let number = names.number_of(name);
            if number == NOT_A_KEY {
                return None;
            }
            fields[usize::from(number)] = field;
        }
        Some(Self(fields))
    }
}

impl Fields {
    /// The field of a key's name number ([`Field::Other`] for a name the schema does not
    /// declare).
    #[inline]
    pub(super) fn field(&self, number: u8) -> Field {
        self.0[usize::from(number)]
    }
}

/// The node after the value at `at`, if it is valid; `None` if not (see [`Read::failed`]),
/// or not known here ([`Read::unknown`]).
type Next = Option<usize>;

/// What the reading says of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// It satisfies the schema.
    Valid,
    /// It does not, and the walk that decides validity would stop first at this node (the
    /// innermost value whose subschema fails, in the walk's order): what the reporting walk
    /// is given.
    Invalid(usize),
    /// It holds an object with a repeated key (outside `extensions`), which this reading
    /// does not read as `JSON.parse` does: the compiled walk decides.
    Unknown,
}

/// The record at `value` against the v1.0 schema (see [`Verdict`]).
pub(super) fn verdict(fields: &Fields, value: Json<'_, '_>) -> Verdict {
    Read::run(fields, value, |read, at| read.record(at))
}

/// An object of the v1.0 schema this module reads: the record, or a `$defs` object (nested
/// in the record or named by a `$ref`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Def {
    Record,
    Actor,
    Objective,
    CurrentState,
    Decision,
    Evidence,
    Constraint,
    NextAction,
    Ownership,
    ReviewItem,
    Provenance,
}

impl Def {
    /// Every object this module reads.
    pub(super) const ALL: [Self; 11] = [
        Self::Record,
        Self::Actor,
        Self::Objective,
        Self::CurrentState,
        Self::Decision,
        Self::Evidence,
        Self::Constraint,
        Self::NextAction,
        Self::Ownership,
        Self::ReviewItem,
        Self::Provenance,
    ];

    /// Where the object is in the schema, its declared and required names.
    pub(super) const fn object(self) -> &'static Object {
        match self {
            Self::Record => &RECORD,
            Self::Actor => &ACTOR,
            Self::Objective => &OBJECTIVE,
            Self::CurrentState => &CURRENT_STATE,
            Self::Decision => &DECISION,
            Self::Evidence => &EVIDENCE,
            Self::Constraint => &CONSTRAINT,
            Self::NextAction => &NEXT_ACTION,
            Self::Ownership => &OWNERSHIP,
            Self::ReviewItem => &REVIEW_ITEM,
            Self::Provenance => &PROVENANCE,
        }
    }
}

/// A subschema this module reads: one of its objects, or a list (`type: array`, no
/// `uniqueItems`) of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// The object.
    Object(Def),
    /// A list (`type: array`, no `uniqueItems`) of the object.
    List(Def),
}

/// The value at `value` against the subschema `reading` reads (see [`Verdict`]; `Invalid`
/// names where the walk that decides validity would stop first in that subschema). The
/// reporting walk asks this, instead of that walk, of the objects and lists after a
/// record's first error: the same verdict, for a fraction of the instructions.
pub(super) fn verdict_of(fields: &Fields, reading: Reading, value: Json<'_, '_>) -> Verdict {
    Read::run(fields, value, |read, at| match reading {
        Reading::Object(def) => read.def(def, at),
        Reading::List(def) => read.list(at, |read, at| read.def(def, at)),
    })
}

/// A reading of one tree. It reads values in the order the walk that decides validity does
/// (an object's members in document order, then its required names, then `anyOf`; a list's
/// items, then their repeats), so that the first value it finds wrong is the walk's.
#[derive(Clone, Copy)]
struct Read<'r, 't> {
    tree: &'r Tree<'t>,
    fields: &'r Fields,
    /// The innermost value found wrong first.
    failed: &'r Cell<Option<usize>>,
    /// Whether an object with a repeated key was met.
    unknown: &'r Cell<bool>,
}

impl Read<'_, '_> {
    /// The verdict of `read` (a reading of the value at its node) on `value`.
    #[inline(always)]
    fn run(
        fields: &Fields,
        value: Json<'_, '_>,
        read: impl FnOnce(Read<'_, '_>, usize) -> Next,
    ) -> Verdict {
        let failed = Cell::new(None);
        let unknown = Cell::new(false);
        let reading = Read {
            tree: value.tree(),
            fields,
            failed: &failed,
            unknown: &unknown,
        };
        let valid = read(reading, value.index).is_some();
        match (valid, unknown.get(), failed.get()) {
            (_, true, _) => Verdict::Unknown,
            (true, false, _) => Verdict::Valid,
            (false, false, Some(failed)) => Verdict::Invalid(failed),
            (false, false, None) => Verdict::Unknown,
        }
    }

    /// The value at `at` does not satisfy its subschema: `None`, and `at` is where the
    /// reading failed unless a value inside it failed first.
    #[inline(always)]
    fn fail(self, at: usize) -> Next {
        if self.failed.get().is_none() {
            self.failed.set(Some(at));
        }
        None
    }

    /// The object at `at` (no key repeated), its members' values read by `member` (given the
    /// field of the key and the value's node; `None` for a name it does not declare); its
    /// end, if it holds the `object`'s required members and `more` accepts the fields it
    /// has.
    #[inline(always)]
    fn object(
        self,
        at: usize,
        object: &Object,
        more: impl FnOnce(u64) -> bool,
        mut member: impl FnMut(Field, usize) -> Next,
    ) -> Next {
        let FlatNode::Object {
            members,
            end,
            repeats,
        } = self.tree.node(at)
        else {
            return self.fail(at);
        };
        if repeats {
            self.unknown.set(true);
            return None;
        }
        let mut present = 0;
        let mut next = at + 1;
        for _ in 0..members {
            let FlatNode::Key(_, number) = self.tree.node(next) else {
                self.unknown.set(true);
                return None;
            };
            let field = self.fields.0[usize::from(number)];
            present |= bit(field);
            match member(field, next + 1) {
                Some(after) => next = after,
                None => return self.fail(at),
            }
        }
        let required = set(object.required);
        if present & required == required && more(present) {
            Some(end)
        } else {
            self.fail(at)
        }
    }

    /// A string that `test` accepts.
    #[inline(always)]
    fn string(self, at: usize, test: impl FnOnce(&str) -> bool) -> Next {
        match self.tree.node(at) {
            FlatNode::String(text) if test(text) => Some(at + 1),
            _ => self.fail(at),
        }
    }

    /// `nonEmptyText`: a string of at least one character.
    #[inline(always)]
    fn text(self, at: usize) -> Next {
        self.string(at, |text| !text.is_empty())
    }

    /// One of a schema enum's spellings, read by its `hcr-types` enum: the one list of them
    /// (`ActorType`, `DecisionStatus`, `ConstraintKind`, `ReviewStatus`).
    #[inline(always)]
    fn spelled<T>(self, at: usize, parse: fn(&str) -> Option<T>) -> Next {
        self.string(at, |text| parse(text).is_some())
    }

    /// `type: integer, minimum: 1`.
    fn positive(self, at: usize) -> Next {
        let one = serde_json::Number::from(1u8);
        match self.tree.at(at).as_number() {
            Some(number) if is_integer(number) && !less_than(number, &one) => Some(at + 1),
            _ => self.fail(at),
        }
    }

    /// A list (`type: array`) whose items `item` reads.
    #[inline(always)]
    fn list(self, at: usize, item: impl Fn(Self, usize) -> Next) -> Next {
        let FlatNode::Array { items, end } = self.tree.node(at) else {
            return self.fail(at);
        };
        let mut next = at + 1;
        for _ in 0..items {
            match item(self, next) {
                Some(after) => next = after,
                None => return self.fail(at),
            }
        }
        Some(end)
    }

    /// `textList`: a list of `nonEmptyText` (each item read first), no two the same.
    fn texts(self, at: usize) -> Next {
        const PAIRWISE: usize = 16;
        let FlatNode::Array { items, end } = self.tree.node(at) else {
            return self.fail(at);
        };
        let mut seen = [""; PAIRWISE];
        let mut repeats = false;
        // Until one is not, every item is a string: one node each.
        for (i, node) in (at + 1..at + 1 + items).enumerate() {
            let FlatNode::String(text) = self.tree.node(node) else {
                self.fail(node);
                return self.fail(at);
            };
            if text.is_empty() {
                self.fail(node);
                return self.fail(at);
            }
            if i < PAIRWISE {
                repeats |= seen[..i].contains(&text);
                seen[i] = text;
            }
        }
        if repeats || (items > PAIRWISE && first_repeat(self.tree.at(at)).is_some()) {
            return self.fail(at);
        }
        Some(end)
    }

    fn record(self, at: usize) -> Next {
        self.object(
            at,
            &RECORD,
            |_| true,
            |field, at| match field {
                SchemaVersion => self.string(at, |text| text == hcr_types::SchemaVersion::V1_0),
                RecordId => self.string(at, |text| {
                    !text.is_empty() && !super::chars_above(text, 200)
                }),
                Objective => self.objective::<false>(at),
                CurrentState => self.current_state::<false>(at),
                Decisions => self.list(at, Self::decision::<false>),
                Evidence => self.list(at, Self::evidence::<false>),
                Constraints => self.list(at, Self::constraint::<false>),
                NextAction => self.next_action::<false>(at),
                Ownership => self.ownership::<false>(at),
                OpenReview => self.list(at, Self::review_item::<false>),
                Provenance => self.provenance::<false>(at),
                // `type: object`, any members.
                Extensions => match self.tree.node(at) {
                    FlatNode::Object { end, .. } => Some(end),
                    _ => self.fail(at),
                },
                _ => None,
            },
        )
    }

    /// The object `def` at `at`, read on its own (what the reporting walk asks). Each
    /// object's reading takes `ALONE`: `true` here, `false` inside the record's, so that
    /// each is two copies, and the record's reading, the one every record takes, keeps its
    /// objects inlined (with a second caller, the compiler called each object's reading
    /// out of line from the record's: 12% more instructions for the record's reading).
    fn def(self, def: Def, at: usize) -> Next {
        match def {
            Def::Record => self.record(at),
            Def::Actor => self.actor(at),
            Def::Objective => self.objective::<true>(at),
            Def::CurrentState => self.current_state::<true>(at),
            Def::Decision => self.decision::<true>(at),
            Def::Evidence => self.evidence::<true>(at),
            Def::Constraint => self.constraint::<true>(at),
            Def::NextAction => self.next_action::<true>(at),
            Def::Ownership => self.ownership::<true>(at),
            Def::ReviewItem => self.review_item::<true>(at),
            Def::Provenance => self.provenance::<true>(at),
        }
    }

    fn objective<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &OBJECTIVE,
            |_| true,
            |field, at| match field {
                Summary => self.text(at),
                AcceptanceCriteria => self.texts(at),
                _ => None,
            },
        )
    }

    fn current_state<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &CURRENT_STATE,
            |_| true,
            |field, at| match field {
                Complete | InProgress | Blocked | Unverified => self.texts(at),
                _ => None,
            },
        )
    }

    fn next_action<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &NEXT_ACTION,
            |_| true,
            |field, at| match field {
                Summary | Verification => self.text(at),
                DueAt => self.string(at, hcr_types::is_rfc3339),
                _ => None,
            },
        )
    }

    fn ownership<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &OWNERSHIP,
            |_| true,
            |field, at| match field {
                NextActor => self.actor(at),
                Reviewers => self.list(at, Self::actor),
                _ => None,
            },
        )
    }

    fn provenance<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &PROVENANCE,
            |_| true,
            |field, at| match field {
                CreatedBy => self.actor(at),
                CreatedAt => self.string(at, hcr_types::is_rfc3339),
                SourceRevision => self.positive(at),
                _ => None,
            },
        )
    }

    fn actor(self, at: usize) -> Next {
        self.object(
            at,
            &ACTOR,
            |_| true,
            |field, at| match field {
                Id | DisplayName => self.text(at),
                Type => self.spelled(at, hcr_types::ActorType::parse),
                _ => None,
            },
        )
    }

    fn decision<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &DECISION,
            |_| true,
            |field, at| match field {
                Summary | Rationale | Supersedes => self.text(at),
                Status => self.spelled(at, hcr_types::DecisionStatus::parse),
                _ => None,
            },
        )
    }

    fn evidence<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &EVIDENCE,
            // `anyOf`: `required: [uri]` or `required: [artifactRef]`.
            |present| present & (bit(Uri) | bit(ArtifactRef)) != 0,
            |field, at| match field {
                Id | Label | Claim | ArtifactRef | ContentType => self.text(at),
                Uri => self.string(at, hcr_types::is_uri_reference),
                Sha256 => self.string(at, hcr_types::Sha256::is_hex),
                _ => None,
            },
        )
    }

    fn constraint<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &CONSTRAINT,
            |_| true,
            |field, at| match field {
                Kind => self.spelled(at, hcr_types::ConstraintKind::parse),
                Text => self.text(at),
                _ => None,
            },
        )
    }

    fn review_item<const ALONE: bool>(self, at: usize) -> Next {
        self.object(
            at,
            &REVIEW_ITEM,
            |_| true,
            |field, at| match field {
                Id | Summary | ArtifactRef => self.text(at),
                Status => self.spelled(at, hcr_types::ReviewStatus::parse),
                Revision | ResolvedByRevision => self.positive(at),
                Assignee => self.actor(at),
                _ => None,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::{Def, Field, NAMES};

    fn name(field: Field) -> &'static str {
        NAMES
            .iter()
            .find(|&&(f, _)| f == field)
            .map_or("", |&(_, name)| name)
    }

    fn names(fields: &[Field]) -> BTreeSet<&'static str> {
        fields.iter().map(|&field| name(field)).collect()
    }

    fn strings(value: Option<&Value>) -> BTreeSet<&str> {
        value
            .and_then(Value::as_array)
            .map(|list| list.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    /// Each object this module reads declares and requires the names its subschema in the
    /// embedded schema does, and every object subschema with `properties` is one of them.
    #[test]
    fn the_objects_are_the_schemas() {
        let schema = super::super::schema();
        let defs = schema["$defs"].as_object().expect("$defs");
        let mut objects: BTreeSet<&str> = defs
            .iter()
            .filter(|(_, def)| def.get("properties").is_some())
            .map(|(at, _)| at.as_str())
            .collect();
        objects.insert("");
        let read: BTreeSet<&str> = Def::ALL.iter().map(|def| def.object().at).collect();
        assert_eq!(read, objects);
        for object in Def::ALL.map(Def::object) {
            let subschema = if object.at.is_empty() {
                schema
            } else {
                &defs[object.at]
            };
            let declared: BTreeSet<&str> = subschema["properties"]
                .as_object()
                .expect("properties")
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(names(object.declared), declared, "{}", object.at);
            assert_eq!(
                names(object.required),
                strings(subschema.get("required")),
                "{}",
                object.at
            );
            assert_eq!(
                subschema["additionalProperties"],
                Value::Bool(false),
                "{}",
                object.at
            );
        }
    }

    /// Every name of [`NAMES`] is a property name of the schema, and the other way round: the
    /// reading is on.
    #[test]
    fn every_field_is_a_property_name() {
        let names = super::super::property_names();
        assert_eq!(NAMES.len(), names.len());
        assert!(super::super::program().fast.is_some());
    }
}

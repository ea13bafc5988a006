//! `HANDOFF.md`, the Markdown handoff the publisher's `handoff` skill tells agents to write
//! (and its Markdown template's variant), and the handoff files people and agents write in
//! layouts of their own: read into sections by what their headings mean (one table,
//! [`headings`]), linted with HCR6xx diagnostics, drafted into records, and rendered from
//! them.
//!
//! | HANDOFF.md section (any heading the table maps to the role) | HCR |
//! |---|---|
//! | Goal / Objective: the first paragraph (or its bullets); a "done when" or `Criteria:` sentence. Without one: a `**What**:` item, else the work a title names after its handoff word (`Übergabe: …`), else a sentence before the first section that says which work is carried on (`I'm continuing work on …`) | `objective.summary`, a criterion |
//! | Acceptance / success criteria; bullets after the goal's paragraph | `objective.acceptanceCriteria` |
//! | Current state: `Complete:`, `In progress:`, `Blocked:`, `Unverified:` labels, subheadings, task boxes (`[x]` complete), status marks (✅) and status columns; unsplit state sentence by sentence by its words (unverified when they say none); `### The Problem` blocked. Known issues by their words (blocked unless untested) and ticked checklist boxes as well | `currentState` |
//! | Not started / To do / Remaining, an unchecked box | never `complete`: kept as `notStarted` |
//! | Decisions: items (`summary (because: rationale)`, `… because …`, `… — …`), paragraphs, subheadings, a label naming one decision; a decision stated in prose elsewhere (`has decided`, `intentional`) | `decisions` (a missing rationale is reported) |
//! | Evidence, Verification, Tests, Key files, Relevant artifacts: items, table rows, the files a listing or tree names; test results, commits (a commit log in code too), `… proves …` and `Last verified: <place>` anywhere; a done-and-verified list | `evidence` (`artifactRef` or `uri` from a path, link or revision; an item with neither is reported) |
//! | Constraints / Rules: `kind: text` items, a short code block; prohibitions, approval gates, `Only … can …` and labels naming rules anywhere | `constraints` (`other` when the kind is not one of the schema's) |
//! | Next action / Next steps: the first step not done (a horizon like `### Medium term` is no step); `Verification:`, `Due:`, `Owner:`, and the checks its own section lists (`Verify …`, `should pass`). Without one: the first thing left to do, else the lowest open stage of an ordered plan (`## Stufe 1 — …`) | `nextAction`; the other steps kept as `furtherSteps` |
//! | Ownership / Next actor: an id (never a sentence), with its type when given or named by its prefix | `ownership.nextActor` |
//! | a prompt for the next session in a fence under a heading that names one (`## Paste this into a new session`, `## Prompt de Reprise`), read as a handoff of its own | the fields the rest of the file leaves empty, or only filled from its title or first thing left |
//! | the title, the text before the first section, risks and open questions, every other section, lines of mapped sections no field reads, HTML comments and a front matter block (verbatim) | kept under the `sh.hcr.handoff-md` extension, each named ([`crate::draft::Draft::kept`]) |
//! | section `HCR record (hcr/v1)`: a JSON code block | the record: the Markdown's edits to what it shows applied ([`crate::draft::Draft::edited`]) |
//!
//! Sections are ATX and Setext headings, `=====` banners, and bold or `Label:` labels that
//! start a paragraph; a block quote's markers are set aside.

mod edits;
pub mod headings;
mod lint;
mod map;
mod months;
mod parse;
mod prompt;
mod recent;
mod render;

pub use lint::lint;
pub use parse::{Block, Bucket, Comment, Document, Item, Kind, Layout, Section};
pub use render::render;

use crate::convert::RECORD_SECTION;
use crate::draft::Draft;

/// The extension key under which a drafted record keeps what of a `HANDOFF.md` has no place
/// in HCR.
pub const HANDOFF_MD_EXTENSION: &str = "sh.hcr.handoff-md";

/// Drafts a record from a `HANDOFF.md` (see the module's table). A file that carries its
/// record (the `HCR record (hcr/v1)` section [`render()`] writes) gives that record, with
/// every edit the Markdown makes to what the rendering showed applied and named.
#[must_use]
pub fn from_handoff_md(text: &str) -> Draft {
    let document = Document::parse(text);
    let record_at = document.sections.iter().rposition(|s| s.is(RECORD_SECTION));
    let carried = record_at
        .and_then(|at| crate::convert::carried_record(&document.sections[at].text(&document)));
    match carried {
        Some(carried) => edits::apply(
            carried.record,
            prompt::read(&document, record_at),
            HANDOFF_MD_EXTENSION,
        ),
        None => prompt::read(&document, None).draft(HANDOFF_MD_EXTENSION),
    }
}

/// A searcher for any of `words`, exactly as written (for a text already lowercased, or one
/// whose case matters).
fn exact<P: AsRef<[u8]>>(words: impl IntoIterator<Item = P>) -> aho_corasick::AhoCorasick {
    aho_corasick::AhoCorasick::new(words)
        .unwrap_or_else(|_| unreachable!("a handful of fixed words builds"))
}

/// A searcher for any of `words`, ASCII case aside.
fn cues<P: AsRef<[u8]>>(words: impl IntoIterator<Item = P>) -> aho_corasick::AhoCorasick {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(words)
        .unwrap_or_else(|_| unreachable!("a handful of fixed words builds"))
}

/// A text's words as written, lowercased by the caller, a hyphen kept inside a word
/// (`half-life`, `broken-link`): the words a reading of parts or defects compares.
fn hyphenated_words(lower: &str) -> Vec<&str> {
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect()
}

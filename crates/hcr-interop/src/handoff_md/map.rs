//! A `HANDOFF.md`'s sections mapped into a record's fields by their [`Role`]s, everything
//! else kept under the extension, named.

use serde_json::{Map, Value, json};

use super::headings::{
    Role, before_qualifier, normalize, stage_number, status_mark, status_suffix,
};
use super::parse::{
    Block, Bucket, Document, Fence, Kind, Section, is_none, is_placeholder_text, location,
    unescape, unquote,
};
use super::{cues, exact};
use crate::draft::{Draft, Parts};

/// A set hashed with foldhash (seeded at random per process, as hcr-validate's): the
/// mapping puts every item's text of a file into sets, and SipHash was a visible share of
/// converting a file of 100,000 sections.
type FastSet<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;

/// A map hashed as [`FastSet`] is.
type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// What a file's text gives, before the record it may carry is consulted.
pub(crate) struct Mapped {
    pub(crate) parts: Parts,
    pub(crate) kept: Map<String, Value>,
    pub(crate) missing: Vec<String>,
    pub(crate) lost: Vec<String>,
    /// What is kept under the extension, named for people.
    pub(crate) named: Vec<String>,
    /// The fields (JSON Pointers) filled where no section names them: the objective from the
    /// title or the text before the sections, the next action from the first thing left to
    /// do. A prompt for the next session that names them says more ([`super::prompt`]).
    pub(crate) fallback: Vec<&'static str>,
}

impl Mapped {
    pub(crate) fn draft(self, extension: &str) -> Draft {
        let mut draft = self
            .parts
            .draft(extension, self.kept, self.missing, self.lost);
        draft.kept = self.named;
        draft
    }
}

/// The most items a list of the draft carries: a record's arrays hold at most this many
/// (the validator's default limit), so more would only make a draft no check accepts, at
/// the cost of memory for each.
const MAX_ITEMS: usize = 10_000;

/// `items`, at most [`MAX_ITEMS`] of them; the rest are counted in `lost`.
fn capped<T>(mut items: Vec<T>, what: &str, lost: &mut Vec<String>) -> Vec<T> {
    if items.len() > MAX_ITEMS {
        lost.push(format!(
            "{} more {what}: a list of a record holds at most {MAX_ITEMS} items",
            items.len() - MAX_ITEMS
        ));
        items.truncate(MAX_ITEMS);
    }
    items
}

/// `items` without repeats, first occurrence kept (the schema's lists are unique).
fn dedup(items: Vec<String>) -> Vec<String> {
    let mut seen = FastSet::default();
    items
        .into_iter()
        .filter(|i| seen.insert(i.clone()))
        .collect()
}

/// One entry of a list section: a top-level item (its nested items after a colon), a
/// paragraph or a table row, with the lines it covers and its task box.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) text: String,
    pub(crate) lines: Vec<usize>,
    pub(crate) checked: Option<bool>,
    /// A table row's cells with their column's header.
    pub(crate) cells: Vec<(String, String)>,
    pub(crate) paragraph: bool,
    /// An item under a bucket's label (`- Complete:` then `  - Built it.`).
    pub(crate) nested: bool,
}

impl Entry {
    /// An entry read from a code block: no line of its own (the block stays kept verbatim).
    fn code(text: String) -> Self {
        Self {
            text,
            lines: Vec::new(),
            checked: None,
            cells: Vec::new(),
            paragraph: false,
            nested: false,
        }
    }
}

/// [`entries`] of a list (decisions, evidence, constraints): when it has items, its
/// paragraphs introduce them and are no entries of their own.
pub(crate) fn list_entries(section: &Section, doc: &Document) -> Vec<Entry> {
    let all = entries(section, doc);
    let mut out: Vec<Entry> = if all.iter().any(|e| !e.paragraph) {
        // A short label introducing items (`Integration tests:`) names each of them.
        let mut intro: Option<(String, Vec<usize>)> = None;
        let mut out = Vec::new();
        for mut e in all {
            if e.paragraph && !e.lines.contains(&section.line) {
                let text = e.text.trim();
                intro = (text.ends_with([':', '：'])
                    && text.split_whitespace().count() <= 4
                    && text.chars().count() <= 60)
                    .then(|| (text.to_owned(), e.lines));
                continue;
            }
            if let Some((intro, lines)) = intro.as_ref().filter(|_| !e.paragraph) {
                e.text = format!("{intro} {}", e.text);
                e.lines.extend(lines);
            }
            out.push(e);
        }
        out
    } else {
        all
    };
    out.extend(code_entries(section, doc, out.is_empty()));
    out
}

/// The lines of each of a section's code blocks, trimmed, its fences and blank lines left
/// out (a table's header and rule are verbatim blocks too).
fn code_blocks<'d>(section: &Section, doc: &'d Document) -> Vec<Vec<&'d str>> {
    section
        .blocks(doc)
        .iter()
        .filter_map(|block| fenced(block, doc))
        .map(|lines| lines.into_iter().filter(|t| !t.is_empty()).collect())
        .collect()
}

/// A fenced block's lines, trimmed, its fences dropped and its blank lines kept; `None` for
/// any other block. A fence written inside (a prompt quoting one) is no line of code.
fn fenced<'d>(block: &Block, doc: &'d Document) -> Option<Vec<&'d str>> {
    let Block::Code(code) = block else {
        return None;
    };
    Some(
        code.body()
            .iter()
            .map(|&l| unquote(doc.line(l).text).trim())
            .filter(|t| Fence::open(t).is_none())
            .collect(),
    )
}

/// A text's clauses, as proofs and decisions are looked for in them: cut after `;`, `；`,
/// `。` and `. `, each trimmed of its separator. Never inside inline code: `` `go test ./...
/// -race` passes `` is one clause.
fn clauses(text: &str) -> impl Iterator<Item = &str> {
    // (Backticks pair up in order; an unpaired last one opens no code.)
    let ticks = text.bytes().filter(|&b| b == b'`').count();
    let mut paired = ticks - ticks % 2;
    let mut in_code = false;
    let mut start = 0;
    let mut cuts = Vec::new();
    let bytes = text.as_bytes();
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        match c {
            '`' if paired > 0 => {
                paired -= 1;
                in_code = !in_code;
            }
            ';' | '；' | '。' if !in_code => {
                cuts.push((start, end));
                start = end;
            }
            // (Not after an abbreviation or in a date's day: [`period_ends_nothing`].)
            '.' if !in_code
                && bytes.get(end) == Some(&b' ')
                && !period_ends_nothing(&text[..at], &text[end..]) =>
            {
                cuts.push((start, end + 1));
                start = end + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        cuts.push((start, text.len()));
    }
    cuts.into_iter()
        .map(move |(from, to)| text[from..to].trim().trim_end_matches([';', '；']).trim())
}

/// The file a line of a listing or tree names, and its comment: `├── src/reader.rs  # The
/// reader` → `src/reader.rs`, `The reader`. A folder, a command or code names none.
fn listed_file(line: &str) -> Option<(&str, &str)> {
    let line = line.trim_start_matches(['│', '├', '└', '─', '|', '`', '-', '+', ' ']);
    let (head, comment) = match line.split_once(" # ").or_else(|| line.split_once(" // ")) {
        Some((head, comment)) => (head.trim(), comment.trim()),
        None => (line.trim(), ""),
    };
    let file = !head.is_empty()
        && !head.contains(char::is_whitespace)
        && !head.ends_with(['/', '\\'])
        && location(&format!("`{head}`")).is_some_and(|p| p == head);
    file.then_some((head, comment))
}

/// What a list section says in code blocks. Under evidence and artifacts, each file a listing
/// or tree names, with its comment (`└── runner.lua  # Test runner (101 tests passing)`);
/// under constraints, a short block is one rule (`## Fixed parameters (do not change)` over
/// the values), headed by the section's heading when nothing else in it is. Their lines stay
/// kept verbatim as well: an entry read from code holds no line.
fn code_entries(section: &Section, doc: &Document, alone: bool) -> Vec<Entry> {
    const MAX_RULE_LINES: usize = 40;
    let role = section.role.or(section.within);
    let entry = Entry::code;
    let mut out = Vec::new();
    for code in code_blocks(section, doc) {
        match role {
            Some(Role::Evidence | Role::Artifacts) => {
                for (head, comment) in code.into_iter().filter_map(listed_file) {
                    out.push(entry(if comment.is_empty() {
                        head.to_owned()
                    } else {
                        format!("`{head}` — {comment}")
                    }));
                }
            }
            Some(Role::Constraints) if code.len() <= MAX_RULE_LINES => {
                let body = code.join("; ");
                // Headed once, by a heading of a name's length.
                let headed = alone && out.is_empty() && section.heading.chars().count() <= 120;
                out.push(entry(if headed {
                    format!("{}: {body}", section.heading)
                } else {
                    body
                }));
            }
            _ => {}
        }
    }
    out
}

/// A list of work done written in a fence (`✅ Server läuft auf Port 3001` a line): each
/// line an item, when every line of the block starts with a mark of work done, in a section
/// of work done or of the state. (A test log's `✅ test_login ... ok` beside `❌ test_export
/// ... FAILED` is output. The block stays kept verbatim as well.)
fn marked_code(section: &Section, doc: &Document) -> Vec<Entry> {
    if !matches!(
        section.role.or(section.within),
        Some(Role::Complete | Role::State)
    ) {
        return Vec::new();
    }
    code_blocks(section, doc)
        .into_iter()
        .filter(|code| {
            code.iter()
                .all(|t| DONE_MARKS.iter().any(|m| t.starts_with(m)))
        })
        .flatten()
        .map(|t| Entry::code(t.to_owned()))
        .collect()
}

/// The marks a line of work done starts with.
const DONE_MARKS: [&str; 3] = ["✅", "✔", "☑"];

/// The entries of a decisions section. A paragraph there is a decision of its own (`Recommended
/// pivot: build a polished package.`), unless it only introduces the items after it
/// (`Decisions made:`). A paragraph that states a decision and then introduces a list (`Do
/// not build another copy. Similar packages exist:`) is one decision: its first sentence,
/// with the rest and the items as the rationale.
fn decision_entries(section: &Section, doc: &Document) -> Vec<Entry> {
    let all = entries(section, doc);
    // A heading that names one decision (`## Bucket-Size-4 Design Decision`): its first
    // paragraph states it, unless it introduces the items after it; its tables and other
    // paragraphs are the details, kept as written.
    // (Not an open one: `## Database decision` over `Should we use Postgres? Not decided
    // yet.`; nor one over its items, which are its decisions.)
    let name = normalize(&section.heading);
    if section.kind == Kind::Heading
        && name.ends_with(" decision")
        && !name.starts_with("open ")
        && !all.iter().any(|e| !e.paragraph && e.cells.is_empty())
        && let Some(first) = all.iter().position(|e| e.paragraph && !e.text.is_empty())
        && !all[first].text.trim_end().ends_with([':', '：'])
        && !all[first].text.contains(['?', '？'])
        && ![
            "not decided",
            "undecided",
            "to be decided",
            "not yet decided",
        ]
        .iter()
        .any(|w| all[first].text.to_lowercase().contains(w))
    {
        return all.into_iter().skip(first).take(1).collect();
    }
    let mut out: Vec<Entry> = Vec::new();
    // The decision an introducing paragraph states, which takes the items after it.
    let mut taking: Option<usize> = None;
    let mut free_items = false;
    for e in all {
        if e.paragraph {
            taking = None;
            let intro = e.text.trim_end().ends_with([':', '：']);
            if !intro {
                out.push(e);
                continue;
            }
            // `Do not build another copy. Similar packages exist:`: a sentence before the
            // introducing one is the decision.
            let body = e.text.trim_end().trim_end_matches([':', '：']);
            // (`We reviewed these on Monday. Decisions made:` only introduces its items.)
            let introduces = |tail: &str| {
                let tail = tail.to_lowercase();
                ["decision", "decided", "choices", "决定", "决策", "결정"]
                    .iter()
                    .any(|w| tail.contains(w))
            };
            if let Some(at) = body
                .find(". ")
                .filter(|&at| at > 0 && !introduces(&body[at + 2..]))
            {
                let text = format!("{} because {}", body[..=at].trim(), e.text[at + 2..].trim());
                let mut decision = e;
                decision.text = text;
                decision.paragraph = false;
                taking = Some(out.len());
                out.push(decision);
            }
            continue;
        }
        match taking.and_then(|at| out.get_mut(at)) {
            Some(decision) if !e.nested => {
                let sep = if decision.text.ends_with([':', '：']) {
                    " "
                } else {
                    "; "
                };
                decision.text.push_str(sep);
                decision.text.push_str(&e.text);
                decision.lines.extend(e.lines);
            }
            _ => {
                free_items |= !e.paragraph;
                out.push(e);
            }
        }
    }
    // Beside items of their own, paragraphs are remarks (`We argued a lot.`), no decisions;
    // a paragraph that states one and took the items after it stays.
    if free_items {
        out.retain(|e| !e.paragraph);
    }
    out
}

/// A subheading that only names when (`### Short term`, `### 中期`): its items are the
/// steps, not the heading.
fn is_horizon(heading: &str) -> bool {
    // Or a group of them (`### 即座に実行可能なアクション`, `### High priority`, `### 곧바로
    // 이어서 할 작업 (Phase 1)`); a bracket after it aside, not a step after a colon
    // (`### Immediate Priority: Implement …` is one).
    let name = normalize(heading.split(['(', '（']).next().unwrap_or(heading));
    if [
        "actions",
        "priority",
        "tasks",
        "작업",
        "タスク",
        "アクション",
        "行动",
        "行動",
        "action items",
    ]
    .iter()
    .any(|w| name.ends_with(w))
    {
        return true;
    }
    // (A priority's name alone: `### 🔴 Critical (Do First)`, `### P0`, `### Quick wins`.)
    const RANK: [&str; 14] = [
        "critical",
        "urgent",
        "blocking",
        "p0",
        "p1",
        "p2",
        "p3",
        "must do",
        "must have",
        "should have",
        "nice to have",
        "quick wins",
        "do first",
        "do next",
    ];
    if RANK.contains(&name.as_str()) {
        return true;
    }
    const WHEN: [&str; 20] = [
        "short term",
        "medium term",
        "mid term",
        "long term",
        "near term",
        "immediate",
        "later",
        "soon",
        "now",
        "短期",
        "中期",
        "长期",
        "長期",
        "近期",
        "远期",
        "단기",
        "중기",
        "장기",
        "kurzfristig",
        "mittelfristig",
    ];
    WHEN.contains(&normalize(heading).as_str())
}

/// Whether a heading only groups the deeper headings after it: nothing under it but blank
/// lines, and the next section a heading one level down.
fn groups_headings(section: &Section, doc: &Document) -> bool {
    if section
        .body
        .clone()
        .any(|i| !doc.line(i).text.trim().is_empty())
    {
        return false;
    }
    let next = doc.sections.partition_point(|s| s.line <= section.line);
    doc.sections
        .get(next)
        .is_some_and(|s| s.kind == Kind::Heading && s.level > section.level)
}

/// How many of a body's task boxes are ticked, of how many; `None` without a box.
fn ticked_boxes(blocks: &[Block]) -> Option<(usize, usize)> {
    let (ticked, all) = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Item(item) => item.checked,
            _ => None,
        })
        .fold((0, 0), |(t, a), checked| (t + usize::from(checked), a + 1));
    (all > 0).then_some((ticked, all))
}

/// The entries of a section: its label's own text first, then its blocks; nested items
/// joined to their parent.
pub(crate) fn entries(section: &Section, doc: &Document) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let blocks = section.blocks(doc);
    // A subheading of a list is an item of it: `### 1. UI improvements (Completed ✅)`;
    // not one with nothing under it but subheadings (`## Quick publish (3 steps)` over
    // `### Step 1: …`), which only groups them, nor one over task boxes that is no step or
    // stage itself (`### Theme fixes` over `- [ ] Fix the text components`: the boxes are
    // the items; `### Paso 1: Extraer resultados` over its boxes is one, and so is a task
    // named in more than a few words).
    // (A stage or task whose boxes are all ticked is done; one whose boxes are partly
    // ticked only groups them: `### Phase 2: Parser` over `- [x] Tokenizer` and `- [ ] Error
    // recovery`, whose open box is the work left.)
    let boxes = ticked_boxes(&blocks);
    if section.role.is_none()
        && section.within.is_some()
        && section.kind == Kind::Heading
        && !is_horizon(&section.heading)
        && !groups_headings(section, doc)
        && !matches!(boxes, Some((ticked, all)) if ticked > 0 && ticked < all)
        && (stage_number(&section.heading).is_some()
            || normalize(&section.heading).split(' ').count() > 4
            || boxes.is_none())
    {
        out.push(Entry {
            text: unescape(&section.heading),
            lines: vec![section.line],
            checked: boxes.map(|(ticked, all)| ticked == all),
            cells: Vec::new(),
            paragraph: false,
            nested: false,
        });
    }
    if let Some(inline) = &section.inline {
        out.push(Entry {
            text: unescape(inline),
            lines: vec![section.line],
            checked: None,
            cells: Vec::new(),
            paragraph: true,
            nested: false,
        });
    }
    let top = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Item(item) => Some(item.depth),
            _ => None,
        })
        .min()
        .unwrap_or(0);
    // Under a bucket's label (`- Complete:`), each nested item is an item of its own;
    // elsewhere a nested item belongs to the one above it.
    let mut label_depth: Option<usize> = None;
    // In a state, a label over items (`- **Factual proofs**:`) names them, each an item.
    let in_state = section
        .role
        .or(section.within)
        .is_some_and(|r| r == Role::State || r.is_bucket());
    for block in blocks {
        let base = match &block {
            Block::Item(item) => {
                if label_depth.is_some_and(|d| item.depth <= d) {
                    label_depth = None;
                }
                label_depth.map_or(top, |d| d + 1)
            }
            _ => top,
        };
        match block {
            Block::Item(item)
                if label_depth.is_none()
                    && item.depth == top
                    && (bucket_label(&item.text)
                        .is_some_and(|(_, rest)| rest.trim().is_empty())
                        || (in_state && pure_label(&item.text))) =>
            {
                label_depth = Some(item.depth);
                out.push(Entry {
                    text: unescape(&item.text),
                    lines: item.lines,
                    checked: item.checked,
                    cells: Vec::new(),
                    paragraph: false,
                    nested: false,
                });
            }
            Block::Item(item) if item.depth > base => {
                if let Some(parent) = out.last_mut().filter(|e| !e.paragraph) {
                    let sep = if parent.text.ends_with([':', '：']) {
                        " "
                    } else {
                        "; "
                    };
                    if !item.text.is_empty() {
                        if parent.text.is_empty() {
                            parent.text = unescape(&item.text);
                        } else {
                            parent.text.push_str(sep);
                            parent.text.push_str(&unescape(&item.text));
                        }
                    }
                    parent.lines.extend(item.lines);
                } else {
                    out.push(Entry {
                        text: unescape(&item.text),
                        lines: item.lines,
                        checked: item.checked,
                        cells: Vec::new(),
                        paragraph: false,
                        nested: false,
                    });
                }
            }
            Block::Item(item) => out.push(Entry {
                text: unescape(&item.text),
                lines: item.lines,
                checked: item.checked,
                cells: Vec::new(),
                paragraph: false,
                nested: label_depth.is_some(),
            }),
            // A label's text that wraps onto the lines below it mid-sentence (`Status: the MVP
            // is feature-complete. The next session` then `runs a short polish pass …`) is one
            // paragraph; a next line of its own (`**Repository:** …`, after a full stop) is not.
            Block::Paragraph { lines, text }
                if section.inline.is_some()
                    && lines.first() == Some(&(section.line + 1))
                    && label_split(&text).is_none()
                    && out.last().is_some_and(|e| {
                        (text.starts_with(|c: char| c.is_lowercase() || c == '(')
                            || mid_sentence(&e.text))
                            && e.paragraph
                            && e.lines == [section.line]
                            && !e.text.trim_end().ends_with([
                                ':', '：', '.', '。', '!', '?', '！', '？', ')', '）', '*',
                            ])
                    }) =>
            {
                if let Some(first) = out.last_mut() {
                    first.text.push(' ');
                    first.text.push_str(&unescape(&text));
                    first.lines.extend(lines);
                }
            }
            Block::Paragraph { lines, text } => out.push(Entry {
                text: unescape(&text),
                lines,
                checked: None,
                cells: Vec::new(),
                paragraph: true,
                nested: false,
            }),
            Block::Row {
                line,
                cells,
                header,
            } => {
                let text = cells
                    .iter()
                    .filter(|c| !c.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" | ");
                let named = header
                    .iter()
                    .cloned()
                    .chain(std::iter::repeat(String::new()))
                    .zip(cells)
                    .collect();
                out.push(Entry {
                    text: unescape(&text),
                    lines: vec![line],
                    checked: None,
                    cells: named,
                    paragraph: false,
                    nested: false,
                });
            }
            Block::Verbatim { .. } | Block::Code(_) => {}
        }
    }
    out
}

/// Whether a line stops mid-sentence: after a comma or a word that never ends one (`… a
/// byte order mark and` then `CSV files saved by Excel.`).
fn mid_sentence(line: &str) -> bool {
    let line = line.trim_end();
    line.ends_with([',', ';'])
        || line.rsplit(' ').next().is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "and"
                    | "or"
                    | "the"
                    | "a"
                    | "an"
                    | "of"
                    | "to"
                    | "with"
                    | "for"
                    | "in"
                    | "on"
                    | "by"
                    | "from"
                    | "that"
                    | "und"
                    | "oder"
                    | "der"
                    | "die"
                    | "das"
                    | "et"
                    | "ou"
                    | "le"
                    | "la"
                    | "les"
                    | "de"
                    | "des"
                    | "y"
                    | "e"
                    | "o"
                    | "el"
                    | "и"
                    | "в"
                    | "на"
                    | "с"
            )
        })
}

/// A label's name: its text before a closing colon, in or out of bold (`Unit tests:` →
/// `Unit tests`, `**Factual proofs:**` → `Factual proofs`, `**Factual proofs**:` →
/// `**Factual proofs**`).
fn label_name(t: &str) -> Option<&str> {
    t.strip_suffix([':', '：']).or_else(|| {
        t.strip_suffix(":**")
            .or_else(|| t.strip_suffix("：**"))
            .map(|n| n.trim_start_matches("**"))
    })
}

/// A paragraph that only introduces the items after it: a [`pure_label`], or a few words
/// and a colon that make no sentence (`Notes on the wider suite:`, `New CLI commands
/// added:`).
fn introduces(text: &str) -> bool {
    let t = text.trim();
    let Some(name) = label_name(t) else {
        return false;
    };
    // (A name, not `None:` or `—:`: a "nothing here" over items says nothing of them.)
    let name = name.trim_matches(|c: char| c == '*' || c.is_whitespace());
    name.contains(char::is_alphanumeric)
        && !is_none(name)
        && (pure_label(t)
            || (name.split_whitespace().count() <= 6
                && !name.contains(['.', '。', ':', '：', '`'])))
}

/// An item that only names what the items under it are (`- **Factual proofs**:`).
/// A label is bold whole (`**Factual proofs**:`) or a few words (`Unit tests:`); a statement
/// that introduces details (`**Added wrappers** in `init.lua`:`) is an item.
fn pure_label(text: &str) -> bool {
    let t = text.trim();
    let Some(name) = label_name(t) else {
        return false;
    };
    let bold = name.len() >= 4
        && name.starts_with("**")
        && name.ends_with("**")
        && !name[2..name.len() - 2].contains("**");
    bold || (!name.contains("**") && name.split_whitespace().count() <= 3)
}

/// The bucket a status names: a label (`Done`, `In progress`), a task box or an emoji.
fn status_bucket(text: &str) -> Option<Role> {
    let t = text.trim();
    if let Some(role) = status_mark(t) {
        return Some(role);
    }
    // A status is a name of a few words, or one written after a name with a mark between
    // (`Parser rewritten (done)`): a long item without such a mark names none.
    if t.split_whitespace().nth(8).is_some()
        && !t.contains(['(', '（', '—', '–', ':', '：', '/', '&', '+', '|', '[', '-'])
    {
        return None;
    }
    // (Nor does a text without a word of a bucket's name: most items, read whole at once.)
    if !super::headings::may_name_a_bucket(t) {
        return None;
    }
    super::headings::role_named(t).filter(|r| r.is_bucket())
}

/// The bucket a table cell's status names: [`status_bucket`]'s, but in a status column
/// (`State`, `Status`, `Result`) a run that failed or was cut short is work left whatever its
/// cell says after (`TIMEOUT at 1.5h (~820/1076 snaps done)`, `Failed (3 of 40 done)`). (Not
/// a name that holds such a word: `OOM killer tuning | Done`.)
fn cell_bucket(header: &str, cell: &str) -> Option<Role> {
    const FAILED: [&str; 14] = [
        "timeout",
        "timed out",
        "failed",
        "failure",
        "failing",
        "error",
        "errored",
        "crashed",
        "cancelled",
        "canceled",
        "killed",
        "oom",
        "aborted",
        "fehlgeschlagen",
    ];
    let words = without_mark(cell).trim_start_matches(['*', '_']);
    // (The word in capitals, or alone before a mark: not the name `Error budget calculator`.)
    let failed = FAILED.iter().any(|f| {
        words.get(..f.len()).is_some_and(|head| {
            head.eq_ignore_ascii_case(f)
                && words[f.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != ' ' || head == f.to_uppercase())
        })
    });
    // (The header is read only for a cell that opens with such a word.)
    let status_column = || {
        let h = normalize(header);
        [
            "status",
            "state",
            "result",
            "outcome",
            "estado",
            "stato",
            "statut",
            "zustand",
            "ergebnis",
            "状态",
            "状態",
            "상태",
            "结果",
            "結果",
            "статус",
            "состояние",
        ]
        .iter()
        .any(|w| h.split(' ').any(|x| x == *w) || (!w.is_ascii() && h.contains(w)))
    };
    if failed && status_column() {
        return Some(Role::Remaining);
    }
    status_bucket(cell)
}

/// Whether a text opens with a short label that says its work is done: `Milestone
/// complete: …`, `Done: …`, `Phase 2 — shipped: …`.
fn label_says_done(text: &str) -> bool {
    label_split(without_mark(text)).is_some_and(|(label, rest)| {
        !rest.trim().is_empty()
            && label.split_whitespace().count() <= 4
            && (super::headings::role_named(label) == Some(Role::Complete)
                || super::headings::status_suffix(label).is_some_and(|(r, _)| r == Role::Complete))
    })
}

/// Whether a text under a goal says only what the goal is for: no state, rule, decision or
/// check of its own (`Blocked on the queue credentials`, `Never touch the cron job`, `We
/// chose RabbitMQ`, `Run the tests to verify` are read where they belong).
fn says_only_context(text: &str) -> bool {
    let lower = text.to_lowercase();
    status_words(text).is_none()
        && !says_untested(text)
        && rule_sentences(text, true, true).is_empty()
        && decision_sentences(text).is_empty()
        && !["verif", "test", "check", "prüf", "vérif", "comprob"]
            .iter()
            .any(|w| lower.contains(w))
}

/// The goal a heading says after its name: `Goal: ship the importer by Friday` →
/// `ship the importer by Friday`.
fn goal_in_heading(heading: &str) -> Option<String> {
    let (label, rest) = label_split(heading)?;
    let rest = rest.trim();
    let bare = rest
        .trim_matches(['(', ')', '[', ']', '<', '>', '*', '_', ' '])
        .to_lowercase();
    // (Beyond what any field reads as a placeholder, `is_placeholder_text`, which says
    // `none` too: what a goal left to fill in says.)
    let placeholder = is_placeholder_text(rest)
        || matches!(
            bare.as_str(),
            "tbd"
                | "tbc"
                | "tba"
                | "n/a"
                | "pending"
                | "goal"
                | "objective"
                | "fill in"
                | "offen"
                | "待定"
                | "未定"
                | "à définir"
                | "a definir"
                | "por definir"
        )
        || ["to be ", "see ", "todo", "fill "]
            .iter()
            .any(|w| bare.starts_with(w));
    (!rest.is_empty() && !placeholder && super::headings::role_named(label) == Some(Role::Goal))
        .then(|| unescape(rest))
}

/// Whether an entry's label, not a bucket's, says there is none of it: `⚠️ - **Process
/// Issues**: None - coordination worked smoothly` under blockers is no blocker (its line
/// stays kept).
fn label_says_none(e: &Entry, doc: &Document) -> bool {
    // (A label whose head names a kind of trouble: `**Bug tracker access**: None — I can't
    // file the ticket` is a blocker, the access missing.)
    const TROUBLE: [&str; 20] = [
        "issue",
        "issues",
        "problem",
        "problems",
        "blocker",
        "blockers",
        "risk",
        "risks",
        "concern",
        "concerns",
        "error",
        "errors",
        "bug",
        "bugs",
        "incident",
        "incidents",
        "question",
        "questions",
        "warning",
        "warnings",
    ];
    // (`None, but the S3 quota is at 95%`, `none — except the deploy key expired`.)
    const BUT: [&str; 9] = [
        " but ", "except", "however", " aber ", " mais ", " pero ", "sauf", "excepto", "although",
    ];
    let says = |text: &str| {
        let t = without_mark(text);
        let t = without_mark(t.strip_prefix("- ").unwrap_or(t));
        // (The cheap tests first: this is asked of every item of a state.)
        label_split(t).is_some_and(|(label, rest)| {
            let label = label.to_lowercase();
            label
                .split(|c: char| !c.is_alphanumeric())
                .rfind(|w| !w.is_empty())
                .is_some_and(|head| TROUBLE.contains(&head))
                && is_none(rest)
                && {
                    let lower = format!(" {} ", rest.to_lowercase());
                    !BUT.iter().any(|w| lower.contains(w))
                }
        }) && bucket_label(t).is_none()
    };
    // (One line, or lines each opened by the same mark, as a generated list without its
    // bullets is, `⚠️ - …`: not nested items, nor a paragraph that goes on in words.)
    let lead = |l: usize| doc.line(l).text.trim_start().chars().next();
    let first = e.lines.first().copied();
    first.is_some_and(|l| says(doc.line(l).text))
        && e.lines.iter().skip(1).all(|&l| {
            lead(l).is_some_and(|c| {
                !c.is_alphanumeric()
                    && !matches!(c, '-' | '*' | '+' | '`' | '_' | '>' | '(' | '[')
                    && first.and_then(lead) == Some(c)
            })
        })
}

/// The bucket a text's closing bracket names: `Export bug (fixed)`, `… (behoben)`,
/// `Upload (in progress)`.
fn closing_state(text: &str) -> Option<Role> {
    let t = text.trim_end().trim_end_matches(['.', '*']);
    let inner = t.strip_suffix([')', '）'])?;
    let open = inner.rfind(['(', '（'])?;
    let said = inner[open..].trim_start_matches(['(', '（']).trim();
    // (`(fixed?)` asks.)
    (said.split_whitespace().count() <= 3 && !said.contains(['?', '？']))
        .then(|| super::headings::role_named(said))
        .flatten()
        .filter(|r| r.is_bucket())
}

/// An entry's leading emoji or symbol removed: `✅ Built` → `Built`.
fn without_mark(text: &str) -> &str {
    text.trim_start_matches(|c: char| {
        !c.is_alphanumeric()
            && !matches!(
                c,
                '`' | '[' | '(' | '"' | '*' | '_' | '\\' | '/' | '.' | '~' | '<'
            )
    })
    .trim_start()
}

/// Sections of one role, the newest entry's first when they sit in a log's dated entries
/// (`## Session: 2026-02-15` and then `## Session: 2026-08-13`, each with its `### Next
/// Steps`): every section under an entry whose heading holds a date, two entries or more,
/// no two of the same day. Otherwise (and within an entry) in the file's order.
fn newest_first<'a>(sections: Vec<&'a Section>, doc: &Document) -> Vec<&'a Section> {
    if sections.len() < 2 {
        return sections;
    }
    let dated: Option<Vec<(u32, usize)>> = sections.iter().map(|s| entry_date(s, doc)).collect();
    let Some(dated) = dated else {
        return sections;
    };
    let mut entries: Vec<(usize, u32)> = dated.iter().map(|&(date, entry)| (entry, date)).collect();
    entries.sort_unstable();
    entries.dedup();
    let mut dates: Vec<u32> = entries.iter().map(|&(_, date)| date).collect();
    dates.sort_unstable();
    dates.dedup();
    // (Two entries or more, each a day of its own; an entry's sections keep their order.)
    if entries.len() < 2 || dates.len() < entries.len() {
        return sections;
    }
    let mut order: Vec<(u32, &Section)> = dated.iter().map(|&(d, _)| d).zip(sections).collect();
    order.sort_by_key(|&(date, _)| std::cmp::Reverse(date));
    order.into_iter().map(|(_, s)| s).collect()
}

/// The date (`yyyymmdd`) of the nearest enclosing heading that starts a log's entry with
/// one ([`entry_heading_date`]: `Session: 2026-08-13`), with that heading's index.
fn entry_date(section: &Section, doc: &Document) -> Option<(u32, usize)> {
    let mut at = section.parent;
    while let Some(i) = at {
        let parent = doc.sections.get(i)?;
        if let Some(date) = entry_heading_date(&parent.heading) {
            return Some((date, i));
        }
        at = parent.parent;
    }
    None
}

/// The date a log entry's heading starts with (`2026-08-13 — …`, `Session: 2026-08-13`,
/// `Update 2026-08-13`), not one it names later (`Milestone 1 — due 2026-03-01`).
fn entry_heading_date(heading: &str) -> Option<u32> {
    const ENTRY: [&str; 14] = [
        "session",
        "log",
        "update",
        "entry",
        "handoff",
        "day",
        "sitzung",
        "sesión",
        "sessão",
        "сессия",
        "세션",
        "セッション",
        "会话",
        "日志",
    ];
    let date = iso_date(heading)?;
    let at = heading.find(|c: char| c.is_ascii_digit())?;
    let before = normalize(&heading[..at]);
    (before.is_empty() || ENTRY.contains(&before.as_str())).then_some(date)
}

/// The first ISO date in a text (`2026-08-13`), as `yyyymmdd`.
fn iso_date(text: &str) -> Option<u32> {
    let b = text.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    (0..b.len().saturating_sub(9)).find_map(|i| {
        let boundary = i == 0 || !b[i - 1].is_ascii_digit();
        let shaped = boundary
            && digits(i..i + 4)
            && b[i + 4] == b'-'
            && digits(i + 5..i + 7)
            && b[i + 7] == b'-'
            && digits(i + 8..i + 10)
            && !b.get(i + 10).is_some_and(u8::is_ascii_digit);
        shaped
            .then(|| text.get(i..i + 10)?.replace('-', "").parse().ok())
            .flatten()
    })
}

/// Reads a file's sections into a record's parts.
#[allow(clippy::too_many_lines)]
pub(crate) fn map(doc: &Document, skip: Option<usize>) -> Mapped {
    let mut missing = Vec::new();
    let mut lost = Vec::new();
    let mut named = Vec::new();
    let mut kept = Map::new();
    let mut fallback = Vec::new();
    // Which lines a field holds.
    let mut used = vec![false; doc.line_count()];
    let skipped: Option<&Section> = skip.and_then(|i| doc.sections.get(i));
    let active = |s: &&Section| !skipped.is_some_and(|k| std::ptr::eq(k, *s));
    let sections_in = |role: Role| -> Vec<&Section> {
        doc.sections
            .iter()
            .filter(|s| s.role == Some(role) || (s.role.is_none() && s.within == Some(role)))
            .filter(active)
            .collect()
    };
    if let Some(title) = doc.title() {
        kept.insert("title".into(), json!(title));
    }
    let preamble = doc.preamble();
    if !preamble.is_empty() {
        kept.insert("preamble".into(), json!(preamble));
        named.push("the text before the first section".to_owned());
    }
    // The objective and its criteria.
    let mut objective = Map::new();
    let mut criteria: Vec<String> = Vec::new();
    // The first goal (or summary) section that says something: `## Current task` may only
    // hold the labels `**Task**: …` and `**Goal**: …`, each a section of its own.
    let said = |s: &&Section| {
        entries(s, doc)
            .iter()
            .any(|e| !e.text.is_empty() && !is_placeholder_text(&e.text))
    };
    // Of several, the one named the goal itself (`**Goal**:` beside `**Task**:`).
    let named_goal = |s: &&Section| {
        let name = super::headings::normalize(&s.heading);
        name.split(' ')
            .any(|w| matches!(w, "goal" | "goals" | "objective" | "objectives"))
            || name.contains("目标")
    };
    // A goal stated in a sentence (`Focus: Ensure the example works …`) before one that
    // only lists goals (`Goals` over `1) Add coverage …`): the list is its criteria then.
    let stated = |s: &&Section| {
        entries(s, doc)
            .iter()
            .any(|e| e.paragraph && !e.text.is_empty() && !is_placeholder_text(&e.text))
    };
    let goal = doc
        .with_role(Role::Goal)
        .filter(stated)
        .find(named_goal)
        .or_else(|| doc.with_role(Role::Goal).find(stated))
        .or_else(|| doc.with_role(Role::Goal).filter(said).find(named_goal))
        .or_else(|| doc.with_role(Role::Goal).find(said))
        .or_else(|| doc.with_role(Role::Summary).find(said))
        .or_else(|| doc.first(Role::Goal))
        .or_else(|| doc.first(Role::Summary));
    // A goal heading that says the goal after its name (`## Goal: ship the importer by
    // Friday`, `## 🎯 OBJECTIF : 90%+ EN 2-3H`) is the goal, before any goal said under it
    // (`**Objectif** : +1.6 pts` of its first phase).
    // (Only the file's first goal, at the top of it: not a phase's `#### Goal: …` under a
    // plan, nor a goal left to fill in, `## Goal: TBD`.)
    let headed = doc
        .with_role(Role::Goal)
        .next()
        .filter(|s| {
            s.kind == Kind::Heading
                && s.parent.is_none_or(|p| {
                    doc.title_section()
                        .is_some_and(|t| std::ptr::eq(t, &doc.sections[p]))
                })
        })
        .and_then(|s| goal_in_heading(&s.heading).map(|goal| (s, goal)));
    let goal = headed.as_ref().map(|(s, _)| *s).or(goal);
    // Items of a goal section labelled with another role (`- Resultado entregue: …`, `-
    // Bloqueios: …`), read where their labels say, after the objective.
    let mut routed: Vec<(Role, String, usize)> = Vec::new();
    if let Some(goal) = goal {
        let mut all = entries(goal, doc);
        // A labelled goal among the items (`- 목적: …`, `- Objetivo: …`) and its lines,
        // taken only where it is the summary.
        let mut goal_label: Option<(String, Vec<usize>)> = None;
        all.retain(|e| {
            if e.paragraph {
                return true;
            }
            match role_label(&e.text) {
                // (Not the document's own purpose: `- Goal of this document: get the next
                // agent up to speed`, `- 目的：本文档的目的是…`.)
                Some((Role::Goal, rest)) if goal_label.is_none() && !about_the_file(&e.text) => {
                    goal_label = Some((rest.to_owned(), e.lines.clone()));
                    false
                }
                _ => !route(e, goal.line, &mut routed, &mut used),
            }
        });
        let first_paragraph = all
            .iter()
            .position(|e| e.paragraph && !is_placeholder_text(&e.text));
        // In a summary, its labelled goal is the goal, before its first paragraph.
        let goal_label = match goal_label {
            Some((text, lines))
                if headed.is_none()
                    && (first_paragraph.is_none() || goal.role == Some(Role::Summary)) =>
            {
                take(&lines, &mut used);
                Some(text)
            }
            _ => None,
        };
        let items: Vec<&Entry> = all.iter().filter(|e| !e.paragraph).collect();
        let summary = match first_paragraph {
            _ if headed.is_some() => headed.as_ref().map(|(_, goal)| goal.clone()),
            // `- Objetivo: …` beside the other labelled items.
            _ if goal_label.is_some() => goal_label,
            Some(at) => {
                take(&all[at].lines, &mut used);
                let mut text = all[at].text.clone();
                // A goal's label and the lines right under it are one paragraph (`Goal: Port
                // billing to the new queue.` then `The old queue drops messages under
                // load.`): the goal with what it is for.
                if goal.inline.is_some()
                    && all[at].lines == [goal.line]
                    // (Only a sentence the label's line leaves open: a line after a full stop
                    // may say a state, a rule or a decision of its own.)
                    && !all[at]
                        .text
                        .trim_end()
                        .ends_with(['.', '!', '?', '。', '！', '？', ':', '：', ')'])
                    && let Some(next) = all.get(at + 1).filter(|e| {
                        e.paragraph
                            && e.lines.first() == Some(&(goal.line + 1))
                            && label_split(&e.text).is_none()
                            && says_only_context(&e.text)
                    })
                {
                    take(&next.lines, &mut used);
                    text.push(' ');
                    text.push_str(&next.text);
                }
                // The paragraph's "done when" sentence is a criterion too.
                criteria.extend(prose_criteria(&text));
                Some(text)
            }
            None if !items.is_empty() && doc.first(Role::Goal).is_some() => {
                // Bullets alone: the goal itself, not its criteria.
                for e in &items {
                    take(&e.lines, &mut used);
                }
                Some(
                    items
                        .iter()
                        .map(|e| e.text.as_str())
                        .collect::<Vec<_>>()
                        .join("; "),
                )
            }
            None => items.first().map(|e| {
                take(&e.lines, &mut used);
                e.text.clone()
            }),
        };
        match summary {
            Some(summary) => {
                objective.insert("summary".into(), json!(summary));
            }
            None => missing.push("/objective/summary".to_owned()),
        }
        // (Under a goal its heading says, the items may be context as well as criteria:
        // they stay kept.)
        if first_paragraph.is_some() && headed.is_none() && goal.role == Some(Role::Goal) {
            // Bullets after the goal's paragraph are its criteria (the skill's layout).
            for e in &items {
                if !is_none(&e.text) {
                    criteria.push(e.text.clone());
                }
                take(&e.lines, &mut used);
            }
        }
        take(&[goal.line], &mut used);
    } else if let Some(summary) = doc
        .title()
        .or_else(|| {
            // (Or a first `#` heading that names a role: `# Next steps - making the
            // template live`.)
            doc.sections
                .first()
                .filter(|s| s.level == 1 && s.kind == Kind::Heading)
                .map(|s| s.heading.clone())
        })
        .as_deref()
        .and_then(title_goal)
    {
        // No goal section: a title that names the work after its handoff word (`Übergabe:
        // WikiKit — der Wissenskreislauf`, `Handoff prompt — finish §1–§11 of plan.md`).
        objective.insert("summary".into(), json!(summary));
        fallback.push("/objective/summary");
    } else if let Some(summary) = preamble_goal(doc) {
        // Nor such a title: the text before the first section that names the work.
        objective.insert("summary".into(), json!(summary));
        fallback.push("/objective/summary");
    } else {
        missing.push("/objective/summary".to_owned());
    }
    // Another goal section that only lists (`Goals` over `1) Add coverage …`, beside `Focus:
    // …`): what it lists is how the goal is met.
    if let Some(chosen) = goal {
        for other in doc
            .with_role(Role::Goal)
            .filter(|s| !std::ptr::eq(*s, chosen))
        {
            let all = entries(other, doc);
            if all.iter().any(|e| e.paragraph) {
                continue;
            }
            for e in all {
                if route(&e, other.line, &mut routed, &mut used) {
                    continue;
                }
                if !e.text.is_empty() && !is_none(&e.text) {
                    take(&e.lines, &mut used);
                    take(&[other.line], &mut used);
                    criteria.push(e.text);
                }
            }
        }
    }
    for section in sections_in(Role::Criteria) {
        // A group's title over some of the criteria is none of them, and is said with each
        // (`**Code:**`, `**Minimum viable:**`); a sentence that leads into them (`The import is
        // complete when:`) stays one of its own.
        let mut intro: Option<String> = None;
        let mut all = read(section, entries(section, doc), &mut used)
            .into_iter()
            .peekable();
        while let Some(e) = all.next() {
            if is_none(&e.text) || e.text.is_empty() {
                continue;
            }
            if e.paragraph {
                intro = None;
                let title = pure_label(&e.text)
                    && e.text.chars().count() <= 48
                    && !e.text.contains([',', '，', '。', '、']);
                if title && all.peek().is_some_and(|next| !next.paragraph) {
                    intro = Some(e.text.trim().to_owned());
                    continue;
                }
            }
            criteria.push(match &intro {
                Some(words) => format!("{words} {}", e.text),
                None => e.text,
            });
        }
    }
    if criteria.is_empty() {
        missing.push("/objective/acceptanceCriteria".to_owned());
    }
    objective.insert(
        "acceptanceCriteria".into(),
        json!(capped(dedup(criteria), "acceptance criteria", &mut lost)),
    );
    // The state: buckets from labels, subheadings, task boxes, status marks and columns.
    let mut buckets: [Vec<String>; 4] = Default::default();
    let mut state_next: Vec<String> = Vec::new();
    // Steps the state's labels say optional: kept with the further steps, never the next.
    let mut state_optional: Vec<String> = Vec::new();
    // The lines of work left that a label says optional: never the first thing to do.
    let mut optional_lines: Vec<usize> = Vec::new();
    // The lines of work left that a to-do label of the state names (`待办：…`, `TODO: …`):
    // before a step under a condition.
    let mut todo_lines: Vec<usize> = Vec::new();
    let mut remaining: Vec<Value> = Vec::new();
    let put = |role: Role,
               text: String,
               buckets: &mut [Vec<String>; 4],
               remaining: &mut Vec<Value>,
               line: usize| {
        for (role, text) in inline_buckets(role, &text) {
            // (`None:` over items says nothing of them.)
            if text.is_empty() || is_none(text.trim_end_matches([':', '：'])) {
                continue;
            }
            // Done, but said untested (`…: verified by code inspection`, `Implementation
            // complete, ready for user testing`): unverified.
            let role = if role == Role::Complete && untested_after_name(&text) {
                Role::Unverified
            } else {
                role
            };
            match Bucket::of_role(role) {
                Some(b) => buckets[b as usize].push(text),
                None => remaining.push(json!({"line": line + 1, "text": text})),
            }
        }
    };
    // The sections that have a bucket's subheading (found once, not per section).
    let bucket_parents: FastSet<*const Section> = doc
        .sections
        .iter()
        .filter(|s| s.role.is_some_and(Role::is_bucket))
        .filter_map(|s| s.parent.map(|p| std::ptr::from_ref(&doc.sections[p])))
        .collect();
    // The sections that have a subsection (found once, not per section).
    let mut has_subsection = vec![false; doc.sections.len()];
    for p in doc.sections.iter().filter_map(|s| s.parent) {
        has_subsection[p] = true;
    }
    for (index, section) in doc.sections.iter().enumerate().filter(|(_, s)| active(s)) {
        let role = section.role.or(section.within);
        let Some(role) = role else { continue };
        if !(role == Role::State || role.is_bucket()) {
            continue;
        }
        // (A label's value on its line is an entry below: the line is held when a field
        // holds the value, else kept as written.)
        if section.inline.is_none() {
            take(&[section.line], &mut used);
        }
        // `### Phase 3 — Grounding ✅`: the piece of work the heading names is in its state,
        // as the heading says it. (Not a list's own name: `## Verification already done`
        // heads the checks run, it is none of them.)
        // (Its mark read as it is under the state: the section's role says where it is.)
        if let Some((state, name)) = super::headings::status_in_state(&section.heading)
            && section.role == Some(state)
            && !normalize(name).is_empty()
            && !super::headings::is_name(&section.heading)
            && !super::headings::names_checks(name)
            // (Nor a list's name over its list: `Features Implemented ✅` over its items; alone,
            // `### Payment fixes ✅` is the work it names.)
            // (Over its list, its subsections, or a text of its own.)
            && !(super::headings::names_a_list(name)
                && (section.inline.is_some()
                    || has_subsection[index]
                    || section
                        .blocks(doc)
                        .iter()
                        .any(|b| !matches!(b, Block::Code(_)))))
        {
            put(
                state,
                section
                    .heading
                    .trim_end_matches(['✅', '✔', ' '])
                    .to_owned(),
                &mut buckets,
                &mut remaining,
                section.line,
            );
        }
        // `## 当前状态：V2 已上线（…）`: what the state heading says after its name.
        if section.role == Some(Role::State)
            && section.kind == Kind::Heading
            && let Some((_, said)) = section.heading.split_once([':', '：'])
            && let Some(state) = status_words(said)
        {
            put(
                state,
                said.trim().to_owned(),
                &mut buckets,
                &mut remaining,
                section.line,
            );
        }
        // Under the state, `### The Problem` holds what blocks it.
        let problem = section.role.is_none()
            && section.kind == Kind::Heading
            && matches!(
                normalize(&section.heading).as_str(),
                "the problem"
                    | "problem"
                    | "problems"
                    | "the issue"
                    | "issue"
                    | "issues"
                    | "what s broken"
                    | "what is broken"
                    | "问题"
                    | "문제"
                    | "проблема"
            );
        let mut open: Option<Role> = if problem {
            Some(Role::Blocked)
        } else {
            (role != Role::State).then_some(role)
        };
        // Whether a paragraph said what comes next (`Then:`): the items after it are steps.
        let mut steps_after = false;
        let mut all = entries(section, doc);
        all.extend(marked_code(section, doc));
        let structured = role != Role::State
            || all.iter().any(|e| {
                e.checked.is_some()
                    || bucket_label(&e.text).is_some()
                    || status_bucket(&e.text).is_some_and(|_| !e.paragraph)
                    || e.cells.iter().any(|(h, c)| cell_bucket(h, c).is_some())
            })
            || bucket_parents.contains(&std::ptr::from_ref(section));
        // A state whose heading says all of it is done (`Current state (all verified,
        // committed, pushed)`): an item that says no state of its own is done.
        let all_done = role == Role::State && said_all_done(&section.heading);
        // Work done whose items mark it (`- 核心文件: 已翻译 ✅`): an item without a mark
        // whose label says what is left is work left (`- 剩余文件: 318行`).
        // (Asked only of a section that holds such a label: most do not.)
        let marks_some = role == Role::Complete
            && all.iter().any(|e| {
                !e.paragraph && label_split(&e.text).is_some_and(|(label, _)| says_left(label))
            })
            && all.iter().any(|e| {
                !e.paragraph
                    && (e.text.trim_end().ends_with(['✅', '✔', '☑'])
                        || status_bucket(&e.text).is_some())
            });
        let mut split_yet = false;
        // An introduction over the items after it (`Main outcomes:`), and its lines.
        let mut intro: Option<(String, Vec<usize>)> = None;
        // The state a paragraph over the items after it says of them, and whether the
        // heading says none (asked once, not of each paragraph).
        let mut lead: Option<Role> = None;
        let heading_says_none = status_words(&section.heading).is_none();
        let mut all = all.into_iter().peekable();
        while let Some(mut e) = all.next() {
            // (Nor is a fact about the work, `**Last Updated:** 2026-03-20` under a title
            // that names the work left, a piece of it: kept in its section.)
            if unwritten(&e) || label_says_none(&e, doc) || states_a_fact_alone(&e.text) {
                continue;
            }
            // Each item an introduction is over says it: `Notes on the wider suite:
            // Pre-existing failures …`, `Still open: the exporter`.
            // (Not past a table's rows: an introduction is over a list.)
            match &intro {
                Some((words, lines)) if !e.paragraph && e.cells.is_empty() => {
                    e.text = format!("{words} {}", e.text);
                    e.lines.extend(lines);
                }
                _ => intro = None,
            }
            let line = e.lines.first().copied().unwrap_or(section.line);
            // A paragraph over a list whose last sentence says the state of the items after
            // it (`The following later semantics remain planned and must not be described as
            // implemented:` under work done, `What shipped, with file pointers:`): theirs,
            // unless their own words say another.
            // (The sentence is put in that state, apart from the paragraph's others.)
            // (Under work done or a state whose heading says none: a section of work not done
            // says its items' state itself, `### 3.5 未提交的改动` over `以下改动已通过测试但尚未
            // git commit:`.)
            if e.paragraph {
                let over = ((open == Some(Role::Complete) || open.is_none() && heading_says_none)
                    && e.text.trim_end().ends_with([':', '：'])
                    && all.peek().is_some_and(|next| !next.paragraph))
                .then(|| sentences(&e.text).last().copied())
                .flatten()
                .and_then(|last| {
                    // (Not by an aside: `**Sign-off conditions** (summarised here so they
                    // persist in committed history):`.)
                    // (Unchecked only where it says so: `Trois pièges à ne pas rater :`
                    // denies nothing of its items.)
                    let said = last.split(['(', '（']).next().unwrap_or(last);
                    not_done_after_all(said)
                        .or_else(|| status_words(said))
                        .filter(|r| r.is_bucket() && Some(*r) != open)
                        .filter(|r| *r != Role::Unverified || says_untested(said))
                        .zip(e.text.rfind(last))
                });
                lead = over.map(|(state, _)| state);
                // (A label's words are no item: `**完了内容**:`, `We did lots. What shipped:`.)
                // (A paragraph that is that label alone reads as it did.)
                if let Some((state, at)) = over
                    && (at > 0 || !introduces(&e.text))
                {
                    if !introduces(&e.text[at..]) {
                        put(
                            state,
                            e.text[at..].to_owned(),
                            &mut buckets,
                            &mut remaining,
                            line,
                        );
                    }
                    e.text = e.text[..at].trim_end().to_owned();
                    if e.text.is_empty() {
                        take(&e.lines, &mut used);
                        continue;
                    }
                }
            }
            split_yet |= !e.paragraph || e.checked.is_some();
            // `- **Factual proofs**:` over its items in a state: a name, no item of a bucket
            // (in a bucket's own section, `2. **Converted SideFX.lua**:` is its item).
            if role == Role::State
                && !e.paragraph
                && pure_label(&e.text)
                && bucket_label(&e.text).is_none()
            {
                // (Its line stays kept, unread.)
                open = None;
                continue;
            }
            // A cause guessed at, with its text, is a claim no one has verified, wherever the
            // state files it (`**可能的 root cause**: …` under `## Blocked / Notes`); one item,
            // its label kept (it says what the text is).
            if role != Role::Complete
                && guess_label(&e.text)
                && closing_state(&e.text).is_none()
                && proof_sentences(&e.text, false, false).is_empty()
                && !settled_guess(&e.text)
            {
                take(&e.lines, &mut used);
                put(
                    Role::Unverified,
                    e.text.clone(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
                continue;
            }
            if let Some((bucket, rest)) = bucket_label(&e.text) {
                split_yet = true;
                take(&e.lines, &mut used);
                // (`待办/可优化：…`: work one may do, left to do but no step to take first; kept
                // with its label, which says so.)
                let optional = bucket == Role::Remaining
                    && says_optional(&e.text[..e.text.len().saturating_sub(rest.len())]);
                if optional {
                    optional_lines.push(line + 1);
                } else if bucket == Role::Remaining {
                    todo_lines.push(line + 1);
                }
                let rest = if optional { e.text.as_str() } else { rest }.trim();
                if is_none(rest) {
                    open = None;
                } else {
                    open = Some(bucket);
                    put(bucket, rest.to_owned(), &mut buckets, &mut remaining, line);
                }
                continue;
            }
            // (`## Done` … `Then:` over `1. Fix the parser.`: steps, not work done. The label
            // stays kept as written.)
            if e.paragraph && e.checked.is_none() && then_label(&e.text) {
                steps_after = true;
                open = None;
                continue;
            }
            if steps_after && !e.paragraph {
                take(&e.lines, &mut used);
                state_next.push(e.text.trim().to_owned());
                continue;
            }
            // `Main outcomes:` over the items of work done: it introduces them, no work of
            // its own, and is read with each of them (`Реализована полная интеграция
            // blueprint:` says work done of its own, and stays an item).
            if role.is_bucket()
                && e.paragraph
                && introduces(&e.text)
                && all.peek().is_some_and(|next| !next.paragraph)
                && status_words(&e.text).is_none()
            {
                intro = Some((e.text.trim().to_owned(), e.lines));
                continue;
            }
            match labelled(&e.text) {
                // `Next: …` in the state: a next step.
                Some((Some(Role::NextAction), rest)) => {
                    take(&e.lines, &mut used);
                    // (`待办/可优化：…`, `Optional: …`: what one may do is no step chosen.)
                    let label = &e.text[..e.text.len().saturating_sub(rest.len())];
                    if says_optional(label) {
                        state_optional.push(rest.trim().to_owned());
                    } else {
                        state_next.push(rest.trim().to_owned());
                    }
                    open = None;
                    continue;
                }
                // `- Notes: …`: a label of its own, no bucket's item (an item under a
                // bucket's label may begin with words and a colon, and stays its item).
                // In a bucket's own section (`## Done`), `- Parser: rewritten` is its item.
                Some(_) if !e.paragraph && !e.nested && role == Role::State => open = None,
                _ => {}
            }
            if let Some((header, status)) =
                e.cells.iter().find(|(h, c)| cell_bucket(h, c).is_some())
            {
                let bucket = cell_bucket(header, status).unwrap_or(Role::Unverified);
                // (A mark's words say more than it: `❌ broken` is no work not started; and
                // under blockers, `❌ open` is a blocker still.)
                let words = without_mark(status);
                // (A `✅` is outweighed only by words that say the work is not done, under
                // way, blocked or untested, not by a need or a condition after it: `✅
                // Sign-in pill in hero top bar. Needs VITE_PRIVY_APP_ID.`, `Live button
                // auto-disabled if Lace not detected`.)
                let said = if bucket == Role::Complete {
                    match status_words(words) {
                        Some(r @ (Role::Blocked | Role::InProgress | Role::Remaining)) => Some(r),
                        _ if says_untested(words) => Some(Role::Unverified),
                        _ => not_done_after_all(words),
                    }
                } else {
                    status_words(words)
                };
                let bucket = match (words != status.as_str())
                    .then_some(said)
                    .flatten()
                    .filter(|r| r.is_bucket())
                {
                    Some(said) => said,
                    None if open == Some(Role::Blocked) && bucket == Role::Remaining => {
                        Role::Blocked
                    }
                    None => bucket,
                };
                let text: Vec<&str> = e
                    .cells
                    .iter()
                    .filter(|(_, c)| !c.is_empty())
                    .map(|(_, c)| c.as_str())
                    .collect();
                take(&e.lines, &mut used);
                put(
                    bucket,
                    unescape(&text.join(" | ")),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
                continue;
            }
            let by_box = match e.checked {
                // (A tick outweighed by words that say the work is not done, as a `✅` is:
                // `[x] Migration script written, but 3 tests still fail`.)
                Some(true) => Some(not_done_after_all(&e.text).unwrap_or(Role::Complete)),
                Some(false) if open != Some(Role::Complete) => {
                    Some(open.unwrap_or(Role::Remaining))
                }
                Some(false) => Some(Role::Remaining),
                None => None,
            };
            // A struck-out item of a list of work (`~~MIT LICENSE file~~ **FIXED**`) is done.
            let after = after_strike(&e.text);
            let struck = after.is_some();
            // (Not one said dropped, `~~Per-request thinking control~~ — **CONFIRMED
            // IMPOSSIBLE**. Skip.`: no work done, none left; it stays kept as written.)
            if after.is_some_and(says_dropped) && struck_out(&e.text) {
                continue;
            }
            // (Under blockers, `❌ Building the app` is a blocker still, as in a table.)
            let by_mark = (!e.paragraph)
                .then(|| status_bucket(&e.text))
                .flatten()
                .map(|r| {
                    let mark = status_mark(&e.text);
                    // (And a warning's words may say more: `⚠️ Vercel deployment — blocked
                    // by GitHub` is blocked.)
                    // (And a `✅` is outweighed by words that say the work is not done: `✅
                    // Export CSV path still crashes on empty rows`.)
                    if mark == Some(Role::Remaining) && open == Some(Role::Blocked)
                        || mark == Some(Role::Unverified)
                            && not_done_after_all(without_mark(&e.text)) == Some(Role::Blocked)
                    {
                        Role::Blocked
                    } else if mark == Some(Role::Complete) {
                        not_done_after_all(without_mark(&e.text)).unwrap_or(r)
                    } else {
                        r
                    }
                })
                .or(struck.then_some(Role::Complete));
            // A state split by labels or boxes may lead with a paragraph that says its own
            // state (`**All four sessions shipped.** The release is live.`).
            let by_words = if structured {
                if e.paragraph {
                    (!split_yet).then(|| lead_status(&e.text)).flatten()
                } else {
                    // (An item with no mark, in a state some items mark, says its state in
                    // words or not at all: `- Migration 68% complete` after `- Parser done,
                    // 100% complete`.)
                    (open.is_none() && e.checked.is_none())
                        .then(|| status_words(&e.text))
                        .flatten()
                        .filter(|r| r.is_bucket())
                }
            } else {
                // (A result that passed is done, as in a paragraph: `69 de 80 testes
                // passando`.)
                Some(if passed_alone(&e.text) {
                    Role::Complete
                } else if all_done {
                    status_words(&e.text).unwrap_or(Role::Complete)
                } else {
                    status_in_words(&e.text)
                })
            };
            let by_unmarked = (marks_some && !e.paragraph && e.checked.is_none())
                .then(|| label_split(&e.text))
                .flatten()
                .filter(|(label, rest)| {
                    says_left(label) && status_words(rest) != Some(Role::Complete)
                })
                .map(|_| Role::Remaining);
            // A state an item says by its own label beats its section's (`Parser rewrite
            // **Status: blocked on the vendor key**` under work done).
            let by_label = (open.is_some() && !e.paragraph)
                .then(|| labelled_status(&e.text))
                .flatten();
            // Under work done, an item whose own words say it is not (`Refund: not
            // implemented`, `Will open a ticket`, `Role mapping (blocked on the IdP)`): the
            // state it says, or work left.
            // (A paragraph by its first sentence: `Importante: el Stage Planner todavía no
            // está conectado al pipeline. …`.)
            let by_own = (open == Some(Role::Complete) && e.checked.is_none())
                .then(|| {
                    if e.paragraph {
                        sentences(&e.text)
                            .first()
                            .and_then(|first| not_done_after_all(first))
                    } else {
                        not_done_after_all(&e.text)
                    }
                    // (Or that it is a plan: `We plan to switch to pnpm next week`,
                    // `Планируется перейти на новую версию API`.)
                    // (An item's, not a paragraph's that leads in to a list: `We will sum
                    // up what was finished.`)
                    .or_else(|| (!e.paragraph && says_a_plan(&e.text)).then_some(Role::Remaining))
                })
                .flatten();
            let bucket = by_box
                .or(by_mark)
                .or(by_label)
                .or(by_own)
                .or(by_unmarked)
                // (Not past a table's rows: a paragraph's lead is over a list.)
                .or(lead.filter(|_| !e.paragraph && e.cells.is_empty()))
                .or(open)
                .or(by_words);
            // An unsplit state's paragraph, sentence by sentence: `v0.1 plan is locked.
            // Huddle review complete, Linus signed off conditionally.`
            if bucket.is_some()
                && by_box.is_none()
                && by_mark.is_none()
                && open.is_none()
                && !structured
                && e.paragraph
            {
                take(&e.lines, &mut used);
                for sentence in sentences(&e.text) {
                    // A result that passed is done (`Nineteen focused tests pass.`), and so is
                    // what says no state of its own in a state said all done (`**Status:
                    // COMPLETED & COMMITTED**` then `A navigation index for the codebase.`).
                    let said = if passed_alone(sentence) {
                        Role::Complete
                    } else if all_done {
                        status_words(sentence).unwrap_or(Role::Complete)
                    } else {
                        status_in_words(sentence)
                    };
                    put(
                        said,
                        sentence.to_owned(),
                        &mut buckets,
                        &mut remaining,
                        line,
                    );
                }
                continue;
            }
            if let Some(bucket) = bucket
                && !is_none(&e.text)
                && !nothing_under_way(&e.text)
            {
                take(&e.lines, &mut used);
                let text = if by_mark.is_some() {
                    without_mark(&e.text).to_owned()
                } else {
                    e.text.clone()
                };
                put(bucket, text, &mut buckets, &mut remaining, line);
            }
            // (A "nothing here" is no text to keep; with a reason after it, `None. Documentation
            // phase complete, implementation awaits track activation.`, the reason is kept.)
            if is_none(&e.text) && super::parse::none_alone(&e.text) {
                take(&e.lines, &mut used);
            }
        }
    }
    // Outside the state: a known issue whose words say its state (`**No runtime test
    // execution** — panels haven't been tested`, `… (blocking everything)`), and a ticked
    // box of a checklist (`## Testing checklist`: `- [x] Modulation works`). Their sections
    // stay kept as written.
    for section in doc.sections.iter().filter(active) {
        let role = section.role.or(section.within);
        // Issues, not risks or questions still open (the skill's `Open risks and
        // questions` stays as written).
        let risks = role == Some(Role::Risks) && {
            let name = normalize(&section.heading);
            [
                "issue",
                "problem",
                "not working",
                "bug",
                "问题",
                "問題",
                "проблем",
                "문제",
            ]
            .iter()
            .any(|w| name.contains(w))
        };
        // (A role-less section's boxes only when it names a checklist: a template's or a
        // preamble's ticked boxes say nothing done.)
        let checklist = match role {
            Some(Role::Verification | Role::Criteria | Role::Evidence) => true,
            None => {
                let name = normalize(&section.heading);
                section.kind == Kind::Heading
                    && ["checklist", "清单", "チェックリスト", "체크리스트", "test"]
                        .iter()
                        .any(|w| name.contains(w))
            }
            _ => false,
        };
        // (Any list of risks or gaps: what it hedges is a claim no one has verified; not
        // one said resolved, `Risks (all mitigated)`.)
        let any_risks = role == Some(Role::Risks)
            && !super::headings::qualifier_holds(&section.heading, super::headings::SETTLED);
        if !risks && !checklist && !any_risks {
            continue;
        }
        for e in entries(section, doc) {
            let line = e.lines.first().copied().unwrap_or(section.line);
            if any_risks && !risks && !e.paragraph {
                // `CI status may not be visible through the wrapper`, `Header contract
                // generation is not implemented yet`: unverified. (Not a question: it stays
                // kept, asked.)
                if hedges(&e.text) && !is_question(&e.text) {
                    put(
                        Role::Unverified,
                        e.text.clone(),
                        &mut buckets,
                        &mut remaining,
                        line,
                    );
                }
                continue;
            }
            if checklist && e.checked == Some(true) {
                put(
                    Role::Complete,
                    e.text.clone(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
            } else if risks && !e.paragraph {
                // An issue that closes on its state is in it: `… nicht automatisch
                // (behoben)`, `Login fails on Safari (fixed)`.
                if let Some(bucket) = closing_state(&e.text) {
                    put(bucket, e.text.clone(), &mut buckets, &mut remaining, line);
                    continue;
                }
                // An issue is a block unless what it says is untested (`haven't been tested`).
                let said = lead_status(&e.text)
                    .or_else(|| status_words(&e.text))
                    .map(|b| {
                        if b == Role::Unverified && !about_testing(&e.text) {
                            Role::Blocked
                        } else {
                            b
                        }
                    });
                if let Some(bucket) = said.filter(|b| *b != Role::Complete) {
                    put(bucket, e.text.clone(), &mut buckets, &mut remaining, line);
                }
            }
        }
    }
    // What a file says is untested outside its state (`| docker-compose.yml | Never tested
    // on a machine with Docker |`, `原生刷新…受工具限制未验证`): unverified, each sentence once.
    // (Not what is still to do, or how to check it: `Verify on macOS` is a step.)
    let stays = [
        Role::State,
        Role::NextAction,
        Role::Remaining,
        Role::Criteria,
        Role::Verification,
        Role::Decisions,
        Role::Constraints,
        Role::Goal,
        Role::Summary,
    ];
    for section in doc.sections.iter().filter(active) {
        let role = section.role.or(section.within);
        if role.is_some_and(|r| r.is_bucket() || stays.contains(&r)) {
            continue;
        }
        for e in entries(section, doc) {
            let line = e.lines.first().copied().unwrap_or(section.line);
            // A check its evidence says is blocked, and proves nothing (`E2E 测试被 Playwright
            // Chromium 缺失阻断。`, `Blocked in this sandbox: cargo clippy`): blocked.
            if role == Some(Role::Evidence) && blocked_check(&e.text) {
                put(
                    Role::Blocked,
                    e.text.clone(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
                continue;
            }
            // A check of a list of checks left unticked proves nothing: it is in the state
            // its own words say (`- [ ] Waiting for QA sign-off`); a result it claims is
            // unverified (`- [ ] All 42 e2e tests pass`, `- [ ] Tested on Safari`); else it is
            // work left (`- [ ] Cache do navegador limpo ← PENDENTE`, `- [ ] Write release
            // notes`), unless it says how to check, which the evidence's instructions keep
            // (`- [ ] Verify the e2e suite`, `- [ ] Run \`npm test\` and confirm green`).
            if role == Some(Role::Evidence) && e.checked == Some(false) {
                // (Said done, yet left unticked: `- [ ] Manual smoke test done by Ana` is
                // a claim no one ticked.)
                let said = status_words(&e.text);
                let how = says_how_to_check(&e.text);
                let bucket = said
                    .filter(|b| matches!(b, Role::Blocked | Role::InProgress | Role::Unverified))
                    .or_else(|| {
                        (!how
                            && (said == Some(Role::Complete)
                                || !proof_sentences(&e.text, true, false).is_empty()))
                        .then_some(Role::Unverified)
                    })
                    .or_else(|| (!how).then_some(Role::Remaining));
                if let Some(bucket) = bucket {
                    put(bucket, e.text.clone(), &mut buckets, &mut remaining, line);
                }
                continue;
            }
            // (`- Unverified: …` restates the state, as a rendering's risks do.)
            if e.checked == Some(false) || bucket_label(&e.text).is_some() {
                continue;
            }
            // A table's row whole: its first cell names what the others say of it.
            let said = if e.cells.is_empty() || !says_untested(&e.text) {
                untested_sentences(&e.text)
            } else {
                vec![e.text.as_str()]
            };
            for sentence in said {
                put(
                    Role::Unverified,
                    sentence.to_owned(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
            }
        }
    }
    // The text before the first section often says where the work stands (`This session
    // closed the tooling gap …`, `> 最后更新：…，PR #23 已合并，正在补齐…`): its sentences
    // that say a state, and only those (a remark, `This is not a spec`, says none).
    let preamble = doc.preamble_lines();
    let first_line = preamble.start;
    for paragraph in preamble_paragraphs(doc, preamble) {
        for sentence in sentences(&paragraph) {
            // (Nor a question, a condition, or a state denied: `The build is not blocked
            // anymore`, `I can't stress this enough`, `Is CI still blocked?`)
            let lower = sentence.to_lowercase();
            if about_the_file(sentence)
                || conditional(sentence)
                || [" not ", "n't", "nothing", "no longer", "anymore", " no "]
                    .iter()
                    .any(|w| lower.contains(w))
            {
                continue;
            }
            // (Done only in so many words: `complete` alone is as often an adjective.)
            let bucket = if says_untested(sentence) {
                Some(Role::Unverified)
            } else {
                status_words(sentence)
                    .filter(|b| matches!(b, Role::InProgress | Role::Blocked))
                    .or_else(|| reports_done_anywhere(sentence).then_some(Role::Complete))
            };
            if let Some(bucket) = bucket
                && sentence.chars().count() <= 300
            {
                put(
                    bucket,
                    sentence.to_owned(),
                    &mut buckets,
                    &mut remaining,
                    first_line,
                );
            }
        }
    }
    // Among the steps, a sentence that reports work done (`The design is complete. Read
    // the plan first.`) says a state.
    for section in doc.sections.iter().filter(active) {
        if section.role.or(section.within) != Some(Role::NextAction) {
            continue;
        }
        for e in entries(section, doc) {
            // An item whose label says it is done (`1. Milestone complete: … captures the
            // delivered work`) is work done, not a step.
            if !e.paragraph && label_says_done(&e.text) {
                let line = e.lines.first().copied().unwrap_or(section.line);
                put(
                    Role::Complete,
                    e.text.clone(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
                continue;
            }
            // (A one-sentence paragraph says done in its first clause, or nothing.)
            if !e.paragraph || (!reports_done(&e.text) && !e.text.contains(". ")) {
                continue;
            }
            let line = e.lines.first().copied().unwrap_or(section.line);
            for sentence in sentences(&e.text).into_iter().filter(|s| reports_done(s)) {
                put(
                    Role::Complete,
                    sentence.to_owned(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
            }
        }
    }
    // A role-less section's labelled items (`- **다음(실행 시)**: run it`, `- **What**: a
    // research loop`, `- Decisões importantes: …`, `- Bloqueios: …`): each read as its label
    // names it (a goal only when no section says one).
    let mut loose_goal: Option<String> = None;
    let mut loose: Vec<(Role, String)> = Vec::new();
    // Next steps by label, with their labels' words: a label repeated in section after
    // section is a log's (`### 5) Contexto para retomada` per session), read newest, last,
    // first.
    let mut loose_next: Vec<(String, usize, String)> = Vec::new();
    for (role, text, line) in routed {
        match role {
            Role::NextAction => state_next.push(text),
            Role::Decisions | Role::Evidence | Role::Constraints => loose.push((role, text)),
            role if Bucket::of_role(role).is_some() => {
                put(role, text, &mut buckets, &mut remaining, line);
            }
            _ => {}
        }
    }
    for section in doc.sections.iter().filter(active) {
        if section.role.or(section.within).is_some() {
            continue;
        }
        // (`## Database options` with `- [x] Postgres (chosen)` is a choice, not work done.)
        let checklist = names_a_checklist(&section.heading);
        // A piece of work by its heading: numbered or a stage (`### 6. web.crawl 툴 구현`,
        // `## Phase 2`), not a list of options, a legend or an example.
        let work = stage_number(&section.heading).is_some() && !names_options(&section.heading);
        let all = entries(section, doc);
        // A list that marks work still open beside its done items (`- [ ] Docs`, `⏳
        // Importer`) says what its `✅` means. (Not `🔴` or `🟡`: often a priority.)
        let marks_open = work
            && all.iter().any(|e| {
                !e.paragraph
                    && (e.checked == Some(false)
                        || ["⏳", "🔄", "🚧", "⬜", "☐", "🔲"]
                            .iter()
                            .any(|m| e.text.trim_start().starts_with(m)))
            });
        for e in all {
            if e.paragraph {
                continue;
            }
            // A ticked box says its item is done in a checklist (`## ✅ Чек-лист
            // готовности`) and under a piece of work (`### 6. web.crawl 툴 구현` with `- [x]
            // 링크 확장`). (An open one stays in its section: a checklist's open box is no
            // step chosen.) A `✅` says it in a checklist, or in a piece of work's list that
            // marks open work too: alone it may be a list's decoration (`✅ Создать Pull
            // Request` in today's to-do list). Not an item whose own words say it is not
            // done (`- [x] Exporter (blocked on S3 bucket)`, `- [x] Add caching (reverted)`).
            let says_done = if e.checked == Some(true) {
                checklist || work
            } else {
                checklist || marks_open
            };
            let says_done = says_done && ticked(&e).is_some_and(|done| !says_otherwise(done));
            if let Some(done) = ticked(&e).filter(|_| says_done) {
                take(&e.lines, &mut used);
                let line = e.lines.first().copied().unwrap_or(section.line);
                put(
                    Role::Complete,
                    done.to_owned(),
                    &mut buckets,
                    &mut remaining,
                    line,
                );
                continue;
            }
            // A label of a few words, read as labels are (`다음(실행 시)`: the next step).
            let Some((role, rest)) = role_label(&e.text) else {
                continue;
            };
            match role {
                Role::NextAction => {
                    loose_next.push((label_of(&e.text), section.line, rest.to_owned()));
                }
                Role::Goal => {
                    loose_goal.get_or_insert_with(|| rest.to_owned());
                }
                Role::Decisions | Role::Evidence | Role::Constraints if !is_none(rest) => {
                    take(&e.lines, &mut used);
                    loose.push((role, rest.to_owned()));
                }
                role if Bucket::of_role(role).is_some() && !is_none(rest) => {
                    take(&e.lines, &mut used);
                    let line = e.lines.first().copied().unwrap_or(section.line);
                    put(role, rest.to_owned(), &mut buckets, &mut remaining, line);
                }
                _ => {}
            }
        }
    }
    // (The same label in two sections; in one section, `- Next: …` thrice is a list in
    // order.)
    let repeated = {
        let mut first_in: FastMap<&str, usize> = FastMap::default();
        loose_next
            .iter()
            .any(|(label, at, _)| *first_in.entry(label.as_str()).or_insert(*at) != *at)
    };
    if repeated {
        loose_next.reverse();
    }
    state_next.extend(loose_next.into_iter().map(|(_, _, text)| text));
    if !objective.contains_key("summary")
        && let Some(goal) = loose_goal
    {
        missing.retain(|m| m != "/objective/summary");
        objective.insert("summary".into(), json!(goal));
    }
    let mut state = Map::new();
    for bucket in Bucket::ALL {
        let items = std::mem::take(&mut buckets[bucket as usize]);
        state.insert(
            bucket.key().into(),
            json!(capped(dedup(items), bucket.key(), &mut lost)),
        );
    }
    // The first thing left to do, should no step be named next (a deferred item is none).
    // (Each section's facts decided once: a file may hold thousands of items.)
    let put_off = put_off(doc);
    let staged: Vec<bool> = doc.sections.iter().map(|s| is_stage(doc, s)).collect();
    // (An item before a paragraph that says how to take them: `Each item is small enough to
    // land as a single commit.` over the list; or over paragraphs numbered in bold, `**1.
    // Diff fidelity** — cheapest real quality jump.`)
    let listed = |r: &&Value| {
        r["line"]
            .as_u64()
            .and_then(|l| usize::try_from(l).ok())
            .filter(|&l| l >= 1 && l <= doc.line_count())
            .is_some_and(|l| {
                let line = doc.line(l - 1).text.trim_start();
                super::parse::marker(line).is_some()
                    || ["**", "__"].iter().any(|m| {
                        line.strip_prefix(m)
                            .and_then(super::parse::marker)
                            .is_some_and(|_| line.len() > 4 && line[2..].contains(m))
                    })
            })
    };
    let section_of = |r: &Value| {
        r["line"]
            .as_u64()
            .and_then(|l| usize::try_from(l).ok())
            .and_then(|l| doc.section_at(l.saturating_sub(1)))
    };
    let first_todo: Option<String> = remaining
        .iter()
        .enumerate()
        .filter(|&(at, r)| {
            listed(&r)
                || !remaining
                    .get(at + 1)
                    .is_some_and(|next| listed(&next) && section_of(next) == section_of(r))
        })
        .map(|(_, r)| r)
        .find(|r| {
            let line = r["line"].as_u64().and_then(|l| usize::try_from(l).ok());
            if line.is_some_and(|l| optional_lines.contains(&l)) {
                return false;
            }
            // (Nor a note on what stands: `**CRITICAL NOTE:** Despite these improvements,
            // hallucinations are still being observed.`)
            if r["text"].as_str().is_some_and(|t| {
                let t = without_mark(t);
                context_note(t)
                    || label_split(t).is_some_and(|(label, _)| {
                        matches!(
                            normalize(label).as_str(),
                            "critical note" | "important note"
                        )
                    })
            }) {
                return false;
            }
            // Nor is an item of a stage (`### 5. §9 — remaining channels`): the plan's
            // first open stage is.
            // Nor a subheading over items (`### Интеграция`): its first item is.
            !line
                .and_then(|l| doc.section_at(l.saturating_sub(1)).map(|at| (l, at)))
                .is_some_and(|(l, at)| {
                    put_off[at]
                        || staged[at]
                        || (doc.sections[at].kind == Kind::Heading
                            && doc.sections[at].line + 1 == l
                            && doc.sections[at].role.is_none())
                })
        })
        .and_then(|r| {
            let text = r["text"].as_str()?;
            // (An item that introduces its nested ones, `Full Playwright connector
            // implementation (Phase 1-5 …):` over `Phase 1: …`, is the step; they are its
            // parts, kept with the work left.)
            let own = r["line"]
                .as_u64()
                .and_then(|l| usize::try_from(l).ok())
                .filter(|&l| l >= 1 && l <= doc.line_count())
                .and_then(|l| super::parse::marker(doc.line(l - 1).text.trim_start()))
                .map(|item| unescape(item.trim()));
            // (Only over parts that are numbered steps or stages, `Phase 1: …`, not over
            // what the step takes, `Run the migration with:` over the command, nor over the
            // rest of its own sentence on the next line.)
            Some(match own {
                Some(own)
                    if own.ends_with([':', '：'])
                        && text.len() > own.len()
                        && text.starts_with(own.as_str())
                        && text[own.len()..].split("; ").all(|part| {
                            let part = part.trim();
                            super::headings::numbered_task(part) || stage_number(part).is_some()
                        }) =>
                {
                    own
                }
                _ => text.to_owned(),
            })
        });
    // Whether the state labels a thing left to do (`待办：…`): a step under a condition
    // gives way to it.
    let labelled_todo = remaining.iter().any(|r| {
        r["line"]
            .as_u64()
            .and_then(|l| usize::try_from(l).ok())
            .is_some_and(|l| todo_lines.contains(&l))
    });
    if !remaining.is_empty() {
        named.push(format!(
            "{} not started or left to do (under `notStarted`, never `complete`)",
            counted(remaining.len(), "item", "items")
        ));
        kept.insert("notStarted".into(), Value::Array(remaining));
    }
    // Decisions.
    let mut decisions = Vec::new();
    // The rules decisions' sections state, read as constraints.
    let mut decision_rules: Vec<(&'static str, String)> = Vec::new();
    for section in sections_in(Role::Decisions) {
        take(&[section.line], &mut used);
        let all = entries(section, doc);
        // A subheading of Decisions is a decision, and so is a label that names one rather
        // than the section (`**Distribution decision (settled with Val):** 0.1.0 ships …`):
        // its text the rationale.
        let one = (section.role.is_none() && section.kind == Kind::Heading)
            || (section.kind == Kind::Label
                && super::headings::role_named(&section.heading).is_none());
        if one {
            let why: Vec<String> = all
                .iter()
                .filter(|e| section.kind == Kind::Label || !e.lines.contains(&section.line))
                .map(|e| e.text.clone())
                .collect();
            for e in &all {
                take(&e.lines, &mut used);
            }
            let summary = unescape(bare_heading(&section.heading));
            if why.is_empty() {
                missing.push(format!("/decisions/{}/rationale", decisions.len()));
                decisions.push(json!({"summary": summary, "status": "active"}));
            } else {
                decisions.push(
                    json!({"summary": summary, "rationale": why.join(" "), "status": "active"}),
                );
            }
            continue;
        }
        let rules_too = super::headings::names_rules_too(&section.heading);
        for e in decision_entries(section, doc) {
            if unwritten(&e) {
                continue;
            }
            if e.text.is_empty() || is_none(&e.text) {
                take(&e.lines, &mut used);
                continue;
            }
            // A question or a choice still open is no decision: it stays as written (`Should
            // we use Postgres? We have not decided.`).
            if e.text
                .trim_end_matches(['*', '_', ' '])
                .ends_with(['?', '？'])
                || (e.text.contains(['?', '？']) && e.paragraph)
                || open_choice(&e.text)
                || proposed_row(&e)
            {
                continue;
            }
            take(&e.lines, &mut used);
            // An option a section of rejected options lists (`## Considered and declined`:
            // `- Use MongoDB for events`) is said declined, not decided.
            let text = if declines(&section.heading)
                && !names_decisions(&section.heading)
                && !says_declined(&e.text)
            {
                format!("Declined: {}", e.text)
            } else {
                e.text.clone()
            };
            // Under a heading of decisions and rules (`## 關鍵決策與注意事項`, `## Decisions &
            // constraints`), an item that leads with a rule (`不要另外重寫一份渲染邏輯`, `Never
            // skip the manual diff review.`) is a constraint, its kind the rule's. (Under
            // decisions alone, `Do not build another theme copy` is the decision.)
            if rules_too
                && text == e.text
                && e.cells.is_empty()
                && let Some((kind, _)) = rule_sentences(&e.text, false, false)
                    .into_iter()
                    .next()
                    .filter(|(_, rule)| e.text.trim_start().starts_with(rule.as_str()))
            {
                decision_rules.push((kind, e.text.trim().to_owned()));
                continue;
            }
            // (A table's row by its header: the decision's column, the reasons', the rest
            // aside: `| # | Date | Decision | Why |`.)
            let read = if text == e.text {
                decision_row(&e, decisions.len(), &mut missing)
            } else {
                None
            };
            decisions.push(read.unwrap_or_else(|| decision(&text, decisions.len(), &mut missing)));
        }
    }
    // The decisions a file states in prose elsewhere (`The product owner has decided Larkup
    // launches on Docker/VPS only`, `The 3 remaining raw calls are intentional`): each
    // sentence once.
    let mut stated: FastSet<String> = FastSet::default();
    let unread = [
        Role::Decisions,
        Role::Criteria,
        Role::Evidence,
        Role::Artifacts,
        Role::Verification,
        Role::Risks,
    ];
    // What every section states, read once for the prose readings below (decisions, proofs,
    // rules): its entries, their lines, its code.
    let read_once: Vec<Stated> = doc
        .sections
        .iter()
        .filter(active)
        .map(|section| Stated::of(section, doc))
        .collect();
    for said in &read_once {
        if said
            .section
            .role
            .or(said.section.within)
            .is_some_and(|r| unread.contains(&r))
        {
            continue;
        }
        // (Its heading and entries, not its code: `// intentionally left blank`.)
        let heading = std::borrow::Cow::Borrowed(said.section.heading.as_str());
        for text in std::iter::once(heading).chain(said.lines(doc)) {
            for sentence in decision_sentences(&text) {
                if stated.insert(sentence.clone()) {
                    decisions.push(decision(&sentence, decisions.len(), &mut missing));
                }
            }
        }
    }
    for (_, text) in loose.iter().filter(|(r, _)| *r == Role::Decisions) {
        decisions.push(decision(text, decisions.len(), &mut missing));
    }
    let decisions = capped(decisions, "decisions", &mut lost);
    // Evidence, and the artifacts the receiver should inspect.
    let mut evidence: Vec<Value> = Vec::new();
    // Each place the evidence points at, and the items that do.
    let mut by_place: FastMap<String, Vec<usize>> = FastMap::default();
    // What an evidence section tells the receiver to check is the action's verification:
    // its sentences (`All 101 tests should pass.`) and its commands' comments (`npm test  #
    // must stay 58/58`).
    let mut instructions: Vec<String> = Vec::new();
    for role in [Role::Evidence, Role::Artifacts] {
        for section in sections_in(role) {
            if role == Role::Evidence {
                instructions.extend(
                    code_blocks(section, doc)
                        .into_iter()
                        .flatten()
                        .filter(|t| {
                            t.split_once(" # ")
                                .is_some_and(|(_, comment)| is_check(comment))
                        })
                        .map(str::to_owned),
                );
            }
            for e in read(section, list_entries(section, doc), &mut used) {
                if e.text.is_empty() || is_none(&e.text) || is_placeholder_text(&e.text) {
                    continue;
                }
                // (A check left unticked proves nothing: it is read with the state, or, if it
                // says how to check, as an instruction below.)
                if role == Role::Evidence && e.checked == Some(false) {
                    if says_how_to_check(&e.text) {
                        instructions.push(e.text);
                    }
                    continue;
                }
                if role == Role::Evidence && is_check(&e.text) && location(&e.text).is_none() {
                    instructions.push(e.text);
                    continue;
                }
                // (A check said blocked is no proof: it is blocked, and read there.)
                if role == Role::Evidence && blocked_check(&e.text) {
                    continue;
                }
                // A check not carried out is no proof: it is unverified, and read there
                // (`Integration tests: not executed`, `手工验收：未执行`).
                if role == Role::Evidence
                    && says_untested(&e.text)
                    && clauses(&e.text).all(|c| c.is_empty() || says_untested(c))
                    && proof_sentences(&e.text, false, false).is_empty()
                {
                    continue;
                }
                // An artifact the evidence already points at is that evidence (the skill
                // lists each evidence's place again under Relevant artifacts).
                let place = location(&e.text);
                if role == Role::Artifacts
                    && place.as_deref().is_some_and(|p| {
                        // What the item says besides its place, which the evidence holds.
                        let rest = e.text.replace(&format!("`{p}`"), "").replace(p, "");
                        let rest = rest.trim();
                        by_place.get(p).is_some_and(|found| {
                            found.iter().any(|&i| {
                                rest.is_empty()
                                    || evidence[i]["label"]
                                        .as_str()
                                        .is_some_and(|l: &str| l.contains(rest))
                            })
                        })
                    })
                {
                    continue;
                }
                let entry = evidence_item(e.text, place, evidence.len(), &mut missing);
                if let Some(p) = entry["artifactRef"].as_str().or(entry["uri"].as_str()) {
                    by_place
                        .entry(p.to_owned())
                        .or_default()
                        .push(evidence.len());
                }
                evidence.push(entry);
            }
        }
    }
    // The test results and commits a file states outside its evidence (`Full suite: 38
    // passed`, `Last commit: 918709c`, a commit log in a code block) are evidence too: each
    // sentence once, and not again when an evidence item already says it.
    let mut proofs: FastSet<String> = evidence
        .iter()
        .filter_map(|e| e["label"].as_str().map(str::to_owned))
        .collect();
    let unread = [
        Role::Evidence,
        Role::Artifacts,
        Role::Constraints,
        Role::Criteria,
        Role::NextAction,
        Role::Verification,
        Role::Remaining,
    ];
    for said in &read_once {
        let section = said.section;
        let read_entries = !section
            .role
            .or(section.within)
            .is_some_and(|r| unread.contains(&r));
        // Of a list of work, what is done states its result (`| Add tests | DONE | Added
        // 19 tests, 335 pass |`).
        let evidence_like = matches!(
            section.role.or(section.within),
            Some(Role::Evidence | Role::Artifacts)
        );
        let done = said.entries.iter().filter(|e| {
            !read_entries
                && (e.checked == Some(true)
                    || e.cells
                        .iter()
                        .any(|(h, c)| cell_bucket(h, c) == Some(Role::Complete))
                    // An evidence section's paragraph beside its items states results
                    // too (`**16 files modified, 2174 insertions**`).
                    || (e.paragraph && evidence_like && !is_check(&e.text)))
        });
        // (A check said done is read in the entries' prose: not in a heading, `## Done and
        // verified`, nor in code; and only where the state or work done is told, or in notes
        // of no role whose heading does not doubt them: not under `## Unverified`, `##
        // Risks`, `## Claims to double-check`.)
        let trusted = match section.role.or(section.within) {
            Some(
                Role::Blocked | Role::Unverified | Role::InProgress | Role::Risks | Role::Decisions,
            ) => false,
            None => !doubts(&section.heading),
            Some(_) => true,
        };
        let claims = trusted
            && section
                .role
                .or(section.within)
                .is_none_or(|r| matches!(r, Role::State | Role::Complete));
        let heading = (read_entries && section.kind == Kind::Heading).then_some((
            std::borrow::Cow::Borrowed(section.heading.as_str()),
            false,
            false,
        ));
        let texts = heading
            .into_iter()
            .chain(
                // (Nor a checklist's box: `- [ ] Access was verified.` is the receiver's to tick.)
                read_entries
                    .then(|| said.lines_of(doc))
                    .into_iter()
                    .flatten()
                    .map(|(t, boxed, item)| (t, claims && !boxed, item)),
            )
            .chain(
                said.proof_code
                    .iter()
                    .map(|t| (std::borrow::Cow::Borrowed(t.as_str()), false, false)),
            )
            .chain(done.map(|e| (std::borrow::Cow::Borrowed(e.text.as_str()), claims, false)));
        for (text, claims, item) in texts {
            // (A tool's output says what a scan found: `mypy . → Success: no issues found`.)
            let found = proof_sentences(&text, claims, trusted);
            // A short list item that states a result is the proof whole, with what it says
            // around the result (`Shipped. 10/10 vitest tests pass.`, `477 passed, 1
            // skipped.`), when it says nothing of another kind (a decision, a rule).
            let found = if item && !found.is_empty() && proof_item(&text) {
                vec![text.trim().to_owned()]
            } else {
                found
            };
            for sentence in found {
                if proofs.insert(sentence.clone()) {
                    let place = location(&sentence).or_else(|| commit_place(&sentence));
                    evidence.push(evidence_item(sentence, place, evidence.len(), &mut missing));
                }
            }
        }
        // What a section says is done and verified (`### ✅ 已完成并验证`, `Done and
        // verified`) is its proof, item by item.
        // (Not an item that says it is not done or not tested: `⚠️ Full game flow — not yet
        // tested`.)
        if section.role == Some(Role::Complete) && says_verified(&section.heading) {
            for e in &said.entries {
                let done = status_bucket(&e.text).is_none_or(|r| r == Role::Complete)
                    && !says_untested(&e.text)
                    && not_done_after_all(&e.text).is_none();
                if !e.paragraph && !e.text.is_empty() && done && proofs.insert(e.text.clone()) {
                    let place = location(&e.text).or_else(|| commit_place(&e.text));
                    evidence.push(evidence_item(
                        e.text.clone(),
                        place,
                        evidence.len(),
                        &mut missing,
                    ));
                }
            }
        }
    }
    // A verification section's results (`- Testes que passaram: …`) are proofs, not checks.
    for section in sections_in(Role::Verification) {
        for e in entries(section, doc) {
            if let Some((Role::Evidence, rest)) = role_label(&e.text)
                && !is_none(rest)
                && !is_placeholder_text(rest)
            {
                loose.push((Role::Evidence, rest.to_owned()));
            }
        }
    }
    for (_, text) in loose.iter().filter(|(r, _)| *r == Role::Evidence) {
        let place = location(text).or_else(|| commit_place(text));
        evidence.push(evidence_item(
            text.clone(),
            place,
            evidence.len(),
            &mut missing,
        ));
    }
    let evidence = capped(evidence, "evidence", &mut lost);
    // Constraints.
    let mut constraints = Vec::new();
    for section in sections_in(Role::Constraints) {
        // A heading or label that is itself the rule over its items (`Do not reintroduce:`
        // over `- expert zeroing`): each item is the rule's object, said with it.
        // (A verb that forbids, then a few words: `Kritische Regeln` and `接管前必须知道` name
        // the rules; they forbid nothing of their items.)
        let heading = section.heading.trim_end_matches([':', '：']);
        let lower = heading.to_lowercase();
        let over = (section.role == Some(Role::Constraints)
            && heading.split_whitespace().count() <= 6
            && ["do not ", "don't ", "never ", "avoid ", "must not "]
                .iter()
                .any(|p| lower.starts_with(p))
            && !lower.starts_with("never mind"))
        .then(|| heading.to_owned());
        // A rule named by its subheading and said by the one paragraph under it (`### Build
        // Order` then `Trajectory and Hooks MUST build BEFORE Memory`): both, in one.
        if section.role.is_none()
            && section.kind == Kind::Heading
            && code_blocks(section, doc).is_empty()
        {
            let all = entries(section, doc);
            let (own, body): (Vec<&Entry>, Vec<&Entry>) =
                all.iter().partition(|e| e.lines.contains(&section.line));
            if let [said] = body.as_slice()
                && said.paragraph
                && !said.text.is_empty()
                && said.text.chars().count() <= 400
            {
                for e in own.iter().chain([said]) {
                    take(&e.lines, &mut used);
                }
                let text = format!("{}: {}", unescape(bare_heading(heading)), said.text);
                constraints.push(json!({"kind": "other", "text": text}));
                continue;
            }
        }
        for e in read(section, list_entries(section, doc), &mut used) {
            if e.text.is_empty() || is_none(&e.text) {
                continue;
            }
            constraints.push(
                match e
                    .text
                    .split_once(": ")
                    .and_then(|(k, t)| Some((hcr_types::ConstraintKind::parse(k.trim())?, t)))
                {
                    Some((kind, text)) => json!({"kind": kind.as_str(), "text": text}),
                    None => match &over {
                        Some(rule) if !e.paragraph => {
                            json!({"kind": "other", "text": format!("{rule}: {}", e.text)})
                        }
                        _ => json!({"kind": "other", "text": e.text}),
                    },
                },
            );
        }
    }
    // The rules a file states outside its constraints (`Never run polyglot from a Claude
    // session.`, `git push requires explicit approval.`) are constraints too: each sentence
    // once, and not again when a constraint already says it.
    // (A set, not a search of the list: a file may state thousands.)
    let mut rules: FastSet<String> = constraints
        .iter()
        .filter_map(|c| c["text"].as_str().map(str::to_owned))
        .collect();
    let unread = [
        Role::Constraints,
        Role::Decisions,
        Role::Criteria,
        Role::Evidence,
        Role::Artifacts,
    ];
    for said in &read_once {
        let role = said.section.role.or(said.section.within);
        if role.is_some_and(|r| unread.contains(&r)) {
            continue;
        }
        let code = said
            .code
            .iter()
            .map(|t| std::borrow::Cow::Borrowed(t.as_str()));
        // What a section of no role (a prompt, notes) rules out with `No …` is a rule; in the
        // state, work left or risks it is a limitation (`No CI wired up`).
        let rules_out = role.is_none();
        // Steps or work left, where an item is the step.
        let steps = role.is_some_and(|r| matches!(r, Role::NextAction | Role::Remaining));
        // (A command not to do something in words read no other way, `Не удаляй …`, `…実行
        // してもらうこと`, only in notes, steps or work left: a known issue says `Non compare
        // il pulsante`, `再起動するとキャッシュが消えること`.)
        let commands = rules_out || steps;
        let heading = (said.section.kind == Kind::Heading).then_some((
            std::borrow::Cow::Borrowed(said.section.heading.as_str()),
            false,
        ));
        let lines = said.lines_of(doc).map(|(text, _, item)| (text, item));
        for (text, item) in heading
            .into_iter()
            .chain(lines)
            .chain(code.map(|t| (t, false)))
        {
            let found = rule_sentences(&text, rules_out, commands);
            // A short list item that states one rule is the rule whole, with what it says
            // around it (`수집기는 표준 라이브러리만 쓴다. 의존성을 늘리지 말 것.`), when it says no
            // decision or result beside it.
            // (Not the label before it, which the rule's sentence leaves out: `**Note for the
            // next agent:** never run …`.)
            // (Not among steps or work left, where the item is the step: `Update the docs;
            // don't touch the changelog.`)
            let found = match found.as_slice() {
                [(kind, rule)] if item && !steps && rule_item(&text) => {
                    let whole = match label_split(&text) {
                        Some((_, rest)) if rest.trim_start().starts_with(rule.as_str()) => rest,
                        _ => &text,
                    };
                    // (A rule said before is not said again with its context, and one said
                    // alone after it is not said again either.)
                    let whole = whole.trim();
                    if rules.contains(rule) {
                        Vec::new()
                    } else {
                        if whole != rule {
                            rules.insert(rule.clone());
                        }
                        vec![(*kind, whole.to_owned())]
                    }
                }
                _ => found,
            };
            for (kind, sentence) in found {
                if rules.insert(sentence.clone()) {
                    constraints.push(json!({"kind": kind, "text": sentence}));
                }
            }
        }
    }
    for (kind, text) in decision_rules {
        if rules.insert(text.clone()) {
            constraints.push(json!({"kind": kind, "text": text}));
        }
    }
    for (_, text) in loose.iter().filter(|(r, _)| *r == Role::Constraints) {
        constraints.push(json!({"kind": "other", "text": text}));
    }
    let constraints = capped(constraints, "constraints", &mut lost);
    // The next action: the first step that is not done; the others kept.
    let mut next_action = Map::new();
    let mut further: Vec<String> = Vec::new();
    let mut owner: Option<String> = None;
    let mut chosen = false;
    // The checks the chosen step's own section lists after it (`2. Verify release at: …`).
    let mut checks: Vec<String> = Vec::new();
    let mut chosen_in: Option<*const Section> = None;
    let mut step_states: Vec<(Bucket, String)> = Vec::new();
    // Whether the summary chosen last is a step's subheading.
    let mut named_step = false;
    // The first step under a heading that sets a condition (`### If load times still need
    // improvement:`): the next step only when no other is.
    let mut first_conditional: Option<(usize, String)> = None;
    // How many subheadings each section has (a paragraph over two or more introduces them).
    let mut subheadings = vec![0u32; doc.sections.len()];
    for s in &doc.sections {
        if s.kind == Kind::Heading
            && let Some(count) = s.parent.and_then(|p| subheadings.get_mut(p))
        {
            *count += 1;
        }
    }
    for section in newest_first(sections_in(Role::NextAction), doc) {
        // (A steps heading of its own that sets one too: `Что я сделаю, если останется
        // время`, `Acciones siguientes (opcionales)`.)
        let conditional_steps = section.role.is_none_or(|r| r == Role::NextAction)
            && section.kind == Kind::Heading
            && if_heading(&section.heading);
        // (A note on keeping the section itself is no step, and stays as written: `>
        // Actualizar esta sección al final de cada sesión`.)
        let all = entries(section, doc)
            .into_iter()
            // (Not one a label's line starts: that line is the section's own.)
            .filter(|e| {
                !(e.paragraph && !e.lines.contains(&section.line) && maintains_the_file(&e.text))
            })
            .flat_map(|e| labelled_lines(e, doc))
            .collect();
        let mut written = read(section, all, &mut used);
        // Whether this section's heading said the step (its own text may then add to it).
        let mut heading_named = false;
        // An item whose label says it is the next step is the step, before the others (`-
        // **Próximo paso**: Carga de configuración YAML` among `- **Branch actual**: …`).
        if !next_action.contains_key("summary")
            && let Some((at, step)) = written.iter().enumerate().find_map(|(at, e)| {
                // (Not one said empty, done, struck, or only under a condition: `Next step:
                // none.`, `(done)`, `~~…~~`, `Next step if CI fails: …`.)
                let Some((Role::NextAction, rest)) = role_label(&e.text) else {
                    return None;
                };
                (!is_none(rest.trim_end_matches('.'))
                    && !is_placeholder_text(rest)
                    && !rest.contains("~~")
                    && !conditional(rest)
                    && status_words(rest) != Some(Role::Complete)
                    && e.checked != Some(true)
                    && names_one_step(&label_of(&e.text)))
                .then(|| (at, rest.trim().to_owned()))
            })
        {
            next_action.insert("summary".into(), json!(step));
            chosen = true;
            chosen_in = Some(std::ptr::from_ref(section));
            // (Its line stays kept as written, label and all, as a loose label's does.)
            for &line in &written.remove(at).lines {
                used[line] = false;
            }
        }
        // A steps heading that says its one step after a colon names it, before its items:
        // `## Your Immediate Task: Build `acg/runtime.py``, `### Next step: wire the parser`.
        // (Not a list's, `## Next steps: the release`, nor one done or empty.)
        if !next_action.contains_key("summary")
            && section.kind == Kind::Heading
            && let Some((label, rest)) = label_split(&section.heading)
            && names_one_step(label)
            && let Some((Role::NextAction, rest)) =
                role_label(&section.heading).filter(|_| heading_names_a_step(rest))
        {
            next_action.insert("summary".into(), json!(rest.trim()));
            chosen = true;
            chosen_in = Some(std::ptr::from_ref(section));
            // (Said with the section's first sentence, as a subheading's step is: `## Next
            // Task: Calendar Plugin` then `Add Google Calendar as a data source …`.)
            named_step = true;
            heading_named = true;
        }
        let over_steps = over_numbered_steps(section, doc);
        // Whether the entry after each (by its first line) is an item, and whether a numbered
        // one (a stage's name over numbered steps is no step; over facts, `Phase 2: Deploy to
        // staging` then `- staging URL is …`, it is one).
        let next_item: FastMap<usize, (bool, bool)> = written
            .windows(2)
            .filter_map(|w| {
                let item = !w[1].paragraph;
                let numbered = item
                    && w[1].lines.first().is_some_and(|&at| {
                        doc.line(at)
                            .text
                            .trim_start()
                            .starts_with(|c: char| c.is_ascii_digit())
                    });
                Some((*w[0].lines.first()?, (item, numbered)))
            })
            .collect();
        // A numbered task's bold line names the step (`**Task 1 — run the server on a
        // fixed IP and port.**`), said with the paragraph under it.
        // (A later task is a further step, named too; one whose paragraph says it is done
        // is none.)
        if section.kind == Kind::Label
            && section.inline.is_none()
            && super::headings::numbered_task(&section.heading)
        {
            let name = section.heading.trim_end_matches(['.', ':', '：']);
            let done = written.iter().find(|e| e.paragraph).is_some_and(|e| {
                // (`Done.`, `Merged and deployed.`, `The bridge is done.`; not a step that
                // says `with a fixed port`.)
                sentences(&e.text).first().is_some_and(|first| {
                    reports_done(first)
                        || (first.split_whitespace().count() <= 3
                            && status_words(first) == Some(Role::Complete))
                })
            });
            if done {
            } else if next_action.contains_key("summary") {
                further.push(name.to_owned());
            } else {
                next_action.insert("summary".into(), json!(name));
                chosen_in = Some(std::ptr::from_ref(section));
                named_step = true;
            }
        }
        for e in written {
            let text = e.text.trim();
            if text.is_empty() {
                continue;
            }
            // A table of steps, read by its header: the first row not done is the step, its
            // `Step` cell the summary and its `Verify` cell the check (`| # | Step | Priority
            // |`); the row stays kept as written. (Later rows are further steps, whole.)
            // (A row said done is work done, not a step: `| 0 | Tokenizer | ✅ done |`.)
            if !e.cells.is_empty()
                && e.cells
                    .iter()
                    .any(|(h, c)| cell_bucket(h, c) == Some(Role::Complete))
                && let Some(bucket) = Bucket::of_role(Role::Complete)
            {
                step_states.push((bucket, text.to_owned()));
                continue;
            }
            if !chosen
                && !next_action.contains_key("summary")
                && let Some((step, check)) = step_row(&e)
            {
                next_action.insert("summary".into(), json!(step));
                checks.extend(check);
                chosen = true;
                chosen_in = Some(std::ptr::from_ref(section));
                named_step = false;
                for &line in &e.lines {
                    used[line] = false;
                }
                continue;
            }
            // A step's `**Status**: Blocked only by a manual action`: the state its words say.
            // Named by its step (`Create the release: Blocked only …`), once.
            if let Some((Some(Role::State), rest)) = labelled(text)
                && let Some(bucket) = Bucket::of_role(status_in_words(rest))
            {
                let step = bare_heading(&section.heading);
                step_states.push((bucket, format!("{step}: {}", rest.trim())));
                continue;
            }
            // A step labelled as a wait on someone else (`**WAITING:** Darin to test on
            // the branch`, `BLOCKED: the vendor's key`) is blocked work, not the step: the
            // next one is. (Not a step that waits itself: `Wait for CI, then merge`.)
            if let Some((label, rest)) = label_split(without_mark(text))
                && waiting_label(label)
                && waits_on_something(label, rest)
                && let Some(bucket) = Bucket::of_role(Role::Blocked)
            {
                step_states.push((bucket, text.to_owned()));
                continue;
            }
            if chosen_in == Some(std::ptr::from_ref(section)) && is_check(text) {
                // A paragraph that says the step and then how to check it (`Make the bind
                // address configurable. … Verify from another device: … should return …`):
                // its first sentences are the step's, the rest its check.
                let said = sentences(text);
                let first_check = said.iter().position(|s| is_check(s));
                if e.paragraph
                    && let Some(at) = first_check.filter(|&at| at > 0)
                {
                    if named_step && say_step(&mut next_action, said[0]) {
                        further.extend(said[1..at].iter().map(|s| (*s).to_owned()));
                    } else {
                        further.push(said[..at].join(" "));
                    }
                    named_step = false;
                    checks.push(said[at..].join(" "));
                    continue;
                }
                checks.push(text.to_owned());
                continue;
            }
            if let Some(due) = text.strip_prefix("Due:") {
                next_action.insert("dueAt".into(), json!(due.trim()));
                continue;
            }
            if let Some((action, who)) = text.split_once(" Owner: ")
                && !next_action.contains_key("summary")
            {
                owner = owner.or_else(|| Some(who.trim().trim_end_matches('.').to_owned()));
                next_action.insert("summary".into(), json!(action.trim()));
                continue;
            }
            if is_placeholder_text(text) {
                continue;
            }
            // `**Server:** http://localhost:3001`, `**Datum:** 2025-11-06` under a title that
            // names next steps: a fact about the work, no step (kept in its section).
            if states_a_fact(text) {
                for &line in &e.lines {
                    if let Some(u) = used.get_mut(line) {
                        *u = false;
                    }
                }
                continue;
            }
            // `1. Done criteria: all lessons have exercises.` among the steps says when the
            // work is done, not the step (kept with the steps, where it belongs to its task).
            if !e.paragraph && matches!(labelled(text), Some((Some(Role::Criteria), _))) {
                further.push(text.to_owned());
                continue;
            }
            // `**→ Start here next:** …` is the action wherever it stands.
            let labelled_next = match labelled(text) {
                Some((Some(Role::NextAction), rest)) => Some(("", rest)),
                _ => bold_label(text, Role::NextAction),
            };
            if let Some((lead, rest)) = labelled_next
                && !rest.trim().is_empty()
                && !chosen
            {
                if let Some(Value::String(before)) = next_action.remove("summary") {
                    further.insert(0, before);
                }
                // What the item said before the label is a step of its own.
                if !lead.trim().is_empty() {
                    further.push(lead.trim().to_owned());
                }
                next_action.insert("summary".into(), json!(rest.trim()));
                chosen = true;
                chosen_in = Some(std::ptr::from_ref(section));
                // (The label says the step whole: the items after it are further steps.)
                named_step = false;
                continue;
            }
            // A paragraph that introduces items (`Next steps:`) is no step; one followed by
            // code or text (`Push to GitHub (confirm the visibility first):` then the
            // commands) is.
            // Nor is one that points at the steps below (`Follow these steps to publish it.`).
            // (So is one under a heading over subheadings, `Sorted by return vs risk:` over
            // `### Short ~30 min each`, and a bold label alone, `**Important realities:**`,
            // `**First command:**` over a block.)
            let bare = text.trim_matches(['*', '_', ' ']);
            let (next_is_item, next_is_numbered) = e
                .lines
                .first()
                .and_then(|at| next_item.get(at))
                .copied()
                .unwrap_or_default();
            let intro = e.paragraph
                && ((text.ends_with([':', '：']) && next_is_item)
                    // (Not one that says the step: `Start with **Phase 3A** (~3 files):`,
                    // `**Run the migration first:**`.)
                    || (bare.ends_with([':', '：'])
                        && (bold_alone(text)
                            || e.lines.last().is_some_and(|&at| {
                                subheading_after(at, section.level, &subheadings, doc)
                            }))
                        && !says_what_to_do(bare))
                    || points_at_steps(text)
                    // (A stage's name over its steps: `Phase 3: Implementation.` then `1.
                    // Implement the builder`.)
                    || (stage_name(text) && next_is_numbered)
                    // (A long one that says why; not `Rotate the leaked key today, first.`, nor
                    // a long one that says it comes first.)
                    || (over_steps
                        && text.split_whitespace().count() > 25
                        && !holds_any(
                            text,
                            &[
                                "today", "first", "before anything", "urgent", "immediately",
                                "asap", "zuerst", "primero", "d'abord", "сначала", "спочатку",
                                "先", "まず", "먼저",
                            ],
                        )));
            let done = e.checked == Some(true)
                || status_bucket(text) == Some(Role::Complete)
                || (!e.paragraph && label_says_done(text))
                || (e.paragraph && (reports_done(text) || context_note(text)))
                || struck_out(text);
            // A step named by its subheading (`### 1. Draft AR pilot`) is said by the
            // paragraph or the first item under it: the summary is both (`Draft AR pilot:
            // Create …`, `P0：让线上能登录: 在 Railway 后端服务 Variables 设置 …`).
            // (Not a paragraph that says why, or what goes wrong: `**Symptom:** …`,
            // `**Without LLM configs, agents can't function!**`; nor an item done.)
            // (A step named by its subheading whose paragraph says it is done is none: the
            // next one is chosen.)
            if named_step
                && e.paragraph
                && chosen_in == Some(std::ptr::from_ref(section))
                && reports_done(text)
            {
                // (What it says is read with the state, as every report of work done among
                // the steps is.)
                next_action.remove("summary");
                chosen_in = None;
                named_step = false;
                continue;
            }
            // (An item that names the step under its subheading: `### Batch Suivant` then
            // `- **Nom**: Corriger OAuth Callback`.)
            if named_step
                && !done
                && !e.paragraph
                && chosen_in == Some(std::ptr::from_ref(section))
                && e.lines != [section.line]
                && let Some((label, name)) = label_split(without_mark(text))
                && NAME_LABELS.contains(&normalize(label).as_str())
                && !name.trim().is_empty()
                // (A name said done names no step left: `Corriger OAuth Callback (terminé)`;
                // nor does it rename a step its heading names: `### Option A: Ship it`.)
                && status_words(name).is_none()
                && super::headings::status_suffix(name).is_none()
                && !reports_done(name)
                && next_action
                    .get("summary")
                    .and_then(Value::as_str)
                    .is_some_and(|step| !step.contains([':', '：']))
                && say_step(&mut next_action, name.trim())
            {
                named_step = false;
                continue;
            }
            // (A step's own sentence may introduce its items: `### Option A` then `Continue
            // building out advanced analytics features:` over what that takes; not `Tasks:`.)
            // (One sentence that says what to do, not what there is: `Los resultados están
            // en:`, `The tasks include:`.)
            let says_the_step = intro && e.paragraph && says_what_to_do(text);
            // (A step that only asks for this file to be read is kept with the steps, never
            // chosen: `1. 读取本文件`.)
            if reads_the_file(text) {
                further.push(text.to_owned());
                continue;
            }
            if named_step
                && (!intro || says_the_step)
                && !done
                // (An item of the step's own section, not the next step's heading, nor one that
                // gives a fact about it: `Owner: Alice`, `Hintergrund: …`.)
                && (e.paragraph
                    || (chosen_in == Some(std::ptr::from_ref(section))
                        && !e.lines.is_empty()
                        && e.lines != [section.line]
                        && !gives_a_fact(text)))
                && !reports_done(text)
                && !context_note(text)
                // (An item may name its step in bold: `1. **Make the repo public** (if OSS)`;
                // not one led by a bold label, `- **Symptom:** …`.)
                && !text.starts_with('>')
                && !(text.starts_with(['*', '_'])
                    && (e.paragraph
                        || label_split(without_mark(text)).is_some()
                        || !bold_lead_names_a_step(text)))
                // (An item may lead with its own words: `在 Vercel 设置：` then the values.)
                && (!e.paragraph || says_the_step || label_split(text).is_none())
                && let said = sentences(text)
                && let Some(first) = said.first()
                && !first.ends_with(['!', '?', '！', '？'])
                && say_step(&mut next_action, first.trim_end_matches([':', '：']))
            {
                // (The rest of the paragraph, once: its first sentence is the step's.)
                named_step = false;
                if said.len() > 1 {
                    further.push(said[1..].join(" "));
                }
                continue;
            }
            // (A paragraph that introduces the step's items leaves the step to its first.)
            named_step = named_step && (intro || (!e.paragraph && gives_a_fact(text)));
            if conditional_steps && !done && !intro {
                // (The condition and its first step, said together if it is chosen: `If
                // load times still need improvement: Implement virtual scrolling`.)
                if first_conditional.is_none() && e.lines != [section.line] {
                    let condition = unescape(&section.heading);
                    let condition = condition.trim_end_matches([':', '：']);
                    first_conditional = Some((further.len(), format!("{condition}: {text}")));
                }
                further.push(text.to_owned());
            } else if !next_action.contains_key("summary") && !done && !intro && optional_step(text)
            {
                // (A step said optional or only under a condition is the next one only when no
                // other is: `仅当性能目标明确高于当前…时，再设计…`, `Optional: …`.)
                if first_conditional.is_none() {
                    first_conditional = Some((further.len(), text.to_owned()));
                }
                further.push(text.to_owned());
            } else if !next_action.contains_key("summary") && !done && !intro {
                next_action.insert("summary".into(), json!(text));
                chosen_in = Some(std::ptr::from_ref(section));
                named_step = section.kind == Kind::Heading
                    && e.lines == [section.line]
                    && section.role.is_none();
            } else if done
                && !e.paragraph
                // (Not an example of a box: `- [x] Example: a ticked item looks like this`.)
                && !matches!(label_of(text).as_str(), "example" | "e g" | "eg" | "beispiel" | "ejemplo" | "exemple" | "exemplo" | "例")
                && (e.checked == Some(true)
                    || (status_mark(text) == Some(Role::Complete)
                        && reports_a_change(
                            label_split(without_mark(text)).map_or(without_mark(text), |(_, r)| r),
                        )))
                && not_done_after_all(without_mark(text)).is_none()
                && let Some(bucket) = Bucket::of_role(Role::Complete)
            {
                // A step ticked among the steps, or marked done with words that report it
                // done, is work done, no further step: `1. ✅ **Migrate the corpus**: A
                // migration tool has been created …`. (A `✅` alone may only mark a step to
                // take: `1. ✅ Execute as migrations SQL`.)
                step_states.push((bucket, without_mark(text).to_owned()));
            } else {
                further.push(text.to_owned());
            }
        }
        // (Only its own text: a later section's is no part of the step its heading said.)
        if heading_named {
            named_step = false;
        }
    }
    for bucket in Bucket::ALL {
        let Some(Value::Array(items)) = state.get_mut(bucket.key()) else {
            continue;
        };
        let mut seen: FastSet<String> = items
            .iter()
            .filter_map(|i| i.as_str().map(str::to_owned))
            .collect();
        for (_, text) in step_states.iter().filter(|(b, _)| *b == bucket) {
            if items.len() < MAX_ITEMS && seen.insert(text.clone()) {
                items.push(json!(text));
            }
        }
    }
    if !next_action.contains_key("summary")
        && state_next.is_empty()
        && !labelled_todo
        && let Some((at, step)) = first_conditional
    {
        further.remove(at);
        next_action.insert("summary".into(), json!(step));
    }
    for step in state_next {
        if next_action.contains_key("summary") || is_placeholder_text(&step) {
            further.push(step);
        } else {
            next_action.insert("summary".into(), json!(step));
        }
    }
    further.extend(state_optional);
    // A step that offers ways to do it (`统一 HUD 实现路径` over `长远可以选择：` `完全 Widget 化，或`
    // `完全 QPainter 化`) is the step, not one of its ways: they stay with the steps.
    if let Some(Value::String(step)) = next_action.get_mut("summary")
        && let Some(at) = choice_at(step)
    {
        let ways = step[at..].trim_start_matches([';', ' ']).to_owned();
        step.truncate(at);
        further.insert(0, ways);
    }
    // A step the file reports done under a heading of its own was written before that work
    // (`**Next Task**: Implement SubTemplateList parser` over `### Task 1: SubTemplateList
    // Parser ✅ COMPLETE`): no next step; the steps named after it, or what is left, are.
    if let Some(step) = next_action
        .get("summary")
        .and_then(Value::as_str)
        .filter(|step| done_under_heading(step, doc))
    {
        // (Its lines stay kept as written: those that hold it, or a part of it. A step is a
        // line or a few; past 2,000 bytes only the lines that hold it are looked for, so the
        // search stays linear in the file.)
        let short = step.len() <= 2_000;
        for (i, used) in used.iter_mut().enumerate() {
            let text = doc.line(i).text.trim();
            if *used && text.len() >= 8 && (text.contains(step) || (short && step.contains(text))) {
                *used = false;
            }
        }
        next_action.clear();
        checks.clear();
        chosen_in = None;
        // The steps named after it come next, the first of them now (`Next actions in
        // priority order` over `1) Wire the parser into the nightly import`).
        if !further.is_empty() {
            next_action.insert("summary".into(), json!(further.remove(0)));
        }
    }
    // No step named next: the first thing left to do, else the first open stage of an
    // ordered plan (`## Stufe 1 — …`, `### 0. Finish the migration — do it first`), checked
    // as its `Done when` says.
    let mut stage_checks = Vec::new();
    if !next_action.contains_key("summary") {
        fallback.push("/nextAction");
        if let Some(said) = said_next(doc) {
            next_action.insert("summary".into(), json!(said));
        } else if let Some(todo) = first_todo {
            next_action.insert("summary".into(), json!(todo));
        } else if let Some(at) = first_stage(doc) {
            let stage = &doc.sections[at];
            take(&[stage.line], &mut used);
            // `0. Finish …` without its number; `Stufe 1 — …` as written.
            next_action.insert(
                "summary".into(),
                json!(unescape(bare_heading(&stage.heading))),
            );
            stage_checks = doc
                .sections
                .iter()
                .filter(|s| {
                    s.parent == Some(at)
                        && matches!(s.role, Some(Role::Criteria | Role::Verification))
                })
                .flat_map(|s| entries(s, doc))
                .map(|e| e.text)
                .filter(|t| !t.is_empty() && !is_placeholder_text(t))
                .collect();
        }
    }
    if !stage_checks.is_empty() {
        next_action.insert("verification".into(), json!(stage_checks.join("; ")));
    }
    for section in sections_in(Role::Verification) {
        // The commands a verification section shows in code, as written (`npm run
        // test-integration  # must stay 58/58`).
        let code: Vec<Entry> = code_blocks(section, doc)
            .into_iter()
            .flatten()
            .filter(|t| !t.starts_with('|'))
            .map(|t| Entry::code(t.to_owned()))
            .collect();
        let mut all = entries(section, doc);
        all.extend(code);
        for e in read(section, all, &mut used) {
            if e.text.is_empty() || is_placeholder_text(&e.text) {
                continue;
            }
            // (A result is a proof, read with the evidence.)
            if role_label(&e.text).is_some_and(|(role, rest)| {
                role == Role::Evidence && !is_none(rest) && !is_placeholder_text(rest)
            }) {
                continue;
            }
            // `Due:` under the verification is still the action's due date.
            if let Some(due) = e.text.strip_prefix("Due:") {
                next_action.insert("dueAt".into(), json!(due.trim()));
                continue;
            }
            add_check(&mut next_action, &e.text);
        }
    }
    // The checks the chosen step's commands say in their comments (`# Verify Swagger docs
    // are working` under `npm run dev`); the code stays as written too.
    // (Only where the step is its section, named by its heading: under a list of steps a
    // block may be another step's. Never a setting's note, `# verify-ssl=false …`, `# make
    // sure: true`; a few at most.)
    if let Some(chosen) = doc.sections.iter().find(|s| {
        chosen_in == Some(std::ptr::from_ref(*s))
            && s.kind == Kind::Heading
            && next_action
                .get("summary")
                .and_then(Value::as_str)
                .is_some_and(|said| said.starts_with(bare_heading(&s.heading)))
    }) {
        let said = code_blocks(chosen, doc)
            .into_iter()
            .flatten()
            .filter_map(|line| {
                line.strip_prefix("# ")
                    .or_else(|| line.strip_prefix("// "))
                    .map(str::trim)
            })
            .filter(|c| is_check(c) && !c.contains(['=', ':', '-']) && c.len() <= 200)
            .take(5)
            .map(str::to_owned)
            .collect::<Vec<_>>();
        checks.extend(said);
    }
    // A step's own check written after it, on its next line (`1. Add the OFX reader.` then
    // `Verify: \`cargo test --features ofx\` passes.`): the step, then its verification.
    if let Some(Value::String(step)) = next_action.get_mut("summary")
        && let Some((at, label)) = ["Verify: ", "Verification: ", "Check: ", "Done when: "]
            .iter()
            .filter_map(|label| step.find(&format!(". {label}")).map(|at| (at + 1, *label)))
            .min_by_key(|&(at, _)| at)
    {
        let check = step[at..].trim_start()[label.len()..].trim().to_owned();
        step.truncate(at);
        if !check.is_empty() {
            checks.insert(0, check);
        }
    }
    // Then the checks the chosen step's section lists, and the instructions the evidence
    // sections give (`All 101 tests should pass.`).
    for check in checks.iter().chain(&instructions) {
        add_check(&mut next_action, check);
    }
    if !further.is_empty() {
        let further = capped(further, "further steps", &mut lost);
        kept.insert("furtherSteps".into(), json!(further));
    }
    if !next_action.contains_key("summary") {
        missing.push("/nextAction/summary".to_owned());
    }
    if !next_action.contains_key("verification") {
        missing.push("/nextAction/verification".to_owned());
    }
    // The next actor: an id, never a sentence.
    for section in sections_in(Role::Owner) {
        take(&[section.line], &mut used);
        for e in entries(section, doc) {
            if unwritten(&e) {
                continue;
            }
            // A paragraph's first line: `agent:deployer`, then a remark of its own.
            let first = if e.paragraph && e.lines.len() > 1 && e.lines[0] != section.line {
                doc.line(e.lines[0]).text.trim().to_owned()
            } else {
                e.text.clone()
            };
            if owner.is_none()
                && let Some((id, kind)) = actor_id(&first)
            {
                let lines = if first == e.text {
                    &e.lines[..]
                } else {
                    &e.lines[..1]
                };
                take(lines, &mut used);
                owner = Some(match kind {
                    Some(kind) => format!("{id}\u{0}{kind}"),
                    None => id,
                });
            }
        }
    }
    let ownership = match owner {
        Some(given) => {
            let (id, kind) = match given.split_once('\u{0}') {
                Some((id, kind)) => (id.to_owned(), hcr_types::ActorType::parse(kind)),
                None => (given.clone(), None),
            };
            // The type as `hcr continue --by` reads it from the id's prefix; never guessed.
            match kind.or_else(|| hcr_types::ActorType::of_id(&id)) {
                Some(kind) => json!({"nextActor": {"id": id, "type": kind.as_str()}}),
                None => {
                    missing.push("/ownership/nextActor/type".to_owned());
                    json!({"nextActor": {"id": id}})
                }
            }
        }
        None => {
            missing.push("/ownership/nextActor".to_owned());
            json!({})
        }
    };
    // Sections no field reads are kept whole, by heading; lines of mapped sections that no
    // field read are kept by line.
    let mut sections = Vec::new();
    let mut unmapped = Vec::new();
    let mut headings = Vec::new();
    for (index, section) in doc.sections.iter().enumerate() {
        if Some(index) == skip
            || doc
                .title_section()
                .is_some_and(|t| std::ptr::eq(t, section))
        {
            continue;
        }
        // (A label whose value no field holds is read when a field holds a line under it:
        // its own line is then kept as written, with the others no field holds.)
        let mapped = used[section.line]
            || (section.inline.is_some() && section.body.clone().any(|i| used[i]));
        if used[section.line] && !CANONICAL.iter().any(|c| section.is(c)) {
            headings.push(json!({"line": section.line + 1, "heading": section.heading}));
        }
        if mapped {
            let own = (!used[section.line]).then_some(section.line);
            for i in own.into_iter().chain(section.body.clone()) {
                let text = doc.line(i).text.trim();
                let said = super::parse::unquote(text).trim();
                // (A "nothing here" alone says nothing to keep; one with a reason is kept.)
                let nothing = is_none(said) && super::parse::none_alone(said);
                if !used[i] && !said.is_empty() && !nothing && !super::parse::is_rule(said) {
                    unmapped.push(json!({"line": i + 1, "text": text}));
                }
            }
            continue;
        }
        let body = section.text(doc);
        let mut entry = json!({
            "heading": section.heading,
            "level": section.level,
            "body": body.trim_matches('\n'),
        });
        if let Some(inline) = &section.inline {
            entry["inline"] = json!(inline);
        }
        let role = section.role.or(section.within);
        named.push(format!(
            "section `{}` (line {}){}",
            hcr_escape::escape(&section.heading),
            section.line + 1,
            match role {
                Some(Role::Risks) => ": risks and open questions",
                Some(Role::Remaining) => ": not started",
                Some(Role::Summary) => ": a summary",
                _ => "",
            }
        ));
        sections.push(entry);
    }
    let sections = capped(sections, "other sections", &mut lost);
    if !sections.is_empty() {
        kept.insert("sections".into(), json!(sections));
    }
    let headings = capped(headings, "headings", &mut lost);
    if !headings.is_empty() {
        named.push(format!(
            "the wording of {} whose text a field holds (under `headings`)",
            counted(headings.len(), "heading", "headings")
        ));
        kept.insert("headings".into(), json!(headings));
    }
    let unmapped = capped(unmapped, "lines the mapping does not read", &mut lost);
    if !unmapped.is_empty() {
        named.push(format!(
            "{} of mapped sections that no field reads (under `unmapped`)",
            counted(unmapped.len(), "line", "lines")
        ));
        kept.insert("unmapped".into(), json!(unmapped));
    }
    if let Some(front) = &doc.front_matter {
        named.push("the front matter (under `frontMatter`, verbatim)".to_owned());
        kept.insert("frontMatter".into(), json!(front));
    }
    if !doc.comments.is_empty() {
        let comments: Vec<Value> = doc
            .comments
            .iter()
            .map(|c| json!({"line": c.line + 1, "text": c.text}))
            .collect();
        named.push(format!(
            "{} (under `comments`, verbatim)",
            counted(comments.len(), "HTML comment", "HTML comments")
        ));
        kept.insert(
            "comments".into(),
            json!(capped(comments, "comments", &mut lost)),
        );
    }
    Mapped {
        parts: Parts {
            record_id: None,
            objective: objective.into(),
            current_state: state.into(),
            decisions: decisions.into(),
            evidence: evidence.into(),
            constraints: constraints.into(),
            next_action: next_action.into(),
            ownership,
        },
        kept,
        missing,
        lost,
        named,
        fallback,
    }
}

/// For each section, whether it, or one it is in, holds what was put off rather than what is
/// next (`Deferred`, `Known limitations`, `Future work`, `Backlog`).
fn put_off(doc: &Document) -> Vec<bool> {
    const PUT_OFF: [&str; 14] = [
        "deferred",
        "future",
        "limitation",
        "improvement",
        "out of scope",
        "didn t have time",
        "later",
        "someday",
        "backlog",
        "nice to have",
        "icebox",
        "wishlist",
        "待后续",
        "残存",
    ];
    // Each section's heading read once; a parent comes before its children.
    let mut out: Vec<bool> = Vec::with_capacity(doc.sections.len());
    for s in &doc.sections {
        let name = normalize(&s.heading);
        // (A backlog ranked is the order to take the work in: `Backlog — ranked`; not one
        // unranked, nor one put off by another word: `Deferred backlog — ranked`, `Backlog —
        // ranked (after v2 ships; do NOT start before)`.)
        let words: Vec<&str> = name.split(' ').collect();
        let ranked = words.contains(&"backlog")
            && words
                .iter()
                .any(|w| matches!(*w, "ranked" | "prioritized" | "prioritised"))
            && !words
                .iter()
                .any(|w| matches!(*w, "not" | "after" | "until" | "before"))
            && PUT_OFF
                .iter()
                .filter(|w| **w != "backlog")
                .all(|w| !name.contains(w));
        let own = PUT_OFF.iter().any(|w| name.contains(w)) && !ranked;
        out.push(own || s.parent.and_then(|p| out.get(p).copied()).unwrap_or(false));
    }
    out
}

/// A heading without its leading number and the emphasis around it: `1. **Docs in separate
/// files**` → `Docs in separate files`.
fn bare_heading(heading: &str) -> &str {
    let mut rest = heading.trim();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && rest[digits..].starts_with(['.', ')']) {
        rest = rest[digits + 1..].trim_start();
    }
    let inner = rest.trim_matches(['*', '_']).trim();
    // Only emphasis around the whole heading: `**A** and **B**` keeps its marks.
    if !inner.is_empty() && !inner.contains("**") {
        inner
    } else {
        rest
    }
}

/// Whether a heading is a stage of a plan: named so (`Stufe 1 — …`, `Priority 2: …`), or
/// numbered (`### 0. Finish …`) with no role of its own under a goal, next steps or what is
/// left (a numbered `## 1. Architecture` of a file's outline is none).
fn is_stage(doc: &Document, s: &Section) -> bool {
    match stage_number(&s.heading) {
        Some((_, true)) => true,
        Some((_, false)) => {
            s.role.is_none()
                && s.within
                    .is_none_or(|w| matches!(w, Role::NextAction | Role::Remaining))
                && s.parent.is_some_and(|p| {
                    matches!(
                        doc.sections[p].role.or(doc.sections[p].within),
                        Some(Role::Goal | Role::NextAction | Role::Remaining)
                    )
                })
        }
        None => false,
    }
}

/// Whether a stage's heading names a look back at it, which only a stage that is over has
/// (`Sprint 4 retrospective`, `Phase 1 recap`, `阶段一复盘`).
fn looks_back(heading: &str) -> bool {
    const WORDS: [&str; 15] = [
        "retrospective",
        "retro",
        "recap",
        "postmortem",
        "post mortem",
        "rückblick",
        "retrospektive",
        "retrospectiva",
        "rétrospective",
        "retrospettiva",
        "ретроспектива",
        "回顾",
        "复盘",
        "振り返り",
        "회고",
    ];
    let words = format!(" {} ", normalize(heading));
    WORDS.iter().any(|w| {
        if w.is_ascii() {
            words.contains(&format!(" {w} "))
        } else {
            words.contains(w)
        }
    })
}

/// The stage a plan of ordered stages starts at: the lowest-numbered heading `Stufe 1 — …`,
/// `Step 2: …`, `Priority 1: …` or `0. Finish …` that a sibling of the next number (or of the one
/// before) follows and that is not done: not said done, not all its boxes ticked, not looked
/// back at.
fn first_stage(doc: &Document) -> Option<usize> {
    let done = |section: &Section| {
        section.role == Some(Role::Complete)
            || section.within == Some(Role::Complete)
            || status_suffix(&section.heading).is_some_and(|(r, _)| r == Role::Complete)
            || section.heading.contains('✅')
            || ticked_boxes(&section.blocks(doc)).is_some_and(|(ticked, all)| ticked == all)
            || looks_back(&section.heading)
    };
    // Each heading's number, by its parent; a bare number only for a section no role names.
    let stages: Vec<(usize, u32)> = doc
        .sections
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == Kind::Heading && s.level >= 2)
        .filter(|(_, s)| is_stage(doc, s))
        .filter_map(|(i, s)| Some((i, stage_number(&s.heading)?.0)))
        .collect();
    // The numbers each parent's headings have (a stage a role names follows one too).
    let followed: FastSet<(Option<usize>, u32)> = doc
        .sections
        .iter()
        .filter(|s| s.kind == Kind::Heading)
        .filter_map(|s| Some((s.parent, stage_number(&s.heading)?.0)))
        .collect();
    // (A plan's last stage is open when the one before it is: `Sprint 5 plan` after `Sprint 4
    // retrospective`.)
    stages
        .iter()
        .filter(|&&(i, n)| {
            let parent = doc.sections[i].parent;
            (followed.contains(&(parent, n + 1)) || n > 0 && followed.contains(&(parent, n - 1)))
                && !done(&doc.sections[i])
        })
        .min_by_key(|&&(i, n)| (n, i))
        .map(|&(i, _)| i)
}

/// The headings the renderer writes: a section under one of them needs no record of its
/// wording.
const CANONICAL: [&str; 15] = [
    "Goal",
    "Objective",
    "Current state",
    "Decisions",
    "Evidence",
    "Next action",
    "Open risks and questions",
    "Relevant artifacts",
    "Constraints",
    "Ownership",
    "Next actor",
    "Acceptance criteria",
    "Verification",
    "Not started",
    "Owner",
];

/// A placeholder entry (`TBD`, `(filled in later)`): no field's; its line is kept as it is.
/// An evidence item `at` its place in the list: its label, and its place as a `uri` (a URL)
/// or an `artifactRef`; without one, the place is reported missing.
fn evidence_item(
    label: String,
    place: Option<String>,
    at: usize,
    missing: &mut Vec<String>,
) -> Value {
    let mut entry = json!({"id": format!("evidence-{}", at + 1), "label": label});
    match place {
        Some(place) if place.contains("://") && hcr_types::is_uri_reference(&place) => {
            entry["uri"] = json!(place);
        }
        Some(place) => entry["artifactRef"] = json!(place),
        None => missing.push(format!("/evidence/{at}/artifactRef")),
    }
    entry
}

/// Marks `lines` as held by a field.
fn take(lines: &[usize], used: &mut [bool]) {
    for &l in lines {
        if let Some(u) = used.get_mut(l) {
            *u = true;
        }
    }
}

/// The written entries of `section` (`all`, its [`entries`] or [`list_entries`]), its
/// heading's line and theirs marked as held by a field.
fn read(section: &Section, all: Vec<Entry>, used: &mut [bool]) -> Vec<Entry> {
    take(&[section.line], used);
    let written: Vec<Entry> = all.into_iter().filter(|e| !unwritten(e)).collect();
    for e in &written {
        take(&e.lines, used);
    }
    written
}

fn unwritten(e: &Entry) -> bool {
    (is_placeholder_text(&e.text) && !is_none(&e.text))
        || (is_none(&e.text) && !super::parse::none_alone(&e.text))
}

fn counted(n: usize, one: &str, many: &str) -> String {
    hcr_validate::counted(n, one, many)
}

/// Whether a heading's qualifier says everything under it is done: `(all verified,
/// committed, pushed)`, `— all done`, `(alles erledigt)`.
fn said_all_done(heading: &str) -> bool {
    let name = super::headings::before_qualifier(heading);
    let qualifier = &heading[name.len()..];
    let lower = qualifier.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // All of it, in so many words (`all verified`, `alles erledigt`, `tout est fait`), or a
    // qualifier that is only a state (`(verified)`, `— done`).
    let all = words
        .iter()
        .any(|w| matches!(*w, "all" | "alles" | "tout" | "todo" | "tutto"))
        || ["全部", "모두", "すべて"].iter().any(|w| lower.contains(w))
        || words.len() <= 2;
    let holds = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    all && (status_words(qualifier) == Some(Role::Complete)
        || holds(&[" verified", "all green", "(verified"]))
        // (Not `(nothing verified yet)`, `(all done except the deploy)`, `(verified on macOS
        // only)`, `(alles erledigt bis auf die Doku)`, `(as of the release done last Friday)`.)
        && !holds(&[
                "not ", "no ", "nothing", "unverified", "untested", "partial", "mostly", "%",
                "pending", "except", "but ", "only", "bis auf", "außer", "sauf", "excepto",
                "tranne", "yet", "as of", "?",
        ])
}

/// The bucket an unsplit state item's own words put it in, as a reader reads them:
/// "in progress", "blocked on", "released", "fixed"; a claim with no such word, or with a
/// "not yet", is unverified.
fn status_in_words(text: &str) -> Role {
    // A plan is work left, whatever it will do: `We will finish the export next week`,
    // `计划表下周完成` (not one whose words say a state too: `We plan to drop Python 3.8; CI
    // matrix already updated`).
    if says_a_plan(text) && status_words(text).is_none() {
        return Role::Remaining;
    }
    // A bold lead says the item's state first (`**Stop hook fixed** — … not committed.`).
    let lead = text
        .strip_prefix("**")
        .and_then(|rest| rest.split_once("**"))
        .map(|(lead, _)| lead);
    lead.and_then(status_words)
        .or_else(|| status_words(text))
        .or_else(|| plainly_done(text).then_some(Role::Complete))
        .unwrap_or(Role::Unverified)
}

/// Whether a state item says, in words that are a state only in a plain statement, that
/// its thing works or was done: `End-to-end file → SQLite works on the fixture`, `Claude
/// Code backend: working`, `Three install paths are documented and tested`, `restored 59
/// READMEs`, `… として稼働中。`. Never when anything in it doubts, hedges, contrasts, reports,
/// counts a part or says something went wrong (`tested only on the bench unit`, `works,
/// logout broke`, `The vendor claims …`, `Updated 3 of 10 modules`, `Tested: n/a`), a
/// question or an order (`Is the cache working`, `Check whether node 20 is installed`),
/// someone at work (`Working to fix the crash`), or a participle that describes (`Small,
/// tested commits`, `Working tree: clean`, `seams documented in …`, `Configured values are
/// in .env`).
fn plainly_done(text: &str) -> bool {
    const WORKS: [&str; 3] = ["works", "working", "operational"];
    const DONE: [&str; 10] = [
        "tested",
        "documented",
        "restored",
        "rewritten",
        "updated",
        "removed",
        "configured",
        "installed",
        "refactored",
        // (`Corrected .env file loading logic in tests/conftest.py`: as `fixed` is.)
        "corrected",
    ];
    // (What may stand before a participle that reports: `are documented and tested`, `has
    // been removed`, `fully configured`; or after it: `installed in`, `updated (…)`, `tested
    // on hardware`.)
    const BEFORE: [&str; 16] = [
        "is",
        "are",
        "was",
        "were",
        "been",
        "has",
        "have",
        "had",
        "and",
        "fully",
        "all",
        "now",
        "successfully",
        "just",
        "already",
        "also",
    ];
    const AFTER: [&str; 14] = [
        "and",
        "in",
        "on",
        "with",
        "against",
        "for",
        "by",
        "to",
        "via",
        "at",
        "from",
        "into",
        "locally",
        "successfully",
    ];
    // (Phrases, anywhere.)
    const DOUBTS: [&str; 58] = [
        " only",
        " but ",
        " except",
        " claim",
        " said ",
        " says ",
        "reportedly",
        " whether",
        " if ",
        " unless ",
        " until ",
        " might ",
        " may ",
        "maybe",
        "probably",
        " seems",
        " appears",
        "supposedly",
        "partly",
        "partial",
        "?",
        "？",
        " next session",
        " next step",
        "though",
        "however",
        "hopefully",
        "allegedly",
        " in theory",
        " on paper",
        "assuming",
        " provided",
        "sometimes",
        "intermittent",
        "flaky",
        "barely",
        " sort of",
        " kind of",
        " for me",
        " my machine",
        "according to",
        "afaik",
        "iirc",
        "mistake",
        "principle",
        "theoretical",
        "seemingly",
        "deadlock",
        "regression",
        "accidental",
        "each time",
        "every time",
        "workaround",
        "tell me",
        "removed from",
        "以前",
        "🙃",
        "😬",
    ];
    // (Words, whole.)
    const WRONG: [&str; 60] = [
        "fail",
        "fails",
        "failed",
        "failing",
        "failure",
        "failures",
        "broke",
        "broken",
        "breaks",
        "crash",
        "crashes",
        "crashed",
        "crashing",
        "error",
        "errors",
        "wrong",
        "incorrect",
        "incorrectly",
        "wrongly",
        "badly",
        "improperly",
        "red",
        "never",
        "nothing",
        "neither",
        "nor",
        "none",
        "stopped",
        "half",
        "halfway",
        "n/a",
        "tbd",
        "think",
        "per",
        "confirmed",
        "reports",
        "reported",
        "differs",
        "differ",
        "i",
        "thinks",
        "states",
        "after",
        "once",
        "next",
        "bug",
        "bugs",
        "lost",
        "deleted",
        "unreviewed",
        "unverified",
        "unconfirmed",
        "unclear",
        "unknown",
        "nowhere",
        "still",
        "500",
        "502",
        "503",
        "404",
    ];
    const QUESTIONS: [&str; 15] = [
        "is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "can", "could",
        "should", "would", "will",
    ];
    const ORDERS: [&str; 37] = [
        "double-check",
        "check",
        "verify",
        "ensure",
        "make",
        "confirm",
        "test",
        "see",
        "run",
        "ask",
        "try",
        "set",
        "please",
        "document",
        "investigate",
        "determine",
        "find",
        "add",
        "fix",
        "write",
        "update",
        "install",
        "configure",
        "remove",
        "refactor",
        "restore",
        "rewrite",
        "review",
        "decide",
        "figure",
        "look",
        "keep",
        "use",
        "start",
        "finish",
        "implement",
        "deploy",
    ];
    let lower = text.to_lowercase().replace(['`', '*'], "");
    let padded = format!(" {lower} ");
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '/')
            .to_owned()
    };
    let tokens: Vec<&str> = lower.split_whitespace().collect();
    // (Any work said done in the perfect: `Example has been switched to glad`, `The
    // handlers have been split out`.)
    let participle = |w: &str| {
        (w.len() > 4 && w.ends_with("ed"))
            || matches!(
                w,
                "built" | "done" | "made" | "written" | "rewritten" | "split" | "set" | "shipped"
            )
    };
    // Whether anything doubts it or says it went wrong, a wrong word aside (`after` places
    // a perfect: `switched to glad after context creation`).
    let doubted = |aside: &str| {
        DOUBTS.iter().any(|h| padded.contains(h))
            || tokens.iter().any(|t| {
                let t = bare(t);
                t != aside && WRONG.contains(&t.as_str())
            })
            || lower.contains(['✗', '❌', '%'])
    };
    if tokens.windows(3).any(|w| {
        matches!(bare(w[0]).as_str(), "has" | "have")
            && bare(w[1]) == "been"
            && participle(&bare(w[2]))
    }) && !doubted("after")
    {
        return true;
    }
    if doubted("")
        // (A part: `Updated 3 of 10 modules`, `Documented 2/7 APIs`.)
        || tokens.windows(3).any(|w| {
            w[1] == "of"
                && w[0].bytes().all(|b| b.is_ascii_digit())
                && w[2].starts_with(|c: char| c.is_ascii_digit())
        })
        || tokens.iter().any(|t| {
            bare(t).split_once('/').is_some_and(|(a, b)| {
                !a.is_empty()
                    && !b.is_empty()
                    && a.bytes().all(|c| c.is_ascii_digit())
                    && b.bytes().all(|c| c.is_ascii_digit())
            })
        })
        // (A label over nothing: `Tested: —`.)
        || label_split(text).is_some_and(|(_, value)| {
            !value.trim().is_empty() && !value.chars().any(char::is_alphanumeric)
        })
    {
        return false;
    }
    // (`… として稼働中。`, not `稼働中ではない`, `稼働中止`, `稼働中だった`.)
    if let Some((_, after)) = lower.split_once("稼働中") {
        return matches!(after.trim(), "" | "。" | "です" | "です。" | ".");
    }
    if tokens.first().is_some_and(|w| {
        let w = bare(w);
        ORDERS.contains(&w.as_str()) || QUESTIONS.contains(&w.as_str())
    }) {
        return false;
    }
    tokens.iter().enumerate().any(|(i, token)| {
        let word = bare(token);
        let before = i.checked_sub(1).map(|b| bare(tokens[b]));
        let after = tokens.get(i + 1).map(|a| bare(a));
        // (It ends the item or a clause, or a word that places it follows.)
        // (Not a comma: `Small, tested, documented commits`.)
        let closes = token.ends_with([':', '.', ';', ')'])
            || tokens.get(i + 1).is_none_or(|next| {
                !next.starts_with(char::is_alphabetic) && !next.starts_with(['`', '*', '_'])
            });
        if WORKS.contains(&word.as_str()) {
            // (Not `works` as a noun, `the works`, nor `working` at something or before a
            // noun: `Working to fix the crash`, `Working tree: clean`.)
            return !before
                .as_deref()
                .is_some_and(|b| matches!(b, "the" | "of" | "public"))
                && (word != "working"
                    || closes
                    || after.as_deref().is_some_and(|a| {
                        matches!(
                            a,
                            "correctly"
                                | "again"
                                | "fine"
                                | "well"
                                | "now"
                                | "properly"
                                | "end-to-end"
                        )
                    }));
        }
        // (`Last updated: 2026-02-19` dates the file, as `Updated 2026-02-19 by …` does;
        // `Installed base: 1200 users` and `Configured values are in .env` describe.)
        let dated = tokens.get(i + 1).is_some_and(|next| {
            next.len() >= 8 && next.as_bytes()[..4].iter().all(u8::is_ascii_digit)
        });
        let describes = i == 0
            && (tokens.get(i + 1).is_some_and(|next| next.ends_with(':'))
                || [" is ", " are "].iter().any(|v| padded.contains(v)));
        DONE.contains(&word.as_str())
            && before.as_deref() != Some("last")
            && !dated
            && !describes
            && (i == 0
                || before.as_deref().is_some_and(|b| BEFORE.contains(&b))
                || closes
                || after
                    .as_deref()
                    .is_some_and(|a| AFTER.contains(&a) && !(word == "documented" && a == "in")))
    })
}

/// The work a title names after the word that makes it a handoff: `Übergabe: WikiKit Cockpit
/// — der Wissenskreislauf` → `WikiKit Cockpit — der Wissenskreislauf`. A title without such a
/// word, or with nothing after it but where to start (`HANDOFF.md — start here (next
/// session)`), names none.
fn title_goal(title: &str) -> Option<String> {
    const HANDOFF: [&str; 17] = [
        "handoff.md",
        "next steps",
        "prochaines étapes",
        "próximos pasos",
        "handoff prompt",
        "session handoff",
        "handoff",
        "handover",
        "hand-off",
        "übergabe",
        "передача",
        "交接",
        "交接文档",
        "인수인계",
        "引き継ぎ",
        "předání",
        "passation",
    ];
    // Compared lowercased where that keeps every byte's place.
    let lower = Some(title.to_lowercase())
        .filter(|l| l.len() == title.len())
        .unwrap_or_else(|| title.to_owned());
    // The first handoff word, then a separator: what follows it is the work.
    let (at, word) = HANDOFF
        .iter()
        .filter_map(|w| lower.find(w).map(|at| (at, w.len())))
        .min_by_key(|&(at, len)| (at, std::cmp::Reverse(len)))?;
    let rest = title.get(at + word..)?;
    let rest = rest
        .trim_start_matches(|c: char| c.is_alphanumeric())
        .trim_start();
    let rest = ["—", "–", "-", ":", "："]
        .iter()
        .find_map(|sep| rest.strip_prefix(sep))?
        .trim();
    // After `Next steps —`, the work when it is named by a gerund (`Making your template
    // live`), not a step (`ask Bob about the format`).
    let steps_word = ["next steps", "prochaines étapes", "próximos pasos"]
        .iter()
        .any(|w| lower[at..].starts_with(w));
    let gerund = rest
        .split_whitespace()
        .next()
        .is_some_and(|w| w.to_lowercase().ends_with("ing"));
    if steps_word && !gerund {
        return None;
    }
    let generic = normalize(rest);
    // (Nor an instruction to read the file: `HANDOFF — read this before touching anything`.)
    if [
        "read ",
        "please read",
        "lies ",
        "lire ",
        "lee ",
        "leggi ",
        "прочитай",
    ]
    .iter()
    .any(|w| generic.starts_with(w))
    {
        return None;
    }
    let only_where = generic.split(' ').all(|w| {
        matches!(
            w,
            "start"
                | "here"
                | "next"
                | "session"
                | "for"
                | "the"
                | "agent"
                | "new"
                | "to"
                | "a"
                | ""
        )
    });
    // A date, a weekday or a session's number names no work (`Session handoff — 2025-03-14`,
    // `Handoff: Tuesday`): at least two words, of letters.
    let worded = generic
        .split(' ')
        .filter(|w| w.chars().any(char::is_alphabetic))
        .filter(|w| {
            !matches!(
                *w,
                "monday"
                    | "tuesday"
                    | "wednesday"
                    | "thursday"
                    | "friday"
                    | "saturday"
                    | "sunday"
                    | "session"
                    | "part"
                    | "day"
            )
        })
        .count();
    let cjk = generic
        .chars()
        .filter(|c| c.is_alphabetic() && !c.is_ascii())
        .count();
    (!rest.is_empty() && !only_where && (worded >= 2 || cjk >= 4)).then(|| rest.to_owned())
}

/// Whether a period between `before` and `after` ends no sentence or clause: after an
/// abbreviation (`(e.g. \`BIND_ADDR\`)`, `vs. Rust`) or a date's day (`24. Juli 2026`).
fn period_ends_nothing(before: &str, after: &str) -> bool {
    abbreviation(before) || super::parse::day_of_month(before, after)
}

/// Whether a text ends with an abbreviation that a full stop follows (`e.g`, `i.e`,
/// `vs`, `z.B`), as a word of its own.
fn abbreviation(before: &str) -> bool {
    // (Not `etc`: `… printer etc. The Windows build is broken.` ends a sentence.)
    // (Nor `usw`, the German `etc`.)
    const WORDS: [&str; 7] = ["e.g", "i.e", "vs", "cf", "z.b", "d.h", "bzw"];
    WORDS.iter().any(|w| {
        before.len() >= w.len()
            && before.is_char_boundary(before.len() - w.len())
            && before[before.len() - w.len()..].eq_ignore_ascii_case(w)
            && !before[..before.len() - w.len()]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
    })
}

/// The first sentence of the file's prose that names itself the next step (`worker-level
/// cap-at-N read fetch is the next deep optimisation.`, `The next step is to wire the cache.`):
/// in a paragraph, or in a prompt for the next session written in a fence under a next step's
/// heading (whose text is prose, not code). Not a question, nor a step under a condition.
fn said_next(doc: &Document) -> Option<String> {
    for section in &doc.sections {
        let role = section.role.or(section.within);
        if !matches!(
            role,
            None | Some(Role::Summary | Role::State | Role::NextAction | Role::Remaining)
        ) {
            continue;
        }
        for block in section.blocks(doc) {
            let texts: Vec<String> = match block {
                Block::Paragraph { text, .. } => vec![text],
                // (A fence's paragraphs, read only where a next step's heading holds the
                // prompt.)
                _ if role == Some(Role::NextAction) => match fenced(&block, doc) {
                    Some(lines) => lines
                        .split(|t| t.is_empty())
                        .map(|paragraph| paragraph.join(" "))
                        .collect(),
                    None => continue,
                },
                _ => continue,
            };
            for text in texts.iter().filter(|t| t.contains("next")) {
                if let Some(clause) = sentences(text).into_iter().find_map(itself_next) {
                    return Some(unescape(clause));
                }
            }
        }
    }
    None
}

/// The clause of a sentence that says it is the next step: `X is the next deep
/// optimisation.` (of `300 ms gate not yet hit; X is the next deep optimisation.`), `X is
/// next.`, `The next step is to …`.
fn itself_next(sentence: &str) -> Option<&str> {
    // (The clause after the last `; ` before the words, if any.)
    let at = sentence.find(" is the next ").or_else(|| {
        let bare = sentence.trim_end_matches(['.', '!', ' ']);
        bare.to_lowercase()
            .ends_with(" is next")
            .then(|| bare.len() - " is next".len())
    });
    let clause = match at {
        Some(at) => sentence[..at]
            .rfind("; ")
            .map_or(sentence, |cut| &sentence[cut + 2..]),
        None => sentence,
    };
    let lower = clause.to_lowercase();
    let lower = lower.trim_end_matches(['.', '!', ' ']);
    if lower.ends_with('?') || lower.starts_with("if ") || lower.starts_with("when ") {
        return None;
    }
    if lower.starts_with("the next step is ") || lower.starts_with("next step is ") {
        return (lower.split(' ').count() >= 5).then_some(clause);
    }
    // (The thing named before, in a few words at most after `the next`: not `This is the
    // next session's handoff for …`.)
    let (subject, after) = lower
        .split_once(" is the next ")
        .or_else(|| lower.strip_suffix(" is next").map(|subject| (subject, "")))?;
    ((2..=12).contains(&subject.split_whitespace().count())
        && after.split_whitespace().count() <= 3
        && !after.contains(['\'', '’'])
        && !after.split_whitespace().any(|w| {
            matches!(
                w,
                "session" | "handoff" | "agent" | "release" | "version" | "file" | "person"
            )
        }))
    .then_some(clause)
}

/// A text's sentences, each trimmed: cut after `. `, `! `, `? ` and `。`, where the next
/// sentence starts with a capital, a digit, emphasis or a character of a script without
/// capitals.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        let cut = match c {
            '。' | '！' | '？' => true,
            '.' | '!' | '?' => {
                text[end..]
                    .trim_start_matches(['*', '_'])
                    .strip_prefix(' ')
                    .is_some_and(|rest| {
                        rest.chars().next().is_some_and(|n| {
                            n.is_uppercase()
                                || n.is_ascii_digit()
                                || matches!(n, '*' | '`' | '_')
                                || (n.is_alphabetic() && !n.is_lowercase())
                        })
                    })
                    // (Not after an abbreviation or in a date's day, [`period_ends_nothing`];
                    // asked only where a sentence would start.)
                    && !(c == '.' && period_ends_nothing(&text[..at], &text[end..]))
            }
            _ => false,
        };
        if cut {
            // (The emphasis a sentence closes stays with it: `**The planner is wired.** The
            // tests pass.` is `**The planner is wired.**`, then `The tests pass.`; not one
            // the next sentence opens, `完了。**必ず** 開く。`.)
            let marks = text[end..].len() - text[end..].trim_start_matches(['*', '_']).len();
            let run = &text[end..end + marks];
            let closes = marks > 0 && text[start..at].matches(run).count() % 2 == 1;
            let end = if closes { end + marks } else { end };
            let sentence = text[start..end].trim();
            if !sentence.is_empty() {
                out.push(sentence);
            }
            start = end;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Whether a paragraph only says that what follows comes next: `Then:`, `After that:`,
/// `Danach:`, `然后：`.
fn then_label(text: &str) -> bool {
    let said = text
        .trim()
        .trim_matches(['*', '_'])
        .trim_end_matches([':', '：', '.', ' '])
        .trim_matches(['*', '_']);
    matches!(
        normalize(said).as_str(),
        "then"
            | "then do"
            | "after that"
            | "afterwards"
            | "next up"
            | "danach"
            | "dann"
            | "ensuite"
            | "puis"
            | "luego"
            | "después"
            | "depois"
            | "poi"
            | "затем"
            | "потом"
            | "далее"
            | "然后"
            | "接下来"
            | "之后"
            | "その後"
            | "次に"
            | "그 다음"
    ) && said.chars().count() <= 20
}

/// A steps table's row read by its header: the cell under `Step`, `Task`, `Action`, … (or the
/// first that is no number, priority, status or owner) and the one under `Verify`, `Check`,
/// …, if any. None for an entry that is no row. (Its caller takes a row said done as work
/// done first.)
fn step_row(e: &Entry) -> Option<(String, Option<String>)> {
    if e.cells.len() < 2 {
        return None;
    }
    let heads: Vec<String> = e.cells.iter().map(|(h, _)| normalize(h)).collect();
    let step = |h: &str| {
        matches!(
            h,
            "step"
                | "steps"
                | "task"
                | "tasks"
                | "action"
                | "actions"
                | "what"
                | "todo"
                | "item"
                | "next step"
                | "paso"
                | "schritt"
                | "étape"
                | "passo"
                | "aufgabe"
                | "tarefa"
                | "tarea"
                | "任务"
                | "步骤"
                | "작업"
                | "タスク"
        )
    };
    let aside = |h: &str| {
        h.is_empty()
            || matches!(
                h,
                "no" | "id"
                    | "nr"
                    | "priority"
                    | "prio"
                    | "status"
                    | "state"
                    | "owner"
                    | "who"
                    | "effort"
                    | "estimate"
                    | "eta"
                    | "due"
                    | "size"
                    | "order"
            )
    };
    let check = |h: &str| {
        matches!(
            h,
            "verify"
                | "verification"
                | "check"
                | "checks"
                | "how to verify"
                | "validation"
                | "done when"
                | "acceptance"
                | "test"
                | "expected"
                | "验证"
                | "확인"
                | "確認"
        )
    };
    let cell = |at: usize| e.cells[at].1.trim();
    let at = heads
        .iter()
        .position(|h| step(h))
        .or_else(|| heads.iter().position(|h| !aside(h) && !check(h)))
        .filter(|&at| !cell(at).is_empty())?;
    let verify = heads
        .iter()
        .position(|h| check(h))
        .map(&cell)
        .filter(|c| !c.is_empty())
        .map(unescape);
    Some((unescape(cell(at)), verify))
}

/// Whether a decisions table's row says in its status column that it is only proposed or
/// still open (`⚠️ proposed`, `pending`, `TBD`): no decision yet; it stays as written.
fn proposed_row(e: &Entry) -> bool {
    e.cells.iter().any(|(header, cell)| {
        matches!(
            normalize(header).as_str(),
            "status" | "state" | "estado" | "statut"
        ) && normalize(cell).split(' ').any(|w| {
            matches!(
                w,
                "proposed"
                    | "proposal"
                    | "pending"
                    | "open"
                    | "draft"
                    | "undecided"
                    | "tbd"
                    | "discussing"
                    | "propuesta"
                    | "proposta"
                    | "offen"
                    | "vorgeschlagen"
            )
        })
    })
}

/// A decisions table's row read by its header: the cell under `Decision` (or the first that
/// is no number, date or status) the decision, the cells under `Rationale`, `Why`, … (or the
/// others) its rationale; a row whose status says rejected or superseded is said so. None for
/// an entry that is no row.
fn decision_row(e: &Entry, at: usize, missing: &mut Vec<String>) -> Option<Value> {
    /// What a column holds, by its header.
    #[derive(PartialEq, Clone, Copy)]
    enum Column {
        Other,
        Decision,
        Reason,
        /// The options not taken (`Alternatives`, `备选`): said so in the rationale.
        Alternatives,
        Number,
        WhenOrStatus,
    }
    if e.cells.len() < 2 {
        return None;
    }
    let column = |header: &str| match normalize(header).as_str() {
        "decision" | "decisions" | "what" | "choice" | "decided" | "entscheidung" | "décision"
        | "decisión" | "decisão" | "decisione" | "决定" | "决策" | "결정" => {
            Column::Decision
        }
        "rationale" | "why" | "reason" | "reasons" | "because" | "reasoning" | "motivation"
        | "begründung" | "raison" | "razón" | "motivo" | "理由" | "原因" | "이유" => {
            Column::Reason
        }
        "alternatives"
        | "alternative"
        | "alternatives considered"
        | "options considered"
        | "considered"
        | "rejected"
        | "rejected options"
        | "alternativen"
        | "alternativas"
        | "备选"
        | "备选方案"
        | "替代方案"
        | "代替案"
        | "대안" => Column::Alternatives,
        "" | "no" | "id" | "nr" => Column::Number,
        "date" | "when" | "status" | "state" | "datum" | "fecha" | "data" | "日期" | "状态"
        | "날짜" => Column::WhenOrStatus,
        _ => Column::Other,
    };
    let cells: Vec<(Column, &str)> = e
        .cells
        .iter()
        .filter(|(_, c)| !c.is_empty())
        .map(|(h, c)| (column(h), c.as_str()))
        .collect();
    let of = |kind: Column| {
        cells
            .iter()
            .filter(move |(k, _)| *k == kind)
            .map(|(_, c)| *c)
    };
    let summary = of(Column::Decision)
        .next()
        .or_else(|| of(Column::Other).next())?;
    // (Beside a reason, the other cells say what was chosen: `| 弹窗并发 | Promise chain | 比队列
    // 更简单 |` under `决策 | 选型 | 理由` is `弹窗并发: Promise chain`. No cell is lost.)
    let reasons = of(Column::Reason).next().is_some();
    let chosen: Vec<&str> = of(Column::Decision)
        .skip(1)
        .chain(of(Column::Other).filter(|c| reasons && *c != summary))
        .collect();
    let why: Vec<&str> = if reasons {
        of(Column::Reason).collect()
    } else {
        of(Column::Other).filter(|c| *c != summary).collect()
    };
    // (As a list's are: `Declined: …` for an option turned down, superseded for one
    // replaced.)
    let said = e.text.to_lowercase();
    let status = if ["superseded", "~~"].iter().any(|w| said.contains(w)) {
        "superseded"
    } else {
        "active"
    };
    let declined = status == "active"
        && (said.contains('❌') || ["rejected", "declined"].iter().any(|w| said.contains(w)));
    // (Its number leads the decision, its date and status follow: no cell is lost.)
    let mut summary = unescape(summary.trim_matches('~'));
    if !chosen.is_empty() {
        summary = format!("{summary}: {}", unescape(&chosen.join("; ")));
    }
    let number: Vec<&str> = of(Column::Number).collect();
    if !number.is_empty() {
        summary = format!("{}: {summary}", unescape(&number.join(" ")));
    }
    if declined {
        summary = format!("Declined: {summary}");
    }
    let when: Vec<&str> = of(Column::WhenOrStatus).collect();
    let after = if when.is_empty() {
        String::new()
    } else {
        format!(" ({})", unescape(&when.join(", ")))
    };
    let not_taken: Vec<&str> = of(Column::Alternatives).collect();
    let why: Vec<String> = why
        .iter()
        .map(|w| (*w).to_owned())
        .chain((!not_taken.is_empty()).then(|| format!("not chosen: {}", not_taken.join("; "))))
        .collect();
    Some(if why.is_empty() {
        missing.push(format!("/decisions/{at}/rationale"));
        json!({"summary": summary + &after, "status": status})
    } else {
        let why = unescape(&why.join(" | ")) + &after;
        json!({"summary": summary, "rationale": why, "status": status})
    })
}

/// Whether a paragraph only names a stage of the work: `Phase 3: Implementation.`, `Stage
/// 2 — Rollout`, `Fase 4: Testes`, `阶段 2：上线` (a numbered stage, then a name of a few
/// words).
fn stage_name(text: &str) -> bool {
    const STAGES: [&str; 14] = [
        "phase",
        "stage",
        "step",
        "milestone",
        "sprint",
        "fase",
        "etapa",
        "étape",
        "stufe",
        "этап",
        "фаза",
        "阶段",
        "フェーズ",
        "단계",
    ];
    let said = text
        .trim()
        .trim_matches(['*', '_'])
        .trim_end_matches(['.', ':', '：']);
    let Some(at) = said.find([':', '：', '—', '–', '-']) else {
        return false;
    };
    let (head, name) = (
        said[..at].trim().to_lowercase(),
        said[at..].trim_start_matches([':', '：', '—', '–', '-']),
    );
    let mut words = head.split_whitespace();
    let stage = words.next().unwrap_or_default();
    let number = words.next().unwrap_or_default();
    words.next().is_none()
        && STAGES.contains(&stage)
        && !number.is_empty()
        && number
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.')
        && number.chars().any(|c| c.is_ascii_digit())
        && (1..=4).contains(&name.split_whitespace().count())
        && !name.contains(['.', ',', ';'])
}

/// Whether what a steps heading says after its colon is a step (`Build `acg/runtime.py``,
/// `verify seam painting`, `Calendar Plugin`), not a pointer, a state, a date, a rank or an
/// open choice: `see below`, `pick one of these`, `in priority order`, `undecided`, `Monday
/// 2024-06-03`, `blocked on Maria's key`, `Calendar Plugin (merged in #42)`, `none`, `if the
/// CI fails: …`.
fn heading_names_a_step(rest: &str) -> bool {
    const POINTERS: [&str; 24] = [
        "see ",
        "ver ",
        "voir ",
        "siehe ",
        "vedi ",
        "veja ",
        "смотри",
        "см. ",
        "见下",
        "見下",
        "下記",
        "아래",
        "pick one",
        "pick from",
        "pick between",
        "choose one",
        "choose from",
        "choose between",
        "one of ",
        "in priority",
        "in order",
        "in this order",
        "below",
        "the following",
    ];
    // (Anywhere in it: `choose between the options below`; `as follows` and `steps below`
    // are [`points_at_steps`]'s.)
    const ANYWHERE: [&str; 3] = ["see below", "options below", "listed below"];
    let said = rest.trim();
    let lower = said.to_lowercase();
    !is_none(said.trim_end_matches('.'))
        && !is_placeholder_text(said)
        && !said.contains("~~")
        // (A step may say to check: `verify seam painting`; not one under a condition, `if
        // the CI fails: …`.)
        && !if_heading(said)
        // (A state said of it, not a word of what is left: `Migrate one of the remaining
        // services` is a step.)
        && !matches!(
            status_words(said),
            Some(Role::Complete | Role::Blocked | Role::InProgress)
        )
        && status_suffix(said).is_none()
        && !says_a_date(said)
        && !says_a_priority(said)
        && !open_choice(said)
        && !points_at_steps(said)
        && !POINTERS.iter().any(|w| lower.starts_with(w))
        && !ANYWHERE.iter().any(|w| lower.contains(w))
        // (Nor one a bracket says is done: `Calendar Plugin (merged in #42)`.)
        && !said
            .split(['(', '（'])
            .skip(1)
            .any(|inner| reports_done(inner.trim_end_matches([')', '）'])))
}

/// Whether a label names the one next step (`Próximo paso`, `Next action`, `下一步`), not
/// a list or a queue of them (`后续队列`, `Next steps`), nor an optional one.
fn names_one_step(label: &str) -> bool {
    matches!(
        super::headings::normalize(label).as_str(),
        "next step"
            | "next action"
            | "next task"
            | "next focus"
            | "next priority"
            | "recommended next step"
            | "suggested next step"
            | "próxima tarefa"
            | "próxima tarea"
            | "nächste aufgabe"
            | "prochaine tâche"
            | "immediate next step"
            | "immediate next task"
            | "immediate task"
            | "your immediate task"
            | "your next task"
            | "your next step"
            | "exact next step"
            | "próximo paso exacto"
            | "the next step"
            | "próximo paso"
            | "proximo paso"
            | "siguiente paso"
            | "siguiente acción"
            | "siguiente accion"
            | "próximo passo"
            | "proximo passo"
            | "prochaine étape"
            | "prochaine action"
            | "nächster schritt"
            | "prossimo passo"
            | "następny krok"
            | "следующий шаг"
            | "下一步"
            | "次のステップ"
            | "次のアクション"
            | "다음 단계"
    )
}

/// Whether a text asks for the file or a section of it to be kept up to date (`Actualizar
/// esta sección al final de cada sesión`, `Update this file before you stop`): a note on the
/// file, no step.
fn maintains_the_file(text: &str) -> bool {
    // (Lowercased once for both lists.)
    let lower = text.to_lowercase();
    let holds = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    holds(&[
        "this section",
        "this file",
        "this document",
        "esta sección",
        "esta seção",
        "cette section",
        "ce fichier",
        "diesen abschnitt",
        "dieser abschnitt",
        "diese datei",
        "questa sezione",
        "questo file",
        "本节",
        "本文件",
        "このセクション",
        "このファイル",
        "이 섹션",
    ]) && holds(&[
        "update",
        "actualiz",
        "atualiz",
        "mettre à jour",
        "aktualis",
        "aggiorn",
        "更新",
        "업데이트",
        "keep ",
        "maintain",
    ])
}

/// Whether a step only asks for this file to be read (`1. 读取本文件`, `Read this document
/// first.`): the receiver is reading it, so it is no step of the work. The whole step, as
/// written: not one that does more (`Read this file, then run make test`, `Move the handler
/// into this file`).
fn reads_the_file(text: &str) -> bool {
    const SAID: [&str; 30] = [
        "read this file",
        "read this file first",
        "read this file carefully",
        "read this document",
        "read this document first",
        "read this handoff",
        "read this handoff first",
        "read this note",
        "读取本文件",
        "阅读本文件",
        "阅读本文档",
        "读本文件",
        "先读本文件",
        "先阅读本文件",
        "閱讀本文件",
        "このファイルを読む",
        "この文書を読む",
        "このドキュメントを読む",
        "이 문서를 읽기",
        "이 문서를 읽는다",
        "이 파일을 읽기",
        "lies diese datei",
        "dieses dokument lesen",
        "lee este documento",
        "lee este archivo",
        "lis ce fichier",
        "lire ce fichier",
        "lire ce document",
        "leia este arquivo",
        "leia este documento",
    ];
    // (Short, or it is no such step: one test first.)
    text.len() <= 64 && {
        let lower = text.to_lowercase().replace(['*', '_', '`'], "");
        let said = lower
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .trim_end_matches(['.', '。', '!', '！', ':', '：', ' '])
            .to_owned();
        SAID.contains(&said.as_str())
            // (Or names it and says it is this one: `**READ**: .claude/session-handoff.md
            // (this file) COMPLETELY`.)
            // (Nothing after it but how to read it: not `…(this file), then fix the login
            // crash`.)
            || (said.starts_with("read")
                && ["(this file)", "(this document)", "(this handoff)"]
                    .iter()
                    .find_map(|name| said.split_once(name))
                    // (How to read it may follow: `completely before starting`, `— especially
                    // Gotchas`; a second step may not: `, then fix …`, `and fix …`.)
                    .is_some_and(|(_, after)| {
                        !after
                            .split(|c: char| !c.is_alphanumeric())
                            .any(|w| matches!(w, "then" | "and" | "after" | "afterwards"))
                            && !after.contains([';', '；', ',', '，'])
                    }))
    }
}

/// Whether a sentence speaks of the file itself (`This document captures …`, `It covers
/// (1) where the project is …`, `本文件只管…`): no state of the work.
fn about_the_file(sentence: &str) -> bool {
    holds_any(
        sentence,
        &[
            "this document",
            "this file",
            "this handoff",
            "this note",
            "where i stopped",
            "it covers",
            "written for",
            "below",
            "本文件",
            "本文档",
            "この文書",
            "このファイル",
            "이 문서",
            "分工",
        ],
    )
}

/// Whether a label names what is left of the work: `剩余文件`, `Remaining`, `Remaining
/// files` (not `Left sidebar`, `Left-over temp tables`).
fn says_left(label: &str) -> bool {
    let lower = label.trim().to_lowercase();
    matches!(
        lower.as_str(),
        "left" | "remaining" | "rest" | "verbleibend" | "restant"
    ) || lower.starts_with("remaining ")
        || ["剩余", "剩下", "残り", "남은"]
            .iter()
            .any(|w| lower.starts_with(w))
}

/// The state an item says under a state label of its own, anywhere in it (`… **Status:
/// blocked on the vendor key**`, `Stand: in Arbeit`, `状态：进行中`), when its words say one.
fn labelled_status(text: &str) -> Option<Role> {
    const LABELS: [&str; 11] = [
        "status",
        "state",
        "stand",
        "estado",
        "statut",
        "stato",
        "статус",
        "状态",
        "狀態",
        "ステータス",
        "상태",
    ];
    // (A state undone, past or denied is none: `Status: no longer blocked`, `was in
    // progress, now done`, `blocked (resolved Tuesday)`, `nicht mehr blockiert`.)
    const UNSAID: [&str; 21] = [
        "no longer",
        "not blocked",
        "never",
        "anymore",
        "previously",
        "was ",
        "were ",
        "resolved",
        "unblocked",
        "nicht mehr",
        "ya no",
        "non più",
        "больше не",
        "解除",
        "已解决",
        "ne plus",
        "niet meer",
        "não mais",
        "now ",
        "then ",
        "until",
    ];
    text.match_indices([':', '：']).find_map(|(at, colon)| {
        // The word before the colon, marks aside (`**Status:**`, `Status**:`).
        let before = text[..at].trim_end_matches(['*', '_', ' ']);
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric())
            .last()
            .map_or(before.len(), |(i, _)| i);
        let word = &before[start..];
        // (Lowercased once, and only when it is not ASCII.)
        let lower = (!word.is_ascii()).then(|| word.to_lowercase());
        let named = LABELS
            .iter()
            .any(|label| word.eq_ignore_ascii_case(label) || lower.as_deref() == Some(*label));
        // The item's own label: it starts the item, or a bold label or a bracket opens it,
        // and its value runs to the item's end (not `Added a badge that shows **Status:
        // blocked** on stalled PRs`, nor `Jira export maps Estado: bloqueado to our enum`).
        let lead = before[..start].trim_end_matches(' ');
        let rest = &text[at + colon.len()..];
        // (A bold label closes where the item ends: `… **Status: blocked**`.)
        let bold_to_end = lead.ends_with("**") && {
            let rest = rest.trim_start_matches(['*', ' ']).trim_end();
            rest.ends_with("**") && !rest[..rest.len() - 2].contains("**")
        };
        let opened = lead.is_empty() || bold_to_end || lead.ends_with(['(', '（']);
        if !named || !opened {
            return None;
        }
        let value = rest
            .trim_end()
            .trim_end_matches(['*', '_', '.', ')', '）'])
            .replace(['*', '_'], "");
        let lower = value.to_lowercase();
        let one_state = !value.contains(['(', '（', ',', ';', '.', '"', '“'])
            && !UNSAID.iter().any(|w| lower.contains(w))
            && value.split_whitespace().count() <= 12;
        one_state
            .then(|| status_words(&value))
            .flatten()
            // (What is not done said in other words is no state of its own: `Status:
            // APPEARS IDLE - no updates for 15+ minutes`.)
            .filter(|role| role.is_bucket() && *role != Role::Unverified)
    })
}

/// Whether a heading sets a condition on what is under it: `If load times still need
/// improvement:`, `Falls der Import scheitert`, `如果需要`, `Optional`. (Only words that say nothing but
/// a condition: not `Als Erstes`, `Se necesita`, `Wenn du morgen anfängst`.)
fn if_heading(heading: &str) -> bool {
    let lower = heading
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    let name = super::headings::normalize(heading);
    matches!(first, "if" | "falls" | "jeśli" | "если")
        || ["如果", "もし", "만약"]
            .iter()
            .any(|w| lower.starts_with(w))
        // (A heading of optional steps sets one too: `### Optional`, `### Nice to have`,
        // `Acciones siguientes (opcionales)`.)
        || matches!(name.as_str(), "nice to have" | "nice to haves")
        || says_optional(&name)
        // (And a condition later in it: `Что я сделаю, если останется время`, `Next steps if
        // time allows`.)
        || name
            .split(' ')
            .skip(1)
            .any(|w| matches!(w, "if" | "если" | "falls" | "jeśli" | "si"))
}

/// Whether a sentence is a condition or an instruction, not a report: it opens with `Once`,
/// `When`, `After`, `If`, `Make sure`, `Check that` (`Once the importer is done, wire the
/// CLI`), is a question, or holds `确认…后`, `是否`, `예정` (`确认 PR #23 已合并后再发布`).
fn conditional(sentence: &str) -> bool {
    let lower = sentence
        .trim_start_matches(['*', '_', ' ', '>'])
        .to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    criterion_lead(sentence)
        || matches!(
            first,
            "once"
                | "when"
                | "after"
                | "if"
                | "until"
                | "before"
                | "whether"
                | "make"
                | "ensure"
                | "check"
                | "verify"
                | "confirm"
                | "wait"
        )
        || sentence
            .trim_end_matches(['*', '_', ' '])
            .ends_with(['?', '？'])
        || [
            "是否", "如果", "确认", "確認", "예정", "予定", "后再", "後再",
        ]
        .iter()
        .any(|w| sentence.contains(w))
}

/// Every way to say `not yet` the readings know (ASCII case aside, a capitalised Cyrillic
/// form listed as well): work left under work done ([`not_done_after_all`]), a hedge among
/// risks ([`hedges`]).
const NOT_YET: &[&str] = &[
    "not yet",
    "todavía no",
    "aún no",
    "ainda não",
    "pas encore",
    "noch nicht",
    "non ancora",
    "пока не",
    "Пока не",
    "ещё не",
    "Ещё не",
    "еще не",
    "Еще не",
    "尚未",
    "还没",
    "아직",
];

/// The state an item listed as work done says of itself in so many words when it is not
/// done: blocked (`blocked on …`, `waiting for …`), under way (`(draft, needs review)`,
/// `WIP`, `(NOT yet committed)`) or work left (`Will …`, `Planned: …`, `to be written`, `was going to …`, `not
/// implemented`, `미구현`). `None` for everything else: an item under work done is done
/// unless it says otherwise this plainly (`Removed the demo files (not needed)`, `Asked for
/// a review (no answer yet)`: the action was taken), and a state that was or a list of
/// states says none of its own (`Status: was in progress, now done`, `previously not
/// started, finished today`, `(Status: not started, In review, Done)`).
fn not_done_after_all(text: &str) -> Option<Role> {
    /// What each phrase says (ASCII case aside; one search of the text for all of them).
    #[derive(Clone, Copy, PartialEq, PartialOrd)]
    enum Says {
        Left,
        /// `wip`, a word only where it stands alone (not `wipe`).
        Wip,
        /// A defect that stands (`still fails`), work left unless said in an aside.
        Broken,
        UnderWay,
        Blocked,
        Was,
    }
    const PHRASES: &[(&str, Says)] = &[
        ("no longer", Says::Was),
        ("ya no", Says::Was),
        ("não mais", Says::Was),
        ("nicht mehr", Says::Was),
        ("non più", Says::Was),
        ("previously", Says::Was),
        // (`was in progress`, `was in review`; not `was interrupted`.)
        ("was in ", Says::Was),
        ("now done", Says::Was),
        ("finished", Says::Was),
        ("done)", Says::Was),
        ("done,", Says::Was),
        ("blocked on", Says::Blocked),
        ("blocked by", Says::Blocked),
        // (`0/3 pasando (bloqueados por bug en curso)`.)
        ("bloqueado por", Says::Blocked),
        ("bloqueados por", Says::Blocked),
        ("bloqueada por", Says::Blocked),
        ("bloqueadas por", Says::Blocked),
        ("bloqueado pelo", Says::Blocked),
        ("bloqueado pela", Says::Blocked),
        ("bloqué par", Says::Blocked),
        ("bloquée par", Says::Blocked),
        ("bloqués par", Says::Blocked),
        ("blockiert durch", Says::Blocked),
        ("blockiert von", Says::Blocked),
        ("bloccato da", Says::Blocked),
        ("bloccata da", Says::Blocked),
        ("waiting on", Says::Blocked),
        ("waiting for", Says::Blocked),
        ("(draft", Says::UnderWay),
        ("draft,", Says::UnderWay),
        ("needs review", Says::UnderWay),
        // (Done but not yet in: `Integration fixes (NOT yet committed)`, `NÃO mergeada`.)
        ("not yet committed", Says::UnderWay),
        ("not committed", Says::UnderWay),
        ("uncommitted", Says::UnderWay),
        ("not merged", Says::UnderWay),
        ("not yet merged", Says::UnderWay),
        ("not pushed", Says::UnderWay),
        ("não mergeada", Says::UnderWay),
        ("não commitado", Says::UnderWay),
        ("no commiteado", Says::UnderWay),
        ("nicht committet", Says::UnderWay),
        ("未提交", Says::UnderWay),
        ("未コミット", Says::UnderWay),
        // (`尚未 git commit`, `未 commit`: the English verb in Chinese text.)
        ("未 commit", Says::UnderWay),
        ("未 git commit", Says::UnderWay),
        ("wip", Says::Wip),
        ("to be written", Says::Left),
        ("to be done", Says::Left),
        ("to be added", Says::Left),
        ("was going to", Says::Left),
        ("remain planned", Says::Left),
        ("remains planned", Says::Left),
        ("still planned", Says::Left),
        // (A check cut short proves nothing: `Final health check was interrupted by the
        // user, so rerun it`; not `Resume interrupted downloads`.)
        ("was interrupted", Says::Left),
        ("were interrupted", Says::Left),
        ("got interrupted", Says::Left),
        ("not implemented", Says::Left),
        // (`Session 1: planned the work; nothing implemented.`; not `nothing implemented
        // beyond the spec`.)
        ("nothing implemented.", Says::Left),
        ("nothing implemented yet", Says::Left),
        ("nothing was implemented.", Says::Left),
        ("nothing was implemented yet", Says::Left),
        // (`the skills have NOT been implemented yet`.)
        ("not been implemented", Says::Left),
        ("not yet been implemented", Says::Left),
        ("not been built", Says::Left),
        ("not been written", Says::Left),
        ("not been started", Says::Left),
        ("n't been implemented", Says::Left),
        // (A defect said not fixed: `These … were not fixed during this work`, `Login bug
        // not fixed`; not a description: `Port is not fixed at 8080 anymore`, `hostnames
        // that are not resolved by DNS`, `not fixed upstream, patched locally`.)
        ("not fixed", Says::Left),
        ("n't fixed", Says::Left),
        ("not resolved", Says::Left),
        ("n't resolved", Says::Left),
        ("not addressed", Says::Left),
        ("n't addressed", Says::Left),
        ("not fixed at", Says::Was),
        ("not fixed to", Says::Was),
        ("not resolved by", Says::Was),
        ("anymore", Says::Was),
        ("any more", Says::Was),
        ("patched", Says::Was),
        ("worked around", Says::Was),
        // (A defect said to stand: `3 tests still fail on Windows`, `Build is broken on
        // ARM`, `Offline mode does not work yet`; not what was fixed, which opens with its
        // verb: `Fixed the build that was broken on ARM`, nor another thing's in an aside:
        // `End-to-end verified against X (Y's build is broken on main)`.)
        ("still fail", Says::Broken),
        ("still broken", Says::Broken),
        ("still crash", Says::Broken),
        ("still red", Says::Broken),
        // (`Despite these improvements, hallucinations are still being observed`; not what
        // still happens as it should, `Log rotation still occurs at midnight`, nor what was,
        // `The race that still occurred under load is fixed`.)
        ("are still being observed", Says::Broken),
        ("is still being observed", Says::Broken),
        ("sigue fallando", Says::Broken),
        ("siguen fallando", Says::Broken),
        ("continua falhando", Says::Broken),
        ("continuam falhando", Says::Broken),
        ("is broken", Says::Broken),
        ("are broken", Says::Broken),
        ("does not work", Says::Broken),
        ("doesn't work", Says::Broken),
        ("do not work", Says::Broken),
        ("don't work", Says::Broken),
        ("not working", Says::Broken),
        ("funktioniert nicht", Says::Broken),
        ("schlägt noch fehl", Says::Broken),
        ("ne fonctionne pas", Says::Broken),
        ("échoue encore", Says::Broken),
        ("no funciona", Says::Broken),
        ("não funciona", Says::Broken),
        ("non funziona", Says::Broken),
        ("не работает", Says::Broken),
        ("仍然失败", Says::Broken),
        ("仍失败", Says::Broken),
        ("还是失败", Says::Broken),
        ("動かない", Says::Broken),
        ("Не реализовано", Says::Left),
        ("미구현", Says::Left),
        ("안 됨", Says::Left),
        ("未实现", Says::Left),
        ("未完成", Says::Left),
        ("未実装", Says::Left),
        ("не реализовано", Says::Left),
        ("no implementado", Says::Left),
    ];
    // (And every way to say `not yet`, after them: work left.)
    static SEARCH: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| {
            cues(
                PHRASES
                    .iter()
                    .map(|(p, _)| *p)
                    .chain(NOT_YET.iter().copied()),
            )
        });
    // The strongest thing said: what was outweighs a block, a block work under way.
    let alone = |m: &aho_corasick::Match| {
        !text[..m.start()].ends_with(char::is_alphanumeric)
            && !text[m.end()..].starts_with(char::is_alphanumeric)
    };
    let found: Vec<(Says, usize)> = SEARCH
        .find_overlapping_iter(text)
        .map(|m| {
            let said = PHRASES
                .get(m.pattern().as_usize())
                .map_or(Says::Left, |p| p.1);
            (said, m)
        })
        .filter(|(s, m)| *s != Says::Wip || alone(m))
        // (A block's words begin a word: not `Desbloqueado por`, `Débloqué par`, `Unblocked
        // by`.)
        .filter(|(s, m)| *s != Says::Blocked || !text[..m.start()].ends_with(char::is_alphanumeric))
        .map(|(s, m)| (s, m.start()))
        .collect();
    // A defect counts where the item says it of itself: not in an aside or a quotation
    // (`verified against X (Y's build is broken)`, `The "still fails" banner is hidden`), nor
    // as a condition or a count of none (`CI now fails when the lockfile is broken`, `0 tests
    // still fail`). (Where each defect stands is read in one pass over the text.)
    let mut defects: Vec<usize> = found
        .iter()
        .filter(|(s, _)| *s == Says::Broken)
        .map(|(_, at)| *at)
        .collect();
    defects.sort_unstable();
    defects.dedup();
    let set_apart = set_apart_at(text, &defects);
    let said = found
        .into_iter()
        .filter(|(s, at)| {
            *s != Says::Broken
                || defects
                    .binary_search(at)
                    .is_ok_and(|i| !set_apart[i] && !conditional_or_none(&text[..*at]))
        })
        .map(|(s, _)| if s == Says::Broken { Says::Left } else { s })
        .fold(None, |most: Option<Says>, s| {
            Some(most.map_or(s, |m| if s > m { s } else { m }))
        });
    let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    // (An item that opens by reporting what was done is done, whatever a clause of it says:
    // `Fixed the bug where files that had not been written were reported as saved`,
    // `Removed the "not implemented yet" message`.)
    if said == Some(Says::Left) && reports_work(text) {
        return None;
    }
    // A plan's lead (`Will open a ticket`, `Planned: …`), its case aside.
    let plan = [
        "will ", "planned:", "planned ", "plan to ", "to do:", "todo:", "next i ",
    ]
    .iter()
    .any(|lead| {
        text.get(..lead.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(lead))
    });
    match said {
        Some(Says::Was) => None,
        Some(Says::Blocked) => Some(Role::Blocked),
        Some(Says::UnderWay | Says::Wip) => Some(Role::InProgress),
        // (Not yet tested is done and unverified, no work left: `noch nicht in einer
        // laufenden Welt getestet`, `pas encore testé`.)
        Some(Says::Left) if says_untested(text) => Some(Role::Unverified),
        Some(Says::Left | Says::Broken) => Some(Role::Remaining),
        None => plan.then_some(Role::Remaining),
    }
}

/// For each of `positions` (ascending byte offsets of `text`), whether it lies inside an
/// unclosed `(` or an open quotation: one pass over the text, however many positions.
fn set_apart_at(text: &str, positions: &[usize]) -> Vec<bool> {
    let mut out = Vec::with_capacity(positions.len());
    let (mut depth, mut quoted) = (0usize, false);
    let mut next = positions.iter().peekable();
    for (at, c) in text.char_indices() {
        while next.next_if(|&&p| p <= at).is_some() {
            out.push(depth > 0 || quoted);
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '"' => quoted = !quoted,
            '“' => quoted = true,
            '”' => quoted = false,
            _ => {}
        }
    }
    out.resize(positions.len(), depth > 0 || quoted);
    out
}

/// Whether the clause that ends a text (the words before a defect) makes it a condition or
/// a count of none: `when the lockfile`, `if the cache`, `0 tests`, `No tests`. (Only the
/// clause's last 80 bytes are read.)
fn conditional_or_none(before: &str) -> bool {
    let mut from = before.len().saturating_sub(80);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    let tail = &before[from..];
    let clause = tail
        .rsplit([',', ';', '.', ':', '—'])
        .next()
        .unwrap_or(tail)
        .trim_start()
        .to_lowercase();
    let first = clause.split_whitespace().next().unwrap_or("");
    matches!(
        first,
        "0" | "no" | "none" | "zero" | "keine" | "aucun" | "ningún" | "nenhum"
    ) || clause.split_whitespace().any(|w| {
        matches!(
            w,
            "when" | "if" | "whenever" | "unless" | "wenn" | "falls" | "si" | "quando" | "cuando"
        )
    })
        // (Or denied right before it: `ya no sigue fallando`, `o teste não continua
        // falhando`; not `The cache never warms up and the API is broken`.)
        || ["ya no", "não", "no longer", "nicht mehr", "never"]
            .iter()
            .any(|w| clause.trim_end().ends_with(w))
}

/// Whether a text opens with a verb that reports work done, in English: `Fixed …`, `Wrote
/// …`, `Removed …` (a past tense of more than four letters, or one of the irregular ones).
fn reports_work(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    let word = first.trim_matches(|c: char| !c.is_alphabetic());
    let lower = word.to_ascii_lowercase();
    word.chars().next().is_some_and(char::is_uppercase)
        && word.is_ascii()
        && ((lower.len() > 4 && lower.ends_with("ed") && !lower.ends_with("need"))
            || matches!(
                lower.as_str(),
                "wrote"
                    | "rewrote"
                    | "built"
                    | "rebuilt"
                    | "made"
                    | "ran"
                    | "did"
                    | "set"
                    | "put"
                    | "found"
                    | "got"
                    | "split"
                    | "shipped"
            ))
}

/// Whether a statement hedges (`may break`, `probably one invoice`, `not implemented yet`,
/// `может сломаться`, `可能`, `깨질 수 있다`): a claim its writer has not verified. Not a
/// permission or an instruction (`You may skip step 2`, `should be run with --release`,
/// `This doc assumes you have VPN access`, `Можете запускать …`), a month (`May 12`), a
/// certainty denied (`could not reproduce`, `不可能`, `no puede`), nor a risk said resolved
/// (`RESOLVED: …`, `~~…~~ fixed`, `(mitigated)`).
fn hedges(text: &str) -> bool {
    // The hedges and what is none (ASCII case aside; one search for each list). A word
    // padded with spaces stands alone (`may`, not `mayor`); the text is padded too.
    const WORDS: &[&str] = &[
        " may ",
        " might ",
        " could ",
        "possibly",
        "probably",
        " likely",
        "unclear",
        "uncertain",
        "not sure",
        "unknown",
        " should ",
        " yet ",
        " yet.",
        " yet,",
        "assumes",
        "assumption",
        "unverifiable",
        " puede ",
        "podría",
        "posiblemente",
        "probablemente",
        " pode ",
        "poderia",
        "provavelmente",
        " peut ",
        "pourrait",
        "probablement",
        " kann ",
        "könnte",
        "möglicherweise",
        "vermutlich",
        "potrebbe",
        "probabilmente",
        " может ",
        " Может ",
        "возможно",
        "Возможно",
        "вероятно",
        "Вероятно",
        "可能",
        "暂未",
        "かもしれ",
        "수 있",
    ];
    const NOT_HEDGES: &[&str] = &[
        "you may",
        "you might",
        "you could",
        "you should",
        "you can",
        "we may",
        "should be run",
        "should be used",
        "assumes you",
        "assumes that you",
        "could not",
        "couldn t",
        "couldn't",
        "不可能",
        "no puede",
        "não pode",
        "ne peut",
        "kann nicht",
        "не может",
        "resolved",
        "fixed",
        "patched",
        "mitigated",
        "closed",
        "~~",
        "можете",
        "Можете",
        "можно",
        "Можно",
    ];
    // (And every way to say `not yet`.)
    static HEDGE: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| cues(WORDS.iter().chain(NOT_YET)));
    static NONE: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| cues(NOT_HEDGES));
    let padded = format!(" {text} ");
    // (`May` capitalised is the month: the word counts only as written, lowercase.)
    let hedged = HEDGE.find_overlapping_iter(&padded).any(|m| {
        WORDS.get(m.pattern().as_usize()) != Some(&" may ") || &padded[m.range()] == " may "
    });
    hedged && !NONE.is_match(&padded)
}

/// Whether an item asks rather than says: it holds a question mark (`Should we support
/// IE11? (asked Dana)`).
fn is_question(text: &str) -> bool {
    text.contains(['?', '？'])
}

/// Whether a tag, a label or a step's lead is an optional word, whole and not denied
/// (`P1 / 可选`, `Optional`, `待办/可优化`: to do if one likes).
fn says_optional(t: &str) -> bool {
    let lower = t.to_lowercase();
    // (Its words as a tag separates them: `optional-deps` is no optional word.)
    let words: Vec<&str> = lower
        .split([' ', '/', ',', '|', ';', '·'])
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let denied = words
        .iter()
        .any(|w| matches!(*w, "not" | "non" | "nicht" | "no"))
        || ["不可选", "非可选"].iter().any(|w| lower.contains(w));
    !denied
        && (words.iter().any(|w| {
            matches!(
                *w,
                "optional"
                    | "optionnel"
                    | "optionnels"
                    | "opcional"
                    | "opcionales"
                    | "opcionais"
                    | "facultatif"
                    | "facultatifs"
                    | "facoltativo"
                    | "optionals"
            )
        }) || ["可选", "可优化"].iter().any(|w| lower.contains(w)))
}

/// Whether a step says it is optional or to be done only under a condition, its priority
/// tags aside (`[P1 / 可选协议演进] 仅当…时，再设计…`, `Optional: add a cache`, `[P1] (optional)
/// Tidy the README`, `Only if the numbers demand it, shard the table`): the word marks the
/// step itself, not what it is about (`Optional fields: make them nullable`, `If necessary
/// permissions are missing, …`, `[not optional]`).
fn optional_step(text: &str) -> bool {
    let mut t = text.trim_start_matches(['*', '_', ' ', '\u{200b}']);
    // (Its leading tags: `[P1 / 可选]`, `(P2)`, `【P1】`, two at most.)
    for _ in 0..2 {
        let Some(rest) = t.strip_prefix(['[', '(', '【', '（']) else {
            break;
        };
        let Some(end) = rest.find([']', ')', '】', '）']) else {
            break;
        };
        if says_optional(&rest[..end]) {
            return true;
        }
        t = rest[end..]
            .trim_start_matches([']', ')', '】', '）'])
            .trim_start_matches(['*', '_', ' ']);
    }
    let lower = t.to_lowercase();
    // A lead word then a mark: `Optional:`, `Optionally,`, `Nice to have:`, `可选：`.
    let marked = |lead: &str| {
        lower.strip_prefix(lead).is_some_and(|rest| {
            let rest = rest.trim_start_matches(['*', '_']);
            rest.starts_with([':', '：', ',', '，', '.', ')'])
                || [" -", " —", " –"].iter().any(|d| rest.starts_with(d))
        })
    };
    [
        "optional",
        "optionally",
        "nice to have",
        "facultatif",
        "opcional",
        "可选",
    ]
    .iter()
    .any(|w| marked(w))
        || lower.starts_with("optionally ")
        || ["if needed", "if necessary", "如有需要"]
            .iter()
            .any(|w| marked(w))
        || [
            "only if ",
            "only when ",
            "nur wenn ",
            "nur falls ",
            "seulement si ",
            "uniquement si ",
            "solo si ",
            "sólo si ",
            "仅当",
            "只有当",
            "必要に応じて",
            "必要なら",
        ]
        .iter()
        .any(|w| lower.starts_with(w))
}

/// Whether a sentence opens with a criterion (`Done when CI is green`, `Complete once …`):
/// what would make work done, no report that it is.
fn criterion_lead(sentence: &str) -> bool {
    // (Its first two words, case aside: no other letter lowercases to one of theirs.)
    let is = |word: Option<&str>, any: &[&str]| {
        word.is_some_and(|w| any.iter().any(|a| w.eq_ignore_ascii_case(a)))
    };
    let mut words = sentence
        .trim_start_matches(['*', '_', ' ', '>'])
        .split_whitespace();
    is(words.next(), &["done", "complete", "completed", "finished"])
        && is(words.next(), &["when", "once", "if", "after", "means"])
}

/// Whether a sentence reports work done in so many words, anywhere in it (`This session
/// closed the tooling gap`, `CLI #25 已合并并关闭`, `Phase 1~5 완료`).
fn reports_done_anywhere(sentence: &str) -> bool {
    let t = format!(" {} ", sentence.to_lowercase());
    if conditional(sentence)
        || [
            " not ",
            "n't",
            "nothing",
            " yet",
            " will ",
            "going to",
            " plan",
            "scheduled",
            " ends",
            "only",
        ]
        .iter()
        .any(|w| t.contains(w))
    {
        return false;
    }
    // `This session closed …`: the session, then what it did.
    let session_did = t.split_once("this session ").is_some_and(|(_, rest)| {
        rest.trim_start_matches(['*', '_'])
            .split_whitespace()
            .next()
            .is_some_and(|w| {
                w.ends_with("ed")
                    || matches!(
                        w,
                        "built" | "made" | "wrote" | "did" | "got" | "found" | "ran" | "shipped"
                    )
            })
    });
    session_did
        || [
            " is done",
            " are done",
            " has landed",
            " have landed",
            " was merged",
            " were merged",
            " has been merged",
            " has shipped",
            " was shipped",
            "已完成",
            "已合并",
            "已交付",
            "已上线",
            "已落地",
            "완료.",
            "완료 ",
            "完了しました",
            "済みです",
        ]
        .iter()
        .any(|w| t.contains(w))
}

/// Whether a text reports a change made, not one to make: `The registration now uses
/// permalinks`, `A migration tool has been created`, `Merged.` (not `Execute the
/// migrations`, `Autenticazione completa`, `Will be created`).
fn reports_a_change(text: &str) -> bool {
    let t = format!(" {} ", text.to_lowercase());
    reports_done(text)
        || reports_done_anywhere(text)
        || (!conditional(text)
            && ![" will ", " not ", "n't", " should ", " must ", " to be "]
                .iter()
                .any(|w| t.contains(w))
            && ([" has been ", " have been ", " was ", " were "]
                .iter()
                .any(|w| t.contains(w))
                // (`now` before a verb that says what is so, not an order: `The registration
                // now uses permalinks`, not `Now add the integration tests`.)
                || t.split_whitespace()
                    .collect::<Vec<_>>()
                    .windows(3)
                    .any(|w| w[1] == "now" && w[2].len() > 3 && w[2].ends_with('s'))))
}

/// The preamble's paragraphs of prose, each line's quote marks dropped and wrapped lines
/// joined (lists, tables and code are not prose).
fn preamble_paragraphs(doc: &Document, lines: std::ops::Range<usize>) -> Vec<String> {
    let mut out = Vec::new();
    let mut paragraph = String::new();
    for i in lines {
        let code = doc.fence(i).is_some();
        let text = doc.line(i).text.trim_start_matches(['>', ' ']).trim_end();
        let prose = !code
            && !text.is_empty()
            && !text.starts_with(['|', '-', '*', '+', '#', '<'])
            && !text.starts_with(|c: char| c.is_ascii_digit());
        if prose {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(text);
        } else if !paragraph.is_empty() {
            out.push(std::mem::take(&mut paragraph));
        }
    }
    if !paragraph.is_empty() {
        out.push(paragraph);
    }
    out
}

/// Whether a heading of the file names `step`'s work and says it is done (`### Task 1:
/// SubTemplateList Parser ✅ COMPLETE` for `Implement SubTemplateList parser (2-4 hours)`):
/// every word of the heading's name (two at least; a number, `Task` and `Step` aside) is a
/// word of the step. Only a heading's state after its name counts, so the next step's own
/// heading (`## Next: finish the parser`) never does.
fn done_under_heading(step: &str, doc: &Document) -> bool {
    fn words(text: &str) -> impl Iterator<Item = String> + '_ {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_lowercase)
    }
    let said: FastSet<String> = words(step).collect();
    doc.sections.iter().any(|s| {
        // (Its state in bold, then what it took, is read there: `✅ **COMPLETE** (2h)`.)
        let Some((Role::Complete, name)) = super::headings::status_suffix(&s.heading) else {
            return false;
        };
        let named: Vec<String> = words(name)
            .filter(|w| !matches!(w.as_str(), "task" | "step" | "phase" | "stage" | "part"))
            .collect();
        named.len() >= 2 && named.iter().all(|w| said.contains(w))
    })
}

/// The first sentence of the text before the first section that says which work is handed
/// over (`I'm continuing work on **pebble-strength** — a Garmin-style strength training app`,
/// `This branch is in the middle of producing \`PLAN.md\` — a six-section review`,
/// `本文用于把当前功能分支安全交给下一位维护者。`, `Estoy desarrollando una plataforma IIoT`),
/// in words of carrying work on ([`carries_work_on`]); never one about the file (`Paste the
/// block below …`), a label's line (`**Date:** 2026-05-15.`), a question, a condition, or
/// work reported done. The text before a file's sections is as often a date, a pointer or a
/// remark about the file (`Latest session at the top.`): those name no work.
fn preamble_goal(doc: &Document) -> Option<String> {
    preamble_paragraphs(doc, doc.preamble_lines())
        .iter()
        .flat_map(|paragraph| sentences(paragraph))
        .find(|sentence| {
            sentence.chars().count() <= 300
                && carries_work_on(sentence)
                && !label_split(sentence).is_some_and(|(label, _)| {
                    // (A label is a few words, its brackets closed: `(repo GitHub:
                    // owner/name)` is a sentence's aside.)
                    label.split_whitespace().count() <= 5
                        && label.matches('(').count() == label.matches(')').count()
                })
                && !about_the_file(sentence)
                && !is_question(sentence)
                && !conditional(sentence)
                && !reports_done_anywhere(sentence)
                // (Nor an instruction to read: `Read this first if you are continuing …`.)
                && !sentence.to_lowercase().starts_with("read ")
        })
        .map(|sentence| (*sentence).to_owned())
}

/// Whether a sentence speaks of carrying a piece of work on: continuing it, working on it,
/// building it, handing it over (`continuing 0.3.0 release preparation`, `in the middle of
/// producing`, `melanjutkan pengembangan`, `交给下一位维护者`, `引き継ぐ`).
fn carries_work_on(sentence: &str) -> bool {
    holds_any(
        sentence,
        &[
            "continuing",
            "you are driving",
            "working on",
            "work on ",
            "in the middle of",
            "developing",
            "desarrollando",
            "continuando",
            "trabajando en",
            "desenvolvendo",
            "trabalhando",
            "continuer ",
            "travaille sur",
            "arbeite an",
            "weiterentwickl",
            "melanjutkan",
            "продолж",
            "разрабатыва",
            "继续开发",
            "交给",
            "交接给",
            "引き継ぐ",
            "引き継ぎます",
            "開発を続け",
        ],
    )
}

/// Takes a goal section's item labelled with a role read after the objective (`-
/// Resultado entregue: …`) into `routed`, with its line (`section_line` when it has none);
/// a `none` is taken and files nothing, and work left stays kept as written (no field holds
/// it). Whether the item was taken; `Owner:` or `Files:` stay the goal's items.
fn route(
    e: &Entry,
    section_line: usize,
    routed: &mut Vec<(Role, String, usize)>,
    used: &mut [bool],
) -> bool {
    // (A ticked item is done: `- [x] …`, and `1. ✅ Added dual license files` in a summary
    // when its words say so; `- ✅ All tests pass on CI` under a goal is a criterion, and
    // `- ✅ Write the CSV exporter` a to-do.)
    if let Some(done) = ticked(e)
        .filter(|done| e.checked == Some(true) || status_words(done) == Some(Role::Complete))
    {
        let line = e.lines.first().copied().unwrap_or(section_line);
        routed.push((Role::Complete, done.to_owned(), line));
        take(&e.lines, used);
        return true;
    }
    let Some((role, rest)) = role_label(&e.text).filter(|(r, _)| routes(*r)) else {
        return false;
    };
    if is_none(rest) || is_placeholder_text(rest) {
        take(&e.lines, used);
        return true;
    }
    let line = e.lines.first().copied().unwrap_or(section_line);
    // (A label that only names the role goes; one that says more stays with its text:
    // `Next milestone: v1.0.0 in July`, `次のマイルストーン: …`.)
    let text = match label_split(without_mark(&e.text)) {
        Some((label, _)) if !names_only_a_role(label) => format!("{}: {rest}", label.trim()),
        _ => rest.to_owned(),
    };
    routed.push((role, text, line));
    if role != Role::Remaining {
        take(&e.lines, used);
    }
    true
}

/// Whether a label only names a role, its number or qualifier aside (`Decision 1`,
/// `Constraint (hard)`, `Blockers (2)`, `Done so far`, `Blocked by`), not something of its
/// own (`Next milestone`).
fn names_only_a_role(label: &str) -> bool {
    let core = super::headings::before_qualifier(label)
        .trim()
        .trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, '#' | ' ' | '.'));
    super::headings::is_whole_name(core) || super::headings::role_named(core).is_some()
}

/// Labels that give a fact about the work (where it runs, when, which branch), never a step.
const METADATA: [&str; 28] = [
    "server",
    "url",
    "host",
    "port",
    "date",
    "datum",
    "fecha",
    "data",
    "дата",
    "日付",
    "日期",
    "날짜",
    "branch",
    "version",
    "versão",
    "versao",
    "versión",
    "versione",
    "updated",
    "last updated",
    "author",
    "autor",
    "repo",
    "repository",
    "environment",
    "env",
    "stand",
    "zuletzt aktualisiert",
];

/// Labels of a step's or a task's priority (`**Priority:** Medium`), lowercase.
const PRIORITIES: [&str; 10] = [
    "priority",
    "prioridad",
    "prioridade",
    "priorité",
    "priorität",
    "priorità",
    "приоритет",
    "优先级",
    "優先度",
    "우선순위",
];

/// Whether a label's value is a date and little else, of at most four words: a day
/// (`2026-03-24`), a month's name or a year (`Janvier 2025`, `Q3 2026`); not a step with a
/// day in it (`ship v2 Friday`, `Fri — deploy hotfix`).
fn says_a_date(value: &str) -> bool {
    let words: Vec<&str> = value.split_whitespace().collect();
    words.len() <= 4
        && (iso_date(value).is_some()
            || words.iter().any(|w| {
                let w = w.trim_matches(|c: char| !c.is_alphanumeric());
                super::months::month_name(w)
                    || (w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
            }))
}

/// Whether a label's value is a priority's rank (`Medium`, `🔴 High`, `P1`, `Alta`), not a
/// step (`rotate keys`, `Fix CI`).
fn says_a_priority(value: &str) -> bool {
    const RANKS: [&str; 55] = [
        "low",
        "medium",
        "high",
        "highest",
        "lowest",
        "normal",
        "critical",
        "urgent",
        "blocker",
        "top",
        "must",
        "should",
        "could",
        "nice",
        "have",
        "to",
        "p0",
        "p1",
        "p2",
        "p3",
        "p4",
        "sev1",
        "sev2",
        "sev3",
        "sev4",
        "alta",
        "media",
        "baja",
        "média",
        "máxima",
        "crítica",
        "urgente",
        "haute",
        "moyenne",
        "basse",
        "élevée",
        "faible",
        "hoch",
        "hohe",
        "mittel",
        "niedrig",
        "高",
        "中",
        "低",
        "最高",
        "高优先级",
        "中优先级",
        "低优先级",
        "긴급",
        "높음",
        "중간",
        "낮음",
        "высокий",
        "средний",
        "низкий",
    ];
    let name = normalize(value);
    let words: Vec<&str> = name.split(' ').collect();
    !name.is_empty()
        && words.len() <= 3
        && words.iter().all(|w| {
            RANKS.contains(w)
                || PRIORITIES.contains(w)
                || *w == "priorities"
                || (w.len() == 1 && w.bytes().all(|b| b.is_ascii_digit()))
        })
        // (A rank said, not only its helpers: `to`, `have`.)
        && words.iter().any(|w| !matches!(*w, "to" | "have"))
}

/// Whether a label says when (`Date`, `Date planned`, `Fecha de inicio`, `Last updated`): a
/// date's word first. (`data`, English's word too, only alone: Italian's and Portuguese's
/// `**Data**: Dicembre 2025`, not `Data migration: …`.)
fn dated(label: &str) -> bool {
    let first = label.split(' ').next().unwrap_or_default();
    matches!(
        first,
        "date" | "datum" | "fecha" | "дата" | "日付" | "日期" | "날짜"
    ) || matches!(
        label,
        "data" | "updated" | "last updated" | "stand" | "zuletzt aktualisiert"
    )
}

/// First words of a sentence that says what there is, not what to do (`The results are
/// in:`, `Here is the plan:`), lowercase.
const POINTING_FIRST: [&str; 28] = [
    "the", "these", "this", "those", "here", "there", "we", "i", "you", "it", "they", "los", "las",
    "el", "la", "le", "les", "der", "die", "das", "os", "as", "already", "before", "after", "if",
    "when", "open",
];

/// Last words of a sentence that points at what follows it (`Los resultados están en:`,
/// `The tasks include:`), lowercase.
const POINTING_LAST: [&str; 30] = [
    "in",
    "at",
    "to",
    "of",
    "for",
    "with",
    "on",
    "from",
    "by",
    "are",
    "is",
    "include",
    "includes",
    "following",
    "below",
    "en",
    "de",
    "para",
    "por",
    "con",
    "incluyen",
    "incluem",
    "à",
    "dans",
    "sur",
    "an",
    "auf",
    "mit",
    "в",
    "на",
];

/// Labels of the name of a step or task (`- **Nom**: Corriger OAuth Callback`), as
/// [`normalize`] writes them.
const NAME_LABELS: [&str; 4] = ["name", "nom", "nombre", "nome"];

/// Labels of how long work takes (`**Estimated Time**: 2.5-3 hours`), as [`normalize`]
/// writes them: a fact about the steps, never one.
const ESTIMATES: [&str; 14] = [
    "estimated time",
    "time estimate",
    "estimate",
    "estimated effort",
    "eta",
    "duration",
    "effort",
    "aufwand",
    "geschätzter aufwand",
    "tiempo estimado",
    "temps estimé",
    "durée estimée",
    "预计时间",
    "所要時間",
];

/// Whether a label, as [`normalize`] writes it, and its value say how long work takes: one
/// of [`ESTIMATES`] and a number of a unit of time (`**Estimated Time**: 2.5-3 hours`, not
/// `**Duration**: add a duration field` nor `**Effort:** 3 files left to port`).
fn estimate(label: &str, value: &str) -> bool {
    // Units of time, as words or after a number (`2.5-3 hours`, `2h`, `3 Tage`, `2 天`).
    const UNITS: [&str; 30] = [
        "h",
        "hr",
        "hrs",
        "hour",
        "hours",
        "min",
        "mins",
        "minute",
        "minutes",
        "d",
        "day",
        "days",
        "w",
        "wk",
        "week",
        "weeks",
        "sprint",
        "sprints",
        "stunden",
        "tage",
        "heures",
        "jours",
        "horas",
        "días",
        "dias",
        "часа",
        "часов",
        "дня",
        "дней",
        "pt",
    ];
    const CJK_UNITS: [&str; 6] = ["小时", "天", "時間", "日", "周", "週"];
    ESTIMATES.contains(&label)
        && value.contains(|c: char| c.is_ascii_digit())
        && (value
            .to_lowercase()
            .split(|c: char| !c.is_alphabetic())
            .any(|w| UNITS.contains(&w))
            || CJK_UNITS.iter().any(|u| value.contains(u)))
}

/// Whether a ticked item's own words say it is not done after all: not done, under way,
/// blocked, untested, given up or struck out (`Importer (WIP)`, `Issue #12 was not fixed`,
/// `Deploy to staging — rolled back`, `~~Migrate users table~~ (dropped)`).
fn says_otherwise(text: &str) -> bool {
    not_done_after_all(text).is_some()
        || status_words(text).is_some_and(|r| r != Role::Complete)
        || says_untested(text)
        || text.trim_start().starts_with("~~")
        || holds_any(
            text,
            &[
                "dropped",
                "reverted",
                "rolled back",
                "abandoned",
                "cancelled",
                "canceled",
                "won't do",
                "wontfix",
            ],
        )
}

/// Whether a heading names options to choose among (`Database options`, `Alternativas
/// evaluadas`, `Варианты`, `候補`), or a legend or an example: a ticked item there is a
/// choice or a sample, not work done.
fn names_options(heading: &str) -> bool {
    holds_any(
        heading,
        &[
            "option",
            "choice",
            "alternativ",
            "candidate",
            "opción",
            "opcion",
            "opção",
            "opções",
            "opties",
            "opzion",
            "seçenek",
            "możliwoś",
            "pistes",
            "вариант",
            "选项",
            "候选",
            "選択肢",
            "候補",
            "옵션",
            // (Nor a legend, an example or what to have first: `3. Legend`, `2. Example
            // output`, `1. Prerequisites`.)
            "legend",
            "example",
            "prerequisite",
            "template",
        ],
    )
}

/// Whether a heading names a checklist or a list of tasks or progress (`✅ Чек-лист
/// готовности`, `Pre-publish checklist`, `Tasks`, `Progress`).
fn names_a_checklist(heading: &str) -> bool {
    holds_any(
        heading,
        &[
            "check",
            "чек",
            "чеклист",
            "チェック",
            "체크",
            "清单",
            "清單",
            "todo",
            "to do",
            "to-do",
            "task",
            "tarea",
            "tarefa",
            "aufgabe",
            "задач",
            "progress",
            "fortschritt",
            "progreso",
            "progresso",
            "прогресс",
            "進捗",
            "进度",
            "진행",
            "lista",
            "liste",
        ],
    )
}

/// A list item's text when its box is ticked or it starts with a mark of work done (`- [x]
/// …`, `✅ …`, `✔ …`); never a paragraph or an empty or "nothing here" item.
fn ticked(e: &Entry) -> Option<&str> {
    if e.paragraph {
        return None;
    }
    let text = e.text.trim();
    let done = if e.checked == Some(true) {
        text
    } else if ["✅", "✔", "☑"].iter().any(|m| text.starts_with(m)) {
        without_mark(text)
    } else {
        return None;
    };
    (!done.is_empty() && !is_none(done)).then_some(done)
}

/// Whether an item labelled with `role` in a goal section is read there (the state's
/// buckets, work left, decisions, evidence, rules, the next step), not as the goal's.
fn routes(role: Role) -> bool {
    Bucket::of_role(role).is_some()
        || matches!(
            role,
            Role::Remaining
                | Role::Decisions
                | Role::Evidence
                | Role::Constraints
                | Role::NextAction
        )
}

/// The role an item's leading label names, and its text after the label (`- Bloqueios:
/// nenhum` → blocked, `nenhum`): a label of a few words, read as labels are.
fn role_label(text: &str) -> Option<(Role, &str)> {
    // (A few words, a bracket after them aside: `Próximo passo recomendado (1 ação
    // objetiva)`.)
    let (label, rest) = label_split(without_mark(text)).filter(|(label, rest)| {
        let long = label.chars().count();
        (long <= 30 || (long <= 60 && super::headings::role_named(label).is_some()))
            && !rest.trim().is_empty()
    })?;
    super::headings::label_role(label).map(|role| (role, rest.trim()))
}

/// Whether a paragraph that introduces what follows says what to do, in one sentence (`Start
/// with **Phase 3A** (~3 files):`), not what there is (`Los resultados están en:`, `The tasks
/// include:`, `Sorted by return vs risk, same priorities as before:`).
fn says_what_to_do(text: &str) -> bool {
    let said = text.trim_end_matches([':', '：', ' ']);
    let words: Vec<String> = said
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    // (Three words, or six characters where a script spaces none: `先执行数据库迁移`.)
    (words.len() >= 3 || said.chars().filter(|&c| c >= '\u{2e80}').count() >= 6)
        && sentences(said).len() == 1
        && !said.contains([',', '，'])
        && super::headings::role_named(said).is_none()
        && !super::headings::is_whole_name(said)
        && !points_at_steps(text)
        && !words
            .first()
            .is_some_and(|w| POINTING_FIRST.contains(&w.as_str()))
        && !words
            .last()
            .is_some_and(|w| POINTING_LAST.contains(&w.as_str()))
}

/// Whether a step is struck out, whole or with a report of it done after it (`~~Verify the
/// uptime RPC~~`, `~~**[必須] … の実DB検証**~~ → **完了（2026-04-15）**: …`): done or dropped,
/// no step left. (Not one struck and rewritten: `~~Use Redis~~ Use Postgres for the cache`.)
fn struck_out(text: &str) -> bool {
    let Some(rest) = after_strike(text) else {
        return false;
    };
    // (A report of it done, and nothing said left or to do instead: not `~~Deploy on
    // Friday~~ done differently: deploy Monday`, `~~Migrate v1~~ → done for v2; v3 still
    // needs it`, `~~Fix login~~ → completed by Ana; now fix signup the same way`.)
    let said_done = reports_done(rest)
        || status_words(
            rest.split([':', '：', '.', '。', ';'])
                .next()
                .unwrap_or_default(),
        ) == Some(Role::Complete);
    // (Or one said dropped: `~~Per-request thinking control~~ — **CONFIRMED IMPOSSIBLE**.
    // Skip.`)
    rest.is_empty()
        || (said_done && !holds_word(rest, &LEFT) && !holds_any(rest, &["need"]))
        // (A drop is said in its first clause, `not needed`: a need is looked for after it.)
        || (says_dropped(rest)
            && !holds_word(rest, &LEFT)
            && !holds_any(
                rest.find([':', '：', '.', '。', ';', '；', ',', '，'])
                    .map_or("", |at| &rest[at..]),
                &["need"],
            ))
}

/// Whether a text opens by saying that its work is planned, not done: `We plan to switch to
/// pnpm`, `Planning to drop Node 18`, `Планируется перейти …`, `计划迁移 …`, `Se planea …`, or,
/// in Japanese, ends by saying so (`来週DB移行予定`).
///
/// Not a plan said done (`Geplant und umgesetzt`, `Planejamos e entregamos`, `计划任务模块已完成`,
/// `計画通りにDB移行を完了`), denied (`We will no longer hit the OOM`), or a name that starts
/// with a plan's word (`Plan-to-execute agent loop implemented`, `"We Will Rock You" demo`,
/// `予定表の同期機能を実装した`).
fn says_a_plan(text: &str) -> bool {
    const LEADS: [&str; 25] = [
        "we plan to ",
        "we are planning to ",
        "we re planning to ",
        "plan to ",
        "planning to ",
        "i plan to ",
        "we will ",
        "i will ",
        "we are going to ",
        "we re going to ",
        "планируется ",
        "планируем ",
        "se planea ",
        "planeamos ",
        "planejamos ",
        "está planejado ",
        "nous prévoyons ",
        "wir planen ",
        "geplant ",
        // (Japanese says its plan at the end, below: a sentence that starts with `予定` or
        // `計画` names a schedule, `予定管理画面を追加`.)
        "计划",
        "打算",
        // (Not `准备`, as often `prepare` as `intend`: `准备测试数据集` under work done is
        // done.)
        "下周",
        "来周",
        "明天",
        // (Japanese `来週` leads a plan only with a plan's ending, below.)
        "来週",
    ];
    // (A script without spaces says the work done anywhere in the text, by a form that only
    // says it done: not `完成` or `上线`, which may be the work planned, `计划下周上线新版本`.)
    const DONE: [&str; 10] = [
        "完成了",
        "上线了",
        "实现了",
        "完毕",
        "做完",
        "完了",
        "した",
        "しました",
        "済",
        "通り",
    ];
    // (Nor a lead that names a thing: `计划任务` (scheduled tasks), `准备阶段`, `下周报`,
    // `来週分のデータ`, `下周例会`, `下周计划文档`, `准备金`.)
    const THING: [char; 16] = [
        '任', '表', '书', '書', '中', '的', 'の', '分', '报', '阶', '工', '好', '例', '计', '金',
        '文',
    ];
    // (The words of a plan in Chinese, leads of their own: `计划`, `打算`.)
    const PLAN_WORDS: [&str; 2] = ["计划", "打算"];
    // (Words of a time to come: `下周`, `来週`; not `本周`, when work is as often done.)
    const FUTURE: [&str; 11] = [
        "下周",
        "来周",
        "明天",
        "下个月",
        "下月",
        "月底",
        "明年",
        "来週",
        "来月",
        "明日",
        "月末",
    ];
    // (A Japanese plan says so at its end: `来週リリースする`, `来週DB移行予定`.)
    const PLAN_ENDS: [&str; 6] = ["予定", "予定です", "する", "します", "したい", "したいです"];
    // (`已` then a word that says the work is not done: postponed, scheduled, cancelled,
    // paused, shelved, dropped, planned, arranged, no longer.)
    const NOT_DONE_AFTER_YI: [&str; 19] = [
        "有", "知", "推迟", "延期", "延后", "延迟", "排期", "取消", "暂停", "搁置", "放弃", "计划",
        "安排", "列入", "提上", "阻塞", "回滚", "撤回", "不",
    ];
    // (Nor a quotation: `"We Will Rock You" demo track added`, `«We will» banner`.)
    if text
        .trim_start_matches(['*', '_', ' ', '-'])
        .starts_with(['"', '“', '\'', '«', '„', '「', '‘', '`'])
    {
        return false;
    }
    let bare = without_mark(text);
    let end = bare.trim_end_matches(['。', '.', ' ', '*', '_']);
    // (`已` says done before a verb, `已实现`, `已部署`, `已经上线`; not in `已有` (existing),
    // `已知`, nor before a word that says it is not: `已推迟`, `已取消`, `已经不需要了`.)
    // (`完了` is done, not planned done: `来週完了予定`.)
    // (`完毕`, `做完`, `完了` say a thing done only where it is named before them, `…的环境搭建
    // 完毕`, `…向けのバグ修正完了`, or with `了`: after `计划`, or after a time to come, they
    // are the plan's end, `计划在月底前迁移完毕`, `下周做完压测`, `下周部署完毕`, `来週完了`,
    // `移行完了後にリリース予定`; preparations for then are done, `下周发布准备完毕`,
    // `来週リリース準備完了`.)
    let planned_lead = PLAN_WORDS.iter().any(|w| {
        bare.trim_start()
            .strip_prefix(w)
            .is_some_and(|rest| !rest.starts_with(THING))
    });
    let done_said = DONE.iter().any(|w| {
        bare.match_indices(w).any(|(at, w)| {
            let after = bare[at + w.len()..].trim_start();
            let weak = matches!(w, "完毕" | "做完" | "完了");
            !["予定", "する", "します", "させ"]
                .iter()
                .any(|p| after.starts_with(p))
                // (At the end, a predicate: `下周发布准备完毕`, `来週リリース準備完了`.)
                && (!weak
                    || (!planned_lead
                        && (after.starts_with('了')
                            || bare[..at].contains(['的', 'の'])
                            || (after.trim_end_matches(['。', '.', '！', '!']).is_empty()
                                && (!FUTURE.iter().any(|t| bare[..at].contains(t))
                                    || ["准备", "準備"].iter().any(|p| bare[..at].ends_with(p)))))))
        })
    }) || bare.match_indices('已').any(|(at, w)| {
        let after = &bare[at + w.len()..];
        let after = after.strip_prefix('经').unwrap_or(after);
        !NOT_DONE_AFTER_YI.iter().any(|n| after.starts_with(n))
    });
    if !bare.is_ascii() && done_said {
        return false;
    }
    let said = normalize(bare);
    // (`准备` then a time is a plan: `准备下周上线新版本`; alone it is as often `prepare`.)
    if let Some(rest) = bare.trim_start().strip_prefix("准备")
        && FUTURE
            .iter()
            .chain(&["本周", "近期"])
            // (Not a thing for then: `准备下周的评审材料`.)
            .any(|w| {
                rest.trim_start()
                    .strip_prefix(w)
                    .is_some_and(|after| !after.starts_with('的'))
            })
    {
        return true;
    }
    // (A plan's word alone plans nothing: `计划`, `予定`.)
    let Some(lead) = LEADS
        .iter()
        .find(|w| said.starts_with(**w) && said.len() > w.len())
    else {
        // A Japanese sentence that ends with its plan: `来週DB移行予定`, `来週完了予定` (not
        // one in a parenthesis, `dead_code属性追加（SPEC-004で使用予定）`, nor a thing's
        // schedule, `会議の予定`).
        // (`の予定` says a plan only as a sentence's predicate: `来週リリースの予定です`,
        // `移行は来月の予定`.)
        // (`…の予定` a plan only when it says when: `移行は来月の予定`, not `カレンダー画面は
        // 会議の予定`, the meetings' schedule.)
        let predicate = says_when_ja(end);
        return ["予定です", "予定"].iter().any(|w| {
            end.strip_suffix(w).is_some_and(|before| {
                !before.trim_end().is_empty() && (!before.ends_with('の') || predicate)
            })
        });
    };
    if !lead.ends_with(' ') {
        // (`来週` with a plan's ending, or naming the work alone: `来週DB移行`, not
        // `来週月曜デモ用の環境構築`, work for next week's demo.)
        let rest = &said[lead.len()..];
        // (A thing named by the plan's word, then a time to come, is planned: `计划文档下周完成`,
        // `计划书下周提交`.)
        if rest.starts_with(THING) {
            return PLAN_WORDS.contains(lead) && FUTURE.iter().any(|t| rest.contains(t));
        }
        return *lead != "来週"
            || PLAN_ENDS.iter().any(|p| end.ends_with(p))
            || !["の", "用", "向け", "分"].iter().any(|w| bare.contains(w));
    }
    // The lead as the text writes it, emphasis and apostrophes aside: its words spaced, not
    // joined by a hyphen (`Plan-to-execute agent loop`, `Planning to-do items`).
    let written: String = bare
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '`'))
        .map(|c| {
            if matches!(c, '\'' | '’' | ':' | '：') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let Some(at) = written.find(lead) else {
        return false;
    };
    let next = written[at + lead.len()..].split(' ').next().unwrap_or("");
    // (Nor a plan denied or said done: `We will not …`, `Geplant und umgesetzt`.)
    !matches!(
        next,
        "not" | "no" | "never" | "and" | "und" | "e" | "y" | "et" | "и" | "а"
    )
}

/// Whether a Japanese text says when, by a word of time (`来週`, `来月`, `明日`, `月末`, `年内`)
/// or a month or day in digits (`5月`, `20日`).
fn says_when_ja(text: &str) -> bool {
    const WHEN: [&str; 13] = [
        "来週",
        "来月",
        "明日",
        "今週",
        "今月",
        "月末",
        "年内",
        "年度内",
        "再来週",
        "来年",
        "次の",
        "今期",
        "来期",
    ];
    let digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    WHEN.iter().any(|w| text.contains(w))
        || text
            .match_indices(['月', '日', '年'])
            .any(|(at, _)| text[..at].chars().next_back().is_some_and(digit))
        // (A quarter: `Q3`.)
        || text
            .match_indices(['Q', 'Ｑ'])
            .any(|(at, q)| text[at + q.len()..].chars().next().is_some_and(digit))
}

/// Whether a state's item says that nothing is there: `No active tasks right now — the
/// sprint closed out.`, `Nothing in progress.`, `No tasks identified`.
fn nothing_under_way(text: &str) -> bool {
    let said = normalize(text);
    [
        "no active ",
        "no current ",
        "no tasks",
        "no open tasks",
        "no work in progress",
        "nothing in progress",
        "nothing under way",
        "nothing underway",
        "nothing active",
        "nothing currently",
        "nothing right now",
        "nothing at the moment",
    ]
    .iter()
    .any(|w| said.starts_with(w))
}

/// Whether a text holds one of `words` (lowercase) where a word starts: `но` in `… но
/// тесты`, not in `сделано`; `mas` in `mas falta`, not in `problemas`. (A word of a script
/// without spaces, `还`, `まだ`, anywhere.)
fn holds_word(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    words.iter().any(|w| {
        let spaced = w
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || ('\u{00c0}'..='\u{052f}').contains(&c));
        lower.match_indices(w).any(|(at, _)| {
            !spaced
                || lower[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric())
        })
    })
}

/// Words that say what is left of a step struck out, or what is done instead (`~~Fix
/// login~~ → done; now fix signup`, `~~Update the docs~~ obsolete — delete them instead`,
/// `~~迁移旧表~~ 取消，改为直接重建新表`, `entfällt vorerst, aber noch vor 3.0 erledigen`).
const LEFT: [&str; 39] = [
    "still",
    "now ",
    "next",
    "then",
    "todo",
    "left",
    "remaining",
    "but ",
    "differently",
    "instead",
    "however",
    "en su lugar",
    "en lugar",
    "em vez",
    "em lugar",
    "au lieu",
    "plutôt",
    "stattdessen",
    "statt ",
    "aber ",
    "noch ",
    "pero ",
    "todavía",
    "ainda",
    "mas ",
    "mais ",
    "encore",
    "вместо",
    "но ",
    "ещё",
    "еще",
    "改为",
    "改成",
    "代わりに",
    "대신",
    "还",
    "仍",
    "まだ",
    "残",
];

/// Whether what a wait's label says after it names what the work waits on (`Darin to test
/// on the branch`), not that nothing blocks it (`none`, `nothing right now`, `N/A`, `aucune`,
/// `nada no momento`), that the block is gone (`resolved — the key arrived`), or a step of the
/// reader's own after the wait (`CI on PR #88 to go green, then merge it`).
fn waits_on_something(label: &str, rest: &str) -> bool {
    let first = rest
        .split([',', '，', ';', '；', '.', '。', '—', '–', ':', '：'])
        .next()
        .unwrap_or_default()
        .trim();
    let lower = format!(" {} ", normalize(rest));
    let first_words = normalize(first);
    !first.is_empty()
        && !is_none(first)
        && !is_placeholder_text(first)
        // (Not `nothing but the security sign-off`.)
        && (first_words
            .split(' ')
            .nth(1)
            .is_some_and(|w| matches!(w, "but" | "except" | "apart" | "besides"))
            || !matches!(
            first_words.split(' ').next(),
            Some(
                "none"
                    | "nothing"
                    | "nada"
                    | "nenhum"
                    | "nenhuma"
                    | "ninguno"
                    | "ninguna"
                    | "aucun"
                    | "aucune"
                    | "rien"
                    | "nichts"
                    | "ничего"
                    | "无"
                    | "なし"
                    | "없음"
            )
        ))
        && status_words(first) != Some(Role::Complete)
        // (A wait for a thing, then the reader's own step: `Waiting for: CI to go green,
        // then merge it`; not `WAITING: Legal to approve, then the release can go out`.)
        && !(matches!(normalize(label).as_str(), "waiting for" | "wait for")
            && [" then ", " dann ", " luego ", " depois ", " puis ", " затем ", "然后", "之后"]
                .iter()
                .any(|w| lower.contains(w)))
}

/// Whether a label says the work waits on someone else or is blocked: `WAITING`,
/// `Blocked`, `On hold`, `En attente`, `等待中`. (A label, not a step's own words: `Wait for
/// CI` is a step.)
fn waiting_label(label: &str) -> bool {
    matches!(
        normalize(label).as_str(),
        "waiting"
            | "waiting on"
            | "waiting for"
            | "blocked"
            | "blocked on"
            | "blocked by"
            | "on hold"
            | "en attente"
            | "esperando"
            | "aguardando"
            | "bloqueado"
            | "bloqué"
            | "wartet"
            | "wartend"
            | "blockiert"
            | "等待"
            | "等待中"
            | "阻塞"
            | "待機中"
            | "ブロック中"
            | "대기"
            | "대기 중"
    )
}

/// What a struck-out text says after its strike, the marks and arrows between set aside
/// (`~~Verify the RPC~~ → **done**` says `done**`); `None` for a text not struck out.
fn after_strike(text: &str) -> Option<&str> {
    let (_, rest) = text.trim_start().strip_prefix("~~")?.split_once("~~")?;
    Some(rest.trim_start_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '→' | '-' | '—' | '–' | '>' | '*' | '_' | ':' | '(' | '（'
            )
    }))
}

/// Whether what is said after a strike drops the work rather than reports it done, in its
/// first clause: `Skip.`, `CONFIRMED IMPOSSIBLE on this build`, `not needed`, `descartado`,
/// `取消`. (Not `need` alone: `needs a rewrite` is work left; nor a skip of part of it, `skip
/// the slow ones`, nor a drop for now, `not possible until the DNS change lands`, `skipped for
/// now`.)
fn says_dropped(rest: &str) -> bool {
    const WORDS: [&str; 25] = [
        "impossible",
        "not possible",
        "dropped",
        "cancelled",
        "canceled",
        "abandoned",
        "obsolete",
        "not needed",
        "no longer needed",
        "unnecessary",
        "won t do",
        "won t fix",
        "wontfix",
        "not doing",
        "descartado",
        "descartada",
        "cancelado",
        "cancelada",
        "abandonné",
        "annulé",
        "verworfen",
        "entfällt",
        "gestrichen",
        "отменено",
        "не нужно",
    ];
    const CJK: [&str; 9] = [
        "取消",
        "放弃",
        "废弃",
        "不需要",
        "不做",
        "見送り",
        "中止",
        "취소",
        "불필요",
    ];
    // (Its first clause: `——T13 定稿：… dropped 位列` says no drop of its own; `skipped — not
    // worth it` is `skipped`.)
    let rest = rest
        .split([':', '：', '.', '。', ';', '；', ',', '，', '—', '–'])
        .next()
        .unwrap_or_default();
    let said = format!(" {} ", normalize(rest));
    const FOR_NOW: [&str; 16] = [
        " until ",
        " for now ",
        " yet ",
        " before ",
        " unless ",
        " vorerst ",
        " noch ",
        " hasta ",
        " até ",
        " jusqu ",
        " пока ",
        " до ",
        "暂时",
        "まで",
        "전까지",
        " later ",
    ];
    if FOR_NOW.iter().any(|w| said.contains(w)) {
        return false;
    }
    matches!(
        said.trim(),
        "skip" | "skipped" | "skip it" | "skip this" | "skipping" | "skip for good"
    ) || WORDS.iter().any(|w| {
        said.match_indices(w)
            .any(|(at, _)| said[..at].ends_with(' ') && said[at + w.len()..].starts_with(' '))
    }) || CJK.iter().any(|w| rest.contains(w))
}

/// Whether a text is one emphasized span and nothing else (`**Important realities:**`).
fn bold_alone(text: &str) -> bool {
    let inner = text.trim();
    ["**", "__"].iter().any(|m| {
        inner
            .strip_prefix(m)
            .and_then(|t| t.strip_suffix(m))
            .is_some_and(|t| !t.is_empty() && !t.contains(['*', '_']))
    })
}

/// Whether the first line after line `at` that is not blank is a heading's, deeper than
/// `level`, one of two or more under the same section (`Sorted by return vs risk:` over
/// `### Short ~30 min each` and `### Longer`; not the next section, `Fix the flaky test, it
/// fails on CI:` then `## Notes`, nor the one subheading that says more of the step,
/// `Rotate the leaked key now, details below:` then `### Details`). `subheadings` holds
/// each section's count of them.
fn subheading_after(at: usize, level: u8, subheadings: &[u32], doc: &Document) -> bool {
    let next = (at + 1..doc.line_count()).find(|&i| !doc.line(i).text.trim().is_empty());
    next.is_some_and(|next| {
        let from = doc.sections.partition_point(|s| s.line < next);
        doc.sections[from..]
            .iter()
            .take_while(|s| s.line == next)
            .any(|s| {
                s.kind == Kind::Heading
                    && s.level > level
                    // (Over groups of steps, not over the step's own check: `Rotate the
                    // keys, then verify:` then `### Verification`.)
                    && !matches!(s.role, Some(Role::Verification | Role::Criteria))
                    // (Nor over what says more of the step: `… details below:` then `###
                    // Details`.)
                    && !matches!(
                        normalize(&s.heading).as_str(),
                        "details" | "detail" | "background" | "context" | "notes" | "why"
                            | "rationale" | "how" | "详情" | "细节" | "背景" | "詳細"
                    )
                    && s.parent
                        .and_then(|p| subheadings.get(p))
                        .is_some_and(|&n| n >= 2)
            })
    })
}

/// An item's leading label, as its words (`- **Next step:** …` → `next step`).
fn label_of(text: &str) -> String {
    label_split(without_mark(text)).map_or_else(String::new, |(label, _)| normalize(label))
}

/// Whether an item's emphasized lead names a step (`**Make the repository public** (if
/// OSS)`), not a rule, a warning or a hedge said in bold (`**Never run the migration
/// without a fresh backup**`, `*(optional)* bump the version first`).
fn bold_lead_names_a_step(text: &str) -> bool {
    let lead = text
        .trim_start_matches(['*', '_'])
        .split(['*', '_'])
        .next()
        .unwrap_or_default()
        .trim()
        .to_lowercase();
    !lead.is_empty()
        && !lead.starts_with('(')
        && ![
            "never",
            "don't",
            "don’t",
            "do not",
            "always",
            "note",
            "warning",
            "important",
            "caution",
            "optional",
            "nunca",
            "jamais",
            "nie ",
            "niemals",
            "不要",
            "禁止",
            "切勿",
            "注意",
        ]
        .iter()
        .any(|w| lead.starts_with(w))
}

/// Whether a paragraph points at the steps that follow it (`Follow these steps to publish
/// it.`, `Do the following, in order.`).
fn points_at_steps(text: &str) -> bool {
    holds_any(
        text,
        &[
            "follow these steps",
            "the following steps",
            "these steps to",
            "steps below",
            "do the following",
            "as follows",
        ],
    ) || says_its_heading_is_next(text)
}

/// Whether a paragraph only says that its heading is the next step (`This is the next
/// logical implementation step.`): it names none itself. (Not one that goes on to say a
/// step: `This is the next thing to do: migrate …`, `… This is the next blocker for the
/// beta.` after the step.)
fn says_its_heading_is_next(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let said = lower.trim_end_matches(['.', '!', ' ']);
    said.starts_with("this is the next")
        && said.ends_with(" step")
        && !said.contains([':', ';', ','])
        && said.split_whitespace().count() <= 8
}

/// Whether a section's own paragraphs stand over steps written as its numbered subsections
/// (`## Próximos Passos`, a paragraph of context, then `### 1. Multi-Scalar Multiplication`,
/// `### 2. …`): the steps are the subsections, and the paragraph says why.
fn over_numbered_steps(section: &Section, doc: &Document) -> bool {
    let Some(at) = doc
        .section_at(section.line)
        .filter(|&at| std::ptr::eq(&doc.sections[at], section))
    else {
        return false;
    };
    // (Only its own subtree is read: a label's, none.)
    section.kind == Kind::Heading
        && doc
            .sections
            .iter()
            .skip(at + 1)
            .take_while(|s| s.level > section.level)
            .filter(|s| s.parent == Some(at) && s.kind == Kind::Heading)
            .filter(|s| {
                let name = s.heading.trim_start();
                let digits = name.bytes().take_while(u8::is_ascii_digit).count();
                // (`1.`, `2)`; not `9.1`, a part of section 9.)
                let rest = &name[digits..];
                (digits > 0
                    && rest.starts_with(['.', ')'])
                    && !rest[1..].starts_with(|c: char| c.is_ascii_digit()))
                    || super::headings::numbered_task(name)
            })
            .nth(1)
            .is_some()
}

/// Whether a paragraph is a note on the steps' context, by its label (`Dependencies
/// (siblings of this repo): …`, `Note: …`): no step.
fn context_note(text: &str) -> bool {
    label_split(text).is_some_and(|(label, _)| {
        let label = normalize(before_qualifier(label));
        matches!(
            label.as_str(),
            "dependencies"
                | "prerequisites"
                | "context"
                | "background"
                | "note"
                | "notes"
                | "nb"
                | "fyi"
                | "tip"
                | "caveat"
                | "warning"
        )
    })
}

/// Whether a paragraph opens by reporting work done (`CLI #25 已交付，无本票阻塞遗留`,
/// `The importer is done; what is left is …`): a report among the steps, not a step.
/// (`Complete the migration` and `完成本轮冻结` are steps.)
fn reports_done(text: &str) -> bool {
    let first = text
        .split([',', '，', ';', '；', '。', ':', '：'])
        .next()
        .unwrap_or(text);
    // (A bold lead ends its sentence: `**The paper is DONE and pushed.** … @ 1299f22`.)
    let first = first.split(". ").next().unwrap_or(first);
    let first = first.split(".**").next().unwrap_or(first);
    const DONE_LEADS: [&str; 45] = [
        "done",
        "completed",
        "finished",
        "shipped",
        "merged",
        "concluído",
        "concluido",
        "completado",
        "terminado",
        "hecho",
        "feito",
        "fatto",
        "completato",
        "erledigt",
        "abgeschlossen",
        "terminé",
        "voltooid",
        "afgerond",
        "gotowe",
        "ukończone",
        "zrobione",
        "выполнено",
        "готово",
        "сделано",
        "завершено",
        "виконано",
        "tamamlandı",
        "selesai",
        "implemented",
        "fixed",
        "resolved",
        "implementado",
        "implementados",
        "implementada",
        "implementadas",
        "implementiert",
        "implémenté",
        "implementato",
        "реализовано",
        "исправлено",
        "corrigido",
        "corregido",
        "resuelto",
        "resolvido",
        "behoben",
    ];
    // The word after it says so: none, a stop, or a place or a manner (`Done.`, `Done —
    // merged`, `Concluído na versão 2.1`, `Implemented in v2`), not a noun it qualifies
    // (`Completed jobs view needs filters`, `Merged PRs still lack …`) nor a clause it opens
    // (`Feito isso, rode …`: once that is done; `Done when CI is green`).
    let mut words = first.split_whitespace();
    let lead = words.next().unwrap_or("");
    let word = lead
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    let stops = lead.ends_with(['.', '!', ':', ';', '—']);
    let next = words.next().map(|w| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    });
    let reports = next.as_deref().is_none_or(|n| {
        matches!(
            n,
            "" | "in"
                | "on"
                | "at"
                | "with"
                | "and"
                | "na"
                | "no"
                | "em"
                | "en"
                | "el"
                | "la"
                | "il"
                | "nel"
                | "nella"
                | "am"
                | "im"
                | "mit"
                | "und"
                | "w"
                | "we"
                | "в"
                | "на"
                | "у"
                | "trong"
                | "di"
                | "dalam"
                | "de"
                | "dans"
                | "per"
        )
    });
    // (Not when the sentence says what is still wrong or left: `Resolved on staging only;
    // production still returns 500`, `Completed with 312 errors`, `Terminado en parte`.)
    let qualified = || {
        let sentence = text.split(". ").next().unwrap_or(text).to_lowercase();
        [
            ";", " only", " still", " but ", " pero ", " mas ", " ma ", " aber ", " но ", " але ",
            " falta", " manca", " ещё", " еще", " noch ", " weiter", " part", " stub", " wrong",
            " error", " fail", " 500", " except", " not ", " nicht ", " sauf ", " tranne ",
        ]
        .iter()
        .any(|w| sentence.contains(w))
    };
    if DONE_LEADS.contains(&word.as_str())
        && (stops || reports)
        && !qualified()
        && !(word == "done" && next.as_deref() == Some("when"))
    {
        return true;
    }
    if first.chars().count() > 80 || conditional(first) {
        return false;
    }
    let t = format!(" {} ", first.to_lowercase());
    // A first word that says it: `Done.`, `Concluído na versão v2.5.0 …`, `Erledigt: …`
    // (not an order: `Complete the migration`, `Finish …`).
    [
        " is done",
        " are done",
        " is complete",
        " are complete",
        " is finished",
        " has shipped",
        " has been merged",
        " was merged",
        " is merged",
        " has landed",
        " was delivered",
        " has been completed",
        " was completed",
        "已交付",
        "已完成",
        "已合并",
        "已上线",
        "已落地",
        "済み",
        "완료됐",
        "완료되었",
    ]
    .iter()
    .any(|w| t.contains(w))
}

/// The state a paragraph's bold lead says, if it says one (`**Huddle review complete.**
/// …`).
fn lead_status(text: &str) -> Option<Role> {
    text.strip_prefix("**")
        .and_then(|rest| rest.split_once("**"))
        .and_then(|(lead, _)| status_words(lead))
}

/// The state a text's words say, if they say one.
fn status_words(text: &str) -> Option<Role> {
    // `non-blocking IO` blocks nothing; `locked out` is no plan locked.
    // (Marks aside: `are `reviewed` and frozen`.)
    // (Phrases that read as another state's word, rewritten in one pass: `完成后接 #22` is
    // what comes after something is done; `niet meer bezig` is no longer under way; `klaar
    // om te reviewen` is ready for it.)
    // (`todo el código funciona` is all of it: Spanish and Portuguese `todo` before a word
    // that says of what; `Docs: todo`, `TODO write docs` stay to-dos.)
    const REWRITES: [(&str, &str); 25] = [
        (" todo el ", " all the "),
        (" todo lo ", " all "),
        (" todo o ", " all the "),
        (" todo a ", " all the "),
        (" todo está", " all is"),
        (" todo esta ", " all this "),
        (" todo funciona", " all works"),
        (" todo bien", " all well"),
        ("non-blocking", "nonblocking"),
        ("完成后", "之后"),
        ("完成後", "之後"),
        ("locked out", "shut out"),
        (" niet meer bezig", " niet meer"),
        ("almost certainly", "certainly"),
        (" klaar om te ", " om te "),
        // (A wait said over or needless: `无需等待审批`, `n'est plus en attente`.)
        ("无需等待", "无需"),
        ("不需要等待", "不需要"),
        ("不需等待", "不需"),
        ("不再等待", "不再"),
        (" plus en attente", " plus"),
        (" mais aguardando", " mais"),
        (" no esperando", " no"),
        // (Expecting is no wait: `erwartet auf jeden Fall`, `wordt verwacht op maandag`.)
        ("erwartet auf", "erwartet"),
        ("erwarten auf", "erwarten"),
        ("verwacht op", "verwacht"),
    ];
    static REWRITE: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| {
            aho_corasick::AhoCorasick::builder()
                .match_kind(aho_corasick::MatchKind::LeftmostFirst)
                .build(REWRITES.map(|(from, _)| from))
                .unwrap_or_else(|_| unreachable!("a handful of fixed words builds"))
        });
    let t = REWRITE.replace_all(
        &format!(" {} ", text.to_lowercase().replace(['`', '*'], "")),
        &REWRITES.map(|(_, to)| to),
    );
    // (Each list searched at once, in this order: the first that holds a word decides.)
    static WORDS: std::sync::LazyLock<[(aho_corasick::AhoCorasick, Role); 4]> =
        std::sync::LazyLock::new(|| {
            [
                (exact(IN_PROGRESS_WORDS), Role::InProgress),
                (exact(BLOCKED_WORDS), Role::Blocked),
                (exact(NOT_DONE_WORDS), Role::Unverified),
                (exact(DONE_WORDS), Role::Complete),
            ]
        });
    let role = WORDS
        .iter()
        .find(|(words, _)| words.is_match(&t))
        .map(|(_, role)| *role);
    // Work not started is work left, not a claim unchecked (`Task 2 (WASM spike): NOT
    // STARTED`, `Importer: no iniciado`): the phrase says the item's state where it ends the
    // text or a clause; a block or work under way said too stays so (`The worker has not
    // started since the outage`, `blocked: the runner is not started`).
    if !matches!(role, Some(Role::Blocked | Role::InProgress)) && not_started(&t) {
        return Some(Role::Remaining);
    }
    // A share below all done is under way: `benchmark is 68% complete`.
    if role == Some(Role::Complete)
        && ((t.contains('%') && super::headings::percent_done(&t))
            || super::headings::count_done(&t))
    {
        return Some(Role::InProgress);
    }
    role.or_else(|| reported_past(&t).then_some(Role::Complete))
}

/// Whether a padded lowercase text says its work is not started, as its state: the phrase
/// ends the text or a clause (`… : not started`, `… — not started (blocked on review)`).
fn not_started(t: &str) -> bool {
    const PHRASES: [&str; 13] = [
        " not started",
        " not yet started",
        " no iniciado",
        " não iniciado",
        " nicht begonnen",
        " pas commencé",
        " не начато",
        " niet gestart",
        " nog niet begonnen",
        "未着手",
        "未开始",
        "未開始",
        "시작 안 함",
    ];
    PHRASES.iter().any(|p| {
        t.match_indices(p).any(|(at, _)| {
            let rest = t[at + p.len()..].trim_start();
            rest.is_empty() || rest.starts_with(['.', ',', ';', '(', '—', '–', '-', '）', '。'])
        })
    })
}

/// Whether a Korean or Japanese sentence reports what was done, in the past and not denied:
/// `… main으로 수렴시켰다.`, `… 재빌드했습니다`, `… 実装しました。` (not `… 하지 않았다`,
/// `… できなかった`).
fn reported_past(text: &str) -> bool {
    // (Most texts are neither: one test of the script first.)
    if text.is_ascii()
        || !text.chars().any(|c| {
            ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{ac00}'..='\u{d7a3}').contains(&c)
        })
    {
        return false;
    }
    const PAST: [&str; 14] = [
        "었다",
        "았다",
        "였다",
        "했다",
        "됐다",
        "켰다",
        "었습니다",
        "았습니다",
        "했습니다",
        "됐습니다",
        "しました",
        "した",
        "できた",
        "終えた",
    ];
    // (Not a failure, an incident, a pause or a rejection: `… 실패했다`, `오류가 발생했다`,
    // `… 만료됐다`, `中断した`, `見送りました`, `停止した`.)
    const DENIED: [&str; 25] = [
        "않았",
        "못했",
        "못 했",
        "안 했",
        "안 됐",
        "しなかった",
        "できなかった",
        "なかった",
        "ていない",
        "없었",
        "실패",
        "오류",
        "에러",
        "발생",
        "만료",
        "중단",
        "보류",
        "실패했",
        "失敗",
        "エラー",
        "発生",
        "中断",
        "見送",
        "停止",
        "期限切れ",
    ];
    let ends_past = text
        .split(['.', '。', '!', '！', '\n'])
        .map(|s| s.trim().trim_end_matches([')', '）', '*', '`']))
        .any(|s| PAST.iter().any(|p| s.ends_with(p)));
    ends_past && !DENIED.iter().any(|d| text.contains(d))
}

/// Words that say work is under way.
const IN_PROGRESS_WORDS: &[&str] = &[
    " in progress",
    " wip",
    " half ",
    " mostly",
    "ongoing",
    "underway",
    "partially",
    "now running",
    "still running",
    "running in the background",
    "正在",
    "进行中",
    "진행 중",
    "в процессе",
    "в работе",
    "in arbeit",
    "in corso",
    " en progreso",
    " em progresso",
    "進行中",
    "作業中",
    "w trakcie",
    "w toku",
    " en cours",
    " en curso",
    "em andamento",
    "devam ediyor",
    "đang thực hiện",
    "sedang dikerjakan",
    "у процесі",
    "в процесі",
    "в роботі",
    " almost ",
    " nearly ",
    // (`The project is currently transitioning from … to …`; not `Fixed the crash when
    // transitioning between scenes`.)
    " currently transitioning",
    " is transitioning",
    " are transitioning",
    " currently migrating",
    " bijna ",
    // (Dutch: `Les 2 bezig`, `in uitvoering`; not `bezigheden`.)
    " bezig ",
    " bezig.",
    " bezig,",
    " bezig met ",
    " in uitvoering",
];

/// Words that say work is blocked.
const BLOCKED_WORDS: &[&str] = &[
    " blocked",
    "blocking",
    " rejected",
    "拒绝",
    " cannot ",
    " can't ",
    " unable to",
    "unworkable",
    "blocker",
    "waiting on",
    "waiting for",
    // (Waiting for someone, in other languages: `wartet auf ioBroker Team Review`, `PR (wartet
    // auf Review)`; not `ожидает`, an API's "expects"; `erwartet auf`, `verwacht op` are
    // rewritten away first.)
    "wartet auf",
    "warten auf",
    "en attente d",
    "esperando a ",
    "esperando por",
    "aguardando",
    "in attesa di",
    "wacht op",
    "čeká na",
    "ждём",
    "ждем ",
    // (`ожидает` a merge or a review is a wait: `Ожидает merge оператором`.)
    "ожидает merge",
    "ожидает мерж",
    "ожидает ревью",
    "ожидает review",
    "ожидает проверк",
    "ожидает одобрени",
    // (Not `不再等待`, `无需等待`: a need or a wait under way.)
    "需等待",
    "需要等待",
    "正在等待",
    "sigue sin funcionar",
    "sigue sin ser fiable",
    "no es fiable",
    " bloqueado",
    "阻塞",
    "阻断",
    "阻斷",
    "受阻",
    "заблокирован",
    "blockiert",
    "bloccato",
    "zablokowan",
    " bloqué",
    " bloqueada",
    "geblokkeerd",
    "engellendi",
    "bị chặn",
    "terblokir",
    "заблоковано",
];

/// Words that say work is not done (or not yet checked).
const NOT_DONE_WORDS: &[&str] = &[
    " not ",
    // (`Nobody has verified the hash match`.)
    "nobody ",
    " no one ",
    "niemand ",
    // (`Previously verified; since then the firmware changed`.)
    " since then",
    // (A must: `Bug 13 must be fixed before the release`, `moet opgelost worden`.)
    " must ",
    " moet ",
    "n't",
    " no ",
    " yet",
    // (A to-do as a mark or a word of its own, not `todos os coletores`: all of them.)
    "todo:",
    "(todo",
    "[todo",
    "todo)",
    "todo]",
    " todo ",
    " pending",
    "remaining",
    "missing",
    " needs ",
    " need to",
    " to be ",
    " will be ",
    "pendiente",
    " skipped",
    " should",
    "未完成",
    "未通过",
    "没通过",
    "不通过",
    "未完了",
    "미완료",
    "尚未",
    "не ",
    "noch nicht",
    "미완료",
    "미수정",
    "미구현",
    "미해결",
    "미적용",
    "未実施",
    "未実装",
    "未対応",
    "未着手",
    "未实现",
    "未修复",
    "未解决",
    " não ",
    "ainda não",
    " pas encore",
    "non fait",
    // (The new done words denied or still to come: `n'est pas terminé`, `nicht behoben`,
    // `wird behoben, sobald …`, `未解消`, `解消予定`, `解消する必要`, `concluído parcialmente`.)
    " broken",
    " kaputt",
    "(pending",
    "pending review",
    " pas ",
    "non corrigé",
    "non terminé",
    " nicht ",
    " wird ",
    "sobald",
    "fehlen",
    "fehlt",
    "未解消",
    "予定",
    "必要",
    "parcial",
    // (The done words of other languages, denied or still to come: `nieukończony`, `nie
    // zakończona`, `nog niet afgerond`, `non completata`, `chưa hoàn thành`, `belum
    // selesai`, `незавершена`, `bittiğinde`, `değil`.)
    " nie ",
    "nieukończ",
    "niezakończ",
    "niezrobion",
    "niewykonan",
    " niet ",
    " non ",
    "chưa",
    "belum",
    "незаверш",
    "не заверш",
    "незакінч",
    "невикон",
    "değil",
    "edilecek",
    "bittiğinde",
];

/// Words that say work is done.
const DONE_WORDS: &[&str] = &[
    " done",
    // (That it works, in so many words: not `is working on`, `working through`, `working
    // only in staging`.)
    " is working correctly",
    " are working correctly",
    " is working as expected",
    " are working as expected",
    // (In other languages: `Bulk operations funcionando corretamente`; a denial before it
    // is read first, `no funciona correctamente`.)
    // (A defect said resolved: `ha sido resuelto exitosamente`, `foi resolvido`.)
    " ha sido resuelto",
    " ha sido resuelta",
    " han sido resueltos",
    " han sido resueltas",
    " foi resolvido",
    " foi resolvida",
    " foram resolvidos",
    " a été résolu",
    " wurde behoben",
    " wurde gelöst",
    " funcionando corretamente",
    " funcionando correctamente",
    " funciona correctamente",
    " funciona corretamente",
    " fonctionne correctement",
    " funktioniert korrekt",
    " funktioniert einwandfrei",
    "работает корректно",
    "работает правильно",
    "正常工作",
    "正常に動作",
    " is working again",
    " is working end to end",
    "complete",
    " released",
    " fixed",
    " shipped",
    " merged",
    " committed",
    " implemented",
    " added",
    " landed",
    " deployed",
    " passed",
    " passing",
    " finished",
    " written",
    " created",
    " migrated",
    " resolved",
    " verified",
    " published",
    " launched",
    " locked",
    " signed off",
    " reviewed",
    " approved",
    " publicado",
    " en verde",
    " terminado",
    " completado",
    // (`Fase 8: 35% completa`; not `incompleto`.)
    " completa",
    " completo",
    " completas",
    " completos",
    " is live",
    "上线",
    "已通过",
    "全部通过",
    "测试通过",
    "全绿",
    "达成",
    "✅",
    "已完成",
    "已交付",
    "已合并",
    "已修复",
    "已落地",
    "已实现",
    "已经实现",
    "已经完成",
    "已经合并",
    "已部署",
    "已经部署",
    "已发布",
    "已经发布",
    "已移除",
    "完成",
    "完了",
    "済み",
    "완료",
    "реализован",
    "выполнен",
    "готово",
    "сделано",
    "erledigt",
    "fertig",
    "abgeschlossen",
    "completato",
    "fatto",
    "구현됨",
    "수정됨",
    "해결됨",
    "적용됨",
    "반영됨",
    "解消",
    "已解决",
    " concluído",
    " concluída",
    " implementado",
    " implementada",
    " corrigido",
    " terminé",
    " implémenté",
    " corrigé",
    " umgesetzt",
    " behoben",
    " implementiert",
    " fully functional",
    " fully working",
    // (`The engine has successfully achieved "First Textured Pixels"`; not `Ensure 60 fps is
    // achieved on low-end phones`.)
    " has achieved",
    " have achieved",
    " successfully achieved",
    // (Polish, Dutch, Turkish, Vietnamese, Indonesian, Ukrainian, Czech, Italian and
    // Spanish: `Faza 1 KOMPLETNA — Etapy 0–4B ukończone`, `afgerond`, `tamamlandı`.)
    " kompletn",
    "ukończon",
    "zakończon",
    " gotowe",
    " zrobione",
    " wykonane",
    " voltooid",
    " afgerond",
    // (`Les 1 klaar`, `opgelost`; not `klaarzetten`, which is work to do.)
    " klaar ",
    " klaar.",
    " klaar,",
    " klaar)",
    " opgelost",
    "tamamlandı",
    " bitti",
    "hoàn thành",
    "đã xong",
    " selesai",
    "завершен",
    "завершён",
    "виконано",
    "зроблено",
    " hotovo",
    "dokončen",
    " completata",
    " completate",
    " completati",
    " hecho",
];

/// Whether a heading says what is under it was verified (`Done and verified`, `已完成并验证`),
/// never that it was not (`Completed (not yet tested)`).
fn says_verified(heading: &str) -> bool {
    let name = normalize(heading);
    let words: Vec<&str> = name.split(' ').collect();
    let positive = words.iter().any(|w| {
        ["verif", "test", "check", "confirm", "validated"]
            .iter()
            .any(|p| w.starts_with(p))
    }) || ["验证", "驗證", "测试", "測試", "검증", "テスト"]
        .iter()
        .any(|w| name.contains(w));
    let negated = words.iter().any(|w| {
        matches!(
            *w,
            "not" | "yet" | "untested" | "unverified" | "pending" | "todo" | "no"
        )
    }) || ["未", "待", "미"].iter().any(|w| name.contains(w));
    positive && !negated
}

/// The words that say a thing was not tested or checked (lowercase).
const UNTESTED: [&str; 86] = [
    "never tested",
    "not tested",
    "not been tested",
    "not yet tested",
    "untested",
    "haven't tested",
    "haven't been tested",
    "hasn't been tested",
    "not verified",
    "not been verified",
    "not yet verified",
    "unverified",
    "needs testing",
    "needs verification",
    "needs to be tested",
    "needs to be verified",
    "ready for testing",
    "ready for user testing",
    "awaiting verification",
    "pending verification",
    "by code inspection",
    "not confirmed",
    "unconfirmed",
    "not run yet",
    "never been run",
    "no tests yet",
    "ungetestet",
    "nicht getestet",
    "nicht verifiziert",
    "nicht geprüft",
    "ungeprüft",
    "non testé",
    "pas testé",
    "pas encore testé",
    "à tester:",
    "à tester :",
    "non encore testé",
    "待测试：",
    "non vérifié",
    "sin probar",
    "no probado",
    "no verificad",
    "no están verificad",
    "sin confirmar",
    "sin verificar",
    "não testado",
    "não verificado",
    "niet getest",
    "ongetest",
    "niet geverifieerd",
    "non testato",
    "non verificato",
    "nie przetestowan",
    "nietestowan",
    "belum diuji",
    "belum dites",
    "не проверен",
    "не протестирован",
    "未验证",
    "未驗證",
    "未测试",
    "未測試",
    "待验证",
    "待驗證",
    "未検証",
    "未テスト",
    "テスト未",
    "검증되지",
    "미검증",
    "테스트되지",
    // (A check not carried out: `手工验证……：未执行`.)
    "not executed",
    "not performed",
    "nicht ausgeführt",
    "non exécuté",
    "no ejecutado",
    "não executado",
    "pas été exécuté",
    "non eseguit",
    "nicht durchgeführt",
    "no se ejecut",
    "não foi executad",
    "未执行",
    "未執行",
    "未実施",
    "未実行",
    "미실행",
];

/// The words' searcher, ASCII case aside (other text is lowercased first).
static UNTESTED_CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| cues(UNTESTED));

/// Whether a text says it was not tested or checked (`Never tested on a machine with
/// Docker`, `verified by code inspection`, `未验证`), and asks nothing.
fn says_untested(text: &str) -> bool {
    if text
        .trim_end_matches(['*', '_', ' '])
        .ends_with(['?', '？'])
    {
        return false;
    }
    // (Not a phrase it quotes or says was so once: `the "not executed" rows`, `tests that
    // were not executed before are now executed`.)
    let said = |t: &str| {
        UNTESTED_CUES.find_iter(t).any(|m| {
            let quotes = t[..m.start()]
                .chars()
                .filter(|c| matches!(c, '"' | '“' | '”'))
                .count();
            let after = t[m.end()..].trim_start();
            quotes % 2 == 0 && !after.starts_with("before") && !after.starts_with("earlier")
        })
    };
    if text.is_ascii() {
        said(text)
            || ((text.contains("ot yet") || text.contains("OT YET"))
                && not_yet_checked(&text.to_ascii_lowercase()))
    } else {
        let lower = text.to_lowercase();
        said(&lower) || not_yet_checked(&lower) || cjk_unchecked(text)
    }
}

/// A `not yet` with a check's participle later in its clause, the words between aside:
/// `noch nicht in einer laufenden Welt getestet`, `not yet on the device tested`.
fn not_yet_checked(lower: &str) -> bool {
    const CHECKED: [&str; 14] = [
        "tested",
        "verified",
        "getestet",
        "geprüft",
        "verifiziert",
        "getest",
        "testé",
        "vérifié",
        "probado",
        "verificado",
        "testato",
        "verificato",
        "проверен",
        "протестирован",
    ];
    NOT_YET.iter().any(|cue| {
        lower.match_indices(cue).any(|(at, _)| {
            let rest = &lower[at + cue.len()..];
            let clause = rest.split([',', ';', '.', ':', '(']).next().unwrap_or(rest);
            clause.split_whitespace().take(8).any(|w| {
                let w = w.trim_matches(|c: char| !c.is_alphanumeric());
                CHECKED.contains(&w)
            })
        })
    })
}

/// A check denied in a script without spaces: `尚未` or `未` then, within a few characters,
/// `验证`, `测试` or `検証` (`旧输入适配尚未在当前链路验证`).
fn cjk_unchecked(text: &str) -> bool {
    const CHECKS: [&str; 6] = ["验证", "驗證", "测试", "測試", "検証", "テスト"];
    text.match_indices('未').any(|(at, _)| {
        let after: String = text[at..].chars().skip(1).take(12).collect();
        // The check within a phrase of no other verb's object: not `未来` (the future), nor
        // `未使用的测试文件` (unused test files), nor past a comma.
        CHECKS.iter().any(|c| {
            after.find(c).is_some_and(|end| {
                let gap = &after[..end];
                !after.starts_with(['来', '使', '知'])
                    && !gap.contains(['的', '，', ',', '、', '。'])
            })
        })
    })
}

/// Whether a done item says, after its name, that it is untested (`Tokenizer rewrite:
/// verified by code inspection`, `Implementation complete, ready for user testing`), not
/// one whose work was about untested things (`Added tests for the previously untested
/// branch`).
fn untested_after_name(text: &str) -> bool {
    // (Most done items say nothing untested: one search says so.)
    says_untested(text)
        && [": ", ", ", " — ", " - ", "(", "; ", "：", "，"]
            .iter()
            .filter_map(|sep| text.split_once(sep).map(|(_, rest)| rest))
            .any(says_untested)
}

/// The sentences of a text that say something is untested ([`says_untested`]).
fn untested_sentences(text: &str) -> Vec<&str> {
    if !says_untested(text) {
        return Vec::new();
    }
    clauses(text)
        .filter(|s| says_untested(s) && s.chars().count() <= 400)
        .collect()
}

/// Whether a text is about testing or checking (`haven't been tested`, `未验证`).
fn about_testing(text: &str) -> bool {
    holds_any(
        text,
        &[
            "test",
            "verif",
            "check",
            "confirm",
            "验证",
            "驗證",
            "测试",
            "測試",
            "검증",
            "테스트",
            "провер",
            "тест",
        ],
    )
}

/// Adds a check to the action's verification: every check the file lists, in one text, as
/// the action is verified by all.
fn add_check(next_action: &mut Map<String, Value>, check: &str) {
    match next_action.get_mut("verification") {
        Some(Value::String(all)) => {
            all.push_str("; ");
            all.push_str(check);
        }
        _ => {
            next_action.insert("verification".into(), json!(check));
        }
    }
}

/// Whether an entry is a check to run rather than a step or a result: it starts with a word
/// that verifies (`Verify release at: …`, `Check that …`, `驗證目標: …`) or says what should
/// be seen (`All 101 tests should pass.`, `應看到 0 次新 API 調用`).
fn is_check(text: &str) -> bool {
    const STARTS: [&str; 34] = [
        "verify",
        "add a test",
        "write a test",
        "check that",
        "check the",
        "confirm that",
        "ensure ",
        "ensure that",
        "make sure",
        "验证",
        "驗證",
        "确认",
        "確認",
        "확인",
        "검증",
        "проверить",
        "проверь",
        "убедиться",
        "убедитесь",
        "prüfen",
        "überprüfen",
        "vérifier",
        "vérifiez",
        "verificar",
        "verifique",
        "verificare",
        "controleer",
        "sprawdź",
        "sprawdzić",
        "перевірити",
        "перевірте",
        "kiểm tra",
        "doğrula",
        "periksa",
    ];
    const SAYS: [&str; 14] = [
        "should pass",
        "should all pass",
        "should be green",
        "should succeed",
        "should see",
        "should show",
        "should return",
        "must pass",
        "must stay",
        "应看到",
        "應看到",
        "应该通过",
        "應該通過",
        "통과해야",
    ];
    let t = check_text(text);
    let labelled = label_split(&t);
    // (A check's name then the count it came to is its result: `验证通过率：100%`,
    // `Verified UUIDs: 2`.)
    let result = labelled.is_some_and(|(label, rest)| {
        // (A colon then a space, or a full-width one: not a port or a time, `localhost:8080`,
        // `10:30 UTC`.)
        let spaced = t.find([':', '：']).is_some_and(|at| {
            t[at..].starts_with('：') || t[at + 1..].trim_start_matches(['*', '_']).starts_with(' ')
        });
        let count = rest.trim_start_matches(['*', '`', ' ']);
        let digits = count
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | ',' | '%' | '/')))
            .unwrap_or(count.len());
        let after = count[digits..].trim_start_matches(['*', '`']).trim_start();
        spaced
            && !label.ends_with(|c: char| c.is_ascii_digit())
            && count.starts_with(|c: char| c.is_ascii_digit())
            && (after.is_empty() || after.starts_with(['(', '（', '.', '。', ',', '，']))
    });
    (!result && STARTS.iter().any(|w| t.starts_with(w)))
        || SAYS.iter().any(|w| t.contains(w))
        // (`验收路径： …`, `How to verify: …`: a label that names the check.)
        || labelled.is_some_and(|(label, rest)| {
            !rest.trim().is_empty()
                && super::headings::role_named(label) == Some(Role::Verification)
        })
}

/// A short label at the start of an entry (`**Now**: …`, `Notes: …`), the role it names,
/// and the text after it.
fn labelled(text: &str) -> Option<(Option<Role>, &str)> {
    let t = without_mark(text);
    let (label, rest) = label_split(t)?;
    let label = label.trim_start_matches(ARROWS);
    // Its qualifier set aside: `다음(실행 시)`, `Next (when you run it)`.
    let name = label
        .split_once(['(', '（'])
        .filter(|(_, q)| q.trim_end().ends_with([')', '）']))
        .map_or(label, |(name, _)| name.trim_end());
    let short = !name.is_empty()
        && label.chars().count() <= 30
        && name.split_whitespace().count() <= 3
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '\''));
    short.then(|| (super::headings::role_named(label), rest))
}

/// An entry's texts as [`labelled_lines`] reads them, without copying the entry.
fn line_texts(e: &Entry, doc: &Document) -> Vec<String> {
    if is_labelled_paragraph(e, doc) {
        e.lines
            .iter()
            .map(|&l| unescape(super::parse::unquote(doc.line(l).text).trim()))
            .collect()
    } else {
        vec![e.text.clone()]
    }
}

/// Whether an entry is a paragraph of labelled lines.
fn is_labelled_paragraph(e: &Entry, doc: &Document) -> bool {
    if !e.paragraph || e.lines.len() < 2 {
        return false;
    }
    let text = |l: usize| super::parse::unquote(doc.line(l).text).trim();
    e.lines
        .iter()
        .filter(|&&l| text(l).starts_with("**"))
        .count()
        > 1
        || (short_label_line(text(e.lines[0])) && lines_stand_alone(e, doc))
}

/// Whether a line is a short label and its value (`Branch: feature/payments`, `Owner: Ana`).
fn short_label_line(line: &str) -> bool {
    label_split(line).is_some_and(|(label, rest)| {
        let label = label.trim();
        !label.is_empty()
            && label.split_whitespace().count() <= 3
            && !label.contains(['`', '[', '(', '/', '.'])
            && !rest.starts_with("//")
            && !rest.trim().is_empty()
            // (A fact, not what someone said: `Reviewer said: "Looks fine."`.)
            && !rest.trim_start().starts_with(['"', '“', '„', '«', '\''])
            && rest.split_whitespace().count() <= 8
    })
}

/// Whether each line of a paragraph starts a statement of its own: every line after the
/// first starts with no lowercase letter, after a line that is short or ends a sentence
/// (`Branch: feature/payments` then `Do not force-push to main.`), not prose wrapped at the
/// margin (`Goal: make the importer read files that hold` then `BOMs and …`).
fn lines_stand_alone(e: &Entry, doc: &Document) -> bool {
    let text = |l: usize| super::parse::unquote(doc.line(l).text).trim();
    e.lines.windows(2).all(|w| {
        let (before, line) = (text(w[0]), text(w[1]));
        !line.starts_with(|c: char| c.is_lowercase() || c.is_ascii_digit())
            && (before.chars().count() < 50
                || before.ends_with(['.', '!', '?', '。', '！', '？', ')']))
    })
}

/// A paragraph of labelled lines (`**Estimated time**: 5 minutes` then `**Status**: blocked
/// on …`) as an entry per line; any other entry as it is.
fn labelled_lines(e: Entry, doc: &Document) -> Vec<Entry> {
    if !is_labelled_paragraph(&e, doc) {
        return vec![e];
    }
    e.lines
        .iter()
        .map(|&l| Entry {
            text: unescape(super::parse::unquote(doc.line(l).text).trim()),
            lines: vec![l],
            checked: None,
            cells: Vec::new(),
            paragraph: true,
            nested: false,
        })
        .collect()
}

/// What a section states, read once for the prose readings (proofs, rules, decisions): its
/// entries, each line of a paragraph of labelled lines on its own (`**Written**: …` then
/// `**Last commit**: …`), and each line of its code blocks (a line's comment alone, when it has
/// one: `pytest -q  # 1150 tests, should be green`).
struct Stated<'d> {
    section: &'d Section,
    entries: Vec<Entry>,
    /// Its code's lines (a comment alone when a line has one).
    code: Vec<String>,
    /// The same, less the files a listing under evidence or artifacts names (each an item
    /// there already).
    proof_code: Vec<String>,
}

impl<'d> Stated<'d> {
    fn of(section: &'d Section, doc: &Document) -> Self {
        let entries = entries(section, doc);
        // A file listed under evidence or artifacts is an item of its own there.
        let listing = matches!(
            section.role.or(section.within),
            Some(Role::Evidence | Role::Artifacts)
        );
        let mut code = Vec::new();
        let mut proof_code = Vec::new();
        for line in code_blocks(section, doc).into_iter().flatten() {
            let said = [" # ", " // ", " -- "]
                .iter()
                .find_map(|c| line.split_once(c).map(|(_, comment)| comment))
                .unwrap_or(line);
            if said.is_empty() || Fence::open(said).is_some() {
                continue;
            }
            if !(listing && listed_file(line).is_some()) {
                proof_code.push(said.to_owned());
            }
            code.push(said.to_owned());
        }
        Self {
            section,
            entries,
            code,
            proof_code,
        }
    }

    /// The entries' texts, labelled lines one by one (borrowed where an entry is one text:
    /// a file may be one paragraph of megabytes).
    fn lines<'s>(&'s self, doc: &'s Document) -> impl Iterator<Item = std::borrow::Cow<'s, str>> {
        self.lines_of(doc).map(|(text, _, _)| text)
    }

    /// [`Stated::lines`], each with whether its entry has a task box and whether it is a
    /// list item's whole text.
    fn lines_of<'s>(
        &'s self,
        doc: &'s Document,
    ) -> impl Iterator<Item = (std::borrow::Cow<'s, str>, bool, bool)> {
        self.entries.iter().flat_map(move |e| {
            let lines = is_labelled_paragraph(e, doc);
            let texts: Vec<std::borrow::Cow<'s, str>> = if lines {
                line_texts(e, doc)
                    .into_iter()
                    .map(std::borrow::Cow::Owned)
                    .collect()
            } else {
                vec![std::borrow::Cow::Borrowed(e.text.as_str())]
            };
            let boxed = e.checked.is_some();
            let item = !lines && !e.paragraph;
            texts.into_iter().map(move |t| (t, boxed, item))
        })
    }
}

/// Says the chosen step, named by its heading, with the first sentence under it (`Draft AR
/// pilot: Create …`), when the two together are short; whether it did.
fn say_step(next_action: &mut Map<String, Value>, first: &str) -> bool {
    match next_action.get_mut("summary") {
        Some(Value::String(step)) if step.chars().count() + first.chars().count() <= 400 => {
            *step = format!("{}: {first}", bare_heading(step));
            true
        }
        _ => false,
    }
}

/// Whether an evidence item says its check is blocked and proves nothing (`E2E tests are
/// blocked by a missing browser.`; not `Unit tests: 38 passed; E2E blocked on the CDN`).
fn blocked_check(text: &str) -> bool {
    // (A block in so many words: not a refusal or an impossibility a check may test, `a
    // cycle attempt is rejected`, `DB 路径拒绝规则`, `templates cannot be satisfied`; nor one
    // denied, `不阻塞当前版本`, `non-blocking`; nor in an aside.)
    const BLOCKED: [&str; 9] = [
        "blocked",
        "blocker",
        "阻塞",
        "阻断",
        "阻斷",
        "受阻",
        "bloqueado",
        "bloqué",
        "blockiert",
    ];
    let said = text
        .split(['(', '（'])
        .next()
        .unwrap_or(text)
        .to_lowercase();
    BLOCKED.iter().any(|w| {
        said.match_indices(w).any(|(at, _)| {
            let before = &said[..at];
            // (Nor a name: `Cloudflare/blocked screenshot`, `is_blocked`; nor a result the
            // check expects, `produces a BLOCKED entry, not an ALLOWED one`.)
            !before.ends_with(['不', '未', '没', '-', '/', '_', '`'])
                && !before.ends_with("not ")
                && !expects_it(before)
        })
    }) && proof_sentences(text, false, false).is_empty()
}

/// Whether the words before `blocked` say a result the check expects (`produces a BLOCKED
/// entry`, `returns a blocked status`), not a block it hit (`hit a blocked port`).
fn expects_it(before: &str) -> bool {
    let mut words = before.split_whitespace().rev();
    matches!(words.next(), Some("a" | "an"))
        && words.next().is_some_and(|verb| {
            [
                "produce", "return", "yield", "emit", "give", "show", "expect", "get", "create",
                "record", "log", "verif", "check", "assert", "test", "ensure",
            ]
            .iter()
            .any(|stem| verb.starts_with(stem))
        })
}

/// Where a step's own text ends when the items under it offer a choice, one of them ending
/// in `or` (`…，或`, `… or`, `… oder`): at its first item.
fn choice_at(step: &str) -> Option<usize> {
    const OR: [&str; 10] = [
        "或",
        "或者",
        " or",
        " ou",
        " oder",
        " o",
        " или",
        "または",
        "또는",
        // (Dutch `of` after a comma: `Postgres behouden, of`; English `the order of` is none.)
        ", of",
    ];
    let first = step.find("; ")?;
    // (A piece that ends in `or` offers a way only with one after it.)
    let pieces: Vec<&str> = step[first..].split("; ").collect();
    pieces[..pieces.len() - 1]
        .iter()
        .any(|piece| {
            let piece = piece
                .trim_end()
                .trim_end_matches([',', '，', '、', ':', '：']);
            OR.iter().any(|w| piece.ends_with(w))
        })
        .then_some(first)
}

/// A count of which all passed: `4/4`, `309/309` (not `0/0`, nor `3/4`).
fn all_of(word: &str) -> bool {
    word.split_once('/')
        .is_some_and(|(a, b)| a == b && a.parse::<u64>().is_ok_and(|n| n > 0))
}

/// Whether the words after a count say, within four of them, that what it counts passed:
/// `scripts pass`, `E2E green`, `тест Execution Context проходят`; with all of a count
/// (`8/8`), also `resolved`, `fixed` or `verified`. A colour's or a passing's word that says
/// other things (`green`, `verdes`, `проходят`) only of checks, named between or, as
/// `checks` says, before the count (`19/19 E2E green`, `jobs green`, `Tests: 80 verdes`; not
/// `3 buttons green`, `2 встречи проходят`). Not when a word between makes the
/// pass owed, possible, rare or denied (`to`, `should`, `can`, `rarely`, `don't`), nor past
/// another number, nor a pass that is named by its number (`from pass 182 through pass
/// 191`) or said to come and go (`3 jobs pass intermittently`).
fn count_passes(after: &[String], all: bool, checks: bool) -> bool {
    const PASSES: [&str; 12] = [
        "pass",
        "green",
        "verdes",
        "grün",
        "pasan",
        "passam",
        "проходят",
        "проходит",
        "пройдены",
        "прошли",
        "зелёные",
        "зеленые",
    ];
    for (k, word) in after.iter().take(4).enumerate() {
        let word = word.as_str();
        if matches!(
            word,
            "to" | "will"
                | "should"
                | "must"
                | "not"
                | "can"
                | "could"
                | "would"
                | "may"
                | "might"
                | "don't"
                | "doesn't"
                | "didn't"
                | "won't"
                | "aren't"
                | "isn't"
                | "haven't"
                | "cannot"
                | "never"
                | "rarely"
                | "seldom"
                | "sometimes"
                | "occasionally"
                | "no"
                | "não"
                | "nicht"
                | "nie"
                | "не"
        ) || word.starts_with(|c: char| c.is_ascii_digit())
        {
            return false;
        }
        let passed = (PASSES.contains(&word)
            && (k > 0 || word != "pass")
            && (matches!(word, "pass" | "pasan" | "passam")
                || all
                || checks
                || after[..k].iter().any(|w| names_a_check(w))))
            || (all && matches!(word, "resolved" | "fixed" | "verified"));
        if passed {
            let then = after.get(k + 1).map(String::as_str);
            let named =
                word == "pass" && then.is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()));
            let now_and_then = then.is_some_and(|w| {
                matches!(
                    w,
                    "intermittently" | "sometimes" | "occasionally" | "rarely"
                )
            });
            return !named && !now_and_then;
        }
    }
    false
}

/// An item's text as the check readers read it: its mark, number and emphasis before it
/// set aside, lowercase.
fn check_text(text: &str) -> String {
    without_mark(text)
        .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | ' '))
        .trim_start_matches(['*', '_'])
        .to_lowercase()
}

/// Whether an item says how to check: a check ([`is_check`]), or a run of one (`Run \`npm
/// test\` and confirm green`, `Re-run the e2e suite`; not `Run the migration`).
fn says_how_to_check(text: &str) -> bool {
    is_check(text) || {
        let lower = check_text(text);
        let verb = lower
            .split(|c: char| !(c.is_alphanumeric() || c == '-'))
            .find(|w| !w.is_empty());
        let object = lower.split_once(' ').map_or("", |(_, rest)| rest);
        verb.is_some_and(|w| matches!(w, "run" | "rerun" | "re-run" | "execute"))
            && (object.trim_start().starts_with('`') || runs_a_check(object))
    }
}

/// Whether what a run runs (the lowercase text after its verb) is a check or a check's
/// name: the last word of what is run, before a preposition, or of each thing it joins
/// (`the unit tests again`, `lint and typecheck`, `the e2e suite`; not `the migration on the
/// test database`, `test database migration`). A job, a build or a pipeline is a check's
/// alone or named as one (`the CI job`, not `the import job for March`). Read up to a dash,
/// a colon or a bracket (`check 0 — 3 tests green`).
fn runs_a_check(object: &str) -> bool {
    let checks = |w: &str| {
        names_a_check(w) || matches!(w, "lint" | "linter" | "typecheck" | "clippy" | "mypy")
    };
    let generic = |w: &str| {
        matches!(
            w.strip_suffix('s').unwrap_or(w),
            "job" | "build" | "pipeline" | "workflow" | "case" | "scenario"
        )
    };
    let object = object
        .split(['—', '–', ':', '(', ',', ';'])
        .next()
        .unwrap_or("");
    let words: Vec<&str> = object
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| {
            !w.is_empty()
                && !w.bytes().all(|b| b.is_ascii_digit())
                && !matches!(*w, "the" | "a" | "all" | "full" | "whole" | "again")
        })
        .take_while(|w| {
            !matches!(
                *w,
                "for"
                    | "on"
                    | "in"
                    | "to"
                    | "against"
                    | "with"
                    | "from"
                    | "at"
                    | "after"
                    | "before"
                    | "until"
                    | "once"
                    | "locally"
            )
        })
        .collect();
    words.split(|w| matches!(*w, "and" | "or")).any(|part| {
        part.split_last().is_some_and(|(head, named)| {
            checks(head)
                && (!generic(head)
                    || named.is_empty()
                    || named.iter().any(|w| checks(w) && !generic(w)))
        })
    })
}

/// Whether a word (lowercase) names checks: `tests`, `E2E`, `CI`, `jobs`, `тестов`.
fn names_a_check(word: &str) -> bool {
    let one = word.strip_suffix('s').unwrap_or(word);
    matches!(
        one,
        "test"
            | "teste"
            | "e2e"
            | "ci"
            | "job"
            | "check"
            | "suite"
            | "spec"
            | "build"
            | "pipeline"
            | "workflow"
            | "eval"
            | "case"
            | "scenario"
            | "prueba"
            | "smoke"
    ) || ["тест", "провер", "кейс", "сценари", "сборк"]
        .iter()
        .any(|c| word.starts_with(c))
}

/// A measure said to have moved from one share to another, and done: `✅ coverage 15.83% →
/// 82.01%`, `テストカバレッジ大幅向上（68% → 86%）` (not a target: `**core/exceptions.py** : 89% →
/// 95%` under a goal, `カバレッジ76.8%→80%改善中`).
fn measured_change(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let done = sentence.contains(['✅', '✔'])
        || ["improved", "向上", "提升", "提高了"]
            .iter()
            .any(|w| lower.contains(w));
    // (Not a target or a plan, `カバレッジ76.8%→80%改善中`, `take coverage 60% → 80% next
    // sprint`; nor a measure that is bad when it rises: `Error rate increased 2% → 15%`.)
    let planned = [
        "改善中",
        "进行中",
        "進行中",
        "対応中",
        "实施中",
        "目标",
        "目標",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || lower
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .any(|w| matches!(w, "target" | "goal" | "plan" | "next" | "will" | "sprint"));
    done && !planned
        && ["→", "->"].iter().any(|arrow| {
            sentence.match_indices(arrow).any(|(at, _)| {
                let before = sentence[..at].trim_end().trim_end_matches(['*', '`']);
                let after = sentence[at + arrow.len()..]
                    .trim_start()
                    .trim_start_matches(['*', '`']);
                before.ends_with('%')
                    && before[..before.len() - 1].ends_with(|c: char| c.is_ascii_digit())
                    && after.starts_with(|c: char| c.is_ascii_digit())
                    && after
                        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
                        .next()
                        .is_some_and(|n| after[n.len()..].starts_with('%'))
            })
        })
}

/// Whether a guess says it was settled: `confirmed`, `fixed`, `verified`, `rejected`, `ruled
/// out` as words, not denied (`not yet confirmed`, `unverified`, `could not be verified`).
fn settled_guess(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        let settled = matches!(*w, "confirmed" | "fixed" | "verified" | "rejected")
            || (*w == "ruled" && words.get(i + 1) == Some(&"out"));
        let denied = words[i.saturating_sub(3)..i]
            .iter()
            .any(|b| matches!(*b, "not" | "never" | "yet" | "unable") || b.ends_with("n't"));
        settled && !denied
    })
}

/// Whether a list item is short enough to be read whole, as one proof or one rule with what
/// it says around it: at most 200 characters in at most three clauses.
fn short_item(text: &str) -> bool {
    text.chars().count() <= 200 && clauses(text).count() <= 3
}

/// Whether a list item that states a rule is the rule whole: a [`short_item`], no decision or
/// result among its clauses.
fn rule_item(text: &str) -> bool {
    short_item(text)
        // (Nor one that asks: `Should we cache tokens? Never cache auth tokens.` A state
        // beside the rule is its context: `API server running on port 5000. Do not kill.`)
        && !text.contains(['?', '？'])
        && decision_sentences(text).is_empty()
        && proof_sentences(text, false, false).is_empty()
}

/// Whether a list item that states a result is its proof whole: a [`short_item`], none of
/// its clauses a decision or a rule.
fn proof_item(text: &str) -> bool {
    short_item(text)
        // (Nor one that also says a failure, work not done, or a turn: `Login page
        // regressed; 10/10 unit tests pass but e2e is red.`, `TODO: wire up auth. 38 tests
        // pass.`, `Blocked on review. 12/12 tests pass.`)
        && !failing(text)
        // (A count skipped is part of a test report: `477 passed, 1 skipped.`)
        && status_words(&text.replace("skipped", "")).is_none_or(|r| r == Role::Complete)
        && !text.contains('但')
        && !text
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| {
                matches!(
                    w,
                    "todo" | "but" | "regressed" | "regresses" | "broke" | "broken" | "pero"
                        | "mais" | "aber"
                )
            })
        && decision_sentences(text).is_empty()
        && rule_sentences(text, false, false).is_empty()
}

/// Whether a text states a result that passed and nothing else of its state: a proof, no
/// word of a state (`not done yet`, `pending review`), no failure (`8 pruebas fallan`, `3
/// tests failing`, `未通过`).
fn passed_alone(text: &str) -> bool {
    status_words(text).is_none()
        && !proof_sentences(text, false, false).is_empty()
        && !failing(text)
}

/// Whether a text says something failed: a failure's word after a count that is not zero
/// (`3 failed`, `11 falhando`; not `0 failed`), or with no count (`pruebas fallan`), or a
/// CJK failure (`未通过`, `失败`).
fn failing(text: &str) -> bool {
    const FAILURE: [&str; 8] = [
        "fail", "falh", "fall", "échou", "échec", "fehl", "broken", "error",
    ];
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let western = words.iter().enumerate().any(|(i, w)| {
        FAILURE.iter().any(|f| w.starts_with(f))
            && !i
                .checked_sub(1)
                .and_then(|b| words.get(b))
                .is_some_and(|b| {
                    matches!(*b, "0" | "zero" | "no" | "sin" | "sem" | "aucun" | "keine")
                })
    });
    let cjk = ["未通过", "不通过", "没通过", "失败", "失敗", "실패"]
        .iter()
        .any(|w| lower.contains(w));
    western || cjk
}

/// The sentences of a text that state a test result (`38 passed, 0 failed`, `253
/// passing`, `90 pass / 0 fail`) or name a commit after a label (`Last commit: 918709c`);
/// with `claims`, a check said done in prose ([`checked_claim`]); with `scans`, a scan that
/// found nothing ([`scan_found_none`]).
fn proof_sentences(text: &str, claims: bool, scans: bool) -> Vec<String> {
    const RESULTS: [&str; 16] = [
        "testes",
        "pruebas",
        "passando",
        "pasando",
        "passed",
        "passing",
        "pass",
        "failed",
        "failing",
        "fail",
        "tests",
        "assertions",
        "green",
        "通过",
        "bestanden",
        "réussis",
    ];
    // A check's label with the place it was checked (`最近一次确认：`http://…/health` 返回 200`).
    const CHECKED: [&str; 8] = [
        "last verified",
        "last checked",
        "verified",
        "checked",
        "最近一次确认",
        "最近确认",
        "已验证",
        "확인",
    ];
    const COMMITS: [&str; 6] = [
        "last commit",
        "latest commit",
        "commit",
        "head",
        "最近提交",
        "提交",
    ];
    let mut out = Vec::new();
    let all: Vec<&str> = clauses(text).collect();
    for (at, &sentence) in all.iter().enumerate() {
        // (What a claim says next may take it back: `Previously verified on hardware; since
        // then the firmware changed`.)
        let then = all.get(at + 1).copied().unwrap_or("");
        // Its words, lowercase (an ASCII sentence lowercased once, its words slices of it).
        fn split(text: &str) -> Vec<&str> {
            text.split(|c: char| !(c.is_alphanumeric() || c == '/'))
                .filter(|w| !w.is_empty())
                .collect()
        }
        let lowered: String;
        let owned: Vec<String>;
        let words: Vec<&str> = if sentence.is_ascii() {
            lowered = sentence.to_ascii_lowercase();
            split(&lowered)
        } else {
            owned = split(sentence).into_iter().map(str::to_lowercase).collect();
            owned.iter().map(String::as_str).collect()
        };
        // A proof still owed, or said false, is none (`We still need 20 more tests`, `TODO:
        // exit 0`, `Nothing proves the fix works yet.`), nor is a sentence over 400
        // characters: neither is read for a result or a commit.
        let owed = words.iter().any(|w| {
            matches!(
                *w,
                "todo"
                    | "need"
                    | "needs"
                    | "needed"
                    | "nothing"
                    | "still"
                    | "yet"
                    // (`a false "0 findings"` proves nothing, nor one never run, crashed or
                    // only aimed at.)
                    | "false"
                    | "never"
                    | "crashed"
                    | "target"
                    | "expect"
                    | "goal"
                    | "hypothesis"
                    | "ideally"
                    | "hopefully"
                    // (`0 erreur attendu`: a count expected.)
                    | "attendu"
                    | "attendue"
                    | "attendus"
            )
        })
            // (Nor a condition or an instruction: `If asserting test-green is needed, run the
            // suite.`, `After 38 tests pass, tag the release.`, `Write two new tests`,
            // `Verify: \`cargo test\` passes.`)
            || words.first().is_some_and(|w| {
                matches!(
                    *w,
                    "if" | "whether" | "once" | "until" | "write" | "add" | "aim" | "run"
                        | "make" | "ensure" | "verify" | "check" | "confirm"
                )
            })
            // (Nor a step to take, its verb first and no label: `Fix the 3 failing tests`,
            // `Get all 42 e2e tests to pass`, `Cherry-pick commit abc1234f`, `Deploy to staging
            // after 42/42 e2e tests pass`; `Fix for the upload bug: …` names a fix.)
            // (Its first word as written, hyphen kept, `Merge-Verifikation` none; and not a
            // noun said done, `Fix landed in 7b07c07`.)
            || {
                let mut tokens = sentence.split_whitespace().map(|t| {
                    t.trim_matches(|c: char| !(c.is_alphanumeric() || c == '-'))
                        .to_lowercase()
                });
                let first = tokens.next().unwrap_or_default();
                let second = tokens.next().unwrap_or_default();
                matches!(
                    first.as_str(),
                    "fix" | "get" | "cherry-pick" | "merge" | "deploy" | "implement" | "finish"
                        | "investigate" | "rerun" | "re-run" | "push" | "revert"
                ) && !matches!(
                    second.as_str(),
                    "landed" | "merged" | "pushed" | "shipped" | "was" | "is" | "works"
                        | "worked" | "verified" | "confirmed" | "passed" | "passes"
                        | "succeeded" | "completed" | "of" | "for" | "triggered"
                        | "applied" | "done"
                ) && status_words(sentence) != Some(Role::Complete)
                    && !{
                    let t = sentence.trim_start();
                    t.find(|c: char| !(c.is_alphanumeric() || c == '-'))
                        .is_some_and(|at| t[at..].starts_with([':', '：']))
                }
            }
            // (Nor a criterion: `Done when CI is green on main`.)
            || criterion_lead(sentence);
        if owed || sentence.chars().count() > 400 {
            continue;
        }
        let number = |w: &str| {
            w.chars().next().is_some_and(|c| c.is_ascii_digit())
                && w.chars().all(|c| c.is_ascii_digit() || c == '/')
        };
        // `38 passed`, `143 new tests`, `39 commits ahead of origin`, `18 files changed`.
        let labelled = sentence.split_once([':', '：']);
        let counted = words
            .windows(2)
            .any(|w| {
                number(w[0])
                    && RESULTS.contains(&w[1])
                    // (None passed is no pass: `0 passed`; `0 failed` is one.)
                    && !(w[0] == "0"
                        && matches!(
                            w[1],
                            "passed" | "passing" | "pass" | "green" | "passando" | "pasando"
                                | "通过" | "bestanden" | "réussis"
                        ))
            })
            // A count in words, then within three words a pass: `Nineteen focused tests pass`
            // (not `Write two new tests`).
            || words.iter().enumerate().any(|(i, w)| {
                NUMBER_WORDS.contains(w)
                    && words[i + 1..].iter().take(3).any(|n| {
                        matches!(*n, "pass" | "passed" | "passing" | "green")
                    })
            })
            // A count, then within four words a pass said of it: `All 6 scripts pass
            // shellcheck`, `19/19 E2E green`, `8/8 GPT-5 audit items resolved`, `Все 21 тест
            // … проходят` (not one owed or denied: `get 6 tests to pass`, `3 tests don't
            // pass`).
            // (Read by whitespace, so that a version, a date or a name is no count and no
            // pass: `2.0.2`, `30-day`, `pass-through`, `6-2-4-3-t04-pass-e`.)
            || {
                let tokens: Vec<String> = sentence
                    .split_whitespace()
                    .map(|t| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
                    .collect();
                // Where the sentence first names a check (found once, not per count).
                let first_check = tokens.iter().position(|w| names_a_check(w));
                tokens
                    .iter()
                    .enumerate()
                    .any(|(i, t)| {
                        // (Not a count of none, `0/5 E2E green`, nor the whole a share is
                        // of, `0 of 12 scripts pass`, `None of the 6 scripts pass`.)
                        number(t)
                            && t != "0"
                            && !t.starts_with("0/")
                            && !tokens[i.saturating_sub(2)..i].iter().any(|w| w == "of")
                            && count_passes(
                                &tokens[i + 1..],
                                all_of(t),
                                // (Or named before it: `Tests: 80 verdes`, `suite
                                // completa … → 64 verdes`.)
                                first_check.is_some_and(|at| at < i),
                            )
                    })
            }
            || words.windows(3).any(|w| {
                number(w[0])
                    && (matches!(
                        w[2],
                        "tests" | "passed" | "passing" | "passando" | "pasando" | "passent"
                    )
                        // (All of a count found valid: `4/4 sólidos válidos`.)
                        || (all_of(w[0])
                            && matches!(w[2], "valid" | "válidos" | "validos" | "valides"))
                        || (w[1] == "commits" && matches!(w[2], "ahead" | "behind"))
                        || (w[1] == "files" && matches!(w[2], "changed" | "modified")))
            })
            // `0 errors`, `Zero compiler warnings`, `0 destination bounds violations`.
            // (Not the `0` of `v2.0`; `zero` said of the count only: not `zero tolerance
            // for errors`.)
            || words.iter().enumerate().any(|(i, w)| {
                let reach = match *w {
                    "0" => 3,
                    "zero" | "cero" => 2,
                    _ => 0,
                };
                reach > 0
                    && (i == 0 || !number(words[i - 1]))
                    && words[i + 1..]
                        .iter()
                        .take(reach)
                        .any(|n| ZERO.contains(n))
            })
            // A scan that found none, where checks said done are read: `No known
            // vulnerabilities found`, `no issues found in 31 source files` (not `… because
            // the scanner did not run`).
            || (scans && scan_found_none(&words))
            // `Final verdict: PASS`, `Build status: SUKSES`, `Critic verdict: APPROVED`.
            || labelled.is_some_and(|(label, rest)| {
                let said = rest
                    .trim_start_matches(['*', '_', ' ', '`'])
                    .to_lowercase();
                ["pass", "passed", "success", "sukses", "green", "ok", "通过", "成功"]
                    .iter()
                    .any(|w| said.starts_with(w))
                    // (A review's verdict: `Critic verdict: APPROVED`, not `Next tool with
                    // same pattern: Approved instantly`.)
                    || (label.to_lowercase().trim_end().ends_with("verdict")
                        && said.strip_prefix("approved").is_some_and(|more| {
                            more.trim_start_matches(['*', '`'])
                                .trim()
                                .trim_start_matches(['.', '!', ';', ','])
                                .trim()
                                .is_empty()
                                || more.trim_start().starts_with(['(', '—', '-'])
                        }))
            })
            // `exit 0`, `EXIT_CODE=0`.
            || words.windows(2).any(|w| matches!(w[0], "exit" | "exit_code" | "code") && w[1] == "0")
            || cjk_result(sentence)
            || measured_change(sentence)
            || passed_check(&words)
            || (claims && checked_claim(sentence, then));
        let committed = labelled.is_some_and(|(label, rest)| {
            let label = super::headings::normalize(label);
            (COMMITS.contains(&label.as_str()) && commit_of(rest).is_some())
                || (CHECKED.contains(&label.as_str()) && location(rest).is_some())
        })
            // `The gdb backtrace proves the overflow is the lexer`; `harness committed at
            // `dist/spike/``.
            || words.iter().any(|w| matches!(*w, "proves" | "proved" | "demonstrates"))
            || (words.windows(2).any(|w| {
                w[0] == "committed" && matches!(w[1], "at" | "in" | "to")
            }) && location(sentence).is_some())
            || starts_with_commit(sentence)
            || label_split(sentence).is_some_and(|(_, rest)| starts_with_commit(rest))
            // (A commit said after it to have broken something, or been taken back, proves
            // nothing: `Commit 3b4c5d6e broke the Windows build`, `merged as 1a2b3c4d, reverted
            // in 5e6f7a8b`, `landed in 9f8e7d6a without a rollback script`; what it fixed is
            // said before it, `Fixed the crash on startup (commit abc1234f)`.)
            || words
                .windows(2)
                .position(|w| matches!(w[0], "commit" | "提交") && commit_of(w[1]).is_some())
                .or_else(|| {
                    // `Task 3 → merged as 56fff09 (PR #106)`.
                    words.windows(3).position(|w| {
                        matches!(w[0], "merged" | "landed" | "pushed")
                            && matches!(w[1], "as" | "in" | "at")
                            && commit_of(w[2]).is_some()
                    })
                })
                .is_some_and(|at| !undone(&words[at..]));
        if counted || committed {
            out.push(sentence.to_owned());
        }
    }
    out
}

/// Whether a sentence's words (lowercase) say its change broke something or was taken
/// back: `broke`, `reverted`, `regression`, `crash`, `without`.
fn undone(words: &[&str]) -> bool {
    words.iter().any(|w| {
        matches!(
            *w,
            "broke"
                | "breaks"
                | "broken"
                | "breaking"
                | "revert"
                | "reverted"
                | "reverts"
                | "regression"
                | "regressed"
                | "crash"
                | "crashed"
                | "crashes"
                | "without"
                | "failed"
                | "fails"
                | "red"
        )
    })
}

/// The words, case aside, without one of which an ASCII text states no decision
/// ([`decision_sentences`]: every word it looks for holds one of them).
static DECISION_CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| {
        cues([
            "decid",
            "intention",
            "deliberat",
            "chose",
            "opted",
            "entschied",
            "rozhodl",
            "beschlossen",
            "bewusst",
            "besloten",
            "gekozen",
            "deciso",
            "scelto",
            "elegimos",
            "escolhemos",
            "karar ",
            "memutuskan",
            "diputuskan",
            "postanow",
            "optamos",
            "avons choisi",
            "abbiamo scelto",
            "bewust",
            "rejected it",
            "we went with",
            "we settled on",
        ])
    });

/// The words, case aside, without one of which an ASCII text states no rule
/// ([`rule_sentences`]: every prohibition, gate, `Only … can` and rules label holds one).
static RULE_CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
    cues([
        "never",
        "not ",
        "n't",
        "don",
        "must",
        "should never",
        "may not",
        "always",
        "before making",
        "before touching",
        "before changing",
        "before editing",
        "avoid",
        "approval",
        "permission",
        "only ",
        "nur ",
        "rule",
        "regeln",
        "konvention",
        "convention",
        "niemals",
        "nikdy",
        "nunca",
        "hay que",
        "siempre",
        "jamais",
        "il faut ",
        "deve",
        "darf nicht",
        "non ",
        "nie ",
        "nooit",
        "asla",
        "jangan",
        "dilarang",
        "evitar",
        "no debe",
        "mag niet",
    ])
});

/// The words, lowercase, of a decision taken ([`decision_sentences`]).
const DECIDED: [&str; 53] = [
    " decided ",
    "deliberate",
    "intentional",
    "intentionally",
    "we chose ",
    " chose to ",
    " opted for ",
    " opted to ",
    "决定",
    "決定",
    "결정했",
    "결정함",
    "entschieden",
    "решили",
    "решено",
    "rozhodli",
    // (And in other words and languages: `Bewusst abgelehnt: …`, `Abbiamo deciso di …`,
    // `Werdykt: SOM zastępuje …`, `それでよいと決めた`.)
    " beschlossen",
    "bewusst abgelehnt",
    "bewusst verworfen",
    "décidé",
    " decidimos ",
    " decidido ",
    " elegimos ",
    " decidiu ",
    " escolhemos ",
    " deciso ",
    " scelto di ",
    " besloten ",
    " gekozen voor ",
    "zdecydowali",
    "zdecydowano",
    "вирішили",
    "вирішено",
    " karar verdik",
    " karar verildi",
    "quyết định chọn",
    " memutuskan ",
    " diputuskan ",
    "決めた",
    "決めました",
    "选择了",
    "采用了",
    // (`本轮刻意未动`: left alone on purpose.)
    "刻意",
    "postanowiono",
    "postanowiliśmy",
    " optamos ",
    "nous avons choisi",
    "abbiamo scelto",
    // (A choice said as taken: `Bewust geen kale NER`, `We considered it and rejected it`,
    // `we went with SQLite`; only as [`CHOSEN`] reads them.)
    " bewust ",
    " bewusst ",
    " rejected it",
    " we went with ",
    " we settled on ",
];

/// The words of [`DECIDED`] that say a choice only when the sentence neither denies nor
/// doubts it (`We have not settled on a database yet`, `If the client rejected it`, `Wij
/// zijn ons bewust van …`, aware of), and that someone of the work made it (`Upstream
/// rejected it` is no choice of ours).
const CHOSEN: [&str; 5] = [
    " bewust ",
    " bewusst ",
    " rejected it",
    " we went with ",
    " we settled on ",
];

/// [`DECIDED`] without the spaces around its words: one of them is in every lowercase text
/// that states a decision.
static DECIDED_ANYWHERE: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::new(DECIDED.map(str::trim)).expect("fixed words")
    });

/// The sentences of a text that state a decision taken: `… has decided …`, `… are
/// intentional`, `we chose …`, `决定…` (not one still open: `not decided`, `to be decided`).
fn decision_sentences(text: &str) -> Vec<String> {
    // Most texts hold no decision's word: one pass over them says so (over an ASCII text
    // itself; over any other, once lowercased, as each sentence is read below).
    let may_decide = if text.is_ascii() {
        DECISION_CUES.is_match(text)
    } else {
        DECIDED_ANYWHERE.is_match(&text.to_lowercase().replace("unintentional", ""))
    };
    if !may_decide {
        return Vec::new();
    }
    let mut out = Vec::new();
    for sentence in clauses(text) {
        // A question decides nothing (`Has the team decided whether to keep Redis?`);
        // `unintentional` is no intent.
        if sentence.contains(['?', '？']) {
            continue;
        }
        let lower = format!(" {} ", sentence.to_lowercase()).replace("unintentional", "");
        let chosen = |w: &&str| {
            !CHOSEN.contains(w) || {
                // (Doubt before the choice's words: `We have not settled on …`, `Das war
                // nicht bewusst so`; `bewusst nicht angefasst` is a choice not to touch.)
                // (With the space the words open with; in the words' own clause: `Redis
                // didn't scale, so we went with Postgres` is a choice.)
                let before = &lower[..lower.find(*w).map_or(0, |at| at + 1)];
                let before = [",", ";", " but ", " so ", " aber ", " maar ", " mais "]
                    .iter()
                    .filter_map(|cut| before.rfind(cut).map(|at| at + cut.len()))
                    .max()
                    .map_or(before, |at| &before[at..]);
                let before = format!(" {before}");
                let doubted = [
                    " not ", "n't", " never ", " nicht ", " niet ", " noch ", " yet", " almost ",
                    " unsure", " whether", " if ", " would ",
                ]
                .iter()
                .any(|d| before.contains(d))
                    || lower.contains(" bewust van ");
                let ours = *w != " rejected it"
                    || lower.contains(" we rejected it")
                    || lower.contains(" and rejected it");
                // (`rejected it` as the words' end: not `rejected items`.)
                let whole = *w != " rejected it"
                    || lower.match_indices(*w).any(|(at, m)| {
                        !lower[at + m.len()..]
                            .chars()
                            .next()
                            .is_some_and(char::is_alphanumeric)
                    });
                !doubted && ours && whole
            }
        };
        if DECIDED.iter().any(|w| lower.contains(w) && chosen(w))
            && !open_choice(sentence)
            // (`Optamos por não decidir ainda`, `Nie postanowiono jeszcze`.)
            && ![" não ", " nie ", " ainda ", " jeszcze "]
                .iter()
                .any(|w| lower.contains(w))
            && sentence.chars().count() <= 400
            && sentence.split_whitespace().count() >= 3
            // (Nor a short lead into what follows: `Umsetzung bewusst so:`.)
            && !(sentence.trim_end_matches(['*', '_']).ends_with([':', '：'])
                && sentence.split_whitespace().count() <= 3)
        {
            out.push(sentence.to_owned());
        }
    }
    out
}

/// Whether what follows a Korean prohibition makes it a question or reported speech, no
/// rule of its own (`지우지 말아야 할지 아직 결정하지 못했다`, `배포하면 안 된다는 이전 메모`,
/// `수정하지 말라고 했다`).
fn reported(matched: &str, after: &str) -> bool {
    // (Korean only: a quote after `必须` or `darf nicht` is what not to run.)
    if !matched
        .chars()
        .any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
    {
        return false;
    }
    let after = after.trim_start_matches(['아', '야', ' ']);
    // (`…지 말고 …` is still one: `고` reports only after a sentence's end, `된다고`,
    // `말라고`.)
    let ended = matched.ends_with(['다', '라']);
    ["할지", "는지", "다는", "다고", "라고"]
        .iter()
        .any(|w| after.starts_with(w))
        || (ended && after.starts_with(['고', '는']))
}

/// A Korean `…야 함` (must) that ends its phrase (`프롬프트를 맞춰야 함.`), not `야` then a
/// word that starts with `함` (`이제야 함수가`: "only now the function").
fn korean_must(text: &str) -> bool {
    text.match_indices("야 함").any(|(at, m)| {
        !text[at + m.len()..]
            .chars()
            .next()
            .is_some_and(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
    })
}

/// Whether a text holds any of `words` (lowercase), case aside.
fn holds_any(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    words.iter().any(|w| lower.contains(w))
}

/// Whether a text says a choice is still open (`We have not decided`, `to be decided`,
/// `未决定`).
fn open_choice(text: &str) -> bool {
    holds_any(
        text,
        &[
            "not decided",
            "undecided",
            "to be decided",
            "yet to decide",
            "not yet decided",
            "haven't decided",
            "未决定",
            "待决定",
        ],
    )
}

/// A check said to pass, with what passed: `the production build is green`, `All checks
/// passed.`, `CI is green` (never a negated one: `tests don't pass yet`).
fn passed_check(words: &[&str]) -> bool {
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    // (`go test ./... -race passes`, `go vet, gofmt -l clean`, `clippy clean`.)
    let clean = has(&["clean"])
        && !words.windows(2).any(|w| w[0] == "clean" && w[1] == "up")
        && has(&[
            "vet", "gofmt", "clippy", "lint", "eslint", "mypy", "tsc", "ruff", "fmt",
        ]);
    // (`Focused tests, Ruff, and strict mypy pass`: `pass` ends the clause as its verb; not
    // the noun, `a verification pass over the tests`.)
    // (Not a rule or a wish: `All tests must pass`, `Get the remaining tests to pass`, `Only
    // merge when CI checks pass`.)
    let pass = has(&["green", "passed", "passes", "passing"])
        || (words.last() == Some(&"pass")
            && !words.iter().rev().nth(1).is_some_and(|w| {
                matches!(
                    *w,
                    "must"
                        | "shall"
                        | "should"
                        | "can"
                        | "cannot"
                        | "to"
                        | "will"
                        | "would"
                        | "could"
                        | "may"
                        | "might"
                        | "expected"
                        | "ensure"
                )
            })
            && !has(&["when", "unless", "until", "before", "after", "once"]));
    (clean
        || (pass
            && has(&[
                "build", "ci", "checks", "check", "tests", "test", "suite", "pipeline", "lint",
                "mypy", "ruff", "clippy",
            ])))
        // (Nor a hedge or a forecast: `tests might be unavailable … rather than treated as
        // green`, `Next CI run should pass`; `may` is as often the month.)
        && !has(&[
            "not", "no", "never", "failed", "failing", "fails", "yet", "don", "doesn", "isn",
            "aren", "won", "might", "unavailable", "rather", "should", "will", "would", "could",
        ])
}

/// A sentence that says something was checked, and held: `Verified empirically on Gemma
/// 26B`, `Manual testing confirms cross-cell updates work`, `Bis 2.0.2 per API als grün
/// verifiziert`, `動作確認済み`. The word reports a check (first, after `was` or `and`, or
/// before what it was checked on: `verified on hardware`), not what a thing is (`its
/// verified entry buffer`, `small, tested commits`); words in code are no prose
/// (`email_verified`). Never one still owed, denied or hedged (`needs to be verified`, `not
/// yet tested`, `peut-être testé`), nor a question, nor one that holds back (`tested only on
/// macOS`, `tested, but …`, `verified by code inspection`), nor a template's mark
/// (`[TESTED ✅/❌]`).
fn checked_claim(sentence: &str, then: &str) -> bool {
    // Most sentences hold no word of a check: one search says so, before any is split.
    static CUES: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
        cues([
            "verif",
            "vérif",
            "confirm",
            "tested",
            "validated",
            "geprüft",
            "getestet",
            "bestätigt",
            "testé",
            "comprobado",
            "probado",
            "testado",
            "testato",
            "провер",
            "Провер",
            "протестир",
            "Протестир",
            "подтвержд",
            "Подтвержд",
            "proves",
            "验证通过",
            "確認済",
            "検証済",
            "確認し",
            "확인 완료",
            "검증 완료",
            "확인했",
        ])
    });
    if !CUES.is_match(sentence) {
        return false;
    }
    const CHECKED: [&str; 23] = [
        "verified",
        "confirmed",
        "tested",
        "validated",
        "geprüft",
        "verifiziert",
        "getestet",
        "bestätigt",
        "vérifié",
        "vérifiée",
        "vérifiés",
        "testé",
        "testée",
        "verificado",
        "verificada",
        "comprobado",
        "probado",
        "testado",
        "verificato",
        "testato",
        "проверено",
        "протестировано",
        "подтверждено",
    ];
    // (Said as the check's verb: `Manual testing confirms …`.)
    const CONFIRMS: [&str; 2] = ["confirms", "proves"];
    const CJK: [&str; 8] = [
        "验证通过",
        "確認済",
        "検証済",
        "確認した",
        "確認しました",
        "확인 완료",
        "검증 완료",
        "확인했",
    ];
    // (Words of the sentence that hold it back.)
    const HELD_BACK: [&str; 110] = [
        "not",
        "no",
        "never",
        "yet",
        "only",
        "but",
        "still",
        "need",
        "needs",
        "needed",
        "should",
        "must",
        "to",
        "todo",
        "pending",
        "if",
        "once",
        "until",
        "before",
        "without",
        "whether",
        "will",
        "would",
        "could",
        "may",
        "might",
        "maybe",
        "perhaps",
        "probably",
        "likely",
        "untested",
        "unverified",
        "nicht",
        "noch",
        "vielleicht",
        "pas",
        "non",
        "peut",
        "être",
        "não",
        "nunca",
        "talvez",
        "sin",
        "quizás",
        "senza",
        "forse",
        "не",
        "нет",
        "ещё",
        "возможно",
        "partially",
        "partly",
        "inspection",
        "assumed",
        // Said by someone else, doubted, or said in jest.
        "nobody",
        "claims",
        "claim",
        "claimed",
        "says",
        "said",
        "reports",
        "doubt",
        "supposedly",
        "allegedly",
        "apparently",
        "seems",
        "seemed",
        "barely",
        "hardly",
        "kidding",
        "sure",
        "totally",
        "tbd",
        // What went wrong with the check, or what it was not.
        "failed",
        "fails",
        "failing",
        "broken",
        "skipped",
        "crashed",
        "hypothesis",
        "goal",
        "target",
        "expect",
        "ideally",
        "hopefully",
        "reading",
        "eyeballing",
        "glance",
        "skimming",
        "when",
        "whenever",
        "previously",
        "earlier",
        "old",
        "since",
        // Said for later.
        "wird",
        "werden",
        "sera",
        "seront",
        "sarà",
        "saranno",
        "será",
        "serão",
        "tomorrow",
        "morgen",
        "demain",
        "domani",
        "mañana",
        "amanhã",
        "later",
    ];
    // What comes before a participle of a check reported (`was verified`, `built and tested`).
    const REPORTED: [&str; 42] = [
        "is",
        "are",
        "was",
        "were",
        "been",
        "be",
        "and",
        "also",
        "fully",
        "manually",
        "successfully",
        "independently",
        "now",
        "all",
        "both",
        "then",
        "live",
        "wurde",
        "wurden",
        "ist",
        "sind",
        "und",
        "est",
        "été",
        "sont",
        "et",
        "fue",
        "fueron",
        "sido",
        "y",
        "foi",
        "foram",
        "e",
        "è",
        "stato",
        "stata",
        "sono",
        "был",
        "была",
        "было",
        "были",
        "и",
    ];
    // What comes after one: where, how or against what (`verified on hardware`), or its
    // object (`confirmed the existing pick`).
    const AFTER: [&str; 42] = [
        "on",
        "in",
        "with",
        "by",
        "via",
        "against",
        "locally",
        "live",
        "manually",
        "end",
        "at",
        "through",
        "across",
        "for",
        "as",
        "after",
        "ok",
        "working",
        "green",
        "and",
        "the",
        "that",
        "this",
        "all",
        "its",
        "their",
        "every",
        "both",
        "independently",
        "empirically",
        "sur",
        "sul",
        "auf",
        "mit",
        "per",
        "en",
        "em",
        "con",
        "na",
        "на",
        "в",
        "gegen",
    ];
    // What makes a participle a thing's quality (`the verified build`, `99 confirmed
    // entries`).
    const QUALITY: [&str; 12] = [
        "the", "a", "an", "its", "their", "our", "his", "her", "my", "your", "each", "every",
    ];
    // (Nor a label over a list: `**Verified working:**`.)
    let whole = format!("{sentence} {then}");
    if whole.contains(['?', '？', '❌'])
        || whole.contains("~~")
        || whole.to_lowercase().contains("n/a")
        || sentence.trim_end_matches(['*', '_']).ends_with([':', '：'])
    {
        return false;
    }
    if !sentence.is_ascii() && CJK.iter().any(|w| sentence.contains(w)) {
        return ![
            "未", "没", "沒", "不", "尚", "待", "要", "않", "없", "못 ", "안 ",
        ]
        .iter()
        .any(|w| sentence.contains(w));
    }
    // The prose's words, each with whether a clause ends after it (code is one word): a
    // comma's end or more, and more than a comma's.
    let mut words: Vec<(String, bool, bool)> = Vec::new();
    for (i, part) in sentence.split('`').enumerate() {
        if i % 2 == 1 {
            words.push(("code".to_owned(), false, false));
            continue;
        }
        for token in part.split_whitespace() {
            let word = token
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            let stops = token.ends_with(['.', ';', ':', ')', '!', '—', '|', '：']);
            let ends = stops || token.ends_with([',', '，']);
            if word.is_empty() {
                // (A dash, a bar or an arrow between words ends what is before it.)
                if let Some(last) = words.last_mut() {
                    let dash = !token.chars().any(char::is_alphanumeric)
                        && token
                            .chars()
                            .any(|c| matches!(c, '—' | '–' | '-' | '|' | '→'));
                    last.1 |= dash;
                    last.2 |= dash;
                }
                continue;
            }
            // (`Critic-verified`: the words a hyphen joins.)
            let parts: Vec<&str> = word.split('-').filter(|w| !w.is_empty()).collect();
            let n = parts.len();
            for (j, w) in parts.into_iter().enumerate() {
                let last = j + 1 == n;
                words.push((w.to_owned(), ends && last, stops && last));
            }
        }
    }
    // (Words of prose, their code aside.)
    let holds = |text: &str, words: &[&str]| {
        text.split('`').step_by(2).any(|prose| {
            prose
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .any(|w| words.contains(&w.to_lowercase().as_str()))
        })
    };
    // What the next sentence says that takes the claim back: `…; since then the firmware
    // changed`, `…; 2.0.3 noch nicht nachgesehen` (not `No further action.`).
    const TAKEN_BACK: [&str; 23] = [
        "not", "never", "yet", "but", "however", "since", "changed", "needs", "still", "nobody",
        "failed", "broken", "nicht", "noch", "pas", "não", "isn", "wasn", "aren", "weren", "doesn",
        "didn", "kidding",
    ];
    if holds(sentence, &HELD_BACK) || holds(then, &TAKEN_BACK) {
        return false;
    }
    // What does the checking when `confirms` says a check held (`Manual testing confirms
    // …`), not a part of the product at work (`The cron job confirms bookings`).
    const CHECKS: [&str; 16] = [
        "testing",
        "test",
        "tests",
        "run",
        "runs",
        "check",
        "checks",
        "audit",
        "review",
        "output",
        "logs",
        "log",
        "benchmark",
        "trace",
        "scan",
        "probe",
    ];
    // (A participle first that a verb of being follows qualifies its subject: `Confirmed
    // orders are exported nightly`, `Tested code paths are listed in …`.)
    let subject_of = |i: usize| {
        i == 0
            && words[1..]
                .iter()
                .take(4)
                .any(|(w, ..)| matches!(w.as_str(), "is" | "are" | "was" | "were" | "get" | "gets"))
    };
    words.iter().enumerate().any(|(i, (w, ends, _))| {
        if CONFIRMS.contains(&w.as_str()) {
            return i > 0 && CHECKS.contains(&words[i - 1].0.as_str());
        }
        if !CHECKED.contains(&w.as_str()) || subject_of(i) {
            return false;
        }
        // (A word after a sentence's or a label's end opens one: `Audit - Confirmed full
        // compliance`; not after a comma: `Small, tested commits`.)
        let before = i
            .checked_sub(1)
            .filter(|&b| !words[b].2)
            .map(|b| words[b].0.as_str());
        let after = words.get(i + 1).map(|(n, ..)| n.as_str());
        if before.is_some_and(|b| QUALITY.contains(&b) || b.chars().all(|c| c.is_ascii_digit())) {
            return false;
        }
        before.is_none_or(|b| REPORTED.contains(&b))
            || *ends
            || after.is_none_or(|a| AFTER.contains(&a))
    })
}

/// Whether a sentence's words (lowercase) say a scan found nothing: `No known
/// vulnerabilities found`, `no issues found in 31 source files`; never with a reason or a
/// denial beside it (`… because the scanner did not run`, `… but the scan was skipped`).
fn scan_found_none(words: &[&str]) -> bool {
    const FOUND: [&str; 11] = [
        "issues",
        "problems",
        "vulnerabilities",
        "errors",
        "warnings",
        "findings",
        "leaks",
        "regressions",
        "violations",
        "conflicts",
        "secrets",
    ];
    words.iter().enumerate().any(|(i, w)| {
        *w == "no"
            && words[i + 1..]
                .iter()
                .take(3)
                .position(|n| FOUND.contains(n))
                .is_some_and(|at| {
                    words
                        .get(i + at + 2)
                        .is_some_and(|n| matches!(*n, "found" | "detected" | "reported"))
                })
    }) && !words.iter().any(|w| {
        matches!(
            *w,
            "because" | "but" | "not" | "didn" | "never" | "skipped" | "misconfigured" | "empty"
        )
    })
}

/// Whether a heading of no role doubts or questions what it lists, or says it failed or is
/// not done: `What NOT to trust`, `Claims to double-check`, `Failed attempts`, `Ideas`.
fn doubts(heading: &str) -> bool {
    super::headings::normalize(heading).split(' ').any(|w| {
        matches!(
            w,
            "not"
                | "no"
                | "never"
                | "unverified"
                | "untested"
                | "doubt"
                | "doubts"
                | "claim"
                | "claims"
                | "question"
                | "questions"
                | "failed"
                | "failures"
                | "failure"
                | "rejected"
                | "idea"
                | "ideas"
                | "could"
                | "cannot"
                | "can"
                | "risk"
                | "risks"
                | "trust"
                | "assumption"
                | "assumptions"
                | "hypothesis"
                | "hypotheses"
                | "todo"
                | "plan"
                | "plans"
                | "wishlist"
                | "check"
                | "verify"
                | "issues"
                | "problems"
                | "bugs"
                | "attempts"
                | "tried"
                | "maybe"
                | "possible"
        )
    })
}

/// Counts written as words (lowercase), read as numbers before a test result.
const NUMBER_WORDS: [&str; 19] = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// What `0 …` proves none of: `0 errors`, `0 failed`, `0 warnings`, `0 échec`.
const ZERO: [&str; 30] = [
    "findings",
    "erreur",
    "erreurs",
    "erros",
    "falhas",
    "errori",
    "ошибок",
    "ошибки",
    "vuln",
    "vulns",
    "échec",
    "échecs",
    "fehler",
    "errors",
    "error",
    "failures",
    "failed",
    "violations",
    "warnings",
    "regressions",
    "vulnerabilities",
    "leaks",
    "crashes",
    "cycles",
    "mismatches",
    "conflicts",
    "panics",
    "perdidas",
    "errores",
    "fallos",
];

/// A test result in a script without spaces: a number, then within a few characters a word
/// that says it passed (`37 项测试全部通过`, `142件全パス`, `21/21 绿`).
fn cjk_result(sentence: &str) -> bool {
    const PASSED: [&str; 7] = ["通过", "全绿", "绿", "パス", "통과", "成功", "合格"];
    if sentence.is_ascii() {
        return false;
    }
    let tests = ["测试", "測試", "テスト", "테스트"]
        .iter()
        .any(|w| sentence.contains(w));
    PASSED.iter().any(|word| {
        sentence.match_indices(word).any(|(at, _)| {
            // (Never a pass denied: `未通过 3 项测试`.)
            !sentence[..at].ends_with(['未', '不', '没'])
                && (sentence[..at]
                .chars()
                .rev()
                .take(16)
                .any(|c| c.is_ascii_digit())
                // (Or a count of tests after it: `各通过 138 项测试`; or all of a count:
                // `所有验收脚本实测通过（27/27）`.)
                || (tests
                    && sentence[at + word.len()..]
                        .chars()
                        .take(8)
                        .any(|c| c.is_ascii_digit()))
                || all_of_after(sentence, at, word))
        })
    })
}

/// Whether a pass word at `at` is followed by all of a count, said as a result
/// (`所有验收脚本实测通过（27/27）`): not a goal, a duty, a doubt or a denial before it
/// (`目标：…通过（27/27）`, `要通过（3/3）`, `没有通过（27/27）`), nor a question, nor a date or a
/// vote (`通过（12/12 日）`, `（5/5 票）`).
fn all_of_after(sentence: &str, at: usize, word: &str) -> bool {
    const NOT_DONE: [&str; 14] = [
        "要", "需", "让", "使", "确保", "应", "能否", "是否", "没有", "未能", "目标", "目標",
        "待办", "待辦",
    ];
    let before: String = sentence[..at]
        .chars()
        .rev()
        .take(16)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after = sentence[at + word.len()..].trim_start_matches(['（', '(', ' ', '：', ':']);
    let count = after
        .split(|c: char| !(c.is_ascii_digit() || c == '/'))
        .next()
        .unwrap_or("");
    let then = after[count.len()..].trim_start();
    all_of(count)
        && !NOT_DONE.iter().any(|w| before.contains(w))
        && !sentence.trim_end().ends_with(['?', '？'])
        && !then.starts_with(['日', '号', '號', '月', '票', '名'])
}

/// The sentences of a text that state a rule: a prohibition (`Never …`, `Do not …`, `不要…`)
/// or a gate (`… requires explicit approval`), with the constraint kind each is.
fn rule_sentences(text: &str, rules_out: bool, commands: bool) -> Vec<(&'static str, String)> {
    // Most texts hold no rule's word: one pass over them says so. (`No LLM calls inside the
    // server`: an item that opens with `No` is read whole, below, when `rules_out`.)
    let no_item = rules_out && text.trim_start_matches(['*', '_', ' ']).starts_with("No ");
    if text.is_ascii() && !no_item && !RULE_CUES.is_match(text) {
        return Vec::new();
    }
    const PROHIBITIONS: [&str; 31] = [
        "avoid ",
        // (`Jamais git add -A dans un checkout partagé`.)
        "jamais ",
        "нужно ",
        "необходимо ",
        "never ",
        "do not ",
        "don't ",
        "don’t ",
        "must not ",
        "must never ",
        "must ",
        "niemals ",
        "никогда ",
        "nikdy ",
        "nunca ",
        "no hay que ",
        "hay que ",
        "ne jamais ",
        "обязательно ",
        "il faut ",
        "ne pas ",
        "nooit ",
        "asla ",
        "jangan ",
        "dilarang ",
        "đừng ",
        "tuyệt đối không ",
        "evitar ",
        "evitare ",
        "éviter ",
        "ніколи ",
    ];
    const GATES: [&str; 10] = [
        "explicit approval",
        "explicit permission",
        "without approval",
        "without permission",
        "requires approval",
        "须获得",
        "需要授权",
        "須獲得",
        "承認が必要",
        "승인이 필요",
    ];
    const CJK_PROHIBITIONS: [&str; 5] = ["不要", "不得", "禁止", "절대", "しないこと"];
    // A sentence that says who alone may do something.
    const ONLY: [(&str, &[&str]); 5] = [
        ("only ", &[" can ", " may ", " is allowed", " are allowed"]),
        ("только ", &[" могут ", " может ", " разрешено"]),
        ("nur ", &[" dürfen ", " darf ", " können ", " kann "]),
        ("只有", &["才能", "可以"]),
        ("仅", &["可以", "才能"]),
    ];
    // Anywhere in a sentence (`继续开发，不要回滚既有改动`), or `不自动…` at its start; and
    // the musts of other languages that may stand anywhere (`Править надо корневые файлы`,
    // `프롬프트를 맞춰야 함`, `手を止めること`).
    const CJK_ANYWHERE: [&str; 42] = [
        "不要",
        "不得",
        "禁止",
        "切勿",
        "请勿",
        "勿改",
        "严禁",
        "必须",
        "务必",
        "不能只",
        "어야 한다",
        "아야 한다",
        "해야 한다",
        "어야 합니다",
        "아야 합니다",
        "해야 합니다",
        "하지 말",
        // (Any verb's `…지 말 것`, `…지 마세요`: `의존성을 늘리지 말 것`; and `…면 안 된다`.)
        "지 말 것",
        "지 마세요",
        "지 마십시오",
        "지 마라",
        "지 말라",
        "지 말아",
        "면 안 된다",
        "면 안 됩니다",
        "서는 안 된다",
        "반드시",
        "してはいけない",
        "してはならない",
        "必ず",
        " надо ",
        " нельзя ",
        "нельзя ",
        // (Portuguese and German prohibitions, wherever they stand: `O build não deve …`,
        // `Der Server darf nicht …`. A must in mid-sentence is no rule, as in English: `Die
        // Migration muss noch geschrieben werden`.)
        " darf nicht ",
        " dürfen nicht ",
        " não deve",
        // (And Spanish, Italian, French, Dutch and Polish: `El build no debe …`, `Il file
        // non deve …`, `Le script ne doit pas …`, `De build mag niet …`, `… nie wolno …`.)
        " no debe ",
        " non deve ",
        " ne doit pas ",
        " mag niet ",
        " nie wolno ",
        "しないでください",
    ];
    // (Searched at once: every clause of every text is read for them.)
    static ANYWHERE: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| exact(CJK_ANYWHERE));
    // A label that names rules (`Familienregeln: Cockpit-Konvention v1.4; kein Shared
    // Code.`): its whole sentence is one.
    const RULES: [&str; 12] = [
        "rule",
        "rules",
        "铁律",
        "原则",
        "regeln",
        "conventions",
        "konvention",
        "规则",
        "規則",
        "규칙",
        "правила",
        "pravidla",
    ];
    let mut out = Vec::new();
    let mut clauses = Vec::new();
    for whole in sentences(text) {
        let named = label_split(whole).is_some_and(|(label, rest)| {
            let label = label.to_lowercase();
            let label = label.trim().trim_start_matches(['*', '_']);
            // (Or a rule named as such in a few words: `Hard rule for code and comments in
            // this project: plain ASCII only.`, `Golden rule: …`.)
            let said_rule = ["hard rule", "golden rule", "house rule", "ground rule"]
                .iter()
                .any(|r| {
                    label.strip_prefix(r).is_some_and(|more| {
                        let more = more.strip_prefix('s').unwrap_or(more);
                        more.is_empty()
                            || [" for ", " in ", " of "]
                                .iter()
                                .any(|w| more.starts_with(w))
                    })
                })
                && label.split_whitespace().count() <= 9
                && !rest.trim_start().to_lowercase().starts_with("see ");
            (said_rule
                || label.chars().count() <= 30
                    && RULES.iter().any(|r| {
                        label == *r || ((*r == "regeln" || !r.is_ascii()) && label.ends_with(r))
                    }))
                && !rest.trim().is_empty()
        });
        if named && whole.chars().count() <= 400 {
            // (Its marks as a pair: `**Rule: never push to main**` is the rule, not `…main**`.)
            let bare = whole.trim_start_matches(['*', '_']);
            let bare = if whole.len() - bare.len() >= 2 && bare.matches("**").count() % 2 == 1 {
                bare.trim_end_matches(['*', '_'])
            } else {
                bare
            };
            out.push(("other", bare.to_owned()));
        } else {
            clauses.extend(whole.split_inclusive(['。', '；', ';']));
        }
    }
    for sentence in clauses {
        let sentence = sentence.trim().trim_end_matches([';', '；']).trim();
        // A label before it (`**Note for Claude:** never …`, `**⚠️ CRITICAL**: Do NOT …`)
        // is not the rule.
        // (Most clauses hold no `*`: the label's mark is looked for only in one that does.)
        let labelled = sentence
            .contains('*')
            .then(|| {
                [":** ", "**: "]
                    .iter()
                    .filter_map(|mark| sentence.rsplit_once(mark))
                    .max_by_key(|(head, _)| head.len())
            })
            .flatten();
        let bare = labelled
            .map_or(sentence, |(_, rest)| rest)
            .trim_start_matches(['*', '_', ' ']);
        let lower = bare.to_lowercase();
        // (A clause in ASCII holds none of the words of other scripts looked for below.)
        let ascii = bare.is_ascii();
        // A question states no rule (`Don't we need sign-off?`, `要不要保留缓存？`), nor do
        // `不要求` (does not require), `不得不` (had to), `无须` (need not), or a past
        // `Never got the CRLF handling working.`
        let never_did = lower.strip_prefix("never ").is_some_and(|rest| {
            let verb = rest.split_whitespace().next().unwrap_or("");
            verb.ends_with("ed") || matches!(verb, "got" | "was" | "were" | "had" | "did" | "made")
        })
            // (`Nunca funcionó en Windows` said what never happened; `Нужно было …` what was
            // needed; `必ずしも` is "not necessarily"; `нельзя сказать` "one can't say".)
            || lower.strip_prefix("nunca ").is_some_and(|rest| {
                rest.split_whitespace()
                    .next()
                    .is_some_and(|v| v.ends_with('ó') || v.ends_with("aba") || v.ends_with("ía"))
            })
            || lower.starts_with("нужно было")
            // (`Jamais testé sous Windows`, `Jamais vu en production`: what never happened.)
            || lower.strip_prefix("jamais ").is_some_and(|rest| {
                rest.split_whitespace().next().is_some_and(|v| {
                    let v = v.trim_end_matches(['.', ',', ';', '!']);
                    v.chars().all(char::is_alphabetic)
                        && ["é", "és", "ée", "ées", "u", "us", "i", "is"]
                            .iter()
                            .any(|e| v.ends_with(e))
                })
            })
            // (`Nooit gereproduceerd op staging`, `Ніколи не відтворювалося локально`.)
            || lower.strip_prefix("nooit ").is_some_and(|rest| {
                // (The participle may close the sentence: `Nooit op Windows getest`.)
                rest.split_whitespace().any(|v| {
                    let v = v.trim_end_matches(['.', ',', ';', '!']);
                    v.starts_with("ge") && v.len() > 4 && v.ends_with(['d', 't'])
                })
            })
            // (`Asla yerelde çökmedi`: a past, what never happened.)
            || lower.strip_prefix("asla ").is_some_and(|rest| {
                rest.split_whitespace().last().is_some_and(|v| {
                    let v = v.trim_end_matches(['.', ',', ';', '!']);
                    ["dı", "di", "du", "dü", "tı", "ti", "tu", "tü"]
                        .iter()
                        .any(|e| v.ends_with(e))
                })
            })
            || ["ніколи ", "никогда "].iter().any(|never| {
                lower.strip_prefix(never).is_some_and(|rest| {
                    rest.split_whitespace().find(|w| *w != "не").is_some_and(|v| {
                        ["в", "ла", "ло", "ли", "лося", "лася", "лись", "лось", "вся"]
                            .iter()
                            .any(|e| v.ends_with(e))
                    })
                })
            })
            // (`Never mind the flaky job` dismisses; it rules nothing. Nor does a priority:
            // `MUST FIX - pytree not registered`, `Must have: export to CSV`.)
            || lower.starts_with("never mind")
            || ["must fix", "must-fix", "must have", "must-have"]
                .iter()
                .any(|p| lower.starts_with(p))
            || (!ascii && (bare.contains("必ずしも") || lower.contains("нельзя сказать")))
            || lower.starts_with("не обязательно");
        // (Nor does a state marked done: `**Production Ready**: No debug logging ✅`.)
        if bare
            .trim_end_matches(['*', '_', ' '])
            .ends_with(['?', '？', '✅', '✔'])
            || (!ascii
                && ["不要求", "要不要", "不得不", "无须", "無須"]
                    .iter()
                    .any(|w| bare.contains(w)))
            || never_did
        {
            continue;
        }
        // `Only users in the list can use manager tools`: who may do what (an actor after
        // `Only`, not `Only two of the endpoints can …`).
        let only = ONLY.iter().any(|(lead, verbs)| {
            lower.starts_with(lead) && verbs.iter().any(|v| lower.contains(v))
        }) && (!lower.starts_with("only ")
            || lower["only ".len()..]
                .split_whitespace()
                .next()
                .is_some_and(|w| {
                    w.starts_with('@')
                        || [
                            "users",
                            "admins",
                            "administrators",
                            "maintainers",
                            "owners",
                            "members",
                            "humans",
                            "agents",
                            "the",
                            "release",
                            "repository",
                            "people",
                        ]
                        .contains(&w)
                }));
        // `we must NOT implement bypasses`, `Always run the suite first.`
        // (`**Must Have**: 27-39h` is a priority, no rule.)
        if lower.starts_with("must have") || lower.starts_with("must-have") {
            continue;
        }
        // (`Read the design before touching any code.`)
        static MUSTS: std::sync::LazyLock<aho_corasick::AhoCorasick> =
            std::sync::LazyLock::new(|| {
                exact([
                    " must not ",
                    " must never ",
                    " should never ",
                    " may not ",
                    " before touching any",
                    " before changing any",
                    " before editing any",
                ])
            });
        let anywhere = MUSTS.is_match(&lower)
            || ["always ", "before making any change"]
                .iter()
                .any(|p| lower.starts_with(p));
        // `No LLM calls inside the server`, `No in-GUI chat panel`: a thing ruled out, in a
        // few words (not a state: `No tests for the parser yet`, `No errors in the log`).
        let ruled_out = rules_out && bare.starts_with("No ") && {
            let words: Vec<&str> = lower.split_whitespace().collect();
            (4..=12).contains(&words.len())
                && !words.iter().any(|w| {
                    matches!(
                        w.trim_matches(|c: char| !c.is_alphanumeric()),
                        "yet"
                            | "found"
                            | "created"
                            | "written"
                            | "run"
                            | "ran"
                            | "test"
                            | "tests"
                            | "error"
                            | "errors"
                            | "issue"
                            | "issues"
                            | "blocker"
                            | "blockers"
                            | "known"
                            | "change"
                            | "changes"
                            | "regressions"
                            | "warnings"
                            | "failures"
                            | "longer"
                            | "more"
                            | "problems"
                            | "results"
                            | "was"
                            | "were"
                            | "is"
                            | "are"
                            | "has"
                            | "have"
                            | "had"
                            | "needed"
                    )
                })
        };
        static GATED: std::sync::LazyLock<aho_corasick::AhoCorasick> =
            std::sync::LazyLock::new(|| exact(GATES));
        let kind = if GATED.is_match(&lower) || only {
            Some("permission")
        } else if anywhere
            || ruled_out
            || PROHIBITIONS.iter().any(|p| lower.starts_with(p))
            || CJK_PROHIBITIONS.iter().any(|p| bare.starts_with(p))
            || (ANYWHERE
                .find_iter(bare)
                .any(|m| !reported(&bare[m.start()..m.end()], &bare[m.end()..]))
                // (`El endpoint no debe devolver 500, pero lo hace`: what goes wrong.)
                && ![" pero ", " but ", " mais ", " aber ", " но ", " але ", " maar "]
                    .iter()
                    .any(|w| lower.contains(w)))
            || (!ascii && korean_must(bare))
            || (commands && (negated_command(&lower) || (!ascii && japanese_directive(bare))))
            // (`絶対にプッシュしない`; not `絶対に再現する`, "it always reproduces", nor a known
            // issue's `ローカルでは絶対に再現しない`.)
            || (commands
                && !ascii
                && bare
                    .split_once("絶対に")
                    .is_some_and(|(_, after)| after.contains("ない") || after.contains("な。")))
            || bare.starts_with("不自动")
        {
            Some("other")
        } else {
            None
        };
        if let Some(kind) = kind
            && bare.chars().count() <= 400
            && (!bare.is_ascii() || bare.split_whitespace().count() >= 3)
        {
            let rule = bare.trim_end_matches(['*', '_']);
            // (The bold lead's closing marks, once its opening ones are gone: `**Never push
            // to main** : …` is `Never push to main : …`.)
            let rule = if sentence.starts_with("**") && rule.matches("**").count() == 1 {
                rule.replacen("**", "", 1)
            } else {
                rule.to_owned()
            };
            out.push((kind, rule));
        }
    }
    out
}

/// Whether an item is a labelled fact about the work, no piece of it: `**Server:**
/// http://localhost:3001`, `**Last Updated:** 2026-03-20`, `**Estimated Time**: 2.5-3 hours`,
/// `**Priority:** Medium` (a fact is one word, a link, a date, an estimate or a priority;
/// `**Server:** add rate limiting to /api/upload` is work).
fn states_a_fact(text: &str) -> bool {
    label_split(without_mark(text)).is_some_and(|(label, value)| {
        let value = value.trim().trim_matches(['*', '_', '`', ' ']);
        let label = normalize(label);
        // (A label alone, `**Updated**:` over its items, says no fact.)
        !value.is_empty()
            && ((METADATA.contains(&label.as_str())
                && (!value.contains(char::is_whitespace) || iso_date(value).is_some()))
                || (estimate(&label, value) && value.split_whitespace().count() <= 6)
                || (dated(&label) && says_a_date(value))
                || (PRIORITIES.contains(&label.as_str()) && says_a_priority(value)))
    })
}

/// [`states_a_fact`], in a state: only a fact whose value is one word that names a thing
/// (a date, a number, a path, code: `**Last Updated:** 2026-03-20`, ``Branch: `feat/x` ``),
/// never a state or a word of work (`Branch: merged`, `Server: down`, `Data: migrated`,
/// `**Updated**: copyright year to 2026`), which is the work's.
fn states_a_fact_alone(text: &str) -> bool {
    states_a_fact(text)
        && label_split(without_mark(text)).is_some_and(|(label, value)| {
            let label = normalize(label);
            let value = value.trim();
            let bare = value.trim_matches(['*', '_', '`', ' ']);
            let head = bare.split(" (").next().unwrap_or(bare).trim();
            // A thing: one word, a date, a number, a path or code, no state.
            let thing = !bare.contains(char::is_whitespace)
                && (value.starts_with('`')
                    || bare.contains(|c: char| {
                        c.is_ascii_digit() || matches!(c, '/' | '.' | ':' | '_')
                    }));
            // A date that starts the value, a bracket after it at most.
            let date = dated(&label)
                && says_a_date(head)
                && head.split_whitespace().count() <= 3
                && (head.starts_with(|c: char| c.is_ascii_digit())
                    || head.split_whitespace().next().is_some_and(|w| {
                        super::months::month_name(w.trim_end_matches([',', '.']))
                    }));
            // (Never one whose value says a state: `**ETA:** 2 days, blocked on vendor keys`,
            // `**Date:** 2026-03-20 (deploy failed, rolled back)`, `**Effort:** 3 files left`.)
            let says_state = status_words(bare).is_some() || says_otherwise(bare);
            !bare.is_empty()
                && !says_state
                && (thing
                    || date
                    || (estimate(&label, bare) && bare.split_whitespace().count() <= 6)
                    || (PRIORITIES.contains(&label.as_str()) && says_a_priority(bare)))
        })
}

/// Whether an item leads with a label of a fact about the work rather than a step (`Owner:
/// Alice`, `Background: the old schema …`, `Status: blocked`).
fn gives_a_fact(text: &str) -> bool {
    label_split(without_mark(text)).is_some_and(|(label, value)| {
        let name = normalize(label);
        name.split(' ').count() <= 2
            && (METADATA.contains(&name.as_str())
                || super::headings::role_named(label).is_some()
                || matches!(
                    name.as_str(),
                    "owner"
                        | "who"
                        | "background"
                        | "hintergrund"
                        | "context"
                        | "kontext"
                        | "contexto"
                        | "note"
                        | "notes"
                        | "why"
                        | "reason"
                        | "grund"
                        | "status"
                )
                || estimate(&name, value))
    })
}

/// Whether a heading names options that were rejected (`Considered and declined`,
/// `Rejected alternatives`, `Verworfen`, `Bewusst abgelehnt`).
fn declines(heading: &str) -> bool {
    holds_any(
        heading,
        &[
            "declined",
            "rejected",
            "verworfen",
            "abgelehnt",
            "descartad",
            "rechazad",
            "rejetée",
            "rejeté",
            "scartat",
            "odrzucon",
            "отклонен",
            "відхилен",
        ],
    )
}

/// Whether an option's own words open by saying it was rejected (`Declined: …`,
/// `Rejected — …`); elsewhere the words may sit in a rationale a decision's split sets
/// aside (`Microservices — we won't need them`).
fn says_declined(text: &str) -> bool {
    let lead: String = text
        .trim_start_matches(['*', '_', ' '])
        .chars()
        .take(12)
        .collect();
    declines(&lead)
}

/// Whether a heading names decisions as well as what was rejected (`Decisions and rejected
/// alternatives`): its items are decisions as they say.
fn names_decisions(heading: &str) -> bool {
    holds_any(
        heading,
        &[
            "decision",
            "décision",
            "decisi",
            "entscheid",
            "решени",
            "рішен",
            "决策",
            "决定",
            "決定",
            "결정",
            "karar",
            "decyzj",
            "quyết định",
            "keputusan",
            "beslissing",
        ],
    )
}

/// Whether a Japanese sentence is a directive: it ends in `こと` after a verb's plain
/// present form (`ターミナルで実行してもらうこと`, `必ず確認すること`), not after a past one
/// (`一度試したこと`: what was once done), a state (`宿題として残っていること`: what is
/// left), or in a name of a few characters (`やること`: the things to do).
fn japanese_directive(sentence: &str) -> bool {
    let rest = sentence.trim_end_matches(['。', '.', '！', '!', ' ', '*']);
    // (Only a form that tells someone what to do or not to do: `…しないこと`, `…してもらう
    // こと`, `…ようにすること`, `必ず…すること`; a bug is listed the same way, `ログイン画面で
    // エラーが出ること`.)
    rest.strip_suffix("こと").is_some_and(|before| {
        before.chars().count() >= 5
            && !before.ends_with("ていない")
            && (before.ends_with("ない")
                || before.ends_with("てもらう")
                || before.ends_with("ようにする")
                || (rest.contains("必ず") && before.ends_with('る')))
    })
}

/// Whether a sentence opens with a command not to do something, in the languages that say
/// it with their word for "not" and a verb's command or infinitive form: `Не удаляй …`, `Не
/// коммить …`, `Не допускать …`, `Не видаляйте …`, `Nie commituj …`, `Nie usuwać …`, `Não
/// alterar …`, `Non modificare …` (not a state: `Не работает`, `Nie działa`, `Não foi`).
fn negated_command(lower: &str) -> bool {
    let mut words = lower.split_whitespace();
    let (Some(not), Some(verb)) = (words.next(), words.next()) else {
        return false;
    };
    let verb = verb.trim_end_matches(|c: char| !c.is_alphabetic());
    let ends = |endings: &[&str]| endings.iter().any(|e| verb.ends_with(e));
    match not {
        // (`Не есть` and `Не быть` say nothing to do.)
        // (An imperative's `-й` follows a vowel, `удаляй`, `трогай`; an adjective ends in
        // `-ый`, `-ий`, `-ой`: `Не критичный баг`.)
        // (A reflexive past says what happened: `Не удалось`, `Не получилось`; an
        // imperative or infinitive one may still command: `Не бойся`, `Не полагаться`.)
        "не" => {
            let reflexive = ends(&["ся", "сь"]);
            (ends(&["ть", "ти", "йте", "ьте", "ь"]) || ends(&["ай", "яй", "уй", "ей", "юй"]))
                && (!reflexive || ends(&["ться", "тись", "йся", "йтесь"]))
                && !matches!(verb, "есть" | "быть" | "путь")
                && verb.chars().count() > 3
        }
        "nie" => ends(&["ć", "j", "jcie"]) && verb.chars().count() > 3,
        "não" => ends(&["ar", "er", "ir"]) && verb.chars().count() > 3 && verb != "quer",
        // (Not a third person that ends as an infinitive does: `Non appare`, `Non compare`.)
        "non" => {
            ends(&["are", "ere", "ire"])
                && verb.chars().count() > 4
                && !matches!(verb, "appare" | "compare" | "scompare" | "riappare")
        }
        _ => false,
    }
}

/// Whether a text is a commit's line: its hash, then its message (`` `d2bfb95` - fix: … ``).
fn starts_with_commit(text: &str) -> bool {
    let text = text.trim_start_matches(['`', '*', ' ']);
    let hash_len = text.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let (hash, rest) = text.split_at(hash_len);
    let rest = rest.trim_start_matches(['`', '*']).trim_start();
    let Some(message) = rest.strip_prefix(['-', '—', '–', ':']) else {
        return false;
    };
    // A hash of digits alone (`4609328 - feat: …`) only before a conventional commit's type.
    let conventional = message
        .trim_start()
        .split_once(':')
        .is_some_and(|(kind, _)| {
            let kind = kind.split('(').next().unwrap_or(kind).trim_end_matches('!');
            !kind.is_empty() && kind.len() <= 10 && kind.bytes().all(|b| b.is_ascii_lowercase())
        });
    commit_of(hash).is_some_and(|h| h.len() == hash.len())
        || (conventional
            && (7..=40).contains(&hash.len())
            && hash.bytes().all(|b| b.is_ascii_digit()))
}

/// The revision a proof names: the hash a commit's line starts with (digits alone included,
/// `4609328 - feat: …`), else the first hash in it.
fn commit_place(text: &str) -> Option<String> {
    if starts_with_commit(text) {
        let hash = text.trim_start_matches(['`', '*', ' ']);
        let len = hash.bytes().take_while(u8::is_ascii_alphanumeric).count();
        return Some(hash[..len].to_owned());
    }
    commit_of(text)
}

/// The first word of a text that is a commit hash (7 to 40 hexadecimal digits, a digit and
/// a letter among them).
fn commit_of(text: &str) -> Option<String> {
    // (A UUID's first group is no commit: `6a4a2f0a-4ef0-4283-8ed5-9552b38b944a`.)
    let uuid = |w: &str| {
        let groups: Vec<usize> = w.split('-').map(str::len).collect();
        groups == [8, 4, 4, 4, 12] && w.bytes().all(|b| b == b'-' || b.is_ascii_hexdigit())
    };
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| !uuid(w))
        .flat_map(|w| w.split('-'))
        .find(|w| {
            (7..=40).contains(&w.len())
                && w.bytes().all(|b| b.is_ascii_hexdigit())
                && w.bytes().any(|b| b.is_ascii_digit())
                && w.bytes().any(|b| b.is_ascii_alphabetic())
        })
        .map(str::to_owned)
}

/// An item's text cut where a sentence starts with another bucket's label: `Grounding
/// shipped. Remaining: the live adapter.` is one complete item and one left to do.
fn inline_buckets(role: Role, text: &str) -> Vec<(Role, String)> {
    let mut pieces = Vec::new();
    let (mut role, mut rest) = (role, text);
    'cut: loop {
        for (at, end) in rest.match_indices(['.', '。', ';', '；']) {
            let after = rest[at + end.len()..].trim_start();
            if let Some((next, tail)) = bucket_label(after)
                && next != role
                && !tail.trim().is_empty()
            {
                pieces.push((role, rest[..at + end.len()].trim().to_owned()));
                (role, rest) = (next, tail.trim());
                continue 'cut;
            }
        }
        pieces.push((role, rest.trim().to_owned()));
        return pieces;
    }
}

/// A text split at the colon that ends its leading label, looked for only where a label
/// can end (its first 160 bytes), so that reading every sentence of a long text for one stays
/// linear: the label without its emphasis, and the rest.
fn label_split(text: &str) -> Option<(&str, &str)> {
    let mut end = 160.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    // (The first `:` or `：` (EF BC 9A), a byte at a time.)
    let bytes = &text.as_bytes()[..end];
    let (at, colon) = bytes.iter().enumerate().find_map(|(at, &b)| match b {
        b':' => Some((at, 1)),
        0xEF if bytes[at..].starts_with("：".as_bytes()) => Some((at, 3)),
        _ => None,
    })?;
    let label = text[..at].trim().trim_matches(['*', '_']);
    Some((label, text[at + colon..].trim_start_matches(['*', '_'])))
}

/// The arrows a label may start with (`**→ Start here next:**`).
const ARROWS: [char; 4] = ['→', '➡', '👉', ' '];

/// The text before and after a bold label naming `role` inside a longer text (`See
/// above. **→ Start here next:** package it.` → `See above.`, `package it.`).
fn bold_label(text: &str, role: Role) -> Option<(&str, &str)> {
    let mut from = 0;
    while let Some(open) = text[from..].find("**").map(|at| from + at) {
        let inner = &text[open + 2..];
        let close = inner.find("**")?;
        let label = inner[..close].trim();
        let rest = &inner[close + 2..];
        from = open + 2 + close + 2;
        let (label, rest) = match (
            label.strip_suffix([':', '：']),
            rest.strip_prefix([':', '：']),
        ) {
            (Some(label), _) => (label, rest),
            (None, Some(rest)) => (label, rest),
            (None, None) => continue,
        };
        let label = label.trim_start_matches(ARROWS);
        if label.chars().count() <= 30 && super::headings::role_named(label) == Some(role) {
            return Some((&text[..open], rest.trim_start()));
        }
    }
    None
}

/// Whether an item's label says its text is a guess at a cause: `**Possible root cause**:
/// …`, `Hypothesis: …`, `可能的原因：…` (not the label alone over a list).
fn guess_label(text: &str) -> bool {
    const GUESSES: [&str; 20] = [
        "hypothesis",
        "working hypothesis",
        "possible cause",
        "possible causes",
        "possible root cause",
        "probable cause",
        "suspected cause",
        "suspected root cause",
        "root cause hypothesis",
        "likely cause",
        "可能的原因",
        "可能原因",
        "可能的 root cause",
        "推测",
        "仮説",
        "가설",
        "hypothèse",
        "hipótesis",
        "hypothese",
        "гипотеза",
    ];
    label_split(without_mark(text)).is_some_and(|(label, rest)| {
        !rest.trim().is_empty()
            && label.chars().count() <= 30
            && GUESSES.contains(&normalize(label).as_str())
    })
}

/// A bucket label at the start of an entry: `Complete: x`, `**Done**:`, `✅ Completed:`.
pub(crate) fn bucket_label(text: &str) -> Option<(Role, &str)> {
    let t = without_mark(text);
    let (label, rest) = label_split(t)?;
    if label.chars().count() > 30 {
        return None;
    }
    let role = super::headings::role_named(label).filter(|r| r.is_bucket())?;
    Some((role, rest))
}

/// A decision from an item: `summary (because: rationale)` as the renderer writes it, or
/// `summary because rationale`, `summary — rationale`; `Superseded: ` marks a superseded
/// one. A decision without a rationale is reported.
fn decision(text: &str, at: usize, missing: &mut Vec<String>) -> Value {
    let (status, text) = match text.strip_prefix("Superseded: ") {
        Some(rest) => ("superseded", rest),
        None => ("active", text),
    };
    let split = text
        .rsplit_once(" (because: ")
        .map(|(s, w)| (s, w.strip_suffix(')').unwrap_or(w)))
        .or_else(|| {
            // ASCII lowercasing keeps every byte's place (the separators are ASCII).
            let lower = text.to_ascii_lowercase();
            // (A table's row: its first cell the decision, the others why.)
            [" | ", ", because ", " because ", " — ", " – ", " -- "]
                .iter()
                .find_map(|sep| lower.find(sep).map(|at| (at, sep.len())))
                .filter(|(at, _)| *at > 0 && text.is_char_boundary(*at))
                .map(|(at, len)| (&text[..at], text[at + len..].trim()))
        })
        .filter(|(s, w)| !s.trim().is_empty() && !w.trim().is_empty());
    match split {
        Some((summary, why)) => {
            json!({"summary": summary.trim(), "rationale": why.trim(), "status": status})
        }
        None => {
            missing.push(format!("/decisions/{at}/rationale"));
            json!({"summary": text, "status": status})
        }
    }
}

/// A "done when" sentence of a goal's paragraph: the goal's criterion in prose.
fn prose_criteria(paragraph: &str) -> Vec<String> {
    let cues = [
        "done when",
        "complete when",
        "finished when",
        "succeeds when",
        "success means",
        "success criteria",
        "acceptance criteria",
        "definition of done",
        "criteria:",
        "критерии",
        "kriterien",
        "验收标准",
        "驗收標準",
        "is done once",
    ];
    paragraph
        .split_inclusive(['.', '!', ';'])
        .map(str::trim)
        .filter(|s| {
            let lower = s.to_lowercase();
            cues.iter().any(|c| lower.contains(c))
        })
        .map(str::to_owned)
        .collect()
}

/// The id an owner's line names, and the type it says: `agent:exporter`, `` `@alice` (human) ``,
/// `Owner: claude`. A sentence names no id.
fn actor_id(text: &str) -> Option<(String, Option<String>)> {
    let text = text.trim().trim_end_matches('.');
    let text = text.strip_prefix("Owner:").unwrap_or(text).trim();
    let (id, kind) = match text.rsplit_once(" (") {
        Some((id, kind)) if kind.ends_with(')') => {
            (id, Some(kind.trim_end_matches(')').to_owned()))
        }
        _ => (text, None),
    };
    let id = unescape(id.trim().trim_matches('`').trim_matches('*'));
    let word = !id.is_empty() && !id.contains(char::is_whitespace) && id.chars().count() <= 200;
    (word && !is_placeholder_text(&id)).then_some((id, kind))
}

#[cfg(test)]
mod tests {
    use super::{
        all_of, bold_lead_names_a_step, checked_claim, choice_at, clauses, decision_sentences,
        guess_label, is_check, iso_date, measured_change, proof_item, proof_sentences,
        reads_the_file, rule_item, rule_sentences, says_a_date, says_a_priority,
        says_its_heading_is_next, sentences, settled_guess, status_words,
    };

    #[test]
    fn a_guess_is_settled_only_in_words_not_denied() {
        for text in [
            "Hypothesis: lock contention; confirmed and fixed in abc1234.",
            "Likely cause: stale cache, ruled out on Monday.",
        ] {
            assert!(settled_guess(text), "{text}");
        }
        for text in [
            "Likely cause: the cache, not yet confirmed.",
            "Likely cause: the cache (unverified).",
            "Likely cause: the cache; could not be verified locally.",
            "Likely cause: the prefixed key.",
        ] {
            assert!(!settled_guess(text), "{text}");
        }
    }

    #[test]
    fn a_short_item_that_states_a_rule_is_the_rule_whole() {
        for item in [
            "수집기는 표준 라이브러리만 쓴다. 의존성을 늘리지 말 것.",
            "API server running on port 5000. Do not kill.",
        ] {
            assert!(rule_item(item), "{item}");
        }
        for item in [
            "We decided to keep SQLite. Never add Redis.",
            "38 tests pass. Never merge on red.",
            "One. Two. Three. Never merge on red.",
        ] {
            assert!(!rule_item(item), "{item}");
        }
    }

    #[test]
    fn a_guess_at_a_cause_with_its_text_is_the_guess() {
        for text in [
            "**可能的 root cause**: 注入 script 可能修改了全域環境",
            "Possible causes: the cache",
            "Hypothesis: the lock is held twice",
        ] {
            assert!(guess_label(text), "{text}");
        }
        for text in [
            "**Possible causes:**",
            "Root cause: the cache",
            "Cause: the cache",
        ] {
            assert!(!guess_label(text), "{text}");
        }
    }

    #[test]
    fn rules_said_as_rules_or_in_korean_prohibitions_are_rules() {
        for text in [
            "Hard rule for code and comments in this project: plain ASCII only.",
            "Golden rule: never push to main.",
            "Hard rules: 1) never force-push main, 2) keep the API frozen.",
            // (A quote after a prohibition is what not to run, outside Korean.)
            "上线时不要 'git push -f'。",
            "한 번에 다 하려 하지 말고 한 단계씩 검증하면서 가자.",
            "의존성을 늘리지 말 것.",
            "캐시를 지우지 마세요.",
            "개별 PC 설치형으로 안내하면 안 됩니다.",
        ] {
            assert_eq!(rule_sentences(text, false, false).len(), 1, "{text}");
        }
        for text in [
            "Hard rules were discussed at length in the kickoff meeting with the whole team: none.",
            "We wrote the rule engine: done.",
            "Hard rule violations found: 3 in the last scan.",
            "Golden rule tests: 12 added.",
            "Ground rules for the offsite: see the wiki.",
            "의존성을 늘렸다.",
            // (A question or reported speech is no rule.)
            "캐시를 지우지 말아야 할지 아직 결정하지 못했다.",
            "배포하면 안 된다는 이전 메모는 이제 해당되지 않는다.",
            "캐시를 삭제하지 말아야 할지 정하지 못했다.",
            "DB를 수정하지 말라고 했다.",
        ] {
            assert!(rule_sentences(text, false, false).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_step_that_offers_ways_is_cut_before_them() {
        let step = "统一 HUD 实现路径; 长远可以选择： 完全 Widget 化，或; 完全 QPainter 化";
        assert_eq!(
            choice_at(step).map(|at| &step[..at]),
            Some("统一 HUD 实现路径")
        );
        let step = "Postgres behouden; Postgres behouden, of; overstappen naar SQLite";
        assert_eq!(choice_at(step), Some("Postgres behouden".len()));
        let step = "Unify the renderers; either keep the widgets or; draw it all";
        assert_eq!(choice_at(step), Some("Unify the renderers".len()));
        for step in [
            "Unify the renderers",
            "Unify the renderers; keep the widgets; then draw",
            "Decide between A or B",
            // (An `or` with no way after it, and English `of` without a comma, offer none.)
            "Pick a color; red, blue, or",
            "Finish the migration; batch the tables in the order of; size",
        ] {
            assert_eq!(choice_at(step), None, "{step}");
        }
    }

    #[test]
    fn a_check_s_name_then_its_count_is_a_result() {
        for said in [
            "验证通过率：100%",
            "Verified UUIDs: 2",
            "Verification rate: **100%**",
        ] {
            assert!(!is_check(said), "{said}");
        }
        for check in [
            "验证登录流程",
            "Verify: the suite passes",
            "Check that 2 jobs run",
            // (A port or a time is no count after a label.)
            "Verify the health endpoint on localhost:8080",
            "Check the logs after 10:30 UTC",
            "Verify: 3 endpoints answer 200",
        ] {
            assert!(is_check(check), "{check}");
        }
    }

    #[test]
    fn a_short_item_that_states_a_result_is_its_proof_whole() {
        for item in [
            "Shipped. 10/10 vitest tests pass.",
            "Full suite green after each fix (1747 passing at end); changelog updated",
            "477 passed, 1 skipped. Critic verdict: APPROVED.",
        ] {
            assert!(proof_item(item), "{item}");
        }
        for item in [
            // (A decision or a rule beside the result is not a proof's context, nor a
            // failure, work not done or a turn.)
            "We decided to keep SQLite. 38 tests pass.",
            "Never merge on red; 38 tests pass.",
            "Login page regressed; 10/10 unit tests pass but e2e is red.",
            "TODO: wire up the auth flow. 38 tests pass.",
            "Blocked on review. 12/12 tests pass.",
            "Broke the build; 38 tests pass locally.",
            // (Too long, or too many clauses.)
            &"38 tests pass. ".repeat(15),
            "Built. Tested. Shipped. 38 tests pass.",
        ] {
            assert!(!proof_item(item), "{item}");
        }
    }

    #[test]
    fn a_count_then_a_pass_said_of_it_is_a_result() {
        for sentence in [
            "All 6 scripts pass shellcheck",
            "now pass (19/19 E2E green, 0 retries)",
            "8/8 GPT-5 audit items resolved",
            "Все 21 тест Execution Context проходят",
            "**Tests:** 80 verdes (`pytest -q`).",
            "All 6 CrispCalc CI jobs green",
            "25 appels API / 0 erreur",
            "Task 3 → merged as `56fff09` (PR #106)",
        ] {
            assert!(
                !proof_sentences(sentence, false, false).is_empty(),
                "{sentence}"
            );
        }
        for sentence in [
            // (Owed, possible or denied.)
            "Get all 6 scripts to pass shellcheck",
            "3 flaky scripts don't pass on CI",
            "5 тестов не проходят",
            "Observer le journal des appels LMS (0 erreur attendu).",
            // (A version, a date, a name or a pass named by its number is no count.)
            "Bis 2.0.2 per API als grün verifiziert.",
            "Phase 2.5 auth middleware, pass-through for now",
            "Safe gate for Session H once the 30-day window passes.",
            "See `2026-05-22-remaining-backlog-pass.md`.",
            "The run from pass 182 through pass 191 kept pushing forward.",
            "Les agents doivent recevoir la liste §4/§5, sinon ils passent leur temps.",
            "12 scripts, 0 pass",
            "Of 12 scripts, 0 of them pass",
            // (Resolved only with all of a count.)
            "3/4 audit items resolved",
            // (A colour, a meeting, a share of a whole, or a pass now and then.)
            "Made 3 buttons green in the header",
            "Painted the 2 status badges green",
            "Made 3 circles green in the chart",
            "Colored 4 special badges green",
            "2 встречи проходят по вторникам",
            "3 поезда прошли через станцию",
            "0 of 12 scripts pass shellcheck",
            "None of the 6 scripts pass",
            "0/5 E2E green",
            "Only 0 of 40 suites pass",
            "7 flaky jobs rarely pass",
            "2 jobs fail and 3 jobs pass intermittently",
        ] {
            assert!(
                proof_sentences(sentence, false, false).is_empty(),
                "{sentence}"
            );
        }
    }

    #[test]
    fn a_count_all_of_which_passed_and_a_share_that_moved_are_results() {
        assert!(all_of("4/4") && all_of("309/309"));
        for word in ["0/0", "3/4", "4/", "/4", "a/a", "4"] {
            assert!(!all_of(word), "{word}");
        }
        for sentence in [
            "Smoke freecadcmd: 4/4 sólidos válidos (volumen>0) ✅.",
            "Critic verdict: APPROVED.",
            "✅ face_recognition.py : 15.83% → **82.01%** (+66.18%)",
            "テストカバレッジ大幅向上（68% → 86%）",
            "Coverage improved: 72%->74%",
            "所有验收脚本实测通过（27/27），服务可正常启动。",
            "✅ Next.js app coverage 40% → 80%",
            "✅ Coverage 60% → 85% (CI threshold is 80%)",
        ] {
            assert!(
                !proof_sentences(sentence, false, false).is_empty(),
                "{sentence}"
            );
        }
        for sentence in [
            "3/4 sólidos válidos",
            "验收脚本通过（3/4）",
            "验收脚本未通过（27/27）",
            "目标：所有验收脚本通过（27/27）。",
            "下周前要通过（3/3）",
            "没有通过（27/27）的脚本需要重跑。",
            "设计评审通过（12/12 日）。",
            "是否全部通过（3/3）还不确定？",
            "Launch on 5/5 looks ok.",
            "Next tool with same pattern: Approved instantly",
            "Reviewer verdict: Approved once the flaky tests are fixed.",
            "Error rate increased 2% → 15% after the deploy.",
            "✅ Plan agreed: take coverage 60% → 80% next sprint.",
            "**core/exceptions.py** : 89% → 95%",
            "カバレッジ76.8%→80%改善中 ✅",
            "✅ Target: coverage 60% → 80%",
            "✅ v1.2 → v1.3",
        ] {
            assert!(
                proof_sentences(sentence, false, false).is_empty(),
                "{sentence}"
            );
        }
        assert!(!measured_change("✅ 15% → %"));
    }

    #[test]
    fn a_step_struck_out_is_none_unless_it_says_what_is_left() {
        for step in [
            "~~Verify the uptime RPC~~",
            "~~**[必須] uptime RPC の実DB検証**~~ → **完了（2026-04-15）**: 2並列で検証した。",
            "~~Remove the old cron job~~ → done",
        ] {
            assert!(super::struck_out(step), "{step}");
        }
        for step in [
            "~~Use Redis~~ Use Postgres for the cache",
            "~~Deploy on Friday~~ done differently: deploy Monday after the freeze",
            "~~Migrate v1~~ → done for v2; v3 still needs the migration",
            "~~Fix login~~ → completed by Ana; now fix signup the same way",
            "Verify ~~the~~ uptime RPC",
        ] {
            assert!(!super::struck_out(step), "{step}");
        }
    }

    #[test]
    fn a_step_struck_and_said_dropped_is_none_and_no_work_done() {
        use super::{after_strike, says_dropped, struck_out};
        for step in [
            "~~Per-request thinking control~~ — **CONFIRMED IMPOSSIBLE on this server build**. Skip.",
            "~~Redis cache~~ not needed",
            "~~迁移旧表~~ 取消",
            "~~Exportar PDF~~ → descartado",
        ] {
            assert!(after_strike(step).is_some_and(says_dropped), "{step}");
            assert!(struck_out(step), "{step}");
        }
        for step in [
            // (A drop said past the first clause is no drop of the strike's.)
            "~~T13 决策点~~——T13 定稿：`strict_schema` 默认 false（dropped 位列补 NULL）",
            "~~Fix login~~ → done",
            "~~Use Redis~~ Use Postgres, skip the cache warmup",
            "Skip the flaky test",
        ] {
            assert!(!after_strike(step).is_some_and(says_dropped), "{step}");
        }
        // (Said dropped, with what is left after it: a step still.)
        assert!(!struck_out(
            "~~Fix login~~ not needed; now fix signup the same way"
        ));
        // (Nor a skip of part of it, a drop for now, or one with what is done instead.)
        for step in [
            "~~Run the full test suite~~ skip the slow ones, run unit tests only",
            "~~Deploy to prod~~ not possible until the DNS change lands",
            "~~Add rate limiting~~ skipped for now, revisit after launch",
            "~~Update the old API docs~~ obsolete — delete them instead",
            "~~迁移旧表~~ 取消，改为直接重建新表",
            "~~PDF-Export~~ entfällt vorerst, aber noch vor 3.0 erledigen",
            "~~Exportar PDF~~ descartado, en su lugar exportar a HTML imprimible",
            "~~Экспорт в PDF~~ отменено, вместо этого сделать экспорт в HTML",
        ] {
            assert!(!struck_out(step), "{step}");
        }
    }

    #[test]
    fn work_said_working_resolved_or_awaited_in_other_languages() {
        use super::{Role, status_words};
        for (text, role) in [
            (
                "Bulk operations (bloquear/desbloquear contatos) funcionando corretamente.",
                Role::Complete,
            ),
            (
                "El bug crítico ha sido resuelto exitosamente.",
                Role::Complete,
            ),
            (
                "Ожидает merge оператором → тег v3.9.0-beta.1",
                Role::Blocked,
            ),
            (
                "A importação não está funcionando corretamente.",
                Role::Unverified,
            ),
            (
                "La exportación no funciona correctamente.",
                Role::Unverified,
            ),
        ] {
            assert_eq!(status_words(text), Some(role), "{text}");
        }
        // (`ожидает` alone is an API's "expects".)
        assert_ne!(
            status_words("Метод ожидает строку в UTF-8"),
            Some(Role::Blocked)
        );
    }

    #[test]
    fn a_plan_under_work_done_is_work_left() {
        use super::says_a_plan;
        for text in [
            "We plan to switch to pnpm next week",
            "Планируется перейти на новую версию API",
            "计划迁移到新版本",
            "We will open a ticket with the vendor",
            "I plan to drop Node 18 support",
            "来週DB移行予定",
            "来週完了予定",
            // (Its lead in emphasis or with an apostrophe.)
            "We're planning to drop Node 18",
            "We’re planning to retire the v1 API",
            "**We will** move to pnpm next week",
            "We *will* switch the DB",
            "Geplant: Migration auf Postgres 16",
            "We will e-mail the vendor next week",
            // (The work planned may be a finish or a launch.)
            "计划下周上线新版本",
            "计划在已有集群上部署",
            "打算完成数据库迁移",
            "下周迁移数据库到 PostgreSQL",
            "来週リリース",
            "来週リリースする",
            "来週リリースの予定です",
            "移行は来月の予定",
            // (`已` then a word that says the work not done: put off, scheduled, cancelled,
            // paused.)
            "计划下周上线新版本（已推迟）",
            "计划迁移数据库到 PostgreSQL，已排期",
            "计划迁移数据库已取消",
            "计划迁移数据库，已暂停",
            "计划下周重构 parser，已经不需要了",
            "计划迁移数据库，已延迟到下个月",
            "计划上线新版本，已回滚",
            // (`做完`, `完毕` after a plan's lead or a time alone: the plan's end.)
            "计划下周做完数据库迁移",
            "计划在月底前迁移完毕",
            "下周做完压测",
            "准备下周上线新版本",
            "来週、移行完了後にリリース予定",
            "移行完了次第リリース予定",
            "リリースはQ3の予定",
            "対応は次のスプリントの予定",
            "リリースは2026年の予定",
        ] {
            assert!(says_a_plan(text), "{text}");
        }
        for text in [
            "Planned the migration with the DBA and ran it",
            "Added the plan view to the dashboard",
            "Willow theme shipped",
            "Will Smith reviewed the PR and approved it",
            "will-o-wisp sprite added",
            // (Said done, in a script without spaces or after a conjunction.)
            "计划任务模块已完成并上线",
            "计划中的数据库迁移已全部完成",
            "予定表の同期機能を実装した",
            "予定通りv2をリリース完了",
            "計画通りにDB移行を完了",
            "Geplant und umgesetzt: der neue Export",
            "Planejamos e entregamos o novo fluxo",
            "Planeamos y ejecutamos la migración",
            "Планируем и выполнили: переход на API v2",
            // (A name, a hyphenated word or a quotation.)
            "Plan-to-execute agent loop implemented and tested",
            "Planning to-do items migrated to Linear",
            "计划",
            "予定",
            "dead_code属性追加（App構造体、SPEC-004で使用予定）",
            // (A plan's word that names a thing.)
            "计划任务模块重构",
            "予定表の同期機能",
            "会議の予定",
            "“We will rock you” demo track added",
            "'We will' banner copy added",
            "«We will» banner",
            "`We will` template string removed",
            "计划迁移数据库已实现",
            "计划迁移数据库，已部署",
            "准备阶段的文档整理",
            "准备测试数据集（10 万条）",
            "准备金模块上线",
            "下周例会的议程整理",
            "下周计划文档编写",
            "下周一演示用的环境搭建完毕",
            "下周 demo 的 slides 做完了",
            "来週リリース向けのバグ修正完了",
            "来週月曜デモ用の環境構築",
            "**来週** リリース用ビルド作成",
            "カレンダー画面は会議の予定",
            "通知設定は完了、リマインダーは会議の予定",
            "来週分のデータを投入",
            "下周报模板",
            "予定管理画面を追加",
            "計画書のレビュー対応",
            "\"We Will Rock You\" demo track added",
            // (Denied.)
            "We will no longer hit the OOM: fixed the leak in the parser",
            "We will not need the shim any more: removed it",
        ] {
            assert!(!says_a_plan(text), "{text}");
        }
    }

    #[test]
    fn what_is_left_is_a_word_of_its_own() {
        use super::{LEFT, holds_word, nothing_under_way};
        for text in [
            "done, but tests still fail",
            "hecho, pero falta el deploy",
            "完了、まだテストが残っている",
            "сделано, но тесты падают",
        ] {
            assert!(holds_word(text, &LEFT), "{text}");
        }
        for text in [
            "сделано в PR 12",
            "hecho, sin problemas de regresión",
            "Butler merged it",
        ] {
            assert!(!holds_word(text, &LEFT), "{text}");
        }
        for text in [
            "No active tasks right now — the sprint closed out.",
            "Nothing in progress.",
            "No active tasks identified",
        ] {
            assert!(nothing_under_way(text), "{text}");
        }
        assert!(!nothing_under_way(
            "Nothing blocks the importer; it is half done"
        ));
    }

    #[test]
    fn a_paragraph_that_only_names_a_stage() {
        use super::stage_name;
        for text in [
            "Phase 3: Implementation.",
            "Stage 2 — Rollout",
            "Fase 4: Testes",
            "阶段 2：上线",
        ] {
            assert!(stage_name(text), "{text}");
        }
        for text in [
            "Phase 3: implement the builder, then the bindings.",
            "Phases: three",
            "Phase 2 Deploy to staging",
            "Step 1: Run the migration on staging and check the logs",
            "The next phase: Implementation",
        ] {
            assert!(!stage_name(text), "{text}");
        }
    }

    #[test]
    fn a_wait_label_names_what_the_work_waits_on() {
        use super::waits_on_something;
        for rest in [
            "Darin to test on the branch",
            "que Ana revise el PR",
            "no access to prod yet",
        ] {
            assert!(waits_on_something("Waiting on", rest), "{rest}");
        }
        // (A then-clause keeps a wait on someone; only a wait for a thing may be the reader's
        // own step.)
        assert!(waits_on_something(
            "WAITING",
            "Legal to approve the license change, then the release can go out"
        ));
        assert!(waits_on_something(
            "Waiting on",
            "nothing but the security sign-off from Priya"
        ));
        for rest in [
            "none",
            "nothing right now",
            "N/A",
            "aucune",
            "nada no momento",
            "nothing — start here: add CSV header detection in import.rs.",
            "resolved — the vendor key arrived; wire it into config/prod.toml.",
        ] {
            assert!(!waits_on_something("Waiting on", rest), "{rest}");
        }
        assert!(!waits_on_something(
            "Waiting for",
            "CI on PR #88 to go green, then merge it and tag v1.4.0."
        ));
    }

    #[test]
    fn a_steps_heading_names_a_step_after_its_colon_only_when_one_is_said() {
        use super::heading_names_a_step;
        for rest in [
            "Build `acg/runtime.py`",
            "verify seam painting + make seams visible",
            "Calendar Plugin",
            "Pick up the Stripe webhook retries",
            "Migrate one of the remaining services to gRPC",
            "Get the release notes in order",
        ] {
            assert!(heading_names_a_step(rest), "{rest}");
        }
        for rest in [
            "see below",
            "ver abajo",
            "pick one of these",
            "choose between the options below",
            "in priority order",
            "undecided",
            "Monday 2024-06-03",
            "blocked on Maria's API key",
            "Calendar Plugin (merged in #42)",
            "none",
            "if the CI fails",
        ] {
            assert!(!heading_names_a_step(rest), "{rest}");
        }
    }

    #[test]
    fn a_marked_step_reports_a_change_only_in_words_that_say_it_was_made() {
        use super::reports_a_change;
        for text in [
            "The RAG corpus file registration now uses GitHub permalinks as displayName.",
            "A migration tool has been created to remove all files.",
        ] {
            assert!(reports_a_change(text), "{text}");
        }
        for text in [
            "Execute as migrations SQL no Supabase",
            "Autenticazione completa (login, signup, password reset)",
            "Further refine how sources are presented to users in Slack messages.",
            "The adapter will now be created in v2.",
            "Now add the integration tests for the parser",
        ] {
            assert!(!reports_a_change(text), "{text}");
        }
    }

    #[test]
    fn a_check_blocked_is_not_one_that_expects_a_blocked_result() {
        use super::blocked_check;
        assert!(blocked_check("E2E tests are blocked by a missing browser."));
        assert!(blocked_check(
            "E2E suite: could not run, hit a blocked port on the CI runner."
        ));
        assert!(blocked_check(
            "Integration tests — a blocked dependency on the staging DB stops them from running."
        ));
        for text in [
            "`test_runtime_blocks_writes` — proposing a path outside `allowed_paths` produces a BLOCKED entry, not an ALLOWED one.",
            "Returns an blocked status for unknown users",
        ] {
            assert!(!blocked_check(text), "{text}");
        }
    }

    #[test]
    fn a_sentence_keeps_the_emphasis_it_closes_and_not_the_next_ones() {
        use super::sentences;
        assert_eq!(
            sentences("**The planner is wired.** Visualizer renders. All 22 tests pass."),
            [
                "**The planner is wired.**",
                "Visualizer renders.",
                "All 22 tests pass."
            ]
        );
        assert_eq!(
            sentences("完了。**必ず** 開く。"),
            ["完了。", "**必ず** 開く。"]
        );
        assert_eq!(
            sentences("Done. **Next** comes the parser."),
            ["Done.", "**Next** comes the parser."]
        );
    }

    #[test]
    fn a_label_that_says_the_work_waits_on_someone() {
        use super::waiting_label;
        for label in [
            "WAITING",
            "Waiting on",
            "**Blocked**",
            "On hold",
            "En attente",
            "等待中",
        ] {
            assert!(waiting_label(label), "{label}");
        }
        for label in ["Wait for CI", "Next step", "Owner", "Waiting room"] {
            assert!(!waiting_label(label), "{label}");
        }
    }

    #[test]
    fn a_block_or_a_defect_denied_or_inside_a_word_stands_not() {
        use super::{Role, not_done_after_all};
        for text in [
            "Desbloqueado por el equipo de infra: deploy hecho",
            "Débloqué par Marc, déployé",
            "Unblocked by infra, deploy works",
            "Ya no bloqueado por infra, deploy hecho",
            "El test de login ya no sigue fallando.",
        ] {
            assert_eq!(not_done_after_all(text), None, "{text}");
        }
        assert_eq!(
            not_done_after_all("0/3 pasando, bloqueados por un bug"),
            Some(Role::Blocked)
        );
        assert_eq!(
            not_done_after_all("Auth migrated. The cache never warms up and the API is broken"),
            Some(Role::Remaining)
        );
        assert_eq!(
            not_done_after_all("Despite these fixes, hallucinations are still being observed."),
            Some(Role::Remaining)
        );
    }

    #[test]
    fn a_date_or_a_priority_over_the_steps_is_no_step() {
        for value in [
            "2026-03-24",
            "Janvier 2025",
            "March 2026",
            "Q3 2026",
            "24. Juli 2026",
            "Dec 7",
            "Jun 3",
        ] {
            assert!(says_a_date(value), "{value}");
        }
        for value in [
            "ship v2 Friday",
            "Fri — deploy hotfix",
            "fix the deploy script by Friday",
        ] {
            assert!(!says_a_date(value), "{value}");
        }
        for value in [
            "Medium",
            "🔴 High",
            "P1",
            "Alta",
            "High priority",
            "中",
            "1",
            "Must-have",
            "Alta prioridad",
            "Top",
            "Sev1",
            "Élevée",
            "高优先级",
        ] {
            assert!(says_a_priority(value), "{value}");
        }
        for value in [
            "rotate keys",
            "Fix CI",
            "Tests reparieren",
            "修复登录",
            "Must fix",
            "to",
        ] {
            assert!(!says_a_priority(value), "{value}");
        }
    }

    #[test]
    fn a_step_that_only_reads_this_file_is_none() {
        for step in [
            "Read this file.",
            "**Read this document first**",
            "读取本文件",
            "先阅读本文件。",
            "Lee este documento",
            "**READ**: .claude/session-handoff.md (this file) COMPLETELY",
            "Read HANDOFF.md (this file) completely before starting.",
            "Read `HANDOFF.md` (this file) — especially Gotchas.",
        ] {
            assert!(reads_the_file(step), "{step}");
        }
        // (A step that does more, or only holds the words: a step.)
        for step in [
            "Read this file, then run `make test`",
            "Move the handler into this file",
            "Split this file, it is already huge",
            "Fix the thread leak in this file",
            "Read the scheduler notes",
            "**READ**: .claude/AGENT-GUIDE.md COMPLETELY",
            "Read the guide (this file links it) and apply it",
            "**READ**: HANDOFF.md (this file), then fix the login crash",
            "Read HANDOFF.md (this file) and fix the crash",
        ] {
            assert!(!reads_the_file(step), "{step}");
        }
    }

    #[test]
    fn only_a_sentence_that_its_heading_is_next_points_at_it() {
        assert!(says_its_heading_is_next(
            "This is the next logical implementation step."
        ));
        for text in [
            "This is the next thing to do: migrate the session store to Redis.",
            "This is the next milestone after the parser rewrite. Migrate the session store.",
            "Wire the Redis cache into the API. This is the next blocker for the beta.",
        ] {
            assert!(!says_its_heading_is_next(text), "{text}");
        }
    }

    #[test]
    fn a_bold_lead_names_a_step_not_a_rule_or_a_hedge() {
        assert!(bold_lead_names_a_step(
            "**Make the repository public** (if OSS)"
        ));
        for text in [
            "**Never run the migration without a fresh backup**",
            "*(optional)* bump the version first",
            "**Note**: the token expires",
            "**Do not** push to main",
        ] {
            assert!(!bold_lead_names_a_step(text), "{text}");
        }
    }

    #[test]
    fn clauses_are_never_cut_inside_code() {
        let cut: Vec<&str> =
            clauses("Built. `go test ./... -race` passes; `a. b` too. Done").collect();
        assert_eq!(
            cut,
            [
                "Built.",
                "`go test ./... -race` passes",
                "`a. b` too.",
                "Done"
            ]
        );
        // (An unpaired backtick opens no code.)
        let cut: Vec<&str> = clauses("It's `odd. Then more").collect();
        assert_eq!(cut, ["It's `odd.", "Then more"]);
    }

    #[test]
    fn what_follows_a_claim_may_take_it_back() {
        assert!(!checked_claim(
            "Verified on hardware",
            "since then the firmware changed"
        ));
        assert!(!checked_claim(
            "Hash match: verified on hardware.",
            "Just kidding, it isn't."
        ));
        assert!(checked_claim(
            "Verified working in live play by the operator.",
            "No further action."
        ));
    }

    #[test]
    fn a_check_said_done_in_prose_is_a_claim() {
        for said in [
            "Cross-impl hash match verified on hardware.",
            "Verified empirically on Gemma 26B.",
            "Manual testing confirms cross-cell updates work",
            "Bis 2.0.2 per API als grün verifiziert",
            "Ollama è stato verificato sul Mac",
            "The surface was verified against the decompiled assembly",
            "**MCP Lifecycle Audit** - Confirmed full specification compliance",
            "3 identical runs per cell confirmed",
            "全链路验证通过",
            "動作確認済み",
        ] {
            assert!(checked_claim(said, ""), "{said}");
        }
        for said in [
            "The watchdog reuses its verified entry buffer",
            "Small, tested commits",
            "99 confirmed anchor entries",
            "Tested only on macOS",
            "The bootloader still needs to be verified",
            "Not yet tested on Windows",
            "La reprise est peut-être testée",
            "`email_verified` is always false",
            "Tokenizer rewrite: verified by code inspection",
            "**Verified working:**",
            "Was it verified on staging?",
            "`bootstrap` - [TESTED ✅/❌] - Description",
            "Verify the release",
            "尚未验证通过",
            "확인 완료 표시하지 않습니다",
            // Said by someone else, doubted, in jest, for later, or of the product at work.
            "Nobody has verified the hash match on hardware.",
            "The vendor claims it was tested on hardware.",
            "Oh sure, it's totally verified.",
            "Das wird morgen auf Hardware verifiziert.",
            "Confirmed orders are exported nightly.",
            "The cron job confirms bookings every hour.",
            "Verified by reading the code.",
            "~~Hash match verified on hardware.~~",
            "Verified on hardware: N/A.",
        ] {
            assert!(!checked_claim(said, ""), "{said}");
        }
    }

    #[test]
    fn a_choice_said_deliberate_or_rejected_is_a_decision() {
        for text in [
            "Bewust geen kale NER (interpreteerbaar, hoge precisie).",
            "DB-Inhalte wurden bewusst nicht angefasst.",
            "We considered it and rejected it: HMIs ship large vendor AARs.",
            "After two spikes we went with SQLite for the cache.",
            "Redis did not scale for us, so we went with Postgres.",
        ] {
            assert_eq!(decision_sentences(text).len(), 1, "{text}");
        }
        // (Not a short lead into what follows, nor a word inside another, nor a choice
        // doubted, denied, someone else's or another sense of the words.)
        for text in [
            "Umsetzung bewusst so:",
            "The bewustzijn module loads first.",
            "We have not settled on a database yet.",
            "We are still unsure whether we went with the right cache.",
            "If the client rejected it, we would need another vendor.",
            "Upstream maintainers rejected it; waiting for a new review round.",
            "The parser rejected items with no id field.",
            "The build went with errors on Windows last night.",
            "Das war nicht bewusst so gebaut, sondern ein Versehen.",
            "Das Team hat das Problem unbewusst eingeführt.",
            "Wij zijn ons bewust van het geheugenlek.",
        ] {
            assert!(decision_sentences(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn waiting_for_someone_says_blocked_in_other_languages() {
        for text in [
            "PR #6167 offen, wartet auf ioBroker Team Review",
            "PR (wartet auf Review).",
            "Publication en attente de la revue",
            "aguardando aprovação do cliente",
            "DeepSeek V4 Pro 需等待上游开放后才可实际使用。",
            "čeká na schválení",
        ] {
            assert_eq!(status_words(text), Some(super::Role::Blocked), "{text}");
        }
        // (No longer waiting, or no need to wait, is no wait; nor is expecting.)
        for text in [
            "因此本轮不再等待中转恢复，开跑。",
            "部署完成，无需等待审批。",
            "新接口不需要等待上游，可以直接使用。",
            "La tâche n'est plus en attente de la revue, fusionnée.",
            "De levering wordt verwacht op maandag.",
            "Die Funktion erwartet auf jeden Fall einen String.",
            "Функция ожидает строку в UTF-8.",
        ] {
            assert_ne!(status_words(text), Some(super::Role::Blocked), "{text}");
        }
    }

    #[test]
    fn a_date_s_day_ends_no_sentence_or_clause() {
        assert_eq!(
            sentences("Stand: 24. Juli 2026 · Branch main. Alles grün."),
            ["Stand: 24. Juli 2026 · Branch main.", "Alles grün."]
        );
        assert_eq!(
            sentences("Ran 24. Then stopped."),
            ["Ran 24.", "Then stopped."]
        );
        assert_eq!(
            sentences("Tests passed: 12. June data not yet imported."),
            ["Tests passed: 12.", "June data not yet imported."]
        );
        assert_eq!(
            clauses("Am 3. März deployed. Tests green").collect::<Vec<_>>(),
            ["Am 3. März deployed.", "Tests green"]
        );
    }

    #[test]
    fn iso_dates_are_read_whole() {
        assert_eq!(
            iso_date("Session: 2026-08-13 (maintenance)"),
            Some(20_260_813)
        );
        assert_eq!(iso_date("2026-02-15 18:02"), Some(20_260_215));
        assert_eq!(iso_date("v12026-08-13"), None);
        assert_eq!(iso_date("2026-08-134"), None);
        assert_eq!(iso_date("2026-8-13"), None);
        assert_eq!(iso_date("Session 3"), None);
        assert_eq!(iso_date("日付 2026-01-02"), Some(20_260_102));
    }
}

//! A prompt for the next session, pasted into the handoff inside a fence under a heading that
//! names it (`## Paste this into a new Claude Code session`, `## Prompt para pegar en el chat
//! nuevo`, `## 新会话开头可粘贴的交接提示`): a handoff written for the next reader, read as a
//! document of its own for what the rest of the file does not say.
//!
//! The rest of the file comes first: a field the file gives outside the prompt keeps what the
//! file says; the prompt fills only the fields (a state's bucket, the decisions, the next
//! action with its verification) left empty, or filled only where no section named them (the
//! objective from the title, the next step from the first thing left: [`Mapped::fallback`])
//! when the prompt names them. The prompt's text stays where it was kept (its section, or its
//! lines under a mapped one), and the draft names what was read from it.

use serde_json::Value;

use super::hyphenated_words;
use super::map::{Mapped, map};
use super::parse::{Block, Document, Section, unquote};

/// A fence's language that holds prose: none, or one of these (` ```markdown `, ` ```text `).
const PROSE: [&str; 7] = ["", "markdown", "md", "text", "txt", "plaintext", "prompt"];

/// The fewest non-blank lines a fence holds to be read as a prompt: a line or two is a
/// command or a name, not a handoff.
const MIN_LINES: usize = 3;

/// The most bytes a fence holds to be read as a prompt: a prompt someone pastes is a few
/// pages (the longest met, 10 KB); a larger fence is data or a log, and reading it as a
/// document of its own would double the cost of a large file for nothing.
const MAX_BYTES: usize = 256 * 1024;

/// What a file's text gives, a prompt for the next session inside it read for the fields the
/// rest leaves empty.
pub(crate) fn read(doc: &Document, skip: Option<usize>) -> Mapped {
    let mut mapped = map(doc, skip);
    let skipped = skip.and_then(|i| doc.sections.get(i));
    let prompt = doc
        .sections
        .iter()
        .filter(|s| !skipped.is_some_and(|k| std::ptr::eq(k, *s)))
        .filter(|s| names_a_prompt(&s.heading))
        .find_map(|s| fenced_prose(s, doc).map(|text| (s, text)));
    if let Some((section, text)) = prompt {
        // (One level: a prompt inside the prompt is read as `map` reads any fence.)
        let inner = map(&Document::parse(&text), None);
        let filled = fill(&mut mapped, inner);
        if !filled.is_empty() {
            mapped.named.push(format!(
                "the prompt for the next session in section `{}` (line {}), read for what the rest of the file does not give: {}",
                hcr_escape::escape(&section.heading),
                section.line + 1,
                filled.join(", ")
            ));
        }
    }
    mapped
}

/// Whether a heading names a prompt to paste into the next session (`Resume prompt`,
/// `Paste this into a new Claude Code session`, `Prompt de Reprise`, `COLE ESTE CONTEXTO NO
/// CLAUDE`, `新会话开头可粘贴的交接提示`). A file's name is no prompt (`loop-prompt.md`,
/// `system-prompts.json`: one hyphenated or dotted word), nor is prompting (`Principios de
/// prompting`).
pub(crate) fn names_a_prompt(heading: &str) -> bool {
    let lower = heading.to_lowercase();
    let file_name = |w: &str| {
        w.split_once('.')
            .is_some_and(|(name, ext)| !name.is_empty() && ext.starts_with(char::is_alphanumeric))
    };
    if lower.split_whitespace().any(file_name) {
        return false;
    }
    let words = hyphenated_words(&lower);
    words.iter().any(|w| {
        matches!(
            *w,
            "prompt"
                | "paste"
                | "paste-ready"
                | "paste-in"
                | "pegar"
                | "cole"
                | "colar"
                | "coller"
                | "collez"
                | "incolla"
                | "incollare"
                | "einfügen"
        )
    }) || [
        "粘贴",
        "粘貼",
        "貼り付け",
        "プロンプト",
        "提示词",
        "提示詞",
        "交接提示",
        "붙여넣",
        "프롬프트",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// The text of the first fence of a section's own body that holds prose ([`PROSE`]) of at
/// least [`MIN_LINES`] lines and at most [`MAX_BYTES`], its fence's indentation and quote
/// markers removed.
fn fenced_prose(section: &Section, doc: &Document) -> Option<String> {
    section.blocks(doc).into_iter().find_map(|block| {
        let Block::Code(code) = block else {
            return None;
        };
        if !PROSE.contains(&code.fence.info.to_ascii_lowercase().as_str()) {
            return None;
        }
        let body = code.body();
        let bytes: usize = body.iter().map(|&l| doc.line(l).text.len() + 1).sum();
        if bytes > MAX_BYTES {
            return None;
        }
        let text: Vec<&str> = body
            .iter()
            .map(|&l| {
                let line = unquote(doc.line(l).text);
                let spaces = line.len() - line.trim_start_matches(' ').len();
                &line[spaces.min(code.fence.indent)..]
            })
            .collect();
        (text.iter().filter(|t| !t.trim().is_empty()).count() >= MIN_LINES).then(|| text.join("\n"))
    })
}

/// Fills the fields `outer` leaves empty with `inner`'s, each with what `inner` says is
/// missing under it; the names of the fields filled, in the record's order. The objective
/// and the next action `outer` only found where no section names them ([`Mapped::fallback`]:
/// a title, the first thing left) count as empty when the prompt names them.
fn fill(outer: &mut Mapped, mut inner: Mapped) -> Vec<&'static str> {
    let mut filled = Vec::new();
    let mut taken: Vec<&'static str> = Vec::new();
    // Whether `inner` says more of a field than `outer`, given whether each has it: when
    // only `inner` does, or `outer` only by a fallback and `inner` not.
    let says_more = |pointer: &str, outer_has: bool, inner_has: bool| {
        inner_has
            && (!outer_has
                || (outer.fallback.contains(&pointer) && !inner.fallback.contains(&pointer)))
    };
    let objective = says_more(
        "/objective/summary",
        outer.parts.objective.get("summary").is_some(),
        inner.parts.objective.get("summary").is_some(),
    );
    let next_action = says_more(
        "/nextAction",
        outer.parts.next_action.get("summary").is_some(),
        inner.parts.next_action.get("summary").is_some(),
    );
    let (o, i) = (&mut outer.parts, &mut inner.parts);
    if objective && let Some(summary) = i.objective.get("summary").cloned() {
        o.objective["summary"] = summary;
        taken.push("/objective/summary");
        filled.push("the objective");
    }
    if is_empty(&o.objective["acceptanceCriteria"]) && !is_empty(&i.objective["acceptanceCriteria"])
    {
        o.objective["acceptanceCriteria"] = i.objective["acceptanceCriteria"].take();
        taken.push("/objective/acceptanceCriteria");
        filled.push("the acceptance criteria");
    }
    for (bucket, pointer, name) in [
        ("complete", "/currentState/complete", "work complete"),
        ("inProgress", "/currentState/inProgress", "work in progress"),
        ("blocked", "/currentState/blocked", "work blocked"),
        ("unverified", "/currentState/unverified", "work unverified"),
    ] {
        if is_empty(&o.current_state[bucket]) && !is_empty(&i.current_state[bucket]) {
            o.current_state[bucket] = i.current_state[bucket].take();
            taken.push(pointer);
            filled.push(name);
        }
    }
    for (part, from, pointer, name) in [
        (
            &mut o.decisions,
            &mut i.decisions,
            "/decisions",
            "the decisions",
        ),
        (
            &mut o.evidence,
            &mut i.evidence,
            "/evidence",
            "the evidence",
        ),
        (
            &mut o.constraints,
            &mut i.constraints,
            "/constraints",
            "the constraints",
        ),
    ] {
        if is_empty(part) && !is_empty(from) {
            *part = from.take();
            taken.push(pointer);
            filled.push(name);
        }
    }
    if next_action {
        o.next_action = i.next_action.take();
        taken.push("/nextAction");
        filled.push("the next action");
        for key in ["furtherSteps", "notStarted"] {
            if let Some(steps) = inner.kept.remove(key)
                && !outer.kept.contains_key(key)
            {
                outer.kept.insert(key.into(), steps);
            }
        }
    }
    if o.ownership.get("nextActor").is_none() && i.ownership.get("nextActor").is_some() {
        o.ownership = i.ownership.take();
        taken.push("/ownership");
        filled.push("the next actor");
    }
    let under = |m: &str, p: &str| m == p || m.strip_prefix(p).is_some_and(|r| r.starts_with('/'));
    outer.missing.retain(|m| !taken.iter().any(|p| under(m, p)));
    outer.missing.extend(
        inner
            .missing
            .into_iter()
            .filter(|m| taken.iter().any(|p| under(m, p))),
    );
    // (In the record's order, as `map` gives them.)
    outer.missing.sort_by_key(|m| field_rank(m));
    filled
}

/// Where a pointer's field comes in a record, for the order of what is missing.
fn field_rank(pointer: &str) -> usize {
    [
        "/objective",
        "/currentState",
        "/decisions",
        "/evidence",
        "/constraints",
        "/nextAction",
        "/ownership",
    ]
    .iter()
    .position(|f| pointer.starts_with(f))
    .unwrap_or(usize::MAX)
}

/// Whether a part holds nothing (no item, no member, absent).
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(members) => members.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heading_names_a_prompt_to_paste_in_any_language() {
        for heading in [
            "Resume prompt",
            "Paste this into a new Claude Code session",
            "Next Session — Paste-Ready Handoff Prompt",
            "Prompt para pegar en el chat nuevo",
            "Prompt de Reprise",
            "📋 COLE ESTE CONTEXTO NO CLAUDE:",
            "4. 新会话开头可粘贴的交接提示",
            "次のセッション用プロンプト",
        ] {
            assert!(names_a_prompt(heading), "{heading}");
        }
        for heading in [
            "loop-prompt.md",
            "Storage: data/system-prompts.json",
            "Principios de prompting",
            "Sistema Prompts Implementation",
            "Next steps",
        ] {
            assert!(!names_a_prompt(heading), "{heading}");
        }
    }

    #[test]
    fn only_a_fence_of_prose_is_read_as_the_prompt() {
        let prose = "# H\n\n## Resume prompt\n\n```text\nGoal: ship it.\n\n## Next steps\n\n1. Tag v1.\n```\n";
        let doc = Document::parse(prose);
        let section = doc.section("Resume prompt").expect("the section");
        assert_eq!(
            fenced_prose(section, &doc).as_deref(),
            Some("Goal: ship it.\n\n## Next steps\n\n1. Tag v1.")
        );
        // A fence past the limit is data, not a prompt.
        let long = format!(
            "# H\n\n## Resume prompt\n\n```\n{}```\n",
            "- an item of a log\n".repeat(MAX_BYTES / 16)
        );
        let doc = Document::parse(&long);
        let section = doc.section("Resume prompt").expect("the section");
        assert_eq!(fenced_prose(section, &doc), None);
        // A command is no prompt, nor are two lines.
        for fence in [
            "```bash\nmake\nmake test\nmake install\n```",
            "```\nTag v1.\nPush it.\n```",
        ] {
            let text = format!("# H\n\n## Resume prompt\n\n{fence}\n");
            let doc = Document::parse(&text);
            let section = doc.section("Resume prompt").expect("the section");
            assert_eq!(fenced_prose(section, &doc), None, "{fence}");
        }
    }

    #[test]
    fn the_prompt_fills_only_what_the_file_leaves_open() {
        let text = "# Handoff\n\n## Next steps\n\n1. Cut the release.\n\n## Resume prompt\n\n```\nRULES\n-----\n- Never push to main.\n\nNEXT STEPS\n----------\n1. Write the changelog.\n```\n";
        let mapped = read(&Document::parse(text), None);
        assert_eq!(mapped.parts.next_action["summary"], "Cut the release.");
        assert_eq!(mapped.parts.constraints[0]["text"], "Never push to main.");
        assert!(
            mapped.named.iter().any(|n| n
                .starts_with("the prompt for the next session in section `Resume prompt`")
                && n.ends_with(": the constraints")),
            "{:?}",
            mapped.named
        );
    }
}

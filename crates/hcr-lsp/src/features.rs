//! What the editor asks of an open document besides its diagnostics: hover, completion, the
//! outline and code actions. Each is a pure function of the text (and of the diagnostics last
//! published for it), so each is tested without a client.
//!
//! Nothing here shows a record's own text raw: the outline's details go through
//! `hcr_validate::secrets::quote` (secrets and generated-looking words redacted), hovers and
//! completions show only the schema's, the contract's and the code table's words.

use hcr_validate::Code;
use lsp_types::{
    CodeAction, CodeActionKind, Command, CompletionItem, CompletionItemKind, CompletionTextEdit,
    DocumentSymbol, Hover, HoverContents, MarkupContent, MarkupKind, Position, Range, SymbolKind,
    TextEdit,
};

use crate::check::{Kind, code_of};
use crate::schema;
use crate::syntax::{Kind as NodeKind, Place, Tree};
use crate::text::LineIndex;

/// The command a code action runs to explain a code (its argument: the code, `"HCR101"`).
pub const EXPLAIN_COMMAND: &str = "hcr.explain";

/// The hover at `position`: the property's description when the cursor is on a key, and the
/// explanation of each code of the `diagnostics` whose range holds the position.
#[must_use]
pub fn hover(
    text: &str,
    kind: Option<Kind>,
    position: Position,
    diagnostics: &[lsp_types::Diagnostic],
) -> Option<Hover> {
    let mut parts = Vec::new();
    if kind == Some(Kind::Record) {
        let index = LineIndex::new(text);
        let offset = index.offset(text, position);
        let tree = Tree::parse(text);
        if let Place::Key { node, .. } = tree.place(text, offset)
            && let Some(described) = schema::describe(&tree.path(node))
        {
            parts.push(described);
        }
    }
    let mut codes: Vec<Code> = diagnostics
        .iter()
        .filter(|d| contains(d.range, position))
        .filter_map(code_of)
        .collect();
    codes.dedup();
    for code in codes {
        parts.push(explanation(code));
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range: None,
    })
}

/// `hcr explain CODE`'s text, headed by the code and its name.
#[must_use]
pub fn explanation(code: Code) -> String {
    let info = code.info();
    format!(
        "**{}** `{}`\n\n{}",
        code.as_str(),
        info.name,
        info.explanation_text()
    )
}

fn contains(range: Range, position: Position) -> bool {
    range.start <= position && position <= range.end
}

/// The completions at `position` of a record: property names the object there declares
/// (those not written yet), or the values an enumerated string may take.
#[must_use]
pub fn completion(text: &str, position: Position) -> Vec<CompletionItem> {
    let index = LineIndex::new(text);
    let offset = index.offset(text, position);
    let tree = Tree::parse(text);
    let replace = |start: usize, node: usize, key: bool| {
        let n = &tree.nodes[node];
        let (end, closed) = match (&n.key, key) {
            (Some(k), true) => (
                k.end,
                text.as_bytes().get(k.end - 1) == Some(&b'"') && k.end - k.start >= 2,
            ),
            _ => (n.end, n.closed),
        };
        let end = if closed { end - 1 } else { end };
        index.range(text, start, end.max(start))
    };
    match tree.place(text, offset) {
        Place::Key { node, start } => {
            let mut path = tree.path(node);
            path.pop();
            let range = replace(start, node, true);
            schema::properties(&path)
                .into_iter()
                .map(|(name, required)| {
                    property_item(
                        name,
                        required,
                        Some(CompletionTextEdit::Edit(TextEdit::new(
                            range,
                            name.to_owned(),
                        ))),
                    )
                })
                .collect()
        }
        Place::NewKey { node } => {
            let written: Vec<&str> = tree.nodes[node]
                .children
                .iter()
                .filter_map(|&c| tree.nodes[c].key.as_ref().map(|k| k.name.as_str()))
                .collect();
            schema::properties(&tree.path(node))
                .into_iter()
                .filter(|(name, _)| !written.contains(name))
                .map(|(name, required)| {
                    let mut item = property_item(name, required, None);
                    item.insert_text = Some(format!("\"{name}\": "));
                    item
                })
                .collect()
        }
        Place::String { node, start } => {
            let range = replace(start, node, false);
            schema::enumeration(&tree.path(node))
                .into_iter()
                .map(|value| CompletionItem {
                    label: value.to_owned(),
                    kind: Some(CompletionItemKind::ENUM_MEMBER),
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                        range,
                        value.to_owned(),
                    ))),
                    ..CompletionItem::default()
                })
                .collect()
        }
        Place::NewValue { node } => schema::enumeration(&tree.path(node))
            .into_iter()
            .map(|value| CompletionItem {
                label: value.to_owned(),
                kind: Some(CompletionItemKind::ENUM_MEMBER),
                insert_text: Some(format!("\"{value}\"")),
                ..CompletionItem::default()
            })
            .collect(),
        Place::Other => Vec::new(),
    }
}

fn property_item(name: &str, required: bool, edit: Option<CompletionTextEdit>) -> CompletionItem {
    CompletionItem {
        label: name.to_owned(),
        kind: Some(CompletionItemKind::PROPERTY),
        detail: Some(if required { "required" } else { "optional" }.to_owned()),
        text_edit: edit,
        ..CompletionItem::default()
    }
}

/// The code actions for the `diagnostics` a client sends with its request about the document
/// `uri` holding `text`: the quick fixes of `hcr fix` among `offered` (the fixes of the text,
/// `hcr_fix::fixes`) that repair each diagnostic, then "Explain HCRxxx" for each code (a
/// command the server answers with the explanation as a message).
#[must_use]
pub fn code_actions(
    diagnostics: &[lsp_types::Diagnostic],
    uri: &lsp_types::Url,
    text: &str,
    offered: &[hcr_fix::Fix],
) -> Vec<CodeAction> {
    let mut seen = Vec::new();
    let mut actions = Vec::new();
    for diagnostic in diagnostics {
        let Some(code) = code_of(diagnostic) else {
            continue;
        };
        actions.extend(fixes(diagnostic, uri, text, offered));
        if seen.contains(&code) {
            continue;
        }
        seen.push(code);
        let title = format!("Explain {} ({})", code.as_str(), code.name());
        actions.push(CodeAction {
            title: title.clone(),
            kind: Some(CodeActionKind::EMPTY),
            diagnostics: Some(vec![diagnostic.clone()]),
            command: Some(Command {
                title,
                command: EXPLAIN_COMMAND.to_owned(),
                arguments: Some(vec![serde_json::Value::String(code.as_str().to_owned())]),
            }),
            ..CodeAction::default()
        });
    }
    actions
}

/// The quick fixes of one diagnostic: the fixes of `offered` with its code and the JSON
/// Pointer this server puts in its `data`, each as a `WorkspaceEdit` of `uri` (the edits'
/// byte ranges in `text` as UTF-16 ranges), preferred when safe. An unsafe fix says so in its
/// title.
fn fixes(
    diagnostic: &lsp_types::Diagnostic,
    uri: &lsp_types::Url,
    text: &str,
    offered: &[hcr_fix::Fix],
) -> Vec<CodeAction> {
    let Some(code) = code_of(diagnostic) else {
        return Vec::new();
    };
    let pointer = diagnostic
        .data
        .as_ref()
        .and_then(|data| data.get("pointer"))
        .and_then(serde_json::Value::as_str);
    let index = LineIndex::new(text);
    offered
        .iter()
        .filter(|fix| fix.code == code && Some(fix.pointer.as_str()) == pointer)
        .map(|fix| {
            let safe = fix.applicability == hcr_fix::Applicability::Safe;
            let edits: Vec<TextEdit> = fix
                .edits
                .iter()
                .map(|edit| TextEdit {
                    range: index.range(text, edit.range.start, edit.range.end),
                    new_text: edit.replacement.clone(),
                })
                .collect();
            let mut changes = std::collections::HashMap::new();
            changes.insert(uri.clone(), edits);
            CodeAction {
                title: if safe {
                    format!("Fix: {}", fix.title)
                } else {
                    format!("Fix (unsafe: changes the content): {}", fix.title)
                },
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic.clone()]),
                edit: Some(lsp_types::WorkspaceEdit {
                    changes: Some(changes),
                    ..lsp_types::WorkspaceEdit::default()
                }),
                is_preferred: Some(safe),
                ..CodeAction::default()
            }
        })
        .collect()
}

/// The outline of a record (objective, the state buckets, decisions, evidence, constraints,
/// next action, ownership, review items, and the other top-level members) or of a
/// `HANDOFF.md` (its headings).
#[must_use]
pub fn symbols(text: &str, kind: Option<Kind>) -> Vec<DocumentSymbol> {
    let index = LineIndex::new(text);
    match kind {
        Some(Kind::Record) => record_symbols(text, &index),
        Some(Kind::HandoffMd) => heading_symbols(text, &index),
        None => Vec::new(),
    }
}

/// The member of each array item that names it in the outline.
fn item_name(list: &str) -> Option<&'static str> {
    match list {
        "decisions" | "openReview" => Some("summary"),
        "evidence" => Some("label"),
        "constraints" => Some("kind"),
        _ => None,
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be spelled out.
fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    range: Range,
    selection: Range,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range: selection,
        children: (!children.is_empty()).then_some(children),
    }
}

/// A string value's text for the outline: secrets and generated-looking words redacted, at
/// most a short excerpt.
fn shown(text: &str, tree: &Tree, node: usize) -> Option<String> {
    let n = &tree.nodes[node];
    (n.kind == NodeKind::String).then(|| {
        let raw = text.get(n.start..n.end).unwrap_or_default();
        let value = serde_json::from_str::<String>(raw)
            .unwrap_or_else(|_| raw.trim_matches('"').to_owned());
        hcr_validate::secrets::quote(&value, 60)
    })
}

fn record_symbols(text: &str, index: &LineIndex) -> Vec<DocumentSymbol> {
    let tree = Tree::parse(text);
    let Some(root) = tree.root().filter(|r| r.kind == NodeKind::Object) else {
        return Vec::new();
    };
    let span = |node: usize| {
        let n = &tree.nodes[node];
        let start = n.key.as_ref().map_or(n.start, |k| k.start);
        (
            index.range(text, start, n.end.max(start)),
            n.key.as_ref().map_or_else(
                || index.range(text, n.start, n.end),
                |k| index.range(text, k.start, k.end),
            ),
        )
    };
    let kind_of = |node: usize| match tree.nodes[node].kind {
        NodeKind::Object => SymbolKind::OBJECT,
        NodeKind::Array => SymbolKind::ARRAY,
        NodeKind::String => SymbolKind::STRING,
        _ => SymbolKind::FIELD,
    };
    let mut out = Vec::new();
    for &member in &root.children {
        let Some(key) = &tree.nodes[member].key else {
            continue;
        };
        let name = key.name.clone();
        let node = &tree.nodes[member];
        let mut children = Vec::new();
        let mut detail = shown(text, &tree, member);
        match node.kind {
            NodeKind::Object => {
                for &child in &node.children {
                    let Some(k) = &tree.nodes[child].key else {
                        continue;
                    };
                    let (range, selection) = span(child);
                    let child_detail = shown(text, &tree, child).or_else(|| {
                        (tree.nodes[child].kind == NodeKind::Array)
                            .then(|| count(tree.nodes[child].children.len()))
                    });
                    children.push(symbol(
                        k.name.clone(),
                        child_detail,
                        kind_of(child),
                        range,
                        selection,
                        Vec::new(),
                    ));
                }
                if name == "nextAction" {
                    detail = tree
                        .member(member, "summary")
                        .and_then(|s| shown(text, &tree, s));
                }
            }
            NodeKind::Array => {
                detail = Some(count(node.children.len()));
                for (i, &item) in node.children.iter().enumerate() {
                    let (range, selection) = span(item);
                    let item_detail = item_name(&name)
                        .filter(|_| tree.nodes[item].kind == NodeKind::Object)
                        .and_then(|field| tree.member(item, field))
                        .and_then(|field| shown(text, &tree, field));
                    children.push(symbol(
                        format!("{name}[{i}]"),
                        item_detail,
                        kind_of(item),
                        range,
                        selection,
                        Vec::new(),
                    ));
                }
            }
            _ => {}
        }
        let (range, selection) = span(member);
        out.push(symbol(
            name,
            detail,
            kind_of(member),
            range,
            selection,
            children,
        ));
    }
    out
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 item".to_owned()
    } else {
        format!("{n} items")
    }
}

/// `#` headings, nested by level.
fn heading_symbols(text: &str, index: &LineIndex) -> Vec<DocumentSymbol> {
    // (level, symbol) of the open headings, outermost first.
    let mut open: Vec<(usize, DocumentSymbol)> = Vec::new();
    let mut done = Vec::new();
    let mut offset = 0;
    let mut fenced = false;
    let close = |open: &mut Vec<(usize, DocumentSymbol)>,
                 done: &mut Vec<DocumentSymbol>,
                 level: usize,
                 end: Position| {
        while open.last().is_some_and(|(l, _)| *l >= level) {
            let Some((_, mut finished)) = open.pop() else {
                break;
            };
            finished.range.end = end;
            match open.last_mut() {
                Some((_, parent)) => parent.children.get_or_insert_with(Vec::new).push(finished),
                None => done.push(finished),
            }
        }
    };
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed.starts_with("```") {
            fenced = !fenced;
        }
        let level = trimmed.bytes().take_while(|&b| b == b'#').count();
        if !fenced && (1..=6).contains(&level) && trimmed.as_bytes().get(level) == Some(&b' ') {
            let start = index.position(text, offset);
            close(&mut open, &mut done, level, start);
            let range = index.range(text, offset, offset + trimmed.len());
            let title = hcr_validate::secrets::quote(trimmed[level..].trim(), 80);
            open.push((
                level,
                symbol(title, None, SymbolKind::STRING, range, range, Vec::new()),
            ));
        }
        offset += line.len();
    }
    close(&mut open, &mut done, 0, index.position(text, text.len()));
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(marked: &str) -> (String, Position) {
        let offset = marked.find('|').expect("a cursor");
        let text = marked.replacen('|', "", 1);
        let position = LineIndex::new(&text).position(&text, offset);
        (text, position)
    }

    #[test]
    fn completions_at_the_issue_s_places() {
        let cases: &[(&str, &str)] = &[
            (
                r#"{"constraints": [{"kind": "|"}]}"#,
                "permission safety deadline budget dependency exclusion other",
            ),
            (r#"{"decisions": [{"status": "a|"}]}"#, "active superseded"),
            (
                r#"{"ownership": {"nextActor": {"id": "x", "type": |}}}"#,
                "human agent service",
            ),
            (
                r#"{"objective": {"summary": "x", |}}"#,
                "acceptanceCriteria",
            ),
            (
                "{\"currentState\": {\n  \"comp|\"\n}}",
                "complete inProgress blocked unverified",
            ),
            (r#"{"objective": {"summary": "|"}}"#, ""),
        ];
        for (marked, wanted) in cases {
            let (text, position) = at(marked);
            let labels: Vec<String> = completion(&text, position)
                .into_iter()
                .map(|c| c.label)
                .collect();
            assert_eq!(labels.join(" "), *wanted, "{marked}");
        }
        // The value replaces what is between the quotes.
        let (text, position) = at(r#"{"constraints": [{"kind": "sa|fe"}]}"#);
        let item = completion(&text, position)
            .into_iter()
            .next()
            .expect("values");
        let Some(CompletionTextEdit::Edit(edit)) = item.text_edit else {
            panic!("an edit")
        };
        assert_eq!(
            (edit.range.start.character, edit.range.end.character),
            (27, 31)
        );
    }

    #[test]
    fn hover_on_a_key_and_on_a_diagnostic() {
        let (text, position) = at(r#"{"constraints": [{"ki|nd": "x"}]}"#);
        let shown = |h: Option<Hover>| match h.map(|h| h.contents) {
            Some(HoverContents::Markup(m)) => m.value,
            _ => String::new(),
        };
        let value = shown(hover(&text, Some(Kind::Record), position, &[]));
        assert!(value.contains("**`kind`**: one of"), "{value}");
        let diagnostic = lsp_types::Diagnostic {
            range: Range::new(Position::new(0, 0), Position::new(0, 40)),
            code: Some(lsp_types::NumberOrString::String("HCR101".to_owned())),
            ..lsp_types::Diagnostic::default()
        };
        let value = shown(hover(&text, Some(Kind::Record), position, &[diagnostic]));
        assert!(
            value.contains("**HCR101**") && value.contains("**`kind`**"),
            "{value}"
        );
        assert_eq!(hover(&text, None, position, &[]), None);
    }

    #[test]
    fn outline_of_a_record() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../protocol/v1/examples/bug-fix.json"
        ))
        .expect("example");
        let outline = symbols(&text, Some(Kind::Record));
        let names: Vec<&str> = outline.iter().map(|s| s.name.as_str()).collect();
        // Every part the schema requires but the version.
        for (wanted, _) in schema::properties(&[])
            .into_iter()
            .filter(|(name, required)| *required && *name != "schemaVersion")
        {
            assert!(names.contains(&wanted), "{wanted} in {names:?}");
        }
        let state = outline
            .iter()
            .find(|s| s.name == "currentState")
            .and_then(|s| s.children.as_ref())
            .expect("buckets");
        let buckets: Vec<&str> = state.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(buckets, ["complete", "inProgress", "blocked", "unverified"]);
        let decisions = outline
            .iter()
            .find(|s| s.name == "decisions")
            .expect("decisions");
        assert!(
            decisions
                .children
                .as_ref()
                .is_some_and(|c| c[0].name == "decisions[0]" && c[0].detail.is_some())
        );
    }

    #[test]
    fn outline_of_a_handoff_md() {
        let text =
            "# Handoff\n\n## Goal\ntext\n### Sub\n## Next action\n```\n# not a heading\n```\n";
        let outline = symbols(text, Some(Kind::HandoffMd));
        assert_eq!(outline.len(), 1);
        let children = outline[0].children.as_ref().expect("sections");
        let names: Vec<&str> = children.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Goal", "Next action"]);
        assert_eq!(children[0].children.as_ref().map(Vec::len), Some(1));
    }

    #[test]
    fn code_actions_explain_each_code_once() {
        let diagnostic = |code: &str| lsp_types::Diagnostic {
            code: Some(lsp_types::NumberOrString::String(code.to_owned())),
            ..lsp_types::Diagnostic::default()
        };
        let uri = lsp_types::Url::parse("file:///r.json").expect("a URL");
        let actions = code_actions(
            &[
                diagnostic("HCR101"),
                diagnostic("HCR101"),
                diagnostic("HCR204"),
                diagnostic("nope"),
            ],
            &uri,
            "",
            &[],
        );
        let titles: Vec<&str> = actions.iter().map(|a| a.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Explain HCR101 (missing-property)",
                "Explain HCR204 (secret-in-record)"
            ]
        );
    }

    /// A diagnostic `hcr fix` repairs gets its fix as a quick fix whose edit, applied in
    /// UTF-16 positions, gives the fixed record.
    #[test]
    fn a_fixable_diagnostic_gets_its_quick_fix() {
        let mut value: serde_json::Value =
            serde_json::from_str(hcr_validate::EXAMPLE_BASE).expect("JSON");
        value["objective"]["summary"] = serde_json::json!("Ship the fix — now, 🚀.");
        value["constraints"] = serde_json::json!([{"kind": "Permission", "text": "No deploys."}]);
        let text = serde_json::to_string_pretty(&value).expect("JSON");
        let uri = lsp_types::Url::parse("file:///r.json").expect("a URL");
        let checked = crate::check::check(&text, None, &[]);
        let offered = crate::check::fixes(&text, None, &[]);
        let actions = code_actions(&checked.diagnostics, &uri, &text, &offered);
        let quick: Vec<&CodeAction> = actions
            .iter()
            .filter(|a| a.kind == Some(CodeActionKind::QUICKFIX))
            .collect();
        assert_eq!(quick.len(), 1, "{actions:#?}");
        assert_eq!(quick[0].is_preferred, Some(true));
        let edits = &quick[0]
            .edit
            .as_ref()
            .expect("an edit")
            .changes
            .as_ref()
            .expect("changes")[&uri];
        let index = LineIndex::new(&text);
        let mut fixed = text.clone();
        for edit in edits.iter().rev() {
            let start = index.offset(&text, edit.range.start);
            let end = index.offset(&text, edit.range.end);
            fixed.replace_range(start..end, &edit.new_text);
        }
        assert!(fixed.contains("\"kind\": \"permission\""), "{fixed}");
        assert!(
            crate::check::check(&fixed, None, &[])
                .diagnostics
                .is_empty()
        );
    }
}

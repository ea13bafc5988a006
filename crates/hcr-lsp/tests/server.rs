//! The server over an in-memory connection: random edit sequences (positions in UTF-16, past
//! the ends, inside surrogate pairs; text with non-ASCII, astral characters and every kind of
//! line break) never stop it, and the diagnostics published for the last version are a fresh
//! check of the final text, computed here by a model of the edits of its own.

#![allow(clippy::unwrap_used, missing_docs)]

mod support;

use hcr_lsp::check;
use proptest::prelude::*;
use serde_json::{Value, json};
use support::Session;

/// The protocol's minimal example, the text every edit sequence starts from.
fn base() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../protocol/v1/examples/minimal.json"
    ))
    .unwrap()
}

/// The model: the LSP position (UTF-16) of the `n`th character of `chars`, counting line
/// breaks as `\n`, `\r\n` and a lone `\r`.
fn position(chars: &[char], n: usize) -> (u32, u32) {
    let (mut line, mut column) = (0, 0);
    let mut i = 0;
    while i < n.min(chars.len()) {
        match chars[i] {
            '\r' if chars.get(i + 1) == Some(&'\n') && i + 1 < n => {
                line += 1;
                column = 0;
                i += 1;
            }
            '\r' if chars.get(i + 1) == Some(&'\n') => column += 1,
            '\n' | '\r' => {
                line += 1;
                column = 0;
            }
            c => column += u32::try_from(c.len_utf16()).unwrap(),
        }
        i += 1;
    }
    (line, column)
}

/// An edit: a range of characters (start, length; taken modulo the text) replaced.
fn edit() -> impl Strategy<Value = (usize, usize, String)> {
    (any::<usize>(), 0usize..6, "[a-z\"{}:,\\[\\] é😀\n\r]{0,6}")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_edits_end_in_a_fresh_check(edits in proptest::collection::vec(edit(), 1..25)) {
        let session = Session::new();
        let uri = "file:///hcr-lsp-test/record.json";
        let mut model: Vec<char> = base().replacen("\"1.0\"", "\"1.0\", \"note\": \"😀 é\"", 1).chars().collect();
        session.notify("textDocument/didOpen", json!({"textDocument": {
            "uri": uri, "languageId": "json", "version": 1, "text": model.iter().collect::<String>()}}));
        let mut version = 1;
        for (start, length, text) in &edits {
            let start = start % (model.len() + 1);
            // Never between the `\r` and `\n` of a break: LSP has no position there.
            let start = if start > 0 && model.get(start - 1) == Some(&'\r') && model.get(start) == Some(&'\n') { start - 1 } else { start };
            let mut end = (start + length).min(model.len());
            if end > 0 && model.get(end - 1) == Some(&'\r') && model.get(end) == Some(&'\n') {
                end += 1;
            }
            let (l1, c1) = position(&model, start);
            let (l2, c2) = position(&model, end);
            model.splice(start..end, text.chars());
            version += 1;
            session.notify("textDocument/didChange", json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}, "text": text}]}));
        }
        let published = session.published(uri, version);
        let final_text: String = model.iter().collect();
        let fresh = check::check(&final_text, None, &[]).diagnostics;
        prop_assert_eq!(published, fresh);
        // Still serving: the outline of the final text.
        let symbols = session.request(2, "textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
        prop_assert!(symbols.error.is_none());
    }
}

/// A document over the record limit gets one diagnostic, and requests on it are answered.
#[test]
fn a_huge_document_gets_one_diagnostic() {
    let session = Session::new();
    let uri = "file:///hcr-lsp-test/huge.json";
    let text = format!(
        "{{\"schemaVersion\": \"1.0\", \"pad\": \"{}\"}}",
        "x".repeat(17 << 20)
    );
    session.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    let published = session.published(uri, 1);
    assert_eq!(published.len(), 1, "{published:?}");
    let hover = session.request(
        3,
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 3}}),
    );
    assert_eq!(hover.result, Some(Value::Null));
}

/// Requests the server cannot read are answered with an error, and it goes on serving.
#[test]
fn bad_requests_are_answered() {
    let session = Session::new();
    let hover = session.request(4, "textDocument/hover", json!({"textDocument": 3}));
    let error = hover.error.expect("an error");
    assert!(
        error.message.starts_with("invalid parameters"),
        "{}",
        error.message
    );
    let unknown = session.request(5, "hcr/unknown", json!({}));
    assert!(
        unknown
            .error
            .is_some_and(|e| e.message.contains("does not handle"))
    );
    let explain = session.request(
        6,
        "workspace/executeCommand",
        json!({"command": "hcr.explain", "arguments": ["HCR999"]}),
    );
    assert!(explain.error.is_some());
    let symbols = session.request(
        7,
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": "file:///never/opened.json"}}),
    );
    assert_eq!(symbols.result, Some(Value::Null));
}

//! The secret walk over the tree's flat node list (`hcr_secrets::walk_tree`, what HCR204 runs)
//! against the walk through the view (`hcr_secrets::walk`): the same events in the same order
//! on documents made of the shapes secrets take in JSON: tokens whole and cut across array
//! items, credential names as keys and in `name`/`value` objects, secrets in keys, escapes,
//! the schema's property names, repeated keys (and the values they overwrote), nested arrays.

use hcr_validate::oracle::secret_walks_agree;
use proptest::prelude::*;

const TOKEN: &str = "ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u";

/// A string literal made of pieces that find secrets, alone or with their neighbours.
fn string() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just(TOKEN.to_owned()),
        Just(TOKEN[..16].to_owned()),
        Just(TOKEN[16..].to_owned()),
        Just("\\u0067hp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u".to_owned()),
        Just("password=T7x!q9Lm2#vR4zK8".to_owned()),
        Just("Hunter2x9Qzz".to_owned()),
        Just("Bearer Qx8Rk2LmQ9vT4zN7wP1y".to_owned()),
        Just("AKIAZ7Q3N5XK2M4PL6RT".to_owned()),
        Just("-----BEGIN RSA PRIVATE KEY-----".to_owned()),
        Just("MIIEowIBAAKCAQEAq8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u".to_owned()),
        Just("-----END RSA PRIVATE KEY-----".to_owned()),
        Just("sessionid=a8f3k2m9x7q1Qx8Rk2Lm".to_owned()),
        Just("DB_PASSWORD".to_owned()),
        Just("rotated the token after the review".to_owned()),
        Just("https://ci:Hunter2x9Qzz@ci.example.com/x".to_owned()),
        // URIs without userinfo, which the parser's probe passes over; with the piece
        // after them, some gain one.
        Just("https://ci.example.com/runs/7".to_owned()),
        Just("ftp://u:Hunter2x9Qzz".to_owned()),
        Just("@ci.example.com".to_owned()),
        Just("plain words".to_owned()),
        Just(" ".to_owned()),
        Just("\\n".to_owned()),
        Just("é".to_owned()),
    ];
    prop::collection::vec(piece, 0..3).prop_map(|pieces| format!("\"{}\"", pieces.concat()))
}

/// A key: the schema's property names, credential names, naming members, ordinary names, a
/// token (a few of each, so that keys repeat in an object).
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("id"),
        Just("label"),
        Just("text"),
        Just("evidence"),
        Just("extensions"),
        Just("password"),
        Just("api_key"),
        Just("Authorization"),
        Just("Cookie"),
        Just("secret"),
        Just("token"),
        Just("value"),
        Just("name"),
        Just("key"),
        Just("data"),
        Just("notes"),
        Just("com.example.x"),
        Just("ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u"),
        Just("pass\\u0077ord"),
    ]
    .prop_map(|key| format!("\"{key}\""))
}

/// A JSON text of those strings and keys, nested.
fn document() -> impl Strategy<Value = String> {
    let scalar = prop_oneof![
        4 => string(),
        1 => Just("1".to_owned()),
        1 => Just("null".to_owned()),
        1 => Just("true".to_owned()),
    ];
    scalar.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6)
                .prop_map(|items| format!("[{}]", items.join(","))),
            prop::collection::vec((key(), inner), 0..6).prop_map(|members| {
                let members: Vec<String> = members
                    .into_iter()
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect();
                format!("{{{}}}", members.join(", "))
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

    #[test]
    fn the_flat_secret_walk_reports_what_the_view_walk_does(text in document()) {
        secret_walks_agree(text.as_bytes()).map_err(TestCaseError::fail)?;
    }
}

/// The generated documents do reach the walks' events (a comparison of two empty lists would
/// prove nothing): secrets whole, split, paired and in keys, and overwritten values.
#[test]
fn the_compared_documents_hold_secrets() {
    let cases = [
        format!(r#"{{"notes": "{TOKEN}"}}"#),
        format!(r#"["{}", "{}"]"#, &TOKEN[..16], &TOKEN[16..]),
        r#"{"extensions": {"x": {"password": "Hunter2x9Qzz"}}}"#.to_owned(),
        r#"[{"name": "DB_PASSWORD", "value": "Hunter2x9Qzz"}]"#.to_owned(),
        format!(r#"{{"{TOKEN}": 1}}"#),
        format!(r#"{{"id": "{TOKEN}", "id": "x", "a": [{{"b": 1, "b": ["{TOKEN}"]}}]}}"#),
        format!(r#"["{TOKEN}"]"#),
        format!(r#""{TOKEN}""#),
    ];
    for text in &cases {
        let events = secret_walks_agree(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(events > 0, "{text}");
    }
}

/// A member whose key is one of the schema's property names and whose string value the
/// parser's probe found clean is passed over by the flat walk (no secret of its own, and a
/// fixed word names no credential): beside members that keep its object from being quiet
/// (a token, a credential's name and value, an object's name), inside a `name`/`value`
/// object and under a credential's key, for clean values (prose, a password-like word, a
/// URI without userinfo, an escape, nothing) and values the probe found an anchor in, and
/// for keys that are no fixed word, the walks agree; and the credentials beside them, and
/// those a credential's key or an object's name makes of a clean value, are reported.
#[test]
fn a_fixed_words_clean_value_is_passed_over_as_the_view_walk_reports() {
    let fixed = hcr_validate::property_names();
    let fixed_words = [
        "id", "label", "text", "summary", "kind", "uri", "sha256", "status",
    ];
    let other_keys = [
        "password", "value", "data", "current", "token", "notes", "secret",
    ];
    for key in fixed_words {
        assert_ne!(fixed.number_of(key), hcr_json::NOT_A_KEY, "{key}");
    }
    for key in other_keys {
        assert_eq!(fixed.number_of(key), hcr_json::NOT_A_KEY, "{key}");
    }
    let values = [
        "plain words".to_owned(),
        "Hunter2x9Qzz".to_owned(),
        "DB_PASSWORD".to_owned(),
        "https://ci.example.com/runs/7".to_owned(),
        "\\u0070lain".to_owned(),
        String::new(),
        "rotated the token after the review".to_owned(),
        "password=T7x!q9Lm2#vR4zK8".to_owned(),
        TOKEN.to_owned(),
    ];
    let neighbours = [
        format!(r#""notes": "{TOKEN}""#),
        r#""password": "Hunter2x9Qzz""#.to_owned(),
        r#""name": "DB_PASSWORD""#.to_owned(),
        r#""id": "x", "value": "Hunter2x9Qzz""#.to_owned(),
    ];
    let mut compared = 0;
    for key in fixed_words.iter().chain(&other_keys) {
        for value in &values {
            let member = format!(r#""{key}": "{value}""#);
            for neighbour in &neighbours {
                let texts = [
                    format!("{{{member}, {neighbour}}}"),
                    format!("{{{neighbour}, {member}}}"),
                    format!(r#"{{"secret": {{{member}, {neighbour}}}}}"#),
                    format!(r#"[{{{neighbour}, {member}, "label": "x"}}, "y"]"#),
                    format!(r#"{{"evidence": [{{{member}}}, {{{neighbour}}}]}}"#),
                ];
                for text in &texts {
                    let events = secret_walks_agree(text.as_bytes())
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    // The token and the credential's pair are reported whatever the member
                    // (but the one whose key repeats, and is read with the member's value).
                    let repeats = neighbour.contains(&format!(r#""{key}""#));
                    if (neighbour.contains("notes") || neighbour.contains("password")) && !repeats {
                        assert!(events > 0, "{text}");
                    }
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 15 * 9 * 4 * 5);
    // A credential's key with a clean value beside a fixed word's clean value, and the
    // object's name making `value` one: reported.
    for text in [
        r#"{"id": "plain words", "password": "Hunter2x9Qzz"}"#,
        r#"{"name": "DB_PASSWORD", "label": "plain words", "value": "Hunter2x9Qzz"}"#,
    ] {
        let events = secret_walks_agree(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(events > 0, "{text}");
    }
}

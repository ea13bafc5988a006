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

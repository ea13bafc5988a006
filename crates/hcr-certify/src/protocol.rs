//! hcr's own side of the stdio certification protocol, so that hcr can be certified the way
//! any implementation is (`hcr validate --protocol-stdio`).

use std::collections::HashMap;
use std::path::PathBuf;

use base64::Engine as _;
use hcr_validate::receiver::{ArtifactStore, DEFAULT_MAX_ARTIFACT_BYTES, RevisionIndex};
use hcr_validate::{Level, ReceiverContext, Validator};
use serde_json::{Value, json};

/// The longest request line answered: a 16 MiB record as base64 or as an escaped JSON
/// string, and room for the rest of the request.
pub const MAX_REQUEST_BYTES: usize = 64 << 20;

/// Answers requests, keeping one receiver context per distinct request context.
#[derive(Debug, Default)]
pub struct Responder {
    contexts: HashMap<String, Validator>,
}

impl Responder {
    /// A responder with nothing cached.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The answer to a request line longer than the protocol allows (it was not kept).
    #[must_use]
    pub fn too_long(&self, length: u64) -> String {
        json!({"id": null, "error": format!("the request is {length} bytes long; the limit is {MAX_REQUEST_BYTES} bytes")})
            .to_string()
    }

    /// The answer line (without its newline) to one request line.
    #[must_use]
    pub fn respond(&mut self, line: &str) -> String {
        let Ok(request) = serde_json::from_str::<Value>(line) else {
            return json!({"id": null, "error": "the request is not JSON"}).to_string();
        };
        let id = request["id"].clone();
        let bytes = match (&request["record"], &request["recordBase64"]) {
            (Value::String(text), _) => text.clone().into_bytes(),
            (_, Value::String(encoded)) => {
                match base64::engine::general_purpose::STANDARD.decode(encoded) {
                    Ok(bytes) => bytes,
                    Err(_) => {
                        return json!({"id": id, "error": "recordBase64 is not base64"})
                            .to_string();
                    }
                }
            }
            _ => return json!({"id": id, "error": "the request has no record"}).to_string(),
        };
        let level = match request["level"].as_str() {
            Some("normative") => Level::Normative,
            Some("receiver") => Level::Receiver,
            _ => Level::Schema,
        };
        let validator = match (&request["receiver"], level) {
            (Value::Object(_), Level::Receiver) => {
                let key = request["receiver"].to_string();
                match self.contexts.get(&key) {
                    Some(validator) => validator.clone(),
                    None => match receiver_validator(&request["receiver"]) {
                        Ok(validator) => self.contexts.entry(key).or_insert(validator).clone(),
                        Err(e) => return json!({"id": id, "error": e}).to_string(),
                    },
                }
            }
            _ => Validator::new(level),
        };
        let report = validator.validate_bytes(&bytes);
        let codes: Vec<&str> = report.codes().iter().map(|c| c.as_str()).collect();
        json!({"id": id, "valid": report.valid(), "codes": codes}).to_string()
    }
}

fn receiver_validator(spec: &Value) -> Result<Validator, String> {
    let path = |key: &str| {
        spec[key]
            .as_str()
            .map(PathBuf::from)
            .ok_or_else(|| format!("receiver.{key} is missing"))
    };
    let mut context = ReceiverContext::new()
        .artifacts(
            ArtifactStore::open(&path("artifacts")?, DEFAULT_MAX_ARTIFACT_BYTES)
                .map_err(|e| e.to_string())?,
        )
        .revisions(RevisionIndex::open(&path("revisions")?).map_err(|e| e.to_string())?);
    if let Some(now) = spec["now"].as_str() {
        context = context.now(hcr_types::DateTime::parse(now).map_err(|e| e.to_string())?);
    }
    if let Some(actor) = spec["as"].as_str() {
        context = context.actor_id(actor);
    }
    Ok(Validator::new(Level::Receiver).with_receiver(context))
}

//! The stdio transport: newline-delimited JSON-RPC, where every request gets an answer.
//!
//! `rmcp`'s own stdio transport drops what it cannot read: a line that is not JSON, or JSON
//! nested deeper than `serde_json`'s 128 levels, gets no answer, and a request whose
//! `params` do not fit its method is answered without its `id`, so the client waits forever
//! either way. This transport reads each line itself (at most [`MAX_MESSAGE_BYTES`]) and
//! hands `rmcp` the messages it can read; every other one is answered here with the error
//! JSON-RPC 2.0 names, carrying the request's `id` whenever it can be read:
//!
//! | the line | the answer |
//! |---|---|
//! | not JSON | -32700 parse error |
//! | JSON, but no request object (an array, a number, a bad `jsonrpc` or `method`, an `id` that is no number or string) | -32600 invalid request |
//! | a request whose `params` do not fit its method (not an object, nested too deep, a wrong type) | -32602 invalid params, with its `id` |
//! | longer than the limit | -32600 invalid request |
//!
//! A notification or a response that cannot be read is dropped (JSON-RPC never answers
//! either). Messages are read one at a time; reading is cancel-safe (a line read in part
//! stays in the buffer), and every line written (`rmcp`'s and this module's answers) goes
//! through one writer task, whole.

use std::borrow::Cow;
use std::io;

use rmcp::RoleServer;
use rmcp::model::{ErrorData, JsonRpcError, RequestId};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;
use tokio::io::{AsyncBufRead, AsyncBufReadExt as _, AsyncWrite, AsyncWriteExt as _};
use tokio::sync::mpsc;

/// The longest JSON-RPC message read: four times the default input limit, so that an
/// argument at the limit fits however it is escaped, and one just above it reaches the tool
/// and is refused by name. A longer line is read through, dropped, and answered with an
/// invalid-request error.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// Lines waiting for the writer at most; a sender waits beyond it.
const QUEUE: usize = 64;

/// A line for the writer, and who to tell once it is written.
type Queued = (Vec<u8>, tokio::sync::oneshot::Sender<bool>);

/// A JSON-RPC transport over a reader and a writer (standard input and output).
pub struct Transport<R> {
    reader: R,
    line: Vec<u8>,
    /// The current line went past the limit: its bytes are being skipped.
    skipping: bool,
    max: usize,
    /// An answer this transport owes, not yet written (its writing was cancelled).
    owed: Option<Vec<u8>>,
    lines: mpsc::Sender<Queued>,
}

impl<R: AsyncBufRead + Unpin + Send + 'static> Transport<R> {
    /// A transport reading messages from `reader` and writing them to `writer` (on a task
    /// of its own).
    pub fn new<W: AsyncWrite + Unpin + Send + 'static>(reader: R, writer: W) -> Self {
        Self::with_max(reader, writer, MAX_MESSAGE_BYTES)
    }

    /// As [`Transport::new`], with lines of at most `max` bytes.
    pub fn with_max<W: AsyncWrite + Unpin + Send + 'static>(
        reader: R,
        mut writer: W,
        max: usize,
    ) -> Self {
        let (lines, mut queue) = mpsc::channel::<Queued>(QUEUE);
        tokio::spawn(async move {
            while let Some((line, done)) = queue.recv().await {
                let written = writer.write_all(&line).await.is_ok() && writer.flush().await.is_ok();
                let _ = done.send(written);
                if !written {
                    break;
                }
            }
        });
        Self {
            reader,
            line: Vec::new(),
            skipping: false,
            max,
            owed: None,
            lines,
        }
    }

    /// Reads the next whole line into `self.line` (without its line break); `None` at the
    /// end of the input or on a read error. `Some(false)` is a line past the limit, dropped.
    async fn read_line(&mut self) -> Option<bool> {
        loop {
            let available = match self.reader.fill_buf().await {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if available.is_empty() {
                // The end: a last line without its line break is still a message.
                if self.skipping || self.line.is_empty() {
                    self.skipping = false;
                    return None;
                }
                return Some(true);
            }
            let (taken, ended) = match memchr::memchr(b'\n', available) {
                Some(at) => (at + 1, true),
                None => (available.len(), false),
            };
            let piece = &available[..if ended { taken - 1 } else { taken }];
            if !self.skipping {
                if self.line.len() + piece.len() > self.max {
                    self.skipping = true;
                    self.line = Vec::new();
                } else {
                    self.line.extend_from_slice(piece);
                }
            }
            self.reader.consume(taken);
            if ended {
                let whole = !self.skipping;
                self.skipping = false;
                return Some(whole);
            }
        }
    }

    /// Writes `answer`; cancel-safe (an answer whose queueing was cancelled is queued on the
    /// next call, and one queued is written whatever happens to this call).
    async fn answer(&mut self, answer: Vec<u8>) -> bool {
        self.owed = Some(answer);
        self.pay().await
    }

    async fn pay(&mut self) -> bool {
        let Some(answer) = self.owed.as_ref() else {
            return true;
        };
        let Ok(permit) = self.lines.reserve().await else {
            return false;
        };
        let (done, written) = tokio::sync::oneshot::channel();
        permit.send((answer.clone(), done));
        self.owed = None;
        written.await.unwrap_or(false)
    }
}

impl<R: AsyncBufRead + Unpin + Send + 'static> rmcp::transport::Transport<RoleServer>
    for Transport<R>
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let lines = self.lines.clone();
        async move {
            let closed = || io::Error::new(io::ErrorKind::BrokenPipe, "the output is closed");
            let mut line = serde_json::to_vec(&item).map_err(io::Error::other)?;
            line.push(b'\n');
            // Done once the line is written: a session that ends next loses no answer.
            let (done, written) = tokio::sync::oneshot::channel();
            lines.send((line, done)).await.map_err(|_| closed())?;
            if written.await.unwrap_or(false) {
                Ok(())
            } else {
                Err(closed())
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            if !self.pay().await {
                return None;
            }
            let whole = self.read_line().await?;
            let line = std::mem::take(&mut self.line);
            if !whole {
                let answer = error_line(
                    None,
                    ErrorData::invalid_request(
                        format!("the message is longer than {} bytes", self.max),
                        None,
                    ),
                );
                if !self.answer(answer).await {
                    return None;
                }
                continue;
            }
            match judge(&line) {
                Judged::Message(message) => return Some(*message),
                Judged::Skip => {}
                Judged::Answer(answer) => {
                    if !self.answer(answer).await {
                        return None;
                    }
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// What one line is.
#[derive(Debug)]
pub enum Judged {
    /// A message for `rmcp`.
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// Nothing to answer (a blank line, a notification or a response that cannot be read).
    Skip,
    /// An error answer to write.
    Answer(Vec<u8>),
}

/// A JSON-RPC message's envelope, read without its parameters (read over, however deep:
/// `serde_json` skips ignored values without recursion).
#[derive(Deserialize)]
struct Envelope {
    jsonrpc: Option<Value>,
    id: Option<Value>,
    method: Option<Value>,
    #[serde(default)]
    params: Option<IgnoredAny>,
    result: Option<IgnoredAny>,
    error: Option<IgnoredAny>,
}

/// What the transport does with one line (without its line break): hand `rmcp` the message,
/// skip it, or write the error answer JSON-RPC names.
#[must_use]
pub fn judge(line: &[u8]) -> Judged {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Judged::Skip;
    }
    // A message is read into `serde_json` values, a hundred bytes or so each: one of
    // millions of tiny values would cost gigabytes before any tool could refuse it.
    if line.len() > 1 << 20 && hcr_validate::count_values(line) > MAX_MESSAGE_VALUES {
        let id = serde_json::from_slice::<Envelope>(line)
            .ok()
            .and_then(|envelope| envelope.id)
            .and_then(|id| serde_json::from_value::<RequestId>(id).ok());
        return Judged::Answer(error_line(
            id,
            ErrorData::invalid_params(
                format!("the message holds more than {MAX_MESSAGE_VALUES} values"),
                None,
            ),
        ));
    }
    let error = match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(message) => return Judged::Message(Box::new(message)),
        Err(error) => error,
    };
    // Not JSON at all (skipping is iterative, so any depth is read).
    if serde_json::from_slice::<IgnoredAny>(line).is_err() {
        return Judged::Answer(error_line(
            None,
            ErrorData::parse_error("the message is not JSON", None),
        ));
    }
    let Ok(envelope) = serde_json::from_slice::<Envelope>(line) else {
        return Judged::Answer(error_line(
            None,
            ErrorData::invalid_request("the message is not a JSON-RPC request object", None),
        ));
    };
    let _ = (&envelope.params, &envelope.result, &envelope.error);
    let Some(id) = envelope.id else {
        // A notification is never answered, even when it cannot be read.
        return Judged::Skip;
    };
    if envelope.method.is_none() {
        // A response from the client that cannot be read: nothing to answer.
        return Judged::Skip;
    }
    let Ok(id) = serde_json::from_value::<RequestId>(id) else {
        return Judged::Answer(error_line(
            None,
            ErrorData::invalid_request("the request's `id` is not a number or a string", None),
        ));
    };
    if envelope.jsonrpc != Some(Value::from("2.0")) {
        return Judged::Answer(error_line(
            Some(id),
            ErrorData::invalid_request("the request's `jsonrpc` is not \"2.0\"", None),
        ));
    }
    if !envelope.method.as_ref().is_some_and(Value::is_string) {
        return Judged::Answer(error_line(
            Some(id),
            ErrorData::invalid_request("the request's `method` is not a string", None),
        ));
    }
    let why: Cow<'static, str> = if error.to_string().contains("recursion limit") {
        "the parameters are nested deeper than 128 levels".into()
    } else {
        format!(
            "the parameters do not fit the method: {}",
            hcr_escape::escape(&short(&error.to_string()))
        )
        .into()
    };
    Judged::Answer(error_line(Some(id), ErrorData::invalid_params(why, None)))
}

/// The most JSON values (and keys) one message may hold: about 25 MiB as `serde_json`
/// values. A record sent as text is one value, however large.
pub const MAX_MESSAGE_VALUES: usize = 250_000;

/// At most 200 characters of a reader's message (which may quote the request).
fn short(message: &str) -> String {
    let mut out: String = message.chars().take(200).collect();
    if out.len() < message.len() {
        out.push('…');
    }
    out
}

/// One error answer, as a line.
fn error_line(id: Option<RequestId>, error: ErrorData) -> Vec<u8> {
    let mut line = serde_json::to_vec(&JsonRpcError::new(id, error)).unwrap_or_default();
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Option<Value> {
        match judge(line.as_bytes()) {
            Judged::Answer(bytes) => Some(serde_json::from_slice(&bytes).expect("JSON")),
            Judged::Message(_) | Judged::Skip => None,
        }
    }

    #[test]
    fn every_malformed_request_gets_the_error_json_rpc_names() {
        let deep = format!(
            r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"validate","arguments":{{"record":{}{}}}}}}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        for (line, code, id) in [
            ("{not json", -32700, None),
            ("[1, 2]", -32600, None),
            ("42", -32600, None),
            (
                r#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#,
                -32600,
                None,
            ),
            (
                r#"{"jsonrpc":"1.0","id":3,"method":"ping"}"#,
                -32600,
                Some(3),
            ),
            (r#"{"jsonrpc":"2.0","id":4,"method":5}"#, -32600, Some(4)),
            (
                r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":[1]}"#,
                -32602,
                Some(5),
            ),
            (
                r#"{"jsonrpc":"2.0","id":"s","method":"tools/call","params":"x"}"#,
                -32602,
                None,
            ),
            (&deep, -32602, Some(7)),
        ] {
            let answer = answer(line).unwrap_or_else(|| panic!("no answer to {line}"));
            assert_eq!(answer["error"]["code"], code, "{line}: {answer}");
            match id {
                Some(id) => assert_eq!(answer["id"], id, "{line}"),
                None if line.contains(r#""id":"s""#) => assert_eq!(answer["id"], "s"),
                None => assert!(answer.get("id").is_none(), "{line}: {answer}"),
            }
        }
        // Notifications and responses are never answered; good requests go to rmcp.
        for line in [
            r#"{"jsonrpc":"2.0","method":"notifications/bogus","params":[1]}"#,
            r#"{"jsonrpc":"2.0","id":9,"result":[[["not a result"]]]}"#,
            "   ",
        ] {
            assert!(answer(line).is_none(), "{line}");
        }
        assert!(matches!(
            judge(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#),
            Judged::Message(_)
        ));
    }

    #[test]
    fn a_message_of_millions_of_values_is_refused_before_it_is_built() {
        let members: String = (0..400_000).map(|i| format!(",\"k{i}\":0")).collect();
        let many = format!(
            r#"{{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{{"name":"continue","arguments":{{"patch":{{"a":0{members}}}}}}}}}"#
        );
        let refused = answer(&many).expect("an answer");
        assert_eq!(refused["error"]["code"], -32602, "{refused}");
        assert_eq!(refused["id"], 8);
        // A record sent as text is one value, however many it spells.
        let text = serde_json::to_string(&format!("{{\"a\":0{members}}}")).expect("JSON");
        let one = format!(
            r#"{{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{{"name":"validate","arguments":{{"record":{text}}}}}}}"#
        );
        assert!(matches!(judge(one.as_bytes()), Judged::Message(_)));
    }
}

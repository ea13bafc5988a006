//! The server: the message loop, the documents, the debounced checker and the request workers.
//!
//! ```text
//!  client ──► lsp-server's reader thread ──► message loop (this thread: never checks anything)
//!                                             │ didOpen/didChange: edits applied, version kept,
//!                                             │   the document's URI sent to the checker
//!                                             │ requests: a snapshot (text, version) handed to
//!                                             ▼   a worker, which answers
//!             checker thread: waits DEBOUNCE after a document's last change, checks the
//!             newest text, and publishes only if no newer version came meanwhile
//! ```
//!
//! Every check and every request runs under `catch_unwind`: a panic answers that one request
//! with an error (or skips that one check) and is logged without its payload; the server goes on.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CodeActionOrCommand, CodeActionProviderCapability, CompletionOptions, DiagnosticOptions,
    DiagnosticServerCapabilities, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    ExecuteCommandOptions, FullDocumentDiagnosticReport, HoverProviderCapability, InitializeParams,
    MessageType, OneOf, PublishDiagnosticsParams, RelatedFullDocumentDiagnosticReport,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Url,
};

use crate::check::{self, Kind};
use crate::features;
use crate::text::apply_change;

/// How long the checker waits after a document's last change before checking it.
pub const DEBOUNCE: Duration = Duration::from_millis(80);

/// The request workers beside the checker.
const WORKERS: usize = 2;

/// Why the server stopped before the client said `exit`.
#[derive(Debug)]
#[non_exhaustive]
pub enum ServerError {
    /// The client broke the protocol (no `initialize` first, a closed channel).
    Protocol(lsp_server::ProtocolError),
    /// A message could not be read or written.
    Io(std::io::Error),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Protocol(e) => write!(f, "the client broke the protocol: {e}"),
            Self::Io(e) => write!(f, "the connection failed: {e}"),
        }
    }
}

impl std::error::Error for ServerError {}

impl From<lsp_server::ProtocolError> for ServerError {
    fn from(e: lsp_server::ProtocolError) -> Self {
        Self::Protocol(e)
    }
}

/// An open document: its text and the client's version of it.
#[derive(Clone, Debug)]
struct Document {
    version: i32,
    text: Arc<String>,
}

/// A document's kind as last checked, and the diagnostics published for it.
type Published = (Option<Kind>, Vec<lsp_types::Diagnostic>);

/// What the loop, the checker and the workers share.
struct Shared {
    documents: Mutex<HashMap<Url, Document>>,
    /// The last diagnostics published for each document, with its kind.
    published: Mutex<HashMap<Url, Published>>,
    folders: Vec<PathBuf>,
    /// Whether the client reads code actions as literals (else it is sent their commands).
    code_action_literals: bool,
    sender: Sender<Message>,
}

impl Shared {
    fn snapshot(&self, uri: &Url) -> Option<Document> {
        self.documents.lock().ok()?.get(uri).cloned()
    }

    fn version(&self, uri: &Url) -> Option<i32> {
        self.documents.lock().ok()?.get(uri).map(|d| d.version)
    }

    /// The document's kind as last checked, else as its name and content say.
    fn kind(&self, uri: &Url, text: &str) -> Option<Kind> {
        if let Some((kind, _)) = self.published.lock().ok().and_then(|p| p.get(uri).cloned()) {
            return kind;
        }
        let path = uri.to_file_path().ok();
        if path.as_deref().is_some_and(check::is_handoff_md) {
            Some(Kind::HandoffMd)
        } else if check::declares_record(text) {
            Some(Kind::Record)
        } else {
            None
        }
    }

    fn diagnostics(&self, uri: &Url) -> Vec<lsp_types::Diagnostic> {
        self.published
            .lock()
            .ok()
            .and_then(|p| p.get(uri).map(|(_, d)| d.clone()))
            .unwrap_or_default()
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        let _ = self.sender.send(Message::Notification(Notification::new(
            N::METHOD.to_owned(),
            params,
        )));
    }

    /// A line in the client's log: never a record's text.
    fn log(&self, message: String) {
        self.notify::<lsp_types::notification::LogMessage>(lsp_types::LogMessageParams {
            typ: MessageType::WARNING,
            message,
        });
    }

    /// Checks the document `uri` at its newest version, under `catch_unwind`.
    fn check(&self, uri: &Url) -> Option<(i32, check::Checked)> {
        let document = self.snapshot(uri)?;
        let path = uri.to_file_path().ok();
        let folders = &self.folders;
        match catch_unwind(AssertUnwindSafe(|| {
            check::check(&document.text, path.as_deref(), folders)
        })) {
            Ok(checked) => Some((document.version, checked)),
            Err(_) => {
                self.log(format!(
                    "hcr: checking {uri} (version {}) failed: a bug in hcr; the document's diagnostics are not updated",
                    document.version
                ));
                None
            }
        }
    }
}

/// The capabilities the server announces.
#[must_use]
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".to_owned(), ":".to_owned()]),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![features::EXPLAIN_COMMAND.to_owned()],
            ..ExecuteCommandOptions::default()
        }),
        diagnostic_provider: Some(DiagnosticServerCapabilities::Options(DiagnosticOptions {
            identifier: Some("hcr".to_owned()),
            inter_file_dependencies: false,
            workspace_diagnostics: false,
            ..DiagnosticOptions::default()
        })),
        ..ServerCapabilities::default()
    }
}

/// Serves `connection` (after the client's `initialize`) until the client's `exit`.
///
/// # Errors
/// [`ServerError`] when the client breaks the protocol or the connection fails.
pub fn serve(connection: &Connection) -> Result<(), ServerError> {
    let capabilities = serde_json::to_value(capabilities()).unwrap_or_default();
    let (id, params) = connection.initialize_start()?;
    connection.initialize_finish(
        id,
        serde_json::json!({
            "capabilities": capabilities,
            "serverInfo": {"name": "hcr", "version": env!("CARGO_PKG_VERSION")},
        }),
    )?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let folders = workspace_folders(&params);
    let shared = Arc::new(Shared {
        documents: Mutex::default(),
        published: Mutex::default(),
        folders,
        code_action_literals: params
            .capabilities
            .text_document
            .as_ref()
            .and_then(|t| t.code_action.as_ref())
            .is_some_and(|c| c.code_action_literal_support.is_some()),
        sender: connection.sender.clone(),
    });
    let (changed, checker) = spawn_checker(Arc::clone(&shared));
    let (jobs, workers) = spawn_workers(&shared);
    let result = main_loop(connection, &shared, &changed, &jobs);
    drop(changed);
    drop(jobs);
    for handle in std::iter::once(checker).chain(workers) {
        let _ = handle.join();
    }
    result
}

fn workspace_folders(params: &InitializeParams) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| f.uri.to_file_path().ok())
        .collect();
    #[allow(deprecated)] // `rootUri` is what older clients send.
    if folders.is_empty()
        && let Some(root) = params.root_uri.as_ref().and_then(|u| u.to_file_path().ok())
    {
        folders.push(root);
    }
    folders
}

type Job = Box<dyn FnOnce(&Shared) -> Result<serde_json::Value, String> + Send>;

fn main_loop(
    connection: &Connection,
    shared: &Arc<Shared>,
    changed: &mpsc::Sender<Url>,
    jobs: &mpsc::Sender<(RequestId, Job)>,
) -> Result<(), ServerError> {
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(());
                }
                handle_request(shared, jobs, request);
            }
            Message::Notification(notification) => {
                handle_notification(shared, changed, notification);
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn handle_notification(shared: &Shared, changed: &mpsc::Sender<Url>, notification: Notification) {
    use lsp_types::notification::{
        DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    };
    match notification.method.as_str() {
        DidOpenTextDocument::METHOD => {
            if let Ok(params) = notification
                .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
            {
                let document = params.text_document;
                if let Ok(mut documents) = shared.documents.lock() {
                    documents.insert(
                        document.uri.clone(),
                        Document {
                            version: document.version,
                            text: Arc::new(document.text),
                        },
                    );
                }
                let _ = changed.send(document.uri);
            }
        }
        DidChangeTextDocument::METHOD => {
            if let Ok(params) = notification
                .extract::<lsp_types::DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
            {
                let uri = params.text_document.uri;
                if let Ok(mut documents) = shared.documents.lock()
                    && let Some(document) = documents.get_mut(&uri)
                {
                    let text = Arc::make_mut(&mut document.text);
                    for change in &params.content_changes {
                        apply_change(text, change);
                    }
                    document.version = params.text_document.version;
                }
                let _ = changed.send(uri);
            }
        }
        DidSaveTextDocument::METHOD => {
            if let Ok(params) = notification
                .extract::<lsp_types::DidSaveTextDocumentParams>(DidSaveTextDocument::METHOD)
            {
                let _ = changed.send(params.text_document.uri);
            }
        }
        DidCloseTextDocument::METHOD => {
            if let Ok(params) = notification
                .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
            {
                let uri = params.text_document.uri;
                if let Ok(mut documents) = shared.documents.lock() {
                    documents.remove(&uri);
                }
                if let Ok(mut published) = shared.published.lock() {
                    published.remove(&uri);
                }
                shared.notify::<lsp_types::notification::PublishDiagnostics>(
                    PublishDiagnosticsParams::new(uri, Vec::new(), None),
                );
            }
        }
        _ => {}
    }
}

/// The largest document hover, completion and the outline read (the default record limit):
/// past it they answer nothing, and the diagnostics say the document is too large.
fn too_large(text: &str) -> bool {
    text.len() > hcr_validate::Limits::default().max_record_bytes
}

fn handle_request(shared: &Shared, jobs: &mpsc::Sender<(RequestId, Job)>, request: Request) {
    use lsp_types::request::{
        CodeActionRequest, Completion, DocumentDiagnosticRequest, DocumentSymbolRequest,
        ExecuteCommand, HoverRequest,
    };
    let id = request.id.clone();
    let job: Result<Job, String> = match request.method.as_str() {
        HoverRequest::METHOD => params::<lsp_types::HoverParams>(request).map(|p| -> Job {
            Box::new(move |shared: &Shared| {
                let at = p.text_document_position_params;
                let Some(document) = shared.snapshot(&at.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                if too_large(&document.text) {
                    return Ok(serde_json::Value::Null);
                }
                let kind = shared.kind(&at.text_document.uri, &document.text);
                let diagnostics = shared.diagnostics(&at.text_document.uri);
                let hover = features::hover(&document.text, kind, at.position, &diagnostics);
                Ok(serde_json::to_value(hover).unwrap_or_default())
            })
        }),
        Completion::METHOD => params::<lsp_types::CompletionParams>(request).map(|p| -> Job {
            Box::new(move |shared: &Shared| {
                let at = p.text_document_position;
                let Some(document) = shared.snapshot(&at.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let record =
                    shared.kind(&at.text_document.uri, &document.text) == Some(Kind::Record);
                let items = if record && !too_large(&document.text) {
                    features::completion(&document.text, at.position)
                } else {
                    Vec::new()
                };
                Ok(serde_json::to_value(items).unwrap_or_default())
            })
        }),
        DocumentSymbolRequest::METHOD => {
            params::<lsp_types::DocumentSymbolParams>(request).map(|p| -> Job {
                Box::new(move |shared: &Shared| {
                    let uri = p.text_document.uri;
                    let Some(document) = shared.snapshot(&uri) else {
                        return Ok(serde_json::Value::Null);
                    };
                    let symbols = if too_large(&document.text) {
                        Vec::new()
                    } else {
                        features::symbols(&document.text, shared.kind(&uri, &document.text))
                    };
                    Ok(serde_json::to_value(symbols).unwrap_or_default())
                })
            })
        }
        CodeActionRequest::METHOD => {
            params::<lsp_types::CodeActionParams>(request).map(|p| -> Job {
                Box::new(move |shared: &Shared| {
                    // A client without code action literals is sent each action's command.
                    let uri = p.text_document.uri.clone();
                    let (text, offered) = match shared.snapshot(&uri) {
                        Some(document) if !too_large(&document.text) => {
                            let path = uri.to_file_path().ok();
                            let offered =
                                check::fixes(&document.text, path.as_deref(), &shared.folders);
                            (document.text, offered)
                        }
                        _ => (Arc::default(), Vec::new()),
                    };
                    let actions: Vec<CodeActionOrCommand> =
                        features::code_actions(&p.context.diagnostics, &uri, &text, &offered)
                            .into_iter()
                            .filter_map(|action| match action.command {
                                Some(command) if !shared.code_action_literals => {
                                    Some(CodeActionOrCommand::Command(command))
                                }
                                _ if !shared.code_action_literals => None,
                                _ => Some(CodeActionOrCommand::CodeAction(action)),
                            })
                            .collect();
                    Ok(serde_json::to_value(actions).unwrap_or_default())
                })
            })
        }
        DocumentDiagnosticRequest::METHOD => params::<lsp_types::DocumentDiagnosticParams>(request)
            .map(|p| -> Job {
                Box::new(move |shared: &Shared| {
                    let uri = p.text_document.uri;
                    let items = match shared.check(&uri) {
                        Some((_, checked)) => checked.diagnostics,
                        None => Vec::new(),
                    };
                    let report = DocumentDiagnosticReportResult::Report(
                        DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                            related_documents: None,
                            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                                result_id: None,
                                items,
                            },
                        }),
                    );
                    Ok(serde_json::to_value(report).unwrap_or_default())
                })
            }),
        ExecuteCommand::METHOD => {
            params::<lsp_types::ExecuteCommandParams>(request).and_then(|p| {
                let code = (p.command == features::EXPLAIN_COMMAND)
                    .then(|| {
                        p.arguments
                            .first()
                            .and_then(serde_json::Value::as_str)
                            .map(str::parse::<hcr_validate::Code>)
                    })
                    .flatten();
                match code {
                    Some(Ok(code)) => Ok(Box::new(move |shared: &Shared| {
                        shared.notify::<lsp_types::notification::ShowMessage>(
                            lsp_types::ShowMessageParams {
                                typ: MessageType::INFO,
                                message: features::explanation(code),
                            },
                        );
                        Ok(serde_json::Value::Null)
                    }) as Job),
                    _ => Err(format!(
                        "unknown command or code: `{}` takes one code, such as \"HCR101\"",
                        features::EXPLAIN_COMMAND
                    )),
                }
            })
        }
        other => {
            let _ = shared.sender.send(Message::Response(Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!(
                    "hcr's language server does not handle `{}`",
                    other.escape_debug()
                ),
            )));
            return;
        }
    };
    match job {
        Ok(job) => {
            let _ = jobs.send((id, job));
        }
        Err(message) => {
            let _ = shared.sender.send(Message::Response(Response::new_err(
                id,
                ErrorCode::InvalidParams as i32,
                message,
            )));
        }
    }
}

/// A request's parameters, or why they cannot be read (serde's words, which can quote a
/// value, through `secrets::quote`).
fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, String> {
    serde_json::from_value(request.params).map_err(|e| {
        format!(
            "invalid parameters: {}",
            hcr_validate::secrets::quote(&e.to_string(), 200)
        )
    })
}

fn spawn_workers(
    shared: &Arc<Shared>,
) -> (
    mpsc::Sender<(RequestId, Job)>,
    Vec<std::thread::JoinHandle<()>>,
) {
    let (sender, receiver) = mpsc::channel::<(RequestId, Job)>();
    let receiver = Arc::new(Mutex::new(receiver));
    let handles = (0..WORKERS)
        .map(|n| {
            let receiver = Arc::clone(&receiver);
            let shared = Arc::clone(shared);
            std::thread::Builder::new()
                .name(format!("hcr-lsp-worker-{n}"))
                .spawn(move || {
                    loop {
                        let next = match receiver.lock() {
                            Ok(receiver) => receiver.recv(),
                            Err(_) => return,
                        };
                        let Ok((id, job)) = next else { return };
                        let response = match catch_unwind(AssertUnwindSafe(|| job(&shared))) {
                            Ok(Ok(value)) => Response::new_ok(id, value),
                            Ok(Err(message)) => {
                                Response::new_err(id, ErrorCode::InvalidParams as i32, message)
                            }
                            Err(_) => {
                                shared.log("hcr: a request failed: a bug in hcr".to_owned());
                                Response::new_err(
                                    id,
                                    ErrorCode::InternalError as i32,
                                    "hcr failed to answer this request (a bug in hcr); the server goes on".to_owned(),
                                )
                            }
                        };
                        let _ = shared.sender.send(Message::Response(response));
                    }
                })
                .expect("a worker thread starts")
        })
        .collect();
    (sender, handles)
}

/// The checker: each document is checked `DEBOUNCE` after its last change, at its newest
/// version; a result is published only if the document has not changed meanwhile (a newer
/// change has scheduled its own check, which supersedes this one).
fn spawn_checker(shared: Arc<Shared>) -> (mpsc::Sender<Url>, std::thread::JoinHandle<()>) {
    let (sender, receiver) = mpsc::channel::<Url>();
    let handle = std::thread::Builder::new()
        .name("hcr-lsp-checker".to_owned())
        .spawn(move || {
            let mut due: HashMap<Url, Instant> = HashMap::new();
            loop {
                let now = Instant::now();
                let wait = due
                    .values()
                    .min()
                    .map(|&d| d.saturating_duration_since(now));
                let received = match wait {
                    Some(wait) => receiver.recv_timeout(wait),
                    None => receiver
                        .recv()
                        .map_err(|_| mpsc::RecvTimeoutError::Disconnected),
                };
                match received {
                    Ok(uri) => {
                        due.insert(uri, Instant::now() + DEBOUNCE);
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                let now = Instant::now();
                let ready: Vec<Url> = due
                    .iter()
                    .filter(|(_, d)| **d <= now)
                    .map(|(u, _)| u.clone())
                    .collect();
                for uri in ready {
                    due.remove(&uri);
                    publish(&shared, &uri);
                }
            }
        })
        .expect("the checker thread starts");
    (sender, handle)
}

fn publish(shared: &Shared, uri: &Url) {
    let Some((version, checked)) = shared.check(uri) else {
        return;
    };
    // A newer version came while checking: its own check is due, and supersedes this one.
    if shared.version(uri) != Some(version) {
        return;
    }
    if let Ok(mut published) = shared.published.lock() {
        published.insert(uri.clone(), (checked.kind, checked.diagnostics.clone()));
    }
    shared.notify::<lsp_types::notification::PublishDiagnostics>(PublishDiagnosticsParams::new(
        uri.clone(),
        checked.diagnostics,
        Some(version),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request whose work panics is answered with an internal error and logged without the
    /// panic's message; the workers go on answering.
    #[test]
    fn a_panic_in_a_request_is_answered_and_the_workers_go_on() {
        let (sender, receiver) = crossbeam_channel::unbounded();
        let shared = Arc::new(Shared {
            documents: Mutex::default(),
            published: Mutex::default(),
            folders: Vec::new(),
            code_action_literals: true,
            sender,
        });
        let (jobs, workers) = spawn_workers(&shared);
        let secret = "ghp_Q9zWv4Lk8Tq2Xr6Yp3Hn7Jm5Bc1Dd0Ff8Gg2";
        let panicking: Job = Box::new(move |_: &Shared| panic!("met {secret}"));
        jobs.send((RequestId::from(1), panicking))
            .unwrap_or_default();
        for n in 2..=4 {
            let fine: Job = Box::new(|_: &Shared| Ok(serde_json::json!("fine")));
            jobs.send((RequestId::from(n), fine)).unwrap_or_default();
        }
        let mut answered = Vec::new();
        let mut said = String::new();
        while answered.len() < 4 {
            match receiver.recv_timeout(Duration::from_secs(10)) {
                Ok(Message::Response(r)) => answered.push((r.id, r.error.map(|e| e.code))),
                Ok(Message::Notification(n)) => said.push_str(&n.params.to_string()),
                other => panic!("unexpected: {other:?}"),
            }
        }
        answered.sort_by_key(|(id, _)| id.to_string());
        assert_eq!(
            answered[0],
            (RequestId::from(1), Some(ErrorCode::InternalError as i32))
        );
        assert!(answered[1..].iter().all(|(_, error)| error.is_none()));
        assert!(
            said.contains("a bug in hcr") && !said.contains("ghp_Q"),
            "{said}"
        );
        drop(jobs);
        for worker in workers {
            worker.join().unwrap_or_default();
        }
    }
}

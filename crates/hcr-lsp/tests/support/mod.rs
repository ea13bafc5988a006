//! A server on an in-memory connection, driven as a client drives it: shared by the
//! integration tests and the benchmark (which includes this file by its path).

#![allow(dead_code, unreachable_pub, clippy::unwrap_used)]

use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request};
use serde_json::{Value, json};

/// An initialized server and its client's end; shut down and joined when dropped.
pub struct Session {
    client: Connection,
    server: Option<std::thread::JoinHandle<()>>,
}

impl Session {
    pub fn new() -> Self {
        let (server, client) = Connection::memory();
        let handle = std::thread::spawn(move || hcr_lsp::serve(&server).unwrap());
        let initialize = Request::new(1.into(), "initialize".into(), json!({"capabilities": {}}));
        client.sender.send(initialize.into()).unwrap();
        client
            .receiver
            .recv_timeout(Duration::from_secs(10))
            .unwrap();
        client
            .sender
            .send(Notification::new("initialized".into(), json!({})).into())
            .unwrap();
        Self {
            client,
            server: Some(handle),
        }
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.client
            .sender
            .send(Notification::new(method.into(), params).into())
            .unwrap();
    }

    /// The diagnostics published for `uri` at `version`.
    pub fn published(&self, uri: &str, version: i64) -> Vec<lsp_types::Diagnostic> {
        loop {
            let message = self
                .client
                .receiver
                .recv_timeout(Duration::from_secs(20))
                .expect("the server publishes");
            if let Message::Notification(n) = message
                && n.method == "textDocument/publishDiagnostics"
                && n.params["uri"] == uri
                && n.params["version"] == version
            {
                return serde_json::from_value(n.params["diagnostics"].clone()).unwrap();
            }
        }
    }

    /// A request's response.
    pub fn request(&self, id: i32, method: &str, params: Value) -> lsp_server::Response {
        self.client
            .sender
            .send(Request::new(id.into(), method.into(), params).into())
            .unwrap();
        loop {
            if let Message::Response(r) = self
                .client
                .receiver
                .recv_timeout(Duration::from_secs(20))
                .expect("the server answers")
            {
                return r;
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self
            .client
            .sender
            .send(Request::new(99.into(), "shutdown".into(), Value::Null).into());
        let _ = self
            .client
            .sender
            .send(Notification::new("exit".into(), Value::Null).into());
        if let Some(handle) = self.server.take() {
            handle.join().unwrap();
        }
    }
}

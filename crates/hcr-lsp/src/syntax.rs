//! A tolerant reading of a JSON text being typed: every value and key with its byte span,
//! whatever is broken or unfinished (an unterminated string runs to the end, an unclosed
//! object ends with the text, a key without a value is kept). Hover, completion and the
//! outline read it; the verdict is never decided here (that is `hcr-validate`'s reader).
//!
//! One pass, no recursion: nesting is a stack on the heap, so no depth can overflow it.

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `{…}`.
    Object,
    /// `[…]`.
    Array,
    /// A string (its span includes the quotes; the end quote may be missing).
    String,
    /// A number, `true`, `false`, `null` or anything else unquoted.
    Scalar,
    /// A key whose value has not been written.
    Missing,
}

/// A member's key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key, unescaped when it can be.
    pub name: String,
    /// Its span, quotes included.
    pub start: usize,
    /// Just past it.
    pub end: usize,
}

/// A value in the text.
#[derive(Clone, Debug)]
pub struct Node {
    /// What it is.
    pub kind: Kind,
    /// Where it starts.
    pub start: usize,
    /// Just past where it ends (the text's end for what is not closed).
    pub end: usize,
    /// Whether it is closed (a string's end quote, a container's bracket).
    pub closed: bool,
    /// Its key, for an object's member.
    pub key: Option<Key>,
    /// The container holding it.
    pub parent: Option<usize>,
    /// Its members or items, in order.
    pub children: Vec<usize>,
}

/// One step of a path from the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object's member.
    Key(String),
    /// An array's item.
    Index(usize),
}

/// The values of a text; node 0 is the first top-level value, when there is one.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Every node, parents before their children.
    pub nodes: Vec<Node>,
}

/// Where a cursor is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Inside the key of the member `node` (the quotes' inside starts at `start`).
    Key {
        /// The member.
        node: usize,
        /// Just after the opening quote.
        start: usize,
    },
    /// Inside a string value `node`.
    String {
        /// The string.
        node: usize,
        /// Just after the opening quote.
        start: usize,
    },
    /// Where a new member's key goes in the object `node` (after `{` or `,`).
    NewKey {
        /// The object.
        node: usize,
    },
    /// Where the value of member `node` goes (after its `:`), not yet written.
    NewValue {
        /// The member.
        node: usize,
    },
    /// Anywhere else.
    Other,
}

impl Tree {
    /// Reads `text`.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        Parser {
            bytes: text.as_bytes(),
            text,
            tree: Self::default(),
            stack: Vec::new(),
            pending: None,
            expect_key: false,
        }
        .run()
    }

    /// The root value, if the text has one.
    #[must_use]
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// The child of object `node` with key `name` (the last one, as JSON readers take it).
    #[must_use]
    pub fn member(&self, node: usize, name: &str) -> Option<usize> {
        self.nodes[node]
            .children
            .iter()
            .rev()
            .copied()
            .find(|&c| self.nodes[c].key.as_ref().is_some_and(|k| k.name == name))
    }

    /// The path from the root to `node`.
    #[must_use]
    pub fn path(&self, node: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = node;
        while let Some(parent) = self.nodes[at].parent {
            steps.push(match &self.nodes[at].key {
                Some(key) => Step::Key(key.name.clone()),
                None => Step::Index(
                    self.nodes[parent]
                        .children
                        .iter()
                        .position(|&c| c == at)
                        .unwrap_or(0),
                ),
            });
            at = parent;
        }
        steps.reverse();
        steps
    }

    /// Where the byte `offset` of `text` (the text read) is.
    #[must_use]
    pub fn place(&self, text: &str, offset: usize) -> Place {
        let Some(root) = self.root() else {
            return Place::Other;
        };
        if !inside(root, offset) {
            return Place::Other;
        }
        let mut at = 0;
        'descend: loop {
            for &child in &self.nodes[at].children {
                let node = &self.nodes[child];
                if let Some(key) = &node.key
                    && key.start < offset
                    && (offset < key.end || (offset == key.end && !key_closed(text, key)))
                {
                    return Place::Key {
                        node: child,
                        start: key.start + 1,
                    };
                }
                if node.kind != Kind::Missing && inside(node, offset) {
                    match node.kind {
                        Kind::Object | Kind::Array => {
                            at = child;
                            continue 'descend;
                        }
                        Kind::String => {
                            return Place::String {
                                node: child,
                                start: node.start + 1,
                            };
                        }
                        _ => return Place::Other,
                    }
                }
            }
            break;
        }
        // Not inside a child of `at`: what comes before the cursor decides.
        let before = text[..offset.min(text.len())]
            .trim_end_matches([' ', '\t', '\n', '\r'])
            .as_bytes()
            .last()
            .copied();
        match (self.nodes[at].kind, before) {
            (Kind::Object, Some(b'{' | b',')) => Place::NewKey { node: at },
            (Kind::Object, Some(b':')) => self.nodes[at]
                .children
                .iter()
                .rev()
                .copied()
                .find(|&c| self.nodes[c].key.as_ref().is_some_and(|k| k.end <= offset))
                .map_or(Place::Other, |node| Place::NewValue { node }),
            _ => Place::Other,
        }
    }
}

/// Whether `offset` is inside `node` (strictly, or at the end of one not closed).
fn inside(node: &Node, offset: usize) -> bool {
    node.start < offset && (offset < node.end || (offset == node.end && !node.closed))
}

fn key_closed(text: &str, key: &Key) -> bool {
    key.end - key.start >= 2 && text.as_bytes().get(key.end - 1) == Some(&b'"')
}

struct Parser<'a> {
    bytes: &'a [u8],
    text: &'a str,
    tree: Tree,
    /// The open containers.
    stack: Vec<usize>,
    /// The member whose key was read and whose value is awaited.
    pending: Option<usize>,
    /// Whether the innermost object awaits a key.
    expect_key: bool,
}

impl Parser<'_> {
    fn run(mut self) -> Tree {
        let mut at = 0;
        while at < self.bytes.len() {
            let b = self.bytes[at];
            match b {
                b' ' | b'\t' | b'\n' | b'\r' => at += 1,
                b'{' | b'[' => {
                    let kind = if b == b'{' { Kind::Object } else { Kind::Array };
                    if let Some(node) = self.value(kind, at, at + 1, false) {
                        self.stack.push(node);
                    }
                    self.expect_key = kind == Kind::Object;
                    at += 1;
                }
                b'}' | b']' => {
                    if let Some(node) = self.stack.pop() {
                        self.tree.nodes[node].end = at + 1;
                        self.tree.nodes[node].closed = true;
                    }
                    self.pending = None;
                    self.expect_key = false;
                    at += 1;
                }
                b':' => at += 1,
                b',' => {
                    self.pending = None;
                    self.expect_key = self.in_object();
                    at += 1;
                }
                b'"' => {
                    let (end, closed) = string_end(self.bytes, at);
                    if self.expect_key && self.in_object() {
                        self.key(at, end);
                    } else {
                        self.value(Kind::String, at, end, closed);
                    }
                    at = end;
                }
                _ => {
                    let end = self.bytes[at..]
                        .iter()
                        .position(|c| {
                            matches!(
                                c,
                                b' ' | b'\t'
                                    | b'\n'
                                    | b'\r'
                                    | b','
                                    | b':'
                                    | b'{'
                                    | b'}'
                                    | b'['
                                    | b']'
                                    | b'"'
                            )
                        })
                        .map_or(self.bytes.len(), |n| at + n);
                    self.value(Kind::Scalar, at, end, true);
                    at = end.max(at + 1);
                }
            }
        }
        let end = self.bytes.len();
        for node in self.stack.drain(..) {
            self.tree.nodes[node].end = end;
        }
        self.tree
    }

    fn in_object(&self) -> bool {
        self.stack
            .last()
            .is_some_and(|&n| self.tree.nodes[n].kind == Kind::Object)
    }

    /// A key read: a member awaiting its value.
    fn key(&mut self, start: usize, end: usize) {
        let raw = &self.text[start..end];
        let name = serde_json::from_str::<String>(raw)
            .unwrap_or_else(|_| raw.trim_matches('"').to_owned());
        let parent = self.stack.last().copied();
        let index = self.tree.nodes.len();
        self.tree.nodes.push(Node {
            kind: Kind::Missing,
            start: end,
            end,
            closed: true,
            key: Some(Key { name, start, end }),
            parent,
            children: Vec::new(),
        });
        if let Some(parent) = parent {
            self.tree.nodes[parent].children.push(index);
        }
        self.pending = Some(index);
        self.expect_key = false;
    }

    /// A value read: the pending member's, an array's item, or the root (`None` for a value
    /// where none belongs, after the root or a second value of one member).
    fn value(&mut self, kind: Kind, start: usize, end: usize, closed: bool) -> Option<usize> {
        if let Some(member) = self.pending.take() {
            let node = &mut self.tree.nodes[member];
            node.kind = kind;
            node.start = start;
            node.end = end;
            node.closed = closed;
            return Some(member);
        }
        let parent = self.stack.last().copied();
        let in_object = self.in_object();
        if (parent.is_none() && !self.tree.nodes.is_empty()) || in_object {
            return None;
        }
        let index = self.tree.nodes.len();
        self.tree.nodes.push(Node {
            kind,
            start,
            end,
            closed,
            key: None,
            parent,
            children: Vec::new(),
        });
        if let Some(parent) = parent {
            self.tree.nodes[parent].children.push(index);
        }
        Some(index)
    }
}

/// Just past the string opening at `start`, and whether its closing quote is there (a string
/// runs to the end of its line when not closed, so that one missing quote spoils one line).
fn string_end(bytes: &[u8], start: usize) -> (usize, bool) {
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return (at + 1, true),
            b'\n' | b'\r' => return (at, false),
            _ => at += 1,
        }
    }
    (bytes.len(), false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The place of the `|` in each text (removed before reading), as a path and a kind.
    #[test]
    fn places_in_finished_and_unfinished_text() {
        let cases: &[(&str, &str)] = &[
            (
                r#"{"constraints": [{"kind": "|"}]}"#,
                "string /constraints/0/kind",
            ),
            (
                r#"{"constraints": [{"kind": "sa|"#,
                "string /constraints/0/kind",
            ),
            (r#"{"objective": {|}}"#, "new-key /objective"),
            (r#"{"objective": {"summary": "x", |"#, "new-key /objective"),
            (r#"{"objective": {"su|": 1}}"#, "key /objective/su"),
            (
                r#"{"ownership": {"nextActor": {"type": |}}}"#,
                "new-value /ownership/nextActor/type",
            ),
            (r#"{"a": [1, 2, {"b": tr|ue}]}"#, "other"),
            (r#"{"a": 1}|"#, "other"),
            ("|", "other"),
        ];
        for (marked, wanted) in cases {
            let offset = marked.find('|').expect("a cursor");
            let text = marked.replacen('|', "", 1);
            let tree = Tree::parse(&text);
            let show = |node: usize| {
                tree.path(node)
                    .iter()
                    .map(|s| match s {
                        Step::Key(k) => format!("/{k}"),
                        Step::Index(i) => format!("/{i}"),
                    })
                    .collect::<String>()
            };
            let got = match tree.place(&text, offset) {
                Place::Key { node, .. } => format!("key {}", show(node)),
                Place::String { node, .. } => format!("string {}", show(node)),
                Place::NewKey { node } => format!("new-key {}", show(node)),
                Place::NewValue { node } => format!("new-value {}", show(node)),
                Place::Other => "other".to_owned(),
            };
            assert_eq!(&got, wanted, "{marked}");
        }
    }

    #[test]
    fn deep_and_hostile_text_is_read_without_recursion() {
        let deep = "[".repeat(200_000);
        assert_eq!(Tree::parse(&deep).nodes.len(), 200_000);
        for text in [
            "}}]]::,,",
            "\"\\",
            "{\"a\" \"b\" \"c\"}",
            "{{{",
            "\u{0}\u{ffff}",
        ] {
            let tree = Tree::parse(text);
            for offset in 0..=text.len() {
                if text.is_char_boundary(offset) {
                    let _ = tree.place(text, offset);
                }
            }
        }
    }
}

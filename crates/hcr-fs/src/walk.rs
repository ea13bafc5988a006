//! Walking a folder through its handle: every folder beneath it opened with
//! [`Folder::folder`] (no link on the way unless the user asked to follow them), siblings in
//! the byte order of their names, what ignore files inside the folder exclude skipped.
//!
//! Ignore files are read as `ignore` (ripgrep's walker) reads them, only inside the folder
//! walked, through the same handles: `.ignore` over `.gitignore` over `.git/info/exclude`,
//! the nearest folder's rules first, `.gitignore` files above a folder holding `.git` not
//! applying beneath it. Nothing above the folder, and no global excludes, decides what is
//! walked.

use std::path::{Path, PathBuf};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};

use crate::folder::{Entry, Folder, Kind, Links};

/// How a folder is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkOptions {
    /// Walk hidden entries (names starting with `.`), skipped by default.
    pub hidden: bool,
    /// Honour `.ignore`, `.gitignore` and `.git/info/exclude` inside the folder.
    pub ignore_files: bool,
    /// Links met while walking: skipped ([`Links::Refuse`]) or followed.
    pub links: Links,
}

impl Default for WalkOptions {
    fn default() -> Self {
        Self {
            hidden: false,
            ignore_files: true,
            links: Links::Refuse,
        }
    }
}

/// What the walk found, relative to the folder walked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A regular file.
    File(PathBuf),
    /// A folder or ignore file that could not be read, and why.
    Problem(PathBuf, String),
}

/// The largest ignore file read; a larger one is a problem, not read.
pub const MAX_IGNORE_FILE_BYTES: usize = 1 << 20;

/// The deepest a walk goes: a folder nested deeper is a problem, not walked (each folder is
/// opened from the folder walked, so the work per folder grows with its depth).
pub const MAX_WALK_DEPTH: usize = 256;

/// One folder of the walk, with what is left of its entries.
struct Level {
    /// Relative to the folder walked.
    relative: PathBuf,
    entries: std::vec::IntoIter<Entry>,
    rules: Rules,
    /// The folder's identity, when links are followed (a loop is a folder met twice on one
    /// path).
    identity: Option<(u64, u64)>,
}

/// The ignore rules of one folder.
#[derive(Default)]
struct Rules {
    ignore: Option<Gitignore>,
    gitignore: Option<Gitignore>,
    exclude: Option<Gitignore>,
    has_git: bool,
}

/// Walks `root` depth first, siblings sorted by name, calling `visit` with each regular file
/// and each problem; stops when `visit` returns false.
pub fn walk(root: &Folder, options: &WalkOptions, visit: &mut dyn FnMut(Found) -> bool) {
    let mut stack: Vec<Level> = Vec::new();
    match open_level(root, PathBuf::new(), options, visit) {
        Some(level) => stack.push(level),
        None => return,
    }
    while let Some(top) = stack.last_mut() {
        let Some(entry) = top.entries.next() else {
            stack.pop();
            continue;
        };
        if !options.hidden && entry.name.as_encoded_bytes().first() == Some(&b'.') {
            continue;
        }
        let relative = top.relative.join(&entry.name);
        let kind = match entry.kind {
            Kind::Link if options.links == Links::Follow => followed_kind(root, &relative),
            kind => kind,
        };
        match kind {
            Kind::File => {
                if !ignored(&stack, &relative, false, options) && !visit(Found::File(relative)) {
                    return;
                }
            }
            Kind::Folder => {
                if ignored(&stack, &relative, true, options) {
                    continue;
                }
                if stack.len() > MAX_WALK_DEPTH {
                    let why =
                        format!("it is nested more than {MAX_WALK_DEPTH} folders deep; not walked");
                    if !visit(Found::Problem(relative, why)) {
                        return;
                    }
                    continue;
                }
                let Some(level) = open_level(root, relative.clone(), options, visit) else {
                    return;
                };
                if level.identity.is_some()
                    && stack.iter().any(|above| above.identity == level.identity)
                {
                    if !visit(Found::Problem(relative, "a symlink loop".to_owned())) {
                        return;
                    }
                    continue;
                }
                stack.push(level);
            }
            Kind::Link | Kind::Other => {}
        }
    }
}

/// What a link leads to, followed (a broken link is nothing to walk).
fn followed_kind(root: &Folder, relative: &Path) -> Kind {
    if root.folder(relative, Links::Follow).is_ok() {
        Kind::Folder
    } else if root.open_file(relative, Links::Follow).is_ok() {
        Kind::File
    } else {
        Kind::Other
    }
}

/// Opens and lists the folder `relative`, with its ignore rules; `None` when `visit` stops
/// the walk on a problem. A folder that cannot be opened is a problem and an empty level.
fn open_level(
    root: &Folder,
    relative: PathBuf,
    options: &WalkOptions,
    visit: &mut dyn FnMut(Found) -> bool,
) -> Option<Level> {
    let empty = |relative: PathBuf| Level {
        relative,
        entries: Vec::new().into_iter(),
        rules: Rules::default(),
        identity: None,
    };
    let folder = match root.folder(&relative, options.links) {
        Ok(folder) => folder,
        Err(failure) => {
            return visit(Found::Problem(relative.clone(), failure.to_string()))
                .then(|| empty(relative));
        }
    };
    let entries = match folder.entries() {
        Ok(entries) => entries,
        Err(error) => {
            return visit(Found::Problem(relative.clone(), error.to_string()))
                .then(|| empty(relative));
        }
    };
    let identity = (options.links == Links::Follow)
        .then(|| folder.identity())
        .flatten();
    let mut rules = Rules::default();
    if options.ignore_files {
        rules.has_git = entries.iter().any(|e| e.name == ".git");
        let mut read = |name: &str| -> Option<Option<Gitignore>> {
            if !entries
                .iter()
                .any(|e| e.name == *name.split('/').next().unwrap_or(name))
            {
                return Some(None);
            }
            match rules_file(&folder, Path::new(name)) {
                Ok(rules) => Some(rules),
                Err(reason) => visit(Found::Problem(relative.join(name), reason)).then_some(None),
            }
        };
        rules.ignore = read(".ignore")?;
        rules.gitignore = read(".gitignore")?;
        if rules.has_git {
            rules.exclude = read(".git/info/exclude")?;
        }
    }
    Some(Level {
        relative,
        entries: entries.into_iter(),
        rules,
        identity,
    })
}

/// The rules of one ignore file beneath `folder` (none when it is missing, or not a regular
/// file reached without a link), or why it could not be used.
fn rules_file(folder: &Folder, name: &Path) -> Result<Option<Gitignore>, String> {
    let text = match folder.read(name, MAX_IGNORE_FILE_BYTES) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(crate::ReadFailure::TooLarge(_)) => {
            return Err(format!(
                "the ignore file is larger than {MAX_IGNORE_FILE_BYTES} bytes, so what it excludes is unknown"
            ));
        }
        Err(_) => return Ok(None),
    };
    let mut builder = GitignoreBuilder::new(".");
    for line in text.lines() {
        if let Err(error) = builder.add_line(None, line) {
            return Err(format!(
                "the ignore file has a line that is not a glob: {error}"
            ));
        }
    }
    builder
        .build()
        .map(Some)
        .map_err(|error| format!("the ignore file could not be read: {error}"))
}

/// Whether the rules of the folders on the stack exclude `relative`, as `ignore` decides: the
/// nearest folder's `.ignore` first, then its `.gitignore` (not above a folder holding
/// `.git`), then `.git/info/exclude`.
fn ignored(stack: &[Level], relative: &Path, is_dir: bool, options: &WalkOptions) -> bool {
    if !options.ignore_files {
        return false;
    }
    let (mut by_ignore, mut by_gitignore, mut by_exclude) = (Match::None, Match::None, Match::None);
    let mut saw_git = false;
    for level in stack.iter().rev() {
        let Ok(below) = relative.strip_prefix(&level.relative) else {
            continue;
        };
        let matched = |rules: &Option<Gitignore>| {
            rules
                .as_ref()
                .map_or(Match::None, |r| r.matched(below, is_dir).map(|_| ()))
        };
        if by_ignore.is_none() {
            by_ignore = matched(&level.rules.ignore);
        }
        if !saw_git && by_gitignore.is_none() {
            by_gitignore = matched(&level.rules.gitignore);
        }
        if !saw_git && by_exclude.is_none() {
            by_exclude = matched(&level.rules.exclude);
        }
        saw_git = saw_git || level.rules.has_git;
    }
    by_ignore.or(by_gitignore).or(by_exclude).is_ignore()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(root: &Path, options: &WalkOptions) -> Vec<String> {
        let folder = Folder::open(root).expect("opens");
        let mut found = Vec::new();
        walk(&folder, options, &mut |f| {
            found.push(match f {
                Found::File(p) => p.display().to_string(),
                Found::Problem(p, why) => format!("problem {}: {why}", p.display()),
            });
            true
        });
        found
    }

    #[test]
    fn walks_in_name_order_and_honours_ignore_files_inside() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        for path in [
            "b/z.json",
            "b/a.json",
            "a.json",
            "c/d/e.json",
            "logs/x.json",
            ".h/y.json",
        ] {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
            std::fs::write(path, "{}").expect("write");
        }
        std::fs::write(root.join(".gitignore"), "logs/\n").expect("write");
        std::fs::write(root.join("c/.ignore"), "d\n").expect("write");
        std::fs::write(root.join("c/.gitignore"), "!d\n").expect("write");
        assert_eq!(
            files(root, &WalkOptions::default()),
            ["a.json", "b/a.json", "b/z.json"]
        );
        let all = WalkOptions {
            hidden: true,
            ignore_files: false,
            links: Links::Refuse,
        };
        assert_eq!(
            files(root, &all),
            [
                ".gitignore",
                ".h/y.json",
                "a.json",
                "b/a.json",
                "b/z.json",
                "c/.gitignore",
                "c/.ignore",
                "c/d/e.json",
                "logs/x.json"
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_are_skipped_unless_followed_and_loops_are_problems() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("real")).expect("dirs");
        std::fs::write(root.join("real/a.json"), "{}").expect("write");
        std::os::unix::fs::symlink("real", root.join("linked")).expect("link");
        std::os::unix::fs::symlink(".", root.join("real/loop")).expect("link");
        assert_eq!(files(&root, &WalkOptions::default()), ["real/a.json"]);
        let follow = WalkOptions {
            links: Links::Follow,
            ..WalkOptions::default()
        };
        assert_eq!(
            files(&root, &follow),
            [
                "linked/a.json",
                "problem linked/loop: a symlink loop",
                "real/a.json",
                "problem real/loop: a symlink loop"
            ]
        );
    }
}

//! What the baselines share: the records a folder holds, found as `hcr validate` finds them.
//!
//! ```
//! let files = hcr_bench_baselines::json_files(std::path::Path::new("no such folder"));
//! assert!(files.is_empty());
//! ```

use std::path::{Path, PathBuf};

/// Every `*.json` file under `dir`, recursively, sorted; none if `dir` cannot be read.
#[must_use]
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

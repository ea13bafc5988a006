//! Every input kept under `fuzz/regressions/TARGET/` (crashes that fuzzing found and that were
//! fixed), and the fuzz seed corpus (the conformance suite and the examples), replayed
//! through the fuzz targets' properties.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.is_file());
    found.sort();
    found
}

#[test]
fn kept_regressions_pass_their_target() {
    let regressions = root().join("fuzz/regressions");
    let mut replayed = 0;
    for dir in files(&regressions).into_iter().chain(
        std::fs::read_dir(&regressions)
            .expect("fuzz/regressions exists")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir()),
    ) {
        if dir.is_file() {
            // The folder's README.
            continue;
        }
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let (_, target) = hcr_fuzz::TARGETS
            .iter()
            .find(|(target, _)| *target == name)
            .unwrap_or_else(|| panic!("fuzz/regressions/{name} names no fuzz target"));
        for input in files(&dir) {
            let bytes = std::fs::read(&input).expect("readable");
            target(&bytes);
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no regression inputs were found");
}

#[test]
fn the_seed_corpus_passes_its_target() {
    for (name, target) in hcr_fuzz::TARGETS {
        let seeds = hcr_fuzz::seeds(name, &root());
        // Every target starts from a real corpus: the suite, the examples and what they render.
        assert!(seeds.len() >= 10, "{name}: {} seeds", seeds.len());
        for seed in &seeds {
            target(seed);
        }
    }
}

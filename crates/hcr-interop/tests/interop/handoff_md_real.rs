//! Real handoff files from public repositories (`tests/data/handoff-md-real/`, sources and
//! licences in its `SOURCES.md`), each with a hand-written expectation of the fields a
//! reader maps: hcr's conversion must meet at least 90% of them, never file
//! a phrase where its expectation says it does not belong, and keep every line of every
//! file in a field, under the extension, or reported.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use hcr_interop::handoff_md::headings::Role;
use hcr_interop::handoff_md::{from_handoff_md, lint, render};
use serde_json::Value;

fn corpus() -> Vec<(String, String, Value)> {
    corpus_in("handoff-md-real")
}

/// Every corpus, the tuned one first. Each held-out corpus holds real files whose
/// expectations were written blind, by a reader who neither ran the conversion nor read its
/// code, and was measured blind once before it was read for its misses (its floor below).
const FOLDERS: [&str; 44] = [
    "handoff-md-real",
    "handoff-md-holdout",
    "handoff-md-holdout-2",
    "handoff-md-holdout-3",
    "handoff-md-holdout-4",
    "handoff-md-holdout-5",
    "handoff-md-holdout-6",
    "handoff-md-holdout-7",
    "handoff-md-holdout-8",
    "handoff-md-holdout-9",
    "handoff-md-holdout-10",
    "handoff-md-holdout-11",
    "handoff-md-holdout-12",
    "handoff-md-holdout-13",
    "handoff-md-holdout-14",
    "handoff-md-holdout-15",
    "handoff-md-holdout-16",
    "handoff-md-holdout-17",
    "handoff-md-holdout-18",
    "handoff-md-holdout-19",
    "handoff-md-holdout-20",
    "handoff-md-holdout-21",
    "handoff-md-holdout-22",
    "handoff-md-holdout-23",
    "handoff-md-holdout-24",
    "handoff-md-holdout-25",
    "handoff-md-holdout-26",
    "handoff-md-holdout-27",
    "handoff-md-holdout-28",
    "handoff-md-holdout-29",
    "handoff-md-holdout-30",
    "handoff-md-holdout-31",
    "handoff-md-holdout-32",
    "handoff-md-holdout-33",
    "handoff-md-holdout-34",
    "handoff-md-holdout-35",
    "handoff-md-holdout-36",
    "handoff-md-holdout-37",
    "handoff-md-holdout-38",
    "handoff-md-holdout-39",
    "handoff-md-holdout-40",
    "handoff-md-holdout-41",
    "handoff-md-holdout-42",
    "handoff-md-holdout-43",
];

/// Every file of every corpus.
fn every_file() -> impl Iterator<Item = (String, String, Value)> {
    FOLDERS.iter().flat_map(|folder| corpus_in(folder))
}

fn corpus_in(folder: &str) -> Vec<(String, String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("SOURCES.md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().expect("name").to_string_lossy().into_owned();
            let text = String::from_utf8_lossy(&std::fs::read(&p).expect("readable")).into_owned();
            let expect = p.with_file_name(format!("{name}.expect.json"));
            let expect: Value = serde_json::from_str(
                &std::fs::read_to_string(&expect).expect("every file has its expectation"),
            )
            .expect("JSON");
            (name, text, expect)
        })
        .collect()
}

/// Text as the expectations compare it: lowercased, emphasis and code marks dropped,
/// whitespace collapsed.
fn plain(text: &str) -> String {
    text.to_lowercase()
        .replace(['*', '_', '`'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The texts a field holds: a string, or each item of a list (a decision's summary and
/// rationale, an evidence item's label and claim).
fn texts(record: &Value, field: &str) -> Vec<String> {
    let pointer = format!("/{}", field.replace('.', "/"));
    let Some(value) = record.pointer(&pointer) else {
        return Vec::new();
    };
    let one = |v: &Value| -> String {
        match v {
            Value::String(s) => s.clone(),
            Value::Object(map) => map
                .values()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" "),
            _ => String::new(),
        }
    };
    match value {
        Value::Array(items) => items.iter().map(one).collect(),
        other => vec![one(other)],
    }
}

fn phrases(expect: &Value, key: &str) -> Vec<(String, String)> {
    expect[key]
        .as_object()
        .map(|fields| {
            fields
                .iter()
                .flat_map(|(field, list)| {
                    list.as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .map(move |p| (field.clone(), p.to_owned()))
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_corpus_is_what_the_issue_asks_for() {
    assert!(corpus().len() >= 30, "{} files", corpus().len());
    for folder in FOLDERS {
        sources_are_listed(folder);
    }
}

fn sources_are_listed(folder: &str) {
    let corpus = corpus_in(folder);
    let sources = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(folder)
            .join("SOURCES.md"),
    )
    .expect("SOURCES.md");
    for (name, _, expect) in &corpus {
        assert!(
            sources.contains(&format!("{name}.md")),
            "{name} has no source listed"
        );
        assert!(
            !phrases(expect, "fields").is_empty(),
            "{name} expects nothing"
        );
    }
}

#[test]
#[allow(
    clippy::print_stderr,
    reason = "the score and its misses are the report a reader of the test output wants"
)]
fn real_files_convert_as_a_reader_maps_them() {
    let (share, misses) = score(corpus());
    // The issue's target, 90%, held so that it cannot fall.
    assert!(share >= 0.90, "{misses:#?}");
}

#[test]
fn held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout", HOLDOUT_FLOOR);
}

#[test]
fn second_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-2", HOLDOUT_2_FLOOR);
}

#[test]
fn third_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-3", HOLDOUT_3_FLOOR);
}

#[test]
fn fourth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-4", HOLDOUT_4_FLOOR);
}

#[test]
fn fifth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-5", HOLDOUT_5_FLOOR);
}

#[test]
fn sixth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-6", HOLDOUT_6_FLOOR);
}

#[test]
fn seventh_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-7", HOLDOUT_7_FLOOR);
}

#[test]
fn eighth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-8", HOLDOUT_8_FLOOR);
}

#[test]
fn ninth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-9", HOLDOUT_9_FLOOR);
}

#[test]
fn tenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-10", HOLDOUT_10_FLOOR);
}

#[test]
fn eleventh_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-11", HOLDOUT_11_FLOOR);
}

#[test]
fn twelfth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-12", HOLDOUT_12_FLOOR);
}

#[test]
fn thirteenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    // (Four files: the other eight of the blind measure have no licence to be kept.)
    held_out_meets_in("handoff-md-holdout-13", 4, HOLDOUT_13_FLOOR);
}

#[test]
fn fourteenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-14", HOLDOUT_14_FLOOR);
}

#[test]
fn fifteenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-15", HOLDOUT_15_FLOOR);
}

#[test]
fn sixteenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-16", HOLDOUT_16_FLOOR);
}

#[test]
fn seventeenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-17", 9, HOLDOUT_17_FLOOR);
}

#[test]
fn eighteenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    // (Nine files: no tenth licensed one was found in time.)
    held_out_meets_in("handoff-md-holdout-18", 9, HOLDOUT_18_FLOOR);
}

#[test]
fn nineteenth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-19", HOLDOUT_19_FLOOR);
}

#[test]
fn twentieth_held_out_files_convert_as_a_blind_reader_maps_them() {
    // (Nine files: no tenth licensed one was found in time.)
    held_out_meets_in("handoff-md-holdout-20", 9, HOLDOUT_20_FLOOR);
}

#[test]
fn twenty_first_held_out_files_convert_as_a_blind_reader_maps_them() {
    // (Nine files: no tenth licensed one was found in time.)
    held_out_meets_in("handoff-md-holdout-21", 9, HOLDOUT_21_FLOOR);
}

#[test]
fn twenty_second_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-22", HOLDOUT_22_FLOOR);
}

#[test]
fn twenty_third_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-23", HOLDOUT_23_FLOOR);
}

#[test]
fn twenty_fourth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-24", HOLDOUT_24_FLOOR);
}

#[test]
fn twenty_fifth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-25", HOLDOUT_25_FLOOR);
}

#[test]
fn twenty_sixth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-26", HOLDOUT_26_FLOOR);
}

#[test]
fn twenty_seventh_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-27", HOLDOUT_27_FLOOR);
}

#[test]
fn twenty_eighth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-28", HOLDOUT_28_FLOOR);
}

#[test]
fn twenty_ninth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-29", HOLDOUT_29_FLOOR);
}

#[test]
fn thirtieth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-30", HOLDOUT_30_FLOOR);
}

#[test]
fn thirty_first_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-31", HOLDOUT_31_FLOOR);
}

#[test]
fn thirty_second_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-32", 6, HOLDOUT_32_FLOOR);
}

#[test]
fn thirty_third_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-33", 6, HOLDOUT_33_FLOOR);
}

#[test]
fn thirty_fourth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-34", 5, HOLDOUT_34_FLOOR);
}

#[test]
fn thirty_fifth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-35", HOLDOUT_35_FLOOR);
}

#[test]
fn thirty_sixth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets("handoff-md-holdout-36", HOLDOUT_36_FLOOR);
}

#[test]
fn thirty_seventh_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-37", 5, HOLDOUT_37_FLOOR);
}

#[test]
fn thirty_eighth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-38", 8, HOLDOUT_38_FLOOR);
}

#[test]
fn thirty_ninth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-39", 7, HOLDOUT_39_FLOOR);
}

#[test]
fn fortieth_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-40", 7, HOLDOUT_40_FLOOR);
}

#[test]
fn forty_first_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-41", 4, HOLDOUT_41_FLOOR);
}

#[test]
fn forty_second_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-42", 6, HOLDOUT_42_FLOOR);
}

#[test]
fn forty_third_held_out_files_convert_as_a_blind_reader_maps_them() {
    held_out_meets_in("handoff-md-holdout-43", 6, HOLDOUT_43_FLOOR);
}

/// A held-out corpus of at least 10 files meets at least `floor` of its expectations: what
/// the mapping meets on files it was not tuned on (see docs/handoff-md.md), held so that it
/// cannot fall.
fn held_out_meets(folder: &str, floor: f64) {
    held_out_meets_in(folder, 10, floor);
}

/// [`held_out_meets`] for a corpus of at least `files` files.
fn held_out_meets_in(folder: &str, files: usize, floor: f64) {
    let holdout = corpus_in(folder);
    assert!(holdout.len() >= files, "{folder}: {} files", holdout.len());
    let (share, misses) = score(holdout);
    assert!(share >= floor, "{folder}: {misses:#?}");
}

// (2026-12-06, second session: a state item said plainly done raised the fourth, fifth,
// seventh, ninth, tenth and eighteenth.)
// Each floor below is the share its corpus meets now, rounded down: the twentieth
// corpus's classes and the review after them (2026-12-06) raised the second, fourth,
// fifth, eighth, ninth, twelfth and fifteenth to nineteenth. A second review then showed
// `Session history` and `Tests passing` misread (`Session history of failures`, `Tests
// passing? No`): withdrawn, they take the fifth back to 43 of 131 and the fifteenth to 35
// of 87 (42 and 32 at the session's start).

/// The share of the twenty-ninth held-out corpus's expectations met: 30 of 95 (31.6%) when
/// it was measured blind, at b0b2aea and at 39a8551 (the session's first change, written
/// before the corpus arrived), with no contradiction; 40 after the classes its misses showed
/// were read (a step that only asks for this file to be read is none; `已完成的后续实现` is
/// work done; `Current Position`, `Recent Actions`, `Recent Breakthroughs`, `現在の到達点`,
/// `重要な仕様判定`, `次回以降…`, `한 줄 요약`, `… easy to get wrong`, `… must never …`, `Lo
/// único que falta`, `Lo que ya está verificado`; `has successfully achieved`, `currently
/// transitioning`; steps under the work left when no section of their own says them), and
/// 38 to 40 again after a review of them narrowed each; 42 after the thirtieth's.
const HOLDOUT_29_FLOOR: f64 = 0.44;

/// The share of the thirtieth held-out corpus's expectations met: 34 of 93 (36.6%) when it
/// was measured blind, at b713b2c and with 6002d3c's change (written before the corpus
/// arrived), with two contradictions, mended before this floor was set (a label alone on
/// its line over a list in a state section names its bucket, `已知待办/可选：`; a step that
/// offers ways to do it is the step, not its ways); 37 after the classes its misses showed
/// were read (a short item that states a result or a rule is that proof or rule whole, a
/// guess at a cause is unverified, Korean prohibitions of any verb, rules named as rules);
/// 39 after the thirty-first's (a summary named by how long it takes to read, `30 秒サマリ`);
/// 41 after the thirty-third's (`이번에 끝낸 것`, `Session Log` kept, a change log's items).
const HOLDOUT_30_FLOOR: f64 = 0.44;

/// The share of the thirty-first held-out corpus's expectations met: 31 of 80 (38.8%) when
/// it was measured blind, at ffb860a and with the session's first changes (written before
/// the corpus arrived), with no contradiction; 37 after the names its misses showed were
/// read (`Offene Todos`, `Prochain pas`, `Critère de succès`, `Qué no hacer`,
/// `Kernresultaten`, `Stav aplikace`, `Fungující komponenty`); 39 after waiting for someone
/// was read as blocked in other languages (`wartet auf`) and a choice said deliberate
/// (`Bewust geen kale NER`) as a decision; 41 after the thirty-third's (`Core implementado`,
/// `Test Result`).
const HOLDOUT_31_FLOOR: f64 = 0.51;

/// The share of the thirty-second held-out corpus's expectations met (six files: no more
/// licensed ones unused by earlier corpora were found in the collector's time): 11 of 42
/// (26.2%) when it was measured blind, at ffb860a and at c8f67e5's code with the decision
/// words after it (written before the corpus arrived), with no contradiction; still 11 after
/// its classes were read and reviewed (`Sub-fases cerradas`, `Próximo`, a label over a date
/// alone, `Proxima Revisao: 08/11/2025`, as no step; `O que está pronto`, `Último hito` and
/// `Último cierre` were read, then withdrawn: `O que está pronto para revisão` is not done,
/// and `Último cierre` took a rule for the future into work done); 12 after the thirty-third
/// session's names (`Decisión del dev (2026-05-18):` a decision).
const HOLDOUT_32_FLOOR: f64 = 0.28;

/// The share of the thirty-third held-out corpus's expectations met (six files, as the
/// thirty-second's): 12 of 51 (23.5%) when it was measured blind, at 51b04be and at 22f7f03
/// (the session's first change, written before the corpus was read), with no contradiction;
/// 14 after its classes were read (a state's label in bold with its text inside keeps the
/// line after it, `**Status: M1-M3 done.** This file's …`; an outcome reported is a result,
/// `Important outcome:`), 13 when a review showed an outcome aimed at read as proof
/// (`**Outcome:** users can download invoices as CSV` under a task not started), withdrawn.
/// Its TOML front matter showed the text before a title dropped in silence, now the
/// preamble's.
const HOLDOUT_33_FLOOR: f64 = 0.25;

/// The share of the thirty-fourth held-out corpus's expectations met (five files: no more
/// licensed ones unused by earlier corpora were found in the collector's time): 18 of 41
/// (43.9%) when it was measured blind, at 51b04be, at bd39bb7 and with a5f217f's change
/// (written before the corpus was read), with no contradiction.
const HOLDOUT_34_FLOOR: f64 = 0.43;

/// The share of the thirty-fifth held-out corpus's expectations met: 33 of 83 (39.8%) when
/// it was measured blind, at a65de60 and with 1d57b2a's change (written before the corpus
/// was read), with one contradiction, mended before this floor was set (a note that a
/// defect still stands, `**CRITICAL NOTE:** … hallucinations are still being observed`, was
/// filed as work done: it is work left, and no next step); 37 after its classes were read
/// (a ranked backlog's first item, numbered in bold, is the next step when none is named;
/// `### To finish T28` under next steps groups steps; `Active work`, `Direction (locked)`,
/// `Recommended first slice`); 39 after more of them (a struck step reported done is
/// none; `重要な決定事項` and `未解決・既知リスク` keep their roles under a state). (`Design notes`
/// was read, then withdrawn after a review.)
const HOLDOUT_35_FLOOR: f64 = 0.46;

/// The share of the thirty-sixth held-out corpus's expectations met: 31 of 70 (44.3%) when
/// it was measured blind, at a65de60, at bae1649 and with the first of 2a2b178's changes
/// (written before the corpus was read), with one contradiction, mended before this floor was set (the first
/// thing left to do, taken as the next step, held the nested items it introduces, `Full
/// Playwright connector implementation (Phase 1-5 …):` over `Phase 4: Update GitHub Actions
/// workflow …`: the step is the item, its parts stay with the work left).
const HOLDOUT_36_FLOOR: f64 = 0.44;

/// The share of the thirty-seventh held-out corpus's expectations met (5 files, collected
/// in a shortened time): 14 of 30 (46.7%) when it was measured blind, at a65de60 and at
/// 90b2694 (the session's last code), with no contradiction; 18 of 30 (60.0%) after its
/// classes were read (a step said after its heading's colon, a wait among the steps, a struck
/// step said dropped, `Things to AVOID`, `已踩过的坑`).
const HOLDOUT_37_FLOOR: f64 = 0.6;

/// The share of the thirty-eighth held-out corpus's expectations met (8 files): 24 of
/// 53 (45.3%) when it was measured blind, at 5b28717 and with the session's first change
/// (before its commit), with no contradiction; 29 of 53 (54.7%) after its classes were read (a
/// memory bank's `Active tasks`, recent changes in six languages, a step ticked or reported
/// done among the steps, a stage's name over numbered steps, `funcionando corretamente`,
/// `ha sido resuelto`, `Ожидает merge`, a stage said done before its title's colon); reading
/// `Current focus` as the state met 4 more and was withdrawn after review (it lost the goal).
const HOLDOUT_38_FLOOR: f64 = 0.54;

/// The share of the thirty-ninth held-out corpus's expectations met (7 files): 22 of
/// 43 (51.2%) when it was measured blind, at b6416c1 (the code of the session's
/// start), with no contradiction; 28 once read for its classes (a heading's `再学習中`,
/// `Files or areas to avoid`, `Instructions to resume`, a verification checklist in
/// Portuguese, `merged as` a commit).
const HOLDOUT_39_FLOOR: f64 = 0.65;

/// The share of the fortieth held-out corpus's expectations met (7 files): 14 of 40
/// (35.0%) when it was measured blind, at 9f886f3 (the code of the session's start) and
/// with the session's first change, with one contradiction (a file indented two spaces
/// joined a table of work left to its last item of work done), mended before this floor
/// was set; 16 once read for its classes.
const HOLDOUT_40_FLOOR: f64 = 0.34;

/// The share of the forty-first held-out corpus's expectations met (4 files): 9 of 24
/// (37.5%) when it was measured blind, at 53f176a (the code of the session's start), with
/// no contradiction; 13 once read for its classes (`Progresso do Projeto`: a state named as
/// the project's, and `progresso` a state's name).
const HOLDOUT_41_FLOOR: f64 = 0.54;

/// The share of the forty-second held-out corpus's expectations met (6 files): 11 of 35
/// (31.4%) when it was measured blind, at 53f176a (the code of the session's start), with
/// no contradiction; 13 once read for its classes (`Implementierungsstatus`, a German
/// compound that names the state).
const HOLDOUT_42_FLOOR: f64 = 0.37;

/// The share of the forty-third held-out corpus's expectations met (6 files): 8 of 37
/// (21.6%) when it was measured blind, at 53f176a (the code of the session's start) and at
/// 605f5b0 (its last), with no contradiction; not yet read for its classes.
const HOLDOUT_43_FLOOR: f64 = 0.21;

/// The share of the twenty-eighth held-out corpus's expectations met: 25 of 94 (26.6%) when
/// it was measured blind, at 4737b2e, with one contradiction (a list that `remain[s] planned
/// … must not be described as implemented`, read as work done); 25 without it after a
/// paragraph over a list that says its items' state was read; 35 after heading names
/// (`Task Overview`, `Right now`, `Siguiente paso`, `Hecho`, `已经完成`, `corrigé`, `尚未`,
/// `Tests restants`) and a qualifier that says when a routine is run (`à faire après CHAQUE
/// modification`, no work left); 36 after `… tests, Ruff, and strict mypy pass` was read as
/// a proof; 37 after a check an evidence section says is blocked (`E2E 测试被 … 缺失阻断`) was
/// read as blocked; 38 after the thirty-first's (`You are driving Moonlab … to a green
/// release gate` before the first section is the goal); 39 after the thirty-fifth's (`Next
/// Focus:` names the step under `### Immediate Context`).
const HOLDOUT_28_FLOOR: f64 = 0.41;

/// The share of the twenty-seventh held-out corpus's expectations met: 32 of 91 (35.2%)
/// when it was measured blind, at 0303784, with one contradiction (a header's `Next Task`
/// that the file's checklist marks complete, taken as the next step); 37 after the classes
/// its misses showed were read (a step the file reports done under a heading of its own is
/// no next step; `需人工实机验证项` is unverified; `Success Looks Like` and `… Complete When`
/// are criteria; a plain title over a list names a role as a heading does; `has been
/// switched` is work done; `下一批优先工作`, `Wo genau weitergemacht wird`, `Current Working
/// Pieces`, `Missing Pieces Inventory`); 39 after a rule behind a bold label (`**⚠️
/// CRITICAL**: Do NOT recreate …`) and a criteria section's `**Validation:**` were read;
/// 41 after the thirtieth's; 42 after `We considered it and rejected it` was read as a
/// decision (the thirty-first's session); 44 with a `Changelog` read as work done, and 42
/// again when a review showed `changelog` as a name misreading a step (`Merge … (4 commits +
/// changelog)`), withdrawn (the thirty-third's).
const HOLDOUT_27_FLOOR: f64 = 0.46;

/// The share of the twenty-sixth held-out corpus's expectations met: 27 of 90 (30.0%) when
/// it was measured blind, at c4f5fe5, with no contradiction; 42 after the classes its misses
/// showed were read (`Quirks the next session will hit` and `环境坑` are rules; `Recent
/// UAT-driven fixes` and a `Closed in this arc (no longer carry-forward):` label are work
/// done; a sentence that names itself the next step, in a prompt's fence too; names in
/// Japanese, Chinese and Korean: `未実装`, `承認待ち`, `インフラ移行の完成の定義`, `验收证据`,
/// `当前接手基线`, `작업 목적`, `남은 이슈`); 45 after its prompt in a fence was read
/// (2026-12-06, sixth session); 46 with `**Expected Outcome**:` read as the step's check
/// (the thirty-third session).
const HOLDOUT_26_FLOOR: f64 = 0.51;

/// The share of the twenty-fifth held-out corpus's expectations met: 28 of 94 (29.8%) when
/// it was measured blind, at 02756d4, 04b2183 and 6248d8d, with two contradictions (a run
/// table's `TIMEOUT at 1.5h (~820/1076 snaps done)` under `Production runs submitted &
/// completed`, filed as work done; `Consider switching to SSH for git push`, the ninth item
/// of a list of priorities, taken as the next step); 35 after the classes its misses showed
/// were read (a name said open, `Outstanding TODOs (priority order)`; a run that failed or
/// timed out is work left; lines each led by a status mark are a list; `Next.js` is no next
/// step; names written without accents; `Cosa e' stato fatto`), both contradictions gone.
// (37 with held-out 29's classes, 2026-12-07; 38 with `Today's plan` as steps, the
// thirty-first's session.)
const HOLDOUT_25_FLOOR: f64 = 0.40;

/// The share of the twenty-fourth held-out corpus's expectations met: 30 of 90 (33.3%) when
/// it was measured blind, at 4e4fea0, ddb0302 and 9457b4f, with one contradiction (`Final
/// health check was interrupted by the user, so rerun it …` under `Verification Already
/// Done`, filed as work done); 32 after the classes its misses showed were read (a check
/// cut short is not done, `À faire maintenant` is the next step, `當前任務`, `第一個動作`),
/// the contradiction gone; 35 with a `✅` status outweighed only by words that say the work
/// is not done and `To submit` read as work left; 37 after the thirtieth's (38 with `… is
/// detected on USB` said plainly done, withdrawn after a review: `Intrusion detected on the
/// server` is no work done).
const HOLDOUT_24_FLOOR: f64 = 0.41;

/// The share of the twenty-third held-out corpus's expectations met: 26 of 89 (29.2%) when
/// it was measured blind, at 4e4fea0 (the same at 7b44ef0), with one contradiction (`These
/// were not part of the database/API implementation and were not fixed during this work`
/// filed as work done); 33 after the classes its misses showed were read (a heading's own
/// word before its qualifier's, `What just shipped (backlog-cleanup-v1)`; a `#` title that
/// names the state over decisions and the next step; `Task Objectives`, `Was bereits
/// existiert`, `Wat is klaar`, `Konkrete To-dos`, `Final Snapshot`; a defect said not fixed
/// is work left), the contradiction gone; 34 after the thirty-first's (a title that only
/// says to read the file names no goal; `You are continuing work on …` before it does); 35
/// with `Corrected .env file loading logic …` said plainly done (the thirty-third's).
const HOLDOUT_23_FLOOR: f64 = 0.39;

/// The share of the twenty-second held-out corpus's expectations met: 28 of 91 (30.8%) when
/// it was measured blind, at 37c0755 (the same at dcb7431), with one contradiction (three
/// ETFs still untracked, work left apart from the task under `其他待辦`, chosen as the next
/// action); 34 after the headings its misses showed were read (`待處理`, `目前在做什麼`,
/// `已實跑的檢查`, `Success Indicators`, `Lessons from Previous Session`, `Immediate recovery
/// actions`, `Top priority task`, open debt), the contradiction gone; 35 with `Last session
/// summary` read as work done, 36 with `Jamais …` a rule; 35 when a review showed `Top
/// priority …`, `Recovery actions …` and debt headings misread and they were withdrawn.
const HOLDOUT_22_FLOOR: f64 = 0.38;

/// The share of the twenty-first held-out corpus's expectations met (nine files): 30 of 75
/// (40.0%) when it was measured blind, at bd4ef09 (27 at 7e3203b), with one contradiction
/// (`These are design documents only — the skills have NOT been implemented yet.` under work
/// done, filed as done); 37 after the classes its misses showed were read (that one, a
/// table's row written with its bars, `Riassunto esecutivo`, `Implementation Progress
/// Update`, `Phase 3 Success Criteria`, a heading that says a rule is mandatory).
const HOLDOUT_21_FLOOR: f64 = 0.49;

/// The share of the twentieth held-out corpus's expectations met (nine files): 29 of 84
/// (34.5%) when it was measured blind, at 163f689 (27 at 7e3203b), with no contradiction;
/// 43 after the classes its misses showed were read (a `#` title that names the next
/// session over the state, a blocker said resolved, `Validated … Features`, checks `not
/// executed`, achievements and key changes in other languages) (45 with a preamble's
/// `gameplay fixes merged to main via PR #2` read as work done, withdrawn after a review:
/// `Should be merged into main today` is no work done).
const HOLDOUT_20_FLOOR: f64 = 0.52;

/// The share of the nineteenth held-out corpus's expectations met: 42 of 92 (45.7%) when it
/// was measured blind, at bf4a16a, with one contradiction (`Importante: el Stage Planner
/// todavía no está conectado …`, a paragraph under work done, filed as done); 43 after the
/// classes its misses showed were read, with no contradiction, 44 with work done but not
/// committed read as under way; 47 after the thirtieth's.
const HOLDOUT_19_FLOOR: f64 = 0.51;

/// The share of the eighteenth held-out corpus's expectations met (nine files): 23 of 81
/// (28.4%) when it was measured blind, at ac7273c, with no contradiction; 36 after the
/// classes its misses and the seventeenth's showed were read (a state section's optional
/// to-do, `待办/可优化：…`, then came first among the steps: no longer), 42 after a second
/// reading (`Special instructions`, `What I Found`, `Current decision point`).
const HOLDOUT_18_FLOOR: f64 = 0.55;

/// The share of the seventeenth held-out corpus's expectations met (nine files: no tenth
/// licensed one was found in time): 23 of 83 (27.7%) when it was measured blind, at ebf6bc8,
/// with one contradiction (an optional step under a condition chosen as the next step); the
/// same share without it, and 28 after its other misses were read (clauses of work done:
/// `What I Did`, `What is NOT done (carried to …)`; a list of risks' hedged claims), 30
/// after the eighteenth's second reading; 33 after the thirtieth's; 35 after the
/// thirty-first's (a `Goal ID` is no goal; group titles over criteria are said with each).
const HOLDOUT_17_FLOOR: f64 = 0.42;

/// The share of the sixteenth held-out corpus's expectations met: 27 of 91 (29.7%) when it
/// was measured blind, at 8806a12, with no contradiction; 37 after the classes its misses
/// showed were read (a review narrowed them: `X is working …` is no longer done).
const HOLDOUT_16_FLOOR: f64 = 0.45;

/// The share of the fifteenth held-out corpus's expectations met: 32 of 87 (36.8%) when it
/// was measured blind, at 8407388, with two contradictions (a step under `If …:` chosen as
/// the next step, `剩余文件: …` filed as done); the same share, with neither, after the
/// classes its misses showed were read; 36 with a ticked box under a numbered heading read as
/// work done (2026-12-06, third session).
// (38 with held-out 29's classes: environment notes are rules, an item that names its step in
// bold; 39 with `Objetivos Completados` read as work done, the thirty-first's session; 42
// with `5. Decisão`, `Critérios de Aceite` and `Funcionalidad Implementada`, the
// thirty-third's.)
const HOLDOUT_15_FLOOR: f64 = 0.48;

/// The share of the fourteenth held-out corpus's expectations met: 30 of 88 (34.1%) when it
/// was measured blind, at 3e804e7, with one contradiction (`Process Issues: None` under
/// blockers filed as blocked); 32 after the classes its misses showed were read.
// (34 with held-out 29's classes: an item that names its step in bold.)
const HOLDOUT_14_FLOOR: f64 = 0.38;

/// The share of the thirteenth held-out corpus's expectations met on the four files it keeps:
/// the blind measure, at 3e804e7, met 45 of 108 (41.7%) on all twelve files collected, with no
/// contradiction, and 13 of the 36 of the four kept; 15 of the 36 after the classes the
/// twelve files' misses showed were read (50 of 108 on all twelve).
// (16 of the 36 with `Dernières sessions` read as work done, 2026-12-07.)
const HOLDOUT_13_FLOOR: f64 = 0.44;

/// The share of the twelfth held-out corpus's expectations met: 44 of 111 (39.6%) when it
/// was measured blind, at e871b49 (after the eleventh's misses and the third review were
/// read), with no contradiction; 49 after the classes its misses showed were read; 53 with a
/// ticked box under a numbered heading read as work done (2026-12-06, third session); 54
/// with `Qué NO se implementó (decisión consciente, no pendiente)` read as decisions (the
/// thirty-third session).
const HOLDOUT_12_FLOOR: f64 = 0.48;

/// The share of the eleventh held-out corpus's expectations met: 36 of 112 (32.1%) when it
/// was measured blind, at c3621d7 (after the tenth's misses were read), with one
/// contradiction (`Milestone complete: …` chosen as the next step); 51 after the classes its
/// misses showed were read.
const HOLDOUT_11_FLOOR: f64 = 0.47;

/// The share of the tenth held-out corpus's expectations met: 36 of 112 (32.1%) when it was
/// measured blind, at 3b559ef (after the second review's classes), with two contradictions
/// (`… is 68% complete` and `(41,1% abgeschlossen)` read as done); 52 after the classes its
/// misses showed were read, 53 after the eleventh's.
// (55 with an item that names its step in bold, 2026-12-07; 56 after the thirtieth's.)
const HOLDOUT_10_FLOOR: f64 = 0.50;

/// The share of the ninth held-out corpus's expectations met: 28 of 88 (31.8%) when it was
/// measured blind, at b97dcca (after the eighth's misses were read), with one contradiction
/// (`§5 — WHAT IS STILL NOT DONE, named so it does not read as done` read as done); 38 after
/// the classes its misses showed were read.
const HOLDOUT_9_FLOOR: f64 = 0.45;

/// The share of the eighth held-out corpus's expectations met: 34 of 103 (33.0%) when it was
/// measured blind, at 2c2392e (after the seventh's misses were read), with no contradiction;
/// 44 after the classes its misses showed were read, 45 after the eighteenth's.
const HOLDOUT_8_FLOOR: f64 = 0.44;

/// The share of the seventh held-out corpus's expectations met: 24 of 88 (27.3%) when it was
/// measured blind, at 6c78b57, with no contradiction; 40 after the classes its misses showed
/// were read, 42 after the eighth's, 43 after the eighteenth's; 47 after the thirty-third
/// session's (`6. Version log` read as work done).
const HOLDOUT_7_FLOOR: f64 = 0.53;

/// The share of the sixth held-out corpus's expectations met: 31 of 108 (28.7%) when it was
/// measured blind, at 7f41f3e, with two contradictions (`What Needs to Be Done` read as done);
/// 50 after the classes its misses showed were read, 53 after the seventh's;
/// 58 after the thirtieth's; 60 after the thirty-fifth's (`✅ **FAIT** (Janvier 2025)` done, the
/// next step then the first not done).
const HOLDOUT_6_FLOOR: f64 = 0.55;

/// The share of the fifth held-out corpus's expectations met: 23 of 131 (17.6%) when it was
/// measured blind, at c1e7949, with one contradiction (a log's older next step taken); 39
/// after the classes its misses showed were read, 42 after the seventh's;
/// 46 after the thirtieth's.
const HOLDOUT_5_FLOOR: f64 = 0.35;

/// The share of the fourth held-out corpus's expectations met: 24 of 101 (23.8%) when it
/// was measured blind, at 070fce4; 49 after the classes its misses showed were read;
/// 57 after the thirtieth's.
const HOLDOUT_4_FLOOR: f64 = 0.56;

/// The share of the third held-out corpus's expectations met: 28 of 100 (28.0%) when it was
/// measured blind, at 5d8b26b; 59 after the classes its misses showed were read, 60 after
/// the eighteenth's; 63 after the thirtieth's.
const HOLDOUT_3_FLOOR: f64 = 0.63;

/// The share of the second held-out corpus's expectations met: 41 of 96 (42.7%) when it
/// was measured blind, 65 after the classes its misses showed were read.
const HOLDOUT_2_FLOOR: f64 = 0.69;

/// The share of the held-out corpus's expectations met: 40.2% when it was measured blind,
/// 86 of 127 after the classes its misses showed were read.
const HOLDOUT_FLOOR: f64 = 0.67;

/// The share of `corpus`'s expectations the conversion meets, printed with the misses;
/// panics on an item filed where its expectation says it never belongs.
#[allow(
    clippy::print_stderr,
    reason = "the score and its misses are the report a reader of the test output wants"
)]
fn score(corpus: Vec<(String, String, Value)>) -> (f64, BTreeMap<String, Vec<String>>) {
    let mut met = 0;
    let mut total = 0;
    let mut misses: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut contradictions = Vec::new();
    for (name, text, expect) in corpus {
        let draft = from_handoff_md(&text);
        let record = &draft.record;
        for (field, phrase) in phrases(&expect, "fields") {
            total += 1;
            let want = plain(&phrase);
            if texts(record, &field)
                .iter()
                .any(|t| plain(t).contains(&want))
            {
                met += 1;
            } else {
                misses
                    .entry(name.clone())
                    .or_default()
                    .push(format!("{field}: {phrase}"));
            }
        }
        for (field, phrase) in phrases(&expect, "never") {
            let want = plain(&phrase);
            let filed = texts(record, &field).into_iter().find(|t| {
                let t = plain(t);
                // "None" as an item is the contradiction; as a word inside one it is not.
                if want.split_whitespace().count() == 1 {
                    t.trim_end_matches('.') == want
                } else {
                    t.contains(&want)
                }
            });
            if let Some(item) = filed {
                contradictions.push(format!("{name}: `{phrase}` filed in {field}: {item}"));
            }
        }
    }
    let share = f64::from(met) / f64::from(total.max(1));
    eprintln!("met {met} of {total} expectations ({:.1}%)", share * 100.0);
    for (name, missed) in &misses {
        eprintln!("{name}:\n  {}", missed.join("\n  "));
    }
    assert!(contradictions.is_empty(), "{contradictions:#?}");
    (share, misses)
}

/// Every word of every line is somewhere in the draft (a field, or the extension), a
/// heading word of the table aside; what the draft does not hold is reported in `lost`.
#[test]
fn no_line_of_a_real_file_is_dropped_in_silence() {
    let structural: HashSet<String> = Role::ALL
        .iter()
        .flat_map(|r| r.headings().iter())
        .flat_map(|h| words(h))
        // (An item that says the bucket is empty, `- None`, `- Nothing`, is the empty bucket.)
        .chain(["none", "nothing", "n", "a", "tbd"].map(str::to_owned))
        .collect();
    for (name, text, _) in every_file() {
        let draft = from_handoff_md(&text);
        let mut held = HashSet::new();
        strings(&draft.record, &mut |s| held.extend(words(s)));
        for what in &draft.lost {
            held.extend(words(what));
        }
        for (number, line) in text.lines().enumerate() {
            // A list's numbering is no text of its own.
            let body = line.trim_start();
            let digits = body.bytes().take_while(u8::is_ascii_digit).count();
            let body = if digits > 0 && body[digits..].starts_with(['.', ')']) {
                &body[digits + 1..]
            } else {
                body
            };
            // Nor is a task box (`- [x] Renamed …`, `1. [x] …`: the draft says done by its
            // bucket).
            let body = ["- [x]", "- [X]", "* [x]", "* [X]", "[x]", "[X]"]
                .iter()
                .find_map(|b| body.trim_start().strip_prefix(b))
                .unwrap_or(body);
            let gone: Vec<String> = words(body)
                .into_iter()
                .filter(|w| !held.contains(w) && !structural.contains(w))
                .collect();
            assert!(
                gone.is_empty(),
                "{name}:{}: {gone:?} of `{line}` are nowhere in the draft",
                number + 1
            );
        }
        assert!(
            !draft.kept.is_empty() || draft.record.get("extensions").is_none(),
            "{name}: the extension holds text, but nothing says so"
        );
        // Linting never fails on a real file, and every finding has a place.
        for d in lint(&text).diagnostics() {
            assert!(d.span.is_some(), "{name}: {} has no place", d.code);
        }
    }
}

/// Markdown → record → Markdown → record: the record is stable, and every heading of the
/// source is in the rendering (itself, or its role's section).
#[test]
fn real_files_round_trip_through_render() {
    for (name, text, _) in every_file() {
        let draft = from_handoff_md(&text);
        let record = completed(draft.record.clone());
        let typed = hcr_types::Record::from_value(&record)
            .unwrap_or_else(|e| panic!("{name}: the completed draft is no record: {e:?}"));
        let markdown = render(&typed);
        let again = from_handoff_md(&markdown);
        assert!(again.edited.is_empty(), "{name}: {:?}", again.edited);
        assert_eq!(
            again.record,
            serde_json::to_value(&typed).expect("JSON"),
            "{name}"
        );
        let rendered = hcr_interop::handoff_md::Document::parse(&markdown);
        let source = hcr_interop::handoff_md::Document::parse(&text);
        for section in &source.sections {
            // Itself, or a section of the rendering that answers what it answered.
            let answers = |role: Role| {
                rendered.sections.iter().any(|s| {
                    s.role == Some(role)
                        || (role.question().is_some()
                            && s.role.and_then(Role::question) == role.question())
                })
            };
            let worded = again.record["extensions"][hcr_interop::handoff_md::HANDOFF_MD_EXTENSION]
                ["headings"]
                .as_array()
                .is_some_and(|h| h.iter().any(|h| h["heading"] == section.heading.as_str()));
            let kept = worded
                || rendered
                    .sections
                    .iter()
                    .any(|s| s.heading == section.heading)
                || section.role.is_some_and(answers)
                || section.within.is_some()
                || section.kind == hcr_interop::handoff_md::Kind::Label;
            assert!(
                kept,
                "{name}: the heading `{}` is not rendered",
                section.heading
            );
        }
    }
}

/// A draft with what the source did not give filled in, as its user would.
fn completed(mut record: Value) -> Value {
    let fill = |v: &mut Value, key: &str, value: Value| {
        if v.get(key).is_none() {
            v[key] = value;
        }
    };
    fill(&mut record["objective"], "summary", "Filled in.".into());
    if record["objective"]["acceptanceCriteria"]
        .as_array()
        .is_some_and(Vec::is_empty)
    {
        record["objective"]["acceptanceCriteria"] = serde_json::json!(["Filled in."]);
    }
    fill(&mut record["nextAction"], "summary", "Filled in.".into());
    fill(
        &mut record["nextAction"],
        "verification",
        "Filled in.".into(),
    );
    fill(
        &mut record["ownership"],
        "nextActor",
        serde_json::json!({"id": "agent:next", "type": "agent"}),
    );
    fill(
        &mut record["ownership"]["nextActor"],
        "type",
        "agent".into(),
    );
    for d in record["decisions"].as_array_mut().into_iter().flatten() {
        fill(d, "rationale", "Filled in.".into());
    }
    for e in record["evidence"].as_array_mut().into_iter().flatten() {
        if e.get("uri").is_none() && e.get("artifactRef").is_none() {
            e["artifactRef"] = "filled-in".into();
        }
    }
    if let Some(na) = record["nextAction"].as_object_mut()
        && na
            .get("dueAt")
            .and_then(Value::as_str)
            .is_some_and(|d| d.parse::<hcr_types::DateTime>().is_err())
    {
        na.remove("dueAt");
    }
    record
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn strings(value: &Value, f: &mut impl FnMut(&str)) {
    match value {
        Value::String(s) => f(s),
        Value::Array(items) => items.iter().for_each(|v| strings(v, f)),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            f(k);
            strings(v, f);
        }),
        _ => {}
    }
}

/// `docs/handoff-md.md`: the heading table and, per receiver question, the headings that
/// answer it, generated from the one table (`cargo xtask codegen` writes it).
#[test]
fn docs_handoff_md_is_fresh() {
    hcr_testkit::assert_generated(
        &hcr_testkit::workspace_root().join("docs/handoff-md.md"),
        &hcr_interop::handoff_md::headings::docs_page(),
    );
}

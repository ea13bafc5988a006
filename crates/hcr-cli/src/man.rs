//! The man pages and shell completions a release attaches, generated from the clap
//! definitions (`hcr generate DIR`, hidden; `cargo xtask dist` runs it).
//!
//! One page per command and nested subcommand (`hcr.1`, `hcr-validate.1`,
//! `hcr-spec-handoff-lint.1`, ...), so that every page a SUBCOMMANDS section names exists.
//! Each page has the sections clap knows (NAME, SYNOPSIS, DESCRIPTION, OPTIONS,
//! SUBCOMMANDS), then EXIT STATUS and EXAMPLES from the tables below, then VERSION.

use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, Result};
use clap_complete::Shell;

/// The completion scripts a release attaches: each shell and its file name.
pub const COMPLETIONS: [(Shell, &str); 5] = [
    (Shell::Bash, "hcr.bash"),
    (Shell::Zsh, "_hcr"),
    (Shell::Fish, "hcr.fish"),
    (Shell::Elvish, "hcr.elv"),
    (Shell::PowerShell, "_hcr.ps1"),
];

/// The exit statuses every command shares (`crate::EXIT_*`).
const EXIT_STATUS: &[(u8, &str)] = &[
    (
        crate::EXIT_VALID,
        "Success: every record checked is valid (and, for commands that write, the output was written).",
    ),
    (
        crate::EXIT_INVALID,
        "A record is invalid, a check failed, or a conversion would lose information.",
    ),
    (
        crate::EXIT_USAGE,
        "Bad usage, an input that could not be read (missing, not a regular file, over its size limit), or explicit inputs that held nothing to check.",
    ),
];

/// The status only `hcr validate` gives.
const EXIT_INCOMPLETE: (u8, &str) = (
    crate::EXIT_INCOMPLETE,
    "Standard output was closed before every record was checked, and no invalid record had been seen yet (with an invalid one, the status is 1).",
);

/// The status only `hcr convert --check` gives.
const EXIT_LOSSY: (u8, &str) = (
    crate::EXIT_LOSSY,
    "hcr convert --check: the draft is complete, but the conversion would lose text (1 says the draft is incomplete).",
);

/// Examples per page: the command line, then what it does.
const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "hcr",
        &[
            (
                "hcr validate handoffs/",
                "Check every record under a folder.",
            ),
            ("hcr explain HCR201", "Explain a diagnostic code."),
        ],
    ),
    (
        "hcr-validate",
        &[
            (
                "hcr validate handoffs/",
                "Check every *.json record under a folder, at the normative level.",
            ),
            (
                "hcr validate --format sarif handoffs/ > hcr.sarif",
                "Write SARIF 2.1.0 for code scanning.",
            ),
            (
                "hcr validate --jsonl archive.jsonl",
                "Check a JSON Lines file, one record per line.",
            ),
            (
                "hcr validate --artifacts out/ --as agent:deployer next.json",
                "Check a record you were handed, with its artifacts, at the receiver level.",
            ),
            (
                "hcr validate --select schema --deny-warnings record.json",
                "Only the schema's verdict, warnings counted as errors.",
            ),
        ],
    ),
    (
        "hcr-explain",
        &[(
            "hcr explain HCR204",
            "What HCR204 means, with a failing and a passing example.",
        )],
    ),
    ("hcr-rules", &[("hcr rules", "List every diagnostic code.")]),
    (
        "hcr-schema",
        &[(
            "hcr schema > schema.json",
            "Write the canonical schema hcr embeds.",
        )],
    ),
    (
        "hcr-digest",
        &[
            ("hcr digest out/build.log", "Print a file's SHA-256."),
            (
                "hcr digest --fill record.json --artifacts out/ --write",
                "Add the missing evidence digests to a record, touching nothing else.",
            ),
        ],
    ),
    (
        "hcr-receive",
        &[(
            "hcr receive next.json --artifacts out/ --as agent:deployer",
            "The brief a successor reads before acting, with each digest checked.",
        )],
    ),
    (
        "hcr-fix",
        &[
            (
                "hcr fix --diff handoffs/",
                "Show what the safe fixes would change in every record of a folder; write nothing.",
            ),
            (
                "hcr fix --unsafe-fixes handoff.json",
                "Rewrite a record written in the handover-record skill's groups as v1.0's, in place.",
            ),
            (
                "cat record.json | hcr fix > fixed.json",
                "Fix a record from standard input; the fixed text on standard output.",
            ),
        ],
    ),
    (
        "hcr-continue",
        &[(
            "hcr continue r2.json --by agent:fixer --complete 'Ran the tests.' --out r3.json",
            "Write the next revision: same recordId, revision plus one.",
        )],
    ),
    (
        "hcr-diff",
        &[(
            "hcr diff r2.json r3.json",
            "What changed between two revisions.",
        )],
    ),
    (
        "hcr-spec-handoff",
        &[(
            "hcr spec-handoff lint artifact.json",
            "Check spec-handoff/v1 artifacts.",
        )],
    ),
    (
        "hcr-spec-handoff-write",
        &[(
            "hcr spec-handoff write --input payload.json --target-repo .",
            "Write an artifact from a JSON payload, as the reference writer does.",
        )],
    ),
    (
        "hcr-spec-handoff-discover",
        &[(
            "hcr spec-handoff discover --target-repo .",
            "Find artifacts by their metadata.",
        )],
    ),
    (
        "hcr-spec-handoff-lint",
        &[(
            "hcr spec-handoff lint artifact.json",
            "Check existing artifacts.",
        )],
    ),
    (
        "hcr-handoff-md",
        &[("hcr handoff-md lint HANDOFF.md", "Check a HANDOFF.md.")],
    ),
    (
        "hcr-handoff-md-lint",
        &[(
            "hcr handoff-md lint --format github HANDOFF.md",
            "Check a HANDOFF.md against the skill's sections and receiver questions, as GitHub annotations.",
        )],
    ),
    (
        "hcr-render",
        &[(
            "hcr render --as goal-handover record.json",
            "The record as a goal handover note.",
        )],
    ),
    (
        "hcr-convert",
        &[(
            "hcr convert --from goal-handover note.txt",
            "A goal handover note as an HCR record.",
        )],
    ),
    (
        "hcr-certify",
        &[(
            "hcr certify --validator 'my-validator {}'",
            "Certify another validator against the conformance suite.",
        )],
    ),
    (
        "hcr-mcp",
        &[
            (
                "hcr mcp --root .",
                "Serve the hcr tools to an agent over stdio, reading only beneath the current folder.",
            ),
            (
                "hcr mcp --root handoffs/ --allow-write",
                "Let the agent also write successors and digests, as new files beneath handoffs/.",
            ),
        ],
    ),
    (
        "hcr-server",
        &[(
            "hcr server",
            "Serve an editor over the Language Server Protocol on standard input and output (the editor starts it).",
        )],
    ),
    (
        "hcr-completions",
        &[(
            "hcr completions bash > /etc/bash_completion.d/hcr",
            "Install bash completions.",
        )],
    ),
];

/// Every man page: `(file name, roff)`.
///
/// # Errors
/// A page cannot be rendered, or examples are listed for a command that has no page.
pub fn man_pages() -> Result<Vec<(String, Vec<u8>)>> {
    let mut pages = Vec::new();
    let root = crate::command().disable_help_subcommand(true);
    let version = root.get_version().unwrap_or("0.0.0").to_owned();
    collect("hcr", root, &version, &mut pages)?;
    if let Some((name, _)) = EXAMPLES.iter().find(|(name, _)| {
        !pages
            .iter()
            .any(|(page, _)| page.strip_suffix(".1") == Some(name))
    }) {
        anyhow::bail!("the examples of `{name}` are for a page that does not exist");
    }
    Ok(pages)
}

/// Renders `command`'s page as `name`, then its subcommands' pages (`name-sub`).
fn collect(
    name: &str,
    command: clap::Command,
    version: &str,
    pages: &mut Vec<(String, Vec<u8>)>,
) -> Result<()> {
    let command = command
        .name(name.to_owned())
        .display_name(name.to_owned())
        .version(version.to_owned())
        .disable_help_subcommand(true);
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        collect(
            &format!("{name}-{}", sub.get_name()),
            sub.clone(),
            version,
            pages,
        )?;
    }
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone()).title(name.to_owned());
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    if command.get_subcommands().next().is_some() {
        man.render_subcommands_section(&mut page)?;
    }
    if command.get_after_help().is_some() || command.get_after_long_help().is_some() {
        man.render_extra_section(&mut page)?;
    }
    render_exit_status(name, &mut page)?;
    render_examples(name, &mut page)?;
    man.render_version_section(&mut page)?;
    pages.push((format!("{name}.1"), page));
    Ok(())
}

/// Escapes text for roff: backslashes and hyphens, and a leading dot or quote.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

fn render_exit_status(name: &str, page: &mut Vec<u8>) -> Result<()> {
    writeln!(page, ".SH \"EXIT STATUS\"")?;
    let incomplete = (name == "hcr" || name == "hcr-validate").then_some(EXIT_INCOMPLETE);
    let lossy = (name == "hcr" || name == "hcr-convert").then_some(EXIT_LOSSY);
    for (status, meaning) in EXIT_STATUS.iter().copied().chain(incomplete).chain(lossy) {
        writeln!(page, ".TP\n{status}\n{}", roff(meaning))?;
    }
    Ok(())
}

fn render_examples(name: &str, page: &mut Vec<u8>) -> Result<()> {
    let Some((_, examples)) = EXAMPLES.iter().find(|(page, _)| *page == name) else {
        return Ok(());
    };
    writeln!(page, ".SH EXAMPLES")?;
    for (command, what) in *examples {
        writeln!(page, ".TP\n\\fB{}\\fR\n{}", roff(command), roff(what))?;
    }
    Ok(())
}

/// Writes every man page into `dir/man` and every completion script into
/// `dir/completions`.
///
/// # Errors
/// A folder or file cannot be written.
pub(crate) fn generate(dir: &Path) -> Result<()> {
    let man = dir.join("man");
    std::fs::create_dir_all(&man).with_context(|| format!("creating {}", man.display()))?;
    for (name, page) in man_pages()? {
        let path = man.join(name);
        hcr_fs::write_file(&path, &page).with_context(|| format!("writing {}", path.display()))?;
    }
    let completions = dir.join("completions");
    std::fs::create_dir_all(&completions)
        .with_context(|| format!("creating {}", completions.display()))?;
    for (shell, name) in COMPLETIONS {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut crate::command(), "hcr", &mut script);
        let path = completions.join(name);
        hcr_fs::write_file(&path, &script)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

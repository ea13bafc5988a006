//! `cargo xtask man`: man pages generated from the clap definitions of `hcr`.

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::workspace_root;

/// Renders `hcr.1` and one page per subcommand (`hcr-validate.1`, ...).
pub(crate) fn pages() -> Result<Vec<(String, Vec<u8>)>> {
    let command = hcr_cli::command();
    let mut pages = Vec::new();
    let mut render = |name: String, command: clap::Command| -> Result<()> {
        let mut page = Vec::new();
        clap_mangen::Man::new(command)
            .title(name.clone())
            .render(&mut page)?;
        pages.push((format!("{name}.1"), page));
        Ok(())
    };
    for sub in command.get_subcommands() {
        let name = format!("hcr-{}", sub.get_name());
        render(name.clone(), sub.clone().name(name))?;
    }
    render("hcr".into(), command)?;
    Ok(pages)
}

pub(crate) fn write_pages(dir: Option<PathBuf>) -> Result<()> {
    let dir = dir.unwrap_or_else(|| workspace_root().join("target/man"));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    for (name, page) in pages()? {
        let path = dir.join(name);
        std::fs::write(&path, page).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_subcommand_has_a_page() {
        let pages = super::pages().expect("pages render");
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        for expected in [
            "hcr.1",
            "hcr-validate.1",
            "hcr-explain.1",
            "hcr-rules.1",
            "hcr-schema.1",
        ] {
            assert!(names.contains(&expected), "{names:?}");
        }
        let validate = &pages
            .iter()
            .find(|(n, _)| n == "hcr-validate.1")
            .expect("present")
            .1;
        let text = String::from_utf8_lossy(validate);
        assert!(
            text.contains("deny\\-warnings") && text.contains("max\\-record\\-bytes"),
            "{text}"
        );
    }
}

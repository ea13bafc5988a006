//! Tests of the GitHub Action's install script (`action/install.sh`), run against a local
//! HTTP server that plays the release download host: a release archive with its checksum is
//! installed; a wrong checksum installs nothing and fails; a version without a release, a
//! branch ref or a runner without a binary falls back to building from source; a version
//! that is not a release tag is refused.

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::io::{BufRead as _, BufReader, Write as _};
    use std::net::TcpListener;
    use std::path::{Path, PathBuf};
    use std::process::{Command, Output};
    use std::sync::Arc;

    use sha2::{Digest as _, Sha256};

    const TARGET: &str = "x86_64-unknown-linux-musl";

    /// Serves `files` (URL path → body) over HTTP/1.0 on a local port; anything else is 404.
    fn serve(files: BTreeMap<String, Vec<u8>>) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
        let address = listener.local_addr().expect("its address");
        let files = Arc::new(files);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let files = Arc::clone(&files);
                std::thread::spawn(move || {
                    let mut reader = BufReader::new(&stream);
                    let mut request = String::new();
                    if reader.read_line(&mut request).is_err() {
                        return;
                    }
                    // The rest of the head.
                    let mut line = String::new();
                    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                        line.clear();
                    }
                    let path = request.split_whitespace().nth(1).unwrap_or("/");
                    let mut stream = &stream;
                    let _ = match files.get(path) {
                        Some(body) => write!(
                            stream,
                            "HTTP/1.0 200 OK\r\nContent-Length: {}\r\n\r\n",
                            body.len()
                        )
                        .and_then(|()| stream.write_all(body)),
                        None => {
                            stream.write_all(b"HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                        }
                    };
                });
            }
        });
        format!("http://{address}")
    }

    /// A release archive holding an executable `hcr` at its top, as the release builds it.
    fn archive(dir: &Path) -> Vec<u8> {
        let staging = dir.join("staging");
        std::fs::create_dir_all(&staging).expect("staging");
        std::fs::write(staging.join("hcr"), "#!/bin/sh\necho 'hcr 0.1.0'\n").expect("hcr");
        std::fs::write(staging.join("README.md"), "hcr\n").expect("readme");
        let status = Command::new("chmod")
            .arg("+x")
            .arg(staging.join("hcr"))
            .status()
            .expect("chmod");
        assert!(status.success());
        let tarball = dir.join("release.tar.gz");
        let status = Command::new("tar")
            .arg("-czf")
            .arg(&tarball)
            .arg("-C")
            .arg(&staging)
            .args(["hcr", "README.md"])
            .status()
            .expect("tar");
        assert!(status.success());
        std::fs::read(tarball).expect("the archive")
    }

    struct Run {
        output: Output,
        outputs: String,
        dest: PathBuf,
    }

    fn install(case: &str, base: &str, env: &[(&str, &str)]) -> Run {
        let root = crate::workspace_root();
        let dir = root.join("target/xtask/action-test").join(case);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("case folder");
        let github_output = dir.join("github-output");
        std::fs::write(&github_output, "").expect("output file");
        let dest = dir.join("hcr");
        let mut command = Command::new("bash");
        command
            .arg(root.join("action/install.sh"))
            .env("HCR_RELEASES_URL", base)
            .env("HCR_REPOSITORY", "hcr-dev/hcr")
            .env("HCR_DEST", &dest)
            .env("HCR_VERSION", "")
            .env("HCR_ACTION_REF", "v0.1.0")
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("GITHUB_OUTPUT", &github_output)
            .env("GITHUB_ACTION_PATH", &root);
        for (key, value) in env {
            command.env(key, value);
        }
        let output = command.output().expect("bash runs");
        let outputs = std::fs::read_to_string(&github_output).expect("outputs");
        Run {
            output,
            outputs,
            dest,
        }
    }

    fn text(output: &Output) -> String {
        format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    }

    fn release(checksum_of: &[u8], archive: &[u8]) -> BTreeMap<String, Vec<u8>> {
        let name = format!("hcr-v0.1.0-{TARGET}.tar.gz");
        let digest = hex::encode(Sha256::digest(checksum_of));
        BTreeMap::from([
            (format!("/v0.1.0/{name}"), archive.to_vec()),
            (
                format!("/v0.1.0/{name}.sha256"),
                format!("{digest}  {name}\n").into_bytes(),
            ),
        ])
    }

    #[test]
    fn a_release_binary_is_installed_after_its_checksum_is_verified() {
        let scratch = crate::workspace_root().join("target/xtask/action-test/archive-good");
        let archive = archive(&scratch);
        let base = serve(release(&archive, &archive));
        let run = install("good", &base, &[]);
        assert!(run.output.status.success(), "{}", text(&run.output));
        assert!(run.outputs.contains("source=false"), "{}", run.outputs);
        let installed = run.dest.join("bin/hcr");
        let out = Command::new(&installed)
            .output()
            .expect("the installed hcr runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "hcr 0.1.0\n");
        assert!(text(&run.output).contains("installed v0.1.0 (x86_64-unknown-linux-musl)"));

        // An explicit version, written without the `v`, names the same release.
        let run = install(
            "explicit",
            &base,
            &[("HCR_VERSION", "0.1.0"), ("HCR_ACTION_REF", "main")],
        );
        assert!(run.output.status.success(), "{}", text(&run.output));
        assert!(run.dest.join("bin/hcr").is_file());
    }

    #[test]
    fn a_checksum_mismatch_installs_nothing() {
        let scratch = crate::workspace_root().join("target/xtask/action-test/archive-bad");
        let archive = archive(&scratch);
        let base = serve(release(b"something else", &archive));
        let run = install("mismatch", &base, &[]);
        assert!(!run.output.status.success());
        assert!(
            text(&run.output).contains("does not match its published SHA-256"),
            "{}",
            text(&run.output)
        );
        assert!(!run.dest.join("bin/hcr").exists());
        assert!(!run.outputs.contains("source="), "{}", run.outputs);

        // A release whose checksum file is missing is not trusted either.
        let mut files = release(&archive, &archive);
        files.retain(|path, _| !path.ends_with(".sha256"));
        let run = install("no-checksum", &serve(files), &[]);
        assert!(!run.output.status.success());
        assert!(text(&run.output).contains("checksum could not be downloaded"));
        assert!(!run.dest.join("bin/hcr").exists());
    }

    #[test]
    fn without_a_release_the_action_builds_from_source() {
        let base = serve(BTreeMap::new());
        for (case, env) in [
            ("no-release", vec![]),
            ("branch", vec![("HCR_ACTION_REF", "main")]),
            (
                "commit",
                vec![("HCR_ACTION_REF", "0123456789abcdef0123456789abcdef01234567")],
            ),
            (
                "runner",
                vec![("RUNNER_OS", "Linux"), ("RUNNER_ARCH", "ARM")],
            ),
        ] {
            let run = install(case, &base, &env);
            assert!(run.output.status.success(), "{case}: {}", text(&run.output));
            assert!(
                run.outputs.contains("source=true"),
                "{case}: {}",
                run.outputs
            );
            let key = run
                .outputs
                .lines()
                .find_map(|l| l.strip_prefix("cache-key="))
                .unwrap_or_default();
            assert!(
                key.starts_with("hcr-source-Linux-") && key.len() > "hcr-source-Linux-X64-".len(),
                "{case}: {key}"
            );
            assert!(!run.dest.join("bin/hcr").exists(), "{case}");
        }
    }

    #[test]
    fn a_version_that_is_not_a_release_tag_is_refused() {
        let base = serve(BTreeMap::new());
        for version in ["latest", "v1; touch pwned", "1.2", "$(id)"] {
            let run = install("bad-version", &base, &[("HCR_VERSION", version)]);
            assert!(!run.output.status.success(), "{version}");
            assert!(
                text(&run.output).contains("is not a release tag"),
                "{version}: {}",
                text(&run.output)
            );
        }
    }
}

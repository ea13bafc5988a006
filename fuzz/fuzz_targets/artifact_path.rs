//! `cargo xtask fuzz artifact_path`: see `hcr_fuzz::artifact_path` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::artifact_path(data));

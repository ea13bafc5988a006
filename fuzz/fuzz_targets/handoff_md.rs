//! `cargo xtask fuzz handoff_md`: see `hcr_fuzz::handoff_md` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::handoff_md(data));

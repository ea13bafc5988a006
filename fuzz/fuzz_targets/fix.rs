//! `cargo xtask fuzz fix`: see `hcr_fuzz::fix` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::fix(data));

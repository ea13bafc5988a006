//! `cargo xtask fuzz diff`: see `hcr_fuzz::diff` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::diff(data));

//! `cargo xtask fuzz baseline`: see `hcr_fuzz::baseline` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::baseline(data));

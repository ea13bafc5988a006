//! `cargo xtask fuzz fast_path`: see `hcr_fuzz::fast_path` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::fast_path(data));

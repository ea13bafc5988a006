//! `cargo xtask fuzz validate`: see `hcr_fuzz::validate` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::validate(data));

//! `cargo xtask fuzz convert`: see `hcr_fuzz::convert` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::convert(data));

//! `cargo xtask fuzz config`: see `hcr_fuzz::config` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::config(data));

//! `cargo xtask fuzz render`: see `hcr_fuzz::render` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::render(data));

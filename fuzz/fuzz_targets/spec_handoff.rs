//! `cargo xtask fuzz spec_handoff`: see `hcr_fuzz::spec_handoff` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::spec_handoff(data));

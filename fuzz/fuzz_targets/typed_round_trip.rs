//! `cargo xtask fuzz typed_round_trip`: see `hcr_fuzz::typed_round_trip` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::typed_round_trip(data));

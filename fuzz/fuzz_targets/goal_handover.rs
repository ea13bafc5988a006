//! `cargo xtask fuzz goal_handover`: see `hcr_fuzz::goal_handover` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::goal_handover(data));

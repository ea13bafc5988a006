//! `cargo xtask fuzz mcp_request`: see `hcr_fuzz::mcp_request` for the property.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hcr_fuzz::mcp_request(data));

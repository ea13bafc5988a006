//! Placeholder, filled below.
fn main() {}

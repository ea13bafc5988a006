//! The `hcr` command line (work in progress: see issue 4).

fn main() {}

//! napi-rs's build script: the link arguments a Node add-on needs on each platform.

fn main() {
    napi_build::setup();
}

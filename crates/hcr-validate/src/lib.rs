//! Validation of Handoff Continuity Records (work in progress: see issue 3).

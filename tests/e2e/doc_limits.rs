//! The README and docs/performance.md stay short enough to read: the README says what gridkit
//! is and links to docs/, and docs/performance.md holds the figures of the present, not the
//! story of how they were reached (that lives in commit bodies).

use std::path::Path;

/// The most lines each document may have.
const LIMITS: [(&str, usize); 2] = [("README.md", 300), ("docs/performance.md", 400)];

#[test]
fn the_readme_and_the_performance_figures_stay_within_their_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, limit) in LIMITS {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let lines = text.lines().count();
        assert!(
            lines <= limit,
            "{file} has {lines} lines, over its limit of {limit}: keep it to the present"
        );
    }
}

//! Numbers in words for messages: "1 click", "2 clicks".

/// `n` and the noun that goes with it: `one` for exactly one, `many` otherwise.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u32, "click", "clicks"), "1 click");
        assert_eq!(count(0u32, "click", "clicks"), "0 clicks");
        assert_eq!(count(12u64, "character", "characters"), "12 characters");
    }
}

//! Named choices on the command line (`--algo`, `--level`...): one place that finds a value by
//! its name and words the error that lists the names there are.

/// A closed set of values, each with the name users type.
pub trait Named: Copy + 'static {
    /// Every value, in the order the help lists them.
    const ALL: &'static [Self];
    /// What a value is called in messages ("algorithm", "level").
    const WHAT: &'static str;
    fn name(self) -> &'static str;
    /// One line on what the value does, for `--help`.
    fn summary(self) -> &'static str {
        ""
    }
}

/// A name that is none of the values there are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being named ("algorithm", "level").
    pub what: &'static str,
    /// The name given, cut short if long.
    pub given: String,
    /// The names there are.
    pub expected: Vec<&'static str>,
}

impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown {} \"{}\" (expected one of: {})",
            self.what,
            self.given,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// The value called `s`, or an error naming the ones there are.
pub fn parse<T: Named>(s: &str) -> Result<T, UnknownName> {
    T::ALL
        .iter()
        .copied()
        .find(|v| v.name() == s)
        .ok_or_else(|| UnknownName {
            what: T::WHAT,
            given: crate::error::quote(s),
            expected: T::ALL.iter().map(|v| v.name()).collect(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Colour {
        Red,
        Blue,
    }

    impl Named for Colour {
        const ALL: &'static [Self] = &[Colour::Red, Colour::Blue];
        const WHAT: &'static str = "colour";
        fn name(self) -> &'static str {
            match self {
                Colour::Red => "red",
                Colour::Blue => "blue",
            }
        }
    }

    #[test]
    fn finds_by_name_or_lists_the_names() {
        assert_eq!(parse::<Colour>("blue"), Ok(Colour::Blue));
        assert_eq!(
            parse::<Colour>("green").unwrap_err().to_string(),
            "unknown colour \"green\" (expected one of: red, blue)"
        );
    }
}

//! Named choices on the command line (`--algo`, `--level`...): one place that finds a value by
//! its name and words the error that lists the names there are.

/// A closed set of values, each with the name users type.
pub trait Named: Copy + 'static {
    /// Every value, in the order the help lists them.
    const ALL: &'static [Self];
    /// What a value is called in messages ("algorithm", "level").
    const WHAT: &'static str;
    fn name(self) -> &'static str;
}

/// The value called `s`, or an error naming the ones there are.
pub fn parse<T: Named>(s: &str) -> Result<T, String> {
    T::ALL
        .iter()
        .copied()
        .find(|v| v.name() == s)
        .ok_or_else(|| {
            let names: Vec<&str> = T::ALL.iter().map(|v| v.name()).collect();
            format!(
                "unknown {} {s:?} (expected one of: {})",
                T::WHAT,
                names.join(", ")
            )
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
            parse::<Colour>("green").unwrap_err(),
            "unknown colour \"green\" (expected one of: red, blue)"
        );
    }
}

//! Literals: one cell and the value it is said to take.

use crate::line::Cell;

/// "Cell `var` is filled", or "cell `var` is blank": the unit clauses are made of. The cell
/// index is shifted left one bit and the low bit says blank, so that a literal and its
/// negation sit side by side in the watch lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Lit(u32);

impl Lit {
    /// Cell `var` takes `value` (filled or blank).
    #[inline]
    pub fn new(var: usize, value: Cell) -> Lit {
        debug_assert!(value != Cell::Unknown);
        Lit((var as u32) << 1 | u32::from(value == Cell::Empty))
    }

    #[inline]
    pub fn var(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// The value the literal gives its cell.
    #[inline]
    pub fn value(self) -> Cell {
        if self.0 & 1 == 0 {
            Cell::Filled
        } else {
            Cell::Empty
        }
    }

    #[inline]
    pub fn negate(self) -> Lit {
        Lit(self.0 ^ 1)
    }

    /// A word of the clause store's headers, kept among its literals (`clauses`).
    #[inline]
    pub fn from_word(word: u32) -> Lit {
        Lit(word)
    }

    /// The word `from_word` stored.
    #[inline]
    pub fn word(self) -> u32 {
        self.0
    }

    /// The literal as an index, for tables with a place for each literal.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_keeps_its_cell_and_value_and_negates_to_the_other_value() {
        for var in [0, 1, 7, 1 << 20] {
            for value in [Cell::Filled, Cell::Empty] {
                let lit = Lit::new(var, value);
                assert_eq!((lit.var(), lit.value()), (var, value));
                assert_eq!(lit.negate().var(), var);
                assert_eq!(lit.negate().value(), value.opposite());
                assert_eq!(lit.negate().negate(), lit);
            }
        }
    }
}

//! The clauses the search learns, and the two literals each one is watched by.
//!
//! The clauses live in one run of memory, each a header of two words (its length and its
//! "literal block distance") followed by its literals. Visiting a watched clause is the
//! search's most frequent memory access, and this way it reaches the header and the literals
//! in one cache line instead of following a pointer from a clause to its own allocation.

use super::lit::Lit;

/// A clause's place in the store: where its header starts.
pub(crate) type ClauseRef = u32;

/// Words before a clause's literals: its length, then its literal block distance.
const HEADER: usize = 2;

/// The clauses, and for every literal the clauses to look at when it becomes false.
#[derive(Debug, Default)]
pub(crate) struct Clauses {
    /// Headers and literals, clause after clause; the header words are stored as literals
    /// (`Lit::from_word`), read back with `Lit::word`.
    arena: Vec<Lit>,
    count: usize,
    watches: Vec<Vec<ClauseRef>>,
}

impl Clauses {
    pub fn new(vars: usize) -> Self {
        Clauses {
            arena: Vec::new(),
            count: 0,
            watches: vec![Vec::new(); 2 * vars],
        }
    }

    /// How many clauses there are.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Adds a clause of at least two literals, watched by its first two. `lbd` is the number
    /// of decision levels among its literals when it was learnt (Glucose's measure): clauses of
    /// few levels are the ones worth keeping.
    pub fn add(&mut self, lits: Vec<Lit>, lbd: u32) -> ClauseRef {
        debug_assert!(lits.len() >= 2);
        let r = self.push(&lits, lbd);
        self.watch_first_two(r);
        r
    }

    /// Watches a new clause by its first two literals.
    fn watch_first_two(&mut self, r: ClauseRef) {
        let (a, b) = (self.lits(r)[0], self.lits(r)[1]);
        self.watches[a.negate().index()].push(r);
        self.watches[b.negate().index()].push(r);
    }

    fn push(&mut self, lits: &[Lit], lbd: u32) -> ClauseRef {
        let r = ClauseRef::try_from(self.arena.len()).expect("the clause store fits 32 bits");
        self.arena.push(Lit::from_word(lits.len() as u32));
        self.arena.push(Lit::from_word(lbd));
        self.arena.extend_from_slice(lits);
        self.count += 1;
        r
    }

    /// Where the literals of clause `r` are in the arena.
    #[inline]
    fn span(&self, r: ClauseRef) -> std::ops::Range<usize> {
        let start = r as usize + HEADER;
        start..start + self.arena[r as usize].word() as usize
    }

    /// The literals of clause `r`; the first two are the watched ones.
    #[inline]
    pub fn lits(&self, r: ClauseRef) -> &[Lit] {
        &self.arena[self.span(r)]
    }

    /// The literals of clause `r`, to reorder (the first two are the watched ones).
    #[inline]
    pub fn lits_mut(&mut self, r: ClauseRef) -> &mut [Lit] {
        let span = self.span(r);
        &mut self.arena[span]
    }

    /// Each clause's literal block distance.
    pub fn lbds(&self) -> impl Iterator<Item = u32> + '_ {
        starts(&self.arena).map(|r| self.arena[r + 1].word())
    }

    /// The clauses watched for `lit` becoming true (that is, whose watched literal `¬lit`
    /// has just become false), taken out so that the caller can move them.
    pub fn take_watches(&mut self, lit: Lit) -> Vec<ClauseRef> {
        std::mem::take(&mut self.watches[lit.index()])
    }

    /// Gives a watch list back (with what stayed in it).
    pub fn put_watches(&mut self, lit: Lit, list: Vec<ClauseRef>) {
        debug_assert!(self.watches[lit.index()].is_empty());
        self.watches[lit.index()] = list;
    }

    /// Watches clause `r` for `lit` becoming true.
    pub fn watch(&mut self, lit: Lit, r: ClauseRef) {
        self.watches[lit.index()].push(r);
    }

    /// Keeps the clauses that `keep` accepts (given each clause's place and literal block
    /// distance), in their order, and watches them afresh by their first two literals, which
    /// are the ones watched before. Returns where each kept clause was and where it is now,
    /// in order, so that the reasons of set cells can follow the clauses that moved.
    pub fn retain(&mut self, mut keep: impl FnMut(ClauseRef, u32) -> bool) -> Moves {
        let old = std::mem::take(&mut self.arena);
        self.arena.reserve(old.len() / 2);
        self.count = 0;
        for list in &mut self.watches {
            list.clear();
        }
        let mut moves = Vec::new();
        for at in starts(&old) {
            let (len, lbd) = (old[at].word() as usize, old[at + 1].word());
            if !keep(at as ClauseRef, lbd) {
                continue;
            }
            let r = self.push(&old[at + HEADER..at + HEADER + len], lbd);
            self.watch_first_two(r);
            moves.push((at as ClauseRef, r));
        }
        Moves(moves)
    }
}

/// Where the clauses kept by a clean-up were and are: pairs of places, in order.
#[derive(Debug)]
pub(crate) struct Moves(Vec<(ClauseRef, ClauseRef)>);

impl Moves {
    /// Where clause `old` is now, if it was kept.
    pub fn get(&self, old: ClauseRef) -> Option<ClauseRef> {
        let i = self.0.binary_search_by_key(&old, |m| m.0).ok()?;
        Some(self.0[i].1)
    }
}

/// Where each clause of `arena` starts, in the order they were added.
fn starts(arena: &[Lit]) -> impl Iterator<Item = usize> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        (at < arena.len()).then(|| {
            let r = at;
            at += HEADER + arena[r].word() as usize;
            r
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::Cell;

    fn lit(var: usize) -> Lit {
        Lit::new(var, Cell::Filled)
    }

    #[test]
    fn clauses_keep_their_literals_and_measures_through_a_clean_up() {
        let mut store = Clauses::new(8);
        let a = store.add(vec![lit(0), lit(1)], 2);
        let b = store.add(vec![lit(2), lit(3), lit(4)], 5);
        let c = store.add(vec![lit(5), lit(6), lit(7), lit(0)], 3);
        assert_eq!(store.len(), 3);
        assert_eq!(store.lits(a), [lit(0), lit(1)]);
        assert_eq!(store.lits(b), [lit(2), lit(3), lit(4)]);
        assert_eq!(store.lits(c), [lit(5), lit(6), lit(7), lit(0)]);
        assert_eq!(store.lbds().collect::<Vec<_>>(), [2, 5, 3]);
        store.lits_mut(b).swap(0, 2);
        let moves = store.retain(|_, lbd| lbd != 5);
        assert_eq!(store.len(), 2);
        assert_eq!(store.lbds().collect::<Vec<_>>(), [2, 3]);
        // Clause `c` moved into `b`'s place; `b` is gone.
        assert_eq!(moves.get(a), Some(a));
        assert_eq!(moves.get(b), None);
        assert_eq!(moves.get(c), Some(b));
        // The kept clauses are watched by their first two literals, in their order.
        let watched = store.take_watches(lit(5).negate());
        assert_eq!(watched.len(), 1);
        assert_eq!(store.lits(watched[0]), [lit(5), lit(6), lit(7), lit(0)]);
        assert!(store.take_watches(lit(2).negate()).is_empty());
    }
}

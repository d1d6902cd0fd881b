//! The clauses the search learns, and the two literals each one is watched by.

use super::lit::Lit;

/// A learnt clause: at least one of its literals holds in every solution.
#[derive(Debug, Clone)]
pub(crate) struct Clause {
    /// The first two are the watched ones.
    pub lits: Vec<Lit>,
    /// The number of decision levels among its literals when it was learnt ("literal block
    /// distance", Glucose's measure): clauses of few levels are the ones worth keeping.
    pub lbd: u32,
}

/// A clause's place in the store.
pub(crate) type ClauseRef = u32;

/// The clauses, and for every literal the clauses to look at when it becomes false.
#[derive(Debug, Default)]
pub(crate) struct Clauses {
    pub clauses: Vec<Clause>,
    watches: Vec<Vec<ClauseRef>>,
}

impl Clauses {
    pub fn new(vars: usize) -> Self {
        Clauses {
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
        }
    }

    pub fn len(&self) -> usize {
        self.clauses.len()
    }

    /// Adds a clause of at least two literals, watched by its first two.
    pub fn add(&mut self, lits: Vec<Lit>, lbd: u32) -> ClauseRef {
        debug_assert!(lits.len() >= 2);
        let r = self.clauses.len() as ClauseRef;
        self.watches[lits[0].negate().index()].push(r);
        self.watches[lits[1].negate().index()].push(r);
        self.clauses.push(Clause { lits, lbd });
        r
    }

    /// The literals of clause `r`.
    pub fn lits(&self, r: ClauseRef) -> &[Lit] {
        &self.clauses[r as usize].lits
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

    pub fn clause_mut(&mut self, r: ClauseRef) -> &mut Clause {
        &mut self.clauses[r as usize]
    }

    /// Keeps the clauses `keep` accepts and watches them afresh. Only done with nothing
    /// decided, when no clause is the reason for a cell.
    pub fn retain(&mut self, keep: impl FnMut(&Clause) -> bool) {
        self.clauses.retain(keep);
        for list in &mut self.watches {
            list.clear();
        }
        for (r, clause) in self.clauses.iter().enumerate() {
            self.watches[clause.lits[0].negate().index()].push(r as ClauseRef);
            self.watches[clause.lits[1].negate().index()].push(r as ClauseRef);
        }
    }
}

//! The game engine: a board the player sees, the layout behind it once it exists, and the
//! moves that change them. Its whole state is a [`MinesDoc`], so a game can be stopped, written
//! out, and taken up again by another process.

use crate::layout::{Layout, neighbours};
use crate::noguess;
use crate::setup::{Setup, SetupError};
use grid_core::mines_doc::{Cell, FirstClick, GameState, MinesDoc, Move, Rules};
use grid_core::{Error, Grid, Pos, Rng};
use std::collections::VecDeque;
use std::fmt;

/// A move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The game is won or lost already.
    Finished(GameState),
    /// The position is not on the board.
    OffBoard {
        pos: Pos,
        width: usize,
        height: usize,
    },
    /// The move would change nothing, so it is neither played nor recorded.
    NoEffect(Pos, NoEffect),
}

/// Why a move would change nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoEffect {
    /// A flag or mark on a tile that is open.
    AlreadyOpen,
    /// Opening a flagged tile: the flag protects it.
    Flagged,
    /// Opening or chording a 0: everything around it is open already.
    Zero,
    /// A chord on a number whose flags around it are not its number.
    Unsatisfied { shows: u8, flags: usize },
    /// A chord on a number with no covered tile left around it.
    NothingToOpen,
    /// A chord on a tile that is not an opened number.
    NotANumber,
}

impl fmt::Display for NoEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoEffect::AlreadyOpen => f.write_str("it is open already, so it takes no flag or mark"),
            NoEffect::Flagged => f.write_str("it is flagged: take the flag away to open it"),
            NoEffect::Zero => f.write_str("it is a 0, and everything around it is open"),
            NoEffect::Unsatisfied { shows, flags } => write!(
                f,
                "it shows {shows} but has {flags} flags around it: a chord needs exactly {shows}"
            ),
            NoEffect::NothingToOpen => f.write_str("nothing around it is left to open"),
            NoEffect::NotANumber => f.write_str("it is not an opened number to chord"),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoEffect(pos, why) => write!(
                f,
                "row {} column {}: the move would change nothing: {why}",
                pos.row, pos.col
            ),
            MoveError::Finished(GameState::Won) => f.write_str("the game is over: it was won"),
            MoveError::Finished(_) => f.write_str("the game is over: it was lost"),
            MoveError::OffBoard { pos, width, height } => write!(
                f,
                "row {} column {} is off the {width}x{height} board (rows 0 to {}, columns 0 to {})",
                pos.row,
                pos.col,
                height - 1,
                width - 1
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// A game of Minesweeper.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    setup: Setup,
    rules: Rules,
    seed: u64,
    layout: Option<Layout>,
    view: Grid<Cell>,
    state: GameState,
    moves: Vec<Move>,
}

impl Game {
    /// A new game. With `FirstClick::Any` the layout is made now; otherwise at the first
    /// opening, from the same seed, around the tile opened.
    pub fn new(setup: Setup, rules: Rules, seed: u64) -> Result<Game, SetupError> {
        setup.check(rules.first_click)?;
        if rules.no_guess {
            setup.check_no_guess(rules.first_click)?;
        }
        let layout = (rules.first_click == FirstClick::Any)
            .then(|| Layout::random(&setup, rules.first_click, None, &mut Rng::seeded(seed)));
        Ok(Game {
            view: Grid::new(setup.width, setup.height, Cell::Covered),
            setup,
            rules,
            seed,
            layout,
            state: GameState::New,
            moves: Vec::new(),
        })
    }

    pub fn setup(&self) -> Setup {
        self.setup
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn state(&self) -> GameState {
        self.state
    }

    pub fn view(&self) -> &Grid<Cell> {
        &self.view
    }

    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Mines minus flags: what the classic counter shows (negative with too many flags).
    pub fn mines_left(&self) -> i64 {
        let flags = self
            .view
            .cells()
            .iter()
            .filter(|&&c| c == Cell::Flag)
            .count();
        self.setup.mines as i64 - flags as i64
    }

    /// Plays a move. Moves that change nothing (opening a flag, flagging an open tile) are
    /// legal and recorded, as a player's history is; moves on a finished game or off the board
    /// are errors, and so is a move that would change nothing (it is not recorded: a game's
    /// history holds only moves that did something).
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.state.is_over() {
            return Err(MoveError::Finished(self.state));
        }
        let p = mv.pos();
        if !self.view.contains(p) {
            return Err(MoveError::OffBoard {
                pos: p,
                width: self.setup.width,
                height: self.setup.height,
            });
        }
        if let Some(why) = self.no_effect(mv) {
            return Err(MoveError::NoEffect(p, why));
        }
        self.moves.push(mv);
        self.state = GameState::Playing;
        match mv {
            Move::Open(p) => match self.view[p] {
                Cell::Open(n) if n > 0 => self.chord(p),
                Cell::Covered | Cell::Question => self.open(&[p]),
                _ => {}
            },
            Move::Chord(p) => self.chord(p),
            Move::Flag(p) => {
                self.view[p] = match self.view[p] {
                    Cell::Covered | Cell::Question => Cell::Flag,
                    Cell::Flag => Cell::Covered,
                    other => other,
                }
            }
            Move::Question(p) => {
                self.view[p] = match self.view[p] {
                    Cell::Covered | Cell::Flag => Cell::Question,
                    Cell::Question => Cell::Covered,
                    other => other,
                }
            }
        }
        Ok(())
    }

    /// Why `mv` would change nothing, if it would not.
    fn no_effect(&self, mv: Move) -> Option<NoEffect> {
        let p = mv.pos();
        let number = |n: u8| {
            let flags = neighbours(&self.view, p)
                .filter(|&q| self.view[q] == Cell::Flag)
                .count();
            let covered = neighbours(&self.view, p)
                .any(|q| matches!(self.view[q], Cell::Covered | Cell::Question));
            match n {
                0 => Some(NoEffect::Zero),
                _ if flags != n as usize => Some(NoEffect::Unsatisfied { shows: n, flags }),
                _ if !covered => Some(NoEffect::NothingToOpen),
                _ => None,
            }
        };
        match (mv, self.view[p]) {
            (Move::Flag(_) | Move::Question(_), Cell::Open(_)) => Some(NoEffect::AlreadyOpen),
            (Move::Open(_), Cell::Flag) => Some(NoEffect::Flagged),
            (Move::Open(_) | Move::Chord(_), Cell::Open(n)) => number(n),
            (Move::Chord(_), _) => Some(NoEffect::NotANumber),
            _ => None,
        }
    }

    /// Opens the unflagged closed neighbours of a number whose flags are all placed.
    fn chord(&mut self, p: Pos) {
        let Cell::Open(n) = self.view[p] else { return };
        let flags = neighbours(&self.view, p)
            .filter(|&q| self.view[q] == Cell::Flag)
            .count();
        if n == 0 || flags != n as usize {
            return;
        }
        let targets: Vec<Pos> = neighbours(&self.view, p)
            .filter(|&q| matches!(self.view[q], Cell::Covered | Cell::Question))
            .collect();
        self.open(&targets);
    }

    /// Opens tiles (flood-filling from zeros), ending the game on a mine or the last safe tile.
    fn open(&mut self, tiles: &[Pos]) {
        let Some(&first) = tiles.first() else { return };
        if self.layout.is_none() {
            self.layout = Some(self.first_layout(first));
        }
        let layout = self.layout.as_ref().expect("laid just now");
        if let Some(&mine) = tiles.iter().find(|&&q| layout.is_mine(q)) {
            self.lose(mine);
            return;
        }
        let mut queue: VecDeque<Pos> = tiles.iter().copied().collect();
        while let Some(q) = queue.pop_front() {
            if !matches!(self.view[q], Cell::Covered | Cell::Question) {
                continue;
            }
            let n = layout.number(q);
            self.view[q] = Cell::Open(n);
            if n == 0 {
                queue.extend(neighbours(&self.view, q));
            }
        }
        if self.safe_left() == 0 {
            self.win();
        }
    }

    /// A game on a given layout, for tests that need to know the board.
    #[cfg(test)]
    pub(crate) fn with_layout(setup: Setup, rules: Rules, layout: Layout) -> Game {
        Game {
            view: Grid::new(setup.width, setup.height, Cell::Covered),
            setup,
            rules,
            seed: 0,
            layout: Some(layout),
            state: GameState::New,
            moves: Vec::new(),
        }
    }

    /// The layout made at the first click, `first`. A no-guess board that cannot be found
    /// (a rare failure on the densest boards allowed) becomes an ordinary one, and the rules
    /// say so.
    fn first_layout(&mut self, first: Pos) -> Layout {
        let (setup, rule) = (&self.setup, self.rules.first_click);
        let mut rng = Rng::seeded(self.seed);
        if self.rules.no_guess {
            if let Some(layout) = noguess::no_guess_layout(setup, rule, first, &mut rng) {
                return layout;
            }
            self.rules.no_guess = false;
            rng = Rng::seeded(self.seed);
        }
        Layout::random(setup, rule, Some(first), &mut rng)
    }

    /// Safe tiles not opened yet.
    pub fn safe_left(&self) -> usize {
        let opened = self
            .view
            .cells()
            .iter()
            .filter(|c| matches!(c, Cell::Open(_)))
            .count();
        self.view.len() - self.setup.mines - opened
    }

    fn win(&mut self) {
        self.state = GameState::Won;
        let layout = self.layout.as_ref().expect("a won game has a layout");
        for p in self.view.positions() {
            if layout.is_mine(p) {
                self.view[p] = Cell::Flag;
            }
        }
    }

    fn lose(&mut self, exploded: Pos) {
        self.state = GameState::Lost;
        let layout = self.layout.as_ref().expect("a lost game has a layout");
        for p in self.view.positions() {
            let mine = layout.is_mine(p);
            self.view[p] = match self.view[p] {
                _ if p == exploded => Cell::Exploded,
                Cell::Flag if !mine => Cell::WrongFlag,
                Cell::Flag => Cell::Flag,
                _ if mine => Cell::Mine,
                other => other,
            };
        }
    }

    /// Every tile uncovered: mines as `*`, the rest with their numbers; `None` before the
    /// layout exists. For showing the answer at the end of a game.
    pub fn answer(&self) -> Option<Grid<Cell>> {
        let layout = self.layout.as_ref()?;
        let mut view = self.view.clone();
        for p in view.positions() {
            view[p] = if layout.is_mine(p) {
                Cell::Mine
            } else {
                Cell::Open(layout.number(p))
            };
        }
        Some(view)
    }

    /// The game as a document view.
    /// The counters players read (3BV, clicks, efficiency), once the layout is made; the
    /// time is the caller's to give, where it is known.
    pub fn stats(&self, seconds: Option<f64>) -> Option<crate::stats::Stats> {
        let layout = self.layout.as_ref()?;
        let opened = self.view.map(|c| matches!(c, Cell::Open(_)));
        Some(crate::stats::of(layout, &opened, &self.moves, seconds))
    }

    /// Writes the game into a document it was read from (or a new one), keeping the fields
    /// it does not know, with its `stats` once the layout is made.
    pub fn write_into(&self, doc: &mut grid_core::Document) {
        self.to_doc().write_into(doc);
        match self.stats(None) {
            Some(stats) => doc.set("stats", stats),
            None => {
                doc.remove("stats");
            }
        }
    }

    pub fn to_doc(&self) -> MinesDoc {
        MinesDoc {
            view: self.view.clone(),
            mines: self.setup.mines,
            layout: self.layout.as_ref().map(|l| l.grid().clone()),
            state: self.state,
            rules: self.rules,
            seed: Some(self.seed),
            moves: self.moves.clone(),
        }
    }

    /// Takes up a game from its document, checking that what the player sees agrees with the
    /// layout (when there is one) and with the state.
    pub fn from_doc(doc: &MinesDoc) -> Result<Game, Error> {
        let setup = Setup {
            width: doc.view.width(),
            height: doc.view.height(),
            mines: doc.mines,
        };
        let rule = if doc.layout.is_some() {
            FirstClick::Any
        } else {
            doc.rules.first_click
        };
        setup
            .check(rule)
            .map_err(|e| Error::input(format!("field `mines`: {e}")))?;
        let layout = doc.layout.clone().map(Layout::from_grid);
        match &layout {
            Some(l) => check_against_layout(doc, l)?,
            None => check_without_layout(doc)?,
        }
        let seed = match (doc.seed, &layout) {
            (Some(s), _) => s,
            (None, Some(_)) => 0,
            (None, None) => {
                return Err(Error::input(
                    "field `seed`: missing, and there is no `layout`: the mines cannot be placed",
                ));
            }
        };
        let game = Game {
            setup,
            rules: doc.rules,
            seed,
            layout,
            view: doc.view.clone(),
            state: doc.state,
            moves: doc.moves.clone(),
        };
        if game.layout.is_some() && !game.state.is_over() && game.safe_left() == 0 {
            return Err(Error::input(
                "field `state`: every safe tile is open, so the game is won, not \"playing\"",
            ));
        }
        Ok(game)
    }
}

fn check_against_layout(doc: &MinesDoc, layout: &Layout) -> Result<(), Error> {
    let count = layout.count();
    if count != doc.mines {
        return Err(Error::input(format!(
            "field `layout`: {count} mines, but `mines` is {}",
            doc.mines
        )));
    }
    let over = doc.state.is_over();
    let mut exploded = 0;
    for p in doc.view.positions() {
        let mine = layout.is_mine(p);
        let wrong = |what: &str| {
            Err(Error::input(format!(
                "field `grid`: row {} column {} {what}, which disagrees with the layout",
                p.row, p.col
            )))
        };
        match doc.view[p] {
            Cell::Open(_) if mine => return wrong("is open on a mine"),
            Cell::Open(n) if n != layout.number(p) => {
                return wrong(&format!(
                    "shows {n} but has {} mines around it",
                    layout.number(p)
                ));
            }
            Cell::Mine | Cell::Exploded if !mine => return wrong("shows a mine on a safe tile"),
            Cell::WrongFlag if mine => return wrong("shows a wrong flag on a mine"),
            Cell::Mine | Cell::WrongFlag | Cell::Exploded if !over => {
                return wrong("shows the end of a game that is not over");
            }
            Cell::Exploded => exploded += 1,
            _ => {}
        }
    }
    match doc.state {
        GameState::Lost if exploded != 1 => Err(Error::input(format!(
            "field `state`: a lost game has one exploded mine ('X'), this one has {exploded}"
        ))),
        GameState::Won
            if doc
                .view
                .positions()
                .any(|p| !layout.is_mine(p) && !matches!(doc.view[p], Cell::Open(_))) =>
        {
            Err(Error::input(
                "field `state`: \"won\", but some safe tiles are still closed",
            ))
        }
        _ => Ok(()),
    }
}

fn check_without_layout(doc: &MinesDoc) -> Result<(), Error> {
    if let Some(p) = doc.view.positions().find(|&p| !doc.view[p].is_closed()) {
        return Err(Error::input(format!(
            "field `layout`: missing, but row {} column {} is open; a game can only go on \
             with its layout (a position from elsewhere is for `mines solve`)",
            p.row, p.col
        )));
    }
    if doc.state.is_over() {
        return Err(Error::input(
            "field `state`: the game is over, but nothing was opened and there is no layout",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_with(rows: &[&str]) -> Game {
        let cells = rows
            .iter()
            .flat_map(|r| r.bytes())
            .map(|b| b == b'*')
            .collect();
        let grid = Grid::from_vec(rows[0].len(), rows.len(), cells).unwrap();
        let layout = Layout::from_grid(grid);
        let setup = Setup {
            width: layout.width(),
            height: layout.height(),
            mines: layout.count(),
        };
        Game {
            setup,
            rules: Rules {
                first_click: FirstClick::Any,
                no_guess: false,
            },
            seed: 0,
            view: Grid::new(setup.width, setup.height, Cell::Covered),
            layout: Some(layout),
            state: GameState::New,
            moves: Vec::new(),
        }
    }

    fn text(g: &Game) -> Vec<String> {
        g.view().text_rows(|c| c.to_char())
    }

    #[test]
    fn a_zero_floods_to_the_numbers_around_it() {
        let mut g = game_with(&["....", "....", "...*", "...."]);
        g.play(Move::Open(Pos::new(0, 0))).unwrap();
        assert_eq!(text(&g), ["0000", "0011", "001#", "001#"]);
        assert_eq!(g.state(), GameState::Playing);
    }

    #[test]
    fn flags_stop_the_flood_and_cannot_be_opened() {
        let mut g = game_with(&["....", "...*"]);
        g.play(Move::Flag(Pos::new(0, 1))).unwrap();
        assert_eq!(
            g.play(Move::Open(Pos::new(0, 1))),
            Err(MoveError::NoEffect(Pos::new(0, 1), NoEffect::Flagged))
        );
        assert_eq!(text(&g)[0], "#F##");
        g.play(Move::Open(Pos::new(0, 0))).unwrap();
        // The flood stops at numbers: (0, 3) is reached from no zero.
        assert_eq!(text(&g), ["0F1#", "001#"]);
    }

    #[test]
    fn opening_a_mine_loses_and_shows_the_board() {
        let mut g = game_with(&["*..", "...", "..*"]);
        g.play(Move::Flag(Pos::new(1, 1))).unwrap();
        g.play(Move::Open(Pos::new(2, 2))).unwrap();
        assert_eq!(g.state(), GameState::Lost);
        assert_eq!(text(&g), ["*##", "#!#", "##X"]);
        assert_eq!(
            g.play(Move::Open(Pos::new(0, 1))),
            Err(MoveError::Finished(GameState::Lost))
        );
    }

    #[test]
    fn opening_every_safe_tile_wins_and_flags_the_mines() {
        let mut g = game_with(&["*.", ".."]);
        for p in [(0, 1), (1, 0), (1, 1)] {
            g.play(Move::Open(Pos::new(p.0, p.1))).unwrap();
        }
        assert_eq!(g.state(), GameState::Won);
        assert_eq!(text(&g), ["F1", "11"]);
    }

    #[test]
    fn chording_opens_around_a_satisfied_number() {
        let mut g = game_with(&["*..", "...", "..."]);
        g.play(Move::Open(Pos::new(1, 1))).unwrap();
        // Not satisfied yet: nothing would happen, so the move is refused and not recorded.
        assert_eq!(
            g.play(Move::Chord(Pos::new(1, 1))),
            Err(MoveError::NoEffect(
                Pos::new(1, 1),
                NoEffect::Unsatisfied { shows: 1, flags: 0 }
            ))
        );
        assert_eq!(text(&g), ["###", "#1#", "###"]);
        assert_eq!(g.to_doc().moves.len(), 1);
        g.play(Move::Flag(Pos::new(0, 0))).unwrap();
        // Opening a number chords it.
        g.play(Move::Open(Pos::new(1, 1))).unwrap();
        assert_eq!(g.state(), GameState::Won);
    }

    #[test]
    fn chording_with_a_wrong_flag_explodes() {
        let mut g = game_with(&["*..", "...", "..."]);
        g.play(Move::Open(Pos::new(1, 1))).unwrap();
        g.play(Move::Flag(Pos::new(0, 1))).unwrap();
        g.play(Move::Chord(Pos::new(1, 1))).unwrap();
        assert_eq!(g.state(), GameState::Lost);
        assert_eq!(text(&g)[0], "X!#");
    }

    #[test]
    fn off_board_moves_are_errors() {
        let mut g = game_with(&["..", ".*"]);
        let e = g.play(Move::Open(Pos::new(2, 0))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 2 column 0 is off the 2x2 board (rows 0 to 1, columns 0 to 1)"
        );
        assert!(g.moves().is_empty());
    }

    #[test]
    fn flag_and_question_toggle() {
        let mut g = game_with(&["..", ".*"]);
        let p = Pos::new(1, 1);
        g.play(Move::Flag(p)).unwrap();
        assert_eq!(g.view()[p], Cell::Flag);
        assert_eq!(g.mines_left(), 0);
        g.play(Move::Question(p)).unwrap();
        assert_eq!(g.view()[p], Cell::Question);
        g.play(Move::Question(p)).unwrap();
        assert_eq!(g.view()[p], Cell::Covered);
    }

    #[test]
    fn the_first_click_rules_hold() {
        for seed in 0..200 {
            let setup = Setup {
                width: 9,
                height: 9,
                mines: 30,
            };
            for rule in [FirstClick::Opening, FirstClick::Safe] {
                let rules = Rules {
                    first_click: rule,
                    no_guess: false,
                };
                let mut g = Game::new(setup, rules, seed).unwrap();
                assert!(g.layout().is_none());
                g.play(Move::Open(Pos::new(8, 0))).unwrap();
                assert_ne!(g.state(), GameState::Lost);
                if rule == FirstClick::Opening {
                    assert_eq!(g.view()[Pos::new(8, 0)], Cell::Open(0));
                }
            }
        }
    }

    #[test]
    fn a_game_survives_the_round_trip_through_its_document() {
        let setup = Setup {
            width: 16,
            height: 16,
            mines: 40,
        };
        let mut g = Game::new(setup, Rules::default(), 11).unwrap();
        g.play(Move::Open(Pos::new(5, 5))).unwrap();
        g.play(Move::Flag(Pos::new(0, 0))).unwrap();
        let back = Game::from_doc(&g.to_doc()).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn documents_that_disagree_with_their_layout_are_refused() {
        let mut g = game_with(&["*..", "...", "..."]);
        g.play(Move::Open(Pos::new(2, 2))).unwrap();
        let mut doc = g.to_doc();
        doc.view[Pos::new(1, 1)] = Cell::Open(3);
        let e = Game::from_doc(&doc).unwrap_err().to_string();
        assert!(
            e.contains("row 1 column 1 shows 3 but has 1 mines around it"),
            "{e}"
        );
        let mut doc = g.to_doc();
        doc.mines = 2;
        assert!(Game::from_doc(&doc).is_err());
    }
}

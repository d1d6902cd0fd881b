//! The referee: replays a recording's mouse events on its board and counts clicks the way
//! the community's clones and analysers do (Arbiter, Viennasweeper, Metasweeper, and
//! ms-toollib, whose figures these equal on every sample replay).
//!
//! A click is a press and a release: a left release over a tile opens it, a right press
//! flags or unflags it, and both buttons down then one released (or the middle button) is a
//! chord. Before the game starts, flags may be placed (the game starts at the first left
//! release on a covered tile); a game that only pressed the left button and let go outside
//! the board has not started, and its clicks do not count. Effective clicks are those that
//! changed the board: a left click that opened a tile, a chord that opened tiles, and a
//! right click that flagged a mine for the first time.

use super::{Action, Replay, ReplayError, Unplayable};
use crate::layout::{Layout, neighbours};
use grid_core::Grid;
use grid_core::geom::Pos;
use grid_core::mines_doc::Cell;

pub use super::error::Misstep;

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Nothing has happened on the board yet.
    Ready,
    /// Flags were placed (or the left button went down on the board) before the first
    /// opening.
    PreFlagging,
    Playing,
    Won,
    Lost,
}

/// Which buttons are down, as the clones' mouse state machine tracks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Buttons {
    None,
    /// The right button is down, and its press flagged or unflagged a tile.
    Right,
    /// The right button is down over an open tile or off the board: no flag changed.
    RightNoFlag,
    Left,
    /// Both are down (a chord in the making).
    Both,
    /// Both are down, the right pressed first over a tile it could not flag.
    BothNoFlag,
    /// The right button was let go after a chord; the left is still down.
    LeftAfterChord,
}

/// The clicks of a game, counted the clones' way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub left: usize,
    pub right: usize,
    /// Chords (both buttons, or the middle one: the clones' double clicks).
    pub chord: usize,
    /// Effective left clicks, right clicks and chords.
    pub left_effective: usize,
    pub right_effective: usize,
    pub chord_effective: usize,
    /// Flags on the board now.
    pub flags: usize,
    /// The part of the 3BV solved.
    pub solved_3bv: usize,
}

/// What an event did to the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Nothing,
    /// A flag placed (`true`) or taken away on a tile.
    Flagged(Pos, bool),
    /// A left click opened this tile.
    Opened(Pos),
    /// A chord on a number opened these tiles.
    Chorded(Pos, Vec<Pos>),
}

/// A game being refereed.
#[derive(Debug, Clone)]
pub struct Referee {
    layout: Layout,
    view: Grid<Cell>,
    /// Mines flagged at least once: flagging one again is not effective.
    flagged_once: Grid<bool>,
    counts: Counts,
    buttons: Buttons,
    phase: Phase,
    pre_flags: usize,
    middle_down: bool,
    /// Safe tiles not yet open: the game is won when none is left, told without looking
    /// at the whole board after every click.
    safe_closed: usize,
}

impl Referee {
    pub fn new(layout: Layout) -> Self {
        let (w, h) = (layout.width(), layout.height());
        let safe_closed = w * h - layout.count();
        Referee {
            safe_closed,
            layout,
            view: Grid::new(w, h, Cell::Covered),
            flagged_once: Grid::new(w, h, false),
            counts: Counts::default(),
            buttons: Buttons::None,
            phase: Phase::Ready,
            pre_flags: 0,
            middle_down: false,
        }
    }

    pub fn view(&self) -> &Grid<Cell> {
        &self.view
    }

    pub fn counts(&self) -> Counts {
        self.counts
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Plays one event with the pointer over `at` (`None`: off the board). An event that
    /// no mouse could have made in the state the game is in is an error.
    pub fn step(&mut self, action: Action, at: Option<Pos>) -> Result<Outcome, Misstep> {
        if !action.is_mouse() {
            return Ok(Outcome::Nothing);
        }
        let handled = match self.phase {
            Phase::Ready => self.ready(action, at)?,
            Phase::PreFlagging => self.pre_flagging(action, at)?,
            Phase::Playing => None,
            Phase::Won | Phase::Lost => return Ok(Outcome::Nothing),
        };
        match handled {
            Some(outcome) => Ok(outcome),
            None => self.playing(action, at),
        }
    }

    /// Before anything happened. `None`: the event is played as in a game.
    fn ready(&mut self, action: Action, at: Option<Pos>) -> Result<Option<Outcome>, Misstep> {
        use Buttons as B;
        Ok(Some(match action {
            Action::Move | Action::MiddleDown | Action::MiddleUp => Outcome::Nothing,
            Action::LeftDown => {
                match self.buttons {
                    B::None => {
                        self.buttons = B::Left;
                        if at.is_some() {
                            self.phase = Phase::PreFlagging;
                        }
                    }
                    B::Right => self.buttons = B::Both,
                    B::RightNoFlag => self.buttons = B::BothNoFlag,
                    _ => {}
                }
                Outcome::Nothing
            }
            Action::PreFlag => {
                let p = self.covered(at)?;
                self.pre_flags += 1;
                self.phase = Phase::PreFlagging;
                self.right_click(p)?
            }
            Action::RightDown => match self.buttons {
                B::None => {
                    self.buttons = B::Right;
                    match at {
                        Some(p) => {
                            self.pre_flags = 1;
                            self.phase = Phase::PreFlagging;
                            self.right_click(p)?
                        }
                        None => Outcome::Nothing,
                    }
                }
                B::LeftAfterChord => {
                    self.buttons = B::Both;
                    Outcome::Nothing
                }
                _ => return Ok(None),
            },
            Action::LeftUp => match self.buttons {
                B::Both | B::BothNoFlag => {
                    self.buttons = B::Right;
                    Outcome::Nothing
                }
                B::LeftAfterChord | B::Left | B::None => {
                    self.buttons = B::None;
                    Outcome::Nothing
                }
                _ => return Ok(None),
            },
            Action::RightUp => match self.buttons {
                B::Right | B::None => {
                    self.buttons = B::None;
                    Outcome::Nothing
                }
                B::Both => {
                    self.buttons = B::LeftAfterChord;
                    Outcome::Nothing
                }
                _ => return Ok(None),
            },
            Action::BothDown => {
                self.buttons = match self.buttons {
                    B::RightNoFlag => B::BothNoFlag,
                    B::Left | B::LeftAfterChord | B::Right | B::None => B::Both,
                    other => other,
                };
                Outcome::Nothing
            }
            _ => return Err(Misstep::BeforeTheGame),
        }))
    }

    /// After a flag or a press on the board, before the first opening.
    fn pre_flagging(
        &mut self,
        action: Action,
        at: Option<Pos>,
    ) -> Result<Option<Outcome>, Misstep> {
        use Buttons as B;
        Ok(Some(match action {
            Action::LeftDown | Action::RightUp | Action::Move => return Ok(None),
            Action::LeftUp => {
                if self.buttons != B::Left {
                    return Ok(None);
                }
                match at {
                    None => {
                        self.buttons = B::None;
                        if self.pre_flags == 0 {
                            self.phase = Phase::Ready;
                            self.clear_counts();
                        } else {
                            self.counts.left += 1;
                        }
                        Outcome::Nothing
                    }
                    Some(p) if self.view[p] == Cell::Covered => {
                        self.phase = Phase::Playing;
                        self.buttons = B::None;
                        self.left_click(p)
                    }
                    Some(_) => {
                        self.counts.left += 1;
                        Outcome::Nothing
                    }
                }
            }
            Action::PreFlag => {
                let p = self.covered(at)?;
                self.pre_flags += 1;
                self.right_click(p)?
            }
            Action::RightDown => match self.buttons {
                B::None => match at {
                    Some(p) => {
                        self.buttons = B::Right;
                        if self.view[p] == Cell::Covered {
                            self.pre_flags += 1;
                        } else {
                            self.pre_flags = self.pre_flags.saturating_sub(1);
                            if self.pre_flags == 0 {
                                // The last flag taken back: as if nothing had happened.
                                self.phase = Phase::Ready;
                                self.clear_counts();
                                self.view[p] = Cell::Covered;
                                return Ok(Some(Outcome::Flagged(p, false)));
                            }
                        }
                        self.right_click(p)?
                    }
                    None => {
                        self.buttons = B::RightNoFlag;
                        self.counts.right += 1;
                        return Ok(None);
                    }
                },
                B::Left => {
                    self.buttons = B::Both;
                    if at.is_some() && self.pre_flags == 0 {
                        self.phase = Phase::Ready;
                    }
                    return Ok(None);
                }
                B::LeftAfterChord => {
                    self.buttons = B::Both;
                    return Ok(None);
                }
                _ => return Err(Misstep::RightPressedTwice),
            },
            Action::BothDown => {
                self.buttons = match self.buttons {
                    B::Left => {
                        if at.is_some() && self.pre_flags == 0 {
                            self.phase = Phase::Ready;
                        }
                        B::Both
                    }
                    B::LeftAfterChord | B::Right | B::None => B::Both,
                    B::RightNoFlag => B::BothNoFlag,
                    _ => return Err(Misstep::BothPressedTwice),
                };
                Outcome::Nothing
            }
            Action::MiddleDown => {
                self.middle_down = true;
                return Ok(None);
            }
            Action::MiddleUp => {
                self.middle_down = false;
                return Ok(None);
            }
            _ => return Err(Misstep::BeforeTheGame),
        }))
    }

    /// The game is on (or an earlier phase passed the event on).
    fn playing(&mut self, action: Action, at: Option<Pos>) -> Result<Outcome, Misstep> {
        use Buttons as B;
        Ok(match action {
            Action::Move => Outcome::Nothing,
            Action::LeftDown => {
                self.buttons = match self.buttons {
                    B::None => B::Left,
                    B::Right => B::Both,
                    B::RightNoFlag => B::BothNoFlag,
                    other => other,
                };
                Outcome::Nothing
            }
            Action::LeftUp => match self.buttons {
                B::Left => {
                    self.buttons = B::None;
                    match at {
                        Some(p) => self.left_click(p),
                        None => {
                            self.counts.left += 1;
                            Outcome::Nothing
                        }
                    }
                }
                B::Both | B::BothNoFlag => self.chord_release(B::Right, at),
                B::LeftAfterChord | B::None => {
                    self.buttons = B::None;
                    Outcome::Nothing
                }
                B::Right | B::RightNoFlag => Outcome::Nothing,
            },
            Action::Left => match self.buttons {
                B::Left => {
                    self.buttons = B::None;
                    at.map_or(Outcome::Nothing, |p| self.left_click(p))
                }
                B::Both | B::BothNoFlag => self.chord_release(B::Right, at),
                B::LeftAfterChord => {
                    self.buttons = B::None;
                    Outcome::Nothing
                }
                B::None => {
                    self.buttons = B::Left;
                    Outcome::Nothing
                }
                B::Right => {
                    self.buttons = B::Both;
                    Outcome::Nothing
                }
                B::RightNoFlag => {
                    self.buttons = B::BothNoFlag;
                    Outcome::Nothing
                }
            },
            Action::RightDown => match self.buttons {
                B::None => self.right_press(at)?,
                B::Left | B::LeftAfterChord => {
                    self.buttons = B::Both;
                    Outcome::Nothing
                }
                _ => Outcome::Nothing,
            },
            Action::RightUp => self.right_release(at),
            Action::Right => match self.buttons {
                B::None => self.right_press(at)?,
                B::Left | B::LeftAfterChord => {
                    self.buttons = B::Both;
                    Outcome::Nothing
                }
                _ => self.right_release(at),
            },
            Action::MiddleDown => {
                self.middle_down = true;
                Outcome::Nothing
            }
            Action::MiddleUp => {
                self.middle_down = false;
                self.chord_at(at)
            }
            Action::Middle => {
                self.middle_down = !self.middle_down;
                if self.middle_down {
                    Outcome::Nothing
                } else {
                    self.chord_at(at)
                }
            }
            Action::BothDown => {
                self.buttons = match self.buttons {
                    B::Left | B::LeftAfterChord | B::Right | B::None => B::Both,
                    B::RightNoFlag => B::BothNoFlag,
                    _ => return Err(Misstep::BothPressedTwice),
                };
                Outcome::Nothing
            }
            Action::PreFlag => return Err(Misstep::PreFlagDuringTheGame),
            _ => Outcome::Nothing,
        })
    }

    fn right_press(&mut self, at: Option<Pos>) -> Result<Outcome, Misstep> {
        match at {
            Some(p) => {
                self.buttons = if self.view[p].is_closed() {
                    Buttons::Right
                } else {
                    Buttons::RightNoFlag
                };
                self.right_click(p)
            }
            None => {
                self.buttons = Buttons::RightNoFlag;
                self.counts.right += 1;
                Ok(Outcome::Nothing)
            }
        }
    }

    fn right_release(&mut self, at: Option<Pos>) -> Outcome {
        match self.buttons {
            Buttons::Right | Buttons::RightNoFlag | Buttons::None => {
                self.buttons = Buttons::None;
                Outcome::Nothing
            }
            Buttons::Both | Buttons::BothNoFlag => self.chord_release(Buttons::LeftAfterChord, at),
            Buttons::Left | Buttons::LeftAfterChord => Outcome::Nothing,
        }
    }

    /// One button let go while both were down: the chord, on the tile under the pointer, the
    /// other button still down (`after`). A chord begun by a right press that flagged nothing
    /// takes back the right click that press counted.
    fn chord_release(&mut self, after: Buttons, at: Option<Pos>) -> Outcome {
        if self.buttons == Buttons::BothNoFlag {
            self.counts.right = self.counts.right.saturating_sub(1);
        }
        self.buttons = after;
        self.chord_at(at)
    }

    fn covered(&self, at: Option<Pos>) -> Result<Pos, Misstep> {
        at.filter(|&p| self.view[p] == Cell::Covered)
            .ok_or(Misstep::PreFlagNotCovered)
    }

    fn clear_counts(&mut self) {
        let c = &mut self.counts;
        (c.flags, c.chord, c.left, c.right) = (0, 0, 0, 0);
        self.flagged_once.cells_mut().fill(false);
    }

    fn left_click(&mut self, p: Pos) -> Outcome {
        self.counts.left += 1;
        if !matches!(self.view[p], Cell::Covered | Cell::Question) {
            return Outcome::Nothing;
        }
        if self.layout.is_mine(p) {
            self.open(&[p]);
            return Outcome::Opened(p);
        }
        let solves = if self.layout.number(p) == 0 {
            self.opening_whole(
                p,
                &mut Grid::new(self.view.width(), self.view.height(), false),
            )
        } else {
            self.is_island_number(p)
        };
        self.counts.solved_3bv += usize::from(solves);
        self.counts.left_effective += 1;
        self.open(&[p]);
        Outcome::Opened(p)
    }

    fn right_click(&mut self, p: Pos) -> Result<Outcome, Misstep> {
        self.counts.right += 1;
        let flag = match self.view[p] {
            Cell::Covered => true,
            Cell::Flag => false,
            Cell::Question => return Err(Misstep::QuestionMark),
            _ => return Ok(Outcome::Nothing),
        };
        self.view[p] = if flag { Cell::Flag } else { Cell::Covered };
        if flag {
            self.counts.flags += 1;
            if self.layout.is_mine(p) && !self.flagged_once[p] {
                self.counts.right_effective += 1;
                self.flagged_once[p] = true;
            }
        } else {
            self.counts.flags = self.counts.flags.saturating_sub(1);
        }
        Ok(Outcome::Flagged(p, flag))
    }

    fn chord_at(&mut self, at: Option<Pos>) -> Outcome {
        match at {
            Some(p) => self.chord(p),
            None => Outcome::Nothing,
        }
    }

    /// A chord on `p`: opens the covered neighbours when the flags around it equal its
    /// number (whether or not they are right).
    fn chord(&mut self, p: Pos) -> Outcome {
        self.counts.chord += 1;
        let Cell::Open(n @ 0..=7) = self.view[p] else {
            return Outcome::Nothing;
        };
        let grid = self.layout.grid();
        let flags = neighbours(grid, p)
            .filter(|&q| self.view[q] == Cell::Flag)
            .count();
        let covered: Vec<Pos> = neighbours(grid, p)
            .filter(|&q| self.view[q] == Cell::Covered)
            .collect();
        if flags != usize::from(n) || covered.is_empty() {
            return Outcome::Nothing;
        }
        let mut solved = covered
            .iter()
            .filter(|&&q| self.layout.number(q) > 0 && !self.layout.is_mine(q))
            .filter(|&&q| self.is_island_number(q))
            .count();
        let mut seen = Grid::new(self.view.width(), self.view.height(), false);
        for q in neighbours(grid, p) {
            if self.view[q] == Cell::Covered
                && !self.layout.is_mine(q)
                && self.layout.number(q) == 0
                && !seen[q]
                && self.opening_whole(q, &mut seen)
            {
                solved += 1;
            }
        }
        self.counts.chord_effective += 1;
        self.counts.solved_3bv += solved;
        self.open(&covered);
        Outcome::Chorded(p, covered)
    }

    /// A number that touches no zero: a 3BV of its own.
    fn is_island_number(&self, p: Pos) -> bool {
        self.layout.number(p) > 0
            && neighbours(self.layout.grid(), p)
                .chain([p])
                .all(|q| self.layout.is_mine(q) || self.layout.number(q) != 0)
    }

    /// Whether the opening of zero `p` opens whole: no flag sits on one of its zeros (a
    /// flagged zero splits an opening, and the part opened is not its 3BV).
    fn opening_whole(&self, p: Pos, seen: &mut Grid<bool>) -> bool {
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            if self.layout.is_mine(q) || self.layout.number(q) > 0 || seen[q] {
                continue;
            }
            if self.view[q] == Cell::Flag {
                return false;
            }
            seen[q] = true;
            stack.extend(neighbours(self.layout.grid(), q).filter(|&n| !seen[n]));
        }
        true
    }

    /// Opens tiles, flooding from zeros; a mine ends the game.
    fn open(&mut self, tiles: &[Pos]) {
        let mut stack = tiles.to_vec();
        let mut blew = false;
        while let Some(q) = stack.pop() {
            if self.layout.is_mine(q) {
                // One mine explodes; a chord's second mine shows as a plain mine.
                self.view[q] = if blew { Cell::Mine } else { Cell::Exploded };
                blew = true;
                continue;
            }
            if matches!(self.view[q], Cell::Open(_)) {
                continue; // reached from two zeros
            }
            let n = self.layout.number(q);
            self.view[q] = Cell::Open(n);
            self.safe_closed -= 1;
            if n == 0 {
                stack.extend(
                    neighbours(self.layout.grid(), q)
                        .filter(|&m| matches!(self.view[m], Cell::Covered | Cell::Question)),
                );
            }
        }
        if blew {
            self.phase = Phase::Lost;
            for p in self.view.positions() {
                let mine = self.layout.is_mine(p);
                match self.view[p] {
                    Cell::Flag if !mine => self.view[p] = Cell::WrongFlag,
                    Cell::Covered | Cell::Question if mine => self.view[p] = Cell::Mine,
                    _ => {}
                }
            }
        } else if self.safe_closed == 0 {
            self.phase = Phase::Won;
            for p in self.view.positions() {
                if self.layout.is_mine(p) {
                    self.view[p] = Cell::Flag;
                }
            }
        }
    }
}

/// Plays a whole replay, calling `each` after every event with its index, the event's
/// outcome and the referee, and returns the referee at the end.
pub fn play(
    replay: &Replay,
    mut each: impl FnMut(usize, &Outcome, &Referee),
) -> Result<Referee, ReplayError> {
    let mut referee = Referee::new(replay.layout.clone());
    for (i, e) in replay.events.iter().enumerate() {
        let outcome = referee.step(e.action, replay.tile(e)).map_err(|problem| {
            ReplayError::at_event(
                i,
                Unplayable::Misstep {
                    action: e.action,
                    problem,
                },
            )
        })?;
        each(i, &outcome, &referee);
    }
    Ok(referee)
}

//! The full-screen game: keyboard and mouse, a mine counter, a timer, a face, numbers in their
//! classic colours, and best times. The terminal is restored on every way out: a win or loss
//! followed by q, q or Esc, Ctrl-C (which raw mode delivers as a key), or a panic.

use crate::record::Recorder;
use crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::best::BestTimes;
use grid_cli::{Result, Status};
use grid_core::mines_doc::{Cell, GameState, Move};
use grid_core::{Grid, Pos, Rng};
use grid_mines::Game;
use owo_colors::{OwoColorize, Style};
use std::io::{self, Stdout, Write};
use std::time::{Duration, Instant};

/// Columns of the board's left edge and rows above it (status line and top border).
const LEFT: u16 = 2;
const TOP: u16 = 2;

pub fn run(game: Game, seeded: bool, recorder: Option<Recorder>) -> Result<Status> {
    let mut screen = grid_cli::screen::FullScreen::on_stdout(true)?;
    let mut app = App::new(game, seeded);
    app.recorder = recorder;
    app.draw(&mut screen.out)?;
    loop {
        if event::poll(Duration::from_millis(250))? {
            let quit = match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key),
                Event::Mouse(mouse) => {
                    app.mouse(mouse);
                    false
                }
                _ => false,
            };
            if quit {
                break;
            }
        }
        app.draw(&mut screen.out)?;
    }
    drop(screen);
    Ok(Status::Ok)
}

struct App {
    game: Game,
    cursor: Pos,
    seeded: bool,
    started: Option<Instant>,
    finished: Option<Duration>,
    best: BestTimes,
    message: String,
    left_down: bool,
    /// Each covered tile's chance of a mine, shown over the board (toggled with p).
    odds: Option<Grid<Option<f64>>>,
    /// The solver helped (a hint, or the odds shown): the game sets no best time.
    helped: bool,
    /// Saves each finished game as a replay (`--record`).
    recorder: Option<Recorder>,
}

impl App {
    fn new(game: Game, seeded: bool) -> Self {
        let s = game.setup();
        App {
            cursor: Pos::new(s.height / 2, s.width / 2),
            game,
            seeded,
            started: None,
            finished: None,
            best: BestTimes::load("mines-best.json"),
            message: String::new(),
            left_down: false,
            odds: None,
            helped: false,
            recorder: None,
        }
    }

    /// Handles a key; true to quit.
    fn key(&mut self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let s = self.game.setup();
        let c = self.cursor;
        match key.code {
            KeyCode::Char('c') if ctrl => return true,
            KeyCode::Char('q') | KeyCode::Esc => return true,
            KeyCode::Left | KeyCode::Char('h') => self.cursor.col = c.col.saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') => self.cursor.col = (c.col + 1).min(s.width - 1),
            KeyCode::Up | KeyCode::Char('k') => self.cursor.row = c.row.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.cursor.row = (c.row + 1).min(s.height - 1),
            KeyCode::Char(' ') | KeyCode::Enter => self.play(Move::Open(c)),
            KeyCode::Char('f') => self.play(Move::Flag(c)),
            KeyCode::Char('?') => self.play(Move::Question(c)),
            KeyCode::Char('c') => self.play(Move::Chord(c)),
            KeyCode::Char('n') => self.new_game(),
            KeyCode::Char('g') => self.toggle_no_guess(),
            KeyCode::Char('i') => self.hint(),
            KeyCode::Char('p') => {
                self.helped |= !self.game.state().is_over();
                self.odds = match self.odds {
                    Some(_) => None,
                    None => self.analysis().map(|a| a.probability),
                };
            }
            _ => {}
        }
        false
    }

    fn mouse(&mut self, m: MouseEvent) {
        let tile = self.tile_at(m.column, m.row);
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                self.left_down = true;
                if let Some(p) = tile {
                    self.cursor = p;
                    self.play(Move::Open(p));
                }
            }
            MouseEventKind::Up(MouseButton::Left) => self.left_down = false,
            MouseEventKind::Down(MouseButton::Right) => {
                if let Some(p) = tile {
                    self.cursor = p;
                    // Left and right together chord, as in the classic game.
                    self.play(if self.left_down {
                        Move::Chord(p)
                    } else {
                        Move::Flag(p)
                    });
                }
            }
            MouseEventKind::Down(MouseButton::Middle) => {
                if let Some(p) = tile {
                    self.cursor = p;
                    self.play(Move::Chord(p));
                }
            }
            _ => {}
        }
    }

    /// The tile under a screen position.
    fn tile_at(&self, x: u16, y: u16) -> Option<Pos> {
        let s = self.game.setup();
        let col = (x.checked_sub(LEFT)? / 2) as usize;
        let row = y.checked_sub(TOP)? as usize;
        (row < s.height && col < s.width).then_some(Pos::new(row, col))
    }

    /// The solver's view of the board, when the game is on.
    fn analysis(&self) -> Option<grid_mines::solver::Analysis> {
        if self.game.state().is_over() {
            return None;
        }
        grid_mines::solver::analyse(self.game.view(), self.game.setup().mines).ok()
    }

    /// Shows a certainly safe tile (the cursor goes there), or, when there is none, every
    /// covered tile's chance of a mine.
    fn hint(&mut self) {
        let Some(a) = self.analysis() else { return };
        self.helped |= !self.game.state().is_over();
        match a.safe.first() {
            Some(&p) => {
                self.cursor = p;
                // The board shows no row or column numbers: the cursor shows the tile, and
                // the words say it, counted from 1 as people count.
                self.message = format!(
                    "hint: the tile under the cursor is safe (row {}, column {} from the top left)",
                    p.row + 1,
                    p.col + 1
                );
            }
            None => {
                self.message =
                    "no tile is certainly safe: the odds are shown (p hides them)".into();
                self.odds = Some(a.probability);
            }
        }
    }

    fn play(&mut self, mv: Move) {
        if self.game.state().is_over() {
            return;
        }
        if self.started.is_none() && matches!(mv, Move::Open(_) | Move::Chord(_)) {
            self.started = Some(Instant::now());
        }
        // Positions come from the cursor or the board, so the move is always on it.
        let before = self.game.view().clone();
        let played = self.game.play(mv).is_ok();
        if let (true, Some(r)) = (played, self.recorder.as_mut()) {
            r.played(mv, &before);
        }
        // The odds shown were those of the board before the move.
        if self.odds.is_some() {
            self.odds = self.analysis().map(|a| a.probability);
        }
        if !self.game.state().is_over() {
            self.message.clear();
        }
        if self.game.state().is_over() {
            let time = self.started.map(|t| t.elapsed()).unwrap_or_default();
            self.finished = Some(time);
            self.message = self.end_message(time.as_secs_f64());
            if let Some(r) = self.recorder.as_mut() {
                match r.save_if_over(&self.game) {
                    Ok(Some(path)) => self.message += &format!("  Saved {}", path.display()),
                    Ok(None) => {}
                    Err(e) => self.message += &format!("  Cannot save the replay: {e}"),
                }
            }
        }
    }

    fn end_message(&mut self, secs: f64) -> String {
        if self.game.state() == GameState::Lost {
            return format!("Boom! You opened a mine after {secs:.1} s.  n: new game  q: quit");
        }
        let record = match self.record_name() {
            _ if self.helped => " (helped by the solver: no best time)".to_string(),
            Some(name) => {
                let previous = self.best.get(&name);
                if self.best.record(&name, secs) {
                    " A new best time!".to_string()
                } else {
                    format!(" Best: {:.1} s.", previous.unwrap_or(secs))
                }
            }
            None => String::new(),
        };
        let counters = self.game.stats(Some(secs)).map_or(String::new(), |st| {
            // A rate over a time that rounds to nothing says nothing.
            let rate = match st.three_bv_per_s {
                Some(r) if secs >= 0.5 => format!(" ({r:.2}/s)"),
                _ => String::new(),
            };
            format!(
                "  3BV {}{rate}, {}, IOE {:.2}.",
                st.three_bv,
                grid_core::words::count(st.clicks.total as u64, "click", "clicks"),
                st.ioe.unwrap_or(0.0)
            )
        });
        format!("You won in {secs:.1} s!{record}{counters}  n: new game  q: quit")
    }

    /// Where this game's best time is kept: its level, and apart from the classic games
    /// those whose boards differ in kind (no-guess boards, another first-click rule), so
    /// that easier games never stand beside harder ones. `None` for a custom board.
    fn record_name(&self) -> Option<String> {
        let level = self.game.setup().level()?;
        let rules = self.game.rules();
        let mut name = level.name().to_string();
        if rules.no_guess {
            name.push_str(" no-guess");
        }
        if rules.first_click != grid_core::mines_doc::FirstClick::Opening {
            name.push_str(&format!(" first-click {}", rules.first_click.name()));
        }
        Some(name)
    }

    fn new_game(&mut self) {
        let game = Game::new(self.game.setup(), self.game.rules(), self.next_seed())
            .expect("the setup was valid for the previous game");
        self.start(game);
    }

    /// Starts a new game with no-guess boards switched on or off, or says why it cannot.
    fn toggle_no_guess(&mut self) {
        let mut rules = self.game.rules();
        rules.no_guess = !rules.no_guess;
        match Game::new(self.game.setup(), rules, self.next_seed()) {
            Ok(game) => {
                self.start(game);
                let on = if rules.no_guess { "on" } else { "off" };
                self.message = format!("no-guess boards {on}");
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    /// The seed of the next game: the following one when the player chose a seed.
    fn next_seed(&self) -> u64 {
        if self.seeded {
            self.game.seed().wrapping_add(1)
        } else {
            Rng::fresh_seed()
        }
    }

    fn start(&mut self, game: Game) {
        if let Some(r) = self.recorder.as_mut() {
            r.restart();
        }
        *self = App {
            best: std::mem::take(&mut self.best),
            recorder: self.recorder.take(),
            ..App::new(game, self.seeded)
        };
    }

    fn seconds(&self) -> u64 {
        match (self.finished, self.started) {
            (Some(d), _) => d.as_secs(),
            (None, Some(t)) => t.elapsed().as_secs(),
            (None, None) => 0,
        }
    }

    fn draw(&self, out: &mut Stdout) -> io::Result<()> {
        let s = self.game.setup();
        let need = (2 * s.width as u16 + 3 + LEFT, s.height as u16 + TOP + 3);
        let (cols, rows) = terminal::size()?;
        queue!(
            out,
            terminal::Clear(terminal::ClearType::All),
            cursor::MoveTo(0, 0)
        )?;
        if cols < need.0 || rows < need.1 {
            let text = format!(
                "Terminal too small: this board needs {}x{}, the terminal is {cols}x{rows}. \
                 Enlarge it, or press q to quit.",
                need.0, need.1
            );
            // Wrapped at word breaks to the terminal's width, however narrow.
            for (row, line) in grid_render::caption::wrap(&text, cols.max(1) as usize)
                .iter()
                .enumerate()
            {
                queue!(out, cursor::MoveTo(0, row as u16), Print(line))?;
            }
            return out.flush();
        }
        let face = match self.game.state() {
            GameState::Won => "8)",
            GameState::Lost => "X(",
            _ => ":)",
        };
        let status = format!(
            "mines {:>3}   {}   time {:>3}{}",
            self.game.mines_left(),
            face.bold(),
            self.seconds().min(999),
            if self.game.rules().no_guess {
                "   no-guess"
            } else {
                ""
            }
        );
        queue!(out, cursor::MoveTo(LEFT, 0), Print(status))?;
        let inner = "─".repeat(2 * s.width + 1);
        queue!(
            out,
            cursor::MoveTo(LEFT - 1, TOP - 1),
            Print(format!("┌{inner}┐"))
        )?;
        for row in 0..s.height {
            let mut line = String::from("│ ");
            for col in 0..s.width {
                let p = Pos::new(row, col);
                let chance = self.odds.as_ref().and_then(|o| o[p]);
                let glyph = match chance {
                    Some(q) if self.game.view()[p] == Cell::Covered => odds_glyph(q),
                    _ => glyph(self.game.view()[p]),
                };
                if p == self.cursor && !self.game.state().is_over() {
                    line.push_str(&format!("{}", glyph.reversed()));
                } else {
                    line.push_str(&glyph);
                }
                line.push(' ');
            }
            line.push('│');
            queue!(out, cursor::MoveTo(LEFT - 1, TOP + row as u16), Print(line))?;
        }
        queue!(
            out,
            cursor::MoveTo(LEFT - 1, TOP + s.height as u16),
            Print(format!("└{inner}┘"))
        )?;
        let help = if !self.message.is_empty() {
            &self.message
        } else if self.odds.is_some() {
            "odds: S safe, M mine, ▁ to ▇ a low to a high chance of a mine  (p hides them)"
        } else {
            "arrows move  space open  f flag  ? mark  c chord  i hint  p odds  g no-guess  n new  q quit"
        };
        queue!(
            out,
            cursor::MoveTo(LEFT, TOP + s.height as u16 + 1),
            Print(help)
        )?;
        out.flush()
    }
}

/// The bars of a covered tile's chance of a mine, lowest first: glyphs no number looks like.
const ODDS_BARS: [char; 7] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇'];

/// A covered tile's chance of a mine: S certainly safe, M certainly a mine, else a bar as
/// high as the chance (a digit would read as a mine count).
fn odds_glyph(q: f64) -> String {
    if q <= 0.0 {
        format!("{}", 'S'.green().bold())
    } else if q >= 1.0 {
        format!("{}", 'M'.red().bold())
    } else {
        let step = ((q * ODDS_BARS.len() as f64) as usize).min(ODDS_BARS.len() - 1);
        format!("{}", ODDS_BARS[step].yellow())
    }
}

/// One tile, coloured as in the classic game.
fn glyph(cell: Cell) -> String {
    let (text, style) = match cell {
        Cell::Covered => ('■', Style::new().bright_black()),
        Cell::Flag => ('F', Style::new().bright_red().bold()),
        Cell::Question => ('?', Style::new().yellow()),
        Cell::Open(0) => (' ', Style::new()),
        Cell::Open(n) => ((b'0' + n) as char, grid_render::palette::number_style(n)),
        Cell::Mine => ('*', Style::new().bold()),
        Cell::Exploded => ('*', Style::new().white().on_red().bold()),
        Cell::WrongFlag => ('!', Style::new().bright_red().on_black()),
    };
    format!("{}", text.style(style))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::mines_doc::{FirstClick, Rules};
    use grid_mines::Level;

    fn app(no_guess: bool, first_click: FirstClick) -> App {
        let rules = Rules {
            first_click,
            no_guess,
        };
        App::new(Game::new(Level::Expert.setup(), rules, 1).unwrap(), true)
    }

    #[test]
    fn best_times_keep_easier_boards_apart() {
        assert_eq!(
            app(false, FirstClick::Opening).record_name().as_deref(),
            Some("expert")
        );
        assert_eq!(
            app(true, FirstClick::Opening).record_name().as_deref(),
            Some("expert no-guess")
        );
        assert_eq!(
            app(false, FirstClick::Safe).record_name().as_deref(),
            Some("expert first-click safe")
        );
    }

    #[test]
    fn a_hint_or_the_odds_mark_the_game_as_helped() {
        let mut a = app(false, FirstClick::Opening);
        assert!(!a.helped);
        a.play(Move::Open(Pos::new(3, 3)));
        a.hint();
        assert!(a.helped);
        let mut b = app(false, FirstClick::Opening);
        b.key(KeyEvent::from(KeyCode::Char('p')));
        assert!(b.helped);
    }
}

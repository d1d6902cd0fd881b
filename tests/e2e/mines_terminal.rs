//! The full-screen game, played through tmux.

use crate::harness::bin;
use crate::tmux::Tmux;

/// Rows of the board on the screen (between the borders).
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.trim_start().starts_with('│'))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn a_tile_opens_a_flag_appears_and_q_gives_the_terminal_back() {
    let Some(t) = Tmux::start("mines-play") else {
        return;
    };
    t.run(&format!("{} --seed 3; echo exit=$?", bin("mines")));
    let screen = t.wait_for("the board", |s| {
        s.contains("mines  10") && s.contains('┌') && s.contains('└')
    });
    assert_eq!(board_rows(&screen).len(), 9);
    assert!(
        board_rows(&screen)
            .iter()
            .all(|r| !r.contains(|c: char| c.is_ascii_digit()))
    );
    // The cursor starts in the middle; the first click opens an area there.
    t.keys(&["Space"]);
    let opened = t.wait_for("an opening", |s| {
        board_rows(s).iter().any(|r| r.contains('1'))
    });
    assert!(opened.contains("time"));
    // Walk to a covered tile at the top-left corner and flag it.
    t.keys(&["k", "k", "k", "k", "h", "h", "h", "h"]);
    t.keys(&["f"]);
    let flagged = t.wait_for("a flag", |s| s.contains("mines   9"));
    assert!(board_rows(&flagged)[0].starts_with("│ F"), "{flagged}");
    t.keys(&["q"]);
    let after = t.wait_for("the shell", |s| s.contains("exit=0"));
    assert!(!after.contains('┌'), "the game screen is gone:\n{after}");
}

#[test]
fn ctrl_c_quits_cleanly_and_a_small_terminal_gets_a_message() {
    // Expert needs 65 columns by 21 rows: a 40-column terminal is too small.
    let Some(t) = Tmux::start_sized("mines-ctrl-c", 40, 24) else {
        return;
    };
    t.run(&format!("{} --level expert; echo exit=$?", bin("mines")));
    let screen = t.wait_for("the message", |s| s.contains("Terminal too small"));
    assert!(screen.contains("press q"));
    // Wrapped at word breaks: every word of it whole on the 40 columns.
    for word in ["needs", "65x21,", "terminal", "40x24.", "Enlarge", "quit."] {
        assert!(screen.contains(word), "{word} cut:\n{screen}");
    }
    t.keys(&["C-c"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

#[test]
fn losing_shows_the_mines_and_n_starts_again() {
    let Some(t) = Tmux::start("mines-lose") else {
        return;
    };
    // With the "any" rule and every tile but one a mine, the first click loses.
    t.run(&format!(
        "{} --width 3 --height 3 --mines 8 --first-click any --seed 1; echo exit=$?",
        bin("mines")
    ));
    t.wait_for("the board", |s| s.contains('┌'));
    t.keys(&["Space"]);
    let lost = t.wait_for("the loss", |s| s.contains("Boom"));
    assert!(lost.contains("X("));
    assert!(board_rows(&lost).iter().any(|r| r.contains('*')));
    t.keys(&["n"]);
    let fresh = t.wait_for("a new game", |s| s.contains(":)") && !s.contains("Boom"));
    assert!(board_rows(&fresh).iter().all(|r| !r.contains('*')));
    t.keys(&["Escape"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

#[test]
fn the_mouse_opens_and_flags() {
    let Some(t) = Tmux::start("mines-mouse") else {
        return;
    };
    t.run(&format!("{} --seed 3; echo exit=$?", bin("mines")));
    t.wait_for("the board", |s| s.contains('┌'));
    // SGR mouse reports, as a terminal sends them: button;column;row, 1-based. The board's
    // tiles sit at columns 3, 5, 7... and rows 3, 4, 5... of the screen.
    let click = |button: u8, col: u16, row: u16| {
        t.keys(&["-l", &format!("\x1b[<{button};{col};{row}M")]);
        t.keys(&["-l", &format!("\x1b[<{button};{col};{row}m")]);
    };
    click(0, 11, 7); // left on tile (4, 4): the first click opens an area
    t.wait_for("an opening", |s| {
        board_rows(s).iter().any(|r| r.contains('1'))
    });
    // Seed 3 opened from the middle leaves the top-left corner covered.
    click(2, 3, 3); // right on tile (0, 0): a flag
    let screen = t.wait_for("a flag", |s| board_rows(s)[0].starts_with("│ F"));
    assert!(screen.contains("mines   9"));
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

#[test]
fn a_hint_and_the_odds_come_from_the_solver() {
    let Some(t) = Tmux::start("mines-hint") else {
        return;
    };
    t.run(&format!("{} --seed 3; echo exit=$?", bin("mines")));
    t.wait_for("the board", |s| s.contains('┌'));
    t.keys(&["Space"]);
    t.wait_for("an opening", |s| {
        board_rows(s).iter().any(|r| r.contains('1'))
    });
    // The odds replace the covered tiles: S for certainly safe, M for certain mines, tenths.
    t.keys(&["p"]);
    let odds = t.wait_for("the odds", |s| {
        board_rows(s).iter().all(|r| !r.contains('■'))
    });
    assert!(
        board_rows(&odds)
            .iter()
            .any(|r| r.contains('S') || r.contains('M')),
        "{odds}"
    );
    // A chance between is a bar, and the board's numbers are the only digits it shows: the
    // odds never read as mine counts.
    let bars = ['▁', '▂', '▃', '▄', '▅', '▆', '▇'];
    assert!(board_rows(&odds).iter().any(|r| r.contains(bars)), "{odds}");
    assert!(odds.contains("odds: S safe, M mine"), "the legend: {odds}");
    let digits = |s: &str| -> usize {
        board_rows(s)
            .iter()
            .map(|r| r.chars().filter(char::is_ascii_digit).count())
            .sum()
    };
    t.keys(&["p"]);
    let hidden = t.wait_for("the odds hidden", |s| {
        board_rows(s).iter().any(|r| r.contains('■'))
    });
    assert_eq!(digits(&odds), digits(&hidden), "{odds}");
    t.keys(&["i"]);
    t.wait_for("a hint", |s| {
        s.contains("hint: the tile under the cursor") || s.contains("no tile is certainly safe")
    });
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

#[test]
fn g_switches_to_no_guess_boards() {
    let Some(t) = Tmux::start("mines-noguess") else {
        return;
    };
    t.run(&format!(
        "{} --level intermediate --seed 3; echo exit=$?",
        bin("mines")
    ));
    t.wait_for("the board", |s| s.contains('┌'));
    t.keys(&["g"]);
    t.wait_for("no-guess on", |s| {
        s.contains("no-guess boards on") && s.lines().next().is_some_and(|l| l.contains("no-guess"))
    });
    t.keys(&["Space"]);
    t.wait_for("an opening", |s| {
        board_rows(s).iter().any(|r| r.contains('1'))
    });
    // On a no-guess board there is always a certainly safe tile to hint at.
    t.keys(&["i"]);
    t.wait_for("a safe hint", |s| {
        s.contains("hint: the tile under the cursor is safe (row")
    });
    t.keys(&["g"]);
    t.wait_for("no-guess off", |s| s.contains("no-guess boards off"));
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

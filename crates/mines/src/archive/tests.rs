use super::*;

fn game(file: &str, won: bool, time_ms: u32, rate: f64, ioe: f64) -> Game {
    Game {
        file: file.to_string(),
        won,
        time_ms,
        three_bv: 10,
        three_bv_per_s: Some(rate),
        ioe: Some(ioe),
        date: None,
    }
}

fn measured(player: &str, level: Level, g: Game) -> Measured {
    Measured {
        player: player.to_string(),
        level,
        game: g,
    }
}

fn sample() -> Vec<Measured> {
    let custom = Level::of(10, 10, 12);
    vec![
        measured("b", Level::Expert, game("x/3", true, 9000, 2.5, 0.8)),
        measured("a", Level::Expert, game("x/2", true, 8000, 3.0, 0.9)),
        measured("a", Level::Expert, game("x/1", true, 8000, 3.0, 0.7)),
        measured("a", Level::Expert, game("x/4", false, 1000, 9.0, 0.1)),
        measured("a", Level::Beginner, game("x/5", true, 2000, 4.0, 1.0)),
        measured("a", custom, game("x/6", false, 3000, 1.0, 0.5)),
    ]
}

#[test]
fn groups_go_by_player_then_level_whatever_the_order_read() {
    let s = Summary::new(None, sample(), 2);
    let mut reversed = sample();
    reversed.reverse();
    assert_eq!(s, Summary::new(None, reversed, 2));
    let keys: Vec<String> = s
        .groups
        .iter()
        .map(|g| format!("{} {}", g.player, g.level))
        .collect();
    assert_eq!(keys, ["a beginner", "a expert", "a 10x10/12", "b expert"]);
    assert_eq!((s.replays, s.skipped), (6, 2));
}

#[test]
fn figures_are_of_games_won_and_ties_go_to_the_first_file() {
    let s = Summary::new(None, sample(), 0);
    let g = &s.groups[1];
    assert_eq!((g.games, g.wins), (3, 2));
    let best = g.best_time.as_ref().unwrap();
    assert_eq!((best.time_ms, best.file.as_str()), (8000, "x/1"));
    let rate = g.best_three_bv_per_s.as_ref().unwrap();
    assert_eq!((rate.value, rate.file.as_str()), (3.0, "x/1"));
    assert_eq!(g.median_three_bv_per_s, Some(3.0));
    assert_eq!(g.mean_three_bv_per_s, Some(3.0));
    assert_eq!(g.best_ioe, Some(0.9));
    assert_eq!(g.median_ioe, Some(0.8));
    assert_eq!(g.replays[0].file, "x/1");
    let lost_only = &s.groups[2];
    assert_eq!((lost_only.wins, lost_only.best_time.clone()), (0, None));
    assert_eq!(lost_only.median_ioe, None);
}

#[test]
fn a_player_filter_leaves_the_others_out() {
    let s = Summary::new(Some("b".into()), sample(), 0);
    assert_eq!(s.groups.len(), 1);
    assert_eq!(s.replays, 1);
}

#[test]
fn parts_merge_into_the_whole() {
    let all = sample();
    let whole = Summary::new(None, all.clone(), 3);
    let (one, two): (Vec<_>, Vec<_>) = all.into_iter().partition(|m| m.game.file.as_str() < "x/4");
    let merged = Summary::merge(vec![Summary::new(None, two, 1), Summary::new(None, one, 2)]);
    assert_eq!(merged, Ok(whole));
}

#[test]
fn a_merge_refuses_figures_its_replays_do_not_give() {
    let good = Summary::new(None, sample(), 0);
    let mut wins = good.clone();
    wins.groups[1].wins = 4;
    assert_eq!(
        Summary::merge(vec![good.clone(), wins]),
        Err(MergeError::Figure {
            part: 1,
            group: 1,
            whose: format!("{}, {}", good.groups[1].player, good.groups[1].level),
            field: "wins"
        })
    );
    let mut time = good.clone();
    time.groups[1].best_time.as_mut().unwrap().time_ms = 7000;
    assert!(matches!(
        Summary::merge(vec![time]),
        Err(MergeError::Figure {
            field: "best_time",
            ..
        })
    ));
    let mut total = good.clone();
    total.replays = 99;
    assert!(matches!(
        Summary::merge(vec![total]),
        Err(MergeError::Total { found: 99, .. })
    ));
    let mut order = good.clone();
    order.groups.swap(0, 1);
    assert!(matches!(
        Summary::merge(vec![order]),
        Err(MergeError::Order { group: 1, .. })
    ));
}

#[test]
fn a_merge_refuses_other_filters_and_a_file_twice() {
    let all = Summary::new(None, sample(), 0);
    let filtered = Summary::new(Some("b".into()), sample(), 0);
    assert!(matches!(
        Summary::merge(vec![all.clone(), filtered]),
        Err(MergeError::OtherFilter { part: 1, .. })
    ));
    assert!(matches!(
        Summary::merge(vec![all.clone(), all]),
        Err(MergeError::Twice {
            part: 1,
            other: 0,
            ..
        })
    ));
}

#[test]
fn a_merge_words_the_filters_as_a_person_gave_them() {
    let all = Summary::new(None, sample(), 0);
    let filtered = Summary::new(Some("b".into()), sample(), 0);
    let e = Summary::merge(vec![all.clone(), filtered.clone()]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "made for player \"b\", the first summary for every player"
    );
    let e = Summary::merge(vec![filtered, all]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "made for every player, the first summary for player \"b\""
    );
}

#[test]
fn a_merge_tells_one_file_named_two_ways_by_its_identity() {
    let one = Summary::new(
        None,
        vec![measured(
            "a",
            Level::Expert,
            game("x/1", true, 8000, 3.0, 0.7),
        )],
        0,
    );
    let two = Summary::new(
        None,
        vec![measured(
            "a",
            Level::Expert,
            game("./x/1", true, 8000, 3.0, 0.7),
        )],
        0,
    );
    assert!(Summary::merge(vec![one.clone(), two.clone()]).is_ok());
    let same = |f: &str| f.trim_start_matches("./").to_owned();
    assert_eq!(
        Summary::merge_by(vec![one, two], same),
        Err(MergeError::Twice {
            part: 1,
            file: "./x/1".into(),
            other: 0,
            as_there: "x/1".into()
        })
    );
}

#[test]
fn a_player_is_matched_whatever_the_case() {
    let lower = Summary::new(Some("B".into()), sample(), 0);
    assert_eq!(lower.replays, 1);
    assert_eq!(lower.groups[0].player, "b");
    assert!(lower.check(0).is_ok());
    let all = Summary::new(None, sample(), 3);
    assert_eq!(all.players(), ["a", "b"]);
    assert_eq!(all.of_player("B"), lower_with_skipped(lower, 3));
}

fn lower_with_skipped(mut s: Summary, skipped: usize) -> Summary {
    s.skipped = skipped;
    s
}

#[test]
fn levels_read_back_as_written() {
    for level in [
        Level::Beginner,
        Level::Intermediate,
        Level::Expert,
        Level::of(36, 60, 300),
    ] {
        assert_eq!(level.to_string().parse(), Ok(level));
    }
    assert!("30x16/99".parse::<Level>().is_err());
    assert!("huge".parse::<Level>().is_err());
    assert_eq!(Level::of(9, 9, 10), Level::Beginner);
}

/// The first and last dates are the earliest and latest times, whatever their clocks: a
/// whole second with `Z` is earlier than half a second past it without, though it sorts
/// after it as text.
#[test]
fn first_and_last_dates_go_by_time_not_text() {
    let dated = |file: &str, date: Option<&str>| Game {
        date: date.map(str::to_string),
        ..game(file, true, 1000, 1.0, 1.0)
    };
    let games = vec![
        dated("x/1", Some("2024-01-01T10:00:00Z")),
        dated("x/2", Some("2024-01-01T10:00:00.500")),
        dated("x/3", None),
        dated("x/4", Some("2023-12-31T23:59:59.999")),
    ];
    let g = Group::new("a".into(), Level::Expert, games);
    assert_eq!(g.first_date.as_deref(), Some("2023-12-31T23:59:59.999"));
    assert_eq!(g.last_date.as_deref(), Some("2024-01-01T10:00:00.500"));
}

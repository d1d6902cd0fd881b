//! Where an axis puts its ticks: at round numbers (1, 2 or 5 times a power of ten) for
//! figures, at the turn of a year, a month, a day or an hour for dates, whichever gives about
//! as many ticks as the axis has room for.

use chrono::{DateTime, Datelike, Months, NaiveDate, NaiveDateTime, TimeDelta, Timelike};

/// An axis: the range it spans and its ticks, each with its label.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub lo: f64,
    pub hi: f64,
    pub ticks: Vec<(f64, String)>,
}

impl Axis {
    /// Where `value` falls along the axis, from 0 (at `lo`) to 1 (at `hi`).
    pub fn fraction(&self, value: f64) -> f64 {
        (value - self.lo) / (self.hi - self.lo)
    }
}

/// A round step near `rough`: 1, 2 or 5 times a power of ten.
fn round_step(rough: f64) -> f64 {
    let power = 10f64.powf(rough.log10().floor());
    let mantissa = rough / power;
    let m = if mantissa <= 1.0 {
        1.0
    } else if mantissa <= 2.0 {
        2.0
    } else if mantissa <= 5.0 {
        5.0
    } else {
        10.0
    };
    m * power
}

/// An axis of figures from `lo` to `hi` (widened to the round steps around them) with about
/// `count` ticks. A range of one value is widened around it, so that one game still has an
/// axis.
pub fn numbers(lo: f64, hi: f64, count: usize) -> Axis {
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else if lo == 0.0 {
        (0.0, 1.0)
    } else {
        let pad = lo.abs() / 10.0;
        (lo - pad, hi + pad)
    };
    let step = round_step((hi - lo) / count.max(1) as f64);
    let first = (lo / step).floor() as i64;
    let last = (hi / step).ceil() as i64;
    // Decimals enough to tell the ticks apart (0 for steps of 1 and above).
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    let ticks = (first..=last)
        .map(|k| {
            let v = k as f64 * step;
            (v, format!("{v:.decimals$}"))
        })
        .collect();
    Axis {
        lo: first as f64 * step,
        hi: last as f64 * step,
        ticks,
    }
}

/// An axis of counts from 0 to `hi`, its ticks whole numbers.
pub fn counts(hi: usize, count: usize) -> Axis {
    if hi < count {
        let hi = hi.max(1);
        let ticks = (0..=hi).map(|v| (v as f64, v.to_string())).collect();
        return Axis {
            lo: 0.0,
            hi: hi as f64,
            ticks,
        };
    }
    numbers(0.0, hi as f64, count)
}

/// A time as seconds since 1970 on its own clock, the position of a date along an axis.
pub fn seconds(at: NaiveDateTime) -> f64 {
    at.and_utc().timestamp() as f64 + f64::from(at.nanosecond()) / 1e9
}

fn moment(s: f64) -> NaiveDateTime {
    DateTime::from_timestamp(s.floor() as i64, 0)
        .map(|d| d.naive_utc())
        .unwrap_or_default()
}

/// A step between date ticks: in months (a year is 12) or in seconds.
#[derive(Debug, Clone, Copy)]
enum DateStep {
    Months(u32),
    Seconds(i64),
}

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// The steps a date axis may take, from the shortest, each with its length in seconds (a
/// month counted as 30.44 days) and the form of its labels.
const DATE_STEPS: &[(DateStep, f64, &str)] = &[
    (DateStep::Seconds(HOUR), HOUR as f64, "%Y-%m-%d %H:%M"),
    (
        DateStep::Seconds(3 * HOUR),
        3.0 * HOUR as f64,
        "%Y-%m-%d %H:%M",
    ),
    (
        DateStep::Seconds(6 * HOUR),
        6.0 * HOUR as f64,
        "%Y-%m-%d %H:%M",
    ),
    (DateStep::Seconds(DAY), DAY as f64, "%Y-%m-%d"),
    (DateStep::Seconds(2 * DAY), 2.0 * DAY as f64, "%Y-%m-%d"),
    (DateStep::Seconds(7 * DAY), 7.0 * DAY as f64, "%Y-%m-%d"),
    (DateStep::Months(1), 30.44 * DAY as f64, "%Y-%m"),
    (DateStep::Months(3), 91.3 * DAY as f64, "%Y-%m"),
    (DateStep::Months(6), 182.6 * DAY as f64, "%Y-%m"),
    (DateStep::Months(12), 365.25 * DAY as f64, "%Y"),
    (DateStep::Months(24), 730.5 * DAY as f64, "%Y"),
    (DateStep::Months(60), 1826.0 * DAY as f64, "%Y"),
    (DateStep::Months(120), 3652.0 * DAY as f64, "%Y"),
];

/// A date axis from `lo` to `hi` (seconds, [`seconds`]) with about `count` ticks at whole
/// hours, days, weeks, months or years, as the span needs: labelled `2024`, `2024-03`,
/// `2024-03-05` or `2024-03-05 14:00` (the year on every label: a span of hours still says
/// which year it is). A span of one moment is widened to the day around it.
pub fn dates(lo: f64, hi: f64, count: usize) -> Axis {
    let (lo, hi) = if hi - lo >= 60.0 {
        (lo, hi)
    } else {
        (lo - DAY as f64 / 2.0, hi + DAY as f64 / 2.0)
    };
    let rough = (hi - lo) / count.max(1) as f64;
    let &(step, _, form) = DATE_STEPS
        .iter()
        .find(|(_, length, _)| *length >= rough)
        .unwrap_or(&DATE_STEPS[DATE_STEPS.len() - 1]);
    let mut at = floor(moment(lo), step);
    let mut ticks = Vec::new();
    let axis_lo = seconds(at);
    loop {
        let s = seconds(at);
        ticks.push((s, at.format(form).to_string()));
        if s >= hi {
            break;
        }
        at = match step {
            DateStep::Months(m) => at.checked_add_months(Months::new(m)),
            DateStep::Seconds(n) => at.checked_add_signed(TimeDelta::seconds(n)),
        }
        .unwrap_or(at);
        if ticks.len() > 4 * count + 8 {
            break;
        }
    }
    let axis_hi = ticks.last().map_or(hi, |t| t.0);
    Axis {
        lo: axis_lo,
        hi: axis_hi,
        ticks,
    }
}

/// The last turn of a step at or before `at`: the start of its year (a multiple of the
/// step's years), month, week (a Monday), day or hour.
fn floor(at: NaiveDateTime, step: DateStep) -> NaiveDateTime {
    let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0).unwrap_or_default();
    match step {
        DateStep::Months(m) if m >= 12 => {
            let years = (m / 12) as i32;
            let year = at.year().div_euclid(years) * years;
            midnight(NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or_default())
        }
        DateStep::Months(m) => {
            let month0 = (at.month0() / m) * m;
            midnight(NaiveDate::from_ymd_opt(at.year(), month0 + 1, 1).unwrap_or_default())
        }
        DateStep::Seconds(n) if n == 7 * DAY => {
            let back = at.weekday().num_days_from_monday();
            midnight(at.date() - TimeDelta::days(back.into()))
        }
        DateStep::Seconds(n) if n >= DAY => midnight(at.date()),
        DateStep::Seconds(n) => {
            let hours = n / HOUR;
            let hour = (i64::from(at.hour()) / hours * hours) as u32;
            at.date().and_hms_opt(hour, 0, 0).unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> f64 {
        seconds(NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").unwrap())
    }

    #[test]
    fn number_ticks_fall_on_round_steps_around_the_range() {
        let axis = numbers(0.3, 3.7, 8);
        let labels: Vec<&str> = axis.ticks.iter().map(|t| t.1.as_str()).collect();
        assert_eq!(
            labels,
            [
                "0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "4.0"
            ]
        );
        assert_eq!((axis.lo, axis.hi), (0.0, 4.0));
        let wide = numbers(0.0, 1021.0, 6);
        assert_eq!(wide.ticks[1].1, "200");
    }

    #[test]
    fn counts_are_whole() {
        let few = counts(2, 5);
        let labels: Vec<&str> = few.ticks.iter().map(|t| t.1.as_str()).collect();
        assert_eq!(labels, ["0", "1", "2"]);
        assert_eq!(counts(0, 5).hi, 1.0);
        assert!(counts(4512, 5).ticks.iter().all(|t| t.0.fract() == 0.0));
    }

    #[test]
    fn one_value_gets_an_axis_around_it() {
        let axis = numbers(2.5, 2.5, 5);
        assert!(axis.lo < 2.5 && axis.hi > 2.5, "{axis:?}");
        let zero = numbers(0.0, 0.0, 5);
        assert_eq!((zero.lo, zero.hi), (0.0, 1.0));
    }

    #[test]
    fn date_ticks_take_years_months_or_days_as_the_span_needs() {
        let years = dates(at("2008-01-26T00:40:32"), at("2026-06-29T08:03:34"), 8);
        assert_eq!(years.ticks[0].1, "2005");
        assert!(years.ticks.iter().all(|t| t.1.len() == 4), "{years:?}");
        let months = dates(at("2024-08-10T18:06:28"), at("2025-02-18T17:13:38"), 8);
        assert_eq!(months.ticks[0].1, "2024-08");
        let days = dates(at("2026-01-03T15:47:34"), at("2026-01-09T17:09:22"), 6);
        assert_eq!(days.ticks[0].1, "2026-01-03");
        let one = dates(at("2026-01-03T15:47:34"), at("2026-01-03T15:47:34"), 6);
        assert!(one.lo < at("2026-01-03T15:47:34") && one.hi > at("2026-01-03T15:47:34"));
        assert!(one.ticks[0].1.contains(':'), "{one:?}");
    }
}

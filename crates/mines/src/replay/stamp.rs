//! When a game was played, as its file records it: a start and an end, each on a clock whose
//! zone the file may or may not say. Metasweeper's and Viennasweeper's files store Unix times
//! (UTC); Arbiter and Minesweeper Clone store their machine's calendar and clock, with no
//! zone, and their stamps are kept that way rather than guessed into UTC.

use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeDelta};

/// A moment on the recording's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub at: NaiveDateTime,
    pub zone: Zone,
}

/// Whose clock a stamp was read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// A Unix time: UTC.
    Utc,
    /// The player's machine's clock, its zone not recorded.
    Local,
}

impl Zone {
    /// The clock a program records: Arbiter's and Minesweeper Clone's (`0.97 beta`) are
    /// their machine's, and an EVF converted from their files counts that clock as if UTC;
    /// the others record Unix times.
    pub fn of_software(software: &str) -> Zone {
        match software {
            "Arbiter" | "0.97 beta" => Zone::Local,
            _ => Zone::Utc,
        }
    }
}

/// The start and the end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub start: Stamp,
    pub end: Stamp,
}

/// ISO 8601's form, without a zone; the fraction of a second in 3, 6 or 9 digits as needed.
const ISO: &str = "%Y-%m-%dT%H:%M:%S%.f";

impl Stamp {
    /// The Unix time `micros` (microseconds since 1970), `None` past chrono's years.
    pub fn unix_micros(micros: i64) -> Option<Stamp> {
        DateTime::from_timestamp_micros(micros).map(|d| Stamp {
            at: d.naive_utc(),
            zone: Zone::Utc,
        })
    }

    /// ISO 8601: `2024-08-10T18:06:28.971031Z` on a UTC clock, no `Z` on a local one.
    pub fn iso(&self) -> String {
        let text = self.at.format(ISO).to_string();
        match self.zone {
            Zone::Utc => text + "Z",
            Zone::Local => text,
        }
    }

    /// Reads what [`Stamp::iso`] writes.
    pub fn parse_iso(text: &str) -> Option<Stamp> {
        let (text, zone) = match text.strip_suffix('Z') {
            Some(t) => (t, Zone::Utc),
            None => (text, Zone::Local),
        };
        let at = NaiveDateTime::parse_from_str(text, ISO).ok()?;
        Some(Stamp { at, zone })
    }

    /// Microseconds since 1970 as ms-toollib counts them: a local clock read as if UTC.
    pub fn micros(&self) -> i64 {
        self.at.and_utc().timestamp_micros()
    }
}

impl Played {
    /// A game started at `start` and lasting `time_ms`: where a file records only the start.
    pub fn lasting(start: Stamp, time_ms: u32) -> Played {
        let end = Stamp {
            at: start.at + TimeDelta::milliseconds(time_ms.into()),
            zone: start.zone,
        };
        Played { start, end }
    }

    /// Two Unix times in microseconds, as EVF 4 and Metasweeper's older EVF store them, on
    /// `zone`'s clock.
    pub fn unix_micros(start: i64, end: i64, zone: Zone) -> Option<Played> {
        let on = |micros| Stamp::unix_micros(micros).map(|s| Stamp { zone, ..s });
        Some(Played {
            start: on(start)?,
            end: on(end)?,
        })
    }

    /// Arbiter's stamps, such as `18.10.2022.20:15:35:6606` and `18.20:16:24:8868`: day,
    /// month, year, hours, minutes, seconds, then digits whose first is not understood and
    /// whose others are milliseconds (as ms-toollib reads them). The end gives only its
    /// day: in the start's month, or the next when the day is smaller. `None` when either
    /// is not in this form.
    pub fn arbiter(start: &str, end: &str) -> Option<Played> {
        let numbers = |text: &str| -> Option<Vec<u32>> {
            let parts: Vec<&str> = text.split(['.', ':']).collect();
            let (fraction, whole) = parts.split_last()?;
            let mut numbers: Vec<u32> = whole
                .iter()
                .map(|p| p.parse().ok())
                .collect::<Option<_>>()?;
            numbers.push(fraction.get(1..)?.parse().ok()?);
            Some(numbers)
        };
        let (s, e) = (numbers(start)?, numbers(end)?);
        let [day, month, year, hour, minute, second, ms] = s[..] else {
            return None;
        };
        let [end_day, end_hour, end_minute, end_second, end_ms] = e[..] else {
            return None;
        };
        let (mut end_month, mut end_year) = (month, year);
        if end_day < day {
            end_month += 1;
            if end_month == 13 {
                (end_month, end_year) = (1, year + 1);
            }
        }
        let local = |(y, mo, d, h, mi, s, ms): (u32, u32, u32, u32, u32, u32, u32)| {
            let at = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, mo, d)?
                .and_hms_opt(h, mi, s)?
                + TimeDelta::milliseconds(ms.into());
            Some(Stamp {
                at,
                zone: Zone::Local,
            })
        };
        Some(Played {
            start: local((year, month, day, hour, minute, second, ms))?,
            end: local((
                end_year, end_month, end_day, end_hour, end_minute, end_second, end_ms,
            ))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ms-toollib's figures for the expert high score's header.
    #[test]
    fn arbiters_stamps_read_as_ms_toollib_reads_them() {
        let p = Played::arbiter("18.10.2022.20:15:35:6606", "18.20:16:24:8868").unwrap();
        assert_eq!(p.start.micros(), 1_666_124_135_606_000);
        assert_eq!(p.end.micros(), 1_666_124_184_868_000);
        assert_eq!(p.start.iso(), "2022-10-18T20:15:35.606");
        let custom = Played::arbiter("3.9.2025.17:00:08:6660", "3.17:00:14:081").unwrap();
        assert_eq!(custom.end.micros(), 1_756_918_814_081_000);
    }

    /// A game over midnight at the end of a year ends in the next.
    #[test]
    fn an_end_on_a_smaller_day_is_in_the_next_month() {
        let p = Played::arbiter("31.12.2022.23:59:59:1000", "1.00:00:01:1000").unwrap();
        assert_eq!(p.end.iso(), "2023-01-01T00:00:01");
    }

    /// A stamp not in Arbiter's form is no stamp, not an error.
    #[test]
    fn a_stamp_in_another_form_gives_none() {
        for (s, e) in [
            ("", ""),
            ("18.10.2022", "18.20:16:24:8868"),
            ("31.2.2022.20:15:35:6606", "31.20:16:24:8868"),
            ("18.10.2022.20:15:35:", "18.20:16:24:8868"),
        ] {
            assert_eq!(Played::arbiter(s, e), None, "{s:?} {e:?}");
        }
    }

    #[test]
    fn iso_reads_back() {
        let utc = Stamp::unix_micros(1_723_313_188_971_031).unwrap();
        assert_eq!(utc.iso(), "2024-08-10T18:06:28.971031Z");
        assert_eq!(Stamp::parse_iso(&utc.iso()), Some(utc));
        let local = Played::lasting(utc, 1500).end;
        assert_eq!(local.micros(), 1_723_313_190_471_031);
    }
}

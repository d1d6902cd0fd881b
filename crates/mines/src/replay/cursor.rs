//! A cursor over a replay's bytes that knows its offset, so that every error names the byte
//! where the file went wrong.

use super::{Malformed, ReplayError};

/// Reads big-endian integers and strings from a replay, front to back.
pub(crate) struct ByteCursor<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> ByteCursor<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        ByteCursor { data, at: 0 }
    }

    /// The offset of the next byte.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// An error at the current offset.
    pub fn error(&self, problem: Malformed) -> ReplayError {
        ReplayError::at_byte(self.at, problem)
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], ReplayError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.data.len())
            .ok_or_else(|| ReplayError::at_byte(self.data.len(), Malformed::Truncated))?;
        let slice = &self.data[self.at..end];
        self.at = end;
        Ok(slice)
    }

    pub fn skip(&mut self, n: usize) -> Result<(), ReplayError> {
        self.take(n).map(|_| ())
    }

    pub fn u8(&mut self) -> Result<u8, ReplayError> {
        Ok(self.take(1)?[0])
    }

    pub fn u16(&mut self) -> Result<u16, ReplayError> {
        let b = self.take(2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    pub fn i16(&mut self) -> Result<i16, ReplayError> {
        let b = self.take(2)?;
        Ok(i16::from_be_bytes([b[0], b[1]]))
    }

    pub fn u24(&mut self) -> Result<u32, ReplayError> {
        let b = self.take(3)?;
        Ok(u32::from_be_bytes([0, b[0], b[1], b[2]]))
    }

    pub fn u32(&mut self) -> Result<u32, ReplayError> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn u64(&mut self) -> Result<u64, ReplayError> {
        let b = self.take(8)?;
        Ok(u64::from_be_bytes(b.try_into().expect("eight bytes")))
    }

    /// The bytes up to (not including) `end`, which is consumed.
    pub fn until(&mut self, end: u8) -> Result<&'a [u8], ReplayError> {
        let rest = &self.data[self.at.min(self.data.len())..];
        let n = rest
            .iter()
            .position(|&b| b == end)
            .ok_or_else(|| ReplayError::at_byte(self.data.len(), Malformed::UnendedText))?;
        let text = &rest[..n];
        self.at += n + 1;
        Ok(text)
    }

    /// A text field ending in a zero byte.
    pub fn c_string(&mut self) -> Result<String, ReplayError> {
        Ok(text(self.until(0)?))
    }
}

/// Text in an unstated encoding, as players' names in older replays are: UTF-8 when it is
/// valid UTF-8, else GB18030 (the Chinese clones') when that decodes cleanly, else
/// Windows-1252, which decodes any byte.
pub(crate) fn text(bytes: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_owned();
    }
    let (gb, _, gb_errors) = encoding_rs::GB18030.decode(bytes);
    if !gb_errors {
        return gb.into_owned();
    }
    encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned()
}

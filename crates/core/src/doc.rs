//! The grid document of docs/format.md: a JSON object with a `kind`, a `version` and fields that
//! depend on the kind.
//!
//! A [`Document`] keeps every field it was given, in order, including the ones no tool of
//! ours knows: docs/format.md promises that a tool passing a document on keeps what it does not
//! understand. The typed views of each kind (such as [`crate::maze_doc::MazeDoc`]) are read
//! from it and written back into it.
//!
//! Each field is kept as its JSON text, checked but not built into a tree: a tree of a
//! maze's carving order takes eight times the memory of its text, and a field that a tool
//! only passes on never needs one. A field is parsed when a typed view asks for it.

use crate::error::{Error, Result};
use crate::grid::Grid;
use serde::Serialize;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::fmt;
use std::io::Write;

/// The only version of the format there is.
pub const FORMAT_VERSION: u64 = 1;

/// The largest grid, in tiles, that any tool reads or writes: 2^30 tiles is a gigabyte of
/// document text, well past any puzzle, and far from exhausting the memory of a laptop.
pub const MAX_TILES: usize = 1 << 30;

/// What a document describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Maze,
    Mines,
    Nonogram,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Maze, Kind::Mines, Kind::Nonogram];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Maze => "maze",
            Kind::Mines => "mines",
            Kind::Nonogram => "nonogram",
        }
    }

    fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One grid document: its kind, and all its fields in their order, each as its JSON text.
#[derive(Debug, Clone)]
pub struct Document {
    kind: Kind,
    fields: Fields,
}

impl PartialEq for Document {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind
            && self.fields.0.len() == other.fields.0.len()
            && self
                .fields
                .0
                .iter()
                .zip(&other.fields.0)
                .all(|((a, x), (b, y))| a == b && x.get() == y.get())
    }
}

/// A JSON object's members in order, each value as its text; a repeated name keeps its first
/// place and its last value, as a JSON object read into a map does.
#[derive(Debug, Clone, Default)]
struct Fields(Vec<(String, Box<RawValue>)>);

impl Fields {
    fn get(&self, name: &str) -> Option<&RawValue> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| &**v)
    }

    fn insert(&mut self, name: &str, value: Box<RawValue>) {
        match self.0.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value,
            None => self.0.push((name.to_string(), value)),
        }
    }

    fn remove(&mut self, name: &str) -> Option<Box<RawValue>> {
        let i = self.0.iter().position(|(k, _)| k == name)?;
        Some(self.0.remove(i).1)
    }

    /// The fields as a JSON tree, for pretty printing.
    fn to_tree(&self) -> Result<Map<String, Value>> {
        self.0
            .iter()
            .map(|(k, v)| Ok((k.clone(), tree_of(k, v)?)))
            .collect()
    }
}

impl<'de> serde::Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Members;
        impl<'de> Visitor<'de> for Members {
            type Value = Fields;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object (a grid document)")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Fields, A::Error> {
                let mut fields = Fields::default();
                while let Some((name, value)) = map.next_entry::<String, Box<RawValue>>()? {
                    let value = one_line(value).map_err(serde::de::Error::custom)?;
                    fields.insert(&name, value);
                }
                Ok(fields)
            }
        }
        d.deserialize_map(Members)
    }
}

/// A value's text on one line: a pretty-printed input's values hold line breaks, which a
/// compact document passed on must not.
fn one_line(value: Box<RawValue>) -> std::result::Result<Box<RawValue>, serde_json::Error> {
    if !value.get().contains(['\n', '\r']) {
        return Ok(value);
    }
    let tree: Value = serde_json::from_str(value.get())?;
    serde_json::value::to_raw_value(&tree)
}

/// A kept field as a JSON tree. Its text is valid JSON, but a tree has limits the text has
/// not (numbers beyond a double, nesting deeper than 128), and those are errors naming the
/// field.
fn tree_of(name: &str, value: &RawValue) -> Result<Value> {
    serde_json::from_str(value.get())
        .map_err(|e| Error::input(format!("field `{name}`: {}", describe_value_error(&e))))
}

/// A value as JSON text.
fn raw(value: impl Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(&value).expect("document values serialize to JSON")
}

impl Document {
    /// A new document of `kind`, with `kind` and `version` as its first fields.
    pub fn new(kind: Kind) -> Self {
        let mut fields = Fields::default();
        fields.insert("kind", raw(kind.name()));
        fields.insert("version", raw(FORMAT_VERSION));
        Document { kind, fields }
    }

    /// Parses one document and checks its `kind` and `version`.
    pub fn from_json(text: &str) -> Result<Self> {
        let syntax = |e: serde_json::Error| {
            let (line, column) = json_position(text, &e);
            let err = Error::input(format!(
                "malformed JSON: {} (column {column})",
                json_message(&e)
            ));
            // A document cut short is named by the line it starts on; any other syntax error
            // by its own line.
            match e.classify() {
                serde_json::error::Category::Eof => err,
                _ => err.at_line(line),
            }
        };
        let start = text.trim_start_matches([' ', '\t', '\n', '\r']);
        if !start.starts_with('{') {
            // Not an object: say what it is, once it is known to be JSON at all.
            serde_json::from_str::<serde::de::IgnoredAny>(text).map_err(syntax)?;
            return Err(Error::input(format!(
                "expected a JSON object (a grid document), found {}",
                type_of_text(start)
            )));
        }
        let fields: Fields = serde_json::from_str(text).map_err(syntax)?;
        Self::from_fields(fields)
    }

    /// Checks a parsed JSON value is a document of a known kind and version.
    pub fn from_value(value: Value) -> Result<Self> {
        let Value::Object(map) = value else {
            return Err(Error::input(format!(
                "expected a JSON object (a grid document), found {}",
                type_name(&value)
            )));
        };
        let mut fields = Fields::default();
        for (k, v) in map {
            fields.insert(&k, raw(v));
        }
        Self::from_fields(fields)
    }

    fn from_fields(fields: Fields) -> Result<Self> {
        let small = |name: &str| -> Result<Option<Value>> {
            fields.get(name).map(|v| tree_of(name, v)).transpose()
        };
        let kind = match small("kind")? {
            None => return Err(no_kind(&fields)),
            Some(Value::String(s)) => Kind::parse(&s).ok_or_else(|| {
                Error::input(format!(
                    "field `kind`: unknown kind \"{}\" (expected \"maze\", \"mines\" or \"nonogram\")",
                    crate::error::quote(&s)
                ))
            })?,
            Some(other) => {
                return Err(Error::input(format!(
                    "field `kind`: expected a string, found {}",
                    type_name(&other)
                )));
            }
        };
        match small("version")? {
            None => return Err(Error::input("field `version`: missing")),
            Some(v) if v.as_u64() == Some(FORMAT_VERSION) => {}
            Some(v) => {
                let shown = crate::error::quote(&v.to_string());
                return Err(Error::input(format!(
                    "field `version`: unsupported version {shown} (this tool reads version {FORMAT_VERSION})"
                )));
            }
        }
        Ok(Document { kind, fields })
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The JSON text of a field.
    pub fn raw(&self, name: &str) -> Option<&RawValue> {
        self.fields.get(name)
    }

    /// Whether a field is present and not null.
    pub fn has(&self, name: &str) -> bool {
        self.fields.get(name).is_some_and(|v| v.get() != "null")
    }

    /// The names of the fields, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.fields.0.iter().map(|(k, _)| k.as_str())
    }

    /// Reads a field as `T`; `Ok(None)` when it is absent or null, an error naming the field
    /// when it has the wrong shape.
    pub fn field<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>> {
        match self.fields.get(name) {
            None => Ok(None),
            Some(v) if v.get() == "null" => Ok(None),
            Some(v) => serde_json::from_str(v.get())
                .map(Some)
                .map_err(|e| Error::input(format!("field `{name}`: {}", describe_value_error(&e)))),
        }
    }

    /// A field as a JSON tree: for small fields whose shape a reader checks itself.
    pub fn value(&self, name: &str) -> Result<Option<Value>> {
        self.fields.get(name).map(|v| tree_of(name, v)).transpose()
    }

    /// Reads a field that must be present.
    pub fn required<T: DeserializeOwned>(&self, name: &str) -> Result<T> {
        self.field(name)?
            .ok_or_else(|| Error::input(format!("field `{name}`: missing")))
    }

    /// Sets a field, keeping its place if it was there, appending it otherwise.
    pub fn set(&mut self, name: &str, value: impl Serialize) {
        self.fields.insert(name, raw(value));
    }

    pub fn set_value(&mut self, name: &str, value: Value) {
        self.fields.insert(name, raw(value));
    }

    /// Sets a field whose value is an object without losing what the document had there: the
    /// members `value` names are set (objects within objects merged the same way), the others
    /// kept. A tool that knows some of an object's members passes the rest on unchanged.
    pub fn merge(&mut self, name: &str, value: impl Serialize) {
        let new = serde_json::to_value(value).expect("document values serialize to JSON");
        match self.value(name) {
            Ok(Some(mut old)) => {
                merge_into(&mut old, new);
                self.set_value(name, old);
            }
            // Absent, or beyond what a tree holds (nesting deeper than 128, numbers beyond a
            // double): the new value stands alone.
            Ok(None) | Err(_) => self.set_value(name, new),
        }
    }

    /// Takes a field out; its JSON text, if it was there.
    pub fn remove(&mut self, name: &str) -> Option<Box<RawValue>> {
        self.fields.remove(name)
    }

    /// A field of `meta`, the free-form provenance object.
    pub fn meta_field<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>> {
        match self.value("meta")? {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(meta)) => match meta.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => T::deserialize(v).map(Some).map_err(|e| {
                    Error::input(format!("field `meta.{name}`: {}", describe_value_error(&e)))
                }),
            },
            Some(other) => Err(Error::input(format!(
                "field `meta`: expected an object, found {}",
                type_name(&other)
            ))),
        }
    }

    /// The grid as bytes, checked against `width` and `height`: `Ok(None)` when the document
    /// has no `grid`. Every character must be ASCII; which ones are allowed is the kind's
    /// business.
    pub fn grid_bytes(&self) -> Result<Option<Grid<u8>>> {
        let Some(raw) = self.fields.get("grid") else {
            return Ok(None);
        };
        let width: usize = self.required("width")?;
        let height: usize = self.required("height")?;
        if width == 0 || height == 0 {
            return Err(Error::input(format!(
                "fields `width` and `height`: a grid must be at least 1x1, found {width}x{height}"
            )));
        }
        if width.checked_mul(height).is_none_or(|n| n > MAX_TILES) {
            return Err(Error::input(format!(
                "fields `width` and `height`: {width}x{height} tiles is more than the limit of {MAX_TILES}"
            )));
        }
        // Rows without escapes are read in place, with no copy of the grid's text; anything
        // else (escapes, or the wrong shape, which the messages below name) as a tree.
        let borrowed: Option<Vec<&str>> = serde_json::from_str(raw.get()).ok();
        let tree;
        let rows: Vec<&str> = match borrowed {
            Some(rows) => rows,
            None => {
                tree = tree_of("grid", raw)?;
                let rows = tree
                    .as_array()
                    .ok_or_else(|| Error::input("field `grid`: expected an array of strings"))?;
                let mut texts = Vec::with_capacity(rows.len());
                for (r, row) in rows.iter().enumerate() {
                    texts.push(row.as_str().ok_or_else(|| {
                        Error::input(format!(
                            "field `grid`: row {r} is {}, expected a string",
                            type_name(row)
                        ))
                    })?);
                }
                texts
            }
        };
        if rows.len() != height {
            return Err(Error::input(format!(
                "field `grid`: {} rows, but `height` is {height}",
                rows.len()
            )));
        }
        let mut cells = Vec::with_capacity(width * height);
        for (r, s) in rows.iter().enumerate() {
            if let Some(c) = s.find(|c: char| !c.is_ascii()) {
                let ch = s[c..].chars().next().unwrap_or('?');
                return Err(Error::input(format!(
                    "field `grid`: row {r} has the non-ASCII character {ch:?}"
                )));
            }
            if s.len() != width {
                return Err(Error::input(format!(
                    "field `grid`: row {r} has {}, but `width` is {width}",
                    crate::words::count(s.len() as u64, "character", "characters")
                )));
            }
            cells.extend_from_slice(s.as_bytes());
        }
        Ok(Grid::from_vec(width, height, cells))
    }

    /// Writes `grid`, `width` and `height` from a grid, one ASCII character a cell.
    pub fn set_grid<T>(&mut self, grid: &Grid<T>, to_char: impl Fn(&T) -> u8) {
        self.set("width", grid.width());
        self.set("height", grid.height());
        self.set("grid", grid.text_rows(to_char));
    }

    /// Writes the document as one compact line (or pretty, on request), newline included.
    pub fn write_to(&self, out: &mut impl Write, pretty: bool) -> Result<()> {
        if pretty {
            serde_json::to_writer_pretty(&mut *out, &self.fields.to_tree()?)?;
            out.write_all(b"\n")?;
            return Ok(());
        }
        self.write_compact(out, |_, _| Ok(false))
    }

    /// Writes the fields as one compact line, each as its text unless `instead` writes it.
    fn write_compact(
        &self,
        out: &mut impl Write,
        mut instead: impl FnMut(&str, &mut dyn Write) -> Result<bool>,
    ) -> Result<()> {
        out.write_all(b"{")?;
        for (i, (key, value)) in self.fields.0.iter().enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            serde_json::to_writer(&mut *out, key)?;
            out.write_all(b":")?;
            if !instead(key, out)? {
                out.write_all(value.get().as_bytes())?;
            }
        }
        out.write_all(b"}\n")?;
        Ok(())
    }

    /// Writes the document with the field `name` set to `value`, without storing it: a large
    /// value (a solver's path of millions of steps) goes straight to the output instead of
    /// being turned into a JSON tree first, which would take several times the memory. The
    /// field keeps its place if the document has it, and comes last otherwise.
    pub fn write_with<T: Serialize>(
        &self,
        out: &mut impl Write,
        pretty: bool,
        name: &str,
        value: &T,
    ) -> Result<()> {
        if pretty {
            let mut tree = self.fields.to_tree()?;
            tree.insert(name.to_string(), serde_json::to_value(value)?);
            serde_json::to_writer_pretty(&mut *out, &tree)?;
            out.write_all(b"\n")?;
            return Ok(());
        }
        if self.fields.get(name).is_some() {
            return self.write_compact(out, |key, out| {
                if key != name {
                    return Ok(false);
                }
                serde_json::to_writer(out, value)?;
                Ok(true)
            });
        }
        // Appended last: the document without its closing brace, then the field.
        let mut head = Vec::new();
        self.write_compact(&mut head, |_, _| Ok(false))?;
        head.truncate(head.len() - 2);
        out.write_all(&head)?;
        out.write_all(if self.fields.0.is_empty() { b"" } else { b"," })?;
        serde_json::to_writer(&mut *out, name)?;
        out.write_all(b":")?;
        serde_json::to_writer(&mut *out, value)?;
        out.write_all(b"}\n")?;
        Ok(())
    }

    /// Writes the document as one compact line whose `grid` comes from `rows` instead of the
    /// `grid` field, which only marks the place (any value, usually null). A generator's grid
    /// goes straight into the output this way, without being copied into strings first: on a
    /// 2000 x 2000 maze that copy and its escaping would cost as much as the generation.
    /// The output is byte for byte what [`Document::write_to`] writes for the same grid.
    pub fn write_streaming(&self, out: &mut impl Write, rows: &dyn RowSource) -> Result<()> {
        self.write_streaming_with(out, rows, &[])
    }

    /// [`Document::write_streaming`], with some fields' values written from lists of
    /// positions as well (each field named in `lists` marks its place in the document): a
    /// maze's carving order of millions of steps goes out without ever becoming a JSON tree,
    /// which would take twenty times its size in memory.
    pub fn write_streaming_with(
        &self,
        out: &mut impl Write,
        rows: &dyn RowSource,
        lists: &[(&str, &[crate::Pos])],
    ) -> Result<()> {
        self.write_rows_streaming(out, "grid", rows, lists)
    }

    /// [`Document::write_streaming_with`] for rows kept under another field than `grid`
    /// (the `cells` of a maze on another tiling, whose rows may differ in length).
    pub fn write_rows_streaming(
        &self,
        out: &mut impl Write,
        field: &str,
        rows: &dyn RowSource,
        lists: &[(&str, &[crate::Pos])],
    ) -> Result<()> {
        let mut row = Vec::with_capacity(rows.width() + 3);
        self.write_compact(out, |key, out| {
            if let Some((_, list)) = lists.iter().find(|(name, _)| *name == key) {
                write_positions(out, list)?;
                return Ok(true);
            }
            if key != field {
                return Ok(false);
            }
            out.write_all(b"[")?;
            for r in 0..rows.height() {
                row.clear();
                if r > 0 {
                    row.push(b',');
                }
                row.push(b'"');
                rows.write_row(r, &mut row);
                row.push(b'"');
                debug_assert!(
                    row.iter()
                        .all(|&b| b.is_ascii() && b != b'\\' && !b.is_ascii_control()),
                    "grid rows are plain ASCII that needs no escaping"
                );
                out.write_all(&row)?;
            }
            out.write_all(b"]")?;
            Ok(true)
        })
    }

    /// The compact one-line JSON text, without the newline.
    pub fn to_json(&self) -> String {
        let mut text = Vec::new();
        self.write_compact(&mut text, |_, _| Ok(false))
            .expect("writing to memory cannot fail");
        text.pop();
        String::from_utf8(text).expect("JSON is UTF-8")
    }
}

/// `[[r,c],...]`, as serde_json writes a list of positions, without building it first.
fn write_positions(out: &mut dyn Write, list: &[crate::Pos]) -> Result<()> {
    let mut chunk = Vec::with_capacity(1 << 14);
    chunk.push(b'[');
    for (i, p) in list.iter().enumerate() {
        if i > 0 {
            chunk.push(b',');
        }
        chunk.push(b'[');
        push_number(&mut chunk, p.row);
        chunk.push(b',');
        push_number(&mut chunk, p.col);
        chunk.push(b']');
        if chunk.len() >= (1 << 14) - 64 {
            out.write_all(&chunk)?;
            chunk.clear();
        }
    }
    chunk.push(b']');
    out.write_all(&chunk)?;
    Ok(())
}

/// Appends the decimal digits of `n`.
fn push_number(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// A grid that writes its rows itself (see [`Document::write_streaming`]).
pub trait RowSource {
    fn width(&self) -> usize;
    fn height(&self) -> usize;
    /// Appends row `r`: exactly `width` ASCII characters, none of which is `"`, `\\` or a
    /// control character.
    fn write_row(&self, r: usize, out: &mut Vec<u8>);
}

/// `new` laid over `old`: objects member by member, anything else replaced.
fn merge_into(old: &mut Value, new: Value) {
    match (old, new) {
        (Value::Object(old), Value::Object(new)) => {
            for (k, v) in new {
                match old.get_mut(&k) {
                    Some(slot) => merge_into(slot, v),
                    None => {
                        old.insert(k, v);
                    }
                }
            }
        }
        (old, new) => *old = new,
    }
}

/// What a JSON text is, from its first character (the text is known to be valid JSON).
fn type_of_text(text: &str) -> &'static str {
    match text.bytes().next() {
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        Some(b'{') => "an object",
        _ => "a number",
    }
}

/// serde's message about a value of the wrong shape, without the position in the field's
/// own text (which means nothing to a reader of the whole document).
fn describe_value_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The error for an object without `kind`: a report that the tools write beside documents
/// (`mines bench --json`, `mines replay --summary`) is named as one, so that whoever sent it
/// to a tool that reads documents learns what it holds instead of a field to add.
fn no_kind(fields: &Fields) -> Error {
    let report = fields
        .get("report")
        .and_then(|v| tree_of("report", v).ok())
        .and_then(|v| v.as_str().map(crate::error::quote));
    match report {
        Some(report) => Error::input(format!(
            "field `kind`: missing: this is a report (\"{report}\"), not a grid document"
        )),
        None => Error::input("field `kind`: missing"),
    }
}

/// "a string", "an array"...: for messages about values of the wrong type.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// serde_json says "at line 1 column 17"; within one document line only the column matters.
/// serde_json's message without its " at line L column C", which the caller says its own way.
fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The line and column (from 1) of the character serde_json stopped at. serde_json counts a
/// newline as the start of the next line (column 0), so a bad newline (one inside a
/// string) is placed at the end of the line it ends, where the reader sees it.
fn json_position(text: &str, e: &serde_json::Error) -> (usize, usize) {
    let (line, column) = (e.line(), e.column());
    if column > 0 || line < 2 {
        return (line, column);
    }
    let ended = text.split('\n').nth(line - 2).unwrap_or("");
    (line - 1, ended.trim_end_matches('\r').chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Document::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn kind_and_version_are_checked() {
        assert!(err("[1]").contains("expected a JSON object"));
        assert!(err(r#"{"version":1}"#).contains("`kind`: missing"));
        assert!(err(r#"{"report":"replay summary","version":1}"#).ends_with(
            "`kind`: missing: this is a report (\"replay summary\"), not a grid document"
        ));
        assert!(err(r#"{"kind":"sudoku","version":1}"#).contains("unknown kind \"sudoku\""));
        assert!(err(r#"{"kind":"maze","version":2}"#).contains("unsupported version 2"));
        assert!(err(r#"{"kind":"maze"}"#).contains("`version`: missing"));
        assert!(err(r#"{"kind":"maze","version":1"#).contains("malformed JSON"));
    }

    #[test]
    fn a_bad_newline_is_placed_at_the_end_of_its_line() {
        let e = Document::from_json("{\"kind\": \"maze\", \"vers\n\"}").unwrap_err();
        assert!(matches!(e, Error::Input { line: Some(1), .. }), "{e}");
        assert!(e.to_string().contains("(column 23)"), "{e}");
    }

    #[test]
    fn unknown_fields_are_kept_in_order() {
        let text = r#"{"kind":"maze","version":1,"zeta":[1,2],"alpha":{"x":true}}"#;
        let doc = Document::from_json(text).unwrap();
        assert_eq!(doc.to_json(), text);
    }

    #[test]
    fn grid_rows_are_checked_against_the_size() {
        let doc = |g: &str, w: usize, h: usize| {
            Document::from_json(&format!(
                r#"{{"kind":"maze","version":1,"width":{w},"height":{h},"grid":{g}}}"#
            ))
            .unwrap()
        };
        let ok = doc(r######"["###","# #"]"######, 3, 2)
            .grid_bytes()
            .unwrap()
            .unwrap();
        assert_eq!(ok.width(), 3);
        let e = doc(r######"["###","#"]"######, 3, 2)
            .grid_bytes()
            .unwrap_err();
        assert!(e.to_string().contains("row 1 has 1 character,"), "{e}");
        let e = doc(r######"["###"]"######, 3, 2).grid_bytes().unwrap_err();
        assert!(e.to_string().contains("1 rows, but `height` is 2"), "{e}");
        let e = doc(r######"["###",5]"######, 3, 2)
            .grid_bytes()
            .unwrap_err();
        assert!(e.to_string().contains("row 1 is a number"), "{e}");
        let e = doc(r######"["#é"]"######, 2, 1).grid_bytes().unwrap_err();
        assert!(e.to_string().contains("non-ASCII"), "{e}");
        let e = doc(r######"[]"######, 0, 0).grid_bytes().unwrap_err();
        assert!(e.to_string().contains("at least 1x1"), "{e}");
    }

    #[test]
    fn write_with_replaces_or_appends_a_field() {
        let mut doc = Document::new(Kind::Maze);
        doc.set("a", 1);
        doc.set("b", 2);
        let mut out = Vec::new();
        doc.write_with(&mut out, false, "a", &[7, 8]).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"kind\":\"maze\",\"version\":1,\"a\":[7,8],\"b\":2}\n"
        );
        let mut out = Vec::new();
        doc.write_with(&mut out, false, "c", &true).unwrap();
        assert!(
            String::from_utf8(out)
                .unwrap()
                .ends_with(",\"b\":2,\"c\":true}\n")
        );
    }

    struct Stripes;

    impl RowSource for Stripes {
        fn width(&self) -> usize {
            3
        }
        fn height(&self) -> usize {
            2
        }
        fn write_row(&self, r: usize, out: &mut Vec<u8>) {
            out.extend_from_slice(if r == 0 { b"###" } else { b"# #" });
        }
    }

    #[test]
    fn streaming_writes_the_same_bytes() {
        let mut doc = Document::new(Kind::Maze);
        doc.set("width", 3);
        doc.set("height", 2);
        doc.set_value("grid", Value::Null);
        doc.set("meta", serde_json::json!({"seed": 1, "t": "a\"b"}));
        let mut streamed = Vec::new();
        doc.write_streaming(&mut streamed, &Stripes).unwrap();
        doc.set("grid", ["###", "# #"]);
        assert_eq!(String::from_utf8(streamed).unwrap(), compact(&doc));
    }

    /// The document as `write_to` writes it, compact.
    fn compact(doc: &Document) -> String {
        let mut plain = Vec::new();
        doc.write_to(&mut plain, false).unwrap();
        String::from_utf8(plain).unwrap()
    }

    #[test]
    fn streamed_position_lists_are_what_serde_writes() {
        let trace = [crate::Pos::new(1, 1), crate::Pos::new(12345, 0)];
        let mut doc = Document::new(Kind::Maze);
        doc.set_value("grid", Value::Null);
        doc.set_value("trace", Value::Null);
        doc.set_value("empty", Value::Null);
        let mut streamed = Vec::new();
        doc.write_streaming_with(
            &mut streamed,
            &Stripes,
            &[("trace", &trace), ("empty", &[])],
        )
        .unwrap();
        doc.set("grid", ["###", "# #"]);
        doc.set("trace", trace);
        doc.set("empty", Vec::<crate::Pos>::new());
        assert_eq!(String::from_utf8(streamed).unwrap(), compact(&doc));
    }

    /// Any JSON value, a few levels deep.
    fn any_json() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            (-1e9f64..1e9).prop_map(Value::from),
            ".{0,12}".prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z_]{1,6}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        /// Kept as text, a document writes back exactly what a JSON tree of it would: in
        /// compact form the same bytes, in pretty form the same tree.
        #[test]
        fn fields_kept_as_text_write_back_as_a_tree_would(
            fields in proptest::collection::btree_map("[a-z_]{1,8}", any_json(), 0..8)
        ) {
            let mut map = Map::new();
            map.insert("kind".into(), Value::from("maze"));
            map.insert("version".into(), Value::from(1));
            for (k, v) in fields {
                if k != "kind" && k != "version" {
                    map.insert(k, v);
                }
            }
            let text = serde_json::to_string(&map).unwrap();
            let doc = Document::from_json(&text).unwrap();
            proptest::prop_assert_eq!(doc.to_json(), text.clone());
            let pretty = serde_json::to_string_pretty(&map).unwrap();
            let from_pretty = Document::from_json(&pretty).unwrap();
            proptest::prop_assert_eq!(from_pretty.to_json(), text);
            let mut out = Vec::new();
            doc.write_to(&mut out, true).unwrap();
            let tree: Value = serde_json::from_slice(&out).unwrap();
            proptest::prop_assert_eq!(tree, Value::Object(map));
        }
    }

    #[test]
    fn merging_keeps_unknown_members_at_every_depth() {
        let mut doc = Document::from_json(
            r#"{"kind":"mines","version":1,"rules":{"no_guess":false,"x":{"a":1,"b":2}}}"#,
        )
        .unwrap();
        doc.merge(
            "rules",
            serde_json::json!({"no_guess": true, "x": {"a": 3}}),
        );
        assert_eq!(
            doc.raw("rules").unwrap().get(),
            r#"{"no_guess":true,"x":{"a":3,"b":2}}"#
        );
    }

    #[test]
    fn fields_of_the_wrong_type_are_named() {
        let doc = Document::from_json(r#"{"kind":"maze","version":1,"width":"3"}"#).unwrap();
        let e = doc.field::<usize>("width").unwrap_err().to_string();
        assert!(e.starts_with("field `width`:"), "{e}");
    }
}

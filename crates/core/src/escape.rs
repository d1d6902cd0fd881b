//! Escaping, one function for each kind of place text goes in: the only home of it in the
//! workspace, so that every page, picture and file escapes a kind of place the same way.
//!
//! Each function returns the text as it is (borrowed) when nothing in it needs escaping.

use std::borrow::Cow;

/// Replaces each character that `swap` names with its replacement, in one pass.
fn swap_each(text: &str, swap: impl Fn(char) -> Option<&'static str>) -> Cow<'_, str> {
    if !text.chars().any(|c| swap(c).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match swap(c) {
            Some(s) => out.push_str(s),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Text between tags of HTML, SVG or XML: `&`, `<` and `>` as entities.
pub fn text(text: &str) -> Cow<'_, str> {
    swap_each(text, |c| match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        _ => None,
    })
}

/// An attribute's value in double quotes (as every page and file here writes them): the
/// text's three and `"`.
pub fn attribute(text: &str) -> Cow<'_, str> {
    swap_each(text, |c| match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        _ => None,
    })
}

/// JSON inside an HTML `<script>`: `<` can only stand in a JSON string, where `\u003c`
/// means the same, so that no `</script>` or `<!--` in the data ends or upsets the script.
pub fn script_json(json: &str) -> Cow<'_, str> {
    swap_each(json, |c| match c {
        '<' => Some("\\u003c"),
        _ => None,
    })
}

/// CSS inside an HTML `<style>`: `<` as the CSS escape `\3c `, so that no `</style>` ends it.
pub fn style(css: &str) -> Cow<'_, str> {
    swap_each(css, |c| match c {
        '<' => Some("\\3c "),
        _ => None,
    })
}

/// A cell of a Markdown table: `|` would end the cell.
pub fn markdown_cell(text: &str) -> Cow<'_, str> {
    swap_each(text, |c| match c {
        '|' => Some("\\|"),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_escapes_what_would_end_its_place() {
        let hostile = r#"a & b <img onerror="x"> 'q' </script> |"#;
        assert_eq!(
            text(hostile),
            r#"a &amp; b &lt;img onerror="x"&gt; 'q' &lt;/script&gt; |"#
        );
        assert_eq!(
            attribute(hostile),
            "a &amp; b &lt;img onerror=&quot;x&quot;&gt; 'q' &lt;/script&gt; |"
        );
        assert_eq!(
            script_json(r#"["</script><!--"]"#),
            r#"["\u003c/script>\u003c!--"]"#
        );
        assert_eq!(style("a{} </style>"), "a{} \\3c /style>");
        assert_eq!(markdown_cell("a | b"), "a \\| b");
    }

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(text("plain"), Cow::Borrowed("plain")));
        assert!(matches!(script_json("{}"), Cow::Borrowed("{}")));
    }

    #[test]
    fn json_escaped_for_a_script_reads_back_the_same() {
        let value = serde_json::json!({"t": "</script><b>\"x\"</b>"});
        let escaped = script_json(&value.to_string()).into_owned();
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, value);
    }
}

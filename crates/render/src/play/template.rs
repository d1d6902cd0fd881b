//! The pages' one template mechanism: a page is its HTML with slots, `{{kind:name}}`, and a
//! slot's kind says how the value put in it is escaped (one [`grid_core::escape`] function
//! a kind). The page is filled in one pass, so that a value is never read again for slots:
//! a title holding `{{json:model}}` stays those characters.
//!
//! The kinds: `text` (between tags), `attr` (an attribute's value in double quotes), `json`
//! (JSON in a `<script>`) and `style` (CSS in a `<style>`). [`Template::new`] checks a
//! page's slots while the crate compiles (it is called in a `const`).

use grid_core::escape;

/// The kinds of slot, as a page names them.
const KINDS: [&str; 4] = ["text", "attr", "json", "style"];

/// A page's HTML whose slots have been checked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Template(&'static str);

impl Template {
    /// `source` as a template; it does not compile (the `const` holding it fails) when a
    /// slot is not closed or its kind is not one of [`KINDS`].
    pub(crate) const fn new(source: &'static str) -> Self {
        let b = source.as_bytes();
        let mut i = 0;
        while i + 1 < b.len() {
            if b[i] == b'{' && b[i + 1] == b'{' {
                let start = i + 2;
                let mut end = start;
                while end + 1 < b.len() && !(b[end] == b'}' && b[end + 1] == b'}') {
                    end += 1;
                }
                assert!(end + 1 < b.len(), "a template's slot is not closed");
                assert!(
                    kind_of(b, start, end) < KINDS.len(),
                    "a template's slot has no kind it knows (text, attr, json, style)"
                );
                i = end + 2;
            } else {
                i += 1;
            }
        }
        Template(source)
    }

    /// The page with each slot filled from `values` (name, value), escaped by the slot's
    /// kind.
    ///
    /// # Panics
    /// On a slot with no value: a page and the code that fills it disagree, a bug that the
    /// page's tests meet.
    pub(crate) fn fill(self, values: &[(&str, &str)]) -> String {
        let mut out =
            String::with_capacity(self.0.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
        let mut rest = self.0;
        while let Some(open) = rest.find("{{") {
            out.push_str(&rest[..open]);
            let slot = &rest[open + 2..];
            let close = slot.find("}}").expect("checked by Template::new");
            let (kind, name) = slot[..close]
                .split_once(':')
                .expect("checked by Template::new");
            let value = values
                .iter()
                .find(|(n, _)| *n == name)
                .unwrap_or_else(|| panic!("no value for the page's slot `{name}`"))
                .1;
            out.push_str(&match kind {
                "text" => escape::text(value),
                "attr" => escape::attribute(value),
                "json" => escape::script_json(value),
                "style" => escape::style(value),
                _ => unreachable!("checked by Template::new"),
            });
            rest = &slot[close + 2..];
        }
        out.push_str(rest);
        out
    }
}

/// The index in [`KINDS`] of the slot `b[start..end]`'s kind (before its `:`), or
/// `KINDS.len()` for none.
const fn kind_of(b: &[u8], start: usize, end: usize) -> usize {
    let mut colon = start;
    while colon < end && b[colon] != b':' {
        colon += 1;
    }
    if colon == end || colon + 1 == end {
        return KINDS.len();
    }
    let mut k = 0;
    while k < KINDS.len() {
        let kind = KINDS[k].as_bytes();
        if kind.len() == colon - start {
            let mut j = 0;
            while j < kind.len() && kind[j] == b[start + j] {
                j += 1;
            }
            if j == kind.len() {
                return k;
            }
        }
        k += 1;
    }
    KINDS.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_slot_is_escaped_by_its_kind_and_filled_once() {
        const PAGE: Template = Template::new(
            "<title>{{text:t}}</title><p title=\"{{attr:t}}\"></p><style>{{style:css}}</style>\
             <script>const M = {{json:m}};</script>",
        );
        let hostile = "{{json:m}} </script><img onerror=\"x\"> 'q'";
        let page = PAGE.fill(&[
            ("t", hostile),
            ("m", r#"{"a":"</script>"}"#),
            ("css", "a{}</style>"),
        ]);
        assert_eq!(
            page,
            "<title>{{json:m}} &lt;/script&gt;&lt;img onerror=\"x\"&gt; 'q'</title>\
             <p title=\"{{json:m}} &lt;/script&gt;&lt;img onerror=&quot;x&quot;&gt; 'q'\"></p>\
             <style>a{}\\3c /style></style>\
             <script>const M = {\"a\":\"\\u003c/script>\"};</script>"
        );
    }

    #[test]
    fn a_slot_of_no_kind_is_found() {
        assert_eq!(kind_of(b"{{x:y}}", 2, 5), KINDS.len());
        assert_eq!(kind_of(b"{{json}}", 2, 6), KINDS.len());
        assert_eq!(kind_of(b"{{json:}}", 2, 7), KINDS.len());
        assert_eq!(kind_of(b"{{attr:a}}", 2, 8), 1);
    }
}

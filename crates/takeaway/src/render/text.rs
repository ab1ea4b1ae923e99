//! The one text renderer of typed reports (see [`super::report`]).

use super::report::{Layout, Sequence};
use std::fmt::Write;

/// `s` as text: its title line, the terms in its [`Layout`], its footer.
///
/// Law: the text holds one entry per term, in order, a missing term as `∞`.
///
/// ```
/// use takeaway::render::report::{Layout, Sequence, Values};
/// let s = Sequence {
///     title: "t".into(), footer: "end\n".into(), offset: 0, columns: ["n", "x"], key: "values",
///     values: Values::Small { values: vec![u32::MAX, 1], none: Some(u32::MAX) },
///     layout: Layout::Columns { heading: "L(n)" },
/// };
/// let text = takeaway::render::text::sequence(&s);
/// assert_eq!(text, format!("t\n{:>10}  {:>10}\n{:>10}  {:>10}\n{:>10}  {:>10}\nend\n", "n", "L(n)", 0, "∞", 1, 1));
/// ```
pub fn sequence(s: &Sequence) -> String {
    let mut out = format!("{}\n", s.title);
    let cell = |i: usize| s.term(i).unwrap_or_else(|| "∞".into());
    match &s.layout {
        Layout::Columns { heading } => {
            let _ = writeln!(out, "{:>10}  {:>10}", "n", heading);
            for i in 0..s.len() {
                let _ = writeln!(out, "{:>10}  {:>10}", s.index(i), cell(i));
            }
        }
        Layout::Equations { name } => {
            for i in 0..s.len() {
                let _ = writeln!(out, "{name}({}) = {}", s.index(i), cell(i));
            }
        }
        Layout::Colon => {
            for i in 0..s.len() {
                let _ = writeln!(out, "{}: {}", s.index(i), cell(i));
            }
        }
        Layout::Lines { per_line } => {
            let per_line = (*per_line).max(1);
            for i in 0..s.len() {
                if i % per_line == 0 {
                    if i > 0 {
                        out.push('\n');
                    }
                    let _ = write!(out, "{:>6}: ", s.index(i));
                }
                let _ = write!(out, " {}", cell(i));
            }
            if !s.is_empty() {
                out.push('\n');
            }
        }
        Layout::Strips { label } => {
            for start in (0..s.len()).step_by(20) {
                let mut top = format!("{:<16}|", "Pile size");
                let mut bottom = format!("{label:<16}|");
                for i in start..s.len().min(start + 20) {
                    let n = s.index(i).to_string();
                    let c = cell(i);
                    let w = n.len().max(c.len());
                    let _ = write!(top, " {n:>w$} |");
                    let _ = write!(bottom, " {c:>w$} |");
                }
                let _ = writeln!(out, "{top}\n{bottom}\n");
            }
        }
    }
    out.push_str(&s.footer);
    out
}

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

/// `t` as text: its title line, the cells in its
/// [`TableauLayout`](super::tableau::TableauLayout), its footer.
///
/// Law: one line a row after the title (and the header line of a bordered
/// layout), each holding the row's cells in order, a missing cell as `∞`.
///
/// ```
/// use takeaway::render::tableau::{Placement, Tableau, TableauLayout};
/// let t = Tableau { title: "L".into(), footer: String::new(), corner: "m", rows: 2, cols: 2,
///     cells: vec![u32::MAX, 1, 1, u32::MAX], none: Some(u32::MAX), key: "rows",
///     placement: Placement::Column, layout: TableauLayout::Bordered { corner: "m \\ d", width: 3 } };
/// assert_eq!(
///     takeaway::render::text::tableau(&t),
///     "L\n m \\ d |   0   1\n     0 |   ∞   1\n     1 |   1   ∞\n"
/// );
/// ```
pub fn tableau(t: &super::tableau::Tableau) -> String {
    use super::tableau::TableauLayout;
    let mut out = format!("{}\n", t.title);
    let cell = |r: usize, c: usize| t.cell(r, c).map_or_else(|| "∞".into(), |v| v.to_string());
    match t.layout {
        TableauLayout::Rows => {
            for r in 0..t.rows {
                let _ = write!(out, "{r:>6}:");
                for c in 0..t.cols {
                    let _ = write!(out, " {:>3}", cell(r, c));
                }
                out.push('\n');
            }
        }
        TableauLayout::Bordered { corner, width } => {
            let _ = write!(out, "{corner:>6} |");
            for c in 0..t.cols {
                let _ = write!(out, " {c:>width$}");
            }
            out.push('\n');
            for r in 0..t.rows {
                let _ = write!(out, "{r:>6} |");
                for c in 0..t.cols {
                    let _ = write!(out, " {:>width$}", cell(r, c));
                }
                out.push('\n');
            }
        }
    }
    out.push_str(&t.footer);
    out
}

/// `r` as text: its title, one line a record in its
/// [`RecordLayout`](super::records::RecordLayout) (one line a row for
/// steps), its footer.
///
/// Law: the records appear in order, each field's entry as the CSV writes
/// it (list items `, `-separated, `, …` after the shown ones).
///
/// ```
/// use takeaway::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
/// let r = Records {
///     title: "counts".into(), footer: "end\n".into(),
///     fields: vec![Field::new("value", FieldValues::Small(vec![0, 2])), Field::new("count", FieldValues::Wide(vec![5, 1]))],
///     layout: RecordLayout::Template(&["G = ", ": ", " cells"]), json: RecordJson::Counts { key: "counts" },
/// };
/// assert_eq!(takeaway::render::text::records(&r), "counts\nG = 0: 5 cells\nG = 2: 1 cells\nend\n");
/// ```
pub fn records(r: &super::records::Records) -> String {
    use super::records::RecordLayout;
    let mut out = format!("{}\n", r.title);
    let field = |f: usize, i: usize| r.fields[f].values.show(i, ", ");
    let text = |f: usize, i: usize| {
        let (s, more) = field(f, i);
        if more { format!("{s}, …") } else { s }
    };
    if let RecordLayout::Steps = r.layout {
        let mut row: Option<String> = None;
        for i in 0..r.len() {
            let n = text(0, i);
            if row.as_ref() != Some(&n) {
                if row.is_some() {
                    out.push('\n');
                }
                let _ = write!(out, "{n:>6}:");
                row = Some(n);
            }
            let _ = write!(out, " {}:{}", text(1, i), text(2, i));
        }
        if row.is_some() {
            out.push('\n');
        }
        out.push_str(&r.footer);
        return out;
    }
    if let RecordLayout::Hidden = r.layout {
        out.push_str(&r.footer);
        return out;
    }
    for i in 0..r.len() {
        match r.layout {
            RecordLayout::Aligned { widths } => {
                for f in 0..r.fields.len() {
                    match widths.get(f) {
                        Some(w) => {
                            if f > 0 {
                                out.push(' ');
                            }
                            let _ = write!(out, "{:>w$}", text(f, i));
                        }
                        None => {
                            let _ = write!(out, "  {}", text(f, i));
                        }
                    }
                }
            }
            RecordLayout::Template(pieces) => {
                for (f, piece) in pieces.iter().enumerate() {
                    out.push_str(piece);
                    if f < r.fields.len() && f + 1 < pieces.len() {
                        out.push_str(&text(f, i));
                    }
                }
            }
            RecordLayout::Tuple => {
                let all: Vec<String> = (0..r.fields.len()).map(|f| text(f, i)).collect();
                let _ = write!(out, "  ({})", all.join(", "));
            }
            RecordLayout::Changes { index, row, word } => {
                let (at, more) = field(3, i);
                let _ = write!(
                    out,
                    "{index} = {}: values {{{}}}; {} {word}{}{at}{}",
                    text(0, i),
                    text(1, i),
                    text(2, i),
                    if at.is_empty() {
                        String::new()
                    } else {
                        format!(" at {row} = ")
                    },
                    if more { ", …" } else { "" }
                );
            }
            RecordLayout::Steps | RecordLayout::Hidden => {}
        }
        out.push('\n');
    }
    out.push_str(&r.footer);
    out
}

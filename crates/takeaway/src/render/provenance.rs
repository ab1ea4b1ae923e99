//! Where a figure comes from: the program, its version, the game spec and
//! the command that made it, written into every figure the command line
//! saves (SVG `<desc>` and `<metadata>`, PNG `tEXt` chunks, a `#` line at
//! the top of CSV, a `generator` field in JSON), so a figure in a paper can
//! be made again.

use serde::Serialize;

/// The program's name in every provenance record.
pub const PROGRAM: &str = "takeaway";

/// The provenance of one figure.
///
/// Law: [`Provenance::line`] and [`Provenance::json_ascii`] hold all four fields;
/// `version` is this library's version (the command line's is the same:
/// one workspace version).
///
/// ```
/// use takeaway::render::Provenance;
/// let p = Provenance::new("wythoff", "takeaway table wythoff --rows 3 --json");
/// assert_eq!(p.program, "takeaway");
/// assert_eq!(p.version, env!("CARGO_PKG_VERSION"));
/// assert!(p.line().contains("spec wythoff"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Provenance {
    /// `takeaway`.
    pub program: String,
    /// The version of the program (`CARGO_PKG_VERSION`).
    pub version: String,
    /// The canonical spec of the game the figure shows.
    pub spec: String,
    /// The command line that made it, quoted for a POSIX shell.
    pub command: String,
}

impl Provenance {
    /// The provenance of a figure of `spec` made by `command`.
    pub fn new(spec: &str, command: &str) -> Provenance {
        Provenance {
            program: PROGRAM.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            spec: spec.into(),
            command: command.into(),
        }
    }

    /// One line of text: `takeaway VERSION; spec SPEC; command: COMMAND`.
    ///
    /// ```
    /// use takeaway::render::Provenance;
    /// let p = Provenance::new("nim", "takeaway table nim --rows 4 --format csv");
    /// assert_eq!(
    ///     p.line(),
    ///     format!("takeaway {}; spec nim; command: takeaway table nim --rows 4 --format csv", env!("CARGO_PKG_VERSION"))
    /// );
    /// ```
    pub fn line(&self) -> String {
        format!(
            "{} {}; spec {}; command: {}",
            self.program,
            self.version,
            self.spec,
            self.command.replace(['\n', '\r'], " ")
        )
    }

    /// The record as one line of JSON with every character beyond ASCII
    /// escaped (`\uXXXX`), so it fits a PNG `tEXt` chunk (Latin-1).
    ///
    /// ```
    /// use takeaway::render::Provenance;
    /// let p = Provenance::new("one-pile:f=t", "takeaway table 'one-pile:f=t' --rows 3 --svg «a».svg");
    /// let j = p.json_ascii();
    /// assert!(j.is_ascii());
    /// let back: serde_json::Value = serde_json::from_str(&j).unwrap();
    /// assert_eq!(back["command"], p.command);
    /// ```
    pub fn json_ascii(&self) -> String {
        let text = serde_json::to_string(self).unwrap_or_default();
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
        }
        out
    }
}

/// `args` as one command line for a POSIX shell: an argument of only
/// letters, digits and `_ - . / : = , + @ %` is written as is, any other in
/// single quotes (so the line pastes back into a shell unchanged).
///
/// ```
/// use takeaway::render::provenance::shell_line;
/// let args = ["takeaway", "analyze", "sum", "nim 3", "two-pile:f=2*t", "it's"];
/// assert_eq!(shell_line(&args), r#"takeaway analyze sum 'nim 3' 'two-pile:f=2*t' 'it'\''s'"#);
/// ```
pub fn shell_line<S: AsRef<str>>(args: &[S]) -> String {
    args.iter()
        .map(|a| {
            let a = a.as_ref();
            let plain = !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c));
            if plain {
                a.to_string()
            } else {
                format!("'{}'", a.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

//! Game specs: `NAME[:KEY=VALUE]...`, as in the command-line contract.
//!
//! Law: every error names the 1-based column of the spec where it starts.

use thiserror::Error;

/// One `KEY=VALUE` parameter of a spec, with the column where its value starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The key, e.g. `f`.
    pub key: String,
    /// The value, e.g. `2*t`.
    pub value: String,
    /// 1-based column of the first character of `value` in the whole spec.
    pub column: usize,
}

/// A parsed but not yet interpreted game spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    /// The family name, lower-cased (`fibonacci`, `one-pile`, ...).
    pub name: String,
    /// The parameters in the order given.
    pub params: Vec<Param>,
}

/// Families whose first parameter may be written without its key, and
/// that key: `octal:0.77` is `octal:code=0.77`.
///
/// ```
/// use takeaway::spec::GameSpec;
/// let s = GameSpec::parse("octal:0.77:misere=true").unwrap();
/// assert_eq!((s.params[0].key.as_str(), s.params[0].value.as_str(), s.params[0].column), ("code", "0.77", 7));
/// // Elsewhere a part without `=` is still an error.
/// assert!(GameSpec::parse("nim:0.77").is_err());
/// ```
pub const POSITIONAL: &[(&str, &str)] = &[("octal", "code")];

/// A malformed spec.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("game spec, column {column}: {message}")]
pub struct SpecError {
    /// 1-based column in the spec.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl GameSpec {
    /// Splits `spec` into its name and parameters.
    ///
    /// ```
    /// use takeaway::spec::GameSpec;
    /// let s = GameSpec::parse("one-pile:f=if(n==0, 2*t, t)").unwrap();
    /// assert_eq!(s.name, "one-pile");
    /// assert_eq!(s.params[0].key, "f");
    /// assert_eq!(s.params[0].value, "if(n==0, 2*t, t)");
    /// assert_eq!(s.params[0].column, 12);
    /// assert!(GameSpec::parse("one-pile:f").is_err());
    /// // A key given twice is an error, not a silent choice.
    /// assert_eq!(GameSpec::parse("one-pile:f=2*t:f=3*t").unwrap_err().column, 16);
    /// ```
    pub fn parse(spec: &str) -> Result<GameSpec, SpecError> {
        let mut parts = Vec::new();
        let mut start = 0usize;
        let mut depth = 0i64;
        for (i, c) in spec.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                ':' if depth <= 0 => {
                    parts.push((start, &spec[start..i]));
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push((start, &spec[start..]));
        let col = |byte: usize| spec[..byte].chars().count() + 1;
        let (_, name) = parts[0];
        let name = name.trim();
        if name.is_empty() {
            return Err(SpecError {
                column: 1,
                message: "expected a game name (fibonacci, one-pile, two-pile, wythoff, spite, nim, subtraction)".into(),
            });
        }
        let mut params = Vec::new();
        let positional = POSITIONAL
            .iter()
            .find(|(family, _)| name.eq_ignore_ascii_case(family))
            .map(|&(_, key)| key);
        for (i, &(offset, part)) in parts[1..].iter().enumerate() {
            if let (0, Some(key), None) = (i, positional, part.find('=')) {
                params.push(Param {
                    key: key.to_string(),
                    value: part.to_string(),
                    column: col(offset),
                });
                continue;
            }
            let Some(eq) = part.find('=') else {
                return Err(SpecError {
                    column: col(offset),
                    message: format!("expected KEY=VALUE, found `{part}`"),
                });
            };
            let key = part[..eq].trim();
            if key.is_empty() {
                return Err(SpecError {
                    column: col(offset),
                    message: "expected a parameter name before `=`".into(),
                });
            }
            let key_lower = key.to_ascii_lowercase();
            if params.iter().any(|p: &Param| p.key == key_lower) {
                return Err(SpecError {
                    column: col(offset),
                    message: format!("`{key_lower}` is given twice; give each parameter once"),
                });
            }
            params.push(Param {
                key: key_lower,
                value: part[eq + 1..].to_string(),
                column: col(offset + eq + 1),
            });
        }
        Ok(GameSpec {
            name: name.to_ascii_lowercase(),
            params,
        })
    }

    /// The parameter `key`, if given.
    pub fn get(&self, key: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.key == key)
    }

    /// The `misere` flag (`misere=true|false|1|0|yes|no`; absent: false).
    ///
    /// ```
    /// use takeaway::spec::GameSpec;
    /// assert!(GameSpec::parse("wythoff:misere=true").unwrap().misere().unwrap());
    /// assert!(!GameSpec::parse("wythoff").unwrap().misere().unwrap());
    /// assert_eq!(GameSpec::parse("nim:misere=maybe").unwrap().misere().unwrap_err().column, 12);
    /// ```
    pub fn misere(&self) -> Result<bool, SpecError> {
        let Some(p) = self.get("misere") else {
            return Ok(false);
        };
        match p.value.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Ok(true),
            "false" | "0" | "no" => Ok(false),
            other => Err(SpecError {
                column: p.column,
                message: format!("misere: expected true/false (or 1/0), found `{other}`"),
            }),
        }
    }

    /// Fails on any parameter whose key is not in `allowed`, naming its column.
    pub fn only(&self, allowed: &[&str]) -> Result<(), SpecError> {
        for p in &self.params {
            if !allowed.contains(&p.key.as_str()) {
                let col = p.column.saturating_sub(p.key.len() + 1);
                let list = if allowed.is_empty() {
                    "this game takes no parameters".to_string()
                } else {
                    format!("expected one of: {}", allowed.join(", "))
                };
                return Err(SpecError {
                    column: col.max(1),
                    message: format!("unknown parameter `{}` for `{}`; {list}", p.key, self.name),
                });
            }
        }
        Ok(())
    }
}

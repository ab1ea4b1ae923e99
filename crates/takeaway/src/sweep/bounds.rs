//! The bounds a sweep runs over: a list of expressions, or a template whose
//! parameters take every value of their ranges (`f = a*t+b`, `a ∈ 1..4`,
//! `b ∈ 0..3`).
//!
//! Law: the bounds are the templates × the product of the parameter ranges,
//! in mixed radix (the last parameter fastest); bound `i` substitutes each
//! parameter's value for every identifier of that name in the template
//! (whole identifiers only: a parameter `a` leaves `max` alone), so there
//! are `templates × Π (hi − lo + 1)` of them.

use super::family::{Setting, Takes, Values};
use super::{MAX_UP_TO, too_large};
use crate::engine::Unit;
use crate::games::advice::Misused;
use crate::games::error::{GameError, Hint};

/// A parameter of a template and its inclusive range of values.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Parameter {
    /// Its name in the template (an identifier).
    pub name: String,
    /// Smallest value.
    pub lo: i64,
    /// Largest value.
    pub hi: i64,
}

impl Parameter {
    /// Parses `NAME=LO..HI` (or `NAME=V`, one value).
    ///
    /// ```
    /// use takeaway::sweep::Parameter;
    /// let p = Parameter::parse("a=1..4").unwrap();
    /// assert_eq!((p.name.as_str(), p.lo, p.hi), ("a", 1, 4));
    /// assert!(Parameter::parse("a=4..1").is_err());
    /// assert!(Parameter::parse("1=2").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Parameter, GameError> {
        let bad = |why: &str| GameError::Invalid(format!("parameter `{text}`: {why}"));
        let (name, range) = text
            .split_once('=')
            .ok_or_else(|| bad("expected NAME=LO..HI"))?;
        let name = name.trim();
        if !is_identifier(name) {
            return Err(bad("the name must be an identifier (letters, digits, _)"));
        }
        let num = |s: &str| {
            s.trim()
                .parse::<i64>()
                .map_err(|_| bad("the range must be integers LO..HI"))
        };
        let (lo, hi) = match range.split_once("..") {
            Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
            None => {
                let v = num(range)?;
                (v, v)
            }
        };
        if lo > hi {
            return Err(bad("LO must be at most HI"));
        }
        Ok(Parameter {
            name: name.to_string(),
            lo,
            hi,
        })
    }

    /// How many values it takes.
    pub fn len(&self) -> u128 {
        (i128::from(self.hi) - i128::from(self.lo) + 1) as u128
    }

    /// Never true: a parameter has at least one value.
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// Whether `s` is an identifier: a letter or `_`, then letters, digits, `_`.
fn is_identifier(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// Expressions, or templates with parameters.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Bounds {
    /// The expressions (templates when there are parameters).
    pub templates: Vec<String>,
    /// The parameters, each over its range.
    pub parameters: Vec<Parameter>,
}

impl Bounds {
    /// How many bounds.
    ///
    /// ```
    /// use takeaway::sweep::{Bounds, Parameter};
    /// let b = Bounds { templates: vec!["a*t+b".into()],
    ///     parameters: vec![Parameter::parse("a=1..4").unwrap(), Parameter::parse("b=0..3").unwrap()] };
    /// assert_eq!(b.count(), 16);
    /// ```
    pub fn count(&self) -> u128 {
        self.parameters
            .iter()
            .fold(self.templates.len() as u128, |acc, p| {
                acc.saturating_mul(p.len())
            })
    }

    /// The bound of index `i` (see the module law).
    ///
    /// ```
    /// use takeaway::sweep::{Bounds, Parameter};
    /// let b = Bounds { templates: vec!["a*t+b".into(), "max(a, t)".into()],
    ///     parameters: vec![Parameter::parse("a=1..2").unwrap(), Parameter::parse("b=0..1").unwrap()] };
    /// let all: Vec<String> = (0..8).map(|i| b.get(i)).collect();
    /// assert_eq!(all[..4], ["1*t+0", "1*t+1", "2*t+0", "2*t+1"]);
    /// assert_eq!(all[4], "max(1, t)"); // `max` is not the parameter `a`
    /// ```
    pub fn get(&self, i: u128) -> String {
        let mut rest = i;
        let mut values = vec![0i64; self.parameters.len()];
        for (slot, p) in values.iter_mut().zip(&self.parameters).rev() {
            let n = p.len();
            *slot = (i128::from(p.lo) + (rest % n) as i128) as i64;
            rest /= n;
        }
        // Past the last template (or with none): the last one (or nothing).
        let k = usize::try_from(rest).unwrap_or(usize::MAX);
        let template = self
            .templates
            .get(k)
            .or(self.templates.last())
            .map_or("", String::as_str);
        substitute(template, &self.parameters, &values)
    }

    /// The arguments that give these bounds on the command line.
    pub(crate) fn arguments(&self) -> String {
        let mut out = String::new();
        for t in &self.templates {
            out.push_str(&format!(" --f '{t}'"));
        }
        for p in &self.parameters {
            out.push_str(&format!(" --param {}={}..{}", p.name, p.lo, p.hi));
        }
        out
    }
}

/// `template` with each identifier that names a parameter replaced by its
/// value (negative values in parentheses).
fn substitute(template: &str, parameters: &[Parameter], values: &[i64]) -> String {
    let mut out = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            match parameters.iter().position(|p| p.name == word) {
                Some(k) if values[k] < 0 => out.push_str(&format!("({})", values[k])),
                Some(k) => out.push_str(&values[k].to_string()),
                None => out.push_str(&word),
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `--f EXPR`: a bound or a template (the bound families' setting).
pub(crate) const F: Setting = Setting {
    name: "f",
    flag: "f",
    value_name: "EXPR",
    takes: Takes::Texts,
    help: "Bound families: a bound f (repeat for a list), or a template whose parameters {params} sets",
};

/// `--param NAME=LO..HI`: a template parameter and its range.
pub(crate) const PARAMS: Setting = Setting {
    name: "params",
    flag: "param",
    value_name: "NAME=LO..HI",
    takes: Takes::Texts,
    help: "Bound families: a template parameter and its range, NAME=LO..HI (repeat for more; every combination is swept)",
};

/// `--up-to N`: the largest pile compared with the exhaustive solver.
pub(crate) const UP_TO: Setting = Setting {
    name: "up_to",
    flag: "up-to",
    value_name: "N",
    takes: Takes::Number(Some(100)),
    help: "Bound families: compare with the exhaustive solver on piles up to N",
};

impl Bounds {
    /// The bounds given by the settings [`F`] and [`PARAMS`] (each
    /// parameter parsed).
    pub(crate) fn from_values(v: &Values) -> Result<Bounds, GameError> {
        Ok(Bounds {
            templates: v.texts(&F),
            parameters: v
                .texts(&PARAMS)
                .iter()
                .map(|p| Parameter::parse(p))
                .collect::<Result<_, _>>()?,
        })
    }

    /// Checks a bound family's sweep: at least one template, piles up to
    /// at most [`MAX_UP_TO`].
    pub(crate) fn check(&self, family: &str, up_to: u64) -> Result<(), GameError> {
        if self.templates.is_empty() {
            return Err(Misused::NoTemplate {
                sweep: family.to_string(),
            }
            .into());
        }
        if up_to > MAX_UP_TO {
            return Err(too_large(
                family,
                u128::from(up_to),
                MAX_UP_TO,
                Unit::Positions,
                Hint::SmallerUpTo,
            ));
        }
        Ok(())
    }
}

//! A misère quotient's certificate: the multiplication table, the P-portion
//! and the pretending function `Φ` on heaps `0..=N`, as JSON. What the
//! checker ([`super::check`]) verifies against brute force.

use serde::{Deserialize, Serialize};

/// Table, P, Φ (element 0 the identity).
///
/// ```
/// use takeaway::games::octal::quotient::certificate::Certificate;
/// let text = r#"{"game":"nim","heaps":1,"elements":["1","a"],
///                "table":[[0,1],[1,0]],"p":[1],"phi":[0,1]}"#;
/// let c = Certificate::from_json(text).unwrap();
/// assert_eq!(c.phi, vec![0, 1]);
/// assert!(Certificate::from_json("{").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    /// The game (`octal:0.77`).
    pub game: String,
    /// `N`: `phi` covers heaps `0..=N`.
    pub heaps: usize,
    /// Element names (for people; the checker ignores them).
    #[serde(default)]
    pub elements: Vec<String>,
    /// `table[x][y] = xy`.
    pub table: Vec<Vec<u32>>,
    /// The elements of P.
    pub p: Vec<u32>,
    /// `phi[h]` for `h = 0..=N`.
    pub phi: Vec<u32>,
}

impl Certificate {
    /// Reads a certificate; the error names line and column.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The certificate as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

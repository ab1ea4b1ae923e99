//! The JSON renderer's compact column: millions of small numbers written
//! as a JSON array without a `serde_json::Value` each.

/// A column of `u32` values that serialises as a JSON array, `null` for the
/// marker [`Column::none`] (e.g. `L(0) = ∞`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The key of the column in the JSON object.
    pub key: String,
    /// The values.
    pub values: Vec<u32>,
    /// The value written as `null`.
    pub none: u32,
    /// `None`: one flat array. `Some((rows, cols))`: `values` holds `rows`
    /// rows of `cols` values one after the other, written as an array of
    /// arrays (a two-dimensional tableau).
    pub shape: Option<(usize, usize)>,
}

struct Flat<'a>(&'a [u32], u32);

impl serde::Serialize for Flat<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for &v in self.0 {
            if v == self.1 {
                seq.serialize_element(&())?;
            } else {
                seq.serialize_element(&v)?;
            }
        }
        seq.end()
    }
}

impl serde::Serialize for Column {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        match self.shape {
            None => Flat(&self.values, self.none).serialize(serializer),
            Some((rows, cols)) => {
                let mut seq = serializer.serialize_seq(Some(rows))?;
                for m in 0..rows {
                    let start = m.saturating_mul(cols);
                    let row = self
                        .values
                        .get(start..start.saturating_add(cols))
                        .unwrap_or(&[]);
                    seq.serialize_element(&Flat(row, self.none))?;
                }
                seq.end()
            }
        }
    }
}

//! The storage of a Grundy sequence: one byte a value while every value is
//! below 256, two below 65,536, else four; widened in place of the old
//! vector when a larger value appears.
//!
//! Law: [`Values::get`]`(n)` is the `n`-th value pushed, whatever the width;
//! [`Values::push`] widens (copying every value) exactly when the value does
//! not fit the current width.

/// A machine integer that stores Grundy values (`u8`, `u16` or `u32`).
pub trait Nimber:
    Copy
    + Default
    + Send
    + Sync
    + 'static
    + std::ops::BitXor<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + Eq
{
    /// Bytes a value takes.
    const BYTES: usize;
    /// The value as an index.
    fn index(self) -> usize;
    /// `v` if it fits this width.
    fn fit(v: usize) -> Option<Self>;
    /// All ones if `self == other`, else zero: one lane of a vector
    /// compare (the sparse-space scan ORs these).
    ///
    /// ```
    /// use takeaway::games::octal::nimber::Nimber;
    /// assert_eq!((7u16.eq_mask(7), 7u16.eq_mask(8)), (u16::MAX, 0));
    /// ```
    fn eq_mask(self, other: Self) -> Self;
    /// The buffer of this width in `buffers`.
    fn buffer(buffers: &mut Buffers) -> &mut Vec<Self>;
}

/// One scratch vector of each width, for state a solver keeps between
/// calls in the width of the values (the sparse-space solver's reversed
/// copy of the first values).
#[derive(Debug, Clone, Default)]
pub struct Buffers {
    u8s: Vec<u8>,
    u16s: Vec<u16>,
    u32s: Vec<u32>,
}

macro_rules! nimber {
    ($t:ty, $field:ident) => {
        impl Nimber for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
            #[inline(always)]
            fn fit(v: usize) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            #[inline(always)]
            fn eq_mask(self, other: Self) -> Self {
                if self == other { <$t>::MAX } else { 0 }
            }
            fn buffer(buffers: &mut Buffers) -> &mut Vec<Self> {
                &mut buffers.$field
            }
        }
    };
}
nimber!(u8, u8s);
nimber!(u16, u16s);
nimber!(u32, u32s);

/// The values `G(0), G(1), …` computed so far, at the narrowest width that
/// holds them all.
///
/// ```
/// use takeaway::games::octal::nimber::Values;
/// let mut v = Values::with_capacity(3);
/// v.push(7);
/// assert_eq!(v.width(), 1);
/// v.push(300); // widens to two bytes a value
/// assert_eq!((v.width(), v.get(0), v.get(1), v.len()), (2, 7, 300, 2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// One byte a value.
    U8(Vec<u8>),
    /// Two bytes a value.
    U16(Vec<u16>),
    /// Four bytes a value.
    U32(Vec<u32>),
}

impl Values {
    /// An empty sequence of one-byte values with room for `rows`.
    pub fn with_capacity(rows: usize) -> Self {
        Values::U8(Vec::with_capacity(rows))
    }

    /// Bytes a value takes now (1, 2 or 4).
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`; panics if `n ≥ len()`.
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => u32::from(v[n]),
            Values::U16(v) => u32::from(v[n]),
            Values::U32(v) => v[n],
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::U8(v) => v.truncate(len),
            Values::U16(v) => v.truncate(len),
            Values::U32(v) => v.truncate(len),
        }
    }

    /// The width a value `v` needs (1, 2 or 4 bytes).
    pub fn width_of(v: u32) -> usize {
        if v < 256 {
            1
        } else if v < 65_536 {
            2
        } else {
            4
        }
    }

    /// Widens every stored value to `width` bytes (no change if already as wide).
    pub fn widen(&mut self, width: usize) {
        if width <= self.width() {
            return;
        }
        let cap = match self {
            Values::U8(v) => v.capacity(),
            Values::U16(v) => v.capacity(),
            Values::U32(v) => v.capacity(),
        };
        *self = match (&*self, width) {
            (Values::U8(v), 2) => {
                let mut w = Vec::with_capacity(cap);
                w.extend(v.iter().map(|&x| u16::from(x)));
                Values::U16(w)
            }
            (Values::U8(v), _) => {
                let mut w = Vec::with_capacity(cap);
                w.extend(v.iter().map(|&x| u32::from(x)));
                Values::U32(w)
            }
            (Values::U16(v), _) => {
                let mut w = Vec::with_capacity(cap);
                w.extend(v.iter().map(|&x| u32::from(x)));
                Values::U32(w)
            }
            (Values::U32(_), _) => return,
        };
    }

    /// Appends `v`, widening first if it does not fit.
    pub fn push(&mut self, v: u32) {
        self.widen(Values::width_of(v));
        match self {
            Values::U8(s) => s.push(v as u8),
            Values::U16(s) => s.push(v as u16),
            Values::U32(s) => s.push(v),
        }
    }

    /// Calls `f` on every value in order.
    pub fn for_each(&self, mut f: impl FnMut(u32)) {
        match self {
            Values::U8(v) => v.iter().for_each(|&x| f(u32::from(x))),
            Values::U16(v) => v.iter().for_each(|&x| f(u32::from(x))),
            Values::U32(v) => v.iter().for_each(|&x| f(x)),
        }
    }

    /// The values as little-endian bytes, `width()` bytes each (for
    /// checkpoints).
    pub fn write_le(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        match self {
            Values::U8(v) => out.write_all(v),
            Values::U16(v) => {
                for chunk in v.chunks(1 << 16) {
                    let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
                    out.write_all(&bytes)?;
                }
                Ok(())
            }
            Values::U32(v) => {
                for chunk in v.chunks(1 << 16) {
                    let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
                    out.write_all(&bytes)?;
                }
                Ok(())
            }
        }
    }
}

//! The storage of a Grundy sequence: one byte a value while every value is
//! below 256, two below 65,536, else four; widened in place of the old
//! vector when a larger value appears. A sequence with a sparse space and
//! values below 512 can also be kept one byte a value as codes
//! ([`Coding`], [`Coded`]).
//!
//! Law: [`Values::get`]`(n)` is the `n`-th value pushed, whatever the width
//! or form; [`Values::push`] widens (copying every value) exactly when the
//! value does not fit the current width (coded values become two bytes a
//! value when a value of 512 or more, or of another class than the codes
//! allow, is pushed).

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

/// The one-byte code of the values below 512 under a sparse-space mask
/// (the compression Grossman used for Officers): with the rare class
/// `R = { v : parity(v & mask) = 0 }`, the code of `v` is `v` with bit `b`
/// (the lowest bit of `mask`) taken out and the bits above it moved down.
///
/// Law: `code` is linear over GF(2) (`code(x ^ y) = code(x) ^ code(y)`), and
/// a code with the class of its value gives the value back:
/// `value(code(v), parity(v & mask) = 0) = v` for every `v < 512` (bit `b`
/// is the one that makes the parity that of the class). So the options of a
/// heap are known by their codes once the class of each heap is known.
///
/// ```
/// use takeaway::games::octal::nimber::Coding;
/// let c = Coding::new(0x1ee).unwrap(); // bit 1 is taken out
/// assert_eq!(c.code(0b1_0110), 0b1010);
/// assert_eq!(c.code(6 ^ 300), c.code(6) ^ c.code(300));
/// for v in 0..512 {
///     assert_eq!(c.value(c.code(v), c.is_rare(v)), v as u32);
/// }
/// assert!(Coding::new(0x200).is_none()); // no bit below 9
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coding {
    /// The sparse space's mask.
    mask: usize,
    /// The bit taken out: the lowest of `mask`, below 9.
    bit: u32,
}

impl Coding {
    /// The coding of `mask`, if its lowest bit is below 9 (then every value
    /// below 512 has a code below 256).
    pub fn new(mask: usize) -> Option<Coding> {
        let bit = mask.trailing_zeros();
        (mask != 0 && bit < 9).then_some(Coding { mask, bit })
    }

    /// The mask.
    pub fn mask(self) -> usize {
        self.mask
    }

    /// Whether `v` is in the rare class (`parity(v & mask)` even).
    #[inline(always)]
    pub fn is_rare(self, v: usize) -> bool {
        (v & self.mask).count_ones() & 1 == 0
    }

    /// The code of `v < 512`.
    #[inline(always)]
    pub fn code(self, v: usize) -> u8 {
        let low = v & ((1 << self.bit) - 1);
        (((v >> (self.bit + 1)) << self.bit) | low) as u8
    }

    /// The value of the class `rare` with code `c`.
    #[inline(always)]
    pub fn value(self, c: u8, rare: bool) -> u32 {
        let c = usize::from(c);
        let low = c & ((1 << self.bit) - 1);
        let w = ((c >> self.bit) << (self.bit + 1)) | low;
        // Bit `bit` (in the mask) flips the parity to the class's.
        let w = if self.is_rare(w) == rare {
            w
        } else {
            w | 1 << self.bit
        };
        w as u32
    }
}

/// Values below 512 one byte each: their codes ([`Coding`]) and the heaps
/// whose value is rare (a short list when the sparse space is).
///
/// Law: [`Coded::get`]`(n)` is the `n`-th value pushed.
///
/// ```
/// use takeaway::games::octal::nimber::{Coded, Coding};
/// let mut c = Coded::new(Coding::new(0x1ee).unwrap(), 4);
/// for v in [0, 6, 2, 300] {
///     c.push(v).unwrap(); // 2 is common (one bit of 0x1ee), the others rare
/// }
/// assert_eq!((c.get(0), c.get(1), c.get(2), c.get(3)), (0, 6, 2, 300));
/// assert_eq!(c.rare_heaps(), [0, 1, 3]);
/// assert_eq!(c.push(512), Err(512)); // does not fit
/// ```
#[derive(Debug, Clone)]
pub struct Coded {
    codes: Vec<u8>,
    coding: Coding,
    /// The heaps whose value is rare, ascending.
    rare: Vec<usize>,
}

impl Coded {
    /// No values yet, room for `rows`.
    pub fn new(coding: Coding, rows: usize) -> Coded {
        Coded {
            codes: Vec::with_capacity(rows),
            coding,
            rare: Vec::new(),
        }
    }

    /// The values `g` as codes under `coding`, `g`'s memory given back as
    /// it is read (from the last value down, so that the two are not held
    /// whole at once); `Err(v)`: the first value of 512 or more.
    ///
    /// Law: the same as pushing the values of `g` in order into
    /// [`Coded::new`]`(coding, g.capacity())`.
    ///
    /// ```
    /// use takeaway::games::octal::nimber::{Coded, Coding};
    /// let coding = Coding::new(0x1ee).unwrap();
    /// let c = Coded::from_values(coding, vec![0, 6, 2, 300]).unwrap();
    /// assert_eq!((c.get(1), c.get(2), c.get(3)), (6, 2, 300));
    /// assert_eq!(c.rare_heaps(), [0, 1, 3]);
    /// assert_eq!(Coded::from_values(coding, vec![1, 512, 600]).err(), Some(512));
    /// ```
    pub fn from_values(coding: Coding, g: Vec<u16>) -> Result<Coded, u32> {
        if let Some(&v) = g.iter().find(|&&v| v >= 512) {
            return Err(u32::from(v));
        }
        let mut rare = Vec::new();
        let codes = convert(g, |n, v| {
            let v = usize::from(v);
            if coding.is_rare(v) {
                rare.push(n);
            }
            coding.code(v)
        });
        rare.sort_unstable();
        Ok(Coded {
            codes,
            coding,
            rare,
        })
    }

    /// The coding.
    pub fn coding(&self) -> Coding {
        self.coding
    }

    /// The codes, one a heap.
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// The codes, to be extended by the sparse-space kernel (which lists
    /// the new rare heaps with [`Coded::note_rare`]).
    pub fn codes_mut(&mut self) -> &mut Vec<u8> {
        &mut self.codes
    }

    /// Lists heap `n` (the last pushed or later) as rare.
    pub fn note_rare(&mut self, n: usize) {
        if self.rare.last().is_none_or(|&l| l < n) {
            self.rare.push(n);
        }
    }

    /// The heaps whose value is rare, ascending.
    pub fn rare_heaps(&self) -> &[usize] {
        &self.rare
    }

    /// Whether heap `n` has a rare value.
    #[inline]
    pub fn is_rare_heap(&self, n: usize) -> bool {
        self.rare.last().is_some_and(|&l| n <= l) && self.rare.binary_search(&n).is_ok()
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// `G(n)`; panics if `n ≥ len()`.
    pub fn get(&self, n: usize) -> u32 {
        self.coding.value(self.codes[n], self.is_rare_heap(n))
    }

    /// Appends `v`, or gives it back if it is 512 or more.
    pub fn push(&mut self, v: u32) -> Result<(), u32> {
        if v >= 512 {
            return Err(v);
        }
        if self.coding.is_rare(v as usize) {
            self.rare.push(self.codes.len());
        }
        self.codes.push(self.coding.code(v as usize));
        Ok(())
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        self.codes.truncate(len);
        let keep = self.rare.partition_point(|&r| r < len);
        self.rare.truncate(keep);
    }

    /// Calls `f` on every value in order.
    pub fn for_each(&self, mut f: impl FnMut(u32)) {
        let mut rare = self.rare.iter().copied().peekable();
        for (n, &c) in self.codes.iter().enumerate() {
            let r = rare.next_if_eq(&n).is_some();
            f(self.coding.value(c, r));
        }
    }

    /// How often each value occurs (index: value).
    pub fn counts(&self) -> Vec<u64> {
        let mut by_code = [0u64; 256];
        for &c in &self.codes {
            by_code[usize::from(c)] += 1;
        }
        let mut counts = vec![0u64; 512];
        for (c, &k) in by_code.iter().enumerate() {
            counts[self.coding.value(c as u8, false) as usize] += k;
        }
        for &r in &self.rare {
            let c = self.codes[r];
            counts[self.coding.value(c, false) as usize] -= 1;
            counts[self.coding.value(c, true) as usize] += 1;
        }
        counts
    }
}

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
#[derive(Debug, Clone)]
pub enum Values {
    /// One byte a value.
    U8(Vec<u8>),
    /// Two bytes a value.
    U16(Vec<u16>),
    /// Four bytes a value.
    U32(Vec<u32>),
    /// One byte a value below 512: codes by the sparse space.
    Coded(Coded),
}

/// Equal when the values are (whatever the width or form).
impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        if self.len() != other.len() {
            return false;
        }
        match (self, other) {
            (Values::U8(a), Values::U8(b)) => a == b,
            (Values::U16(a), Values::U16(b)) => a == b,
            (Values::U32(a), Values::U32(b)) => a == b,
            _ => (0..self.len()).all(|n| self.get(n) == other.get(n)),
        }
    }
}

impl Eq for Values {}

impl Values {
    /// An empty sequence of one-byte values with room for `rows`.
    pub fn with_capacity(rows: usize) -> Self {
        Values::U8(Vec::with_capacity(rows))
    }

    /// Bytes a value takes now (1, 2 or 4).
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) | Values::Coded(_) => 1,
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
            Values::Coded(c) => c.len(),
        }
    }

    /// Bytes a value takes in [`Values::write_le`]: [`Values::width`], but
    /// two for coded values (written as values).
    pub fn file_width(&self) -> usize {
        match self {
            Values::Coded(_) => 2,
            _ => self.width(),
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
            Values::Coded(c) => c.get(n),
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::U8(v) => v.truncate(len),
            Values::U16(v) => v.truncate(len),
            Values::U32(v) => v.truncate(len),
            Values::Coded(c) => c.truncate(len),
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

    /// Widens every stored value to `width` bytes (no change if already as
    /// wide; coded values become two bytes a value at least). The old
    /// values are read from the last one down and handed back to the
    /// allocator a mebibyte at a time, so that both are not held whole at
    /// once (from codes: 2 bytes a value at the peak, not 3).
    pub fn widen(&mut self, width: usize) {
        if let Values::Coded(_) = self {
            let Values::Coded(c) = std::mem::replace(self, Values::U8(Vec::new())) else {
                unreachable!("coded just above")
            };
            let (coding, rare) = (c.coding, c.rare);
            // `k`: the rare heaps below `n` (a cursor, for either order).
            let mut k = 0;
            *self = Values::U16(convert(c.codes, |n, code| {
                while k < rare.len() && rare[k] < n {
                    k += 1;
                }
                while k > 0 && rare[k - 1] >= n {
                    k -= 1;
                }
                let is_rare = rare.get(k) == Some(&n);
                coding.value(code, is_rare) as u16
            }));
        }
        if width <= self.width() {
            return;
        }
        *self = match (std::mem::replace(self, Values::U8(Vec::new())), width) {
            (Values::U8(v), 2) => Values::U16(convert(v, |_, x| u16::from(x))),
            (Values::U8(v), _) => Values::U32(convert(v, |_, x| u32::from(x))),
            (Values::U16(v), _) => Values::U32(convert(v, |_, x| u32::from(x))),
            (old @ (Values::U32(_) | Values::Coded(_)), _) => old,
        };
    }

    /// Appends `v`, widening first if it does not fit.
    pub fn push(&mut self, v: u32) {
        if let Values::Coded(c) = self
            && c.push(v).is_ok()
        {
            return;
        }
        self.widen(Values::width_of(v));
        match self {
            Values::U8(s) => s.push(v as u8),
            Values::U16(s) => s.push(v as u16),
            Values::U32(s) => s.push(v),
            Values::Coded(_) => unreachable!("widened above"),
        }
    }

    /// Calls `f` on every value in order.
    pub fn for_each(&self, mut f: impl FnMut(u32)) {
        match self {
            Values::U8(v) => v.iter().for_each(|&x| f(u32::from(x))),
            Values::U16(v) => v.iter().for_each(|&x| f(u32::from(x))),
            Values::U32(v) => v.iter().for_each(|&x| f(x)),
            Values::Coded(c) => c.for_each(f),
        }
    }

    /// The values as little-endian bytes, `file_width()` bytes each (for
    /// checkpoints).
    pub fn write_le(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        match self {
            Values::U8(v) => out.write_all(v),
            Values::Coded(c) => {
                let mut bytes = Vec::with_capacity(1 << 17);
                let mut result = Ok(());
                c.for_each(|x| {
                    bytes.extend_from_slice(&(x as u16).to_le_bytes());
                    if bytes.len() >= 1 << 17 && result.is_ok() {
                        result = out.write_all(&bytes);
                        bytes.clear();
                    }
                });
                result?;
                out.write_all(&bytes)
            }
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

/// Bytes from which [`convert`] fills from the last value down.
const BIG: usize = 64 << 20;

/// `src` as `f(n, src[n])` for each `n` (in some order), with the
/// capacity of `src`. A large one ([`BIG`] bytes or more) is allocated
/// zeroed (its pages taken only as they are written) and filled from the
/// last value down, while `src` is cut and shrunk a mebibyte at a time, so
/// that the memory held is at most the new values and the part of `src`
/// not yet read (with the system allocator, which gives a large block's
/// tail back when it shrinks). A smaller one is filled from the first
/// value up into a vector merely reserved: glibc serves a request below
/// its largest mmap threshold (32 MiB) from memory it may have to clear,
/// touching every page of the capacity (0.034 to 10^7 on one thread peaked
/// at 45 MiB that way, 18 MiB the other).
fn convert<S: Copy, D: Copy + Default>(src: Vec<S>, f: impl FnMut(usize, S) -> D) -> Vec<D> {
    convert_from(src, f, BIG)
}

/// [`convert`], filling from the last value down from `big` bytes on.
fn convert_from<S: Copy, D: Copy + Default>(
    mut src: Vec<S>,
    mut f: impl FnMut(usize, S) -> D,
    big: usize,
) -> Vec<D> {
    let len = src.len();
    let cap = src.capacity().max(len);
    if cap.saturating_mul(std::mem::size_of::<D>()) < big {
        let mut out = Vec::with_capacity(cap);
        out.extend(src.iter().enumerate().map(|(n, &x)| f(n, x)));
        return out;
    }
    let mut out = vec![D::default(); cap];
    out.truncate(len);
    let step = (1 << 20) / std::mem::size_of::<S>().max(1);
    let mut end = len;
    while end > 0 {
        let start = end.saturating_sub(step);
        for n in (start..end).rev() {
            out[n] = f(n, src[n]);
        }
        src.truncate(start);
        src.shrink_to_fit();
        end = start;
    }
    out
}

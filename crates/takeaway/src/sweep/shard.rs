//! Shards: a sweep's rule sets cut into runs of consecutive indices, the
//! unit of work that runs on one core (or one Dask task), is written to its
//! own file, and is skipped when a rerun finds that file.
//!
//! Law: shard `i` holds the indices `i·size .. min((i+1)·size, count)`; the
//! shards partition `0..count`, and there are `⌈count / size⌉` of them.

/// The cut of `count` rule sets into shards of `size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shards {
    /// How many rule sets in all.
    pub count: u64,
    /// Rule sets per shard (at least 1).
    pub size: u64,
}

impl Shards {
    /// How many shards: `⌈count / size⌉`.
    ///
    /// ```
    /// use takeaway::sweep::Shards;
    /// assert_eq!(Shards { count: 10, size: 4 }.len(), 3);
    /// assert_eq!(Shards { count: 0, size: 4 }.len(), 0);
    /// ```
    pub fn len(&self) -> u64 {
        self.count.div_ceil(self.size.max(1))
    }

    /// Whether there is no shard (no rule set).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The indices of shard `i`, as `start..end`.
    ///
    /// ```
    /// use takeaway::sweep::Shards;
    /// let s = Shards { count: 10, size: 4 };
    /// assert_eq!(s.range(0), 0..4);
    /// assert_eq!(s.range(2), 8..10);
    /// assert_eq!(s.range(5), 10..10);
    /// ```
    pub fn range(&self, i: u64) -> std::ops::Range<u64> {
        let size = self.size.max(1);
        let start = i.saturating_mul(size).min(self.count);
        let end = start.saturating_add(size).min(self.count);
        start..end
    }
}

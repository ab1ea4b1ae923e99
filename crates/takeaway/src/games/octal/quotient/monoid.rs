//! Bipartite monoids (Plambeck–Siegel 2008, §3): a finite commutative monoid
//! `Q` (element 0 the identity) with a P-portion `P ⊆ Q`, given by its
//! multiplication table; their isomorphisms and the tame quotients.
//!
//! Law: an isomorphism of bipartite monoids is a bijection `f` with
//! `f(xy) = f(x)f(y)` and `f(P) = P`; [`BipartiteMonoid::isomorphism`] finds
//! one or proves there is none (exhaustive over the images of a generating
//! set).

use serde::{Deserialize, Serialize};

/// A finite monoid with a P-portion, as a table.
///
/// ```
/// use takeaway::games::octal::quotient::monoid::BipartiteMonoid;
/// let t2 = BipartiteMonoid::t2();
/// assert_eq!(t2.order(), 6);
/// assert!(t2.is_commutative_monoid());
/// assert!(t2.isomorphism(&BipartiteMonoid::t1()).is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BipartiteMonoid {
    /// `table[x][y] = xy`; element 0 is the identity.
    pub table: Vec<Vec<u32>>,
    /// `p[x]`: whether `x ∈ P`.
    pub p: Vec<bool>,
}

impl BipartiteMonoid {
    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.table.len()
    }

    /// `xy`.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize][y as usize]
    }

    /// Whether the table is square with entries in range, element 0 is an
    /// identity, and the product is commutative and associative.
    pub fn is_commutative_monoid(&self) -> bool {
        let n = self.order();
        if n == 0 || self.p.len() != n {
            return false;
        }
        if self
            .table
            .iter()
            .any(|r| r.len() != n || r.iter().any(|&v| v as usize >= n))
        {
            return false;
        }
        for x in 0..n as u32 {
            if self.mul(0, x) != x || self.mul(x, 0) != x {
                return false;
            }
            for y in 0..n as u32 {
                if self.mul(x, y) != self.mul(y, x) {
                    return false;
                }
            }
        }
        for x in 0..n as u32 {
            for y in 0..n as u32 {
                let xy = self.mul(x, y);
                for z in 0..n as u32 {
                    if self.mul(xy, z) != self.mul(x, self.mul(y, z)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The tame quotient T1 = {1, a}, a² = 1, P = {a} (Plambeck 2005: the
    /// quotient of misère Nim heaps 0 and 1).
    pub fn t1() -> Self {
        BipartiteMonoid {
            table: vec![vec![0, 1], vec![1, 0]],
            p: vec![false, true],
        }
    }

    /// The tame quotient T2 = ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²}
    /// (Plambeck 2005; Plambeck–Siegel 2008: misère Nim heaps 0, 1, 2, 3).
    /// Elements `a^i b^j` in the order 1, a, b, ab, b², ab².
    pub fn t2() -> Self {
        // (i, j): i ∈ {0, 1}, j ∈ {0, 1, 2}; b³ = b.
        let elems: Vec<(u32, u32)> = vec![(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)];
        let id = |i: u32, j: u32| elems.iter().position(|&e| e == (i, j)).unwrap_or(0) as u32;
        let table = elems
            .iter()
            .map(|&(i1, j1)| {
                elems
                    .iter()
                    .map(|&(i2, j2)| {
                        let j = j1 + j2;
                        let j = if j >= 3 { 1 + (j - 1) % 2 } else { j };
                        id((i1 + i2) % 2, j)
                    })
                    .collect()
            })
            .collect();
        let p = elems.iter().map(|&e| e == (1, 0) || e == (0, 2)).collect();
        BipartiteMonoid { table, p }
    }

    /// The powers `x, x², …` until one repeats: `(index, period)` with
    /// `x^(index + period) = x^index` (index ≥ 1), and which powers are in P.
    fn power_profile(&self, x: u32) -> (usize, usize, Vec<bool>) {
        let mut seen: Vec<Option<usize>> = vec![None; self.order()];
        let mut pw = x;
        let mut k = 1;
        let mut in_p = Vec::new();
        loop {
            if let Some(first) = seen[pw as usize] {
                return (first, k - first, in_p);
            }
            seen[pw as usize] = Some(k);
            in_p.push(self.p[pw as usize]);
            pw = self.mul(pw, x);
            k += 1;
        }
    }

    /// A generating set: elements added while they are not products of the
    /// earlier ones (smallest index first).
    pub fn generators(&self) -> Vec<u32> {
        let n = self.order();
        let mut reached = vec![false; n];
        reached[0] = true;
        let mut members = vec![0u32];
        let mut gens = Vec::new();
        for x in 0..n as u32 {
            if reached[x as usize] {
                continue;
            }
            gens.push(x);
            let mut i = 0;
            // Close `members` under multiplication by the generators.
            let mut frontier: Vec<u32> = members.clone();
            while i < frontier.len() {
                let m = frontier[i];
                i += 1;
                for &g in &gens {
                    let v = self.mul(m, g);
                    if !reached[v as usize] {
                        reached[v as usize] = true;
                        members.push(v);
                        frontier.push(v);
                    }
                }
            }
        }
        gens
    }

    /// An isomorphism `f` to `other` as `f[x]`, or `None` when the two are
    /// not isomorphic as bipartite monoids.
    pub fn isomorphism(&self, other: &BipartiteMonoid) -> Option<Vec<u32>> {
        let n = self.order();
        if n != other.order()
            || self.p.iter().filter(|&&b| b).count() != other.p.iter().filter(|&&b| b).count()
        {
            return None;
        }
        let gens = self.generators();
        let profiles: Vec<_> = (0..n as u32).map(|y| other.power_profile(y)).collect();
        let candidates: Vec<Vec<u32>> = gens
            .iter()
            .map(|&g| {
                let pr = self.power_profile(g);
                (0..n as u32)
                    .filter(|&y| profiles[y as usize] == pr)
                    .collect()
            })
            .collect();
        let mut images = Vec::with_capacity(gens.len());
        self.search(other, &gens, &candidates, &mut images)
    }

    fn search(
        &self,
        other: &BipartiteMonoid,
        gens: &[u32],
        candidates: &[Vec<u32>],
        images: &mut Vec<u32>,
    ) -> Option<Vec<u32>> {
        if images.len() == gens.len() {
            return self.extend(other, gens, images);
        }
        for &c in &candidates[images.len()] {
            images.push(c);
            // Prune: the partial map on the submonoid generated so far.
            if self.extend_partial(other, &gens[..images.len()], images)
                && let Some(f) = self.search(other, gens, candidates, images)
            {
                return Some(f);
            }
            images.pop();
        }
        None
    }

    /// Builds `f` on the submonoid generated by `gens` (images `images`);
    /// `None` if it is not a well-defined injective P-preserving map.
    fn build(
        &self,
        other: &BipartiteMonoid,
        gens: &[u32],
        images: &[u32],
    ) -> Option<Vec<Option<u32>>> {
        let n = self.order();
        let mut f: Vec<Option<u32>> = vec![None; n];
        let mut used = vec![false; n];
        f[0] = Some(0);
        used[0] = true;
        let mut frontier = vec![0u32];
        let mut i = 0;
        while i < frontier.len() {
            let x = frontier[i];
            i += 1;
            let fx = f[x as usize]?;
            for (k, &g) in gens.iter().enumerate() {
                let v = self.mul(x, g);
                let fv = other.mul(fx, images[k]);
                match f[v as usize] {
                    Some(existing) if existing != fv => return None,
                    Some(_) => {}
                    None => {
                        if used[fv as usize] || self.p[v as usize] != other.p[fv as usize] {
                            return None;
                        }
                        used[fv as usize] = true;
                        f[v as usize] = Some(fv);
                        frontier.push(v);
                    }
                }
            }
        }
        Some(f)
    }

    fn extend_partial(&self, other: &BipartiteMonoid, gens: &[u32], images: &[u32]) -> bool {
        self.build(other, gens, images).is_some()
    }

    fn extend(&self, other: &BipartiteMonoid, gens: &[u32], images: &[u32]) -> Option<Vec<u32>> {
        let f = self.build(other, gens, images)?;
        let f: Vec<u32> = f.into_iter().collect::<Option<Vec<u32>>>()?;
        let n = self.order() as u32;
        for x in 0..n {
            for y in 0..n {
                if f[self.mul(x, y) as usize] != other.mul(f[x as usize], f[y as usize]) {
                    return None;
                }
            }
        }
        Some(f)
    }
}

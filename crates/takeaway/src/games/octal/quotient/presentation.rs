//! A presentation of a finite commutative monoid in the papers' notation:
//! generators `a, b, c, …` and relations such as `a² = 1`, `b³ = b`.
//!
//! Every element gets its *normal form*: the least monomial `a^i b^j …`
//! that equals it, in the graded lexicographic order (fewer factors first;
//! then more `a`s first, then more `b`s, …). The relations are `w = nf(w)`
//! for every *minimal* monomial `w` that is not a normal form (each monomial
//! one factor shorter is a normal form): the reduced Gröbner basis of the
//! monoid's congruence for that order, so rewriting any monomial with them
//! ends at its normal form (a complete presentation). The papers list
//! shorter, hand-chosen presentations; the two define the same monoid.

use super::monoid::BipartiteMonoid;

/// A monomial: the exponent of each generator.
pub type Monomial = Vec<u32>;

/// Normal forms and relations of a monoid for a list of generators.
///
/// ```
/// use takeaway::games::octal::quotient::{monoid::BipartiteMonoid, presentation::Presentation};
/// let t2 = BipartiteMonoid::t2();
/// // Elements 1, a, b, ab, b², ab²: generators a (1) and b (2).
/// let p = Presentation::new(&t2, &[1, 2]);
/// assert_eq!(p.name(4), "b²");
/// assert_eq!(p.relations_text(), vec!["a² = 1", "b³ = b"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// The generators (elements of the monoid).
    pub generators: Vec<u32>,
    /// `normal[x]`: the normal form of element `x`.
    pub normal: Vec<Monomial>,
    /// `(w, x)`: the relation `w = normal[x]`.
    pub relations: Vec<(Monomial, u32)>,
}

/// The name of generator `i`: `a` … `z`, then `g27`, `g28`, ….
pub fn generator_name(i: usize) -> String {
    match u8::try_from(i) {
        Ok(k) if k < 26 => ((b'a' + k) as char).to_string(),
        _ => format!("g{}", i + 1),
    }
}

fn superscript(n: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|d| DIGITS[(d - b'0') as usize])
        .collect()
}

/// `a²b`, `1` for the empty monomial.
pub fn monomial_text(m: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in m.iter().enumerate() {
        if e == 0 {
            continue;
        }
        s.push_str(&generator_name(i));
        if e > 1 {
            s.push_str(&superscript(e));
        }
    }
    if s.is_empty() { "1".to_string() } else { s }
}

/// `a` before `b`: graded, then more of the earlier generators first.
fn order_key(m: &[u32]) -> (u32, Vec<std::cmp::Reverse<u32>>) {
    (
        m.iter().sum(),
        m.iter().map(|&e| std::cmp::Reverse(e)).collect(),
    )
}

impl Presentation {
    /// Normal forms and relations of `q` over `generators` (which must
    /// generate `q`; elements they miss keep an empty normal form).
    pub fn new(q: &BipartiteMonoid, generators: &[u32]) -> Self {
        let n = q.order();
        let k = generators.len();
        let mut normal: Vec<Option<Monomial>> = vec![None; n];
        normal[0] = Some(vec![0; k]);
        let mut relations = Vec::new();
        let mut layer: Vec<(Monomial, u32)> = vec![(vec![0; k], 0)];
        while !layer.is_empty() {
            // Every monomial one factor longer than a normal form of this
            // degree, once each (extend by generators from the last used on).
            let mut next: Vec<(Monomial, u32)> = Vec::new();
            for (m, x) in &layer {
                let last = m.iter().rposition(|&e| e > 0).unwrap_or(0);
                for (g, &el) in generators.iter().enumerate().skip(last) {
                    let mut w = m.clone();
                    w[g] += 1;
                    next.push((w, q.mul(*x, el)));
                }
            }
            next.sort_by_key(|(w, _)| order_key(w));
            let mut new_layer = Vec::new();
            for (w, x) in next {
                if normal[x as usize].is_none() {
                    normal[x as usize] = Some(w.clone());
                    new_layer.push((w, x));
                } else {
                    // Minimal: every monomial one factor shorter is normal.
                    let minimal = (0..k).filter(|&g| w[g] > 0).all(|g| {
                        let mut d = w.clone();
                        d[g] -= 1;
                        normal.iter().any(|nf| nf.as_ref() == Some(&d))
                    });
                    if minimal {
                        relations.push((w, x));
                    }
                }
            }
            layer = new_layer;
        }
        Presentation {
            generators: generators.to_vec(),
            normal: normal.into_iter().map(Option::unwrap_or_default).collect(),
            relations,
        }
    }

    /// The name of element `x`: its normal form (`1`, `a`, `ab²`, …).
    pub fn name(&self, x: u32) -> String {
        monomial_text(&self.normal[x as usize])
    }

    /// The relations as text, `a² = 1`, in the order found.
    pub fn relations_text(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(w, x)| format!("{} = {}", monomial_text(w), self.name(*x)))
            .collect()
    }

    /// The elements sorted by normal form (the identity first).
    pub fn element_order(&self) -> Vec<u32> {
        let mut xs: Vec<u32> = (0..self.normal.len() as u32).collect();
        xs.sort_by_key(|&x| order_key(&self.normal[x as usize]));
        xs
    }
}

//! Number systems: Fibonacci numbers, Zeckendorf's canonical and second
//! canonical representations (paper 001), and the generalised bases of
//! Holshouser–Reiter (paper 002, Definition 1) that contain Schwenk's
//! H-sequences, the Fibonacci numbers and the powers of two.

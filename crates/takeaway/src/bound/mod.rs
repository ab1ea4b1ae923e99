//! The move-bound language: `f(n, t)` typed by the user, parsed once,
//! evaluated exactly on integers of any size, and compiled for solver loops.

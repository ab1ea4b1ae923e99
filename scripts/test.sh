#!/usr/bin/env bash
# The test command of README.md: lint, docs and every test, on a fresh machine.
# Installs what it needs beyond the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

# Components (present on the standard toolchain; installed if missing).
if command -v rustup >/dev/null 2>&1; then
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
fi

# Headless Chromium + chromedriver for the browser end-to-end test (crates/takeaway-tests/tests/e2e.rs).
bash scripts/install-browser.sh

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked

echo "== cargo test (profile ci = release + overflow checks: unit, property, CLI and doc tests)"
cargo test --workspace --profile ci --locked

echo "== Python package (crates/takeaway-py): wheel into a fresh virtual environment, pytest"
# The wheel is built by maturin in the `ci` profile into this tree's target
# directory, so it reuses what `cargo test` compiled (pyo3 and the crates
# whose features match); the tests compare with the `takeaway` binary that
# `cargo test` built (target/ci/takeaway).
bash scripts/test-python.sh

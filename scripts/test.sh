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

# Headless Chromium + chromedriver for the browser end-to-end test (takeaway-web/tests/e2e.rs).
bash scripts/install-browser.sh

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked

echo "== cargo test (profile ci = release + overflow checks: unit, property, CLI and doc tests)"
cargo test --workspace --profile ci --locked

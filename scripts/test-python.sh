#!/usr/bin/env bash
# The Python package's check: a fresh virtual environment, `pip install
# ./crates/takeaway-py` (maturin builds the wheel), the README's one-liner,
# `mypy --strict` on the README's Python examples, then the pytest suite
# against the command line built in the same tree. One test
# (tests/test_rust_family.py) builds the extension tests/squares-ext with
# cargo, in the `ci` profile into this target directory (what the lines
# below compiled is reused), and imports it as the package `takeaway`.
# Run from scripts/test.sh after `cargo test --profile ci` (which builds
# target/ci/takeaway); on its own it builds that binary first.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"

cargo build --profile ci --locked -p takeaway-cli --quiet
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
# shellcheck disable=SC1091
source "$work/venv/bin/activate"
# Pinned (the versions the suite was last run with), so a new release on
# PyPI cannot change what CI runs.
pip install --quiet --disable-pip-version-check maturin==1.16.0 numpy==2.4.6 pytest==9.2.0 mypy==2.4.1 \
  dask==2026.8.0 distributed==2026.8.0
# --no-build-isolation: the maturin just installed builds the wheel (no second download).
# The `dask` extra too: the Dask sweep tests run (TAKEAWAY_TEST_DASK=1 makes
# a missing Dask a failure, not a skip).
pip install --quiet --disable-pip-version-check --no-build-isolation \
  --config-settings=build-args="--profile ci --locked" "./crates/takeaway-py[dask]"
# The README's check, from outside the source tree.
(cd "$work" && python -c "import takeaway; print(takeaway.analyze('fibonacci', 20))" >/dev/null)
# The package's stubs: mypy --strict on the README's Python examples (the
# file a pytest keeps equal to the READMEs' blocks), against the installed wheel.
(cd "$work" && python -m mypy --strict --no-incremental --cache-dir=/dev/null \
  "$root/crates/takeaway-py/tests/readme_examples.py")
cd "$work"
# The misère quotients the tests compute stay in this run's own directory.
export TAKEAWAY_CACHE_DIR="$work/quotients"
TAKEAWAY_TEST_DASK=1 TAKEAWAY_CLI="$CARGO_TARGET_DIR/ci/takeaway" python -m pytest -q -p no:cacheprovider "$root/crates/takeaway-py/tests"

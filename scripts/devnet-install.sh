#!/usr/bin/env bash
# Installs starknet-devnet (the conformance tier's real Starknet engine) from
# crates.io, with the Debian packages its build needs. Idempotent: does
# nothing when `starknet-devnet --version` already reports the pinned version.
# Usage: npm run devnet:install   (DEVNET_VERSION overrides the pin)
set -euo pipefail

VERSION="${DEVNET_VERSION:-0.10.1}"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"

say() { echo "devnet:install: $*"; }
fail() {
  echo "devnet:install: FAILED: $*" >&2
  exit 1
}

installed_version() {
  starknet-devnet --version 2>/dev/null | awk '{print $2}'
}

if command -v starknet-devnet >/dev/null 2>&1; then
  current="$(installed_version || true)"
  if [ "$current" = "$VERSION" ]; then
    say "starknet-devnet $VERSION is already installed at $(command -v starknet-devnet); nothing to do."
    exit 0
  fi
  say "found starknet-devnet '${current:-unknown}', want $VERSION: reinstalling."
fi

command -v cargo >/dev/null 2>&1 ||
  fail "cargo is not installed (install Rust with rustup, then run this again)."

# The build links OpenSSL through pkg-config (openssl-sys).
missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
dpkg -s libssl-dev >/dev/null 2>&1 || missing+=(libssl-dev)
if [ "${#missing[@]}" -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 ||
    fail "missing ${missing[*]} and apt-get is not available: install them with your package manager."
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 ||
      fail "missing ${missing[*]}: run as root or install sudo."
    SUDO=(sudo)
  fi
  say "installing Debian packages: ${missing[*]}"
  "${SUDO[@]}" apt-get update ||
    fail "apt-get update failed (is a Debian mirror reachable?)."
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}" ||
    fail "apt-get install ${missing[*]} failed."
else
  say "pkg-config and libssl-dev are present."
fi

# A lasting target folder: a build that is stopped (Ctrl-C, CI stopping
# after a failed test) resumes there next time instead of starting over.
# Removed once the install succeeds.
TARGET_DIR="${DEVNET_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/snapnet/devnet-target}"
mkdir -p "$TARGET_DIR"
say "building starknet-devnet $VERSION from crates.io in $TARGET_DIR (cargo install --locked; about 20 minutes on 2 cores the first time, longer on a busy machine)..."
started=$(date +%s)
CARGO_TARGET_DIR="$TARGET_DIR" cargo install --locked starknet-devnet --version "$VERSION" ||
  fail "cargo install --locked starknet-devnet --version $VERSION failed (see cargo's error above)."
elapsed=$(($(date +%s) - started))
rm -rf "$TARGET_DIR"

current="$(installed_version || true)"
[ "$current" = "$VERSION" ] ||
  fail "after the build, starknet-devnet --version reports '${current:-nothing}', not $VERSION (is $CARGO_BIN on PATH?)."
say "installed starknet-devnet $VERSION at $(command -v starknet-devnet) in ${elapsed}s."

#!/usr/bin/env bash
# Installs what kiosk-shell needs on Debian 12 (apt packages) and checks the Swift toolchain.
# Run as root or with sudo available. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

mapfile -t packages < <(grep -v '^\s*#' scripts/debian-packages.txt | grep -v '^\s*$')
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update
as_root apt-get install -y --no-install-recommends "${packages[@]}"

if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH" && break
    done
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "setup: no Swift toolchain on PATH: install Swift 6.x for Debian 12 from swift.org and add its usr/bin to PATH" >&2
    exit 1
fi
# Found is not enough: a toolchain missing a library of its own fails at its first command.
if ! version=$(swift --version 2>&1); then
    echo "setup: $(command -v swift) does not run: $(printf '%s\n' "$version" | head -n 1)" >&2
    exit 1
fi
echo "setup: ready ($(printf '%s\n' "$version" | head -n 1))"

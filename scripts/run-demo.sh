#!/usr/bin/env bash
# Builds kiosk-shell and shows the shipped demo config: every page drawn into out/demo/*.png, and
# a frame in the middle of turning the home cube, so a newcomer sees what the panel shows.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH

swift build -c release --product kiosk-shell
bin=.build/release/kiosk-shell
"$bin" check --config Config
mkdir -p out/demo
"$bin" render --config Config --all --out out/demo >/dev/null
"$bin" render --config Config --page home --actions "drag 1000,400 300,400 300ms" --at 0.2 --out out/demo/home-turning.png >/dev/null
echo "run-demo: wrote $(ls out/demo | wc -l) PNGs to out/demo/ (home.png is the first face; home-turning.png is mid-turn)"

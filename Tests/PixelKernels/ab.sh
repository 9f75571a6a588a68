#!/bin/sh
# The tile loop alone, timed for several revisions side by side (tile-ab.c says how):
#   Tests/PixelKernels/ab.sh HEAD~1 .          # "." is the working tree
#   TIER=2 SCALE=0.9 SX=0.93 Tests/PixelKernels/ab.sh main my-branch
# Each revision's Sources/CPixelKernels is built as a shared library (clang -O2, as the package
# builds it) and every frame is drawn by each in turn. A measuring tool, not a test: run by hand.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 REVISION|. ..." >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=${CC:-clang}
libraries=
n=0
for revision in "$@"; do
    n=$((n + 1))
    src="$out/src$n"
    mkdir -p "$src"
    if [ "$revision" = . ]; then
        cp -r "$root/Sources/CPixelKernels/." "$src"
    else
        git -C "$root" archive "$revision" Sources/CPixelKernels | tar -x -C "$src" --strip-components=2
    fi
    name=$(printf '%s' "$revision" | tr -c 'A-Za-z0-9._~^-' '_')
    $cc -O2 -std=gnu11 -fPIC -shared -I"$src/include" "$src"/*.c -o "$out/$n-$name.so"
    libraries="$libraries $out/$n-$name.so"
done
$cc -O2 -std=gnu11 -I"$root/Sources/CPixelKernels/include" "$here/tile-ab.c" -o "$out/tile-ab" -ldl
# shellcheck disable=SC2086
"$out/tile-ab" $libraries

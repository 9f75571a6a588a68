#!/usr/bin/env bash
# The Swift sources are laid out by swift-format with the repository's .swift-format: 4-space
# indents, 100 columns, only the pretty printer (every lint rule is off, so names and idioms stay
# the authors' choice). Formats a copy of every tracked Swift file and fails, naming the files
# that differ, when the tree is not as swift-format would write it.
#   scripts/check-format.sh          check (scripts/test.sh runs this)
#   scripts/check-format.sh --fix    format the tree in place
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift-format ] && ! command -v swift-format >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
command -v swift-format >/dev/null || { echo "check-format: swift-format not found (it comes with the Swift toolchain)"; exit 1; }

mapfile -t files < <(git ls-files '*.swift')
if [ "${1:-}" = --fix ]; then
    swift-format format --configuration .swift-format --parallel -i "${files[@]}"
    exit 0
fi
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z '*.swift' | xargs -0 cp --parents -t "$copy"
swift-format format --configuration .swift-format --parallel -i "${files[@]/#/$copy/}"
different=()
for file in "${files[@]}"; do cmp -s "$file" "$copy/$file" || different+=("$file"); done
if [ ${#different[@]} -gt 0 ]; then
    echo "check-format: ${#different[@]} files are not as swift-format writes them (scripts/check-format.sh --fix):"
    printf '  %s\n' "${different[@]:0:20}"
    exit 1
fi
echo "check-format: ${#files[@]} Swift files as swift-format writes them"

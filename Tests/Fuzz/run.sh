#!/usr/bin/env bash
# Builds everything under AddressSanitizer with libFuzzer's coverage instrumentation in
# .build/sanitize (shared with the ASan unit-test run of scripts/test.sh), then fuzzes config
# loading and drawing from the committed seed corpus for FUZZ_SECONDS (default 150), with the
# TOML dictionary (kiosk.dict, written by make-dict.py) and a mutator that also repeats pieces of
# an input thousands of times (Sources/FuzzMutator.swift: deep structures, issue 26).
# Fails on any crash, any input over FUZZ_TIMEOUT seconds (default 10) and any input over the
# memory budget (FUZZ_RSS_MB resident, FUZZ_MALLOC_MB in one allocation; defaults 1536 and 512).
# New inputs go to .build/sanitize/fuzz-corpus; a crashing one to .build/sanitize/fuzz-artifacts/.
#   Tests/Fuzz/run.sh            build and fuzz
#   Tests/Fuzz/run.sh --build    only build
#   Tests/Fuzz/run.sh FILE...    replay inputs (a crash file) under the sanitized build
set -uo pipefail
cd "$(dirname "$0")/../.."
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH

scratch=.build/sanitize
driver=$(ls "$(dirname "$(readlink -f "$(command -v swift)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)
if [ -z "$driver" ]; then echo "run.sh: libclang_rt.fuzzer_no_main not found in the Swift toolchain"; exit 1; fi
export KIOSK_FUZZ_DRIVER=$driver
export FONTCONFIG_FILE="$PWD/Tests/Fonts/fonts.conf"
# Swift's runtime keeps some allocations for the process's lifetime; leaks are not what this finds.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1:quarantine_size_mb=16}

build() {
    swift build --build-tests --scratch-path "$scratch" \
        -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
}

case "${1:-}" in
--build) build; exit $? ;;
"") ;;
*) build >/dev/null || exit 1; exec "$scratch/debug/kiosk-fuzz" -runs=0 "$@" ;;
esac

build || exit 1
mkdir -p "$scratch/fuzz-corpus" "$scratch/fuzz-artifacts"
"$scratch/debug/kiosk-fuzz" "$scratch/fuzz-corpus" Tests/Fuzz/corpus \
    -dict=Tests/Fuzz/kiosk.dict -max_total_time="${FUZZ_SECONDS:-150}" -timeout="${FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb="${FUZZ_RSS_MB:-1536}" -malloc_limit_mb="${FUZZ_MALLOC_MB:-512}" -max_len=65536 \
    -artifact_prefix="$scratch/fuzz-artifacts/" -print_final_stats=1

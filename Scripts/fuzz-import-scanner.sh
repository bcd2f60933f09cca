#!/usr/bin/env bash
# Fuzzes the import scanner with libFuzzer: every input goes through the reader, the lexer, the
# scanner and `#if` evaluation, with invariants checked (see Fuzz/Sources). A crash, a failed
# invariant or an input that takes more than 10 s stops the run and leaves the input under
# Fuzz/.build/findings/.
#   Scripts/fuzz-import-scanner.sh            1,000,000 inputs
#   Scripts/fuzz-import-scanner.sh 50000      a shorter run
# Seeds are the repository's Swift files, and Fuzz/import-scanner.dict holds the tokens at the
# grammar's edges (raw and multi-line string delimiters, interpolation, regex and comments); the corpus libFuzzer grows is kept in
# Fuzz/.build/corpus between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000000}"

swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
fuzzer="Fuzz/.build/release/fuzz-import-scanner"

seeds=Fuzz/.build/seeds corpus=Fuzz/.build/corpus findings=Fuzz/.build/findings
mkdir -p "$seeds" "$corpus" "$findings"
# Every Swift file of the examples, the fixtures and Strata's scanner and its tests, flattened.
find Examples Tests/Fixtures Tests/StrataSourcesTests Sources/StrataLexer Sources/StrataSources -name '*.swift' -not -path '*/.build/*' |
    while read -r file; do cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"; done

# Swift's own crash handler would take the trap before libFuzzer could save the input: off.
SWIFT_BACKTRACE=enable=no "$fuzzer" -runs="$runs" -dict=Fuzz/import-scanner.dict -max_len=16384 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$findings/" "$corpus" "$seeds"
echo "fuzz-import-scanner: $runs inputs without a crash, a failed invariant or a hang"

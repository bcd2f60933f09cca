#!/usr/bin/env bash
# The registry's throughput and tail latency on loopback, side by side in one run:
#   1. one replica on SQLite and a folder (the default),
#   2. one replica on PostgreSQL and an S3 bucket (moto's server),
#   3. two replicas sharing that PostgreSQL database and bucket.
# For each: release metadata (GET /bench/Network/1.0.0) and archive download (GET …/1.0.0.zip),
# with wrk (2 threads and 16 connections in all; with two replicas one wrk per replica with 8
# connections each, run at once: requests/s summed, the worse p99). Rounds alternate between the
# set-ups; the medians are printed as a Markdown table for docs/BENCHMARKS.md.
#
#   swift build -c release --product strata-registry
#   Benchmarks/Registry/replicas.sh [seconds per measurement, default 10] [rounds, default 3]
#
# Needs wrk, PostgreSQL and moto (apt-get install wrk postgresql; pip install "moto[server]").
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-10}
rounds=${2:-3}
registry=${STRATA_REGISTRY_BINARY:-$PWD/.build/release/strata-registry}
[[ -x $registry ]] || { echo "build it first: swift build -c release --product strata-registry" >&2; exit 2; }
for tool in wrk moto_server curl; do command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }; done
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[[ -x $pgbin/postgres ]] || { echo "needs PostgreSQL (apt-get install postgresql)" >&2; exit 2; }

work=$(mktemp -d)
chmod 777 "$work"
pids=()
cleanup() {
    # Replicas are started inside $(serve …), a subshell: their ids are in a file.
    [[ -f $work/replica-pids ]] && mapfile -t -O "${#pids[@]}" pids <"$work/replica-pids"
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 200); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.05; done; echo "nothing listens on $1" >&2; exit 1; }
as_postgres() { if [[ $(id -u) == 0 ]]; then setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; else "$@"; fi; }

# PostgreSQL and moto on free loopback ports.
as_postgres "$pgbin/initdb" -D "$work/pg" -A trust -U strata --no-sync >/dev/null
pg_port=$(free_port)
as_postgres "$pgbin/postgres" -D "$work/pg" -p "$pg_port" -k "$work" -c listen_addresses=127.0.0.1 -c max_connections=200 >"$work/pg.log" 2>&1 &
pids+=($!)
wait_port "$pg_port"
"$pgbin/createdb" -h 127.0.0.1 -p "$pg_port" -U strata registry
s3_port=$(free_port)
moto_server -H 127.0.0.1 -p "$s3_port" >"$work/moto.log" 2>&1 &
pids+=($!)
wait_port "$s3_port"
curl -sf -X PUT "http://127.0.0.1:$s3_port/bench" >/dev/null
export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench
shared=(--database "postgres://strata@127.0.0.1:$pg_port/registry?sslmode=disable" --storage "s3://bench/registry?endpoint=http://127.0.0.1:$s3_port")
"$registry" migrate "${shared[@]}" >/dev/null

# One small package's source archive, as SwiftPM makes it.
mkdir -p "$work/Network/Sources/Network"
cat >"$work/Network/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(name: "Network", products: [.library(name: "Network", targets: ["Network"])], targets: [.target(name: "Network")])
SWIFT
echo 'public enum Network { public static let value = 1 }' >"$work/Network/Sources/Network/Network.swift"
swift package --package-path "$work/Network" archive-source --output "$work/Network.zip" >/dev/null

# serve ARGS…: starts a replica, prints its port (its process id goes to a file: this runs in a
# subshell, whose variables the clean-up never sees).
serve() {
    local out="$work/serve-$RANDOM.out"
    "$registry" serve --port 0 "$@" >"$out" 2>/dev/null &
    echo $! >>"$work/replica-pids"
    for _ in $(seq 200); do grep -q "listening" "$out" 2>/dev/null && break; sleep 0.05; done
    sed -E 's/.*:([0-9]+)$/\1/' "$out"
}

# Set-up, data and tokens: the SQLite folder, and the shared backends.
local_data=(--data "$work/sqlite")
for storage in local shared; do
    if [[ $storage == local ]]; then args=("${local_data[@]}"); else args=(--data "$work/unused" "${shared[@]}"); fi
    token=$("$registry" token create --name bench --scope bench --write "${args[@]}" 2>/dev/null)
    "$registry" scope anonymous-read bench "${args[@]}"
    port=$(serve "${args[@]}")
    status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Authorization: Bearer $token" -H "Accept: application/vnd.swift.registry.v1+json" \
        -F "source-archive=@$work/Network.zip;type=application/zip" "http://127.0.0.1:$port/bench/Network/1.0.0")
    [[ $status == 201 ]] || { echo "publishing to the $storage registry: HTTP $status" >&2; exit 1; }
done
sqlite_port=$(serve "${local_data[@]}")
shared_one=$(serve --data "$work/unused" "${shared[@]}")
shared_two=$(serve --data "$work/unused" "${shared[@]}")

# measure PATH ACCEPT PORT…: "requests/s p99-ms" over the given replicas, one wrk per replica at once.
measure() {
    local path=$1 accept=$2
    shift 2
    local connections=$((16 / $#)) threads=$((2 / $# > 0 ? 2 / $# : 1)) outs=() load=()
    for port in "$@"; do
        local out="$work/wrk-$port-$RANDOM"
        outs+=("$out")
        wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -H "Accept: $accept" "http://127.0.0.1:$port$path" >"$out" &
        load+=($!)
    done
    wait "${load[@]}"
    python3 - "${outs[@]}" <<'PY'
import re, sys
total, worst = 0.0, 0.0
for path in sys.argv[1:]:
    text = open(path).read()
    total += float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", text).groups()
    worst = max(worst, float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit])
print(f"{total:.0f} {worst:.2f}")
PY
}

declare -A results
setups=("one replica, SQLite and a folder:$sqlite_port" "one replica, PostgreSQL and S3:$shared_one" "two replicas, PostgreSQL and S3:$shared_one $shared_two")
endpoints=("release metadata:/bench/Network/1.0.0:application/vnd.swift.registry.v1+json" "archive download:/bench/Network/1.0.0.zip:application/vnd.swift.registry.v1+zip")
for round in $(seq "$rounds"); do
    for endpoint in "${endpoints[@]}"; do
        IFS=: read -r label path accept <<<"$endpoint"
        for setup in "${setups[@]}"; do
            name=${setup%%:*}
            read -ra ports <<<"${setup#*:}"
            measured=$(measure "$path" "$accept" "${ports[@]}")
            results["$label|$name"]+="$measured;"
            echo "round $round: $label, $name: $measured (requests/s, p99 ms)" >&2
        done
    done
done

echo "| endpoint | set-up | requests/s | p99 |"
echo "|---|---|---:|---:|"
for endpoint in "${endpoints[@]}"; do
    label=${endpoint%%:*}
    for setup in "${setups[@]}"; do
        name=${setup%%:*}
        python3 - "$label" "$name" "${results["$label|$name"]}" <<'PY'
import statistics, sys
label, name, raw = sys.argv[1:]
pairs = [tuple(map(float, item.split())) for item in raw.split(";") if item.strip()]
print(f"| {label} | {name} | {statistics.median(p[0] for p in pairs):,.0f} | {statistics.median(p[1] for p in pairs):.1f} ms |")
PY
    done
done

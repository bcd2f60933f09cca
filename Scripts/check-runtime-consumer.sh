#!/usr/bin/env bash
# Proves that an app depending only on StrataDI and StrataRouting resolves and builds no other
# package, at the libraries' platform floor (iOS 13, macOS 10.15): makes a consumer package in a
# temporary folder that depends on StrataRuntime by path, builds and runs it, and fails if SwiftPM
# fetched, pinned or built anything else. (Linux does not check Apple availability; the runtime's
# PlatformFloorTests do.)
#   Scripts/check-runtime-consumer.sh
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
consumer=$(mktemp -d)
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/Consumer"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Consumer",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [.package(path: "$repository/StrataRuntime")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "StrataDI", package: "StrataRuntime"),
            .product(name: "StrataRouting", package: "StrataRuntime"),
        ])
    ]
)
SWIFT
cat > "$consumer/Sources/Consumer/main.swift" <<'SWIFT'
import StrataDI
import StrataRouting

protocol Greeting: Sendable { var text: String { get } }
struct Hello: Greeting { let text = "hello from StrataDI" }

/// A SwiftUI view's shape: a struct whose injected property is read through a `let`.
struct GreetingView {
    @Injected var greeting: any Greeting
}

let container = Container()
container.register((any Greeting).self, scope: .singleton) { _ in Hello() }
try container.verify()
Injection.use(container)
let view = GreetingView()
_ = try view.$greeting.resolve()

let greet = try RoutePattern("app://greet/:name")
let router = Router()
try router.register(greet.text) { request in
    .success("\(view.greeting.text) and StrataRouting, \(request.parameters["name", as: String.self]!)")
}
guard case .success(let value) = try await router.open(try greet.url(["name": "consumer"])) else { fatalError("the route failed") }
print(value as! String)
SWIFT
cd "$consumer"
swift build 2>&1 | tail -n 1
output=$(swift run --skip-build Consumer)
[[ "$output" == "hello from StrataDI and StrataRouting, consumer" ]] || { echo "unexpected output: $output" >&2; exit 1; }
# Nothing fetched, nothing pinned, and only the runtime's modules built.
if [[ -d .build/checkouts ]] && [[ -n "$(ls -A .build/checkouts)" ]]; then
    echo "error: the consumer fetched packages: $(ls .build/checkouts | tr '\n' ' ')" >&2
    exit 1
fi
if [[ -f Package.resolved ]] && grep -q '"identity"' Package.resolved; then
    echo "error: the consumer pinned packages:" >&2
    cat Package.resolved >&2
    exit 1
fi
modules=$(cd .build/debug/Modules 2>/dev/null && ls -- *.swiftmodule | sed 's/\.swiftmodule$//' | sort | tr '\n' ' ')
[[ "$modules" == "Consumer StrataDI StrataRouting StrataRuntimeSupport " ]] || { echo "error: unexpected modules built: $modules" >&2; exit 1; }
echo "runtime consumer: built and ran with no other package ($modules)"

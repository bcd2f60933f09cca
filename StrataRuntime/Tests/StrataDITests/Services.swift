import StrataDI
import StrataRuntimeSupport

// Small services the tests register: protocols as modules would expose them, and implementations.

protocol Radio: Sendable { var id: Int { get } }
protocol Telemetry: Sendable { var radio: any Radio { get } }
protocol Suits: Sendable {
    var telemetry: any Telemetry { get }
    var radio: any Radio { get }
}

/// Counts instances so tests can tell transient from shared.
final class Counter: Sendable {
    private let value = Lock(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
    var count: Int { value.withLock { $0 } }
}

final class RadioLink: Radio {
    let id: Int
    init(id: Int) { self.id = id }
}

struct TelemetryFeed: Telemetry {
    let radio: any Radio
}

struct SuitService: Suits {
    let telemetry: any Telemetry
    let radio: any Radio
}

struct Suit: Sendable, Equatable {
    let serial: String
    let size: Int
}

struct NotConnected: Error, CustomStringConvertible {
    var description: String { "the ground station is not connected" }
}

/// `a === b` for any two services that are class instances.
func same(_ a: any Sendable, _ b: any Sendable) -> Bool { (a as AnyObject) === (b as AnyObject) }

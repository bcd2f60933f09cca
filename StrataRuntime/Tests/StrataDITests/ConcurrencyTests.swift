import Dispatch
import StrataDI
import Testing

/// Stress tests; run them under ThreadSanitizer too (`swift test --sanitize=thread`).
@Suite struct ConcurrencyTests {
    @Test func aSingletonIsMadeOnceUnderConcurrentResolves() throws {
        let counter = Counter()
        let container = Container()
        container.register(RadioLink.self, scope: .singleton) { _ in RadioLink(id: counter.next()) }
        container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve(RadioLink.self)) }
        DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
            let telemetry = try? container.resolve((any Telemetry).self)
            #expect(telemetry?.radio.id == 1)
        }
        #expect(counter.count == 1)
    }

    @Test func registeringWhileOtherThreadsResolve() throws {
        let container = Container()
        container.register((any Radio).self) { _ in RadioLink(id: 0) }
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            if index % 10 == 0 {
                container.register((any Radio).self, name: "radio-\(index)") { _ in RadioLink(id: index) }
                #expect((try? container.resolve((any Radio).self, name: "radio-\(index)"))?.id == index)
            } else {
                #expect((try? container.resolve((any Radio).self))?.id == 0)
            }
        }
        #expect(container.registrations.count == 101)
    }

    @Test func customScopesResetWhileOthersResolve() throws {
        let counter = Counter()
        let container = Container()
        container.register(RadioLink.self, scope: .custom(.session)) { _ in RadioLink(id: counter.next()) }
        container.register(RadioLink.self, name: "weak", scope: .weak) { _ in RadioLink(id: counter.next()) }
        DispatchQueue.concurrentPerform(iterations: 2_000) { index in
            if index % 100 == 0 { container.reset(.session) }
            #expect((try? container.resolve(RadioLink.self)) != nil)
            #expect((try? container.resolve(RadioLink.self, name: "weak")) != nil)
        }
    }

    @Test func verifyOnOneThreadWhileOthersResolve() throws {
        let container = Container()
        container.register(RadioLink.self, scope: .singleton) { _ in RadioLink(id: 1) }
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            if index % 20 == 0 {
                #expect(throws: Never.self) { try container.verify() }
            } else {
                #expect((try? container.resolve(RadioLink.self))?.id == 1)
            }
        }
    }
}

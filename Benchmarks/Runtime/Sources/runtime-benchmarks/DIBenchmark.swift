import Dependencies
import StrataDI
import Swinject

// MARK: StrataDI

func strataContainer() -> StrataDI.Container {
    let container = StrataDI.Container()
    container.register(B.self, scope: .transient) { _ in B() }
    container.register(C.self, scope: .transient) { _ in C() }
    container.register(A.self, scope: .transient) { r in A(b: try r.resolve(), c: try r.resolve()) }
    container.register(Shared.self, scope: .singleton) { _ in Shared() }
    container.register(Link.self, name: "end") { _ in Link(depth: 10, next: nil) }
    container.register(Chain9.self) { r in Chain9(link: Link(depth: 9, next: try r.resolve(Link.self, name: "end"))) }
    container.register(Chain8.self) { r in Chain8(link: Link(depth: 8, next: try r.resolve(Chain9.self).link)) }
    container.register(Chain7.self) { r in Chain7(link: Link(depth: 7, next: try r.resolve(Chain8.self).link)) }
    container.register(Chain6.self) { r in Chain6(link: Link(depth: 6, next: try r.resolve(Chain7.self).link)) }
    container.register(Chain5.self) { r in Chain5(link: Link(depth: 5, next: try r.resolve(Chain6.self).link)) }
    container.register(Chain4.self) { r in Chain4(link: Link(depth: 4, next: try r.resolve(Chain5.self).link)) }
    container.register(Chain3.self) { r in Chain3(link: Link(depth: 3, next: try r.resolve(Chain4.self).link)) }
    container.register(Chain2.self) { r in Chain2(link: Link(depth: 2, next: try r.resolve(Chain3.self).link)) }
    container.register(Chain1.self) { r in Chain1(link: Link(depth: 1, next: try r.resolve(Chain2.self).link)) }
    container.register(Chain0.self) { r in Chain0(link: Link(depth: 0, next: try r.resolve(Chain1.self).link)) }
    return container
}

// MARK: Swinject

func swinjectContainer() -> Swinject.Container {
    let container = Swinject.Container()
    container.register(B.self) { _ in B() }.inObjectScope(.transient)
    container.register(C.self) { _ in C() }.inObjectScope(.transient)
    container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }.inObjectScope(.transient)
    container.register(Shared.self) { _ in Shared() }.inObjectScope(.container)
    container.register(Link.self, name: "end") { _ in Link(depth: 10, next: nil) }
    container.register(Chain9.self) { r in Chain9(link: Link(depth: 9, next: r.resolve(Link.self, name: "end")!)) }
    container.register(Chain8.self) { r in Chain8(link: Link(depth: 8, next: r.resolve(Chain9.self)!.link)) }
    container.register(Chain7.self) { r in Chain7(link: Link(depth: 7, next: r.resolve(Chain8.self)!.link)) }
    container.register(Chain6.self) { r in Chain6(link: Link(depth: 6, next: r.resolve(Chain7.self)!.link)) }
    container.register(Chain5.self) { r in Chain5(link: Link(depth: 5, next: r.resolve(Chain6.self)!.link)) }
    container.register(Chain4.self) { r in Chain4(link: Link(depth: 4, next: r.resolve(Chain5.self)!.link)) }
    container.register(Chain3.self) { r in Chain3(link: Link(depth: 3, next: r.resolve(Chain4.self)!.link)) }
    container.register(Chain2.self) { r in Chain2(link: Link(depth: 2, next: r.resolve(Chain3.self)!.link)) }
    container.register(Chain1.self) { r in Chain1(link: Link(depth: 1, next: r.resolve(Chain2.self)!.link)) }
    container.register(Chain0.self) { r in Chain0(link: Link(depth: 0, next: r.resolve(Chain1.self)!.link)) }
    return container
}

// MARK: swift-dependencies
// It has no container or scopes: values are read from DependencyValues. A transient service is a
// factory dependency whose closure reads the factories it needs; a singleton is a plain value.

struct Factory<Value>: Sendable { let make: @Sendable () -> Value }

private enum BKey: DependencyKey { static let liveValue = Factory { B() } }
private enum CKey: DependencyKey { static let liveValue = Factory { C() } }
private enum AKey: DependencyKey {
    static let liveValue = Factory {
        @Dependency(BKey.self) var b
        @Dependency(CKey.self) var c
        return A(b: b.make(), c: c.make())
    }
}
private enum SharedKey: DependencyKey { static let liveValue = Shared() }
private enum EndKey: DependencyKey { static let liveValue = Factory { Link(depth: 10, next: nil) } }
private enum Chain9Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(EndKey.self) var n; return Link(depth: 9, next: n.make())
    }
}
private enum Chain8Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain9Key.self) var n; return Link(depth: 8, next: n.make())
    }
}
private enum Chain7Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain8Key.self) var n; return Link(depth: 7, next: n.make())
    }
}
private enum Chain6Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain7Key.self) var n; return Link(depth: 6, next: n.make())
    }
}
private enum Chain5Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain6Key.self) var n; return Link(depth: 5, next: n.make())
    }
}
private enum Chain4Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain5Key.self) var n; return Link(depth: 4, next: n.make())
    }
}
private enum Chain3Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain4Key.self) var n; return Link(depth: 3, next: n.make())
    }
}
private enum Chain2Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain3Key.self) var n; return Link(depth: 2, next: n.make())
    }
}
private enum Chain1Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain2Key.self) var n; return Link(depth: 1, next: n.make())
    }
}
private enum Chain0Key: DependencyKey {
    static let liveValue = Factory {
        @Dependency(Chain1Key.self) var n; return Link(depth: 0, next: n.make())
    }
}

@inline(never) func dependenciesTransient() -> A { @Dependency(AKey.self) var a; return a.make() }
@inline(never) func dependenciesShared() -> Shared { @Dependency(SharedKey.self) var s; return s }
@inline(never) func dependenciesChain() -> Link { @Dependency(Chain0Key.self) var c; return c.make() }

// MARK: The runs

struct Row {
    let name: String
    let strata: Double
    let swinject: Double
    let dependencies: Double?
    /// Swinject's time over StrataDI's: the median of the ratios within each round.
    let swinjectRatio: Double
}

func diRows(threads: Int) -> [Row] {
    let strata = strataContainer()
    let swinject = swinjectContainer()
    let synchronized = swinject.synchronize()
    // Swinject's container is not thread-safe; under contention it is used through synchronize(),
    // as its documentation asks.
    nonisolated(unsafe) let swinjectResolver: any Swinject.Resolver = threads == 1 ? swinject : synchronized
    /// One row: StrataDI, Swinject and (when given) swift-dependencies, timed side by side.
    /// Counts are sized so that each library's round takes tens of milliseconds.
    func row(_ name: String, _ strata: Workload, _ swinject: Workload, _ dependencies: Workload?) -> Row {
        let result = compare(threads: threads, [strata, swinject] + (dependencies.map { [$0] } ?? []))
        return Row(
            name: name, strata: result.nanoseconds[0], swinject: result.nanoseconds[1],
            dependencies: dependencies == nil ? nil : result.nanoseconds[2], swinjectRatio: result.ratios[0])
    }
    // With both cores resolving, the same two cases again with a container per thread: what the
    // cores cost each other when they share one container (its lock and its objects' reference
    // counts), apart from what the machine's cores cost each other anyway.
    let ownContainer: [Row] =
        threads == 1
        ? []
        : [
            row(
                "transient, a container per thread",
                Workload(count: 300_000) { n in
                    let own = strataContainer()
                    var s = 0
                    for _ in 0..<n { s &+= token(try! own.resolve(A.self)) }
                    return s
                },
                Workload(count: 20_000) { n in
                    let own = swinjectContainer()
                    var s = 0
                    for _ in 0..<n { s &+= token(own.resolve(A.self)!) }
                    return s
                }, nil),
            row(
                "singleton, a container per thread",
                Workload(count: 1_000_000) { n in
                    let own = strataContainer()
                    var s = 0
                    for _ in 0..<n { s &+= token(try! own.resolve(Shared.self)) }
                    return s
                },
                Workload(count: 40_000) { n in
                    let own = swinjectContainer()
                    var s = 0
                    for _ in 0..<n { s &+= token(own.resolve(Shared.self)!) }
                    return s
                }, nil),
        ]
    return [
        row(
            "transient, two dependencies",
            Workload(count: 300_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(try! strata.resolve(A.self)) }; return s
            },
            Workload(count: 20_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(swinjectResolver.resolve(A.self)!) }; return s
            },
            Workload(count: 10_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(dependenciesTransient()) }; return s
            }),
        row(
            "singleton",
            Workload(count: 1_000_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(try! strata.resolve(Shared.self)) }; return s
            },
            Workload(count: 40_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(swinjectResolver.resolve(Shared.self)!) }; return s
            },
            Workload(count: 20_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(dependenciesShared()) }; return s
            }),
        row(
            "10-deep graph",
            Workload(count: 30_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(try! strata.resolve(Chain0.self).link) }; return s
            },
            Workload(count: 2_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(swinjectResolver.resolve(Chain0.self)!.link) }; return s
            },
            Workload(count: 2_000) { n in
                var s = 0; for _ in 0..<n { s &+= token(dependenciesChain()) }; return s
            }),
        row(
            "unregistered type",
            Workload(count: 200_000) { n in
                var s = 0; for _ in 0..<n { s &+= (try? strata.resolve(Missing.self)) == nil ? 1 : 0 }; return s
            },
            Workload(count: 2_000) { n in
                var s = 0; for _ in 0..<n { s &+= swinjectResolver.resolve(Missing.self) == nil ? 1 : 0 }; return s
            },
            nil),
    ] + ownContainer
}

/// Resident memory growth over `count` resolves of A (two dependencies) in each library's default scope.
func memoryGrowth(strataCount: Int, swinjectCount: Int) -> (strata: Int, swinject: Int) {
    let strata = StrataDI.Container()
    strata.register(B.self) { _ in B() }
    strata.register(C.self) { _ in C() }
    strata.register(A.self) { r in A(b: try r.resolve(), c: try r.resolve()) }
    let swinject = Swinject.Container()
    swinject.register(B.self) { _ in B() }
    swinject.register(C.self) { _ in C() }
    swinject.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }
    let before = residentBytes()
    for _ in 0..<strataCount { sink &+= token(try! strata.resolve(A.self)) }
    let afterStrata = residentBytes()
    for _ in 0..<swinjectCount { sink &+= token(swinject.resolve(A.self)!) }
    let afterSwinject = residentBytes()
    return (afterStrata - before, afterSwinject - afterStrata)
}

/// Resident memory growth over `count` registrations of one key, each followed by a resolve (a
/// long-lived container that modules register into again, as tests and feature toggles do).
func registrationGrowth(count: Int) -> (strata: Int, swinject: Int) {
    let strata = StrataDI.Container()
    let before = residentBytes()
    for index in 0..<count {
        strata.register(Shared.self, scope: .singleton) { _ in
            _ = index; return Shared()
        }
        sink &+= token(try! strata.resolve(Shared.self))
    }
    let afterStrata = residentBytes()
    let swinject = Swinject.Container()
    for index in 0..<count {
        swinject.register(Shared.self) { _ in
            _ = index; return Shared()
        }.inObjectScope(.container)
        sink &+= token(swinject.resolve(Shared.self)!)
    }
    return (afterStrata - before, residentBytes() - afterStrata)
}

// The same small object graph for every library: A needs B and C; a chain D0 → D1 → … → D9.
final class B: Sendable {}
final class C: Sendable {}
final class A: Sendable {
    let b: B
    let c: C
    init(b: B, c: C) {
        self.b = b
        self.c = c
    }
}
final class Shared: Sendable {}
final class Missing: Sendable {}

/// One link of the 10-deep chain; `next` is nil at the end.
final class Link: Sendable {
    let depth: Int
    let next: Link?
    init(depth: Int, next: Link?) {
        self.depth = depth
        self.next = next
    }
}

// Ten distinct types for the chain, so each library resolves ten registrations.
struct Chain0: Sendable { let link: Link }
struct Chain1: Sendable { let link: Link }
struct Chain2: Sendable { let link: Link }
struct Chain3: Sendable { let link: Link }
struct Chain4: Sendable { let link: Link }
struct Chain5: Sendable { let link: Link }
struct Chain6: Sendable { let link: Link }
struct Chain7: Sendable { let link: Link }
struct Chain8: Sendable { let link: Link }
struct Chain9: Sendable { let link: Link }

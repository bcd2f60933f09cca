/// The Mustache templates of the benchmark apps' files (Foundation only: generics, protocols
/// with associated types, closures). `BenchSources` gives them their values.
enum BenchTemplates {
    /// A unit: its enum and protocol (`declaresTypes`), its implementation (`implements`), or both.
    static let unit = """
        {{#imports}}
        import {{.}}
        {{/imports}}

        {{#declaresTypes}}
        /// Unit {{digits}}'s values: generic cases and a map over them.
        public enum Payload{{digits}}<Element> {
            case single(Element)
            case pair(Element, Element)
            case tagged(String, Element)
            case empty

            public func map<Other>(_ transform: (Element) -> Other) -> Payload{{digits}}<Other> {
                switch self {
                case .single(let value): .single(transform(value))
                case .pair(let first, let second): .pair(transform(first), transform(second))
                case .tagged(let tag, let value): .tagged(tag, transform(value))
                case .empty: .empty
                }
            }

            public var count: Int {
                switch self {
                case .single, .tagged: 1
                case .pair: 2
                case .empty: 0
                }
            }
        }

        /// Unit {{digits}}'s contract.
        public protocol Provider{{digits}}<Element>: AnyObject {
            associatedtype Element
        {{#members}}
            var property{{index}}: Int { get }
            func function{{index}}(_ input: Int) -> Int
        {{/members}}
            func payload(_ element: Element) -> Payload{{digits}}<Element>
            func checksum() -> Int
        }
        {{/declaresTypes}}

        {{#implements}}
        /// Unit {{digits}}'s implementation, built with the units it uses.
        public final class Provider{{digits}}Impl: Provider{{digits}} {
            public typealias Element = Int

            private let seed: Int
        {{#dependencies}}
            private let dependency{{slot}}: {{type}}
        {{/dependencies}}

            public init(seed: Int{{#dependencies}}, dependency{{slot}}: {{type}}{{/dependencies}}) {
                self.seed = seed
        {{#dependencies}}
                self.dependency{{slot}} = dependency{{slot}}
        {{/dependencies}}
            }
        {{#members}}

            public var property{{index}}: Int { seed &* {{factor}}{{#uses}} &+ dependency{{slot}}.property{{index}}{{/uses}} }

            public func function{{index}}(_ input: Int) -> Int {
                let step: (Int) -> Int = { [seed] value in value &* 31 &+ seed &+ {{index}} }
                return step(input){{#uses}} &+ dependency{{slot}}.function{{index}}(input){{/uses}}
            }
        {{/members}}

            public func payload(_ element: Int) -> Payload{{digits}}<Int> {
                switch element & 3 {
                case 0: .single(element)
                case 1: .pair(element, seed)
                case 2: .tagged("unit {{digits}}", element)
                default: .empty
                }
            }

            public func checksum() -> Int {
                var total = seed
        {{#members}}
                total = total &* 3 &+ property{{index}}
                total = total &* 3 &+ function{{index}}(total & 0xFFFF)
        {{/members}}
                return total &+ payload(total).map { $0 &* 2 }.count
            }
        }
        {{/implements}}
        """

    /// The app's main.swift: the composition root.
    static let main = """
        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Darwin)
        import Darwin
        #endif
        {{#imports}}
        import {{.}}
        {{/imports}}

        // When main started, on the clock `strata bench run` times the launch with.
        var started = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)

        // The composition root: every implementation, built bottom-up with the ones it uses, and
        // each asked for its checksum once, so that all of every module's code runs (and none of
        // it can be stripped). Every app of the benchmark prints the same checksum.
        {{#units}}
        let provider{{digits}} = Provider{{digits}}Impl(seed: {{number}}{{#dependencies}}, dependency{{slot}}: provider{{digits}}{{/dependencies}})
        {{/units}}

        var total = 0
        {{#units}}
        total = total &* 7 &+ provider{{digits}}.checksum()
        {{/units}}
        print("checksum \\(total)")

        // Asked by `strata bench run`: when main started, for the time to main (standard error,
        // written directly: this app links nothing but its modules and the Swift runtime).
        if getenv("STRATA_BENCH_CLOCK") != nil {
            let line = "main-started \\(Int64(started.tv_sec) * 1_000_000_000 + Int64(started.tv_nsec))\\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
        """

    /// The app's strata.yml: its layers and modules, which `strata generate` makes packages of.
    static let manifest = """
        # {{name}}: {{summary}}. Written by `strata bench generate`; the
        # Package.swift files are generated from it.
        name: {{name}}
        layers:
        {{#layers}}
          - { name: {{name}}, description: "{{description}}"{{#allowsSameLayer}}, same-layer: allowed{{/allowsSameLayer}} }
        {{/layers}}
        modules:{{^modules}} {}{{/modules}}
        {{#modules}}
          {{name}}: { layer: {{layer}}, linkage: {{linkage}}, tests: false, dependencies: [{{dependencies}}] }
        {{/modules}}
        apps:
          {{app}}: { dependencies: [{{appDependencies}}] }
        generate:
          layout: {{layout}}
        """
}

import Foundation
import StrataDiagnostics
import StrataWorkspaceTestSupport
import Testing

@testable import StrataCocoaPods

/// Podspecs read statically: the Ruby DSL as specs are written, the same spec in JSON reads to
/// the same value, and what only Ruby could evaluate is a located error.
@Suite struct PodspecReaderTests {
    static let ruby = """
        # Be sure to run `pod lib lint Profile.podspec' before submitting.
        version = '2.3.0'

        Pod::Spec.new do |s|
          s.name             = 'Profile'
          s.version          = version
          s.summary          = 'The profile feature.'
          s.description      = <<-DESC
                               Shows and edits the signed-in user's profile; depends on "Network".
                               DESC
          s.homepage         = "https://example.com/#{s.name}"
          s.license          = { :type => 'MIT', :file => 'LICENSE' }
          s.author           = { 'Team' => 'team@example.com' }
          s.source           = { :git => 'https://example.com/profile.git', :tag => "v" + s.version.to_s }
          s.ios.deployment_target = '15.0'
          s.swift_versions   = %w[5.9 6.0]
          s.module_name      = 'ProfileKit'
          s.static_framework = true
          s.default_subspecs = 'Core', 'UI'
          s.pod_target_xcconfig = { 'SWIFT_STRICT_CONCURRENCY' => 'complete' }

          s.subspec 'Core' do |core|
            core.source_files = 'Sources/Core/**/*.swift'
            core.exclude_files = ['Sources/Core/Legacy/**']
            core.dependency 'Network', '~> 4.1'
            core.ios.dependency "Keychain"
            core.public_header_files = 'Sources/Core/include/*.h'
            core.ios.frameworks = 'UIKit', 'Security'
            core.library = 'z'
            core.resource_bundles = { 'ProfileCore' => ['Resources/Core/*.xcassets', 'Resources/Core/*.strings'] }
          end

          s.subspec 'UI' do |ui|
            ui.source_files = "Sources/UI/**/*.{swift,xib}", 'Sources/Shared/*.swift'
            ui.dependency 'Profile/Core'
            ui.dependency('DesignSystem', '>= 2.0', '< 3.0')
            ui.resources = 'Resources/UI/*.xib'
            ui.vendored_frameworks = 'Vendor/Charts.xcframework'

            ui.subspec 'Previews' do |previews|
              previews.source_files = 'Sources/Previews/**/*.swift'
            end
          end

          s.test_spec 'Tests' do |test_spec|
            test_spec.source_files = 'Tests/**/*.swift'
            test_spec.dependency 'NetworkMocks'
            test_spec.requires_app_host = true
          end

          s.app_spec 'Demo' do |app|
            app.source_files = 'Demo/**/*.swift'
          end
        end

        """

    static let json = """
        {
          "name": "Profile",
          "version": "2.3.0",
          "summary": "The profile feature.",
          "source": { "git": "https://example.com/profile.git", "tag": "v2.3.0" },
          "platforms": { "ios": "15.0" },
          "swift_versions": ["5.9", "6.0"],
          "module_name": "ProfileKit",
          "static_framework": true,
          "default_subspecs": ["Core", "UI"],
          "subspecs": [
            {
              "name": "Core",
              "source_files": "Sources/Core/**/*.swift",
              "exclude_files": ["Sources/Core/Legacy/**"],
              "dependencies": { "Network": ["~> 4.1"] },
              "public_header_files": "Sources/Core/include/*.h",
              "libraries": "z",
              "resource_bundles": { "ProfileCore": ["Resources/Core/*.xcassets", "Resources/Core/*.strings"] },
              "ios": { "dependencies": { "Keychain": [] }, "frameworks": ["UIKit", "Security"] }
            },
            {
              "name": "UI",
              "source_files": ["Sources/UI/**/*.{swift,xib}", "Sources/Shared/*.swift"],
              "dependencies": { "Profile/Core": [], "DesignSystem": [">= 2.0", "< 3.0"] },
              "resources": "Resources/UI/*.xib",
              "vendored_frameworks": "Vendor/Charts.xcframework",
              "subspecs": [{ "name": "Previews", "source_files": "Sources/Previews/**/*.swift" }]
            }
          ],
          "testspecs": [
            { "name": "Tests", "test_type": "unit", "requires_app_host": true, "source_files": "Tests/**/*.swift",
              "dependencies": { "NetworkMocks": [] } }
          ],
          "appspecs": [{ "name": "Demo", "source_files": "Demo/**/*.swift" }]
        }

        """

    /// What the graph needs, without where each part was written.
    private func shape(_ spec: Podspec) -> String {
        func describe(_ part: PodspecPart) -> String {
            let dependencies = part.dependencies.map { "\($0.name)\($0.requirements)\($0.platform.map { "@\($0)" } ?? "")" }.sorted()
            let bundles = part.resourceBundles.map { "\($0.name)\($0.patterns)\($0.platform.map { "@\($0)" } ?? "")" }
            return "\(part.name) src=\(part.sourceFiles) exclude=\(part.excludeFiles) deps=\(dependencies)"
                + " headers=\(part.publicHeaderFiles) resources=\(part.resources) bundles=\(bundles)"
                + " vendored=\(part.vendoredFrameworks) frameworks=\(part.frameworks) libraries=\(part.libraries)"
        }
        let source = spec.source.map { "git=\($0.git ?? "-") tag=\($0.tag ?? "-") commit=\($0.commit ?? "-")" } ?? "none"
        let targets = spec.deploymentTargets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value ?? "-")" }
        return
            ([
                "\(spec.name) \(spec.version) module=\(spec.module) static=\(spec.staticFramework) defaults=\(spec.defaultSubspecs ?? [])",
                "source \(source) platforms=\(targets) swift=\(spec.swiftVersions)",
                describe(spec.root),
            ] + (spec.subspecs + spec.testSpecs + spec.appSpecs).map(describe)).joined(separator: "\n")
    }

    @Test func aRubyPodspecReadsStatically() throws {
        let spec = try PodspecReader.read(Self.ruby, path: "/w/Profile.podspec")
        #expect(spec.name == "Profile")
        #expect(spec.version == "2.3.0")
        #expect(spec.module == "ProfileKit")
        #expect(spec.staticFramework)
        #expect(spec.defaultSubspecs == ["Core", "UI"])
        #expect(spec.subspecs.map(\.name) == ["Profile/Core", "Profile/UI", "Profile/UI/Previews"])
        #expect(spec.testSpecs.map(\.name) == ["Profile/Tests"])
        #expect(spec.appSpecs.map(\.name) == ["Profile/Demo"])
        let core = try #require(spec.subspecs.first)
        #expect(core.sourceFiles == ["Sources/Core/**/*.swift"])
        #expect(core.dependencies.map(\.name) == ["Network", "Keychain"])
        #expect(core.dependencies.last?.platform == "ios")
        #expect(core.dependencies.first?.location == SourceLocation(path: "/w/Profile.podspec", line: 25, column: 10))
        let ui = spec.subspecs[1]
        #expect(ui.sourceFiles == ["Sources/UI/**/*.{swift,xib}", "Sources/Shared/*.swift"])
        #expect(ui.dependencies.last?.requirements == [">= 2.0", "< 3.0"])
        // What a migration to SwiftPM needs.
        #expect(spec.source == PodSource(git: "https://example.com/profile.git", tag: "v2.3.0", location: spec.source!.location))
        #expect(spec.source?.location.line == 14)
        #expect(spec.versionLocation == SourceLocation(path: "/w/Profile.podspec", line: 6, column: 24))
        #expect(spec.deploymentTargets == ["ios": "15.0"])
        #expect(spec.swiftVersions == ["5.9", "6.0"])
        #expect(core.frameworks == [PodValue(value: "UIKit", platform: "ios"), PodValue(value: "Security", platform: "ios")])
        #expect(core.libraries == [PodValue(value: "z")])
        #expect(core.publicHeaderFiles.map(\.value) == ["Sources/Core/include/*.h"])
        #expect(
            core.resourceBundles == [PodResourceBundle(name: "ProfileCore", patterns: ["Resources/Core/*.xcassets", "Resources/Core/*.strings"])])
        #expect(ui.resources.map(\.value) == ["Resources/UI/*.xib"] && ui.vendoredFrameworks.map(\.value) == ["Vendor/Charts.xcframework"])
    }

    /// A source's tag as podspecs write it: the version put in, however it is spelt.
    @Test(arguments: [
        (":tag => s.version.to_s", "2.0.1"), (":tag => s.version", "2.0.1"), (":tag => \"#{s.version}\"", "2.0.1"),
        (":tag => \"v#{s.version.to_s}-ios\"", "v2.0.1-ios"), ("tag: 'v' + s.version.to_s", "v2.0.1"), (":tag => release", "r2"),
        (":tag => \"#{s.name}-#{release}\"", "Tiny-r2"),
    ])
    func aSourceTagPutsTheVersionIn(written: String, tag: String) throws {
        let text =
            "release = 'r2'\nPod::Spec.new do |s|\n  s.name = 'Tiny'\n  s.version = '2.0.1'\n"
            + "  s.source = { :git => 'https://example.com/tiny.git', \(written), :submodules => true }\nend\n"
        let spec = try PodspecReader.read(text, path: "/w/Tiny.podspec")
        #expect(spec.source?.tag == tag)
        #expect(spec.source?.git == "https://example.com/tiny.git")
    }

    @Test(arguments: [
        ("s.source = { :git => 'u', :tag => s.summary }", "'source.tag' uses"),
        ("s.source = { :git => 'u', :tag => \"#{ENV['TAG']}\" }", "only Ruby can evaluate"),
        ("s.source = { :git => 'u', :tag => Time.now.to_s }", "cannot read statically"),
    ])
    func aTagOnlyRubyCouldComputeIsAnError(statement: String, message: String) {
        let text = "Pod::Spec.new do |s|\n  s.name = 'Tiny'\n  s.version = '1.0.0'\n  \(statement)\nend\n"
        #expect {
            _ = try PodspecReader.read(text, path: "/w/Tiny.podspec")
        } throws: { error in
            let diagnostic = (error as? InputErrors)?.diagnostics.first
            return diagnostic?.id == "unreadable-podspec" && diagnostic?.message.contains(message) == true && diagnostic?.location?.line == 4
        }
    }

    @Test func theSameSpecInJSONReadsTheSame() throws {
        let ruby = try PodspecReader.read(Self.ruby, path: "/w/Profile.podspec")
        let json = try PodspecJSONReader.read(Self.json, path: "/w/Profile.podspec.json")
        #expect(shape(ruby) == shape(json))
    }

    @Test func aBlockWithBracesAndSymbolsReads() throws {
        let spec = try PodspecReader.read(
            "Pod::Spec.new { |spec|\n  spec.name = \"Tiny\"\n  spec.version = '1.0'\n  spec.platform = :ios, '13.0'\n  spec.source_files = %w(A.swift B.swift)\n}\n",
            path: "/w/Tiny.podspec")
        #expect(spec.root.sourceFiles == ["A.swift", "B.swift"])
        #expect(spec.module == "Tiny")
    }

    /// `… if s.respond_to?(:visionos)` (RxSwift 6.9's podspecs): read as applying.
    @Test func aStatementWithATrailingConditionIsReadAsApplying() throws {
        let spec = try PodspecReader.read(
            Self.header
                + "  s.ios.deployment_target = '12.0'\n  s.visionos.deployment_target = \"1.0\" if s.respond_to?(:visionos)\n"
                + "  s.dependency 'Legacy' unless ENV['MODERN']\n  s.source_files = 'A/*.swift'\nend\n",
            path: "/w/P.podspec")
        #expect(spec.deploymentTargets == ["ios": "12.0", "visionos": "1.0"])
        #expect(spec.root.dependencies.map(\.name) == ["Legacy"])
        #expect(spec.root.sourceFiles == ["A/*.swift"])
    }

    /// RxSwift 6.9's privacy bundles: a hash over several lines, a `,` after its last entry, and
    /// a second entry after a list value.
    @Test func resourceBundlesOverSeveralLinesRead() throws {
        let spec = try PodspecReader.read(
            Self.header
                + "  s.resource_bundles = {\n    'P_Privacy' => ['Sources/P/PrivacyInfo.xcprivacy'],\n    'P_Assets' => %w[A.png B.png],\n  }\n"
                + "  s.swift_version = '5.1'\nend\n",
            path: "/w/P.podspec")
        #expect(spec.root.resourceBundles.map(\.name) == ["P_Privacy", "P_Assets"])
        #expect(spec.root.resourceBundles.map(\.patterns) == [["Sources/P/PrivacyInfo.xcprivacy"], ["A.png", "B.png"]])
        #expect(spec.swiftVersions == ["5.1"])
    }

    struct BadPodspec: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var message: String
        var testDescription: String { name }
    }

    static let header = "Pod::Spec.new do |s|\n  s.name = 'P'\n"

    static let badPodspecs: [BadPodspec] = [
        BadPodspec(name: "no spec", text: "1️⃣puts 'hello'\n", message: "expected the spec"),
        BadPodspec(name: "a condition", text: header + "  1️⃣if ENV['CI']\n    s.dependency 'X'\n  end\nend\n", message: "cannot read 'if'"),
        BadPodspec(
            name: "a loop", text: header + "  1️⃣%w[A B].each do |name|\n    s.dependency name\n  end\nend\n",
            message: "cannot read this statement statically"),
        BadPodspec(
            name: "an interpolated dependency", text: header + "  s.dependency 1️⃣\"Core#{ENV['SUFFIX']}\"\nend\n",
            message: "interpolated string"),
        BadPodspec(
            name: "a computed source list", text: header + "  s.source_files = 1️⃣Dir.glob('*')\nend\n",
            message: "an expression Strata cannot read statically"),
        BadPodspec(name: "an unknown attribute", text: header + "  s.1️⃣source_file_patterns = 'A'\nend\n", message: "not a podspec attribute"),
        BadPodspec(
            name: "a root attribute in a subspec", text: header + "  s.subspec 'A' do |a|\n    a.1️⃣version = '1'\n  end\nend\n",
            message: "only be set on the root"),
        BadPodspec(
            name: "default subspecs in a subspec", text: header + "  s.subspec 'A' do |a|\n    a.1️⃣default_subspecs = 'B'\n  end\nend\n",
            message: "only be set on the root"),
        BadPodspec(name: "a subspec without a name", text: header + "  s.subspec 1️⃣do |a|\n  end\nend\n", message: "needs a literal name"),
        BadPodspec(name: "an unclosed block", text: header + "  s.subspec 'A' 1️⃣do |a|\n    a.source_files = 'A'\n", message: "not closed with 'end'"),
        BadPodspec(name: "an unclosed string", text: header + "  s.summary = 1️⃣'oops\nend\n", message: "this string is not closed"),
        BadPodspec(name: "an unclosed heredoc", text: header + "  s.description = 1️⃣<<-DESC\n  text\nend\n", message: "heredoc 'DESC' is not closed"),
        BadPodspec(name: "no name", text: "1️⃣Pod::Spec.new do |s|\n  s.version = '1.0'\nend\n", message: "has no 'name'"),
        BadPodspec(name: "static_framework not a boolean", text: header + "  s.static_framework = 1️⃣'yes'\nend\n", message: "must be true or false"),
        BadPodspec(name: "code after the spec", text: header + "end\n1️⃣puts 'x'\n", message: "unexpected code after the spec"),
        BadPodspec(name: "a method definition", text: header + "  1️⃣def helper; end\nend\n", message: "cannot read 'def'"),
    ]

    @Test(arguments: badPodspecs)
    func aPodspecOnlyRubyCouldReadIsALocatedError(_ bad: BadPodspec) throws {
        let marked = MarkedText(bad.text)
        do {
            _ = try PodspecReader.read(marked.text, path: "/w/P.podspec")
            Issue.record("\(bad.name): read without an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(error.diagnostics.count == 1)
            #expect(diagnostic.message.contains(bad.message), "\(bad.name): \(diagnostic.message)")
            #expect(diagnostic.hint != nil)
            let expected = marked.position("1️⃣")
            #expect(diagnostic.location?.line == expected.line, "\(bad.name): line of \(diagnostic.message)")
            #expect(diagnostic.location?.column == expected.column, "\(bad.name): column of \(diagnostic.message)")
        }
    }

    static let badJSON: [BadPodspec] = [
        BadPodspec(name: "not an object", text: "1️⃣[1, 2]\n", message: "must be an object"),
        BadPodspec(name: "no name", text: "1️⃣{ \"version\": \"1.0\" }\n", message: "has no \"name\""),
        BadPodspec(name: "malformed", text: "{ \"name\": \"P\"\n  1️⃣\"version\": \"1\" }\n", message: "malformed"),
        BadPodspec(name: "dependencies as a list", text: "{ \"name\": \"P\", \"dependencies\": 1️⃣[\"A\"] }\n", message: "must be an object"),
        BadPodspec(
            name: "a subspec without a name", text: "{ \"name\": \"P\", \"subspecs\": [1️⃣{ \"source_files\": \"A\" }] }\n", message: "has no \"name\""),
        BadPodspec(name: "source files of numbers", text: "{ \"name\": \"P\", \"source_files\": [1️⃣1] }\n", message: "list of strings"),
    ]

    @Test(arguments: badJSON)
    func aBadJSONPodspecIsALocatedError(_ bad: BadPodspec) throws {
        let marked = MarkedText(bad.text)
        do {
            _ = try PodspecJSONReader.read(marked.text, path: "/w/P.podspec.json")
            Issue.record("\(bad.name): read without an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.message.contains(bad.message), "\(bad.name): \(diagnostic.message)")
            let expected = marked.position("1️⃣")
            #expect(diagnostic.location?.line == expected.line, "\(bad.name): line")
            #expect(diagnostic.location?.column == expected.column, "\(bad.name): column")
        }
    }
}

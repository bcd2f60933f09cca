/// A platform `--platform` can evaluate `#if os(…)` and `canImport(…)` for.
public enum Platform: String, Sendable, CaseIterable {
    case linux, macos, ios, tvos, watchos, visionos, maccatalyst, android, windows, wasi, freebsd, openbsd

    /// What `os(…)` is true for.
    public var osNames: Set<String> {
        switch self {
        case .linux: ["Linux"]
        case .macos: ["macOS", "OSX"]
        case .ios: ["iOS"]
        case .tvos: ["tvOS"]
        case .watchos: ["watchOS"]
        case .visionos: ["visionOS", "xrOS"]
        case .maccatalyst: ["iOS"]
        case .android: ["Android"]
        case .windows: ["Windows"]
        case .wasi: ["WASI"]
        case .freebsd: ["FreeBSD"]
        case .openbsd: ["OpenBSD"]
        }
    }

    public var isApple: Bool {
        switch self {
        case .macos, .ios, .tvos, .watchos, .visionos, .maccatalyst: true
        default: false
        }
    }

    /// Every name `os(…)` accepts, to tell a known platform from a typo.
    static let allOSNames: Set<String> = Set(allCases.flatMap(\.osNames)).union(["Cygwin", "PS4", "Haiku", "none"])
}

/// Modules that come with the toolchain or an SDK rather than from the workspace or a package.
/// Imports of them are never reported, and `canImport(…)` is decided with them.
public enum SDKModules {
    /// With every Swift toolchain.
    static let everywhere: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "XCTest", "Testing",
        "_Concurrency", "Synchronization", "RegexBuilder", "_StringProcessing", "Distributed", "Observation", "Cxx",
        "CxxStdlib", "_Differentiation", "SwiftShims", "CoreFoundation", "_RegexParser", "_Volatile", "_Builtin_float",
    ]
    static let linux: Set<String> = ["Glibc", "SwiftGlibc", "Musl", "FoundationNetworking", "FoundationXML"]
    static let android: Set<String> = ["Android", "Bionic", "FoundationNetworking", "FoundationXML"]
    static let windows: Set<String> = ["WinSDK", "ucrt", "CRT", "FoundationNetworking", "FoundationXML"]
    static let wasi: Set<String> = ["WASILibc"]
    static let bsd: Set<String> = ["Glibc", "FoundationNetworking", "FoundationXML"]
    /// On every Apple platform.
    static let apple: Set<String> = [
        "Darwin", "os", "ObjectiveC", "Combine", "SwiftUI", "CoreGraphics", "CoreData", "CoreLocation", "MapKit",
        "AVFoundation", "AVKit", "CoreML", "Metal", "MetalKit", "QuartzCore", "Security", "SystemConfiguration", "Network",
        "StoreKit", "UserNotifications", "CloudKit", "CryptoKit", "OSLog", "WidgetKit", "AppIntents", "WebKit", "Photos",
        "PhotosUI", "Contacts", "EventKit", "HealthKit", "HomeKit", "GameKit", "SpriteKit", "SceneKit", "RealityKit",
        "Vision", "NaturalLanguage", "Speech", "LocalAuthentication", "AuthenticationServices", "CoreBluetooth",
        "CoreMotion", "CoreImage", "CoreText", "CoreVideo", "CoreMedia", "CoreAudio", "AudioToolbox", "ImageIO",
        "UniformTypeIdentifiers", "LinkPresentation", "QuickLook", "PDFKit", "PassKit", "Accelerate", "simd", "Charts",
        "SwiftData", "TipKit", "GameController", "MultipeerConnectivity", "NetworkExtension", "BackgroundTasks",
        "DeviceCheck", "AdSupport", "AppTrackingTransparency", "Intents", "FileProvider", "Social", "Accounts",
        "CoreTelephony", "CoreHaptics", "CoreNFC", "MediaPlayer", "SafariServices", "os_log", "Dispatch", "XPC",
        "IOKit", "CoreServices", "Cocoa", "Foundation", "MessageUI", "ARKit", "ActivityKit", "CallKit", "PushKit",
        "CarPlay", "ClockKit", "IntentsUI", "UIKit", "AppKit", "WatchKit", "ExtensionFoundation", "CoreSpotlight",
    ]
    /// Apple frameworks that exist only on some Apple platforms.
    static let applePlatformsOf: [String: Set<Platform>] = [
        "UIKit": [.ios, .tvos, .visionos, .maccatalyst], "AppKit": [.macos, .maccatalyst], "WatchKit": [.watchos],
        "Cocoa": [.macos], "IOKit": [.macos, .maccatalyst], "CoreServices": [.macos, .maccatalyst, .ios],
        "MessageUI": [.ios, .maccatalyst, .visionos], "ARKit": [.ios, .visionos], "CarPlay": [.ios], "ClockKit": [.watchos],
        "ActivityKit": [.ios], "CallKit": [.ios, .maccatalyst, .watchos, .visionos], "PushKit": [.ios, .watchos, .maccatalyst],
        "CoreTelephony": [.ios, .maccatalyst], "CoreNFC": [.ios],
    ]

    /// True for a module some toolchain or SDK provides.
    public static func contains(_ module: String) -> Bool {
        everywhere.contains(module) || apple.contains(module) || linux.contains(module) || windows.contains(module)
            || android.contains(module) || wasi.contains(module)
    }

    /// Whether `module` is importable on `platform`: true or false for SDK modules, nil for others.
    public static func isAvailable(_ module: String, on platform: Platform) -> Bool? {
        guard contains(module) else { return nil }
        if everywhere.contains(module) { return true }
        if platform.isApple {
            guard apple.contains(module) else { return false }
            return applePlatformsOf[module].map { $0.contains(platform) } ?? true
        }
        switch platform {
        case .linux: return linux.contains(module)
        case .android: return android.contains(module)
        case .windows: return windows.contains(module)
        case .wasi: return wasi.contains(module)
        case .freebsd, .openbsd: return bsd.contains(module)
        default: return false
        }
    }
}

import ArgumentParser

/// `--configuration NAME`: the build configuration whose settings Xcode projects are read with.
/// `check`, `graph` and `affected` take it, so that the three see the same graph.
struct XcodeConfigurationOption: ParsableArguments {
    @Option(
        name: .customLong("configuration"),
        help: ArgumentHelp(
            "The build configuration whose settings Xcode projects are read with: their targets' linkage, module names and '#if' flags.",
            valueName: "name"))
    var name = "Debug"
}

// swift-tools-version:6.2
import PackageDescription

/// Release builds let the compiler inline and specialize across the library modules (the
/// JSON reader and writer are called from every vendor's parser and emitter): 2 % fewer
/// instructions per record. SwiftPM takes unsafe flags from a root package, or from a
/// dependency named by path, branch or revision, but not from one named by version: a
/// tagged release meant to be depended on by version drops this setting first.
let releaseSettings: [SwiftSetting] = [
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

let package = Package(
  name: "pushc",
  products: [
    .executable(name: "pushc", targets: ["pushc"]),
    .executable(name: "pushc-bench", targets: ["pushc-bench"]),
    .library(name: "PushIR", targets: ["PushIR"]),
    .library(name: "PushCompiler", targets: ["PushCompiler"]),
  ],
  targets: [
    .target(name: "PushIR", swiftSettings: releaseSettings),
    .target(name: "PushCompiler", dependencies: ["PushIR"], swiftSettings: releaseSettings),
    .executableTarget(
      name: "pushc", dependencies: ["PushCompiler"],
      // A statically linked standard library halves the start-up time of one conversion.
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
      ]
    ),
    .executableTarget(name: "pushc-bench", dependencies: ["pushc", "PushCompiler", "PushIR"]),
    // Seeded generators and the property runner shared by both test targets.
    .target(name: "PropertyTesting", dependencies: ["PushIR"], path: "Tests/PropertyTesting"),
    .testTarget(name: "PushIRTests", dependencies: ["PushIR", "PropertyTesting"]),
    .testTarget(
      name: "PushCompilerTests", dependencies: ["PushCompiler", "PushIR", "PropertyTesting"]),
  ]
)

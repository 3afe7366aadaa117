// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "pushc",
  products: [
    .executable(name: "pushc", targets: ["pushc"]),
    .library(name: "PushIR", targets: ["PushIR"]),
    .library(name: "PushCompiler", targets: ["PushCompiler"]),
  ],
  targets: [
    .target(name: "PushIR"),
    .target(name: "PushCompiler", dependencies: ["PushIR"]),
    .executableTarget(name: "pushc", dependencies: ["PushCompiler"]),
    .testTarget(name: "PushIRTests", dependencies: ["PushIR"]),
    .testTarget(name: "PushCompilerTests", dependencies: ["PushCompiler", "PushIR"]),
  ]
)

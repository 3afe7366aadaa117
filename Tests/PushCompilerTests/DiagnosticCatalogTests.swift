import Foundation
import PushCompiler
import PushIR
import Testing

@Suite struct DiagnosticCatalogTests {
  @Test func codesAreUniqueWellFormedAndSorted() {
    let names = DiagnosticCode.catalogue.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names == names.sorted())
    for code in DiagnosticCode.catalogue {
      let parts = code.name.split(separator: ".")
      #expect(parts.count == 2, "\(code.name) is not <phase>.<name>")
      #expect(code.name == code.name.lowercased())
      #expect(!code.summary.hasSuffix("."))
    }
  }

  @Test func everyCodeIsDocumentedInSpecs() throws {
    let spec = try String(
      contentsOf: GoldenFiles.packageRoot.appendingPathComponent("Specs/diagnostics.md"),
      encoding: .utf8)
    for code in DiagnosticCode.catalogue {
      #expect(
        spec.contains("`\(code.name)`"), "Specs/diagnostics.md does not document \(code.name)")
    }
  }

  @Test func everyPassIsDocumentedInSpecs() throws {
    let spec = try String(
      contentsOf: GoldenFiles.packageRoot.appendingPathComponent("Specs/passes.md"), encoding: .utf8
    )
    for name in Pipeline.standard.names {
      #expect(spec.contains("`\(name)`"), "Specs/passes.md does not document \(name)")
    }
  }

  @Test func everyFormatHasASpecsPage() {
    for format in Vendors.all where format.id != IRFormat().id {
      let page = GoldenFiles.packageRoot.appendingPathComponent("Specs/vendors/\(format.id).md")
      #expect(FileManager.default.fileExists(atPath: page.path), "no Specs/vendors/\(format.id).md")
    }
  }
}

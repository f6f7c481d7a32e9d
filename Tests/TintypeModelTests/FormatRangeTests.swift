import Foundation
import Testing
@testable import TintypeModel

/// Localized string formats never trap on a number (issue 35): every value is checked against its
/// range before it is converted, and %f of any double gives its digits as printf does.
@Suite struct FormatRangeTests {
    @Test(arguments: [1e19, -1e19, 1e300, -1.7976931348623157e308, 9.2233720368547758e18, 1.5e17, 9e15, 4503599627370496.0])
    func fixedWritesEveryWholeDoubleExactly(_ d: Double) {
        for places in [0, 2, 6] {
            #expect(Format.fixed(d, places: places) == String(format: "%.\(places)f", d), "\(d) with \(places) places")
        }
    }

    @Test func fixedKeepsItsRoundingBelowTheLargeNumbers() {
        #expect(Format.fixed(2.5, places: 0) == "3")
        #expect(Format.fixed(-0.004, places: 2) == "0.00")
        #expect(Format.fixed(1234.5678, places: 2) == "1234.57")
        #expect(Format.fixed(8999999999999.99, places: 6) == "8999999999999.990234")
        #expect(Format.fixed(123456789012.9999999, places: 3) == "123456789013.000")
    }

    @Test func hugeNumbersAndFarPositionsAreTextOrErrorsNeverATrap() {
        #expect(Format.render("%.0f", arguments: [.number(1e19)]) == .success("10000000000000000000"))
        #expect((try? Format.render("%f", arguments: [.number(1e300)]).get())?.hasPrefix("1000000000000000052504760255204420248704468581108159154915854") == true)
        #expect(Format.render("%d", arguments: [.number(1e19)])
                == .failure(.arguments([(0, "%d needs a whole number, found 1e+19")])))
        #expect(Format.render("%9223372036854775807$@", arguments: [.string("a")]) == .failure(.position("%9223372036854775807$@")))
        #expect(Format.render("%99999999999999999999999999$@", arguments: []) == .failure(.position("%99999999999999999999999999$@")))
        #expect(Format.render("%100001$@", arguments: []) == .failure(.position("%100001$@")))
        #expect(Format.render("%2$@ %1$@", arguments: [.string("a"), .string("b")]) == .success("b a"))
    }

    /// Through a scene and its catalog: the text, and the error at the key with its place.
    @Test func aSceneWithSuchFormatsDecodesOrSaysWhy() throws {
        let dir = NSTemporaryDirectory() + "tintype-format-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalog = #"{"sourceLanguage": "en", "strings": {"big": {"localizations": {"en": {"stringUnit": {"value": "%.0f stars"}}}}, "#
            + #""far": {"localizations": {"en": {"stringUnit": {"value": "%9223372036854775807$@"}}}}}}"#
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: dir + "/Localizable.xcstrings"))
        let scene = #"{"strings": "Localizable.xcstrings", "root": {"label": {"text": {"localized": "big", "arguments": [1e300]}}}}"#
        let decoded = try SceneDecoder.decode(scene, file: "s.json", baseDirectory: dir)
        guard case .label(let label) = decoded.root.kind else { Issue.record("not a label"); return }
        #expect(label.text.hasPrefix("1000000000000000052504760255204420248704468581108159154915854") && label.text.hasSuffix(" stars"))
        let far = SceneDecoder.issues(decoding: #"{"strings": "Localizable.xcstrings", "root": {"label": {"text": {"localized": "far", "arguments": ["a"]}}}}"#,
                                      file: "s.json", baseDirectory: dir)
        #expect(far.count == 1 && far.first?.path == "root.text.localized" && far.first?.position?.column == 79, "\(far)")
        #expect(far.first?.message == "the text of \"far\" names an argument past the 100000 a text may take (%9223372036854775807$@): "
                + "\"%9223372036854775807$@\"", "\(far)")
    }
}

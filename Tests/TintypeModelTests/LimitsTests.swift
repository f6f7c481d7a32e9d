import Foundation
import Testing
@testable import TintypeModel

/// The limits table (SceneLimits): every bound is checked when a scene is read, with its path and
/// position, and the same bounds hold for a scene built in Swift.
@Suite struct LimitsTests {

    @Test func pointsBeyondTheRangeAreRejectedWithPathAndPosition() {
        let all = issues(#"{"root": {"view": {"subviews": [{"label": {"frame": [0, 0, 3000000, 40], "text": "Hi"}}]}}}"#)
        #expect(all.count == 1)
        #expect(all.first?.path == "root.subviews[0].frame[2]")
        #expect(all.first?.position == SourcePosition(line: 1, column: 60))
        #expect(all.first?.message == "must be from 0 to 1000000, found 3000000")

        let far = issues(#"{"root": {"view": {"subviews": [{"navigationController": {"frame": [0, -2e6, 10, 10], "stack": [{"title": "A"}]}}]}}}"#)
        #expect(far.map(\.path) == ["root.subviews[0].frame[1]"])
        #expect(far.last?.message == "must be from -1000000 to 1000000, found -2000000")
    }

    @Test func theEdgesOfTheRangeDecode() throws {
        let m = Int(SceneLimits.maxPoints)
        let scene = try SceneDecoder.decode(#"{"root": {"view": {"frame": [-\#(m), \#(m), \#(m), \#(m)], "cornerRadius": \#(m), "shadowOffset": [-\#(m), \#(m)], "shadowRadius": 1000}}}"#)
        #expect(scene.root.frame == Rect(x: -SceneLimits.maxPoints, y: SceneLimits.maxPoints, width: SceneLimits.maxPoints, height: SceneLimits.maxPoints))
        #expect(scene.root.shadow?.radius == SceneLimits.blurRadius.upperBound)
    }

    @Test func eachKindOfNumberHasItsBound() {
        let cases: [(json: String, path: String, message: String)] = [
            (#"{"shadowRadius": 1e19}"#, "root.shadowRadius", "must be from 0 to 1000, found 1e+19"),
            (#"{"cornerRadius": 2e6}"#, "root.cornerRadius", "must be from 0 to 1000000, found 2000000"),
            (#"{"shadowOffset": [0, -5e6]}"#, "root.shadowOffset[1]", "must be from -1000000 to 1000000, found -5000000"),
            (#"{"layout": {"left": 2e6, "top": 0}}"#, "root.layout.left", "must be from -1000000 to 1000000, found 2000000"),
        ]
        for c in cases {
            let all = issues(#"{"root": {"view": \#(c.json)}}"#)
            #expect(all.map(\.path) == [c.path], "\(c.json)")
            #expect(all.first?.message == c.message, "\(c.json)")
        }
        let label = issues(#"{"root": {"label": {"text": "x", "lineSpacing": 1e12, "font": 5000}}}"#)
        #expect(label.map(\.path) == ["root.lineSpacing", "root.font"])
        #expect(label.last?.message == "must be from 1 to 1000, found 5000")
        let slider = issues(#"{"root": {"slider": {"maximumValue": 1e300}}}"#)
        #expect(slider.first?.message == "must be from -1000000000 to 1000000000, found 1e+300")
    }

    @Test func wholeNumbersNearIntMaxAreReportedNotTrapped() {
        // 9223372036854775807 reads as 2^63, one past Int.max: converting it would trap.
        let all = issues(#"{"root": {"segmentedControl": {"segments": ["A", "B"], "selectedSegmentIndex": 9223372036854775807}}}"#)
        #expect(all.count == 1)
        #expect(all.first?.path == "root.selectedSegmentIndex")
        #expect(all.first?.message.hasPrefix("expected a whole number from -1 to \(SceneLimits.maxListCount)") == true)
    }

    @Test func longStringsAndListsAreRejectedWherever() {
        let long = String(repeating: "x", count: SceneLimits.maxTextLength + 1)
        let text = issues(#"{"root": {"view": {"subviews": [{"label": {"text": "\#(long)"}}]}}}"#)
        #expect(text.map(\.path) == ["root.subviews[0].text"])
        #expect(text.first?.message == "a string may have at most \(SceneLimits.maxTextLength) characters, found \(SceneLimits.maxTextLength + 1)")
        let rows = Array(repeating: #""r""#, count: SceneLimits.maxListCount + 1).joined(separator: ",")
        let picker = issues(#"{"root": {"pickerView": {"components": [[\#(rows)]]}}}"#)
        #expect(picker.map(\.path) == ["root.components[0]"])
        #expect(picker.first?.message == "a list may have at most \(SceneLimits.maxListCount) elements, found \(SceneLimits.maxListCount + 1)")
    }

    @Test func aSceneFileIsMeasuredBeforeItIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tintype-limits-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A sparse file: large on disk in name only, so the test stays cheap.
        FileManager.default.createFile(atPath: path, contents: Data(#"{"root": {"view": {}}}"#.utf8))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(SceneLimits.maxFileSize) * 64)
        try handle.close()
        do {
            _ = try SceneDecoder.load(path: path)
            Issue.record("a huge file decoded")
        } catch {
            #expect(error.issues.first?.message == "the file is \(SceneLimits.maxFileSize * 64) bytes, more than the limit of \(SceneLimits.maxFileSize)")
        }
    }

    @Test func aSceneBuiltInSwiftMeetsTheSameLimits() {
        let fine = Scene { View(frame: Rect(x: -1_000_000, y: 0, width: 1_000_000, height: 10), cornerRadius: 1_000_000) }
        #expect(fine.limitProblems.isEmpty)

        var shadow = Shadow(); shadow.radius = 1e19
        let bad = Scene {
            View(frame: Rect(x: 1e15, y: 0, width: 10, height: .infinity)) {
                View(shadow: shadow)
            }
        }
        let problems = bad.limitProblems
        #expect(problems.map(\.path) == ["root.subviews[0].frame.origin.x", "root.subviews[0].frame.size.height", "root.subviews[0].subviews[0].shadow.radius"])
        #expect(problems.first?.message == "must be a finite number from -1000000 to 1000000, found 1000000000000000")
        #expect(problems.last?.message == "must be a finite number from 0 to 1000, found 1e+19")

        var huge = Scene(root: View()); huge.scale = 1e300
        #expect(huge.limitProblems.map(\.path) == ["scale"])

        var deep = View()
        for _ in 0..<(SceneLimits.maxViewDepth + 1) { deep = View(subviews: [deep]) }
        #expect(Scene(root: deep).limitProblems.map(\.message) == ["views nest deeper than \(SceneLimits.maxViewDepth) levels"])
    }

    /// A decoded scene is marked as checked, so the renderer need not walk it again; any change to it,
    /// however deep, takes the mark away, and the walk then finds what the change broke.
    @Test func aDecodedSceneIsCheckedUntilChanged() throws {
        var scene = try SceneDecoder.decode(#"{"root": {"view": {"subviews": [{"view": {"frame": [0, 0, 10, 10]}}]}}}"#)
        #expect(scene.limitsChecked)
        scene.root.subviews[0].frame?.size.width = 5e6
        #expect(!scene.limitsChecked)
        #expect(scene.limitProblems.map(\.path) == ["root.subviews[0].frame.size.width"])

        var renamed = try SceneDecoder.decode(#"{"root": {"view": {}}}"#)
        renamed.statusBar.time = "10:00"
        #expect(!renamed.limitsChecked)
        #expect(Scene(root: View()).limitsChecked == false)
        // The mark is bookkeeping: it does not make two scenes unequal.
        let decoded = try SceneDecoder.decode(#"{"root": {"view": {}}}"#)
        #expect(decoded == Scene(root: View()))
    }

    /// Every stored property of `Scene` must clear the mark when it changes (`didSet`): a property
    /// added without it would let a changed scene past the renderer's check. This list is the reminder.
    @Test func everyStoredPropertyOfASceneIsKnown() {
        let labels = Mirror(reflecting: Scene(root: View())).children.compactMap(\.label)
        #expect(labels == ["device", "orientation", "scale", "tintColor", "tintAdjustmentMode", "backgroundColor",
                           "statusBar", "systemVersion", "contentSizeCategory", "layoutDirection", "locale", "strings",
                           "pseudoLanguage", "localizations", "sizeClassCopies", "root", "baseDirectory", "includedFiles", "imageFiles", "appearanceImages", "presented", "largeContentViewer",
                           "warnings", "touches", "canvas", "drawsSystemOverlays", "accessibilitySnapshot", "marketing", "variants", "time", "animations", "systemAnimation", "gestures", "audit", "source",
                           "limitsMark"],
                "a new stored property of Scene needs `didSet { limitsMark.checked = false }`; then add it here")
    }

    /// The renders of a checked scene's matrix stay checked (catalog devices, scales in range, named
    /// traits); a device made in Swift is walked again.
    @Test func variantsOfACheckedSceneStayChecked() throws {
        let scene = try SceneDecoder.decode(#"{"devices": ["iPhone SE", "iPhone X"], "variants": {"scales": [1, 3], "contentSizeCategories": ["L", "XXXL"]}, "root": {"view": {}}}"#)
        let renders = try scene.expandVariants()
        #expect(renders.count == 8)
        #expect(renders.allSatisfy { $0.scene.limitsChecked })
        var odd = Device.iPhone8; odd.size.width = 5e6
        let overridden = try scene.expandVariants(overriding: TraitSet(device: odd))
        #expect(!overridden.isEmpty && overridden.allSatisfy { !$0.scene.limitsChecked })
    }

    /// The frames of an animated render (`tintype render --fps`) are the checked scene at each time:
    /// still checked, so the renderer does not walk each frame again; a time out of range is walked.
    @Test func framesOfACheckedSceneStayChecked() throws {
        let scene = try SceneDecoder.decode(#"{"root": {"view": {"id": "box"}}, "animations": [{"view": "box", "to": {"alpha": 0}, "duration": 1}]}"#)
        let frame = scene.at(time: 0.35)
        #expect(frame.time == 0.35 && frame.limitsChecked)
        let far = scene.at(time: 1e12)
        #expect(!far.limitsChecked && far.limitProblems.map(\.path) == ["time"])
        #expect(!Scene(root: View()).at(time: 0.1).limitsChecked)
    }

    /// `Scene.validate()` (which `assertSnapshot` runs first) refuses what is outside the limits, as
    /// the decoder does, each problem once.
    @Test func validateChecksTheLimits() {
        let long = String(repeating: "a", count: SceneLimits.maxTextLength + 1)
        let scene = Scene {
            View(frame: Rect(x: 2_000_000, y: 0, width: 10, height: 10))
            View.label(long, frame: Rect(x: 0, y: 0, width: 10, height: 10))
            View(frame: Rect(x: 0, y: 0, width: .nan, height: 10))
        }
        do {
            try scene.validate()
            Issue.record("a scene outside the limits validated")
        } catch {
            #expect(error.issues.count == 3, "\(error.issues)")
            #expect(error.issues.first?.path == "root.subviews[2].frame")
            #expect(error.issues.contains { $0.message == "must be a finite number from -1000000 to 1000000, found 2000000" })
            #expect(error.issues.contains { $0.message == "a string may have at most \(SceneLimits.maxTextLength) characters, found \(SceneLimits.maxTextLength + 1)" })
        }
        var big = Scene(root: View())
        big.scale = 16
        big.device = .iPadPro12_9
        #expect(throws: SceneError.self) { try big.validate() }
        #expect(throws: Never.self) { try Scene(root: View()).validate() }
        var matrix = Scene(root: View())
        matrix.variants = Variants(contentSizeCategories: ContentSizeCategory.allCases, scales: [1, 2, 3])
        matrix.variants.orientations = [.portrait, .landscape]
        matrix.variants.layoutDirections = [.leftToRight, .rightToLeft]
        matrix.variants.tintAdjustmentModes = [.normal, .dimmed]
        matrix.variants.devices = [.iPhoneSE, .iPhone8, .iPhoneX]
        // 12 × 3 × 2 × 2 × 2 × 3 = 864 images: over the limit of SceneLimits, unless maxVariants raises it.
        #expect(throws: SceneError.self) { try matrix.validate() }
        matrix.variants.maxVariants = 1_000
        #expect(throws: Never.self) { try matrix.validate() }
        matrix.variants.maxVariants = SceneLimits.maxVariantsLimit + 1
        #expect(throws: SceneError.self) { try matrix.validate() }
    }
}

/// A PNG's header is read (without its pixels) to check its size and catch corruption early.
@Suite struct PNGHeaderTests {
    /// A PNG signature and IHDR for `width`×`height`, with a correct CRC unless `badCRC`.
    static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, color: UInt8 = 6, badCRC: Bool = false) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let chunk = Array("IHDR".utf8) + be(width) + be(height) + [depth, color, 0, 0, 0]
        let crc = PNGHeader.crc32(chunk[...]) ^ (badCRC ? 1 : 0)
        return PNGHeader.signature + be(13) + chunk + be(crc)
    }

    @Test func aValidHeaderIsRead() throws {
        let h = try PNGHeader.read(Self.header(width: 640, height: 480)).get()
        #expect(h == PNGHeader(width: 640, height: 480, bitDepth: 8, colorType: 6))
        #expect(h.pixelLimitProblem == nil)
        // The CRC of "IEND" with no data, as every PNG ends.
        #expect(PNGHeader.crc32(Array("IEND".utf8)[...]) == 0xAE42_6082)
    }

    @Test func aHugeDeclaredSizeIsOverTheBudget() throws {
        let h = try PNGHeader.read(Self.header(width: 20000, height: 20000)).get()
        #expect(h.pixelLimitProblem == "it is 20000×20000 pixels, more than the limit of 16384 pixels a side and 64 megapixels")
    }

    @Test func aSceneUsingAnImageOverTheBudgetFailsToDecode() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tintype-png-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/big.png", contents: Data(Self.header(width: 20000, height: 20000) + [UInt8](repeating: 0, count: 64)))
        FileManager.default.createFile(atPath: dir + "/crc.png", contents: Data(Self.header(width: 2, height: 2, badCRC: true) + [UInt8](repeating: 0, count: 64)))
        do {
            _ = try SceneDecoder.decode(#"{"root": {"view": {"subviews": [{"imageView": {"image": "big.png"}}, {"imageView": {"image": "crc.png"}}]}}}"#,
                                        file: "scene.json", baseDirectory: dir)
            Issue.record("decoded")
        } catch {
            #expect(error.issues.map(\.path) == ["root.subviews[0].image", "root.subviews[1].image"])
            #expect(error.issues.first?.position == SourcePosition(line: 1, column: 57))
            #expect(error.issues.first?.message == #"image file "big.png" is too large: it is 20000×20000 pixels, more than the limit of 16384 pixels a side and 64 megapixels"#)
            #expect(error.issues.last?.message == #"image file "crc.png" is a corrupt PNG: the header's checksum (CRC) does not match"#)
        }
    }

    @Test func corruptHeadersAreNamedCorrupt() {
        #expect(PNGHeader.read(Self.header(width: 1, height: 1, badCRC: true)) == .failure(.corrupt("the header's checksum (CRC) does not match")))
        #expect(PNGHeader.read(Self.header(width: 1, height: 1, depth: 7)) == .failure(.corrupt("bit depth 7 is not valid for color type 6")))
        #expect(PNGHeader.read(Self.header(width: 0, height: 0)) == .failure(.corrupt("its size 0×0 is not valid")))
        #expect(PNGHeader.read(Self.header(width: 1, height: 1, color: 5)) == .failure(.corrupt("color type 5 is not valid")))
        #expect(PNGHeader.read(Array("GIF89a".utf8)) == .failure(.notPNG))
        #expect("\(PNGHeaderProblem.corrupt("x"))" == "a corrupt PNG: x")
    }
}

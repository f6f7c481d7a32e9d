import Foundation
import Testing
@testable import TintypeModel

/// The files a scene names stay inside its project (issue 35): included files, string catalogs and
/// images resolve within the scene's folder (or the root given), never by an absolute path, a way
/// out with `..` or a symbolic link leading out; special files are refused unopened, each with its
/// own words; and no message quotes anything of a file outside.
@Suite struct InputPathTests {
    /// A project folder `p` inside a new folder that also holds `secret.json`, a file outside it.
    struct Project {
        let outer: String
        var dir: String { outer + "/p" }
        static let secret = "{\"tintColor\": \"top-secret-value\", root: passwd-line}"
        init() throws {
            outer = NSTemporaryDirectory() + "tintype-inputs-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: outer + "/p/sub", withIntermediateDirectories: true)
            try Data(Self.secret.utf8).write(to: URL(fileURLWithPath: outer + "/secret.json"))
            try Data("\"a\" = \"top-secret-value\";".utf8).write(to: URL(fileURLWithPath: outer + "/secret.strings"))
            try Data(Self.svg.utf8).write(to: URL(fileURLWithPath: outer + "/secret.svg"))
        }
        static let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><!-- top-secret-value --></svg>"
        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + relative))
        }
        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + relative, withDestinationPath: target)
        }
        func issues(_ scene: String, root: String? = nil) throws -> [SceneIssue] {
            try write("scene.json", scene)
            do { _ = try SceneDecoder.load(path: dir + "/scene.json", root: root); return [] } catch { return error.issues }
        }
        func remove() { try? FileManager.default.removeItem(atPath: outer) }
    }

    /// The one issue, which must name the scene's place and quote nothing of the file outside.
    func only(_ issues: [SceneIssue], _ sourceLocation: SourceLocation = #_sourceLocation) -> SceneIssue? {
        #expect(issues.count == 1, "\(issues)", sourceLocation: sourceLocation)
        for issue in issues {
            #expect(!issue.description.contains("top-secret") && !issue.description.contains("passwd-line"),
                    "\(issue.description)", sourceLocation: sourceLocation)
        }
        return issues.first
    }

    @Test func anIncludeLeadingOutIsRefusedUnread() throws {
        let p = try Project()
        defer { p.remove() }
        try p.link("sub/link.json", to: p.outer + "/secret.json")
        try p.link("out", to: p.outer)
        let cases: [(written: String, how: String)] = [
            (p.outer + "/secret.json", "it is an absolute path"),
            ("../secret.json", "it is a path leading out of it with .."),
            ("sub/../../secret.json", "it is a path leading out of it with .."),
            ("sub/link.json", "it is a path through a symbolic link leading out of it"),
            ("out/secret.json", "it is a path through a symbolic link leading out of it"),
        ]
        for c in cases {
            let issue = only(try p.issues("{\n  \"include\": [\"\(c.written)\"], \"root\": {\"view\": {}}}"))
            #expect(issue?.file == p.dir + "/scene.json")
            #expect(issue?.path == "include[0]")
            #expect(issue?.position == SourcePosition(line: 2, column: 15))
            #expect(issue?.message.hasPrefix("\"\(c.written)\" is not inside the scene's project (\(p.dir)/): \(c.how);") == true,
                    "\(issue?.message ?? "")")
        }
        // An included file's own include is checked from its folder.
        try p.write("sub/theme.json", #"{"include": ["../../secret.json"]}"#)
        let nested = only(try p.issues(#"{"include": ["sub/theme.json"], "root": {"view": {}}}"#))
        #expect(nested?.path == "include[0]" && nested?.file.hasSuffix("sub/theme.json") == true)
        #expect(nested?.message.contains("leading out of it with ..") == true)
    }

    @Test func aRootAboveTheSceneLetsItsFilesBeRead() throws {
        let p = try Project()
        defer { p.remove() }
        try FileManager.default.createDirectory(atPath: p.outer + "/common", withIntermediateDirectories: true)
        try Data(#"{"tintColor": "systemRed"}"#.utf8).write(to: URL(fileURLWithPath: p.outer + "/common/theme.json"))
        let scene = #"{"include": ["../common/theme.json"], "root": {"view": {}}}"#
        #expect(try p.issues(scene).first?.message.contains("is not inside the scene's project") == true)
        #expect(try p.issues(scene, root: p.outer).isEmpty)
        // A root that does not hold the scene is refused as such.
        try p.write("scene.json", scene)
        #expect(throws: SceneError.self) { try SceneDecoder.load(path: p.dir + "/scene.json", root: p.outer + "/common") }
        // Absolute paths stay refused whatever the root.
        let absolute = only(try p.issues("{\"include\": [\"\(p.outer)/common/theme.json\"], \"root\": {\"view\": {}}}", root: p.outer))
        #expect(absolute?.message.contains("it is an absolute path") == true)
    }

    @Test func aCatalogLeadingOutIsRefusedUnread() throws {
        let p = try Project()
        defer { p.remove() }
        func scene(_ strings: String) -> String {
            "{\"strings\": \"\(strings)\", \"root\": {\"label\": {\"text\": {\"localized\": \"a\"}}}}"
        }
        try p.link("sub/link.xcstrings", to: p.outer + "/secret.json")
        for written in [p.outer + "/secret.json", "../secret.json", "sub/link.xcstrings"] {
            let issue = only(try p.issues(scene(written)))
            #expect(issue?.path == "strings")
            #expect(issue?.message.hasPrefix("the string catalog \"\(written)\" is not inside the scene's project") == true, "\(issue?.message ?? "")")
        }
        // A folder of .lproj folders whose strings file is a link leading out.
        try FileManager.default.createDirectory(atPath: p.dir + "/Strings/en.lproj", withIntermediateDirectories: true)
        try p.link("Strings/en.lproj/Localizable.strings", to: p.outer + "/secret.strings")
        let inFolder = only(try p.issues(scene("Strings")))
        #expect(inFolder?.message.contains("\"en.lproj/Localizable.strings\" is not inside the scene's project") == true, "\(inFolder?.message ?? "")")
    }

    @Test func anImageLeadingOutIsRefusedUnread() throws {
        let p = try Project()
        defer { p.remove() }
        try p.link("sub/link.svg", to: p.outer + "/secret.svg")
        for written in [p.outer + "/secret.svg", "../secret.svg", "sub/link.svg"] {
            let issue = only(try p.issues("{\"root\": {\"imageView\": {\"image\": \"\(written)\"}}}"))
            #expect(issue?.path == "root.image")
            #expect(issue?.message.hasPrefix("image file \"\(written)\" is not inside the scene's project") == true, "\(issue?.message ?? "")")
        }
        // Inside, through a link that stays inside, it is read.
        try Data(Project.svg.utf8).write(to: URL(fileURLWithPath: p.dir + "/sub/icon.svg"))
        try p.link("icon.svg", to: "sub/icon.svg")
        #expect(try p.issues(#"{"root": {"imageView": {"image": "icon.svg"}}}"#).isEmpty)
    }

    @Test func specialFilesAreRefusedBeforeOpeningEachWithItsOwnWords() throws {
        let p = try Project()
        defer { p.remove() }
        #expect(mkfifo(p.dir + "/pipe.json", 0o600) == 0)
        #expect(mkfifo(p.dir + "/pipe.png", 0o600) == 0)
        #expect(mkfifo(p.dir + "/pipe.xcstrings", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: p.dir + "/folder.json", withIntermediateDirectories: true)
        try p.link("loop-a.json", to: "loop-b.json")
        try p.link("loop-b.json", to: "loop-a.json")
        try p.link("zero.json", to: "/dev/zero")
        func include(_ name: String, root: String? = nil) throws -> String {
            try p.issues("{\"include\": [\"\(name)\"], \"root\": {\"view\": {}}}", root: root).first?.message ?? ""
        }
        #expect(try include("pipe.json") == "\"pipe.json\" is a named pipe (FIFO), not a file; it was not opened")
        #expect(try include("folder.json") == "\"folder.json\" is a folder, not a file")
        #expect(try include("loop-a.json") == "\"loop-a.json\" is a symbolic link that leads round in a loop")
        // /dev/zero is outside; with the whole disk as the root it is a device, still unopened.
        #expect(try include("zero.json").contains("symbolic link leading out"))
        #expect(try include("zero.json", root: "/") == "\"zero.json\" is a device, not a file; it was not opened")
        #expect(try include("missing.json").hasPrefix("no such file \"missing.json\""))

        let image = try p.issues(#"{"root": {"imageView": {"image": "pipe.png"}}}"#)
        #expect(image.map(\.message) == ["image file \"pipe.png\" is a named pipe (FIFO), not a file; it was not opened"])
        let catalog = try p.issues(#"{"strings": "pipe.xcstrings", "root": {"label": {"text": {"localized": "a"}}}}"#)
        #expect(catalog.map(\.message) == ["the string catalog \"pipe.xcstrings\" is a named pipe (FIFO), not a file; it was not opened"])
        #expect(throws: SceneError.self) { try SceneDecoder.load(path: p.dir + "/pipe.json") }
        do { _ = try SceneDecoder.load(path: p.dir + "/pipe.json") } catch {
            #expect(error.description.hasSuffix("the scene file is a named pipe (FIFO), not a file; it was not opened"))
        }
    }

    @Test func aBrokenCatalogIsReportedOnceWhereItIsNamed() throws {
        let p = try Project()
        defer { p.remove() }
        try p.write("Localizable.xcstrings", "{\n  \"strings\": {\n    \"a\": [\n}")
        let all = try p.issues(#"{"strings": "Localizable.xcstrings", "root": {"view": {"subviews": [{"label": {"text": {"localized": "a"}}}, "#
                               + #"{"label": {"text": {"localized": "b"}}}]}}}"#)
        #expect(all.count == 1, "\(all)")
        #expect(all.first?.message.hasPrefix("malformed JSON") == true, "\(all)")
        #expect(!all.contains { $0.message.contains("needs the scene's \"strings\"") })
    }

    @Test func theReaderStopsAtItsLimitAndRefusesWhatIsNotAFile() throws {
        let p = try Project()
        defer { p.remove() }
        try p.write("ten.txt", "0123456789")
        #expect(InputFiles.read(p.dir + "/ten.txt", limit: 10) == .success(Array("0123456789".utf8)))
        #expect(InputFiles.read(p.dir + "/ten.txt", limit: 9) == .failure(.tooLarge(10)))
        #expect(InputFiles.read("/dev/zero", limit: 9) == .failure(.notAFile(.device)))
        #expect(InputFiles.read(p.dir, limit: 9) == .failure(.notAFile(.folder)))
        #expect(InputFiles.read(p.dir + "/none", limit: 9) == .failure(.notAFile(.missing)))
    }
}

import Foundation

/// The asset catalogs (`*.xcassets`) near a storyboard, as an Xcode project keeps them
/// (`App/Base.lproj/Main.storyboard` beside `App/Assets.xcassets`): in its folder and the folders
/// above it up to the project's root (the first with an `.xcodeproj`, `.xcworkspace`,
/// `Package.swift` or `.git`, at most three levels up; without one, the folder above only), each
/// searched two levels down. Image sets and color sets are found by name; a folder that provides a
/// namespace prefixes its name (`Icons/star`).
struct AssetCatalog {
    enum ImageResult {
        /// The file to draw, and a note when its name does not carry the scale the catalog gives it.
        case found(String, scaleNote: String?)
        case unsupported(String)
        case missing
    }

    private(set) var catalogs: [String] = []
    private var imageSets: [String: String] = [:]
    private var colorSets: [String: String] = [:]
    /// The scale images are picked for (the device's).
    var preferredScale = 2

    /// The project's folder as `init(near:)` finds it (the last folder it searches).
    static func projectRoot(near directory: String) -> String {
        var folder = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL.path
        if isProjectRoot(folder) { return folder }
        let start = folder
        for _ in 0..<3 {
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty || parent == "/" { break }
            folder = parent
            if isProjectRoot(parent) { return parent }
        }
        let above = (start as NSString).deletingLastPathComponent
        return above.isEmpty || above == "/" ? start : above
    }

    init(near directory: String) {
        // Made absolute first: Foundation on Linux crashes taking the last component off "." (a
        // storyboard named without a folder), and ".." climbs nowhere from a relative path.
        let start = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL.path
        base = start
        var folders = [start]
        var folder = start
        var rooted = Self.isProjectRoot(start)
        for _ in 0..<3 where !rooted {
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty || parent == "/" { break }
            folders.append(parent)
            folder = parent
            rooted = Self.isProjectRoot(parent)
        }
        if !rooted { folders = Array(folders.prefix(2)) }
        var seen: Set<String> = []
        for f in folders {
            for found in Self.catalogs(in: f, depth: 2) where seen.insert(found).inserted { catalogs.append(found) }
        }
        for catalog in catalogs { index(catalog, prefix: "") }
    }

    private let base: String

    static func isProjectRoot(_ folder: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0 == ".git" }
    }

    /// `*.xcassets` folders in `folder` and below it, sorted, not looking inside one.
    static func catalogs(in folder: String, depth: Int) -> [String] {
        guard depth >= 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var out: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { continue }
            if name.hasSuffix(".xcassets") { out.append(path); continue }
            if ["build", "DerivedData", "Pods", "Carthage", ".build", "node_modules"].contains(name) { continue }
            out += catalogs(in: path, depth: depth - 1)
        }
        return out
    }

    private mutating func index(_ folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            let ext = (name as NSString).pathExtension, stem = (name as NSString).deletingPathExtension
            switch ext {
            case "imageset": if imageSets[prefix + stem] == nil { imageSets[prefix + stem] = path }
            case "colorset": if colorSets[prefix + stem] == nil { colorSets[prefix + stem] = path }
            case "":
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { continue }
                let namespaced = (Self.contents(path)?["properties"] as? [String: Any])?["provides-namespace"] as? Bool ?? false
                index(path, prefix: namespaced ? prefix + name + "/" : prefix)
            default: continue
            }
        }
    }

    static func contents(_ folder: String) -> [String: Any]? {
        let file = (folder as NSString).appendingPathComponent("Contents.json")
        guard let data = FileManager.default.contents(atPath: file), data.count < 1_000_000 else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    func describeSearch() -> String {
        if catalogs.isEmpty { return "no .xcassets folder was found" }
        let names = catalogs.prefix(3).map { relativePath(from: base, to: $0) }
        return "searched " + names.joined(separator: ", ") + (catalogs.count > 3 ? " and \(catalogs.count - 3) more" : "")
    }

    // MARK: Images

    func image(named name: String) -> ImageResult {
        guard let set = imageSets[name], let json = Self.contents(set), let images = json["images"] as? [[String: Any]] else { return .missing }
        struct Candidate { var file: String; var scale: Int; var nameScale: Int; var ext: String }
        var candidates: [Candidate] = []
        var other: String?
        for entry in images {
            guard let file = entry["filename"] as? String else { continue }
            let idiom = entry["idiom"] as? String ?? "universal"
            guard ["universal", "iphone", "ipad"].contains(idiom) else { continue }
            let ext = (file as NSString).pathExtension.lowercased()
            let path = (set as NSString).appendingPathComponent(file)
            guard ext == "png" || ext == "svg" else { other = other ?? path; continue }
            let scale = Int((entry["scale"] as? String ?? "1x").dropLast()) ?? 1
            let stem = (file as NSString).deletingPathExtension
            let nameScale = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
            candidates.append(Candidate(file: path, scale: ext == "svg" ? 1 : scale, nameScale: ext == "svg" ? 1 : nameScale, ext: ext))
        }
        let order = [preferredScale, 2, 3, 1]
        func rank(_ c: Candidate) -> (Int, Int) { (c.scale == c.nameScale ? 0 : 1, order.firstIndex(of: c.scale) ?? 9) }
        guard let best = candidates.min(by: { rank($0) < rank($1) }) else {
            return other.map { .unsupported($0) } ?? .missing
        }
        let note = best.scale == best.nameScale ? nil
            : "the file \((best.file as NSString).lastPathComponent) is \(best.scale)x in the asset catalog, "
                + "but Tintype takes an image's scale from its name (@\(best.scale)x), so it is drawn at \(best.nameScale)x size"
        return .found(best.file, scaleNote: note)
    }

    func renderingIntent(named name: String) -> String? {
        guard let set = imageSets[name], let json = Self.contents(set) else { return nil }
        return (json["properties"] as? [String: Any])?["template-rendering-intent"] as? String
    }

    // MARK: Colors

    /// A color set's light (or any-appearance) color as `#RRGGBB[AA]` in sRGB.
    func color(named name: String) -> String? {
        guard let set = colorSets[name], let json = Self.contents(set), let colors = json["colors"] as? [[String: Any]] else { return nil }
        let plain = colors.first { $0["appearances"] == nil && ["universal", "iphone"].contains($0["idiom"] as? String ?? "universal") } ?? colors.first
        guard let color = plain?["color"] as? [String: Any] else { return nil }
        if let platform = color["platform"] as? String, let system = color["reference"] as? String { _ = platform; _ = system; return nil }
        guard let c = color["components"] as? [String: Any] else { return nil }
        func value(_ key: String) -> Double? {
            let any = c[key]
            var s = (any as? String) ?? (any as? NSNumber)?.stringValue ?? ""
            s = s.trimmingCharacters(in: .whitespaces)
            if s.hasPrefix("0x") || s.hasPrefix("0X") { return Int(s.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            guard let v = Double(s), v.isFinite else { return nil }
            return s.contains(".") || v <= 1 ? v : v / 255
        }
        let alpha = value("alpha") ?? 1
        var rgb: (Double, Double, Double)
        if let w = value("white") { rgb = (w, w, w) }
        else { rgb = (value("red") ?? 0, value("green") ?? 0, value("blue") ?? 0) }
        if (color["color-space"] as? String) == "display-p3" { rgb = Importer.p3ToSRGB(rgb) }
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let hex = String(b, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + byte(rgb.0) + byte(rgb.1) + byte(rgb.2) + (alpha < 1 ? byte(alpha) : "")
    }
}

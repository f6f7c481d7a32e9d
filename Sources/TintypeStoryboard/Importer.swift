import Foundation
import TintypeModel

/// One import: the document, its index of objects by id, and what was found wrong.
struct Importer {
    let file: String
    let directory: String
    let root: XMLNode
    let options: StoryboardImporter.Options

    var warnings: [StoryboardIssue] = []
    var errors: [StoryboardIssue] = []
    private var warned: Set<String> = []

    /// Every element with an id, and the id of the element with an id nearest above it.
    var nodes: [String: XMLNode] = [:]
    var parents: [String: String] = [:]
    var isStoryboard = true
    var device = Device.iPhone8
    var traits = Traits(horizontal: "compact", vertical: "regular", idiom: "phone")
    var assets: AssetCatalog
    /// The document's own values of system and named colors (`<resources>`), by name.
    var resourceColors: [String: XMLNode] = [:]
    /// Constraints by the view they place, and the views other constraints name (which need an id).
    var constraintsByFirst: [String: [IBConstraint]] = [:]
    var constraintItems: Set<String> = []
    /// Each controller's container, from relationship segues.
    var relationshipParents: [String: Parent] = [:]
    /// The translations, and the folder of string tables the scenes name.
    var strings = StoryboardStrings()
    var stringsFolder: String {
        sceneFileName(((file as NSString).lastPathComponent as NSString).deletingPathExtension) + "-strings"
    }

    struct Traits { var horizontal: String, vertical: String, idiom: String }

    init(file: String, directory: String, root: XMLNode, options: StoryboardImporter.Options) {
        self.file = file; self.directory = directory; self.root = root; self.options = options
        self.assets = AssetCatalog(near: directory)
    }

    // MARK: Issues

    mutating func error(_ node: XMLNode?, _ message: String, attribute: String? = nil, id: String? = nil) {
        let position = node.map { n in attribute.map { n.position(of: $0) } ?? n.position }
        errors.append(StoryboardIssue(file: file, position: position, id: id ?? node?["id"], message: message, kind: "error"))
    }

    /// A warning, reported once per object and message.
    mutating func warn(_ node: XMLNode?, _ kind: String, _ message: String, attribute: String? = nil, id: String? = nil) {
        let objectID = id ?? node?["id"]
        let key = (objectID ?? "\(node?.position.line ?? 0):\(node?.position.column ?? 0)") + "\u{0}" + message
        guard warned.insert(key).inserted else { return }
        let position = node.map { n in attribute.map { n.position(of: $0) } ?? n.position }
        warnings.append(StoryboardIssue(file: file, position: position, id: objectID, message: message, kind: kind))
    }

    // MARK: The document

    static let storyboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
    static let xibType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"

    mutating func run() throws(StoryboardError) -> StoryboardImport {
        guard root.name == "document" else {
            throw fatal(root, "the root element is <\(root.name)>, not an Interface Builder <document>")
        }
        let type = root["type"] ?? ""
        switch type {
        case Self.storyboardType: isStoryboard = true
        case Self.xibType: isStoryboard = false
        default:
            let hint = type.contains(".Cocoa.") ? " (a macOS document; Tintype draws iOS)"
                : type.contains("AppleTV") ? " (a tvOS document; Tintype draws iOS)"
                : type.contains("WatchKit") ? " (a watchOS document; Tintype draws iOS)" : ""
            throw fatal(root, "unknown document type \(quoted(type))\(hint); Tintype reads iOS storyboards (\(Self.storyboardType)) and xibs (\(Self.xibType))", attribute: "type")
        }
        guard root["version"] == "3.0" else {
            throw fatal(root, "document version \(quoted(root["version"] ?? "")) is not one Tintype reads; "
                        + "Interface Builder has written version 3.0 since Xcode 5 (open and save the file in a newer Xcode)", attribute: "version")
        }
        if let runtime = root["targetRuntime"], !runtime.hasPrefix("iOS.CocoaTouch") {
            throw fatal(root, "target runtime \(quoted(runtime)) is not iOS; Tintype draws iOS (iOS.CocoaTouch)", attribute: "targetRuntime")
        }
        index(root, parent: nil)
        readStrings()
        if !errors.isEmpty { throw StoryboardError(issues: errors) }
        chooseDevice()
        assets.preferredScale = Int(device.scale)
        collectConstraints()
        if let resources = root.child("resources") {
            for r in resources.children {
                if r.name == "systemColor" || r.name == "namedColor", let name = r["name"], let color = r.child("color") {
                    resourceColors[name] = color
                }
            }
        }
        let scenes = isStoryboard ? storyboardScenes() : xibScenes()
        if !errors.isEmpty { throw StoryboardError(issues: errors) }
        let folder = strings.isEmpty ? nil
            : StoryboardImport.StringsFolder(name: stringsFolder, files: strings.files().map { .init(path: $0.path, text: $0.text) })
        var result = StoryboardImport(scenes: scenes, warnings: warnings, strings: folder)
        if firstDescendant(root, where: { $0.name == "variation" && $0["key"] != "default" }) != nil {
            result.sizeClasses = SizeClasses(horizontal: traits.horizontal, vertical: traits.vertical, idiom: traits.idiom)
        }
        return result
    }

    func fatal(_ node: XMLNode, _ message: String, attribute: String? = nil) -> StoryboardError {
        StoryboardError(issues: [StoryboardIssue(file: file, position: attribute.map { node.position(of: $0) } ?? node.position,
                                                 id: nil, message: message, kind: "error")])
    }

    private mutating func index(_ node: XMLNode, parent: String?) {
        var here = parent
        if let id = node["id"], node.name != "document" {
            if nodes[id] != nil {
                error(node, "the id \(quoted(id)) is given to two objects; Interface Builder gives each its own", attribute: "id")
            } else {
                nodes[id] = node
                if let parent { parents[id] = parent }
            }
            here = id
        }
        for child in node.children { index(child, parent: here) }
    }

    /// Interface Builder's device ids (`retina6_1`) and older screen metrics, as catalog devices.
    static let devices: [String: String] = [
        "retina3_5": "iPhone 4s", "retina4_0": "iPhone SE", "retina4_7": "iPhone 8", "retina5_5": "iPhone 8 Plus",
        "retina5_9": "iPhone X", "retina6_1": "iPhone XR", "retina6_5": "iPhone XR", "retina5_4": "iPhone 12 mini",
        "retina6_12": "iPhone 12", "retina6_72": "iPhone 14 Plus", "retina6_0": "iPhone 15 Pro", "retina6_7": "iPhone 15 Pro Max",
        "ipad9_7": "iPad", "ipad10_2": "iPad", "ipad10_5": "iPad", "ipad10_9rounded": "iPad Pro 11", "ipad11_0rounded": "iPad Pro 11",
        "ipad12_9": "iPad Pro 12.9", "ipad12_9rounded": "iPad Pro 12.9", "ipad7_9": "iPad",
        "retina4": "iPhone SE", "retina47": "iPhone 8", "retina55": "iPhone 8 Plus", "iPad": "iPad",
    ]

    private mutating func chooseDevice() {
        var name: String?
        if let d = options.device { name = d }
        else if let d = root.child("device")?["id"] { name = Self.devices[d] }
        else if let metrics = firstDescendant(root, where: { $0.name == "simulatedScreenMetrics" && $0["key"] == "destination" }),
                let type = metrics["type"] { name = Self.devices[type] }
        device = name.flatMap(Device.named) ?? .iPhone8
        let landscape = options.landscape ?? (options.device == nil && root.child("device")?["orientation"] == "landscape")
        let classes = SizeClasses(device: device, orientation: landscape ? .landscape : .portrait)
        traits = Traits(horizontal: classes.horizontal, vertical: classes.vertical, idiom: classes.idiom)
        // A landscape storyboard makes landscape scenes; a landscape variant (options.landscape) has its own orientation.
        if landscape && options.landscape == nil { landscapeScenes = true }
    }
    var landscapeScenes = false

    func firstDescendant(_ node: XMLNode, where match: (XMLNode) -> Bool) -> XMLNode? {
        for c in node.children {
            if match(c) { return c }
            if let d = firstDescendant(c, where: match) { return d }
        }
        return nil
    }

    // MARK: Variations (size classes)

    /// How specific a `<variation key="…">` is when it applies to the scenes' traits (0 for
    /// "default"), nil when it does not apply.
    func specificity(_ key: String) -> Int? {
        if key == "default" { return 0 }
        var count = 0
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { return nil }
            switch kv[0] {
            case "widthClass": if kv[1] != traits.horizontal { return nil }
            case "heightClass": if kv[1] != traits.vertical { return nil }
            case "userInterfaceIdiom": if kv[1] != traits.idiom { return nil }
            default: return nil
            }
            count += 1
        }
        return count
    }

    /// The variations of `node` that apply, least specific first.
    func applicableVariations(_ node: XMLNode) -> [XMLNode] {
        node.children("variation").compactMap { v in v["key"].flatMap(specificity).map { (v, $0) } }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
    }

    /// The node with its applicable variations applied: their attributes and keyed elements
    /// replace the node's own.
    func resolved(_ node: XMLNode) -> XMLNode {
        var out = node
        for v in applicableVariations(node) {
            for a in v.attributes where a.name != "key" {
                if let i = out.attributes.firstIndex(where: { $0.name == a.name }) { out.attributes[i] = a } else { out.attributes.append(a) }
            }
            for c in v.children where c.name != "mask" {
                if let key = c["key"], let i = out.children.firstIndex(where: { $0["key"] == key && $0.name != "variation" }) {
                    out.children[i] = c
                } else if c["key"] != nil {
                    out.children.append(c)
                }
            }
        }
        return out
    }

    /// The ids a node's variations leave out of its `subviews` or `constraints` for the scenes' traits.
    func excluded(_ node: XMLNode, _ key: String) -> Set<String> {
        var out = Set<String>()
        for v in applicableVariations(node) {
            for mask in v.children("mask") where mask["key"] == key {
                for e in mask.children {
                    guard let ref = e["reference"] else { continue }
                    if e.name == "exclude" { out.insert(ref) } else if e.name == "include" { out.remove(ref) }
                }
            }
        }
        return out
    }

    /// Warns once per file that variations were resolved for one device.
    mutating func noteVariations(_ node: XMLNode) {
        let all = node.children("variation")
        guard !all.isEmpty else { return }
        let applied = all.filter { ($0["key"].flatMap(specificity) ?? 0) > 0 }
        let skipped = all.filter { $0["key"].flatMap(specificity) == nil }
        if !skipped.isEmpty || !applied.isEmpty {
            let keys = all.compactMap { $0["key"] }.filter { $0 != "default" }
            guard !keys.isEmpty else { return }
            warn(node, "variation", "size-class variations (\(keys.joined(separator: ", "))) are resolved for \(device.name) "
                 + "(\(traits.horizontal) width, \(traits.vertical) height); the scene file keeps that one", id: node["id"])
        }
    }
}

/// Scene names: an identifier or id made safe for a file name.
func sceneFileName(_ s: String) -> String {
    let allowed = s.unicodeScalars.map { u -> Character in
        (u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "-" || u == "_" || u == ".") ? Character(u) : "-"
    }
    var name = String(allowed)
    while name.hasPrefix(".") { name.removeFirst() }
    return name.isEmpty ? "scene" : name
}

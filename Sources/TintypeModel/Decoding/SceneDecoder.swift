#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The size in bytes of the regular file at `path`, or nil when it cannot be found or is not a file.
public func fileSize(atPath path: String) -> Int? {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(st.st_size)
}

/// The first `count` bytes of the regular file at `path` (fewer when it is shorter), or nil when it
/// cannot be read or is not a regular file (opened without blocking, so a named pipe never hangs it).
func readHead(ofFile path: String, count: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
        if n < 0 { return nil }
        if n == 0 { break }
        filled += n
    }
    return Array(bytes.prefix(filled))
}

/// Reads scene files (JSON, with comments and trailing commas allowed) into `Scene` values.
///
/// Every problem is reported with the file, the path inside it, the line and column, and the
/// offending value; decoding continues past a problem so that one run reports them all.
public enum SceneDecoder {
    /// Reads the scene file at `path`. Its texts are translated in its own locale and in every
    /// locale its matrix names; `locales` adds others (`tintype render --locale de`), each checked
    /// as the matrix's are (a key a locale lacks is an error here, with its place). The files it
    /// includes, its string catalog and its images must lie inside `root` (by default the scene's
    /// own folder; see `SceneProject`).
    public static func load(path: String, locales: [String] = [], root: String? = nil) throws(SceneError) -> Scene {
        try load(SceneFiles.Read(path: path), locales: locales, root: root)
    }

    /// Decodes a scene file already read and parsed (`SceneFiles.read`), as `load(path:)` would.
    public static func load(_ file: SceneFiles.Read, locales: [String] = [], root: String? = nil) throws(SceneError) -> Scene {
        let path = file.path
        // Only a regular file is opened, and never read past the limit.
        let data: [UInt8]
        switch file.bytes {
        case .success(let bytes): data = bytes
        case .failure(.notAFile(.missing)): throw SceneError(file: path, message: "no such file")
        case .failure(.tooLarge(let size)):
            throw SceneError(file: path, message: "the file is \(size) bytes, more than the limit of \(SceneLimits.maxFileSize)")
        case .failure(let why): throw SceneError(file: path, message: "the scene file " + why.message(limit: SceneLimits.maxFileSize))
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if let root, !FilePaths.contains(FilePaths.resolved(root), FilePaths.resolved(base)) {
            throw SceneError(file: path, message: "the scene is not inside its project (\(SceneProject.describe(SceneProject(root: root).root))) "
                             + "given with --root; give a folder that holds the scene")
        }
        return try decode(data, file: path, baseDirectory: base, locales: locales, root: root, recorder: nil, parsed: file.parsed)
    }

    /// Decodes a scene from its bytes. `file` names it in messages; image paths are relative to
    /// `baseDirectory` (the current directory when nil); `locales` as for `load(path:locales:)`.
    /// The files the scene names must lie inside `root` (by default `baseDirectory`).
    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String?, locales: [String] = [],
                              root: String? = nil) throws(SceneError) -> Scene {
        try decode(bytes, file: file, baseDirectory: baseDirectory, locales: locales, root: root, recorder: nil)
    }

    /// Decodes, recording every object read and what each read accepts (see `SceneSchema`).
    static func decode(_ bytes: [UInt8], file: String, baseDirectory: String?, locales: [String] = [], root: String? = nil,
                       recorder: KeyRecorder?, parsed: Result<JSONNode, JSONSyntaxError>? = nil,
                       storyboardFor override: (device: Device, orientation: Orientation)? = nil) throws(SceneError) -> Scene {
        guard bytes.count <= SceneLimits.maxFileSize else {
            throw SceneError(file: file, message: "the file is \(bytes.count) bytes, more than the limit of \(SceneLimits.maxFileSize)")
        }
        let projectRoot = root
        var root: JSONNode
        do throws(JSONSyntaxError) {
            if let parsed { root = try parsed.get() } else { root = try JSONParser.parse(bytes) }
        } catch {
            throw SceneError(file: file, position: error.position, message: "malformed JSON: \(error.message)")
        }
        var included: [SceneIncludes.Included] = []
        let directory = baseDirectory ?? FileManager.default.currentDirectoryPath
        let project = SceneProject(root: projectRoot ?? directory)
        root = try SceneIncludes.resolve(root, file: file, directory: directory, project: project, included: &included)
        var imported: [SceneIssue] = []
        var storyboardStrings: (name: String, catalog: StringCatalog)?
        var sizeClasses: SizeClasses?
        root = try StoryboardScenes.resolve(root, file: file, directory: directory, project: project, included: &included, warnings: &imported,
                                            strings: &storyboardStrings, for: override, sizeClasses: &sizeClasses)
        let context = DecodeContext(file: file, baseDirectory: baseDirectory, project: project)
        for w in imported { context.warn(w) }
        context.storyboardStrings = storyboardStrings
        for i in included { context.includeFolders[i.shown] = i.folder }
        context.extraLocales = locales
        context.recorder = recorder
        checkCounts(root, path: "", context: context)
        let scene = decodeScene(root, context: context)
        // Issues in document order (unknown keys are found when an object is finished).
        let issues = context.issues.enumerated().sorted { a, b in
            let pa = a.element.position.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let pb = b.element.position.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)
        guard issues.isEmpty, var scene else {
            throw SceneError(issues: issues.isEmpty
                ? [SceneIssue(file: file, path: "", position: root.position, message: "not a scene")] : issues)
        }
        // The importer's note that a prototype table's rows come from code is moot once the file gives them.
        scene.warnings = context.warnings.filter { w in
            !(w.kind == StoryboardScenes.prototypeCellsKind && w.objectID.map(context.tableDataUsed.contains) == true)
        }
        scene.includedFiles = included.map(\.absolute)
        scene.imageFiles = context.imageFiles
        // A storyboard's size-class variations, for each variant whose device and orientation have other size classes.
        if override == nil, let own = sizeClasses, let plans = try? scene.planVariants(overriding: TraitSet()) {
            for plan in plans {
                let device = plan.traits.device ?? scene.device, orientation = plan.traits.orientation ?? scene.orientation
                let classes = SizeClasses(device: device, orientation: orientation)
                guard classes != own, scene.sizeClassCopies[classes] == nil else { continue }
                var copy = try decode(bytes, file: file, baseDirectory: baseDirectory, locales: locales, root: projectRoot, recorder: nil,
                                      storyboardFor: (device, orientation))
                copy.variants = Variants()
                copy.warnings = []
                scene.sizeClassCopies[classes] = copy
            }
        }
        scene.markLimitsChecked()
        return scene
    }

    /// Reports every string longer than `SceneLimits.maxTextLength` and every list longer than
    /// `SceneLimits.maxListCount`, wherever it is: one walk covers every property, present and future.
    /// Paths leave out a view's kind key, as the decoder's own paths do (`root.subviews[0].text`).
    static func checkCounts(_ node: JSONNode, path: String, context: DecodeContext) {
        switch node.value {
        case .string(let s):
            let count = s.unicodeScalars.count
            if count > SceneLimits.maxTextLength {
                context.report(path, node.position, "a string may have at most \(SceneLimits.maxTextLength) characters, found \(count)")
            }
        case .array(let items):
            if items.count > SceneLimits.maxListCount {
                context.report(path, node.position, "a list may have at most \(SceneLimits.maxListCount) elements, found \(items.count)")
            }
            for (i, item) in items.enumerated() { checkCounts(item, path: path + "[\(i)]", context: context) }
        case .object(let members):
            let isView = members.count == 1 && kinds.contains { $0.name == members[0].key }
            for m in members { checkCounts(m.value, path: isView ? path : join(path, m.key), context: context) }
        case .null, .bool, .number:
            break
        }
    }

    /// Decodes one scene from JSON text.
    public static func decode(_ text: String, file: String = "<scene>", baseDirectory: String? = nil, locales: [String] = [],
                              root: String? = nil) throws(SceneError) -> Scene {
        try decode(Array(text.utf8), file: file, baseDirectory: baseDirectory, locales: locales, root: root)
    }

    /// Every problem decoding `text` reports, in the order it reports them; empty when the scene
    /// decodes. For tools that list problems rather than stop at them (and for tests).
    public static func issues(decoding text: String, file: String = "scene.json", baseDirectory: String? = nil) -> [SceneIssue] {
        do { _ = try decode(text, file: file, baseDirectory: baseDirectory); return [] } catch { return error.issues }
    }

    /// Decodes the scene object. With `locale`, the scene is decoded as if its `locale` were that
    /// one (for a locale variant: its texts translated, its direction implied by the language) and
    /// its matrix is not expanded.
    static func decodeScene(_ node: JSONNode, context: DecodeContext, locale: String? = nil) -> Scene? {
        guard let r = ObjectReader(node, path: "", context: context, what: "a scene object") else { return nil }
        var scene = Scene(root: View())
        scene.baseDirectory = context.baseDirectory
        decodeLanguage(r, into: &scene, node: node, context: context, locale: locale)
        // "$schema" names the JSON Schema for editors (docs/scene.schema.json); it changes nothing.
        if let n = r.node("$schema", as: .string) {
            if case .string = n.value {} else {
                context.report("$schema", n.position, "expected the path or URL of the scene schema (a string), found \(n.value.kindName)")
            }
        }
        // "include" was merged before decoding (SceneIncludes); it is read here so it is a known key.
        _ = r.array("include")
        // So were "storyboard" and "scene" (StoryboardScenes): the imported scene is under this file's keys.
        _ = r.node("storyboard", as: .string)
        _ = r.node("scene", as: .string)
        // Read before any view: every navigation bar, switch or label below reads its defaults here.
        if let n = r.node("appearance", as: .object) {
            context.appearance = SceneAppearance.decode(n, context: context)
            scene.appearanceImages = context.appearanceImages ?? []
            context.appearanceImages = nil
        }
        // Rows for tables by id, read before any view: a storyboard's prototype table has no rows of its own.
        var tableData: [(id: String, reader: ObjectReader)] = []
        if let items = r.array("tableData") {
            for (n, p) in items {
                guard let t = ObjectReader(n, path: p, context: context, what: "an object with a table's \"id\" and its \"rows\" or \"sections\"",
                                           schemaName: "tableData") else { continue }
                guard let id = t.string("id") else {
                    if !t.has("id") { context.report(p, n.position, "tableData needs the \"id\" of the table it gives rows to") }
                    continue
                }
                if context.tableData[id] != nil { context.report(join(p, "id"), n.position, "the table \(quoted(id)) is given rows twice"); continue }
                if !t.has("rows") && !t.has("sections") { context.report(p, n.position, "give the table \(quoted(id)) \"rows\" or \"sections\"") }
                context.tableData[id] = t
                tableData.append((id, t))
            }
        }
        if let n = r.node("device") {
            if let d = device(n, path: "device", context: context) { scene.device = d }
        }
        if let items = r.array("devices") {
            if r.has("device") { context.report("devices", node.position, "give \"device\" or \"devices\", not both") }
            for (n, p) in items {
                guard let d = device(n, path: p, context: context) else { continue }
                if scene.devices.contains(d) { context.report(p, n.position, "\(quoted(d.name)) is listed twice"); continue }
                scene.devices.append(d)
            }
            if items.isEmpty { context.report("devices", node.position, "\"devices\" needs at least one device") }
            if let first = scene.devices.first { scene.device = first }
        }
        if let o = r.choice("orientation", Orientation.self) { scene.orientation = o }
        if let n = r.node("canvas") { scene.canvas = Canvas.decode(n, path: "canvas", context: context) }
        if let n = r.node("scale", as: .number(SceneLimits.scaleRange.lowerBound, SceneLimits.scaleRange.upperBound)) {
            if let s = ObjectReader.number(n, path: "scale", in: SceneLimits.scaleRange, context: context) { scene.scale = s }
        }
        scene.tintColor = r.color("tintColor")
        if let m = r.choice("tintAdjustmentMode", TintAdjustmentMode.self) { scene.tintAdjustmentMode = m }
        if let c = r.color("backgroundColor") { scene.backgroundColor = c }
        if let c = r.choice("contentSizeCategory", ContentSizeCategory.self, aliases: contentSizeAliases) { scene.contentSizeCategory = c }
        if let d = r.choice("layoutDirection", LayoutDirection.self, aliases: layoutDirectionAliases) {
            scene.layoutDirection = d
        } else if (scene.locale.map(AppLocale.isRightToLeft) ?? false) || scene.pseudoLanguage == .bidi {
            // An Arabic or Hebrew app is laid out right to left unless the scene says otherwise.
            scene.layoutDirection = .rightToLeft
        }
        if let s = r.object("statusBar") {
            if let style = s.choice("style", StatusBar.Style.self, aliases: ["darkContent": .default]) { scene.statusBar.style = style }
            if let h = s.bool("hidden") { scene.statusBar.hidden = h }
            if let t = s.string("time") { scene.statusBar.time = t }
            if let c = s.string("carrier") { scene.statusBar.carrier = c }
            if let n = s.integer("signal", in: StatusBar.signalRange) { scene.statusBar.signal = n }
            if let n = s.integer("wifi", in: StatusBar.wifiRange) { scene.statusBar.wifi = n }
            if let b = s.bool("bluetooth") { scene.statusBar.bluetooth = b }
            if let l = s.number("batteryLevel", in: 0...1) { scene.statusBar.batteryLevel = l }
            if let b = s.bool("charging") { scene.statusBar.charging = b }
            if let b = s.bool("showsBatteryPercentage") { scene.statusBar.showsBatteryPercentage = b }
            s.finish()
        }
        if let v = r.integer("systemVersion", in: Scene.systemVersions) { scene.systemVersion = v; context.systemVersion = v }
        if let n = r.node("presented", as: Presentation.form) {
            scene.presented = Presentation.decode(n, path: "presented", context: context)
        }
        var positions: [String: SourcePosition] = [:]
        if let v = r.object("variants") {
            let matrix = decodeVariants(v, context: context, positions: &positions)
            if !scene.variants.devices.isEmpty && !matrix.devices.isEmpty {
                context.report("variants.devices", positions["variants.devices"], "give \"devices\" or \"variants.devices\", not both")
            }
            for d in TraitDimension.allCases where r.has(d.property) && (!matrix.values(d).isEmpty || matrix.combinations.contains { $0.sets(d) }) {
                let at = matrix.values(d).isEmpty ? "variants.combinations" : "variants." + d.rawValue
                context.report(at, positions[at], "the scene's \(quoted(d.property)) is given too; give the \(d.property) in one place")
            }
            let devices = scene.variants.devices
            scene.variants = matrix
            if !devices.isEmpty { scene.variants.devices = devices }
            if let first = scene.variants.devices.first { scene.device = first }
        }
        // A notched phone shipped with iOS 11: an older status bar has no layout for its ears.
        if scene.systemVersion < 11, let n = r.node("systemVersion"),
           let notched = ([scene.device] + scene.variants.devices + scene.variants.combinations.compactMap(\.device)).first(where: \.hasNotch) {
            context.report("systemVersion", n.position,
                           "the \(notched.name) runs iOS 11 or later, found \(scene.systemVersion); use a phone without a notch for iOS \(scene.systemVersion)")
        }
        if let v = r.object("largeContentViewer") { scene.largeContentViewer = LargeContentViewer.decode(v) }
        if let m = r.object("marketing") { scene.marketing = Marketing.decode(m) }
        if let b = r.bool("drawsSystemOverlays") { scene.drawsSystemOverlays = b }
        if let b = r.bool("accessibilitySnapshot") { scene.accessibilitySnapshot = b }
        if let a = r.object("audit", schemaName: "audit") { scene.audit = AuditSettings.decode(a) }
        if let items = r.array("touches") {
            scene.touches = items.compactMap { TouchMark.decode($0.node, path: $0.path, context: context) }
        }
        if let n = r.node("root", as: .view) {
            if let v = decodeView(n, path: "root", depth: 0, context: context) { scene.root = v }
        } else {
            context.report("root", node.position, "missing \"root\": the scene's root view, like {\"view\": {...}}")
        }
        if let n = r.node("time", as: .number(SceneLimits.time.lowerBound, SceneLimits.time.upperBound)) {
            if let t = ObjectReader.number(n, path: "time", in: SceneLimits.time, context: context) { scene.time = t }
        }
        if let items = r.array("animations") { scene.animations = AnimationDecoding.decode(items, scene: scene, context: context) }
        if let s = r.object("systemAnimation", schemaName: "systemAnimation") {
            scene.systemAnimation = AnimationDecoding.systemAnimation(s, scene: scene)
        }
        if let items = r.array("gestures") { scene.gestures = GestureDecoding.decode(items, scene: scene, context: context) }
        r.finish()
        for (id, t) in tableData {
            if !context.tableDataUsed.contains(id) {
                let tables = context.tableIds.sorted()
                var message = "no table has the id \(quoted(id))"
                if let near = Suggest.closest(to: id, in: tables) { message += "; did you mean \(quoted(near))?" }
                else { message += tables.isEmpty ? " (no table view has an \"id\")" : " (tables with ids: \(tables.joined(separator: ", ")))" }
                context.report(join(t.path, "id"), t.node.position, message)
            } else {
                // The rows were read by the table, the id here.
                t.finish()
            }
        }
        context.checkReferences()
        // A canvas never draws the status bar or the home indicator, so the key would say nothing.
        if scene.canvas != nil, let n = r.node("drawsSystemOverlays") {
            context.report("drawsSystemOverlays", n.position, "a canvas draws no status bar or home indicator; remove \"drawsSystemOverlays\" or the \"canvas\"")
        }
        if scene.canvas == .fit, scene.root.frame == nil, !scene.root.hasOwnSize, let n = r.node("canvas") {
            context.report("canvas", n.position, "\"fit\" takes the root view's size: its \"frame\", or the size a label, image view, control or stack view measures; "
                           + "this \(scene.root.kind.name) has neither. Give it a frame, like \"frame\": [0, 0, 320, 200], or use {\"size\": [width, height]}")
        }
        scene.source = context.source
        guard locale == nil else { return scene }
        decodeLocales(of: &scene, node: node, context: context)

        // A matrix with a bad value in it is not expanded: its renders would be guesses.
        guard !context.issues.contains(where: { $0.path.hasPrefix("variants") || $0.path.hasPrefix("devices") }) else { return scene }
        let renders: [Variant]
        do { renders = try scene.expandVariants() } catch {
            context.report(error.path, positions[error.path] ?? positions["variants"] ?? node.position, error.message)
            return scene
        }
        for render in renders {
            if let problem = render.scene.pixelLimitProblem {
                let tiny = render.scene.pixelWidth < 1 || render.scene.pixelHeight < 1
                let key = tiny && scene.canvas != nil ? "canvas"
                    : scene.scale != nil ? "scale"
                    : scene.variants.isEmpty ? "device"
                    : !scene.variants.scales.isEmpty ? "variants.scales"
                    : scene.variants.devices.isEmpty ? "variants"
                    : r.has("devices") ? "devices" : "variants.devices"
                let at = (key == "canvas" ? r.node("canvas")?.position : nil) ?? positions[key] ?? node.position
                context.report(key, at, render.label == nil ? problem : "on the \(render.label!), " + problem)
                break
            }
        }
        if case .actionSheet(let a)? = scene.presented, a.popoverSource == nil, let pad = renders.first(where: { $0.scene.device.isPad }) {
            context.report("presented", r.node("presented")?.position,
                           "on an iPad\(pad.label == nil ? "" : " (\(pad.scene.device.name))") an action sheet is a popover: "
                           + "give it a \"sourceItem\", \"sourceView\" or \"sourceRect\"")
        }
        return scene
    }

    /// The scene's `locale`, `strings`, `pseudoLanguage` and `missingStrings`, read before any
    /// view so that localized texts can be looked up as they are met.
    static func decodeLanguage(_ r: ObjectReader, into scene: inout Scene, node: JSONNode, context: DecodeContext, locale: String? = nil) {
        if let n = r.node("locale", as: .string) {
            if case .string(let tag) = n.value {
                if let problem = AppLocale.problem(with: tag) { context.report("locale", n.position, problem) } else { scene.locale = tag }
            } else {
                context.report("locale", n.position, "expected a locale tag like \"de-DE\", found \(n.value.kindName)")
            }
        }
        if let locale { scene.locale = locale }
        scene.pseudoLanguage = r.choice("pseudoLanguage", PseudoLanguage.self)
        let missing = r.choice("missingStrings", MissingStrings.self) ?? .error
        var catalog: StringCatalog?
        // A catalog that failed is reported once, where the scene names it, not at every text that needs it.
        var catalogFailed = false
        if let n = r.node("strings", as: .string) {
            if case .string(let written) = n.value, let provided = context.storyboardStrings, written == provided.name {
                // A storyboard's translations, read from its .strings files (StoryboardScenes): no file of the scene's.
                catalog = provided.catalog
            } else if case .string(let written) = n.value, !written.isEmpty {
                let file = context.relativePath(written, at: n.position)
                let full = file.hasPrefix("/") ? file : (context.baseDirectory.map { $0 + "/" + file } ?? file)
                let name = file.hasPrefix("/") || context.baseDirectory == nil ? file
                    : (context.file.contains("/") ? String(context.file[..<context.file.lastIndex(of: "/")!]) + "/" + file : file)
                if let problem = context.project.problem(with: file, from: context.baseDirectory ?? FileManager.default.currentDirectoryPath) {
                    context.report("strings", n.position, "the string catalog " + problem)
                    catalogFailed = true
                } else if let problem = InputFiles.kind(atPath: full).problem, InputFiles.kind(atPath: full) != .missing,
                          InputFiles.kind(atPath: full) != .folder {
                    context.report("strings", n.position, "the string catalog \(quoted(written)) " + problem)
                    catalogFailed = true
                } else {
                do { catalog = try StringCatalog.load(path: full, name: name, project: context.project) } catch {
                    catalogFailed = true
                    for issue in error.issues {
                        // The catalog's own problems keep their own file, line and column.
                        context.report(issue.file == name && issue.position == nil ? "strings" : "strings: " + issue.file
                                       + (issue.position.map { ":\($0.line):\($0.column)" } ?? "") + (issue.path.isEmpty ? "" : ": " + issue.path),
                                       n.position, issue.message)
                    }
                }
                }
                scene.strings = file
            } else {
                context.report("strings", n.position, "expected the path of a string catalog (Localizable.xcstrings, or a folder of .lproj folders), found \(n.value.kindName)")
            }
        }
        context.localizer = Localizer(catalog: catalog, locale: scene.locale ?? catalog?.sourceLanguage ?? "en",
                                      pseudo: scene.pseudoLanguage, missing: missing, catalogFailed: catalogFailed)
    }

    /// Decodes the scene again in each locale its matrix names (and each of `context.extraLocales`)
    /// other than its own, into `scene.localizations`. Each decode reports what it finds into
    /// `context`, once: a key one locale lacks is an error at the key's place, naming the locale.
    static func decodeLocales(of scene: inout Scene, node: JSONNode, context: DecodeContext) {
        let own = scene.locale.flatMap(TraitSet.canonicalLocale)
        var tags: [String] = []
        for tag in scene.variants.locales + scene.variants.combinations.compactMap(\.locale) + context.extraLocales {
            guard let t = TraitSet.canonicalLocale(tag), t != own, !tags.contains(t), AppLocale.problem(with: t) == nil else { continue }
            tags.append(t)
        }
        for tag in tags {
            let other = DecodeContext(file: context.file, baseDirectory: context.baseDirectory, project: context.project)
            // Paths in an included file start from its folder in every locale's copy too.
            other.includeFolders = context.includeFolders
            other.storyboardStrings = context.storyboardStrings
            guard var copy = decodeScene(node, context: other, locale: tag) else { continue }
            context.absorb(other)
            copy.variants = Variants()
            copy.warnings = []
            scene.localizations[tag] = copy
        }
    }

    /// A device of the catalog by name or alias; nil after reporting what is wrong at `path`.
    static func device(_ n: JSONNode, path: String, context: DecodeContext) -> Device? {
        context.recorder?.declare(path, .choice(Device.catalog.flatMap { [$0.name] + $0.aliases }))
        guard case .string(let name) = n.value else {
            context.report(path, n.position, "expected a device name, found \(n.value.kindName)")
            return nil
        }
        if let d = Device.named(name) { return d }
        var message = "unknown device \(quoted(name))"
        if let s = Suggest.closest(to: name, in: Device.catalog.map(\.name) + Device.catalog.flatMap(\.aliases)) { message += "; did you mean \(quoted(s))?" }
        context.report(path, n.position, message + " (run 'tintype devices' for the list)")
        return nil
    }

    static let contentSizeAliases: [String: ContentSizeCategory] = Dictionary(uniqueKeysWithValues: [
        ("extraSmall", .extraSmall), ("small", .small), ("medium", .medium), ("large", .large),
        ("extraLarge", .extraLarge), ("extraExtraLarge", .extraExtraLarge), ("extraExtraExtraLarge", .extraExtraExtraLarge),
        ("accessibilityMedium", .accessibilityMedium), ("accessibilityLarge", .accessibilityLarge),
        ("accessibilityExtraLarge", .accessibilityExtraLarge), ("accessibilityExtraExtraLarge", .accessibilityExtraExtraLarge),
        ("accessibilityExtraExtraExtraLarge", .accessibilityExtraExtraExtraLarge),
    ])

    /// The view kinds a scene file may name, each with the decoder of its own properties.
    /// A new component adds itself here.
    typealias KindDecoder = (name: String, decode: @Sendable (ObjectReader, Int) -> ViewKind?)
    static let kinds: [KindDecoder] = viewKinds + controlKinds

    static let viewKinds: [KindDecoder] = [
        ("view", { _, _ in .plain }),
        ("label", { r, _ in Label.decode(r).map(ViewKind.label) }),
        ("textView", { r, _ in .textView(TextView.decode(r)) }),
        ("imageView", { r, _ in ImageView.decode(r).map(ViewKind.image) }),
        ("shape", { r, _ in Shape.decode(r).map(ViewKind.shape) }),
        ("scrollView", { r, _ in .scrollView(ScrollView.decode(r, contentSizes: true)) }),
        ("viewController", { r, depth in decodeController(kind: "viewController", r, depth: depth).map(ViewKind.controller) }),
        ("navigationController", { r, depth in decodeController(kind: "navigationController", r, depth: depth).map(ViewKind.controller) }),
        ("tabBarController", { r, depth in decodeController(kind: "tabBarController", r, depth: depth).map(ViewKind.controller) }),
        ("splitViewController", { r, depth in decodeController(kind: "splitViewController", r, depth: depth).map(ViewKind.controller) }),
        ("tableView", { r, depth in TableView.decode(r, depth: depth).map(ViewKind.tableView) }),
        ("stackView", { r, depth in .stackView(StackView.decode(r, depth: depth)) }),
        ("visualEffectView", { r, _ in .visualEffectView(VisualEffectView.decode(r)) }),
        ("navigationBar", { r, depth in .navigationBar(NavigationBar.decode(r, depth: depth)) }),
        ("toolbar", { r, depth in .toolbar(Toolbar.decode(r, depth: depth)) }),
        ("tabBar", { r, _ in .tabBar(TabBar.decode(r)) }),
    ]

    static let controlKinds: [KindDecoder] = Control.kinds.map { kind in
        let decode = kind.decode
        return (name: kind.name, decode: { @Sendable r, _ in decode(r).map(ViewKind.control) })
    }

    /// A view: `{"<kind>": {properties}}`.
    static func decodeView(_ node: JSONNode, path: String, depth: Int, context: DecodeContext) -> View? {
        context.recorder?.declare(path, .view)
        guard case .object(let members) = node.value else {
            context.report(path, node.position, "expected a view like {\"view\": {...}}, found \(node.value.kindName)")
            return nil
        }
        guard members.count == 1, let member = members.first else {
            let names = members.map { quoted($0.key) }.joined(separator: ", ")
            context.report(path, node.position, members.isEmpty
                ? "expected a view like {\"view\": {...}}, found an empty object"
                : "a view is an object with exactly one key, its kind; found \(names)")
            return nil
        }
        let kindNames = kinds.map(\.name)
        guard let kind = kinds.first(where: { $0.name == member.key }) else {
            var message = "unknown kind \(quoted(member.key))"
            if let s = Suggest.closest(to: member.key, in: kindNames) { message += "; did you mean \(quoted(s))?" }
            message += " (kinds: \(kindNames.joined(separator: ", ")))"
            context.report(path, member.keyPosition, message)
            return nil
        }
        guard depth <= SceneLimits.maxViewDepth else {
            context.report(path, node.position, "views nest deeper than \(SceneLimits.maxViewDepth) levels")
            return nil
        }
        let viewPath = path
        context.source.viewPositions[path] = node.position
        let defaults = SceneAppearance.defaults(for: member.key, over: member.value, context: context)
        guard let r = ObjectReader(member.value, path: viewPath, context: context, what: "an object of \(member.key) properties",
                                   defaults: defaults) else { return nil }
        // What this view holds is contained in it, for the appearance's whenContainedIn.
        var ownId: String?
        if case .object(let props) = member.value.value, case .string(let id)? = props.first(where: { $0.key == "id" })?.value.value { ownId = id }
        context.containers.append(AppearanceContainer(kind: member.key, id: ownId))
        defer { context.containers.removeLast() }
        var view = View()
        if let k = kind.decode(r, depth) { view.kind = k }
        view.id = r.id()
        view.frame = r.rect("frame")
        if let l = r.object("layout", schemaName: "layout") {
            view.layout = LayoutPins.decode(l)
            if view.frame != nil { r.context.report(join(viewPath, "layout"), l.node.position, "give \"frame\" or \"layout\", not both") }
        }
        LayoutConstraint.decode(r, into: &view)
        view.backgroundColor = r.colorValue("backgroundColor")
        if let a = r.number("alpha", in: 0...1) { view.alpha = a }
        if let h = r.bool("hidden") { view.isHidden = h }
        if let c = r.bool("clipsToBounds") { view.clipsToBounds = c }
        if let c = r.length("cornerRadius") { view.cornerRadius = c }
        if let c = r.choice("cornerCurve", CornerCurve.self) { view.cornerCurve = c }
        if let items = r.array("maskedCorners") {
            var corners: Corners = []
            for (n, p) in items {
                let names = Corners.names.map(\.0)
                guard case .string(let s) = n.value, let c = Corners.names.first(where: { $0.0 == s })?.1 else {
                    let found = if case .string(let s) = n.value { quoted(s) } else { n.value.kindName }
                    context.report(p, n.position, "expected a corner (\(names.joined(separator: ", "))), found \(found)")
                    continue
                }
                corners.insert(c)
            }
            view.maskedCorners = corners
        }
        let borderWidth = r.lengthOrHairline("borderWidth")
        let borderColor = r.colorValue("borderColor")
        if borderWidth != nil || borderColor != nil {
            view.border = Border(width: borderWidth ?? .points(0), color: borderColor ?? .black)
        }
        let shadowColor = r.colorValue("shadowColor")
        let shadowOpacity = r.number("shadowOpacity", in: 0...1)
        let shadowOffset = r.size("shadowOffset", nonNegative: false)
        let shadowRadius = r.number("shadowRadius", in: SceneLimits.blurRadius)
        if shadowColor != nil || shadowOpacity != nil || shadowOffset != nil || shadowRadius != nil {
            var s = Shadow()
            if let shadowColor { s.color = shadowColor }
            if let shadowOpacity { s.opacity = shadowOpacity }
            if let shadowOffset { s.offset = shadowOffset }
            if let shadowRadius { s.radius = shadowRadius }
            view.shadow = s
        }
        view.tintColor = r.color("tintColor")
        if let m = r.choice("tintAdjustmentMode", TintAdjustmentMode.self) { view.tintAdjustmentMode = m }
        if let b = r.choice("blendMode", BlendMode.self) { view.blendMode = b }
        ViewLayoutDecoding.decode(r, into: &view)
        ViewTransformDecoding.decode(r, into: &view)
        view.accessibility = Accessibility.decode(r)
        if let items = r.array("subviews") {
            view.subviews = items.compactMap { decodeView($0.node, path: $0.path, depth: depth + 1, context: context) }
        }
        r.finish()
        return view
    }
}

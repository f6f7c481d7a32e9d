import Foundation
import TintypeModel
import TintypeRender

/// Every variant of a scene in one labeled grid: rows and columns chosen by traits, each screen at
/// its true relative size (all drawn at one scale, in points), captions in the margins. It is a
/// composition of ordinary renders; the layout is a pure function of the variants, so it can be
/// tested on numbers.
///
/// ```swift
/// let file = SceneFile(path: "Snapshots/Gallery/Matrix/settings.json")
/// let sheet = try ContactSheet(file: file, rows: [.contentSizeCategories], columns: [.devices])
/// let bitmap = sheet.render(with: Renderer())
/// ```
public struct ContactSheet: Sendable {
    /// One screen's place.
    public struct Cell: Sendable {
        public var output: SceneFile.Output
        public var row: Int
        public var column: Int
        /// Where the screen goes, in points.
        public var frame: Rect
        /// The screen's own caption above it (a storyboard's scene name); nil in a grid of traits,
        /// whose captions are its rows' and columns'.
        public var caption: String? = nil
        /// Where the caption goes, in points.
        public var captionFrame: Rect? = nil
    }

    public var title: String
    public var rows: [TraitDimension]
    public var columns: [TraitDimension]
    public var rowLabels: [String]
    public var columnLabels: [String]
    public var cells: [Cell]
    public var size: Size
    /// Where each row's and column's caption goes.
    public var rowLabelFrames: [Rect]
    public var columnLabelFrames: [Rect]
    /// Pixels per point of the sheet.
    public var scale: Double

    static let margin = 32.0, gap = 32.0, rowGap = 40.0, titleHeight = 24.0, headerHeight = 22.0, labelGap = 20.0
    static let captionSize = 15.0, titleSize = 17.0

    /// What goes wrong when choosing the grid: a trait that is unknown or does not vary, or a scene
    /// that does not decode.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The default split of the varying traits: text sizes, tint adjustment and locales down the
    /// side; devices, orientations, directions and scales across.
    public static func defaultAxes(named: [TraitDimension]) -> (rows: [TraitDimension], columns: [TraitDimension]) {
        var rows = named.filter { [.contentSizeCategories, .tintAdjustmentModes, .locales].contains($0) }
        var columns = named.filter { !rows.contains($0) }
        // Times stay across, a filmstrip, when another trait can go down the side.
        if rows.isEmpty && columns.count > 1 { rows = [columns.remove(at: columns.lastIndex { $0 != .times } ?? columns.count - 1)] }
        if columns.isEmpty && rows.count > 1 { columns = [rows.removeFirst()] }
        return (rows, columns)
    }

    /// Lays out every variant of `file`. Traits that vary but are in neither `rows` nor `columns`
    /// join the columns, so each cell holds one screen; empty `rows` and `columns` mean the default split.
    public init(file: SceneFile, rows: [TraitDimension] = [], columns: [TraitDimension] = [], scale: Double = 2) throws(Problem) {
        if let error = file.error { throw Problem(description: error) }
        let outputs = file.outputs
        let named = outputs.first?.plan?.named ?? []
        for d in rows + columns where !named.contains(d) {
            let varying = named.isEmpty ? "nothing varies" : "the traits that vary are " + named.map(\.rawValue).joined(separator: ", ")
            throw Problem(description: "\(file.path): \(d.rawValue) does not vary in this scene (\(varying))")
        }
        if let twice = rows.first(where: columns.contains) { throw Problem(description: "\(twice.rawValue) is given for both rows and columns") }
        var rows = rows, columns = columns
        if rows.isEmpty && columns.isEmpty { (rows, columns) = Self.defaultAxes(named: named) }
        columns += named.filter { !rows.contains($0) && !columns.contains($0) }
        self.rows = rows; self.columns = columns; self.scale = scale
        title = (file.path as NSString).lastPathComponent

        func key(_ o: SceneFile.Output, _ dims: [TraitDimension]) -> String {
            dims.compactMap { o.plan?.traits.label($0) }.joined(separator: ", ")
        }
        var rowKeys: [String] = [], columnKeys: [String] = []
        for o in outputs {
            let r = key(o, rows), c = key(o, columns)
            if !rowKeys.contains(r) { rowKeys.append(r) }
            if !columnKeys.contains(c) { columnKeys.append(c) }
        }
        rowLabels = rowKeys; columnLabels = columnKeys
        func screen(_ o: SceneFile.Output) -> Size { o.variant?.scene.screenSize ?? Size(width: 100, height: 100) }
        var widths = Array(repeating: 0.0, count: columnKeys.count), heights = Array(repeating: 0.0, count: rowKeys.count)
        var places: [(SceneFile.Output, Int, Int)] = []
        for o in outputs {
            let r = rowKeys.firstIndex(of: key(o, rows))!, c = columnKeys.firstIndex(of: key(o, columns))!
            widths[c] = max(widths[c], screen(o).width)
            heights[r] = max(heights[r], screen(o).height)
            places.append((o, r, c))
        }
        // Captions and screens sit on whole points, so at any whole scale they sit on device pixels.
        let labelWidth = rows.isEmpty ? 0 : (rowKeys.map { Composition.width(of: $0, size: Self.captionSize, weight: .semibold) }.max() ?? 0).rounded(.up) + Self.labelGap
        let left = Self.margin + labelWidth
        let top = Self.margin + Self.titleHeight + 12 + (columns.isEmpty ? 0 : Self.headerHeight + 8)
        var xs: [Double] = [], x = left
        for w in widths { xs.append(x); x += w + Self.gap }
        var ys: [Double] = [], y = top
        for h in heights { ys.append(y); y += h + Self.rowGap }
        let titleWidth = Composition.width(of: title, size: Self.titleSize, weight: .semibold).rounded(.up)
        size = Size(width: max(x - Self.gap + Self.margin, Self.margin * 2 + titleWidth), height: y - Self.rowGap + Self.margin)
        cells = places.map { (o, r, c) in
            let s = screen(o)
            return Cell(output: o, row: r, column: c, frame: Rect(x: xs[c] + ((widths[c] - s.width) / 2).rounded(), y: ys[r], width: s.width, height: s.height))
        }
        columnLabelFrames = columns.isEmpty ? [] : xs.indices.map { Rect(x: xs[$0], y: top - Self.headerHeight - 8, width: widths[$0], height: Self.headerHeight) }
        rowLabelFrames = rows.isEmpty ? [] : ys.indices.map { Rect(x: Self.margin, y: ys[$0], width: labelWidth - Self.labelGap, height: Self.headerHeight) }
    }

    /// A storyboard's scenes (`scenes`, in the storyboard's order, each with its name), every
    /// render of each captioned above it with the scene's name (and its variant's traits, when it
    /// has several), in rows of at most `perRow` screens, each at its true size relative to the others.
    public init(title: String, scenes: [(name: String, file: SceneFile)], perRow: Int = 5, scale: Double = 2) throws(Problem) {
        let entries: [(caption: String, output: SceneFile.Output)] = scenes.flatMap { scene in
            let named = scene.file.outputs.first?.plan?.named ?? []
            return scene.file.outputs.map { o in
                let traits = named.compactMap { o.plan?.traits.label($0) }.joined(separator: ", ")
                return (traits.isEmpty ? scene.name : scene.name + " · " + traits, o)
            }
        }
        guard !entries.isEmpty else { throw Problem(description: "\(title): no scene to lay out") }
        self.title = title
        self.scale = scale
        rows = []; columns = []; rowLabels = []; columnLabels = []; rowLabelFrames = []; columnLabelFrames = []
        let perRow = max(1, perRow)
        func screen(_ o: SceneFile.Output) -> Size { o.variant?.scene.screenSize ?? Size(width: 100, height: 100) }
        let columnCount = min(perRow, entries.count), rowCount = (entries.count + perRow - 1) / perRow
        var widths = Array(repeating: 0.0, count: columnCount), heights = Array(repeating: 0.0, count: rowCount)
        for (i, e) in entries.enumerated() {
            let captionWidth = Composition.width(of: e.caption, size: Self.captionSize, weight: .semibold).rounded(.up)
            widths[i % perRow] = max(widths[i % perRow], screen(e.output).width, captionWidth)
            heights[i / perRow] = max(heights[i / perRow], screen(e.output).height)
        }
        var xs: [Double] = [], x = Self.margin
        for w in widths { xs.append(x); x += w + Self.gap }
        var ys: [Double] = [], y = Self.margin + Self.titleHeight + 12
        for h in heights { ys.append(y + Self.headerHeight + 8); y += Self.headerHeight + 8 + h + Self.rowGap }
        let titleWidth = Composition.width(of: title, size: Self.titleSize, weight: .semibold).rounded(.up)
        size = Size(width: max(x - Self.gap + Self.margin, Self.margin * 2 + titleWidth), height: y - Self.rowGap + Self.margin)
        cells = entries.enumerated().map { i, e in
            let r = i / perRow, c = i % perRow, s = screen(e.output)
            let frame = Rect(x: xs[c] + ((widths[c] - s.width) / 2).rounded(), y: ys[r], width: s.width, height: s.height)
            return Cell(output: e.output, row: r, column: c, frame: frame, caption: e.caption,
                        captionFrame: Rect(x: xs[c], y: ys[r] - Self.headerHeight - 8, width: widths[c], height: Self.headerHeight))
        }
    }

    /// Renders every variant (in parallel) at the sheet's scale, unless the scale is one of the
    /// traits that vary, then draws the grid. A variant that fails to render shows as a red box
    /// and is listed in `failures`.
    public func render(with renderer: Renderer) throws(RenderError) -> (bitmap: Bitmap, failures: [String]) {
        let (c, failures) = composition(with: renderer)
        return (try renderer.render(c), failures)
    }

    /// The sheet as PNG, SVG or PDF bytes. In a PDF or SVG sheet the captions are text and the
    /// frames paths; each screen is embedded as the image the PNG sheet shows, at the sheet's scale.
    public func render(with renderer: Renderer, as format: ImageFormat) throws(RenderError) -> (bytes: [UInt8], failures: [String]) {
        let (c, failures) = composition(with: renderer)
        return (try renderer.render(c, as: format), failures)
    }

    /// Every variant rendered and placed, with the captions and frames around them.
    func composition(with renderer: Renderer) -> (Composition, failures: [String]) {
        let keepScale = (rows + columns).contains(.scales)
        let cells = self.cells, scale = self.scale
        let results = concurrentMap(count: cells.count) { i -> Outcome in
            guard var scene = cells[i].output.variant?.scene else { return .failure(cells[i].output.error ?? "no scene") }
            if !keepScale { scene.scale = scale }
            do throws(RenderError) { return .success(try renderer.render(scene)) } catch { return .failure(cells[i].output.describe(error)) }
        }
        var c = Composition(size: size, scale: scale, background: Color(red: 0.949, green: 0.949, blue: 0.969))
        c.captions.append(.init(text: title, frame: Rect(x: Self.margin, y: Self.margin, width: size.width - 2 * Self.margin, height: Self.titleHeight),
                                size: Self.titleSize, weight: .semibold))
        let secondary = Color(red: 0.43, green: 0.43, blue: 0.45)
        for (label, frame) in zip(columnLabels, columnLabelFrames) {
            c.captions.append(.init(text: label, frame: frame, size: Self.captionSize, weight: .semibold, color: secondary, alignment: .center))
        }
        for (label, frame) in zip(rowLabels, rowLabelFrames) {
            c.captions.append(.init(text: label, frame: frame, size: Self.captionSize, weight: .semibold, color: secondary, alignment: .right))
        }
        var failures: [String] = []
        let hairline = 1 / scale
        for (i, cell) in cells.enumerated() {
            let f = cell.frame
            if let caption = cell.caption, let frame = cell.captionFrame {
                c.captions.append(.init(text: caption, frame: frame, size: Self.captionSize, weight: .semibold, color: secondary, alignment: .center))
            }
            c.boxes.append(.init(frame: Rect(x: f.minX - hairline, y: f.minY - hairline, width: f.width + 2 * hairline, height: f.height + 2 * hairline),
                                 color: Color(red: 0.78, green: 0.78, blue: 0.8)))
            switch results[i] {
            case .success(let bitmap): c.pictures.append(.init(bitmap: bitmap, frame: f))
            case .failure(let message):
                failures.append(message)
                c.boxes.append(.init(frame: f, color: Color(red: 1, green: 0.9, blue: 0.9)))
                c.captions.append(.init(text: "Failed to render", frame: Rect(x: f.minX, y: f.midY - 10, width: f.width, height: 20),
                                        size: Self.captionSize, weight: .semibold, color: Color(red: 0.8, green: 0.1, blue: 0.1), alignment: .center))
            }
        }
        return (c, failures)
    }
}

/// One cell's render, or why it failed.
private enum Outcome { case success(Bitmap), failure(String) }

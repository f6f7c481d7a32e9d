import Foundation
import TintypeLayout
import TintypeModel

/// A picture of an app icon set as iOS shows it: each icon at the size it appears at, under the
/// iOS 7 continuous-corner mask (r = 0.225 × side), on a wallpaper, labeled the way the home
/// screen labels apps (white, 12 points, centered under the icon).
///
/// It is drawn at 2x from the set's @2x files, each copied pixel for pixel into its place, so what
/// the preview shows of a small size is what that file holds. The top row is the home screens:
/// the iPhone's 60-point icon, the iPad's 76 and the iPad Pro's 83.5; the second row the smaller
/// places: Spotlight (40), Settings (29) and notifications (20). The App Store's 1024-pixel icon
/// is not shown: the store draws it at sizes of its own.
///
/// ```swift
/// let files = try AppIconSet.make(from: "icon.svg")
/// let png = try AppIconPreview.png(files: files)
/// ```
public enum AppIconPreview {
    /// One icon of the preview: the set's file, its size in points and its label.
    struct Tile {
        var points: Double
        var label: String
        var filename: String { AppIconSet.filename(pixels: Int((points * AppIconPreview.scale).rounded())) }
    }

    static let scale = 2.0
    static let size = Size(width: 375, height: 240)
    static let columns = 3
    /// Where each row's icons stand (their bottoms line up, as the labels under them do).
    static let rowBottoms = [108.0, 192.0]
    static let labelGap = 6.0, labelHeight = 15.0, labelSize = 12.0

    static let rows: [[Tile]] = [
        [Tile(points: 60, label: "iPhone 60 pt"), Tile(points: 76, label: "iPad 76 pt"), Tile(points: 83.5, label: "iPad Pro 83.5 pt")],
        [Tile(points: 40, label: "Spotlight 40 pt"), Tile(points: 29, label: "Settings 29 pt"), Tile(points: 20, label: "Notification 20 pt")],
    ]

    /// The icon mask's corner radius for a side: 0.225 of it, drawn as a continuous corner.
    public static func maskRadius(side: Double) -> Double { 0.225 * side }

    /// An iOS 7-like wallpaper: a diagonal blend from deep blue through violet to a dusky rose,
    /// dark enough behind the white labels.
    static let wallpaper = ResolvedPaint.linear(start: Point(x: 0, y: 0), end: Point(x: size.width, y: size.height), stops: [
        ResolvedStop(location: 0, color: Color(red: 0.13, green: 0.29, blue: 0.55)),
        ResolvedStop(location: 0.55, color: Color(red: 0.36, green: 0.25, blue: 0.55)),
        ResolvedStop(location: 1, color: Color(red: 0.66, green: 0.33, blue: 0.42)),
    ])

    /// The frames (points) of each tile's icon, in row order: centered in its column, on half points
    /// so that each @2x file lands on whole pixels.
    static func layout() -> [(tile: Tile, frame: Rect)] {
        let column = size.width / Double(columns)
        var placed: [(Tile, Rect)] = []
        for (row, tiles) in rows.enumerated() {
            for (i, tile) in tiles.enumerated() {
                let center = column * (Double(i) + 0.5)
                let x = ((center - tile.points / 2) * scale).rounded(.down) / scale
                placed.append((tile, Rect(x: x, y: rowBottoms[row] - tile.points, width: tile.points, height: tile.points)))
            }
        }
        return placed
    }

    /// The preview as a bitmap, from a set's files (file name → PNG bytes, as `AppIconSet.make` gives).
    public static func render(files: [String: [UInt8]], renderer: Renderer = Renderer()) throws(ImageFileError) -> Bitmap {
        var c = Composition(size: size, scale: scale)
        c.boxes.append(.init(frame: Rect(origin: .zero, size: size), paint: wallpaper))
        let column = size.width / Double(columns)
        for (tile, frame) in layout() {
            guard let bytes = files[tile.filename] else { throw ImageFileError("the icon set has no \(tile.filename) for the preview") }
            let bitmap = try Bitmap(png: bytes)
            let mask = RoundedRect.path(frame, radius: maskRadius(side: tile.points), curve: .continuous)
            c.pictures.append(.init(bitmap: bitmap, frame: frame, mask: mask))
            let columnX = (frame.midX / column).rounded(.down) * column
            c.captions.append(.init(text: tile.label, frame: Rect(x: columnX, y: frame.maxY + labelGap, width: column, height: labelHeight),
                                    size: labelSize, color: .white, alignment: .center))
        }
        do { return try renderer.render(c) } catch { throw ImageFileError("the preview: \(error)") }
    }

    /// The preview as PNG bytes.
    public static func png(files: [String: [UInt8]], renderer: Renderer = Renderer()) throws(ImageFileError) -> [UInt8] {
        try render(files: files, renderer: renderer).pngData()
    }
}

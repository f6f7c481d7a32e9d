import Foundation
import TintypeModel

/// A flat, resolved drawing: what to draw, in points, with every color, tint and font settled.
///
/// It is the seam between layout and pixels: tests can read it ("the knob is at x = 20") and the
/// Cairo raster is its only consumer that touches C.
public struct DisplayList: Sendable, Equatable {
    /// Canvas size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    public var items: [DisplayItem]
    /// The scene's language (a BCP 47 tag), which text is shaped, broken and given faces in; nil: English.
    public var language: String?
    /// What the layout resolved on its own (content that did not fit, and who gave way).
    public var notes: [LayoutNote] = []
    /// Layouts UIKit could not make as asked (constraints broken or ambiguous), in the order met.
    public var warnings: [LayoutWarning] = []
    /// Where each view of the scene landed, in the order laid out (for the audit; no output draws it).
    public var views: [ViewRecord] = []
    /// The rows, scroll positions and bars of the layout, for the preview's hit test (`hit(_:)`).
    public var touch = TouchRecords()
    /// The window's safe area: the screen less the status bar, the notch and the home indicator
    /// (the whole canvas for a canvas scene); nil for a list made by hand.
    public var safeArea: Rect?
    /// The elements VoiceOver visits, in its order (`AccessibilityOrder`), for the accessibility
    /// snapshot; no output draws them otherwise.
    public var accessibility: [AccessibilityElement] = []

    public init(size: Size, scale: Double, items: [DisplayItem], language: String? = nil, notes: [LayoutNote] = [],
                views: [ViewRecord] = [], safeArea: Rect? = nil, warnings: [LayoutWarning] = []) {
        self.size = size; self.scale = scale; self.items = items; self.language = language; self.notes = notes
        self.views = views; self.safeArea = safeArea; self.warnings = warnings
    }
}

public indirect enum DisplayItem: Sendable, Equatable {
    case fill(path: Path, paint: ResolvedPaint, rule: FillRule)
    case stroke(path: Path, paint: ResolvedPaint, style: StrokeStyle)
    case text(TextItem)
    case image(ImageItem)
    /// Items composited together: with an opacity, a blend mode, a clip and a shadow.
    case group(Group)
    /// What is already drawn under `rect`, blurred and saturated (a translucent bar's backdrop).
    case backdrop(Backdrop)
    /// The home indicator: a pill filled black over light content and white over dark content,
    /// decided by the mean luma (Rec. 709) of what is already drawn under `rect`.
    case homeIndicator(Rect)
}

/// The backdrop of a translucent bar: the content under `rect`, blurred with a Gaussian of standard
/// deviation `blurRadius` points and saturated by `saturation` (docs/uikit-metrics.md, The translucent bar).
public struct Backdrop: Sendable, Equatable {
    public var rect: Rect
    public var blurRadius: Double
    public var saturation: Double
    public init(rect: Rect, blurRadius: Double, saturation: Double) {
        self.rect = rect; self.blurRadius = blurRadius; self.saturation = saturation
    }
}

/// A path in absolute points.
public struct Path: Sendable, Equatable {
    public var commands: [PathCommand]
    public init(_ commands: [PathCommand] = []) { self.commands = commands }

    public static func rect(_ r: Rect) -> Path {
        Path([.move(Point(x: r.minX, y: r.minY)), .line(Point(x: r.maxX, y: r.minY)),
              .line(Point(x: r.maxX, y: r.maxY)), .line(Point(x: r.minX, y: r.maxY)), .close])
    }

    public func translated(by dx: Double, _ dy: Double) -> Path {
        func t(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        return Path(commands.map {
            switch $0 {
            case .move(let p): .move(t(p))
            case .line(let p): .line(t(p))
            case .cubic(let a, let b, let c): .cubic(t(a), t(b), t(c))
            case .close: .close
            }
        })
    }
}

public enum ResolvedPaint: Sendable, Equatable {
    case color(Color)
    case linear(start: Point, end: Point, stops: [ResolvedStop])
    case radial(center: Point, radius: Double, stops: [ResolvedStop])
}

public struct ResolvedStop: Sendable, Equatable {
    public var location: Double
    public var color: Color
    public init(location: Double, color: Color) { self.location = location; self.color = color }
}

public struct StrokeStyle: Sendable, Equatable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dashes: [Double]
    public var dashPhase: Double
}

public struct Group: Sendable, Equatable {
    public var items: [DisplayItem]
    public var alpha: Double
    public var blendMode: BlendMode
    /// Items are clipped to this path (in the items' own coordinates) when set.
    public var clip: Path?
    public var shadow: ResolvedShadow?
    /// Maps the items' coordinates (and the clip's) to the group's surroundings, about the canvas
    /// origin: a view's transform, or a whole screen placed inside another (a device frame, a
    /// transition). Nil is the identity. Backdrops inside a rotated or skewed group blur the
    /// axis-aligned box around their rect.
    public var transform: Transform2D?
    /// Maps the items (clipped by `clip`) projectively instead, when set: a view's `transform3D`
    /// with perspective, about the canvas origin. The items are rasterized flat, then mapped; what
    /// lies behind the viewer is not drawn. `transform` is nil then.
    public var projection: Homography?

    public init(items: [DisplayItem], alpha: Double = 1, blendMode: BlendMode = .normal, clip: Path? = nil, shadow: ResolvedShadow? = nil,
                transform: Transform2D? = nil, projection: Homography? = nil) {
        self.items = items; self.alpha = alpha; self.blendMode = blendMode; self.clip = clip; self.shadow = shadow
        self.transform = transform; self.projection = projection
    }
}

/// A shadow cast by a group's composited alpha: `color` at `opacity`, offset, blurred with a
/// Gaussian whose standard deviation is `radius` points.
public struct ResolvedShadow: Sendable, Equatable {
    public var color: Color
    public var offset: Size
    public var radius: Double
}

/// Text laid out in a frame, UILabel style.
/// One line of text in a frame, as bars, alerts and cells draw their titles and values.
extension DisplayItem {
    static func line(_ text: String, font: ResolvedFont, color: Color, frame: Rect, alignment: TextAlignment = .left,
                     direction: LayoutDirection = .leftToRight, lineBreakMode: LineBreakMode = .byTruncatingTail, source: String = "") -> DisplayItem {
        .text(TextItem(text: text, font: font, color: color, frame: frame, alignment: alignment, direction: direction,
                       numberOfLines: 1, lineBreakMode: lineBreakMode, lineSpacing: 0, source: source))
    }
}

public struct TextItem: Sendable, Equatable {
    public var text: String
    public var font: ResolvedFont
    public var color: Color
    public var frame: Rect
    public var alignment: TextAlignment
    public var direction: LayoutDirection
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var lineSpacing: Double
    /// Where the text comes from in the scene (`root.subviews[2]`), for warnings; may be empty.
    public var source: String = ""

    public init(text: String, font: ResolvedFont, color: Color, frame: Rect, alignment: TextAlignment, direction: LayoutDirection,
                numberOfLines: Int, lineBreakMode: LineBreakMode, lineSpacing: Double, source: String = "") {
        self.text = text; self.font = font; self.color = color; self.frame = frame; self.alignment = alignment
        self.direction = direction; self.numberOfLines = numberOfLines; self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing; self.source = source
    }
}

/// A concrete face: family, weight, size and tracking.
public struct ResolvedFont: Sendable, Equatable, Hashable {
    public var family: String
    public var weight: FontWeight
    public var size: Double
    /// Extra space between letters, in points.
    public var tracking: Double

    /// The system font stand-in: Inter below 20 points, Inter Display from 20 up, with Inter's own
    /// tracking curve (tracking in em = −0.0223 + 0.185 × e^(−0.1745 × size)). Inter's curve
    /// was chosen over SF's table because Inter is wider than SF: at 17 points SF's −0.024 em still
    /// leaves Inter looser than SF Text, and SF's positive display tracking (+0.011 em at 34) makes
    /// Inter Display look too airy beside a real large title.
    public init(system size: Double, weight: FontWeight) {
        family = size < 20 ? "Inter" : "Inter Display"
        self.weight = weight
        self.size = size
        tracking = size * (-0.0223 + 0.185 * Foundation.exp(-0.1745 * size))
    }

    public init(family: String, weight: FontWeight, size: Double, tracking: Double) {
        self.family = family; self.weight = weight; self.size = size; self.tracking = tracking
    }
}

/// An image drawn into a frame.
public struct ImageItem: Sendable, Equatable {
    public var source: ImageSource
    /// Resolved path on disk.
    public var filePath: String
    /// Where the whole image lands (may extend past `clip`).
    public var frame: Rect
    /// When set, the image keeps only its alpha, filled with this color.
    public var templateColor: Color?
    /// Nine-slice caps in image points; nil draws the image whole.
    public var capInsets: EdgeInsets?
    public var resizingMode: ResizingMode
    /// The view whose image this is, for error messages (`root.subviews[1]`).
    public var origin: String
}

/// Every bound a scene must stay within, named once.
///
/// Why one table: a scene file is input from anywhere, and a number the format allows must never crash,
/// hang or exhaust memory later. The decoder checks each value against these bounds when a scene is read
/// (reporting file, line:column, path and value), `Scene.limitProblems` checks a scene built in Swift
/// the same way, and later stages may assume the bounds hold. They are chosen so that sums and products
/// of allowed values stay far inside what later stages convert to (Pango's 32-bit units: a point is 1024
/// of them; Cairo's 24.8 fixed point; pixel counts in `Int`), at every allowed scale.
///
/// A new numeric property is checked against one of these (or gets a named entry here), never against a
/// literal of its own.
public enum SceneLimits {
    // MARK: Points

    /// Largest magnitude of any position or length, in points. A million points is about 2,600 iPhone
    /// screens; a million points in Pango units (1024 per point) still fits a 32-bit integer.
    public static let maxPoints: Double = 1_000_000
    /// Positions and offsets that may be negative (frame origins, layout distances, shadow offsets,
    /// content offsets, a button's edge insets), in points.
    public static let coordinate: ClosedRange<Double> = -maxPoints...maxPoints
    /// Lengths (widths, heights, radii, insets, line widths, spacing, dash lengths), in points.
    public static let length: ClosedRange<Double> = 0...maxPoints
    /// A shadow's or a blur's radius, in points. Beyond a few hundred points a blur is a flat wash;
    /// the bound keeps the blur's box widths and margins small at every scale.
    public static let blurRadius: ClosedRange<Double> = 0...1_000
    /// Font sizes, in points.
    public static let fontSize: ClosedRange<Double> = 1...1_000
    /// An Auto Layout constraint's multiplier.
    public static let multiplier: ClosedRange<Double> = -1_000...1_000
    /// A transform's scale factors and matrix entries (a, b, c, d), and an anchor point's unit
    /// coordinates: a thousandfold is already far past any screen.
    public static let transformFactor: ClosedRange<Double> = -1_000...1_000
    /// A 3D transform's perspective: the viewer's distance from the layer, in points (m34 = −1/d).
    /// Nearer than a point the picture is all perspective; past a million points it is none.
    public static let perspective: ClosedRange<Double> = 1...maxPoints
    /// The scene's time and an animation's durations, delays, begin times and offsets, in seconds:
    /// an hour is far past any animation UIKit plays.
    public static let time: ClosedRange<Double> = 0...3_600
    /// A begin time or time offset, which may be negative (the animation started before the scene's 0).
    public static let timeShift: ClosedRange<Double> = -3_600...3_600
    /// An animation's speed (0 freezes it; negative is not allowed).
    public static let speed: ClosedRange<Double> = 0...1_000
    /// An animation's repeat count.
    public static let repeatCount: ClosedRange<Double> = 0...1_000_000
    /// Values of sliders, steppers and other controls that hold a number (not points).
    public static let controlValue: ClosedRange<Double> = -1_000_000_000...1_000_000_000

    // MARK: Counts

    /// Characters (Unicode scalars) in one string of a scene.
    public static let maxTextLength = 100_000
    /// Elements of one list in a scene: subviews, rows, sections, segments, picker rows, bar items, stops.
    public static let maxListCount = 100_000
    /// A label's `numberOfLines`.
    public static let maxNumberOfLines = 10_000
    /// A page control's pages.
    public static let maxPages = 1_000
    /// Images one scene's matrix (`variants`) may make, unless its `maxVariants` raises the bound.
    public static let defaultMaxVariants = 500
    /// The most a matrix's `maxVariants` may ask for.
    public static let maxVariantsLimit = 10_000

    // MARK: Nesting

    /// Views may nest this deep below the root.
    public static let maxViewDepth = 64
    /// JSON arrays and objects may nest this deep.
    public static let maxJSONDepth = 256
    /// Included files may nest this deep: a scene includes a file that includes another … at most
    /// this many files down.
    public static let maxIncludeDepth = 32

    // MARK: Pixels

    /// Largest output width or height, in pixels; also the largest side of a decoded image.
    public static let maxPixelDimension = 16_384
    /// Largest output area, in pixels (64 megapixels); also the largest decoded image.
    public static let maxPixelCount = 64 * 1024 * 1024
    /// Scales a scene may ask for; the pixel limits above bound what they may produce.
    public static let scaleRange: ClosedRange<Double> = 0.25...16

    // MARK: Bytes

    /// Largest scene file, in bytes.
    public static let maxFileSize = 16 * 1024 * 1024
    /// Largest image file (PNG or SVG) a scene may use, in bytes.
    public static let maxImageFileSize = 64 * 1024 * 1024
    /// The most bytes the files one scene includes (`"include"`, and what they include) may hold
    /// together; each file is read once however often it is included.
    public static let maxIncludedBytes = 16 * 1024 * 1024
    /// Largest string catalog (`.xcstrings`, or the `.strings` and `.stringsdict` files of a folder
    /// of `.lproj` folders together), in bytes.
    public static let maxCatalogSize = 16 * 1024 * 1024
    /// Characters of text (inside `<text>` elements) an SVG image may hold; librsvg's cost of
    /// laying out text grows fast with its length, so a longer one is refused before it sees it.
    public static let maxSVGTextCharacters = 10_000
    /// Elements an SVG image may have.
    public static let maxSVGElements = 50_000

    /// Whether a `width`×`height` pixel area is within the pixel limits (without overflowing on the way).
    public static func allowsPixels(width: Int, height: Int) -> Bool {
        width >= 0 && height >= 0 && width <= maxPixelDimension && height <= maxPixelDimension
            && width * height <= maxPixelCount
    }
}

extension Scene {
    /// What in this scene lies outside `SceneLimits`, as (path, message) pairs; empty when all is within.
    ///
    /// The decoder checks a scene file as it reads it; this is the same check for a scene built in Swift
    /// (the renderer runs it before drawing). It walks every stored property, so a property added later
    /// is covered without a line here: numbers must be finite and within `SceneLimits.coordinate` (or the
    /// named bound of a few properties that are not points), strings and lists within their counts, and
    /// views within `SceneLimits.maxViewDepth`.
    public var limitProblems: [(path: String, message: String)] {
        let walk = LimitWalk()
        if let scale, !(scale.isFinite && SceneLimits.scaleRange.contains(scale)) {
            walk.problems.append(("scale", "must be from \(format(SceneLimits.scaleRange.lowerBound)) to \(format(SceneLimits.scaleRange.upperBound)), found \(scale)"))
            return walk.problems
        }
        if let problem = pixelLimitProblem { walk.problems.append(("", problem)) }
        walk.visit(self, path: "", label: nil, viewDepth: -1)
        return walk.problems
    }
}

/// Whether a scene has been checked against `SceneLimits` (`Scene.limitsChecked`). It is bookkeeping,
/// not content: two scenes are equal whatever their marks say.
struct LimitsMark: Sendable, Equatable {
    var checked = false
    static func == (_: LimitsMark, _: LimitsMark) -> Bool { true }
}

extension Scene {
    /// Marks a decoded scene (and the copies decoded in its other locales) as checked; the decoder
    /// calls it last, once every value has passed.
    mutating func markLimitsChecked() {
        for key in localizations.keys { localizations[key]?.markLimitsChecked() }
        for key in sizeClassCopies.keys { sizeClassCopies[key]?.markLimitsChecked() }
        limitsMark.checked = true
    }
}

extension Scene {
    /// The scene at moment `t` (seconds): a frame of an animated render. A scene the decoder checked
    /// stays checked when `t` is in range, as under `TraitSet`'s time, so its frames are not walked
    /// again (the walk, by reflection, cost an eighth of a 22-frame push).
    public func at(time t: Double) -> Scene {
        var s = self
        s.time = t
        if limitsChecked, t.isFinite, SceneLimits.time.contains(t) { s.limitsMark.checked = true }
        return s
    }
}

/// The walk behind `Scene.limitProblems`, by reflection.
private final class LimitWalk {
    var problems: [(path: String, message: String)] = []

    /// Bounds of numbers that are not points, by property name (or type and name).
    static let namedBounds: [String: ClosedRange<Double>] = [
        "Shadow.radius": SceneLimits.blurRadius,
        "value": SceneLimits.controlValue, "minimumValue": SceneLimits.controlValue,
        "maximumValue": SceneLimits.controlValue, "stepValue": SceneLimits.controlValue,
        "countDownDuration": SceneLimits.controlValue,
        "Scene.time": SceneLimits.time, "MediaTiming.duration": SceneLimits.time, "MediaTiming.speed": SceneLimits.speed,
        "Transform2D.a": SceneLimits.transformFactor, "Transform2D.b": SceneLimits.transformFactor,
        "Transform2D.c": SceneLimits.transformFactor, "Transform2D.d": SceneLimits.transformFactor,
        "LayoutConstraint.multiplier": SceneLimits.multiplier, "LayoutConstraint.priority": 1...1000,
    ]

    func visit(_ value: Any, path: String, label: String?, viewDepth: Int) {
        switch value {
        case let d as Double:
            let name = label.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
            let bound = label.flatMap { Self.namedBounds[$0] } ?? name.flatMap { Self.namedBounds[$0] } ?? SceneLimits.coordinate
            if !d.isFinite || !bound.contains(d) {
                problems.append((path, "must be a finite number from \(format(bound.lowerBound)) to \(format(bound.upperBound)), found \(d.isFinite ? format(d) : String(d))"))
            }
            return
        case let s as String:
            let count = s.unicodeScalars.count
            if count > SceneLimits.maxTextLength {
                problems.append((path, "a string may have at most \(SceneLimits.maxTextLength) characters, found \(count)"))
            }
            return
        case let i as Int:
            if i.magnitude > UInt(SceneLimits.controlValue.upperBound) {
                problems.append((path, "must be from \(format(SceneLimits.controlValue.lowerBound)) to \(format(SceneLimits.controlValue.upperBound)), found \(i)"))
            }
            return
        case is Bool, is Float:
            return
        default:
            break
        }
        var depth = viewDepth
        if value is View {
            depth += 1
            if depth > SceneLimits.maxViewDepth {
                problems.append((path, "views nest deeper than \(SceneLimits.maxViewDepth) levels"))
                return
            }
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .collection || mirror.displayStyle == .set {
            if mirror.children.count > SceneLimits.maxListCount {
                problems.append((path, "a list may have at most \(SceneLimits.maxListCount) elements, found \(mirror.children.count)"))
                return
            }
            for (i, child) in mirror.children.enumerated() { visit(child.value, path: path + "[\(i)]", label: label, viewDepth: depth) }
            return
        }
        for child in mirror.children {
            let name = child.label ?? ""
            // Optionals' "some" and a kind's case name add nothing a reader needs.
            let skip = name == "some" || name.isEmpty || name.hasPrefix(".") || value is ViewKind
            visit(child.value, path: skip ? path : join(path, name), label: skip ? label : "\(type(of: value)).\(name)", viewDepth: depth)
        }
    }
}

extension SceneLimits {
    /// Whether `width`×`height` pixels (not yet rounded, perhaps huge or not finite) are within the
    /// pixel limits; checked in `Double` so that nothing is converted to an integer before it is known to fit.
    public static func allowsPixels(width: Double, height: Double) -> Bool {
        width.isFinite && height.isFinite && width >= 0 && height >= 0
            && width <= Double(maxPixelDimension) && height <= Double(maxPixelDimension)
            && width * height <= Double(maxPixelCount)
    }
}

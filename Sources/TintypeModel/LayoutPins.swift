/// A frame given by distances to a layout guide of the superview, the way Auto Layout constraints
/// to a guide place a view, so that one scene lays out on every device: `{"guide": "safeArea",
/// "left": 0, "right": 0, "bottom": 0, "height": 50}` is a bar on top of the home indicator (or a
/// tab bar) on any phone.
///
/// Per axis, any two of the edges, the size and the center offset decide; an edge alone stretches to
/// the opposite side of the guide, a size alone is centered, and nothing fills the guide.
public struct LayoutPins: Sendable, Equatable {
    public enum Guide: String, Sendable, Equatable, CaseIterable {
        /// The superview's bounds.
        case superview
        /// The part of the superview inside the safe area (status bar, bars, home indicator, and
        /// additional safe area insets excluded).
        case safeArea
        /// The safe area inset by the layout margins (16, or 20 on wide phones and iPads) at the sides.
        case margins
        /// The margins narrowed to a comfortable reading width, centered (readableContentGuide):
        /// it differs from the margins only on wide screens.
        case readableContent
        /// In a scroll view: the scroll view's frame, which does not move with the content.
        case frameLayoutGuide
        /// In a scroll view: the content (the superview's default for a scroll view's subviews).
        case contentLayoutGuide
    }
    public var guide: Guide = .superview
    public var top: Double?, bottom: Double?, left: Double?, right: Double?
    public var centerX: Double?, centerY: Double?
    public var width: Double?, height: Double?
    /// Edges that follow the layout direction: leading is left, or right under right-to-left.
    public var leading: Double?, trailing: Double?

    public init(guide: Guide = .superview, top: Double? = nil, bottom: Double? = nil, left: Double? = nil, right: Double? = nil,
                leading: Double? = nil, trailing: Double? = nil,
                centerX: Double? = nil, centerY: Double? = nil, width: Double? = nil, height: Double? = nil) {
        self.guide = guide; self.top = top; self.bottom = bottom; self.left = left; self.right = right
        self.leading = leading; self.trailing = trailing
        self.centerX = centerX; self.centerY = centerY; self.width = width; self.height = height
    }

    /// The frame in absolute points, given the guide's rectangle in absolute points.
    public func frame(in g: Rect, direction: LayoutDirection = .leftToRight) -> Rect {
        let rtl = direction == .rightToLeft
        let start = left ?? (rtl ? trailing : leading), end = right ?? (rtl ? leading : trailing)
        let (x, w) = Self.axis(start: start, end: end, center: centerX, size: width, guideStart: g.minX, guideLength: g.width)
        let (y, h) = Self.axis(start: top, end: bottom, center: centerY, size: height, guideStart: g.minY, guideLength: g.height)
        return Rect(x: x, y: y, width: max(0, w), height: max(0, h))
    }

    static func axis(start: Double?, end: Double?, center: Double?, size: Double?, guideStart: Double, guideLength: Double) -> (Double, Double) {
        switch (start, end, size) {
        case let (s?, e?, _): return (guideStart + s, guideLength - s - e)
        case let (s?, nil, w?): return (guideStart + s, w)
        case let (nil, e?, w?): return (guideStart + guideLength - e - w, w)
        case let (s?, nil, nil): return (guideStart + s, guideLength - s)
        case let (nil, e?, nil): return (guideStart, guideLength - e)
        case let (nil, nil, w?): return (guideStart + guideLength / 2 + (center ?? 0) - w / 2, w)
        case (nil, nil, nil): return (guideStart, guideLength)
        }
    }
}

extension LayoutPins {
    static func decode(_ r: ObjectReader) -> LayoutPins {
        defer { r.finish() }
        var pins = LayoutPins()
        if let g = r.choice("guide", Guide.self) { pins.guide = g }
        pins.top = r.number("top", in: nil); pins.bottom = r.number("bottom", in: nil)
        pins.left = r.number("left", in: nil); pins.right = r.number("right", in: nil)
        pins.leading = r.number("leading", in: nil); pins.trailing = r.number("trailing", in: nil)
        if (pins.left != nil || pins.right != nil) && (pins.leading != nil || pins.trailing != nil) {
            r.context.report(r.path, r.node.position, "give left and right, or leading and trailing, not both kinds")
        }
        pins.centerX = r.number("centerX", in: nil); pins.centerY = r.number("centerY", in: nil)
        pins.width = r.number("width", in: SceneLimits.length)
        pins.height = r.number("height", in: SceneLimits.length)
        for (axis, values) in [("horizontal", [pins.left ?? pins.leading, pins.right ?? pins.trailing, pins.width]), ("vertical", [pins.top, pins.bottom, pins.height])]
            where values.allSatisfy({ $0 != nil }) {
            let names = axis == "vertical" ? "top, bottom and height" : (pins.left != nil ? "left, right and width" : "leading, trailing and width")
            r.context.report(r.path, r.node.position, "\(names) together over-constrain the \(axis) axis; give two of them")
        }
        for (center, edges, size) in [("centerX", [pins.left, pins.right, pins.leading, pins.trailing], pins.width), ("centerY", [pins.top, pins.bottom], pins.height)]
            where r.has(center) {
            if edges.contains(where: { $0 != nil }) {
                r.context.report(join(r.path, center), r.node.position, "\(center) goes with a size, not with an edge")
            } else if size == nil {
                r.context.report(join(r.path, center), r.node.position, "\(center) needs a \(center == "centerX" ? "width" : "height") to center")
            }
        }
        return pins
    }
}

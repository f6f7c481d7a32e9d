import Foundation

extension Transform2D {
    /// UIView's transform as code usually composes it:
    /// `CGAffineTransform(translationX: x, y: y).scaledBy(x: sx, y: sy).rotated(by: angle)`, so a
    /// point is rotated first, then scaled, then moved (all about the view's anchor point).
    /// `rotate` is in degrees, clockwise on screen.
    ///
    /// ```swift
    /// Transform2D(translate: Point(x: 0, y: 40), scale: Size(width: 2, height: 2), rotate: 90)
    /// ```
    public init(translate: Point = .zero, scale: Size = Size(width: 1, height: 1), rotate degrees: Double = 0) {
        let r = degrees == 0 ? Transform2D.identity : Transform2D(rotationAngle: degrees * .pi / 180)
        self = r.concatenating(Transform2D(scaleX: scale.width, y: scale.height))
            .concatenating(Transform2D(translationX: translate.x, y: translate.y))
    }

    /// This transform applied about `pivot` (a point in the same coordinates as what it maps):
    /// the pivot stays where it is.
    public func about(_ pivot: Point) -> Transform2D {
        Transform2D(translationX: -pivot.x, y: -pivot.y).concatenating(self)
            .concatenating(Transform2D(translationX: pivot.x, y: pivot.y))
    }

    /// The transform split as Core Animation interpolates one: a translation, a rotation (radians),
    /// a scale per axis and a shear, with `self == shear, scale, rotate, translate` composed in
    /// that order (`Transform2D(parts:)`). A reflection shows as a negative x scale.
    public var parts: Parts {
        // The matrix is [sx, 0; shear·sx, sy] times a rotation: the first row gives the angle (a
        // reflection is taken as a negative x scale), and unrotating gives the rest.
        let length = (a * a + b * b).squareRoot()
        let sx = a * d - b * c < 0 ? -length : length
        let angle = sx == 0 ? Foundation.atan2(-c, d) : Foundation.atan2(b / sx, a / sx)
        let cos = Foundation.cos(angle), sin = Foundation.sin(angle)
        let ua = a * cos + b * sin, uc = c * cos + d * sin, ud = -c * sin + d * cos
        return Parts(translation: Point(x: tx, y: ty), rotation: angle, scale: Size(width: ua, height: ud), shear: ua == 0 ? 0 : uc / ua)
    }

    /// A transform from its parts (see `parts`).
    public init(parts p: Parts) {
        let r = Transform2D(rotationAngle: p.rotation)
        let m = Transform2D(a: p.scale.width, b: 0, c: p.shear * p.scale.width, d: p.scale.height, tx: 0, ty: 0)
        self = m.concatenating(r).concatenating(Transform2D(translationX: p.translation.x, y: p.translation.y))
    }

    /// An affine transform split into what Core Animation interpolates.
    public struct Parts: Sendable, Equatable {
        public var translation: Point
        /// Radians, clockwise on screen.
        public var rotation: Double
        public var scale: Size
        /// The x shift per unit of y, before the scale.
        public var shear: Double
        public init(translation: Point, rotation: Double, scale: Size, shear: Double) {
            self.translation = translation; self.rotation = rotation; self.scale = scale; self.shear = shear
        }
    }
}

extension View {
    /// This view with UIView's `transform` (and CALayer's `anchorPoint`, (0.5, 0.5) by default).
    public func transformed(_ transform: Transform2D, anchorPoint: Point = Point(x: 0.5, y: 0.5)) -> View {
        var v = self
        v.transform = transform
        v.anchorPoint = anchorPoint
        return v
    }

    /// The transform about the anchor point of a view whose frame is `frame`, in the frame's coordinates.
    public func transform(at frame: Rect) -> Transform2D {
        transform.about(Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height))
    }
}

import Foundation

/// Points and sizes in UIKit's coordinate space: points, origin at the top left, y down.
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

public struct Size: Sendable, Equatable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Sendable, Equatable, Hashable {
    public var origin: Point
    public var size: Size
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// The rectangle shrunk by `insets` on each side (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx))
    }
}

public struct EdgeInsets: Sendable, Equatable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

/// A 2D affine transform as Core Graphics writes it: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). UIView's `transform` and a display list group's transform.
///
/// ```swift
/// let t = Transform2D(translationX: 10, y: 0).concatenating(Transform2D(scaleX: 2, y: 2))
/// t.apply(to: Point(x: 1, y: 1))   // (22, 2): moved, then scaled
/// ```
public struct Transform2D: Sendable, Equatable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    /// A rotation by `angle` radians, clockwise on screen (y grows downward), as UIKit's.
    public init(rotationAngle angle: Double) {
        let cos = Foundation.cos(angle), sin = Foundation.sin(angle)
        self.init(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// This transform, then `other` (CGAffineTransform's `concatenating`).
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The smallest axis-aligned rect holding `r`'s four corners once transformed.
    public func apply(to r: Rect) -> Rect {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(apply(to:))
        let x0 = corners.map(\.x).min()!, x1 = corners.map(\.x).max()!, y0 = corners.map(\.y).min()!, y1 = corners.map(\.y).max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

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

import TintypeModel

// UIKit rounds a view's origin to the device's pixel grid when it places it (Auto Layout, and the
// system's own containers: alerts, sheets, bar buttons, accessories). Without this, anything
// centered on an odd number of points lands on half a point at 1x (or a third at 3x), and every
// one-pixel line inside it is smeared over two rows. Sizes are left as they are: only where a view
// starts moves.

extension Double {
    /// This position rounded to the nearest device pixel (1/scale of a point).
    func pixelSnapped(_ scale: Double) -> Double {
        guard scale > 0 else { return self }
        return (self * scale).rounded() / scale
    }
}

extension Point {
    /// This point with both coordinates on the device pixel grid.
    func pixelSnapped(_ scale: Double) -> Point {
        Point(x: x.pixelSnapped(scale), y: y.pixelSnapped(scale))
    }
}

extension Rect {
    /// This rectangle moved so that its origin is on the device pixel grid; its size is unchanged.
    func originSnapped(_ scale: Double) -> Rect {
        Rect(origin: origin.pixelSnapped(scale), size: size)
    }
}

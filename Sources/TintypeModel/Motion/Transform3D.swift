import Foundation

/// A projective map of the plane, as a 3×3 matrix in Core Graphics' row-vector convention: a point
/// (x, y) goes to (X/W, Y/W) where (X, Y, W) = (x, y, 1)·M, that is
/// X = m11·x + m21·y + m31, Y = m12·x + m22·y + m32, W = m13·x + m23·y + m33.
/// It is what a CATransform3D does to a layer's plane once Core Animation flattens it to the screen.
public struct Homography: Sendable, Equatable, Hashable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine transform as a homography.
    public init(_ t: Transform2D) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    public static let identity = Homography(.identity)

    /// This map, then `other`.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
                   m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
                   m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
                   m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
                   m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
                   m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// W at `p`: positive where the point is in front of the viewer.
    public func w(at p: Point) -> Double { m13 * p.x + m23 * p.y + m33 }

    /// Where `p` lands, or nil when it is behind the viewer (W ≤ 0).
    public func apply(to p: Point) -> Point? {
        let w = self.w(at: p)
        guard w > 1e-9 else { return nil }
        return Point(x: (m11 * p.x + m21 * p.y + m31) / w, y: (m12 * p.x + m22 * p.y + m32) / w)
    }

    /// The smallest axis-aligned rect holding `r`'s corners once mapped; nil when a corner is behind the viewer.
    public func apply(to r: Rect) -> Rect? {
        var xs: [Double] = [], ys: [Double] = []
        for c in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)] {
            guard let q = apply(to: c) else { return nil }
            xs.append(q.x); ys.append(q.y)
        }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map (its adjugate: the scale does not matter for a projective map); nil when singular.
    public var inverted: Homography? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        return Homography(m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
                          m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
                          m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det)
    }

    /// The same map as an affine transform when it has no perspective (m13 and m23 negligible beside
    /// m33, as at 0° or 180° of a flip); nil otherwise.
    public var affine: Transform2D? {
        guard m33 != 0, abs(m13) <= 1e-12 * abs(m33), abs(m23) <= 1e-12 * abs(m33) else { return nil }
        return Transform2D(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// Whether the plane is seen from its back at `p` (the map turns it over there): the sign of the
    /// Jacobian's determinant, det(M)/W³.
    public func showsBack(at p: Point) -> Bool {
        let w = self.w(at: p)
        return determinant * w < 0
    }

    /// This map applied about `pivot`: the map of points measured from it, placed back at it.
    public func about(_ pivot: Point) -> Homography {
        Homography(Transform2D(translationX: -pivot.x, y: -pivot.y)).concatenating(self)
            .concatenating(Homography(Transform2D(translationX: pivot.x, y: pivot.y)))
    }
}

/// A point in space, for CATransform3D's translations, scales and rotations.
public struct Vector3: Sendable, Equatable, Hashable {
    public var x: Double, y: Double, z: Double
    public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    public static let zero = Vector3(x: 0, y: 0, z: 0)
    public static let one = Vector3(x: 1, y: 1, z: 1)
}

/// CALayer's `transform` (CATransform3D) in parts, composed as Core Animation code writes it:
///
/// ```swift
/// var t = CATransform3DIdentity
/// t.m34 = -1 / perspective
/// t = CATransform3DTranslate(t, x, y, z)
/// t = CATransform3DScale(t, sx, sy, sz)
/// t = CATransform3DRotate(t, rotateX, 1, 0, 0)
/// t = CATransform3DRotate(t, rotateY, 0, 1, 0)
/// t = CATransform3DRotate(t, rotateZ, 0, 0, 1)
/// ```
///
/// so a point of the layer (measured from its anchor point, z = 0) is turned about z, then y, then
/// x, scaled, moved, and seen in perspective from `perspective` points in front of the anchor point.
/// A positive rotation about y turns the right edge away from the viewer, as Core Animation's does.
public struct Transform3D: Sendable, Equatable, Hashable {
    /// m34: −1/d for a viewer d points away; 0 is no perspective (an orthographic flattening).
    public var m34: Double
    public var translation: Vector3
    public var scale: Vector3
    /// Radians about each axis.
    public var rotation: Vector3

    public init(m34: Double = 0, translation: Vector3 = .zero, scale: Vector3 = .one, rotation: Vector3 = .zero) {
        self.m34 = m34; self.translation = translation; self.scale = scale; self.rotation = rotation
    }

    /// The composed form with angles in degrees and the perspective as a distance in points (0: none).
    public init(perspective: Double = 0, translate: Vector3 = .zero, scale: Vector3 = .one,
                rotateX: Double = 0, rotateY: Double = 0, rotateZ: Double = 0) {
        self.init(m34: perspective == 0 ? 0 : -1 / perspective, translation: translate, scale: scale,
                  rotation: Vector3(x: rotateX * .pi / 180, y: rotateY * .pi / 180, z: rotateZ * .pi / 180))
    }

    public static let identity = Transform3D()

    /// The 4×4 matrix, row by row (Core Animation's m11 … m44).
    public var matrix: [Double] {
        func mul(_ a: [Double], _ b: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: 16)
            for i in 0..<4 { for j in 0..<4 { out[i * 4 + j] = (0..<4).reduce(0) { $0 + a[i * 4 + $1] * b[$1 * 4 + j] } } }
            return out
        }
        func turn(_ angle: Double, axis: Int) -> [Double] {
            // CATransform3DMakeRotation about one axis (row vectors, so the transpose of the
            // column-vector rotation); about z it is CGAffineTransform's rotation.
            let c = Foundation.cos(angle), s = Foundation.sin(angle)
            switch axis {
            case 0: return [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1]
            case 1: return [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]
            default: return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
            }
        }
        let perspective: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, m34, 0, 0, 0, 1]
        let move: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, translation.x, translation.y, translation.z, 1]
        let size: [Double] = [scale.x, 0, 0, 0, 0, scale.y, 0, 0, 0, 0, scale.z, 0, 0, 0, 0, 1]
        // CATransform3DRotate(t, …) is rotation · t: the last written acts first on a point.
        var m = perspective
        m = mul(move, m)
        m = mul(size, m)
        m = mul(turn(rotation.x, axis: 0), m)
        m = mul(turn(rotation.y, axis: 1), m)
        m = mul(turn(rotation.z, axis: 2), m)
        return m
    }

    /// What the transform does to the layer's plane (z = 0), points measured from the anchor point.
    public var homography: Homography {
        let m = matrix
        return Homography(m11: m[0], m12: m[1], m13: m[3], m21: m[4], m22: m[5], m23: m[7], m31: m[12], m32: m[13], m33: m[15])
    }

    /// The parts as numbers, for interpolation: m34, translation, scale, rotation.
    public var components: [Double] {
        [m34, translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, rotation.x, rotation.y, rotation.z]
    }

    public init(components c: [Double]) {
        self.init(m34: c[0], translation: Vector3(x: c[1], y: c[2], z: c[3]), scale: Vector3(x: c[4], y: c[5], z: c[6]),
                  rotation: Vector3(x: c[7], y: c[8], z: c[9]))
    }
}

extension View {
    /// What the view's transforms do to its plane, about its anchor point, for a view whose frame is
    /// `frame` (absolute points): UIView's affine `transform`, then `transform3D`.
    public func projectiveTransform(at frame: Rect) -> Homography {
        let pivot = Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
        var h = Homography(transform)
        if let t = transform3D { h = h.concatenating(t.homography) }
        return h.about(pivot)
    }

    /// This view with CALayer's `transform` (a CATransform3D) and, optionally, `isDoubleSided`.
    public func transformed3D(_ transform: Transform3D, isDoubleSided: Bool = true, anchorPoint: Point = Point(x: 0.5, y: 0.5)) -> View {
        var v = self
        v.transform3D = transform
        v.isDoubleSided = isDoubleSided
        v.anchorPoint = anchorPoint
        return v
    }
}

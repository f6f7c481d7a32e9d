import Foundation

/// An animation in a scene: a UIView animation block or a Core Animation animation, naming the view
/// it moves by `id`, evaluated at the scene's `time`. docs/motion.md has the rules.
public struct Animation: Sendable, Equatable {
    /// The id of the view it animates.
    public var view: String
    /// What it changes: one track per property (a UIView block may change several).
    public var tracks: [Track]
    public var timing: MediaTiming
    /// The whole animation's pacing (a keyframe animation's segments may add their own).
    public var curve: AnimationCurve
    /// A UIView block: the view's value is the target once the block is over (the model changed),
    /// and the value before it until it starts (UIKit's delayed animations show the old value).
    public var isViewBlock: Bool
    /// A transition between two states of the view instead of tracks (`tracks` is empty then).
    public var transition: Transition?
    /// Rows of a table inserted and deleted instead of tracks (`tracks` is empty then).
    public var rowUpdate: RowUpdate?
    /// A control's value changing (a switch toggled, a segment selected) instead of tracks.
    public var controlChange: ControlChange?
    /// The timing of the CAAnimationGroup this animation is in: its own timing runs on the group's
    /// local time, and it shows nothing of its own while the group is not active (or filling).
    public var groupTiming: MediaTiming?
    /// Where the animation is in the scene file (`animations[2]`), for messages.
    public var source: String = ""

    public init(view: String, tracks: [Track], timing: MediaTiming = MediaTiming(), curve: AnimationCurve = .timing(.linear),
                isViewBlock: Bool = false) {
        self.view = view; self.tracks = tracks; self.timing = timing; self.curve = curve; self.isViewBlock = isViewBlock
    }

    /// The progress of the animation at scene time `t` (0 at its start, 1 at its target; a
    /// spring may pass 1), or nil when it does not apply then.
    public func progress(at t: Double) -> Double? {
        var t = t
        if let group = groupTiming {
            // The group's local time: its position in its current iteration, in seconds.
            guard let f = group.fraction(at: t) else { return nil }
            t = f * group.duration
        }
        guard let f = timing.fraction(at: t, endsAtTarget: isViewBlock) else { return nil }
        return curve.value(at: f, duration: timing.duration)
    }

    /// A UIView block on a view: each property in `to` animates from the view's value.
    public static func block(view: String, to: [(AnimatedProperty, AnimatedValue)], duration: Double, delay: Double = 0,
                             curve: AnimationCurve = .timing(.easeInEaseOut)) -> Animation {
        var timing = MediaTiming()
        timing.duration = duration
        timing.beginTime = delay
        return Animation(view: view, tracks: to.map { Track(property: $0.0, values: .change(from: nil, to: $0.1, by: nil)) },
                         timing: timing, curve: curve, isViewBlock: true)
    }
}

/// A property an animation changes, as UIView names it or a Core Animation key path reaches it.
public enum AnimatedProperty: String, Sendable, Equatable, Hashable, CaseIterable {
    case frame, center, bounds, alpha, backgroundColor, transform, cornerRadius, borderWidth
    /// The layer's whole CATransform3D (a UIView block's `transform3D`).
    case transform3D
    /// A scroll view's or table's content offset (UIScrollView's `contentOffset`, its layer's `bounds.origin`).
    case contentOffset
    /// The anchor point's place in the superview (`position`; UIView's `center` is the same).
    case position, positionX = "position.x", positionY = "position.y"
    case boundsSize = "bounds.size"
    case scale = "transform.scale", scaleX = "transform.scale.x", scaleY = "transform.scale.y"
    case rotation = "transform.rotation.z"
    case rotationX = "transform.rotation.x", rotationY = "transform.rotation.y"
    case translationZ = "transform.translation.z"
    case translation = "transform.translation", translationX = "transform.translation.x", translationY = "transform.translation.y"

    /// The kind of value it takes.
    public var kind: AnimatedValue.Kind {
        switch self {
        case .frame, .bounds: .rect
        case .center, .position, .translation, .contentOffset: .point
        case .boundsSize: .size
        case .backgroundColor: .color
        case .transform: .transform
        case .transform3D: .transform3D
        default: .number
        }
    }

    /// Whether the property moves or sizes the view (applied once layout has placed it).
    public var isGeometric: Bool {
        switch self {
        case .frame, .center, .bounds, .position, .positionX, .positionY, .boundsSize: true
        default: false
        }
    }
}

/// A value an animation interpolates.
public enum AnimatedValue: Sendable, Equatable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform2D)
    case transform3D(Transform3D)

    public enum Kind: String, Sendable, Equatable {
        case number, point, size, rect, color, transform, transform3D
        /// How a scene file writes one, for messages.
        public var written: String {
            switch self {
            case .number: "a number"
            case .point: "a point [x, y]"
            case .size: "a size [width, height]"
            case .rect: "a rectangle [x, y, width, height]"
            case .color: "a color"
            case .transform: "a transform ({\"translate\", \"scale\", \"rotate\"} or [a, b, c, d, tx, ty])"
            case .transform3D: "a 3D transform ({\"perspective\", \"translate\", \"scale\", \"rotateX\", \"rotateY\", \"rotateZ\"})"
            }
        }
    }

    /// The components interpolated (a transform's are its parts: tx, ty, rotation, sx, sy, shear).
    var components: [Double] {
        switch self {
        case .number(let v): [v]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.x, r.y, r.width, r.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let t):
            { let p = t.parts; return [p.translation.x, p.translation.y, p.rotation, p.scale.width, p.scale.height, p.shear] }()
        case .transform3D(let t): t.components
        }
    }

    /// A value of the same case as `self` from components.
    func with(_ c: [Double]) -> AnimatedValue {
        switch self {
        case .number: .number(c[0])
        case .point: .point(Point(x: c[0], y: c[1]))
        case .size: .size(Size(width: c[0], height: c[1]))
        case .rect: .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform:
            .transform(Transform2D(parts: Transform2D.Parts(translation: Point(x: c[0], y: c[1]), rotation: c[2],
                                                           scale: Size(width: c[3], height: c[4]), shear: c[5])))
        case .transform3D: .transform3D(Transform3D(components: c))
        }
    }

    /// The value `p` of the way from `self` to `other` (p may lie outside 0…1: a spring overshoots).
    /// A transform turns the short way round; a color is clamped to 0…1.
    public func interpolated(to other: AnimatedValue, _ p: Double) -> AnimatedValue {
        var a = components, b = other.components
        guard a.count == b.count else { return p < 0.5 ? self : other }
        if case .transform = self {
            // Turn the short way round, as Core Animation does between two matrices.
            var d = b[2] - a[2]
            while d > .pi { d -= 2 * .pi }
            while d < -.pi { d += 2 * .pi }
            b[2] = a[2] + d
        }
        for i in a.indices { a[i] += (b[i] - a[i]) * p }
        if case .color = self { a = a.map { min(1, max(0, $0)) } }
        return with(a)
    }

    /// `self` plus `other`, component by component (Core Animation's `by`).
    public func adding(_ other: AnimatedValue) -> AnimatedValue {
        if case .transform(let t) = self, case .transform(let u) = other { return .transform(u.concatenating(t)) }
        let a = components, b = other.components
        guard a.count == b.count else { return self }
        return with(zip(a, b).map { $0 + $1 })
    }

    /// `self` minus `other` (for `by` with `to`: the start is `to − by`).
    public func subtracting(_ other: AnimatedValue) -> AnimatedValue {
        let a = components, b = other.components
        guard a.count == b.count else { return self }
        return with(zip(a, b).map { $0 - $1 })
    }

    /// The distance between two values (for paced keyframes).
    public func distance(to other: AnimatedValue) -> Double {
        zip(components, other.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}

/// The values one property goes through.
public struct Track: Sendable, Equatable {
    public var property: AnimatedProperty
    public var values: Values

    public init(property: AnimatedProperty, values: Values) { self.property = property; self.values = values }

    public enum Values: Sendable, Equatable {
        /// A basic animation (or a UIView block's property): missing ends are the view's own value.
        case change(from: AnimatedValue?, to: AnimatedValue?, by: AnimatedValue?)
        /// A keyframe animation through values.
        case keyframes(Keyframes)
        /// A keyframe animation of `position` along a path, turning the view with it when `rotates`.
        case path(MotionPath)
    }

    /// The value at `progress`, the view's own (model) value being `model`.
    public func value(at progress: Double, model: AnimatedValue) -> AnimatedValue {
        switch values {
        case .change(let from, let to, let by):
            let start: AnimatedValue, end: AnimatedValue
            switch (from, to, by) {
            case (let f?, let t?, _): start = f; end = t
            case (let f?, nil, let b?): start = f; end = f.adding(b)
            case (nil, let t?, let b?): start = t.subtracting(b); end = t
            case (let f?, nil, nil): start = f; end = model
            case (nil, let t?, nil): start = model; end = t
            case (nil, nil, let b?): start = model; end = model.adding(b)
            case (nil, nil, nil): return model
            }
            return start.interpolated(to: end, progress)
        case .keyframes(let k):
            return k.value(at: progress)
        case .path(let p):
            return .point(p.point(at: progress).point)
        }
    }
}

/// CAKeyframeAnimation's calculation modes.
public enum CalculationMode: String, Sendable, Equatable, CaseIterable {
    /// Straight between neighbours, each segment timed by `keyTimes` (evenly without them).
    case linear
    /// Each value held until the next key time.
    case discrete
    /// Straight between neighbours at one speed throughout (`keyTimes` are not used).
    case paced
    /// A Catmull-Rom spline through the values, timed by `keyTimes`.
    case cubic
}

/// Keyframe values with their times.
public struct Keyframes: Sendable, Equatable {
    public var values: [AnimatedValue]
    /// One per value (or one more, for discrete), increasing from 0 to 1; nil: evenly spaced.
    public var keyTimes: [Double]?
    public var mode: CalculationMode
    /// One per segment, pacing each; nil: linear within each.
    public var timingFunctions: [TimingFunction]?

    public init(values: [AnimatedValue], keyTimes: [Double]? = nil, mode: CalculationMode = .linear, timingFunctions: [TimingFunction]? = nil) {
        self.values = values; self.keyTimes = keyTimes; self.mode = mode; self.timingFunctions = timingFunctions
    }

    /// The times the values are reached: the given key times, evenly spaced ones, or (paced) times
    /// in proportion to the distance covered.
    var times: [Double] {
        let n = values.count
        if mode == .paced {
            var lengths = [0.0]
            for i in 1..<max(1, n) { lengths.append(lengths[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = lengths.last ?? 0
            return total > 0 ? lengths.map { $0 / total } : (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        if let keyTimes { return keyTimes }
        if mode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    }

    public func value(at progress: Double) -> AnimatedValue {
        guard let first = values.first else { return .number(0) }
        let times = self.times, n = values.count
        if mode == .discrete {
            var i = 0
            while i + 1 < n && progress >= times[i + 1] { i += 1 }
            return values[i]
        }
        guard n > 1 else { return first }
        if progress <= times[0] { return first }
        if progress >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i + 2 < n && progress >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? (progress - times[i]) / span : 1
        if let fs = timingFunctions, i < fs.count { local = fs[i].value(at: local) }
        if mode == .cubic {
            let p0 = values[max(0, i - 1)].components, p1 = values[i].components
            let p2 = values[i + 1].components, p3 = values[min(n - 1, i + 2)].components
            let s = local, s2 = s * s, s3 = s2 * s
            var out: [Double] = []
            for k in p1.indices {
                // Catmull-Rom (Core Animation's spline with tension, continuity and bias 0).
                out.append(0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * s + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * s2
                                  + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * s3))
            }
            return values[i].with(out)
        }
        return values[i].interpolated(to: values[i + 1], local)
    }
}

/// A path a view's position follows (CAKeyframeAnimation's `path`), in the superview's points.
public struct MotionPath: Sendable, Equatable {
    public var path: PathData
    public var mode: CalculationMode
    /// `auto`: the view turns to follow the path's direction; `autoReverse`: and half a turn more.
    public var rotationMode: RotationMode?
    public var keyTimes: [Double]?

    public enum RotationMode: String, Sendable, Equatable, CaseIterable {
        case auto, autoReverse
    }

    public init(path: PathData, mode: CalculationMode = .paced, rotationMode: RotationMode? = nil, keyTimes: [Double]? = nil) {
        self.path = path; self.mode = mode; self.rotationMode = rotationMode; self.keyTimes = keyTimes
    }

    /// The path's segments from point to point (a move starts a new place, it is not a segment).
    var segments: [(start: Point, c1: Point, c2: Point, end: Point)] {
        var out: [(Point, Point, Point, Point)] = []
        var current = Point.zero, subpathStart = Point.zero
        for c in path.commands {
            switch c {
            case .move(let p): current = p; subpathStart = p
            case .line(let p): out.append((current, current, p, p)); current = p
            case .cubic(let a, let b, let p): out.append((current, a, b, p)); current = p
            case .close:
                if current != subpathStart { out.append((current, current, subpathStart, subpathStart)) }
                current = subpathStart
            }
        }
        return out
    }

    static func point(_ s: (start: Point, c1: Point, c2: Point, end: Point), _ u: Double) -> Point {
        Point(x: TimingFunction.cubic(u, s.start.x, s.c1.x, s.c2.x, s.end.x), y: TimingFunction.cubic(u, s.start.y, s.c1.y, s.c2.y, s.end.y))
    }

    static func tangent(_ s: (start: Point, c1: Point, c2: Point, end: Point), _ u: Double) -> Point {
        var d = Point(x: TimingFunction.cubicSlope(u, s.start.x, s.c1.x, s.c2.x, s.end.x),
                      y: TimingFunction.cubicSlope(u, s.start.y, s.c1.y, s.c2.y, s.end.y))
        if d.x == 0 && d.y == 0 { d = Point(x: s.end.x - s.start.x, y: s.end.y - s.start.y) }
        return d
    }

    /// Samples per segment for measuring lengths.
    static let samples = 64

    /// The point at `progress` and the direction of travel there (radians, clockwise from +x).
    public func point(at progress: Double) -> (point: Point, angle: Double) {
        let segs = segments
        guard !segs.isEmpty else {
            if case .move(let p)? = path.commands.first { return (p, 0) }
            return (.zero, 0)
        }
        let p = min(1, max(0, progress))
        let index: Int, u: Double
        if mode == .paced || mode == .cubic {
            // At one speed: by arc length, measured on a fine polyline.
            var table: [(seg: Int, u: Double, length: Double)] = [(0, 0, 0)]
            var total = 0.0
            for (i, s) in segs.enumerated() {
                var prev = s.start
                for k in 1...Self.samples {
                    let uu = Double(k) / Double(Self.samples)
                    let q = Self.point(s, uu)
                    total += ((q.x - prev.x) * (q.x - prev.x) + (q.y - prev.y) * (q.y - prev.y)).squareRoot()
                    table.append((i, uu, total))
                    prev = q
                }
            }
            let target = p * total
            var k = 1
            while k < table.count - 1 && table[k].length < target { k += 1 }
            let a = table[k - 1], b = table[k]
            let f = b.length > a.length ? (target - a.length) / (b.length - a.length) : 0
            index = b.seg
            u = (a.seg == b.seg ? a.u : 0) + ((b.u - (a.seg == b.seg ? a.u : 0)) * f)
        } else {
            // Each segment in its own share of time (keyTimes at the segments' ends).
            let n = segs.count
            let times = keyTimes ?? (0...n).map { Double($0) / Double(n) }
            var i = 0
            while i + 1 < n && p >= times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            index = i
            if mode == .discrete { return (p >= 1 ? segs[n - 1].end : segs[i].start, 0) }
            u = span > 0 ? min(1, max(0, (p - times[i]) / span)) : 1
        }
        let s = segs[index]
        let d = Self.tangent(s, u)
        return (Self.point(s, u), Foundation.atan2(d.y, d.x))
    }
}

extension TimingFunction {
    /// A cubic Bézier coordinate between any two end points.
    static func cubic(_ s: Double, _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
        let u = 1 - s
        return u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3
    }

    static func cubicSlope(_ s: Double, _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * (p1 - p0) + 6 * u * s * (p2 - p1) + 3 * s * s * (p3 - p2)
    }
}

extension MediaTiming {
    /// The scene time at which the animation is over (its last iteration ends), or nil when it
    /// never is (repeating for ever, or frozen by a speed of 0 before its end).
    public var end: Double? {
        let cycle = duration * (autoreverses ? 2 : 1)
        guard !repeatsForever else { return nil }
        let active = repeatCount == 0 ? cycle : cycle * repeatCount
        if speed == 0 { return timeOffset >= active ? beginTime : nil }
        return beginTime + max(0, active - timeOffset) / speed
    }
}

extension Scene {
    /// When the last of the scene's animations (and its system animation) is over, in seconds on
    /// its clock: 0 for a scene without animations, nil when one never ends.
    public var animationEnd: Double? {
        var end = systemAnimation.map { $0.beginTime + $0.duration(in: self) } ?? 0
        for g in gestures {
            if case .edgePan(let p, let release?) = g.kind { end = max(end, release.beginTime + release.duration(from: p)) }
            if case .swipe(_, _, _, _?, let release?) = g.kind { end = max(end, release.beginTime + Gesture.SwipeRelease.duration) }
        }
        for a in animations {
            guard let e = (a.groupTiming ?? a.timing).end else { return nil }
            end = max(end, e)
        }
        return end
    }
}

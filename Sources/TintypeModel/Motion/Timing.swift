import Foundation

/// CAMediaTimingFunction: a cubic Bézier from (0, 0) to (1, 1) through two control points, mapping
/// the fraction of time elapsed (x) to the fraction of the change made (y).
public struct TimingFunction: Sendable, Equatable, Hashable {
    public var c1x: Double, c1y: Double, c2x: Double, c2y: Double

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    /// Core Animation's named functions, with their control points.
    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault: what implicit layer animations use.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The names a scene file may use (`easeInOut` is UIKit's name for `easeInEaseOut`).
    public static let named: [(String, TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("easeInOut", .easeInEaseOut), ("default", .default),
    ]

    /// The fraction of the change made when `x` of the time has passed (x clamped to 0…1).
    public func value(at x: Double) -> Double {
        if self == .linear { return x }
        let x = min(1, max(0, x))
        if x == 0 || x == 1 { return x }
        let s = parameter(for: x)
        return Self.bezier(s, c1y, c2y)
    }

    /// One coordinate of the curve at parameter `s`, the end points being 0 and 1.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    static func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve's parameter where its x is `x`: Newton's method, then bisection where it stalls
    /// (x is monotonic in the parameter, the control points' x lying in 0…1).
    func parameter(for x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = Self.bezier(s, c1x, c2x) - x
            if abs(err) < 1e-12 { return s }
            let slope = Self.bezierSlope(s, c1x, c2x)
            if abs(slope) < 1e-9 { break }
            s -= err / slope
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = Self.bezier(s, c1x, c2x)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}

/// UIKit's spring animation (`usingSpringWithDamping:initialSpringVelocity:`): a damped harmonic
/// oscillator, mass 1, whose stiffness is chosen so that it has settled (within 0.1% of the
/// distance, by its envelope) when the duration is over; the animation then ends on the target.
public struct Spring: Sendable, Equatable, Hashable {
    /// The damping ratio: 1 stops without overshoot, less oscillates. 0…1.
    public var damping: Double
    /// The speed at the start, in distances a second (1: the whole change in one second).
    public var initialVelocity: Double

    public init(damping: Double, initialVelocity: Double = 0) { self.damping = damping; self.initialVelocity = initialVelocity }

    /// The settling tolerance: the envelope is at 0.1% of the distance at the end.
    static let tolerance = 0.001
    /// A damping ratio of 0 never settles; it is taken as this much.
    static let leastDamping = 0.01

    /// The undamped angular frequency ω₀ (radians a second) for a `duration`.
    public func naturalFrequency(duration: Double) -> Double {
        let zeta = min(1, max(Self.leastDamping, damping))
        if zeta >= 1 {
            // (1 + x)·e^(−x) = tolerance, solved for x = ω₀·T by Newton's method.
            var x = 9.0
            for _ in 0..<20 { x -= ((1 + x) * Foundation.exp(-x) - Self.tolerance) / (-x * Foundation.exp(-x)) }
            return x / duration
        }
        // The envelope of the oscillation is e^(−ζω₀t) / √(1 − ζ²).
        return -Foundation.log(Self.tolerance * (1 - zeta * zeta).squareRoot()) / (zeta * duration)
    }

    /// The fraction of the change made `t` seconds into an animation of `duration` (may pass 1).
    public func value(at t: Double, duration: Double) -> Double {
        guard duration > 0, t < duration else { return 1 }
        guard t > 0 else { return 0 }
        let zeta = min(1, max(Self.leastDamping, damping))
        let w0 = naturalFrequency(duration: duration), v = initialVelocity
        let d: Double
        if zeta >= 1 {
            d = Foundation.exp(-w0 * t) * (1 + (w0 - v) * t)
        } else {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            d = Foundation.exp(-zeta * w0 * t) * (Foundation.cos(wd * t) + (zeta * w0 - v) / wd * Foundation.sin(wd * t))
        }
        return 1 - d
    }
}

/// How an animation's progress follows time: a timing function, or (UIView blocks) a spring.
public enum AnimationCurve: Sendable, Equatable, Hashable {
    case timing(TimingFunction)
    case spring(Spring)

    /// The progress at `fraction` of one iteration lasting `duration` seconds.
    public func value(at fraction: Double, duration: Double) -> Double {
        switch self {
        case .timing(let f): f.value(at: fraction)
        case .spring(let s): s.value(at: fraction * duration, duration: duration)
        }
    }
}

/// CAMediaTiming: where an animation sits in the scene's time and how it repeats.
public struct MediaTiming: Sendable, Equatable, Hashable {
    /// Seconds on the scene's clock when the animation starts (UIView's `delay`).
    public var beginTime: Double = 0
    /// Seconds one iteration lasts.
    public var duration: Double = 0.25
    /// How much faster than the scene's clock the animation runs (0 freezes it).
    public var speed: Double = 1
    /// Seconds added to the animation's own clock.
    public var timeOffset: Double = 0
    /// Iterations (may be fractional); ignored when `repeatsForever`.
    public var repeatCount: Double = 1
    public var repeatsForever = false
    /// Each iteration plays forward, then backward.
    public var autoreverses = false
    public var fillMode: FillMode = .removed

    public init() {}

    /// CAMediaTimingFillMode: whether the animation's values show before it starts and after it ends.
    public enum FillMode: String, Sendable, Equatable, Hashable, CaseIterable {
        case removed, forwards, backwards, both
    }

    /// Where one iteration is at scene time `t`: the fraction of it (0…1, folded back when
    /// autoreversing), or nil when the animation does not apply (not started or over, unfilled).
    /// `endsAtTarget` (UIView blocks) shows the target after the end whatever the fill.
    public func fraction(at t: Double, endsAtTarget: Bool = false) -> Double? {
        let local = (t - beginTime) * speed + timeOffset
        let cycle = duration * (autoreverses ? 2 : 1)
        let active = repeatsForever ? Double.infinity : cycle * max(repeatCount, 0) == 0 ? cycle : cycle * repeatCount
        if local < 0 {
            return fillMode == .backwards || fillMode == .both || endsAtTarget ? 0 : nil
        }
        if local >= active {
            if endsAtTarget { return 1 }
            guard fillMode == .forwards || fillMode == .both else { return nil }
            return position(in: active)
        }
        return position(in: local)
    }

    /// The fraction of an iteration `local` seconds into the active span.
    func position(in local: Double) -> Double {
        guard duration > 0 else { return 1 }
        let cycle = duration * (autoreverses ? 2 : 1)
        var within = local.truncatingRemainder(dividingBy: cycle)
        // The very end of an iteration is its end, not the start of the next.
        if within == 0 && local > 0 { within = cycle }
        if autoreverses && within > duration { within = cycle - within }
        return min(1, max(0, within / duration))
    }
}

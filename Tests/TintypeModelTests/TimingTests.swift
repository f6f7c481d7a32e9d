import Foundation
import Testing
import TintypeModel

/// Core Animation's timing: the named curves' values, UIKit's spring, CAMediaTiming's local time.
@Suite struct TimingTests {
    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        // Reference values solved independently (bisection on the Bézier's x) for these control points.
        let cases: [(TimingFunction, Double, Double)] = [
            (.easeIn, 0.25, 0.0934646507), (.easeIn, 0.5, 0.3153568126), (.easeOut, 0.25, 0.3781381308), (.easeOut, 0.5, 0.6846431874),
            (.easeInEaseOut, 0.25, 0.1291619310), (.easeInEaseOut, 0.5, 0.5), (.default, 0.25, 0.4085105914), (.default, 0.5, 0.8024033876),
            (.linear, 0.3, 0.3),
        ]
        for (f, x, y) in cases { #expect(abs(f.value(at: x) - y) < 1e-8, "\(f) at \(x): \(f.value(at: x))") }
        #expect(TimingFunction.easeIn == TimingFunction(0.42, 0, 1, 1) && TimingFunction.easeOut == TimingFunction(0, 0, 0.58, 1))
        #expect(TimingFunction.easeInEaseOut.value(at: 0) == 0 && TimingFunction.easeInEaseOut.value(at: 1) == 1)
    }

    @Test func aCriticallyDampedSpringNeverOvershootsAndSettles() {
        let s = Spring(damping: 1)
        var last = 0.0
        for i in 0...100 {
            let v = s.value(at: Double(i) / 100 * 0.5, duration: 0.5)
            #expect(v >= last - 1e-12 && v <= 1 + 1e-12, "t = \(Double(i) / 200): \(v)")
            last = v
        }
        #expect(abs(s.value(at: 0.499, duration: 0.5) - 1) < 0.002)
        #expect(s.value(at: 0.5, duration: 0.5) == 1 && s.value(at: 0, duration: 0.5) == 0)
    }

    @Test func anUnderdampedSpringOvershootsAndSettlesByItsDuration() {
        let s = Spring(damping: 0.5)
        let samples = (1..<200).map { s.value(at: Double($0) / 200, duration: 1) }
        #expect(samples.max()! > 1.1, "damping 0.5 overshoots: \(samples.max()!)")
        // Settled to within 0.1% of the distance (its envelope) over the last moments.
        #expect(samples.suffix(5).allSatisfy { abs($0 - 1) < 0.002 })
        // Less damping, faster oscillation for the same duration; velocity speeds the start.
        #expect(Spring(damping: 0.2).naturalFrequency(duration: 1) > s.naturalFrequency(duration: 1))
        #expect(Spring(damping: 1, initialVelocity: 5).value(at: 0.02, duration: 1) > Spring(damping: 1).value(at: 0.02, duration: 1))
    }

    @Test func mediaTimingFollowsCoreAnimation() {
        var t = MediaTiming()
        t.duration = 1
        t.beginTime = 0.5
        #expect(t.fraction(at: 0.25) == nil && t.fraction(at: 1) == 0.5 && t.fraction(at: 2) == nil)
        t.fillMode = .both
        #expect(t.fraction(at: 0.25) == 0 && t.fraction(at: 2) == 1)
        t.speed = 2
        #expect(t.fraction(at: 0.75) == 0.5)
        t.speed = 1
        t.timeOffset = 0.25
        #expect(t.fraction(at: 0.5) == 0.25)
        t.timeOffset = 0
        t.repeatCount = 2
        t.autoreverses = true
        // Forward 0.5…1.5, back 1.5…2.5, forward again 2.5…3.5; then filled at the end (back at 0).
        #expect(t.fraction(at: 1) == 0.5 && t.fraction(at: 2) == 0.5 && abs(t.fraction(at: 1.75)! - 0.75) < 1e-12 && t.fraction(at: 5) == 0)
        t.fillMode = .removed
        #expect(t.fraction(at: 1, endsAtTarget: true) == 0.5 && t.fraction(at: 5, endsAtTarget: true) == 1 && t.fraction(at: 0, endsAtTarget: true) == 0)
    }
}

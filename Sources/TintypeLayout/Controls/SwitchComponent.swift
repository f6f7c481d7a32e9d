import Foundation
import Synchronization
import TintypeModel

/// UISwitch (iOS 7–11): always 51×31 at the frame's origin, whatever the frame's size. On: a
/// filled track (onTintColor, default #4CD964) with the knob on the right. Off: a clear track
/// outlined 1.5 points wide (#E6E6E6, or the switch's own tintColor; iOS 10 and 11 screenshots agree on
/// 1.5) with the knob on the left.
/// The knob is a 28-point circle (83 pixels at 3x) centered in the track's height with a soft shadow (measured on iOS 11
/// screenshots, which also show the knob 28 across rather than 27). Pressed (highlighted), the
/// knob stretches to 35 wide and an off track fills with its outline's gray. Disabled draws at
/// 50%. Right to left, the whole switch is mirrored.
///
/// The colors do not follow the inherited tint (UIKit's switch is green whatever the tint), so a
/// dimmed window leaves them alone; a specific tintColor on the switch does dim.
struct SwitchComponent: ViewComponent {
    let control: Switch

    /// A fixed-size control hugs its size hard (UIKit's 750).
    var defaultHugging: Double { 750 }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Self.size)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(control, frame: frame, env: env, context: context)
    }

    static let size = Size(width: 51, height: 31)
    static let defaultOnTint = Color.systemGreen
    static let defaultOffBorder = Color(rgb8: 0xE6, 0xE6, 0xE6)
    static let borderWidth = 1.5
    static let knobDiameter = 28.0
    /// At 3x UIKit's knob is 83 device pixels across (measured on an iOS 11 3x screenshot), a
    /// third of a point under its 2x size.
    static func knobDiameter(scale: Double) -> Double { scale >= 3 ? 83 / 3 : knobDiameter }
    /// Added to the knob's width while the switch is pressed.
    static let pressedStretch = 7.0

    static func items(_ c: Switch, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let track = Rect(origin: frame.origin, size: size)
        let radius = size.height / 2
        var out: [DisplayItem] = []
        if let q = c.onProgress, q > 0, q < 1 {
            // Toggling (docs/motion.md, Controls changing): the outline's gray turns to the on color
            // while the clear inside shrinks away about its middle, and the knob slides across.
            let on = c.onTintColor.map(env.resolve) ?? defaultOnTint
            let border = env.adjustedTint(c.tintColor) ?? defaultOffBorder
            let outer = RoundedRect.path(track, radius: radius, curve: .circular)
            let inside = track.insetBy(dx: borderWidth, dy: borderWidth)
            let hole = Rect(x: inside.midX - inside.width * (1 - q) / 2, y: inside.midY - inside.height * (1 - q) / 2,
                            width: inside.width * (1 - q), height: inside.height * (1 - q))
            let inner = RoundedRect.path(hole, radius: hole.height / 2, curve: .circular)
            out.append(.fill(path: Path(outer.commands + inner.commands), paint: .color(mix(border, on, q)), rule: .evenOdd))
            var off = c, onSwitch = c
            off.isOn = false; onSwitch.isOn = true
            let a = knobFrame(off, track: track, direction: env.layoutDirection, scale: env.scale)
            let b = knobFrame(onSwitch, track: track, direction: env.layoutDirection, scale: env.scale)
            let knobAt = Rect(x: a.minX + (b.minX - a.minX) * q, y: a.minY, width: a.width, height: a.height)
            out += knob(knobAt, color: c.thumbTintColor.map(env.resolve), scale: env.scale)
            return ControlDrawing.faded(out, alpha: c.state.isEnabled ? 1 : ControlDrawing.disabledAlpha)
        }
        if c.onProgress.map({ $0 >= 1 }) ?? c.isOn {
            let on = c.onTintColor.map(env.resolve) ?? defaultOnTint
            out.append(.fill(path: RoundedRect.path(track, radius: radius, curve: .circular), paint: .color(on), rule: .nonZero))
        } else {
            let border = env.adjustedTint(c.tintColor) ?? defaultOffBorder
            let outer = RoundedRect.path(track, radius: radius, curve: .circular)
            if c.state.isHighlighted && c.state.isEnabled {
                // Pressed, the clear inside shrinks away and the whole track takes the outline's gray.
                out.append(.fill(path: outer, paint: .color(border), rule: .nonZero))
            } else {
                let inner = RoundedRect.path(track.insetBy(dx: borderWidth, dy: borderWidth), radius: radius - borderWidth, curve: .circular)
                out.append(.fill(path: Path(outer.commands + inner.commands), paint: .color(border), rule: .evenOdd))
            }
        }
        var rest = c
        if let q = c.onProgress { rest.isOn = q >= 1 }
        out += knob(knobFrame(rest, track: track, direction: env.layoutDirection, scale: env.scale), color: c.thumbTintColor.map(env.resolve), scale: env.scale)
        return ControlDrawing.faded(out, alpha: c.state.isEnabled ? 1 : ControlDrawing.disabledAlpha)
    }

    /// `a` turned `q` of the way to `b`, component by component.
    static func mix(_ a: Color, _ b: Color, _ q: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * q, green: a.green + (b.green - a.green) * q,
              blue: a.blue + (b.blue - a.blue) * q, alpha: a.alpha + (b.alpha - a.alpha) * q)
    }

    /// The knob's frame in a track at `track`: at the leading end when off, the trailing end when
    /// on (mirrored right to left), wider when pressed.
    static func knobFrame(_ c: Switch, track: Rect, direction: LayoutDirection = .leftToRight, scale: Double = 2) -> Rect {
        let diameter = knobDiameter(scale: scale)
        let inset = (size.height - diameter) / 2
        let width = diameter + (c.state.isHighlighted && c.state.isEnabled ? pressedStretch : 0)
        let right = c.isOn != (direction == .rightToLeft)
        let x = right ? track.maxX - inset - width : track.minX + inset
        return Rect(x: x, y: track.minY + inset, width: width, height: diameter)
    }

    /// The shadows of the knob (and of the slider's thumb), fitted to iOS 11 screenshots: a soft
    /// drop shadow, a tight contact ring and a faint wide halo, as (opacity, offset y, blur σ).
    static let knobShadows: [(opacity: Double, dy: Double, sigma: Double)] = [(0.18, 3.5, 1.5), (0.32, 0, 0.5), (0.08, 1, 6)]

    /// The shadows at a scale: at 3x the contact ring is half a device pixel soft (σ ⅙ point, not ½).
    /// Measured on the iOS 11 3x screenshot of a blue switch with a light gray knob: a pixel left of
    /// the knob reads (9,9,250) there, (13,13,248) here, where σ ½ gave (20,20,243); the pixel above
    /// the knob 7 there, 13 here, 24 before. 2x keeps the ring fitted to the 2x screenshots.
    static func knobShadows(scale: Double) -> [(opacity: Double, dy: Double, sigma: Double)] {
        guard scale >= 3 else { return knobShadows }
        var s = knobShadows
        s[1].sigma = 0.5 / scale
        return s
    }

    /// A white (or `color`) knob with its shadows. With a thumb tint, UIKit tints the whole knob
    /// image, shadow included, so the shadow takes the thumb's color.
    ///
    /// A round knob's shadows are radial gradients with the exact profile of a blurred disc, which
    /// costs nothing to draw; a stretched (pressed) knob casts real group shadows.
    static func knob(_ rect: Rect, color: Color?, scale: Double = 2) -> [DisplayItem] {
        let knobShadows = knobShadows(scale: scale)
        let fill = color ?? .white
        let shape = DisplayItem.fill(path: RoundedRect.path(rect, radius: min(rect.width, rect.height) / 2, curve: .circular),
                                     paint: .color(fill), rule: .nonZero)
        let shadowColor = color.map { $0.withAlpha(1) } ?? .black
        guard rect.width == rect.height else {
            return knobShadows.map { s in
                .group(Group(items: [shape], shadow: ResolvedShadow(color: shadowColor.withAlpha(s.opacity * fill.alpha),
                                                                   offset: Size(width: 0, height: s.dy), radius: s.sigma)))
            }
        }
        let r = rect.width / 2
        let shadows = knobShadows.map { s -> DisplayItem in
            let center = Point(x: rect.midX, y: rect.midY + s.dy)
            let profile = discProfile(radius: r, sigma: s.sigma)
            var stops = [ResolvedStop(location: 0, color: shadowColor.withAlpha(s.opacity * fill.alpha * profile.center))]
            for step in profile.steps {
                let a = step.alpha.map { s.opacity * fill.alpha * $0 } ?? 0
                stops.append(ResolvedStop(location: step.distance / profile.extent, color: shadowColor.withAlpha(a)))
            }
            return .fill(path: SystemGlyphs.circle(center: center, radius: profile.extent),
                         paint: .radial(center: center, radius: profile.extent, stops: stops), rule: .nonZero)
        }
        return shadows + [shape]
    }

    /// A round knob's shadow as a radial gradient: the blurred disc's alpha at its center, then at
    /// 41 distances from 4σ inside the disc's edge (or its center) to `extent`, 4σ outside, where
    /// the gradient ends at zero (`alpha` nil).
    struct DiscProfile {
        var extent: Double
        var center: Double
        var steps: [(distance: Double, alpha: Double?)]
    }

    /// Profiles already worked out, by (radius, σ): a settings screen has a dozen identical knobs,
    /// and each profile takes some 60,000 evaluations of the integrand.
    private static let profiles = Mutex<[DiscKey: DiscProfile]>([:])
    private struct DiscKey: Hashable { var radius: Double, sigma: Double }

    /// The shadow profile of a disc of radius `r` blurred by σ, computed once per process.
    static func discProfile(radius r: Double, sigma: Double) -> DiscProfile {
        let key = DiscKey(radius: r, sigma: sigma)
        if let known = profiles.withLock({ $0[key] }) { return known }
        let extent = r + 4 * sigma
        let start = max(0, r - 4 * sigma)
        let count = 40
        var profile = DiscProfile(extent: extent, center: blurredDisc(at: 0, radius: r, sigma: sigma), steps: [])
        for k in 0...count {
            let d = start + (extent - start) * Double(k) / Double(count)
            guard d > 0 else { continue }
            profile.steps.append((d, k == count ? nil : blurredDisc(at: d, radius: r, sigma: sigma)))
        }
        profiles.withLock { $0[key] = profile }
        return profile
    }

    /// The alpha, at distance `d` from its center, of a disc of `radius` blurred by a Gaussian of
    /// standard deviation `sigma`: ∫₀ᴿ ρ/σ² · e^(−(d−ρ)²/2σ²) · I₀e(dρ/σ²) dρ (Simpson's rule).
    static func blurredDisc(at d: Double, radius: Double, sigma: Double) -> Double {
        let n = 512
        let h = radius / Double(n)
        let s2 = sigma * sigma
        func f(_ rho: Double) -> Double {
            let x = d * rho / s2
            return rho / s2 * Foundation.exp(-(d - rho) * (d - rho) / (2 * s2)) * i0e(x)
        }
        var sum = f(0) + f(radius)
        for i in 1..<n { sum += f(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return min(1, max(0, sum * h / 3))
    }

    /// The exponentially scaled modified Bessel function of order 0, e^(−x) I₀(x), for x ≥ 0.
    static func i0e(_ x: Double) -> Double {
        if x < 20 {
            var sum = 1.0, term = 1.0
            let q = x * x / 4
            for k in 1...80 {
                term *= q / Double(k * k)
                sum += term
                if term < sum * 1e-17 { break }
            }
            return sum * Foundation.exp(-x)
        }
        let t = 1 / x
        return (1 + t / 8 + 9 * t * t / 128 + 225 * t * t * t / 3072) / (2 * Double.pi * x).squareRoot()
    }
}

import TintypeModel

/// UIStepper (iOS 7–11): always 94×29 at the frame's origin, drawn like a two-segment control —
/// a 1-point tinted border with corners of 4 and a 1-point divider — with a "−" and a "+"
/// (15 points across, 1.5 thick) centered in the halves. The half that cannot step (the "−" at the
/// minimum, the "+" at the maximum, unless the stepper wraps) fades its glyph to 25%; a disabled
/// stepper draws at 50%. Increment and decrement images replace the glyphs (templates by default).
struct StepperComponent: ViewComponent {
    let stepper: Stepper

    /// A fixed-size control hugs its size hard (UIKit's 750).
    var defaultHugging: Double { 750 }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Self.size)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(stepper, frame: frame, env: env, context: context)
    }

    static let size = Size(width: 94, height: 29)
    static let borderWidth = 1.0
    static let cornerRadius = 4.0
    static let dividerWidth = 1.0
    static let glyphLength = 15.0
    static let glyphThickness = 1.5
    /// How far the plus sign's vertical bar sits above the horizontal bar's middle.
    static let plusRise = 0.5

    static func items(_ c: Stepper, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let tint = env.tint
        let box = Rect(origin: frame.origin, size: size)
        let outer = RoundedRect.path(box, radius: cornerRadius, curve: .circular)
        let inner = RoundedRect.path(box.insetBy(dx: borderWidth, dy: borderWidth), radius: cornerRadius - borderWidth, curve: .circular)
        var out: [DisplayItem] = [
            .fill(path: Path(outer.commands + inner.commands), paint: .color(tint), rule: .evenOdd),
            .fill(path: .rect(Rect(x: box.midX - dividerWidth / 2, y: box.minY, width: dividerWidth, height: box.height)), paint: .color(tint), rule: .nonZero),
        ]
        // The glyphs' edges sit on device pixels where the scale allows (1.5 points is 3 pixels at 2x).
        func snap(_ v: Double) -> Double { (v * env.scale).rounded(.down) / env.scale }
        func bar(horizontalIn half: Rect) -> Rect {
            Rect(x: snap(half.midX - glyphLength / 2), y: snap(half.midY - glyphThickness / 2), width: glyphLength, height: glyphThickness)
        }
        let halves = (minus: Rect(x: box.minX, y: box.minY, width: box.width / 2, height: box.height),
                      plus: Rect(x: box.midX, y: box.minY, width: box.width / 2, height: box.height))
        func color(_ can: Bool) -> Color { can || !c.state.isEnabled ? tint : tint.withAlpha(tint.alpha * ControlDrawing.disabledPartAlpha) }

        let minusColor = color(c.canDecrement), plusColor = color(c.canIncrement)
        // A pressed half (that can act) shows a light wash of the tint, as in iOS 7.
        if let half = c.pressed, c.state.isEnabled, half == .decrement ? c.canDecrement : c.canIncrement {
            let r = half == .decrement ? halves.minus : halves.plus
            let corners: Corners = half == .decrement ? [.topLeft, .bottomLeft] : [.topRight, .bottomRight]
            out.insert(.fill(path: RoundedRect.path(r, radius: cornerRadius, curve: .circular, corners: corners),
                             paint: .color(tint.withAlpha(tint.alpha * 0.2)), rule: .nonZero), at: 0)
        }
        if let image = c.decrementImage {
            out += try centered(image, in: halves.minus, color: minusColor, env: env, context: context, key: "decrementImage")
        } else {
            out.append(.fill(path: .rect(bar(horizontalIn: halves.minus)), paint: .color(minusColor), rule: .nonZero))
        }
        if let image = c.incrementImage {
            out += try centered(image, in: halves.plus, color: plusColor, env: env, context: context, key: "incrementImage")
        } else {
            let h = bar(horizontalIn: halves.plus)
            // The vertical bar rides half a point high (iOS 9 screenshot: it starts 0.67 point above
            // where a bar centered on the horizontal one would).
            let v = Rect(x: snap(halves.plus.midX - glyphThickness / 2), y: h.midY - glyphLength / 2 - plusRise, width: glyphThickness, height: glyphLength)
            out.append(.fill(path: Path(Path.rect(h).commands + Path.rect(v).commands), paint: .color(plusColor), rule: .nonZero))
        }
        return ControlDrawing.faded(out, alpha: c.state.isEnabled ? 1 : ControlDrawing.disabledAlpha)
    }

    static func centered(_ image: ControlImage, in half: Rect, color: Color, env: Environment, context: LayoutContext, key: String) throws(RenderError) -> [DisplayItem] {
        let s = try ControlDrawing.imageSize(image, env: env, context: context, key: key)
        return try ControlDrawing.image(image, frame: Rect(x: half.midX - s.width / 2, y: half.midY - s.height / 2, width: s.width, height: s.height),
                                        templateByDefault: true, tint: color, env: env, context: context, key: key)
    }
}

import TintypeModel

/// UISlider (iOS 7–11): a 2-point rounded track across the frame, centered vertically: the tint
/// (minimumTrackTintColor) up to the thumb, #B7B7B7 (maximumTrackTintColor) after it. The thumb
/// is the switch's knob, 28 across, riding 1 point above the track's center as in UIKit; its
/// center travels from 14 in from the left to 14 in from the right. Images replace each part:
/// track images keep their own height, a thumb image its own size. Disabled draws at 50%; right to
/// left, the slider is mirrored.
struct SliderComponent: ViewComponent {
    let slider: Slider

    /// UISlider's own height; it has no width of its own.
    static let height = 31.0

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        Measured(size: Size(width: 0, height: Self.height), hasWidth: false)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(slider, frame: frame, env: env, context: context)
    }

    static let trackHeight = 2.0
    static let thumbDiameter = 28.0
    /// The default thumb sits this far above the track's center line.
    static let thumbLift = 1.0

    static func items(_ c: Slider, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let state = c.state
        let thumbImage = c.thumbImage.value(for: state)
        let thumbSize = try thumbImage.map { i throws(RenderError) in try ControlDrawing.imageSize(i, env: env, context: context, key: "thumbImage") }
            ?? Size(width: thumbDiameter, height: thumbDiameter)
        let rtl = env.layoutDirection == .rightToLeft
        let x = thumbCenterX(c, frame: frame, thumbWidth: thumbSize.width, direction: env.layoutDirection)
        // The minimum side runs from the leading edge to the thumb, the maximum side on from it.
        let minimumSpan = rtl ? (x, frame.maxX) : (frame.minX, x)
        let maximumSpan = rtl ? (frame.minX, x) : (x, frame.maxX)
        var out: [DisplayItem] = []

        // Maximum side first, then the minimum side over it up to the thumb's center.
        if let image = c.maximumTrackImage.value(for: state) {
            let h = try ControlDrawing.imageSize(image, env: env, context: context, key: "maximumTrackImage").height
            out += try ControlDrawing.image(image, frame: Rect(x: maximumSpan.0, y: frame.midY - h / 2, width: max(0, maximumSpan.1 - maximumSpan.0), height: h),
                                            templateByDefault: false, tint: env.tint, env: env, context: context, key: "maximumTrackImage")
        } else {
            let color = c.maximumTrackTintColor.map(env.resolve) ?? ControlDrawing.trackGray
            out.append(.fill(path: RoundedRect.path(Rect(x: frame.minX, y: frame.midY - trackHeight / 2, width: frame.width, height: trackHeight),
                                                    radius: trackHeight / 2, curve: .circular), paint: .color(color), rule: .nonZero))
        }
        if let image = c.minimumTrackImage.value(for: state) {
            let h = try ControlDrawing.imageSize(image, env: env, context: context, key: "minimumTrackImage").height
            out += try ControlDrawing.image(image, frame: Rect(x: minimumSpan.0, y: frame.midY - h / 2, width: max(0, minimumSpan.1 - minimumSpan.0), height: h),
                                            templateByDefault: false, tint: env.tint, env: env, context: context, key: "minimumTrackImage")
        } else {
            let color = c.minimumTrackTintColor.map(env.resolve) ?? env.tint
            let w = minimumSpan.1 - minimumSpan.0
            if w > 0 {
                out.append(.fill(path: RoundedRect.path(Rect(x: minimumSpan.0, y: frame.midY - trackHeight / 2, width: w, height: trackHeight),
                                                        radius: min(trackHeight, w) / 2, curve: .circular), paint: .color(color), rule: .nonZero))
            }
        }

        if let thumbImage {
            out += try ControlDrawing.image(thumbImage, frame: Rect(x: x - thumbSize.width / 2, y: frame.midY - thumbSize.height / 2,
                                                                   width: thumbSize.width, height: thumbSize.height),
                                            templateByDefault: false, tint: env.tint, env: env, context: context, key: "thumbImage")
        } else {
            out += SwitchComponent.knob(thumbFrame(c, frame: frame, direction: env.layoutDirection), color: c.thumbTintColor.map(env.resolve))
        }
        return ControlDrawing.faded(out, alpha: state.isEnabled ? 1 : ControlDrawing.disabledAlpha)
    }

    /// The thumb's center, from the leading edge: its width is kept inside the frame at either end.
    static func thumbCenterX(_ c: Slider, frame: Rect, thumbWidth: Double, direction: LayoutDirection = .leftToRight) -> Double {
        let travel = max(0, frame.width - thumbWidth)
        let x = frame.minX + min(thumbWidth, frame.width) / 2 + c.fraction * travel
        return direction == .rightToLeft ? 2 * frame.midX - x : x
    }

    /// The default thumb's circle.
    static func thumbFrame(_ c: Slider, frame: Rect, direction: LayoutDirection = .leftToRight) -> Rect {
        let x = thumbCenterX(c, frame: frame, thumbWidth: thumbDiameter, direction: direction)
        return Rect(x: x - thumbDiameter / 2, y: frame.midY - thumbLift - thumbDiameter / 2, width: thumbDiameter, height: thumbDiameter)
    }
}

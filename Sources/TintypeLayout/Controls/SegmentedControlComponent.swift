import TintypeModel

/// UISegmentedControl (iOS 7–11 look), filling its frame: a 1-point tinted border with corners of
/// 4, segments sharing the width (fixed widths first) split by 1-point tinted dividers, titles in
/// the 13-point system font. The selected segment is filled with the tint and its title is white
/// (UIKit knocks it out of the fill; over an opaque background that reads the same). Segment
/// images are templates by default. With background images (original by default) the border and
/// fill give way to the images, one per segment by its state (inner caps hidden, so the bar reads
/// as one), and to the divider image centered on each boundary. A disabled
/// segment's title fades to 25%; a disabled control draws at 50%. Right to left, the first segment
/// is on the right.
struct SegmentedControlComponent: ViewComponent {
    let control: SegmentedControl

    static let height = 29.0

    /// Equal segments, each as wide as the widest title (or image) with its margins.
    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        let f = ResolvedFont(system: Self.titleSize, weight: .regular)
        var widest = 0.0
        for (i, seg) in control.segments.enumerated() {
            if let w = seg.width, w > 0 { widest = max(widest, w); continue }
            switch seg.content {
            case .title(let t): widest = max(widest, context.text.size(of: t, font: f).width + 2 * (Self.titleMargin + 5))
            case .image(let image):
                widest = max(widest, try ControlDrawing.imageSize(image, env: env, context: context, key: "segments[\(i)].image").width + 2 * Self.titleMargin)
            }
        }
        return Measured(size: Size(width: (widest * Double(control.segments.count)).rounded(.up), height: Self.height))
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        if let change = control.selectionChange {
            // The selection moving (docs/motion.md, Controls changing): iOS 7–12's segmented control
            // does not slide its selection (iOS 13's does); the old and new selections cross-fade.
            var before = control, after = control
            before.selectedSegmentIndex = change.from
            before.selectionChange = nil; after.selectionChange = nil
            let old = try Self.items(before, frame: frame, env: env, context: context)
            let new = try Self.items(after, frame: frame, env: env, context: context)
            return [.group(Group(items: [.group(Group(items: old, alpha: 1 - change.progress)),
                                         .group(Group(items: new, alpha: change.progress, blendMode: .plusLighter))]))]
        }
        return try Self.items(control, frame: frame, env: env, context: context)
    }

    static let borderWidth = 1.0
    static let cornerRadius = 4.0
    static let dividerWidth = 1.0
    static let titleSize = 13.0
    /// Room kept between a title and its segment's sides.
    static let titleMargin = 5.0

    static func items(_ c: SegmentedControl, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let tint = env.tint
        let rects = segmentFrames(c, frame: frame, direction: env.layoutDirection)
        let custom = !c.backgroundImage.isEmpty
        let rtl = env.layoutDirection == .rightToLeft
        var out: [DisplayItem] = []

        func state(_ i: Int) -> ControlState {
            ControlState(isEnabled: c.state.isEnabled && c.segments[i].isEnabled, isHighlighted: i == c.highlightedSegmentIndex,
                         isSelected: i == c.selectedSegmentIndex)
        }
        // Which outer corners a segment's rect has: the leftmost and rightmost as drawn.
        func corners(_ i: Int) -> Corners {
            var k: Corners = []
            let leftmost = rtl ? i == c.segments.count - 1 : i == 0
            let rightmost = rtl ? i == 0 : i == c.segments.count - 1
            if leftmost { k.formUnion([.topLeft, .bottomLeft]) }
            if rightmost { k.formUnion([.topRight, .bottomRight]) }
            return k
        }

        if custom {
            // A resizable background reads as one bar: an inner side of a segment hides the
            // image's cap there (drawn past the side and clipped), so only the ends are rounded.
            for (i, r) in rects.enumerated() {
                guard let bg = c.backgroundImage.value(for: state(i)) else { continue }
                let caps = bg.capInsets ?? .zero
                let left = r.minX > frame.minX + 0.001 ? caps.left : 0
                let right = r.maxX < frame.maxX - 0.001 ? caps.right : 0
                let drawn = Rect(x: r.minX - left, y: r.minY, width: r.width + left + right, height: r.height)
                let image = try ControlDrawing.image(bg, frame: drawn, templateByDefault: false, tint: tint, env: env, context: context, key: "backgroundImage")
                out += left + right > 0 ? [.group(Group(items: image, clip: .rect(r)))] : image
            }
            if let divider = c.dividerImage {
                let w = try ControlDrawing.imageSize(divider, env: env, context: context, key: "dividerImage").width
                for x in boundaries(rects) {
                    out += try ControlDrawing.image(divider, frame: Rect(x: x - w / 2, y: frame.minY, width: w, height: frame.height),
                                                    templateByDefault: false, tint: tint, env: env, context: context, key: "dividerImage")
                }
            }
        } else if !rects.isEmpty {
            // A pressed segment that is not selected shows a light wash of the tint (iOS 7).
            if let h = c.highlightedSegmentIndex, h != c.selectedSegmentIndex, h < rects.count {
                out.append(.fill(path: RoundedRect.path(rects[h], radius: cornerRadius, curve: .circular, corners: corners(h)),
                                 paint: .color(tint.withAlpha(tint.alpha * 0.2)), rule: .nonZero))
            }
            if c.selectedSegmentIndex >= 0, c.selectedSegmentIndex < rects.count {
                let i = c.selectedSegmentIndex
                out.append(.fill(path: RoundedRect.path(rects[i], radius: cornerRadius, curve: .circular, corners: corners(i)),
                                 paint: .color(tint), rule: .nonZero))
            }
            // Dividers between two unselected segments (a selected one's fill already covers its edge).
            let ordered = rects.enumerated().sorted { $0.element.minX < $1.element.minX }
            for (a, b) in zip(ordered, ordered.dropFirst()) where a.offset != c.selectedSegmentIndex && b.offset != c.selectedSegmentIndex {
                out.append(.fill(path: .rect(Rect(x: b.element.minX - dividerWidth / 2, y: frame.minY, width: dividerWidth, height: frame.height)),
                                 paint: .color(tint), rule: .nonZero))
            }
            let outer = RoundedRect.path(frame, radius: cornerRadius, curve: .circular)
            let inner = RoundedRect.path(frame.insetBy(dx: borderWidth, dy: borderWidth), radius: cornerRadius - borderWidth, curve: .circular)
            out.append(.fill(path: Path(outer.commands + inner.commands), paint: .color(tint), rule: .evenOdd))
        }

        for (i, segment) in c.segments.enumerated() {
            let s = state(i)
            let attributes = c.titleTextAttributes.value(for: s)
            var color = attributes?.foregroundColor.map(env.resolve) ?? (s.isSelected && !custom ? .white : tint)
            // A disabled segment fades its title, unless the scene gives the disabled state a color.
            if c.state.isEnabled && !segment.isEnabled && c.titleTextAttributes.disabled?.foregroundColor == nil {
                color = color.withAlpha(color.alpha * ControlDrawing.disabledPartAlpha)
            }
            let r = rects[i]
            switch segment.content {
            case .title(let title):
                guard !title.isEmpty else { continue }
                let font = ControlDrawing.font(attributes?.font, defaultSize: titleSize, env: env)
                out.append(ControlDrawing.centeredText(title, font: font, color: color, in: r.insetBy(dx: titleMargin, dy: 0), direction: env.layoutDirection))
            case .image(let image):
                let key = "segments[\(i)].image"
                let size = try ControlDrawing.imageSize(image, env: env, context: context, key: key)
                let placed = Rect(x: r.midX - size.width / 2, y: r.midY - size.height / 2, width: size.width, height: size.height).originSnapped(env.scale)
                var item = try ControlDrawing.image(image, frame: placed, templateByDefault: true, tint: color, env: env, context: context, key: key)
                if c.state.isEnabled && !segment.isEnabled && image.renderingMode == .alwaysOriginal {
                    item = ControlDrawing.faded(item, alpha: ControlDrawing.disabledPartAlpha)
                }
                out += item
            }
        }
        return ControlDrawing.faded(out, alpha: c.state.isEnabled ? 1 : ControlDrawing.disabledAlpha)
    }

    /// Each segment's rect, in segment order: fixed widths as given, the rest shared equally.
    static func segmentFrames(_ c: SegmentedControl, frame: Rect, direction: LayoutDirection) -> [Rect] {
        let n = c.segments.count
        guard n > 0 else { return [] }
        let fixed = c.segments.compactMap(\.width).reduce(0, +)
        let flexible = c.segments.filter { $0.width == nil }.count
        let share = flexible > 0 ? max(0, frame.width - fixed) / Double(flexible) : 0
        var x = frame.minX
        var rects: [Rect] = []
        for s in c.segments {
            let w = s.width ?? share
            rects.append(Rect(x: x, y: frame.minY, width: w, height: frame.height))
            x += w
        }
        if direction == .rightToLeft {
            rects = rects.map { Rect(x: 2 * frame.midX - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
        }
        return rects
    }

    /// The x of every inner boundary between neighbouring segments.
    static func boundaries(_ rects: [Rect]) -> [Double] {
        rects.map(\.minX).sorted().dropFirst().map { $0 }
    }
}

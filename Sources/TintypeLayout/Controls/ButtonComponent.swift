import TintypeModel

/// UIButton: the background image over the bounds, then the image and the title side by side in
/// the content rect (UIKit's layout: centered by default, each shifted by its own edge insets).
///
/// System type: tinted title (15 pt) and template images, no bezel; highlighted fades the content
/// to 20%; selected draws a tint-filled rounded rect behind white content; disabled turns gray.
/// Custom type: white title and original images; highlighted darkens the images and disabled
/// lightens them (adjustsImageWhen…). The info and contact-add types draw a 22-point circled glyph.
struct ButtonComponent: ViewComponent {
    let button: Button

    /// Above and below a system button's title (its intrinsic height is the line + 12: 30 at 15 points).
    static let titlePadding = 6.0

    /// Title and image side by side, plus the content insets; a title adds 6 above and below.
    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        let b = button, state = b.state
        let f = ControlDrawing.font(b.font, defaultSize: Self.defaultFontSize, env: env)
        let title = b.title.value(for: state).flatMap { $0.isEmpty ? nil : $0 }
        var image = Size.zero
        if let i = b.image.value(for: state) { image = try ControlDrawing.imageSize(i, env: env, context: context, key: "image") }
        else if let g = Self.glyph(for: b.buttonType) { image = g.size }
        let lh = context.measuring.lineHeight(f)
        let tw = title.map { context.text.size(of: $0, font: f).width.rounded(.up) } ?? 0
        let th = title == nil ? 0 : lh + 2 * Self.titlePadding
        let insets = b.contentEdgeInsets
        let h = (max(image.height, th) + insets.top + insets.bottom).rounded(.up)
        let w = (image.width + tw + insets.left + insets.right).rounded(.up)
        let baseline = title == nil ? nil : insets.top + (h - insets.top - insets.bottom - lh) / 2 + Measure.ascent * f.size
        return Measured(size: Size(width: w, height: h), firstBaseline: baseline, lastBaseline: baseline)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try Self.items(button, frame: frame, env: env, context: context)
    }

    static let defaultFontSize = 15.0
    /// The alpha of a highlighted system button's content.
    static let highlightedAlpha = 0.2
    /// A disabled system button's title and template images.
    static let disabledColor = Color.systemGray
    /// A selected system button's rounded rect: this far around the content, with this radius.
    static let selectionOutset = (dx: 4.0, dy: 2.0)
    static let selectionRadius = 5.0
    /// Black laid over a custom button's images while highlighted ("drawn darker").
    static let highlightDarkening = Color(white: 0, alpha: 1.0 / 3)
    /// The alpha of a custom button's images while disabled ("drawn lighter").
    static let disabledImageAlpha = 0.5

    /// Where the image and the title land.
    struct Layout: Equatable {
        var imageFrame: Rect?
        var titleFrame: Rect?
        /// The title's frame is narrower than its text, which is truncated in the middle.
        var titleTruncated: Bool
    }

    static func items(_ b: Button, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        let state = b.state
        let tinted = b.buttonType != .custom
        var out: [DisplayItem] = []

        // Background image: original by default, stretched (or nine-sliced) over the bounds.
        if let bg = b.backgroundImage.value(for: state) {
            var item = try ControlDrawing.image(bg, frame: frame, templateByDefault: false, tint: env.tint, env: env, context: context, key: "backgroundImage")
            if !tinted { item = adjusted(item, b, ownImage: ownImage(b.backgroundImage, state)) }
            out += item
        }

        // Foreground: an image (or the type's glyph) and a title.
        let font = ControlDrawing.font(b.font, defaultSize: defaultFontSize, env: env)
        let title = b.title.value(for: state).flatMap { $0.isEmpty ? nil : $0 }
        let image = b.image.value(for: state)
        let glyph: Glyph? = image == nil ? glyph(for: b.buttonType) : nil
        var imageSize: Size?
        if let image { imageSize = try ControlDrawing.imageSize(image, env: env, context: context, key: "image") }
        if let glyph { imageSize = glyph.size }
        let textWidth = title.map { context.text.size(of: $0, font: font).width }
        let lineHeight = context.text.size(of: "Hg", font: font).height
        let layout = layout(b, frame: frame, imageSize: imageSize, textWidth: textWidth, lineHeight: lineHeight, direction: env.layoutDirection)

        let selectedLook = tinted && state.isSelected && state.isEnabled
        let contentColor: Color = if !tinted { env.tint } else if !state.isEnabled { disabledColor } else if selectedLook { .white } else { env.tint }
        var content: [DisplayItem] = []
        if selectedLook {
            let frames = [layout.imageFrame, layout.titleFrame].compactMap { $0 }
            if let first = frames.first {
                let union = frames.dropFirst().reduce(first) { a, r in
                    Rect(x: min(a.minX, r.minX), y: min(a.minY, r.minY), width: max(a.maxX, r.maxX) - min(a.minX, r.minX),
                         height: max(a.maxY, r.maxY) - min(a.minY, r.minY))
                }
                let rect = union.insetBy(dx: -selectionOutset.dx, dy: -selectionOutset.dy)
                content.append(.fill(path: RoundedRect.path(rect, radius: selectionRadius, curve: .circular), paint: .color(env.tint), rule: .nonZero))
            }
        }
        if let f = layout.imageFrame {
            if let glyph {
                content += glyph.items(at: f.origin, scale: f.width / glyph.size.width, color: contentColor)
            } else if let image {
                var item = try ControlDrawing.image(image, frame: f, templateByDefault: tinted, tint: contentColor, env: env, context: context, key: "image")
                let template = image.renderingMode.resolved(templateByDefault: tinted) == .alwaysTemplate
                if !tinted || !template { item = adjusted(item, b, ownImage: ownImage(b.image, state)) }
                content += item
            }
        }
        if let title, let f = layout.titleFrame {
            let color = b.titleColor.value(for: state).map(env.resolve) ?? (tinted ? contentColor : .white)
            content.append(.line(title, font: font, color: color,
                                 frame: layout.titleTruncated ? f : Rect(x: f.minX, y: f.minY, width: f.width + 1, height: f.height),
                                 lineBreakMode: layout.titleTruncated ? .byTruncatingMiddle : .byClipping))
        }
        if tinted && state.isHighlighted && state.isEnabled && !content.isEmpty {
            content = [.group(Group(items: content, alpha: highlightedAlpha))]
        }
        return out + content
    }

    /// Whether the state shown has an image of its own (so UIKit does not adjust it).
    static func ownImage(_ images: PerState<ControlImage>, _ state: ControlState) -> Bool {
        if !state.isEnabled { return images.disabled != nil }
        if state.isHighlighted { return images.highlighted != nil }
        return true
    }

    /// An image darkened while highlighted (custom buttons) and lightened while disabled.
    static func adjusted(_ items: [DisplayItem], _ b: Button, ownImage: Bool) -> [DisplayItem] {
        guard !ownImage else { return items }
        if !b.state.isEnabled {
            return b.adjustsImageWhenDisabled ? [.group(Group(items: items, alpha: disabledImageAlpha))] : items
        }
        // A system button fades while highlighted instead.
        guard b.state.isHighlighted, b.adjustsImageWhenHighlighted, b.buttonType == .custom else { return items }
        // The image's own alpha, filled with black: darkens exactly its pixels.
        let overlays = items.compactMap { item -> DisplayItem? in
            guard case .image(var i) = item else { return nil }
            i.templateColor = highlightDarkening
            return .image(i)
        }
        return items + overlays
    }

    /// UIKit's layout of the image and the title in the content rect.
    static func layout(_ b: Button, frame: Rect, imageSize: Size?, textWidth: Double?, lineHeight: Double, direction: LayoutDirection) -> Layout {
        let content = frame.inset(by: b.contentEdgeInsets)
        var iw = 0.0, ih = 0.0
        if let s = imageSize, s.width > 0, s.height > 0 {
            // An image larger than the content rect is scaled down to fit, keeping its aspect.
            let k = min(1, content.width / s.width, content.height / s.height)
            iw = s.width * max(0, k); ih = s.height * max(0, k)
        }
        var tw = 0.0
        var truncated = false
        if let w = textWidth {
            let available = max(0, content.width - iw)
            tw = min(w, available)
            truncated = w > available
        }
        let th = textWidth == nil ? 0 : lineHeight
        let total = iw + tw
        let rtl = direction == .rightToLeft
        enum H { case left, center, right }
        let h: H = switch b.contentHorizontalAlignment {
        case .center, .fill: .center
        case .left: .left
        case .right: .right
        case .leading: rtl ? .right : .left
        case .trailing: rtl ? .left : .right
        }
        let x0: Double = switch h {
        case .left: content.minX
        case .center: content.midX - total / 2
        case .right: content.maxX - total
        }
        func y(_ height: Double) -> Double {
            switch b.contentVerticalAlignment {
            case .top: content.minY
            case .bottom: content.maxY - height
            case .center, .fill: content.midY - height / 2
            }
        }
        func shift(_ i: EdgeInsets) -> (Double, Double) {
            let dx: Double = switch h {
            case .left: i.left
            case .center: (i.left - i.right) / 2
            case .right: -i.right
            }
            let dy: Double = switch b.contentVerticalAlignment {
            case .top: i.top
            case .bottom: -i.bottom
            case .center, .fill: (i.top - i.bottom) / 2
            }
            return (dx, dy)
        }
        // Right to left, the title comes first and the image after it.
        let imageX = rtl ? x0 + tw : x0
        let titleX = rtl ? x0 : x0 + iw
        var imageFrame: Rect?
        if iw > 0 {
            let (dx, dy) = shift(b.imageEdgeInsets)
            imageFrame = Rect(x: imageX + dx, y: y(ih) + dy, width: iw, height: ih)
        }
        var titleFrame: Rect?
        if textWidth != nil {
            let (dx, dy) = shift(b.titleEdgeInsets)
            titleFrame = Rect(x: titleX + dx, y: y(th) + dy, width: tw, height: th)
        }
        return Layout(imageFrame: imageFrame, titleFrame: titleFrame, titleTruncated: truncated)
    }

    // MARK: Glyphs of the system button types

    static func glyph(for type: Button.ButtonType) -> Glyph? {
        switch type {
        case .system, .custom: nil
        case .detailDisclosure, .infoLight, .infoDark: info
        case .contactAdd: contactAdd
        }
    }

    /// A 1-point circle, 22 across, around a lower-case "i" (iOS 7–11 draw all three info types alike).
    static let info = Glyph(size: Size(width: 22, height: 22), fills: [
        SystemGlyphs.circle(center: Point(x: 11, y: 6.9), radius: 1.15),
        RoundedRect.path(Rect(x: 10.25, y: 9.25, width: 1.5, height: 7.5), radius: 0.2, curve: .circular),
    ], strokes: [
        .init(path: SystemGlyphs.circle(center: Point(x: 11, y: 11), radius: 10.5), width: 1),
    ])

    /// A 1-point circle, 22 across, around a thin "+".
    static let contactAdd = Glyph(size: Size(width: 22, height: 22), strokes: [
        .init(path: SystemGlyphs.circle(center: Point(x: 11, y: 11), radius: 10.5), width: 1),
        .init(path: SystemGlyphs.svg("M11 5.5 V16.5 M5.5 11 H16.5"), width: 1, cap: .butt, join: .miter),
    ])
}

/// Drawing shared by the controls in this folder: images by rendering mode, fonts, fading.
enum ControlDrawing {
    /// A disabled switch, slider, segmented control or stepper is drawn at this alpha.
    static let disabledAlpha = 0.5
    /// A disabled part of an enabled control (a segment, the stepper's end at its limit) draws its
    /// title or glyph in the tint at this alpha.
    static let disabledPartAlpha = 0.25
    /// UIKit's default maximum track and progress track gray.
    static let trackGray = Color(rgb8: 0xB7, 0xB7, 0xB7)

    static func font(_ font: Font?, defaultSize: Double, env: Environment) -> ResolvedFont {
        guard let font else { return ResolvedFont(system: defaultSize, weight: .regular) }
        return ResolvedFont(system: font.pointSize(category: env.contentSizeCategory), weight: font.weight)
    }

    /// The image's size in points; a missing or broken file is an error at `env.path.key`.
    static func imageSize(_ image: ControlImage, env: Environment, context: LayoutContext, key: String) throws(RenderError) -> Size {
        try context.size(of: image.source, env: env, path: env.path + "." + key)
    }

    /// The image drawn into `frame`: filled with `tint` when it renders as a template, nine-sliced
    /// when it has cap insets.
    static func image(_ image: ControlImage, frame: Rect, templateByDefault: Bool, tint: Color, env: Environment,
                      context: LayoutContext, key: String) throws(RenderError) -> [DisplayItem] {
        _ = try imageSize(image, env: env, context: context, key: key)
        let file = context.file(of: image.source, env: env)
        let template = image.renderingMode.resolved(templateByDefault: templateByDefault) == .alwaysTemplate
        return [.image(ImageItem(source: image.source, filePath: file, frame: frame, templateColor: template ? tint : nil,
                                 capInsets: image.capInsets, resizingMode: image.resizingMode, origin: env.path))]
    }

    /// Items composited at `alpha` (nothing changes at 1).
    static func faded(_ items: [DisplayItem], alpha: Double) -> [DisplayItem] {
        guard alpha < 1, !items.isEmpty else { return items }
        return [.group(Group(items: items, alpha: alpha))]
    }

    /// One line of text centered in `rect`, truncated at the tail when it does not fit.
    static func centeredText(_ text: String, font: ResolvedFont, color: Color, in rect: Rect, direction: LayoutDirection) -> DisplayItem {
        .line(text, font: font, color: color, frame: rect, alignment: .center, direction: direction)
    }
}

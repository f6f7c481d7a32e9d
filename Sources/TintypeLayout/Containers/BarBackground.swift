import TintypeModel

/// A bar's background: a background image, the translucent recipe (blur, saturate, tint), or an
/// opaque color; then its hairline or shadow image.
struct BarBackground {
    enum Edge { case top, bottom }

    /// UIKit's translucency: explicit, else translucent unless an opaque background image is set.
    /// The image is read (and a missing one is an error at `path`) whether or not it decides.
    static func isTranslucent(_ a: BarAppearance, image: ImageSource?, env: Environment, context: LayoutContext, path: String) throws(RenderError) -> Bool {
        guard let image else { return a.isTranslucent ?? true }
        _ = try context.size(of: image, env: env, path: path)
        if let t = a.isTranslucent { return t }
        return !(try context.isOpaque(image, env: env, path: path))
    }

    /// The background image for a bar position, and whether it is the attached (taller) one.
    static func backgroundImage(_ a: BarAppearance, edge: Edge, attached: Bool) -> BackgroundImage? {
        let wanted: [BarPosition] = switch edge {
        case .top: attached ? [.topAttached, .any] : [.top, .any]
        case .bottom: [.bottom, .any]
        }
        for position in wanted {
            if let b = a.backgroundImages.first(where: { $0.barPosition == position }) { return b }
        }
        return nil
    }

    /// Items for a bar whose own area is `bar` and whose background covers `background` (which
    /// includes the status bar when the bar is attached to it).
    static func items(_ a: BarAppearance, edge: Edge, bar: Rect, background: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        var items: [DisplayItem] = []
        let attached = background != bar
        let imagePath = env.path + (edge == .top ? ".navigationBar" : "")
        if let chosen = backgroundImage(a, edge: edge, attached: attached) {
            let source = chosen.image
            let file = context.file(of: source, env: env)
            let size = try context.size(of: source, env: env, path: imagePath + ".backgroundImage")
            // An image taller than the bar (64 points) extends behind the status bar, filling the
            // whole background even where the status bar is taller than 20 (notched phones); a
            // bar-high one leaves a black status bar area, as in iOS 6.
            var target = bar
            if attached {
                if size.height > bar.height + 0.5 { target = background } else {
                    let statusArea = Rect(x: background.minX, y: background.minY, width: background.width, height: bar.minY - background.minY)
                    items.append(.fill(path: .rect(statusArea), paint: .color(.black), rule: .nonZero))
                }
            }
            let translucent = try isTranslucent(a, image: source, env: env, context: context, path: imagePath + ".backgroundImage")
            // A plain image is tiled across the bar; a resizable one keeps its caps and stretches
            // (or tiles) its middle.
            let drawn = DisplayItem.image(ImageItem(source: source, filePath: file, frame: target, templateColor: nil,
                                                    capInsets: chosen.capInsets ?? EdgeInsets(), resizingMode: chosen.capInsets == nil ? .tile : chosen.resizingMode,
                                                    origin: imagePath + ".backgroundImage"))
            if !translucent {
                let fill = a.barTintColor ?? (a.barStyle == .black ? .black : .white)
                items.append(.fill(path: .rect(target), paint: .color(fill), rule: .nonZero))
            }
            items.append(translucent ? .group(Group(items: [drawn], alpha: 0.91)) : drawn)
        } else if a.isTranslucent ?? true {
            items.append(.backdrop(Backdrop(rect: background, blurRadius: 20, saturation: 1.8)))
            let overlay: Color = if let tint = a.barTintColor { tint.withAlpha(0.85 * tint.alpha) }
                else if a.barStyle == .black { Color(white: 0.11, alpha: 0.73) } else { Color(white: 0.97, alpha: 0.80) }
            items.append(.fill(path: .rect(background), paint: .color(overlay), rule: .nonZero))
        } else {
            let fill: Color = a.barTintColor ?? (a.barStyle == .black ? .black : Color(rgb8: 0xF7, 0xF7, 0xF7))
            items.append(.fill(path: .rect(background), paint: .color(fill), rule: .nonZero))
        }
        items += try shadow(a, edge: edge, bar: background, env: env, context: context, path: imagePath)
        return items
    }

    /// The hairline under a top bar (above a bottom one), one device pixel of black at 30%; a
    /// shadow image replaces it, tiled at its own height.
    static func shadow(_ a: BarAppearance, edge: Edge, bar: Rect, env: Environment, context: LayoutContext, path: String) throws(RenderError) -> [DisplayItem] {
        if let source = a.shadowImage {
            let file = context.file(of: source, env: env)
            let size = try context.size(of: source, env: env, path: path + ".shadowImage")
            guard size.height > 0 else { return [] }
            let y = edge == .top ? bar.maxY : bar.minY - size.height
            return [.image(ImageItem(source: source, filePath: file, frame: Rect(x: bar.minX, y: y, width: bar.width, height: size.height),
                                     templateColor: nil, capInsets: EdgeInsets(), resizingMode: .tile, origin: path + ".shadowImage"))]
        }
        let h = 1 / env.scale
        let y = edge == .top ? bar.maxY : bar.minY - h
        return [.fill(path: .rect(Rect(x: bar.minX, y: y, width: bar.width, height: h)), paint: .color(Color(white: 0, alpha: 0.3)), rule: .nonZero)]
    }
}

import TintypeModel
import TintypeRender

/// The accessibility snapshot, after Paparazzi's: the screen with each element VoiceOver visits
/// outlined in a color and numbered in VoiceOver's order, and beside it a legend with each
/// number's label, traits, value and hint. The elements come from the layout
/// (`DisplayList.accessibility`); only the drawing is here. One image, so it can be a golden.
///
/// ```swift
/// assertSnapshot(of: scene, as: .accessibility)
/// let bitmap = try AccessibilitySnapshot.image(of: scene, renderer: Renderer())
/// ```
public enum AccessibilitySnapshot {
    /// The legend's width in points, beside the screen.
    static let legendWidth = 300.0
    static let margin = 16.0
    static let badge = 18.0

    /// Outline colors, one an element in turn.
    static let palette: [Color] = [
        Color(rgb8: 0xD3, 0x2F, 0x2F), Color(rgb8: 0x19, 0x76, 0xD2), Color(rgb8: 0x38, 0x8E, 0x3C), Color(rgb8: 0xEF, 0x6C, 0x00),
        Color(rgb8: 0x7B, 0x1F, 0xA2), Color(rgb8: 0x00, 0x83, 0x8F), Color(rgb8: 0xC2, 0x18, 0x5B), Color(rgb8: 0x5D, 0x40, 0x37),
    ]

    static func color(_ i: Int) -> Color { palette[i % palette.count] }

    public static func image(of scene: Scene, renderer: Renderer) throws(RenderError) -> Bitmap {
        try image(of: renderer.displayList(for: scene), renderer: renderer)
    }

    /// The screen of `list` with its elements marked, and the legend.
    public static func image(of list: DisplayList, renderer: Renderer) throws(RenderError) -> Bitmap {
        var marked = list
        marked.items += list.accessibility.enumerated().flatMap { marks(for: $0.element, number: $0.offset + 1) }
        let screen = try renderer.render(marked)
        return try renderer.render(composition(screen: screen, list: list))
    }

    /// The outline (a translucent wash and a 2-point border inside the frame) and the numbered
    /// badge at its top leading corner.
    static func marks(for e: AccessibilityElement, number: Int) -> [DisplayItem] {
        let c = color(number - 1), f = e.frame
        var out: [DisplayItem] = [.fill(path: .rect(f), paint: .color(c.withAlpha(0.12)), rule: .nonZero)]
        if f.width > 2, f.height > 2 {
            let inner = f.insetBy(dx: 2, dy: 2)
            out.append(.fill(path: Path(Path.rect(f).commands + Path.rect(inner).commands), paint: .color(c), rule: .evenOdd))
        }
        out += badge(number, at: Point(x: f.minX, y: f.minY), color: c)
        return out
    }

    /// A number in white on a rounded tag of `color`, its top left at `origin`.
    static func badge(_ number: Int, at origin: Point, color: Color) -> [DisplayItem] {
        let font = ResolvedFont(system: 11, weight: .semibold)
        let text = String(number)
        let width = max(badge, Composition.width(of: text, size: 11, weight: .semibold) + 8)
        let r = Rect(x: origin.x, y: origin.y, width: width, height: badge)
        return [.fill(path: RoundedRect.path(r, radius: badge / 2, curve: .circular), paint: .color(color), rule: .nonZero),
                .text(TextItem(text: text, font: font, color: .white, frame: r, alignment: .center, direction: .leftToRight,
                               numberOfLines: 1, lineBreakMode: .byClipping, lineSpacing: 0))]
    }

    /// The lines of one legend entry: the label (semibold), then the traits, value, hint and identifier.
    static func lines(_ info: AccessibilityInfo) -> [(text: String, bold: Bool)] {
        var out: [(String, Bool)] = [(info.label.flatMap { $0.isEmpty ? nil : $0 } ?? "(no label)", true)]
        if !info.traits.isEmpty { out.append(("Traits: " + info.traits.map(\.rawValue).joined(separator: ", "), false)) }
        if let v = info.value, !v.isEmpty { out.append(("Value: " + v, false)) }
        if let h = info.hint, !h.isEmpty { out.append(("Hint: " + h, false)) }
        if let i = info.identifier, !i.isEmpty { out.append(("Identifier: " + i, false)) }
        return out
    }

    /// The screen on the left, the legend on the right; as tall as the taller of the two.
    static func composition(screen: Bitmap, list: DisplayList) -> Composition {
        let textX = list.size.width + margin + badge + 8
        let textWidth = legendWidth - 2 * margin - badge - 8
        let secondary = Color(red: 0.43, green: 0.43, blue: 0.45)
        var captions: [Composition.Caption] = []
        var boxes: [Composition.Box] = []
        var y = margin
        if list.accessibility.isEmpty {
            captions.append(.init(text: "No accessibility elements", frame: Rect(x: list.size.width + margin, y: y, width: legendWidth - 2 * margin, height: 18),
                                  size: 13, weight: .semibold, color: secondary))
            y += 18
        }
        for (i, e) in list.accessibility.enumerated() {
            let top = y
            for (n, line) in lines(e.info).enumerated() {
                let size = line.bold ? 13.0 : 12.0
                let (count, height) = Composition.lines(of: line.text, width: textWidth, size: size, weight: line.bold ? .semibold : .regular)
                let shown = min(count, line.bold ? 3 : 2)
                captions.append(.init(text: line.text, frame: Rect(x: textX, y: y, width: textWidth, height: height * Double(shown)), size: size,
                                      weight: line.bold ? .semibold : .regular, color: n == 0 ? .black : secondary, numberOfLines: shown))
                y += height * Double(shown) + (n == 0 ? 2 : 1)
            }
            let tag = Rect(x: list.size.width + margin, y: top, width: badge, height: badge)
            let digits = String(i + 1)
            let w = max(badge, Composition.width(of: digits, size: 11, weight: .semibold) + 8)
            boxes.append(.init(frame: Rect(x: tag.minX, y: tag.minY, width: w, height: badge), color: color(i), cornerRadius: badge / 2))
            captions.append(.init(text: digits, frame: Rect(x: tag.minX, y: tag.minY, width: w, height: badge), size: 11, weight: .semibold,
                                  color: .white, alignment: .center))
            y = max(y, top + badge) + 10
        }
        let height = max(list.size.height, (y + margin - 10).rounded(.up))
        var c = Composition(size: Size(width: list.size.width + legendWidth, height: height), scale: list.scale, background: .white)
        // A hairline between the screen and the legend.
        c.boxes.append(.init(frame: Rect(x: list.size.width, y: 0, width: 1 / list.scale, height: height), color: Color(rgb8: 0xC8, 0xC7, 0xCC)))
        c.boxes += boxes
        c.pictures.append(.init(bitmap: screen, frame: Rect(origin: .zero, size: list.size)))
        c.captions = captions
        return c
    }
}

extension Snapshotting where Value == Scene, Format == Bitmap {
    /// The accessibility snapshot (`AccessibilitySnapshot`): the screen with its VoiceOver
    /// elements numbered in order and a legend of their labels, traits, values and hints, stored
    /// as a stamped PNG.
    public static var accessibility: Snapshotting<Scene, Bitmap> { accessibility(renderer: SnapshotRenderer.shared) }

    public static func accessibility(renderer: Renderer) -> Snapshotting<Scene, Bitmap> {
        Snapshotting(pathExtension: "png", diffing: .png) { try AccessibilitySnapshot.image(of: $0, renderer: renderer) }
    }
}

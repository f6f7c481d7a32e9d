import TintypeModel

/// UIAlertController, iOS 7–12 look: the alert (270 wide, centered, continuous corners 13) and the
/// phone action sheet (groups at the bottom, cancel in its own group), on a light blurred panel
/// (measured ≈ (249,249,249) over the 40% black dimming on iOS 10), with hairline separators.
struct AlertComponent {
    let text: TextMeasuring

    static let separator = Color(rgb8: 236, 236, 237)
    static let panel = Color(rgb8: 250, 250, 250, alpha: 0.99)

    func items(_ p: Presentation, screen: Rect, env: Environment) -> [DisplayItem] {
        switch p {
        case .alert(let a): alert(a, screen: screen, env: env)
        case .actionSheet(let a): actionSheet(a, screen: screen, env: env)
        case .sheet, .popover: []
        }
    }

    func color(_ action: AlertAction, tint: Color) -> Color {
        guard action.isEnabled else { return Color(white: 0, alpha: 0.25) }
        return action.style == .destructive ? .systemRed : tint
    }

    /// Bold: the preferred action, else the cancel action (UIKit bolds one of them).
    func isBold(_ action: AlertAction, in alert: AlertController) -> Bool {
        if alert.actions.contains(where: \.isPreferred) { return action.isPreferred }
        return action.style == .cancel
    }

    func label(_ s: String, font: ResolvedFont, color: Color, frame: Rect, lines: Int = 0) -> DisplayItem {
        .text(TextItem(text: s, font: font, color: color, frame: frame, alignment: .center, direction: .leftToRight,
                       numberOfLines: lines, lineBreakMode: lines == 1 ? .byTruncatingMiddle : .byWordWrapping, lineSpacing: 0))
    }

    func alert(_ a: AlertController, screen: Rect, env: Environment) -> [DisplayItem] {
        let width = 270.0, pad = 16.0, textWidth = width - 2 * pad
        let titleFont = ResolvedFont(system: 17, weight: .semibold), messageFont = ResolvedFont(system: 13, weight: .regular)
        var y = 20.0
        var content: [(String, ResolvedFont, Double, Double)] = []
        if let t = a.title, !t.isEmpty {
            let h = text.height(of: t, font: titleFont, width: textWidth, lineSpacing: 0)
            content.append((t, titleFont, y, h)); y += h + 2
        }
        if let m = a.message, !m.isEmpty {
            let h = text.height(of: m, font: messageFont, width: textWidth, lineSpacing: 0)
            content.append((m, messageFont, y, h)); y += h + 2
        }
        y += 18 - 2
        let fieldHeight = 25.0
        let fieldsTop = y - 4
        if !a.textFields.isEmpty { y = fieldsTop + Double(a.textFields.count) * fieldHeight + 16 }
        let stacked = a.actions.count > 2
        let buttonsHeight = a.actions.isEmpty ? 0 : (stacked ? 44 * Double(a.actions.count) : 44)
        let height = y + buttonsHeight
        let box = Rect(x: screen.midX - width / 2, y: screen.midY - height / 2, width: width, height: height)
        let outline = RoundedRect.path(box, radius: 13, curve: .continuous)

        var inside: [DisplayItem] = [.backdrop(Backdrop(rect: box, blurRadius: 30, saturation: 1.8)),
                                     .fill(path: outline, paint: .color(Self.panel), rule: .nonZero)]
        for (s, font, top, h) in content {
            inside.append(label(s, font: font, color: .black, frame: Rect(x: box.minX + pad, y: box.minY + top, width: textWidth, height: h)))
        }
        for (i, field) in a.textFields.enumerated() {
            let r = Rect(x: box.minX + pad, y: box.minY + fieldsTop + Double(i) * fieldHeight, width: textWidth, height: fieldHeight)
            inside.append(.fill(path: .rect(r), paint: .color(.white), rule: .nonZero))
            inside.append(.stroke(path: .rect(r.insetBy(dx: 0.5 / env.scale, dy: 0.5 / env.scale)), paint: .color(Color(rgb8: 205, 205, 205)),
                                  style: StrokeStyle(width: 1 / env.scale, cap: .butt, join: .miter, miterLimit: 10, dashes: [], dashPhase: 0)))
            let shown = field.text.map { field.isSecure ? String(repeating: "\u{2022}", count: $0.count) : $0 }
            let value = shown.flatMap { $0.isEmpty ? nil : $0 } ?? field.placeholder ?? ""
            let color: Color = shown?.isEmpty == false ? .black : Color(rgb8: 0xC7, 0xC7, 0xCD)
            inside.append(.line(value, font: messageFont, color: color, frame: r.insetBy(dx: 4, dy: 0), direction: env.layoutDirection))
        }
        let hair = 1 / env.scale
        // Two actions sit side by side, cancel on the left; more are stacked, cancel last.
        var actions = a.actions
        if let cancel = actions.firstIndex(where: { $0.style == .cancel }) {
            let c = actions.remove(at: cancel)
            if stacked { actions.append(c) } else { actions.insert(c, at: 0) }
        }
        let buttonsTop = box.minY + y
        for (i, action) in actions.enumerated() {
            let r = stacked
                ? Rect(x: box.minX, y: buttonsTop + 44 * Double(i), width: width, height: 44)
                : Rect(x: box.minX + Double(i) * width / Double(actions.count), y: buttonsTop, width: width / Double(actions.count), height: 44)
            inside.append(.fill(path: .rect(Rect(x: box.minX, y: r.minY, width: width, height: hair)), paint: .color(Self.separator), rule: .nonZero))
            if !stacked && i > 0 {
                inside.append(.fill(path: .rect(Rect(x: r.minX, y: r.minY, width: hair, height: 44)), paint: .color(Self.separator), rule: .nonZero))
            }
            let font = ResolvedFont(system: 17, weight: isBold(action, in: a) ? .semibold : .regular)
            inside.append(label(action.title, font: font, color: color(action, tint: env.tint), frame: r.insetBy(dx: 8, dy: 0), lines: 1))
        }
        return [.group(Group(items: inside, clip: outline))]
    }

    static let sheetRow = 57.0

    /// An action sheet's main group measured for a width: its header (title 13 semibold and
    /// message 13, gray and centered) and every action but cancel.
    struct SheetGroup {
        var header: [(String, ResolvedFont, Double)]
        var headerHeight: Double
        var height: Double
    }

    func sheetGroup(_ a: AlertController, width: Double) -> SheetGroup {
        let (header, headerHeight) = sheetHeader(a, width: width)
        return SheetGroup(header: header, headerHeight: headerHeight,
                          height: headerHeight + Self.sheetRow * Double(a.actions.filter { $0.style != .cancel }.count))
    }

    private func sheetHeader(_ a: AlertController, width: Double) -> (lines: [(String, ResolvedFont, Double)], height: Double) {
        guard a.title?.isEmpty == false || a.message?.isEmpty == false else { return ([], 0) }
        let headerFont = ResolvedFont(system: 13, weight: .semibold), messageFont = ResolvedFont(system: 13, weight: .regular)
        var lines: [(String, ResolvedFont, Double)] = []
        var height = 14.0
        for (s, font) in [(a.title, headerFont), (a.message, messageFont)] {
            guard let s, !s.isEmpty else { continue }
            let h = text.height(of: s, font: font, width: width - 32, lineSpacing: 0)
            lines.append((s, font, h)); height += h + 2
        }
        return (lines, max(44, height + 12))
    }

    /// The measured group's header and actions in `group`, separated by hairlines (no background).
    func sheetGroupItems(_ a: AlertController, _ measured: SheetGroup, in group: Rect, env: Environment) -> [DisplayItem] {
        let header = measured.header, headerHeight = measured.headerHeight
        let hair = 1 / env.scale
        var out: [DisplayItem] = []
        var y = group.minY + (headerHeight - header.reduce(0) { $0 + $1.2 + 2 } + 2) / 2
        for (s, font, h) in header {
            out.append(label(s, font: font, color: Color.systemGray, frame: Rect(x: group.minX + 16, y: y, width: group.width - 32, height: h)))
            y += h + 2
        }
        for (i, action) in a.actions.filter({ $0.style != .cancel }).enumerated() {
            let r = Rect(x: group.minX, y: group.minY + headerHeight + Self.sheetRow * Double(i), width: group.width, height: Self.sheetRow)
            if i > 0 || headerHeight > 0 {
                out.append(.fill(path: .rect(Rect(x: group.minX, y: r.minY, width: group.width, height: hair)), paint: .color(Self.separator), rule: .nonZero))
            }
            out.append(label(action.title, font: sheetFont(action, in: a), color: color(action, tint: env.tint), frame: r.insetBy(dx: 12, dy: 0), lines: 1))
        }
        return out
    }

    func sheetFont(_ action: AlertAction, in a: AlertController) -> ResolvedFont {
        ResolvedFont(system: 20, weight: isBold(action, in: a) ? .semibold : .regular)
    }

    /// The phone action sheet: the main group above the cancel button's own group, at the bottom.
    func actionSheet(_ a: AlertController, screen: Rect, env: Environment) -> [DisplayItem] {
        let margin = 10.0, gap = 8.0, row = Self.sheetRow
        let width = min(screen.width - 2 * margin, 394)
        let x = screen.midX - width / 2
        let safeBottom = max(0, screen.maxY - env.safeRect.maxY)
        let cancel = a.actions.first { $0.style == .cancel }
        let measured = sheetGroup(a, width: width)
        let mainHeight = measured.height
        var bottom = screen.maxY - max(margin, safeBottom)
        var out: [DisplayItem] = []
        if let cancel {
            let r = Rect(x: x, y: bottom - row, width: width, height: row)
            let outline = RoundedRect.path(r, radius: 13, curve: .continuous)
            out.append(.fill(path: outline, paint: .color(.white), rule: .nonZero))
            out.append(label(cancel.title, font: sheetFont(cancel, in: a), color: color(cancel, tint: env.tint), frame: r.insetBy(dx: 12, dy: 0), lines: 1))
            bottom = r.minY - gap
        }
        guard mainHeight > 0 else { return out }
        let group = Rect(x: x, y: bottom - mainHeight, width: width, height: mainHeight)
        let outline = RoundedRect.path(group, radius: 13, curve: .continuous)
        let inside: [DisplayItem] = [.backdrop(Backdrop(rect: group, blurRadius: 30, saturation: 1.8)),
                                     .fill(path: outline, paint: .color(Self.panel), rule: .nonZero)]
            + sheetGroupItems(a, measured, in: group, env: env)
        return [.group(Group(items: inside, clip: outline))] + out
    }
}

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
    /// An action is a button, named by its index among the alert's actions.
    func accessible(_ action: AlertAction, in a: AlertController, frame: Rect, env: Environment) {
        let i = a.actions.firstIndex(of: action) ?? 0
        env.accessible(env.path + ".actions[\(i)]", frame: frame, AccessibilityInfo(label: action.title, traits: [.button] + (action.isEnabled ? [] : [.notEnabled])))
    }

    func isBold(_ action: AlertAction, in alert: AlertController) -> Bool {
        if alert.actions.contains(where: \.isPreferred) { return action.isPreferred }
        return action.style == .cancel
    }

    /// Centered text, read in the layout's direction (which orders mixed Latin and Arabic runs).
    func label(_ s: String, font: ResolvedFont, color: Color, frame: Rect, lines: Int = 0, direction: LayoutDirection = .leftToRight) -> DisplayItem {
        .text(TextItem(text: s, font: font, color: color, frame: frame, alignment: .center, direction: direction,
                       numberOfLines: lines, lineBreakMode: lines == 1 ? .byTruncatingMiddle : .byWordWrapping, lineSpacing: 0))
    }

    /// Inter's ascender in ems: a line's baseline is this far below its top.
    static let ascender = 0.96875
    /// The text's top, the gap between title and message, and the distances under the last
    /// baseline to the buttons (or to the first text field), and from the fields to the buttons;
    /// measured on iOS 10 screenshots: a one-line title and message put the buttons' separator
    /// 80 below the top (124 in all with two buttons side by side), two fields start 24 under the
    /// message's baseline and end 12 above the separator.
    static let textTop = 20.0, titleToMessage = 3.0, baselineToButtons = 24.0, baselineToFields = 24.0, fieldsToButtons = 12.0
    static let fieldHeight = 25.0
    /// A text field's border: black at 16%, so it reads (214,214,214) over white and darker (180)
    /// where two stacked fields' borders meet, as on the iOS 10 screenshot (214 around the fields,
    /// 172 between them, where the screenshot's sharpening darkens a line by several levels).
    static let fieldBorder = Color(white: 0, alpha: 0.16)
    /// From a field's left edge to its text; the focused (first) field's caret, 1 wide and 15
    /// high, starts 5.5 in and its empty field's placeholder 8 in (measured at 1x on iOS 10: the
    /// tint caret at x 34–35 and "ID" from 38 in a field from 29, "Password" from 35).
    static let fieldTextInset = 5.0, caretInset = 5.5, focusedPlaceholderInset = 8.0

    /// Where an alert's parts go, in points from the top of the box.
    struct AlertLayout {
        var text: [(String, ResolvedFont, Double, Double)] = []
        var fieldsTop = 0.0
        var buttonsTop = 0.0
        var height = 0.0
    }

    func alertLayout(_ a: AlertController, width: Double, pad: Double, scale: Double) -> AlertLayout {
        let textWidth = width - 2 * pad
        let titleFont = ResolvedFont(system: 17, weight: .semibold), messageFont = ResolvedFont(system: 13, weight: .regular)
        var out = AlertLayout()
        var y = Self.textTop
        var lastBaseline: Double?
        for (s, font) in [(a.title, titleFont), (a.message, messageFont)] {
            guard let s, !s.isEmpty else { continue }
            if lastBaseline != nil { y += Self.titleToMessage }
            let h = text.height(of: s, font: font, width: textWidth, lineSpacing: 0)
            out.text.append((s, font, y, h))
            let lineHeight = text.size(of: "X", font: font).height
            lastBaseline = y + h - lineHeight + Self.ascender * font.size
            y += h
        }
        // The fields and buttons are views of their own: UIKit puts them on device pixels.
        let below = lastBaseline ?? Self.textTop
        if a.textFields.isEmpty {
            out.buttonsTop = (below + (lastBaseline == nil ? 0 : Self.baselineToButtons)).pixelSnapped(scale)
        } else {
            out.fieldsTop = (below + (lastBaseline == nil ? 0 : Self.baselineToFields)).pixelSnapped(scale)
            out.buttonsTop = out.fieldsTop + Double(a.textFields.count) * Self.fieldHeight + Self.fieldsToButtons
        }
        let stacked = a.actions.count > 2
        out.height = out.buttonsTop + (a.actions.isEmpty ? 0 : (stacked ? 44 * Double(a.actions.count) : 44))
        return out
    }

    func alert(_ a: AlertController, screen: Rect, env: Environment) -> [DisplayItem] {
        let width = 270.0, pad = 16.0, textWidth = width - 2 * pad
        let messageFont = ResolvedFont(system: 13, weight: .regular)
        let layout = alertLayout(a, width: width, pad: pad, scale: env.scale)
        let stacked = a.actions.count > 2
        let box = Rect(x: screen.midX - width / 2, y: screen.midY - layout.height / 2, width: width, height: layout.height).originSnapped(env.scale)
        // iOS 10's alert corners fit a circular 13-point radius.
        let outline = RoundedRect.path(box, radius: 13, curve: .circular)

        var inside: [DisplayItem] = [.backdrop(Backdrop(rect: box, blurRadius: 30, saturation: 1.8)),
                                     .fill(path: outline, paint: .color(Self.panel), rule: .nonZero)]
        for (i, (s, font, top, h)) in layout.text.enumerated() {
            let r = Rect(x: box.minX + pad, y: box.minY + top, width: textWidth, height: h)
            inside.append(label(s, font: font, color: .black, frame: r, direction: env.layoutDirection))
            env.accessible(env.path + ".text[\(i)]", frame: r, AccessibilityInfo(label: s, traits: [.staticText]))
        }
        let fieldHeight = Self.fieldHeight
        // Each field's outline reaches the next one's top line, over white; the fields' fills go
        // first, so the two outlines that meet between stacked fields darken each other.
        let fieldRects = a.textFields.indices.map { i in
            Rect(x: box.minX + pad, y: box.minY + layout.fieldsTop + Double(i) * fieldHeight, width: textWidth, height: fieldHeight + 1 / env.scale)
        }
        for outlined in fieldRects {
            inside.append(.fill(path: .rect(outlined), paint: .color(.white), rule: .nonZero))
        }
        for outlined in fieldRects {
            inside.append(.stroke(path: .rect(outlined.insetBy(dx: 0.5 / env.scale, dy: 0.5 / env.scale)), paint: .color(Self.fieldBorder),
                                  style: StrokeStyle(width: 1 / env.scale, cap: .butt, join: .miter, miterLimit: 10, dashes: [], dashPhase: 0)))
        }
        for (i, field) in a.textFields.enumerated() {
            let r = Rect(x: box.minX + pad, y: box.minY + layout.fieldsTop + Double(i) * fieldHeight, width: textWidth, height: fieldHeight)
            let shown = field.text.map { field.isSecure ? String(repeating: "\u{2022}", count: $0.count) : $0 }
            let hasText = shown?.isEmpty == false
            let value = hasText ? shown ?? "" : field.placeholder ?? ""
            env.accessible(env.path + ".textFields[\(i)]", frame: r, AccessibilityInfo(label: field.placeholder, value: hasText ? shown : nil))
            let color: Color = hasText ? .black : Color(rgb8: 0xC7, 0xC7, 0xCD)
            // UIKit makes the first field the first responder: a tint caret at its text's start
            // (after its text when it has some), its placeholder after the caret.
            let focused = i == 0
            let inset = focused && !hasText ? Self.focusedPlaceholderInset : Self.fieldTextInset
            let rtl = env.layoutDirection == .rightToLeft
            let textFrame = Rect(x: r.minX + (rtl ? Self.fieldTextInset : inset), y: r.minY, width: max(0, r.width - inset - Self.fieldTextInset), height: r.height)
            inside.append(.line(value, font: messageFont, color: color, frame: textFrame, direction: env.layoutDirection))
            if focused {
                // From the text's start (its right end, right to left).
                let offset = hasText ? Self.fieldTextInset + min(text.size(of: value, font: messageFont).width, textFrame.width) + 0.5 : Self.caretInset
                let x = rtl ? r.maxX - offset - 1 : r.minX + offset
                inside.append(.fill(path: .rect(Rect(x: x, y: r.midY - 7.5, width: 1, height: 15)), paint: .color(env.tint), rule: .nonZero))
            }
        }
        let hair = 1 / env.scale
        // Two actions sit side by side, cancel on the leading side (the right, right to left); more
        // are stacked, cancel last.
        let rtl = env.layoutDirection == .rightToLeft
        var actions = a.actions
        if let cancel = actions.firstIndex(where: { $0.style == .cancel }) {
            let c = actions.remove(at: cancel)
            if stacked { actions.append(c) } else { actions.insert(c, at: 0) }
        }
        let buttonsTop = box.minY + layout.buttonsTop
        for (i, action) in actions.enumerated() {
            let slot = rtl ? actions.count - 1 - i : i
            let r = stacked
                ? Rect(x: box.minX, y: buttonsTop + 44 * Double(i), width: width, height: 44)
                : Rect(x: box.minX + Double(slot) * width / Double(actions.count), y: buttonsTop, width: width / Double(actions.count), height: 44)
            inside.append(.fill(path: .rect(Rect(x: box.minX, y: r.minY, width: width, height: hair)), paint: .color(Self.separator), rule: .nonZero))
            if !stacked && slot > 0 {
                inside.append(.fill(path: .rect(Rect(x: r.minX, y: r.minY, width: hair, height: 44)), paint: .color(Self.separator), rule: .nonZero))
            }
            let font = ResolvedFont(system: 17, weight: isBold(action, in: a) ? .semibold : .regular)
            inside.append(label(action.title, font: font, color: color(action, tint: env.tint), frame: r.insetBy(dx: 8, dy: 0), lines: 1, direction: env.layoutDirection))
            accessible(action, in: a, frame: r, env: env)
        }
        return [.group(Group(items: inside, clip: outline))]
    }

    static let sheetRow = 57.0
    /// An action sheet's title and message: a neutral gray, (123,123,123) on the iOS 10 screenshot's
    /// glyph stems (darker than systemGray's 142, which it was).
    static let sheetHeaderText = Color(rgb8: 123, 123, 123)
    /// Each separator between a sheet's rows takes half a point of its own (measured on iOS 10:
    /// rows 57 high step 57.5, so a header and four actions make a 274-point group).
    static let sheetSeparator = 0.5

    /// An action sheet's main group measured for a width: its header (title 13 semibold and
    /// message 13, gray and centered) and every action but cancel.
    struct SheetGroup {
        var header: [(String, ResolvedFont, Double)]
        var headerHeight: Double
        var height: Double
    }

    func sheetGroup(_ a: AlertController, width: Double) -> SheetGroup {
        let (header, headerHeight) = sheetHeader(a, width: width)
        let rows = Double(a.actions.filter { $0.style != .cancel }.count)
        let separators = max(0, rows - (headerHeight > 0 ? 0 : 1))
        return SheetGroup(header: header, headerHeight: headerHeight,
                          height: headerHeight + Self.sheetRow * rows + Self.sheetSeparator * separators)
    }

    private func sheetHeader(_ a: AlertController, width: Double) -> (lines: [(String, ResolvedFont, Double)], height: Double) {
        guard a.title?.isEmpty == false || a.message?.isEmpty == false else { return ([], 0) }
        // A message without a title takes the title's semibold (as UIKit draws it).
        let hasTitle = a.title?.isEmpty == false
        let headerFont = ResolvedFont(system: 13, weight: .semibold), messageFont = ResolvedFont(system: 13, weight: hasTitle ? .regular : .semibold)
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
            let r = Rect(x: group.minX + 16, y: y, width: group.width - 32, height: h)
            out.append(label(s, font: font, color: Self.sheetHeaderText, frame: r, direction: env.layoutDirection))
            env.accessible(env.path + ".text[\(header.firstIndex { $0.0 == s && $0.2 == h } ?? 0)]", frame: r, AccessibilityInfo(label: s, traits: [.staticText]))
            y += h + 2
        }
        let step = Self.sheetRow + Self.sheetSeparator
        for (i, action) in a.actions.filter({ $0.style != .cancel }).enumerated() {
            // The separator (half a point) comes before every row but a first one without a header.
            let separated = headerHeight > 0 || i > 0
            let top = group.minY + headerHeight + step * Double(i) + (headerHeight > 0 ? Self.sheetSeparator : 0)
            let r = Rect(x: group.minX, y: top, width: group.width, height: Self.sheetRow)
            if separated {
                // The hairline sits on the device pixel where its half point starts.
                let y = ((top - Self.sheetSeparator) * env.scale).rounded(.down) / env.scale
                out.append(.fill(path: .rect(Rect(x: group.minX, y: y, width: group.width, height: hair)), paint: .color(Self.separator), rule: .nonZero))
            }
            out.append(label(action.title, font: sheetFont(action, in: a), color: color(action, tint: env.tint), frame: r.insetBy(dx: 12, dy: 0),
                             lines: 1, direction: env.layoutDirection))
            accessible(action, in: a, frame: r, env: env)
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
        let x = (screen.midX - width / 2).pixelSnapped(env.scale)
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
            out.append(label(cancel.title, font: sheetFont(cancel, in: a), color: color(cancel, tint: env.tint), frame: r.insetBy(dx: 12, dy: 0),
                             lines: 1, direction: env.layoutDirection))
            accessible(cancel, in: a, frame: r, env: env)
            bottom = r.minY - gap
        }
        guard mainHeight > 0 else { return out }
        let group = Rect(x: x, y: bottom - mainHeight, width: width, height: mainHeight).originSnapped(env.scale)
        let outline = RoundedRect.path(group, radius: 13, curve: .continuous)
        let inside: [DisplayItem] = [.backdrop(Backdrop(rect: group, blurRadius: 30, saturation: 1.8)),
                                     .fill(path: outline, paint: .color(Self.panel), rule: .nonZero)]
            + sheetGroupItems(a, measured, in: group, env: env)
        return [.group(Group(items: inside, clip: outline))] + out
    }
}

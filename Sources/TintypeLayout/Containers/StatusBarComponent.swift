import TintypeModel

/// The status bar: transparent, dark or light content (time, signal, wifi, battery) over whatever
/// is under it, with the notch-era layout and the home indicator on notched phones.
enum StatusBarComponent {
    struct Resolved: Equatable {
        var style: StatusBar.Style
        var hidden: Bool
        var height: Double
    }

    /// The status bar as the controller under it asks: navigation and tab bar controllers forward to
    /// their visible child; a black navigation bar asks for light content when its child does not say.
    static func resolve(_ scene: Scene) -> Resolved {
        var style = scene.statusBar.style
        var hidden = scene.statusBar.hidden
        if let top = topController(scene.root) {
            let controller = shown(top, regularWidth: scene.hasRegularWidth)
            if let vc = controller.childForStatusBar {
                if let s = vc.preferredStatusBarStyle { style = s } else if blackNavigationBar(controller) { style = .lightContent }
                if let h = vc.prefersStatusBarHidden { hidden = h }
            }
        }
        let height = scene.statusBarHeight
        return Resolved(style: style, hidden: hidden || height == 0, height: height)
    }

    /// The first controller whose view covers the top of the screen: the root, or a full-screen subview.
    static func topController(_ view: View) -> Controller? {
        if case .controller(let c) = view.kind { return c }
        for sub in view.subviews.reversed() where sub.frame == nil || sub.frame?.minY ?? 1 <= 0 {
            if let c = topController(sub) { return c }
        }
        return nil
    }

    /// The controller as laid out: a split view is its secondary column in a regular width, and
    /// its collapsed stack in a compact one.
    static func shown(_ c: Controller, regularWidth: Bool) -> Controller {
        switch c {
        case .split(let split): return shown(regularWidth ? split.secondary : split.collapsed, regularWidth: regularWidth)
        case .tabBar(var tabs):
            if tabs.tabs.indices.contains(tabs.selectedIndex) {
                tabs.tabs[tabs.selectedIndex].root = shown(tabs.tabs[tabs.selectedIndex].root, regularWidth: regularWidth)
            }
            return .tabBar(tabs)
        default: return c
        }
    }

    static func blackNavigationBar(_ c: Controller) -> Bool {
        switch c {
        case .content: false
        case .navigation(let nav): !nav.isNavigationBarHidden && nav.navigationBar.barStyle == .black
        case .tabBar(let tabs): tabs.selectedTab.map { blackNavigationBar($0.root) } ?? false
        case .split(let split): blackNavigationBar(split.secondary)
        }
    }

    static func traits(_ scene: Scene, statusBar: Resolved) -> Traits {
        var t = Traits()
        let d = scene.device
        t.screenSize = scene.screenSize
        t.isPad = d.isPad
        t.isCompactHeight = !d.isPad && scene.orientation == .landscape
        t.isRegularWidth = scene.hasRegularWidth
        t.statusBarHeight = statusBar.hidden ? 0 : statusBar.height
        t.statusBarHidden = statusBar.hidden
        t.hasHomeIndicator = d.hasNotch || (d.isPad && d.portraitSafeArea.bottom > 0)
        t.layoutMargin = d.isPad || d.size.width >= 414 ? 20 : 16
        t.era = Era(scene.systemVersion)
        return t
    }

    /// The window's safe area: the device's, with the status bar's height when it shows (a hidden
    /// status bar on a classic phone frees the top).
    static func safeArea(_ scene: Scene, statusBar: Resolved) -> EdgeInsets {
        var insets = scene.device.safeArea(in: scene.orientation)
        if !scene.device.hasNotch { insets.top = statusBar.hidden ? 0 : statusBar.height }
        return insets
    }

    /// What the status bar shows and in which era's glyphs, placed in one of two layouts.
    struct Content {
        let bar: StatusBar
        let era: Int
        let color: Color
        let scale: Double
        /// Right to left, iOS lays the status bar out mirrored (signal and carrier on the right, the
        /// battery on the left; on a notched phone the time in the right ear). The glyphs keep their
        /// drawing, and text its reading order: only their places move.
        var rightToLeft = false
        var width = 0.0
        /// Where something drawn at `x`, `w` wide, goes in the bar's direction.
        func placed(_ x: Double, _ w: Double) -> Double { rightToLeft ? width - x - w : x }
        func placed(_ r: Rect) -> Rect { Rect(x: placed(r.minX, r.width), y: r.minY, width: r.width, height: r.height) }
        /// Unlit signal bars and wifi arcs.
        var faint: Color { color.withAlpha(color.alpha * 0.3) }

        func glyph(_ g: Glyph, x: Double, centerY: Double, scale glyphScale: Double = 1, color c: Color? = nil) -> [DisplayItem] {
            let origin = Point(x: placed(x, g.size.width * glyphScale), y: centerY - g.size.height * glyphScale / 2)
            // The older eras' glyphs sit on device pixels, as measured on iOS 8 and 10 screenshots.
            // The iOS 11 glyphs keep their unsnapped places for now: snapping them moves every 3x
            // render by a third of a pixel, a re-record of its own.
            return g.items(at: era < 11 ? origin.pixelSnapped(scale) : origin, scale: glyphScale, color: c ?? color)
        }

        /// Signal (dots before iOS 11, bars from 11) with its left edge at `x`; returns its width.
        func signal(x: Double, centerY: Double, into items: inout [DisplayItem]) -> Double {
            let (lit, unlit) = era < 11 ? StatusBarGlyphs.dots(lit: bar.signal) : StatusBarGlyphs.bars(lit: StatusBarGlyphs.barsLit(signal: bar.signal))
            items += glyph(unlit, x: x, centerY: centerY, color: faint) + glyph(lit, x: x, centerY: centerY)
            return lit.size.width
        }

        /// Wifi with its left edge at `x` (smaller before iOS 11: 12.5 wide); returns its width.
        func wifi(x: Double, centerY: Double, into items: inout [DisplayItem]) -> Double {
            guard bar.wifi > 0 else { return 0 }
            let (lit, unlit) = StatusBarGlyphs.wifi(level: bar.wifi)
            let s = era < 11 ? 12.5 / 15 : 1
            items += glyph(unlit, x: x, centerY: centerY, scale: s, color: faint) + glyph(lit, x: x, centerY: centerY, scale: s)
            return lit.size.width * s
        }

        /// The charge's color: green while charging, red at 20% or less, else the content's.
        var chargeColor: Color {
            if bar.charging { return .systemGreen }
            return bar.batteryLevel <= 0.2 ? .systemRed : color
        }

        /// The battery with its right edge at `right` (and the bolt after it before iOS 11); returns
        /// where its left edge is.
        func battery(right: Double, centerY: Double, into items: inout [DisplayItem]) -> Double {
            var r = right
            if era < 11 && bar.charging {
                let bolt = StatusBarGlyphs.bolt
                items += glyph(bolt, x: r - bolt.size.width, centerY: centerY)
                r -= bolt.size.width + 3.5
            }
            let (outline, charge) = era < 11 ? StatusBarGlyphs.battery10(level: bar.batteryLevel) : StatusBarGlyphs.battery11(level: bar.batteryLevel)
            let x = r - outline.size.width
            items += glyph(outline, x: x, centerY: centerY) + glyph(charge, x: x, centerY: centerY, color: chargeColor)
            return x
        }

        /// The locale's formats (the time and the percentage are written in them).
        var formats = LocaleFormats(nil)
        var percentText: String { formats.percent(Int((bar.batteryLevel * 100).rounded())) }
        var timeText: String { StatusBarComponent.timeText(bar.time, formats: formats) }

        /// Phones without a notch and iPads: signal, carrier and wifi on the left, the time in the
        /// middle, Bluetooth, percentage and battery on the right (measured on iOS 8 and 10 2x
        /// screenshots: dots from 6.5, 4 to the wifi; the battery 5.5 from the edge).
        func classic(width: Double, height h: Double, text: TextMeasuring) -> [DisplayItem] {
            var items: [DisplayItem] = []
            let cy = h / 2
            let font = ResolvedFont(system: 12, weight: .semibold), regular = ResolvedFont(system: 12, weight: .regular)
            items.append(.line(timeText, font: font, color: color, frame: Rect(x: 0, y: 0, width: width, height: h), alignment: .center, lineBreakMode: .byClipping))
            var x = era < 11 ? 6.5 : 6
            x += signal(x: x, centerY: cy, into: &items) + (era < 11 ? 4 : 5)
            if let carrier = bar.carrier, !carrier.isEmpty {
                let w = text.size(of: carrier, font: regular).width
                items.append(.line(carrier, font: regular, color: color, frame: placed(Rect(x: x, y: 0, width: w + 1, height: h)), lineBreakMode: .byClipping))
                x += w + 4
            }
            _ = wifi(x: x, centerY: cy, into: &items)
            var left = battery(right: width - (era < 11 ? 5.5 : 6), centerY: cy, into: &items)
            if bar.showsBatteryPercentage ?? true {
                let w = text.size(of: percentText, font: regular).width
                items.append(.line(percentText, font: regular, color: color, frame: placed(Rect(x: left - 4 - w - 1, y: 0, width: w + 2, height: h)),
                                   alignment: rightToLeft ? .left : .right, lineBreakMode: .byClipping))
                left -= 4 + w
            }
            if bar.bluetooth {
                let b = StatusBarGlyphs.bluetooth
                items += glyph(b, x: left - 5.5 - b.size.width, centerY: cy)
            }
            return items
        }

        /// Notched phones (iOS 11): the time centered in the left ear; signal bars, wifi and the
        /// battery in the right one. No carrier, Bluetooth or percentage: the ear has no room.
        func notched(width: Double, height h: Double) -> [DisplayItem] {
            var items: [DisplayItem] = []
            let ear = (width - 209) / 2
            let font = ResolvedFont(system: 15, weight: .semibold)
            items.append(.line(timeText, font: font, color: color, frame: placed(Rect(x: 0, y: h / 2 - 10 - 2, width: ear + 14, height: 20)),
                               alignment: .center, lineBreakMode: .byClipping))
            var x = width - ear / 2 - 35
            let y = h / 2 - 2
            x += signal(x: x - 2, centerY: y, into: &items) + 3
            x += wifi(x: x, centerY: y, into: &items) + 5
            _ = battery(right: x + 25, centerY: y, into: &items)
            return items
        }
    }

    /// The status bar's time as the locale shows it: a time of day the scene gives as `H:MM` or
    /// `HH:MM` (24-hour) is written in the locale's clock without its day period, as iOS writes it
    /// there ("21:41" is "9:41" in English, "21:41" in German); any other text is shown as given.
    static func timeText(_ time: String, formats: LocaleFormats) -> String {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour <= 23, minute <= 59 else { return time }
        return formats.statusBarTime(hour: hour, minute: minute)
    }

    static func items(_ bar: Resolved, scene: Scene, env: Environment, text: TextMeasuring) -> [DisplayItem] {
        let color: Color = bar.style == .lightContent ? .white : .black
        var items: [DisplayItem] = []
        if !bar.hidden {
            var content = Content(bar: scene.statusBar, era: scene.systemVersion, color: color, scale: env.scale)
            content.rightToLeft = scene.layoutDirection == .rightToLeft
            content.formats = LocaleFormats(scene.locale)
            content.width = scene.screenSize.width
            items += scene.device.hasNotch
                ? content.notched(width: scene.screenSize.width, height: bar.height)
                : content.classic(width: scene.screenSize.width, height: bar.height, text: text)
        }
        if env.traits.hasHomeIndicator {
            let w: Double = scene.orientation == .portrait ? 134 : 209
            let r = Rect(x: (scene.screenSize.width - w) / 2, y: scene.screenSize.height - 8 - 5, width: w, height: 5)
            items.append(.homeIndicator(r))
        }
        return items
    }
}

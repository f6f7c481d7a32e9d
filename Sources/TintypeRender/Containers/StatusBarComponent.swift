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
        let height = scene.device.statusBarHeight(in: scene.orientation)
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
        return t
    }

    /// The window's safe area: the device's, with the status bar's height when it shows (a hidden
    /// status bar on a classic phone frees the top).
    static func safeArea(_ scene: Scene, statusBar: Resolved) -> EdgeInsets {
        var insets = scene.device.safeArea(in: scene.orientation)
        if !scene.device.hasNotch { insets.top = statusBar.hidden ? 0 : statusBar.height }
        return insets
    }

    static func items(_ bar: Resolved, scene: Scene, env: Environment, text: TextMeasuring) -> [DisplayItem] {
        let color: Color = bar.style == .lightContent ? .white : .black
        var items: [DisplayItem] = []
        let width = scene.screenSize.width
        if !bar.hidden {
            if scene.device.hasNotch {
                // Notch era: the time centered in the left ear, the indicators in the right one.
                let ear = (width - 209) / 2
                let font = ResolvedFont(system: 15, weight: .semibold)
                let h = bar.height
                items.append(.line(scene.statusBar.time, font: font, color: color, frame: Rect(x: 0, y: h / 2 - 10 - 2, width: ear + 14, height: 20), alignment: .center, lineBreakMode: .byClipping))
                let battery = SystemGlyphs.battery(level: 1)
                var x = width - ear / 2 - 35
                let y = h / 2 - 2
                items += SystemGlyphs.cellularSignal.items(at: Point(x: x - 2, y: y - SystemGlyphs.cellularSignal.size.height / 2), color: color)
                x += SystemGlyphs.cellularSignal.size.width + 3
                items += SystemGlyphs.wifi.items(at: Point(x: x, y: y - SystemGlyphs.wifi.size.height / 2), color: color)
                x += SystemGlyphs.wifi.size.width + 5
                items += battery.items(at: Point(x: x, y: y - battery.size.height / 2), color: color)
            } else {
                let h = bar.height
                let font = ResolvedFont(system: 12, weight: .semibold)
                items.append(.line(scene.statusBar.time, font: font, color: color, frame: Rect(x: 0, y: 0, width: width, height: h), alignment: .center, lineBreakMode: .byClipping))
                let signal = SystemGlyphs.cellularSignal, wifi = SystemGlyphs.wifi
                items += signal.items(at: Point(x: 6, y: (h - signal.size.height) / 2), color: color)
                items += wifi.items(at: Point(x: 6 + signal.size.width + 5, y: (h - wifi.size.height) / 2), color: color)
                let battery = SystemGlyphs.battery(level: 1)
                items += battery.items(at: Point(x: width - 6 - battery.size.width, y: (h - battery.size.height) / 2), color: color)
                let percent = ResolvedFont(system: 12, weight: .regular)
                let w = text.size(of: "100%", font: percent).width
                items.append(.line("100%", font: percent, color: color,
                                   frame: Rect(x: width - 6 - battery.size.width - 4 - w - 1, y: 0, width: w + 2, height: h), alignment: .right, lineBreakMode: .byClipping))
            }
        }
        if env.traits.hasHomeIndicator {
            let w: Double = scene.orientation == .portrait ? 134 : 209
            let r = Rect(x: (width - w) / 2, y: scene.screenSize.height - 8 - 5, width: w, height: 5)
            items.append(.homeIndicator(r))
        }
        return items
    }
}

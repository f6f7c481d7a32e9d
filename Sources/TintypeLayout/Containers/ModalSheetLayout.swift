import TintypeModel

/// Where a presented sheet goes (UIModalPresentationStyle, iOS 7–12).
enum ModalSheetLayout {
    static func frame(_ sheet: ModalSheet, scene: Scene) -> Rect {
        let screen = Rect(origin: .zero, size: scene.screenSize)
        // On a phone every style covers the screen (a custom one places its root by its own frame).
        guard scene.device.isPad else { return screen }
        switch sheet.style {
        case .formSheet:
            let w = min(540, screen.width), h = min(620, screen.height)
            return Rect(x: screen.midX - w / 2, y: screen.midY - h / 2, width: w, height: h).originSnapped(scene.effectiveScale)
        case .pageSheet:
            let w = min(768, screen.width)
            let top = scene.statusBarHeight
            return Rect(x: screen.midX - w / 2, y: top, width: w, height: screen.height - top).originSnapped(scene.effectiveScale)
        default:
            return screen
        }
    }
}

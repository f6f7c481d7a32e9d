import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// `Scene.drawsSystemOverlays`: a launch image keeps the room of the status bar and the home
/// indicator but draws neither, since iOS draws its own status bar over it.
@Suite struct SystemOverlaysTests {
    let json = #"{"device": "iPhone X", "root": {"navigationController": {"stack": [{"title": "Launch"}]}}}"#

    @Test func withoutOverlaysTheListIsTheSameScreenWithoutThem() throws {
        let shown = try scene(json)
        var launch = shown
        launch.drawsSystemOverlays = false
        let all = try sharedRenderer.displayList(for: shown).items
        let bare = try sharedRenderer.displayList(for: launch).items
        #expect(all.contains { if case .homeIndicator = $0 { true } else { false } })
        #expect(!bare.contains { if case .homeIndicator = $0 { true } else { false } })
        // The status bar's time and glyphs are gone; what is under them (the navigation bar laid out
        // below a 44-point status bar) is item for item the same.
        #expect(bare.count < all.count - 1, "\(bare.count) of \(all.count) items")
        #expect(Array(all.prefix(bare.count)) == bare)
        #expect(all.contains { if case .text(let t) = $0 { t.text == "9:41" } else { false } })
        #expect(!bare.contains { if case .text(let t) = $0 { t.text == "9:41" } else { false } })
    }
}

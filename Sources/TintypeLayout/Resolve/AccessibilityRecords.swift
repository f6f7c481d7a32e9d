import Synchronization
import TintypeModel

/// One element VoiceOver visits: where it is on the screen and what it reads. The layout lists
/// them (`DisplayList.accessibility`) in VoiceOver's order; the accessibility snapshot draws them.
public struct AccessibilityElement: Sendable, Equatable {
    /// The view or part it stands for (`root.subviews[2]`, `root.tabs[1]`, `presented.actions[0]`).
    public var path: String
    /// The part of its frame that shows, in absolute points.
    public var frame: Rect
    public var info: AccessibilityInfo

    public init(path: String, frame: Rect, info: AccessibilityInfo) {
        self.path = path; self.frame = frame; self.info = info
    }
}

/// Collects the accessibility elements of one scene's layout (shared by every environment of the
/// scene), and the views that are modal (`accessibilityViewIsModal`, a presentation).
package final class AccessibilityRecords: Sendable {
    private let state = Mutex<(elements: [AccessibilityElement], modal: [String])>(([], []))
    package init() {}

    func add(_ element: AccessibilityElement) {
        // A view laid out twice (measured, then placed) is recorded where it was placed last.
        state.withLock { s in
            if let i = s.elements.firstIndex(where: { $0.path == element.path }) { s.elements[i] = element } else { s.elements.append(element) }
        }
    }

    /// Every element recorded, in the order recorded.
    var elements: [AccessibilityElement] { state.withLock { $0.elements } }

    func modal(_ path: String) {
        state.withLock { s in if !s.modal.contains(path) { s.modal.append(path) } }
    }

    /// The elements VoiceOver reaches, in its order: inside the last modal view when there is one,
    /// on the screen, with something to read.
    package func ordered(screen: Rect, direction: LayoutDirection) -> [AccessibilityElement] {
        let (elements, modal) = state.withLock { ($0.elements, $0.modal) }
        let scope = modal.last
        let kept = elements.compactMap { e -> AccessibilityElement? in
            if let scope, !(e.path == scope || e.path.hasPrefix(scope + ".") || e.path.hasPrefix(scope + "[")) { return nil }
            guard !e.info.isEmpty, let shown = e.frame.intersection(screen) else { return nil }
            var e = e
            e.frame = shown
            return e
        }
        return AccessibilityOrder.sorted(kept, direction: direction)
    }
}

/// VoiceOver's default order, as UIKit sorts a container's elements: top to bottom by rows, and
/// along each row in the reading direction (left to right; right to left mirrored).
public enum AccessibilityOrder {
    /// An element joins the row of the first element above it when its top lies above that
    /// element's middle; a row is then read by the elements' leading edges.
    public static func sorted(_ elements: [AccessibilityElement], direction: LayoutDirection) -> [AccessibilityElement] {
        let byTop = elements.enumerated().sorted { a, b in
            a.element.frame.minY != b.element.frame.minY ? a.element.frame.minY < b.element.frame.minY : a.offset < b.offset
        }.map(\.element)
        var rows: [[AccessibilityElement]] = []
        for e in byTop {
            if let first = rows.last?.first, e.frame.minY < first.frame.midY - 0.01 {
                rows[rows.count - 1].append(e)
            } else {
                rows.append([e])
            }
        }
        let rtl = direction == .rightToLeft
        return rows.flatMap { row in
            row.enumerated().sorted { a, b in
                let x = rtl ? -a.element.frame.maxX : a.element.frame.minX, y = rtl ? -b.element.frame.maxX : b.element.frame.minX
                return abs(x - y) > 0.01 ? x < y : a.offset < b.offset
            }.map(\.element)
        }
    }
}

extension Environment {
    /// Records an element at `frame` (absolute points, cut by the clipping ancestors), unless
    /// this subtree is inside an element already (a cell's content, a view made one element).
    func accessible(_ path: String, frame: Rect, _ info: AccessibilityInfo, clip: Rect? = nil) {
        guard !accessibilityHidden else { return }
        var shown = frame
        for c in [clipRect, clip].compactMap({ $0 }) {
            guard let cut = shown.intersection(c) else { return }
            shown = cut
        }
        accessibility.add(AccessibilityElement(path: path, frame: shown, info: info))
    }

    /// Records the accessibility of a scene view laid out at `frame`; true when the view is an
    /// element (or made of elements), which hides its subviews from VoiceOver.
    func recordAccessibility(of view: View, path: String, frame: Rect) -> Bool {
        let a = view.accessibility
        if a.viewIsModal { accessibility.modal(path) }
        if a.isElement == false { return false }
        if a.isElement == true {
            accessible(path, frame: frame, view.accessibilityAsElement)
            return true
        }
        switch view.accessibilityDefaults {
        case .container, .laidOut: return false
        case .element(let info):
            accessible(path, frame: frame, info.overridden(by: a))
            return true
        case .parts(let parts):
            // A segmented control's segments run from the right under right to left, as it draws them;
            // a stepper's halves and a picker's wheels keep their places.
            var rtl = false
            if layoutDirection == .rightToLeft, case .control(.segmentedControl) = view.kind { rtl = true }
            for (i, part) in parts.enumerated() {
                let u = part.unit
                let x = rtl ? 1 - u.maxX : u.minX
                let r = Rect(x: frame.minX + x * frame.width, y: frame.minY + u.minY * frame.height, width: u.width * frame.width, height: u.height * frame.height)
                accessible(path + "#\(i)", frame: r, part.info.overridden(by: Accessibility(label: a.label, value: a.value, hint: a.hint, traits: a.traits)))
            }
            return true
        }
    }
}

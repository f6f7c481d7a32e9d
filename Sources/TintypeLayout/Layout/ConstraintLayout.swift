import TintypeConstraints
import TintypeModel

// Why one solve per hierarchy: UIKit keeps one engine for a window, and a constraint may relate
// any two views of it. Here a view whose subviews (or their subviews) hold constraints is the
// root of one solve over everything below it: a card whose height its labels decide, a label
// aligned with a view in another branch, all come out of one system. A scroll view, a table or a
// text view ends the hierarchy (its subviews are content, solved when it is laid out), and views a
// component places (a stack's arranged views, a cell's content) are solved where the component
// lays them out. A constraint to a view outside the hierarchy uses the frame that view was given,
// when it was laid out before; otherwise it is left out with a warning.
//
// A stack view whose arranged views hold constraints, or are named by one, joins its arrangement
// to the solve: UIStackView makes its own constraints (StackConstraints), so an arranged view's
// width, an aspect ratio or a constraint to a view outside the stack is solved with them, as
// UIKit solves them. Any other stack arranges its views itself (StackLayout), as before.
//
// Guides and margins depend on where a view lands (the safe area is the screen's, clipped to the
// frame), which is not linear; UIKit updates them after a layout pass and lays out again, and so
// does this: each pass solves with the insets the last pass's frames give, until nothing moves (a
// multi-line label is measured again at the width it got, as UIKit's automatic preferred width is).

/// Auto Layout for a view's subtree: each view placed by `constraints` gets the frame the
/// constraints give it (Cassowary's simplex, TintypeConstraints), its own size held at its hugging
/// and compression-resistance priorities; the other views of the subtree take part as their
/// frames and layout pins place them.
struct ConstraintLayout {
    /// A solved frame: absolute, unrounded, with the unrounded origin of its superview, so that
    /// the view's origin can be rounded to device pixels in its superview as UIKit rounds it.
    struct Placement: Sendable, Equatable {
        var frame: Rect
        var superviewOrigin: Point

        /// The frame in a superview whose (rounded) bounds are `container`: the origin on the pixel grid.
        func frame(in container: Rect, scale: Double) -> Rect {
            Rect(x: container.minX + (frame.minX - superviewOrigin.x).pixelSnapped(scale),
                 y: container.minY + (frame.minY - superviewOrigin.y).pixelSnapped(scale),
                 width: clean(frame.width), height: clean(frame.height))
        }

        /// Floating-point dust off a solved length (342.99999999999994 is 343).
        private func clean(_ v: Double) -> Double { max(0, (v * 1e6).rounded() / 1e6) }
    }

    let resolver: Resolver
    var context: LayoutContext { resolver.context }

    /// Beside the frames by path: a scroll view's content as its constraints sized it, at its path with this.
    static let contentKey = "#content"

    /// Whether any view below `view`, in the hierarchy one solve covers, has constraints.
    static func needed(_ view: View) -> Bool {
        view.constraints.contains(where: System.toAView) || below(view)
    }

    static func below(_ view: View) -> Bool {
        view.subviews.contains { !$0.constraints.isEmpty || arrangesByConstraints($0, named: []) || (!ends($0) && below($0)) }
    }

    /// Whether `view` is a stack view whose arrangement joins the solve: a visible arranged view
    /// has constraints of its own, or one of `named` (the ids the hierarchy's constraints name).
    static func arrangesByConstraints(_ view: View, named: Set<String>) -> Bool {
        guard case .stackView(let stack) = view.kind else { return false }
        return stack.arrangedSubviews.contains { !$0.isHidden && (!$0.constraints.isEmpty || ($0.id.map(named.contains) ?? false)) }
    }

    /// The ids the constraints of `view` and of everything below it (arranged views too) name.
    static func namedIDs(_ view: View, into out: inout Set<String>) {
        for c in view.constraints { if case .view(let id)? = c.target { out.insert(id) } }
        for sub in view.subviews { namedIDs(sub, into: &out) }
        if case .stackView(let stack) = view.kind { for a in stack.arrangedSubviews { namedIDs(a, into: &out) } }
    }

    /// Whether the solve stops at `view` (its subviews are content, solved on their own).
    static func ends(_ view: View) -> Bool {
        if view.kind.scrolls { return true }
        if case .controller = view.kind { return true }
        return false
    }

    // MARK: The hierarchy

    struct Node {
        var view: View
        var path: String
        /// The superview's node; nil for the root's subviews.
        var parent: Int?
        /// The view's own environment (its direction, text size) and its superview's.
        var env: Environment
        var parentEnv: Environment
        var item = AutoLayout.ItemID?.none
        /// For an arranged view of a stack that joins the solve: the stack's node and the view's
        /// place among the stack's visible arranged views.
        var arrangedIn: (stack: Int, position: Int)? = nil
        /// For a stack view: its arrangement is solved here (its arranged views are nodes).
        var arranges = false
    }

    /// Which rectangle of a view an item stands for.
    enum Guide: Hashable {
        case safeArea
        /// The layout margins as constraints read them (UIView's 8 on every side when the view sets none).
        case margins
        /// The layout margins as `layout` pins read them (the system margins when the view sets none).
        case pinMargins
        case readableContent
        case pinReadableContent
        case frameLayoutGuide, contentLayoutGuide
    }

    /// What a pass assumes about the frames it has not solved yet.
    struct Estimates: Equatable {
        /// Each guide's insets from its view's frame, by (node, guide); -1 is the root.
        var guides: [GuideKey: EdgeInsets] = [:]
        /// Each view's margins as its margin attributes read them.
        var margins: [Int: EdgeInsets] = [:]
        /// A view's own size, measured at the width it got (multi-line text), by node.
        var sizes: [Int: Measured] = [:]
    }

    struct GuideKey: Hashable { var node: Int; var guide: Guide }

    /// The frames of the views of `root`'s hierarchy that constraints place, by path. `frame` is
    /// the root's frame and `bounds` where its subviews go (a scroll view's content); `env` is the
    /// root's environment with its margins and scroll frame set.
    func solve(_ root: View, path: String, frame: Rect, bounds: Rect, env: Environment) throws(RenderError) -> [String: Placement] {
        var nodes: [Node] = []
        var named = Set<String>()
        Self.namedIDs(root, into: &named)
        func add(_ sub: View, path p: String, parent: Int?, parentEnv: Environment, arrangedIn: (Int, Int)?) {
            let e = parentEnv.child(tintColor: sub.tintColor, mode: sub.tintAdjustmentMode, path: p).child(for: sub)
            nodes.append(Node(view: sub, path: p, parent: parent, env: e, parentEnv: parentEnv, arrangedIn: arrangedIn))
            let me = nodes.count - 1
            if Self.ends(sub) { return }
            collect(sub, path: p, parent: me, parentEnv: e)
            if Self.arrangesByConstraints(sub, named: named), case .stackView(let stack) = sub.kind {
                nodes[me].arranges = true
                var position = 0
                for (k, a) in stack.arrangedSubviews.enumerated() where !a.isHidden {
                    add(a, path: p + ".arrangedSubviews[\(k)]", parent: me, parentEnv: e, arrangedIn: (me, position))
                    position += 1
                }
            }
        }
        func collect(_ view: View, path: String, parent: Int?, parentEnv: Environment) {
            for (i, sub) in view.subviews.enumerated() { add(sub, path: path + ".subviews[\(i)]", parent: parent, parentEnv: parentEnv, arrangedIn: nil) }
        }
        collect(root, path: path, parent: nil, parentEnv: env)
        var byID: [String: Int] = [:]
        for (i, n) in nodes.enumerated() { if let id = n.view.id { byID[id] = i } }
        let system = System(layout: self, root: root, rootPath: path, frame: frame, bounds: bounds, env: env, nodes: nodes, byID: byID)

        // Own sizes, measured once (offered no width).
        var measured: [Int: Measured] = [:]
        for (i, n) in nodes.enumerated() where !n.arranges && (!n.view.constraints.isEmpty || sizesItself(n) || n.arrangedIn != nil) {
            measured[i] = try context.measure(n.view, width: nil, env: n.env)
        }
        var estimates = Estimates()
        var built = system.build(estimates, measured: measured)
        for _ in 0..<3 {
            let next = try system.estimates(from: built.layout.solve().frames, built: built, measured: measured)
            if next == estimates { break }
            estimates = next
            built = system.build(estimates, measured: measured)
        }
        (built.solution, built.ambiguities) = built.layout.solveFindingAmbiguities(rests: built.rests)
        return system.placements(built)
    }

    func sizesItself(_ n: Node) -> Bool {
        guard n.view.constraints.isEmpty, !n.arranges, n.view.frame == nil, let pins = n.view.layout else { return false }
        let one = { (a: Double?, b: Double?) in (a == nil) != (b == nil) }
        return n.view.kind.component.sizesItselfBetweenOnePin
            && ((pins.width == nil && one(pins.left ?? pins.leading, pins.right ?? pins.trailing))
                || (pins.height == nil && one(pins.top, pins.bottom)))
    }

    /// One pass's system of constraints, and its solution.
    struct Built {
        var layout: AutoLayout
        /// The item of each node, of the root, of each guide, of each view outside the hierarchy.
        var rootItem: AutoLayout.ItemID
        /// The root's bounds at the content's origin: the root itself, except in a scroll view, whose
        /// content (`rootItem`) takes the size its constraints give it while this keeps the frame's.
        var boundsItem: AutoLayout.ItemID
        var guideItems: [GuideKey: AutoLayout.ItemID] = [:]
        /// For each constraint of `layout`, the node whose constraint it is (-1: one the hierarchy adds).
        var owners: [Int] = []
        /// Where an ambiguous view rests: its superview's origin.
        var rests: [AutoLayout.ItemID: AutoLayout.ItemID] = [:]
        var left: [LayoutWarning] = []
        var solution: AutoLayout.Solution?
        var ambiguities: [AutoLayout.Ambiguity] = []
        var nodeItems: [AutoLayout.ItemID] = []
    }

    /// The hierarchy, and how each pass builds its constraints from it.
    struct System {
        let layout: ConstraintLayout
        let root: View
        let rootPath: String
        let frame: Rect
        let bounds: Rect
        let env: Environment
        let nodes: [Node]
        let byID: [String: Int]

        var scale: Double { env.scale }

        /// The root's margins rectangle, as its subviews' `margins` pins and margin attributes read it.
        var rootMargins: Rect { layout.resolver.guide(.margins, container: frame, env: env) }

        func build(_ e: Estimates, measured: [Int: Measured]) -> Built {
            // Leading and trailing follow the hierarchy's direction; a view forced the other way
            // (semanticContentAttribute) has its constraints mirrored here.
            let flow = env.layoutDirection
            var al = AutoLayout(direction: flow == .rightToLeft ? .rightToLeft : .leftToRight)
            let rootMarginInsets = absolute(insets(between: bounds, and: rootMargins))
            let boundsItem = al.addItem(.init(name: name(root, path: rootPath), frame: rect(bounds), margins: rootMarginInsets))
            var built = Built(layout: al, rootItem: boundsItem, boundsItem: boundsItem)
            if let scroll = scrollView {
                // UIScrollView: its subviews' edge constraints to it are to its content, whose size they
                // decide (its contentSize, when it gives none); its width, height and centers are its frame's.
                let content = built.layout.addItem(.init(name: name(root, path: rootPath) + ".contentLayoutGuide", margins: rootMarginInsets))
                built.rootItem = content
                func add(_ a: LayoutAttribute, _ to: AutoLayout.ItemID?, _ c: Double, priority: Priority = .required) {
                    built.layout.add(AutoLayout.LayoutConstraint(content, a, .equal, to, to == nil ? nil : a, constant: c, priority: priority))
                    built.owners.append(-1)
                }
                add(.left, boundsItem, 0); add(.top, boundsItem, 0)
                if let size = scroll.contentSize {
                    add(.width, nil, size.width); add(.height, nil, size.height)
                } else {
                    // Where the constraints leave the content's size free, it is the frame's.
                    add(.width, nil, bounds.width, priority: Self.priority(1)); add(.height, nil, bounds.height, priority: Self.priority(1))
                }
            }
            let rootItem = built.rootItem
            for (i, n) in nodes.enumerated() {
                let c = n.view.component
                var item = AutoLayout.Item(name: name(n.view, path: n.path), margins: absolute(e.margins[i] ?? .zero))
                if !n.view.constraints.isEmpty || n.arrangedIn != nil, let m = e.sizes[i] ?? measured[i] {
                    item.intrinsicWidth = m.hasWidth ? m.size.width : nil
                    item.intrinsicHeight = m.hasHeight ? m.size.height : nil
                    item.firstBaselineFromTop = m.firstBaseline
                    item.lastBaselineFromBottom = m.lastBaseline.map { m.size.height - $0 }
                    item.huggingHorizontal = Self.priority(n.view.contentHuggingPriority.horizontal ?? c.defaultHugging)
                    item.huggingVertical = Self.priority(n.view.contentHuggingPriority.vertical ?? c.defaultHugging)
                    item.compressionHorizontal = Self.priority(n.view.contentCompressionResistancePriority.horizontal ?? 750)
                    item.compressionVertical = Self.priority(n.view.contentCompressionResistancePriority.vertical ?? 750)
                    if let (stack, position) = n.arrangedIn { tieBreak(&item, position: position, stack: nodes[stack].view) }
                }
                built.nodeItems.append(built.layout.addItem(item))
            }
            for (i, n) in nodes.enumerated() {
                let me = built.nodeItems[i]
                let sup = n.parent.map { built.nodeItems[$0] } ?? rootItem
                built.rests[me] = sup
                if n.view.constraints.isEmpty {
                    // An arranged view is placed by its stack's constraints (below); a frame or layout
                    // pins in a scroll view are in its bounds (content coordinates, the frame's size).
                    if n.arrangedIn == nil { place(i, n, me, n.parent == nil ? built.boundsItem : sup, e, measured: measured, into: &built) }
                    continue
                }
                constrain(i, n.view, path: n.path, me: me, parent: n.parent ?? -1, sup: sup, direction: n.env.layoutDirection,
                          flow: flow, e, into: &built)
            }
            for (i, n) in nodes.enumerated() where n.arranges {
                arrange(i, n, e, measured: measured, into: &built)
            }
            // The root's own constraints to the views below it (a controller's view holding
            // `view.bottom == card.bottom + 20`): the root is fixed, so they place those views.
            // Its constraints to its superview are its container's business, which placed it.
            if root.constraints.contains(where: Self.toAView) {
                // A scroll view's own: its edges are its content's, its width, height and centers its frame's.
                for framed in [false, true] {
                    var own = root
                    own.constraints.removeAll { !Self.toAView($0) || (scrollView != nil && Self.framed($0.attribute) != framed) }
                    if own.constraints.isEmpty { continue }
                    constrain(-1, own, path: rootPath, me: framed ? built.boundsItem : rootItem, parent: -1, sup: nil, direction: env.layoutDirection,
                              flow: flow, e, into: &built)
                }
            }
            return built
        }

        static func toAView(_ c: LayoutConstraint) -> Bool { if case .view? = c.target { true } else { false } }

        /// The root, when it is a scroll view (not a table or a text view, which place their own content).
        var scrollView: ScrollView? { if case .scrollView(let s) = root.kind { s } else { nil } }

        /// Attributes of a scroll view that are its frame's rather than its content's.
        static func framed(_ a: LayoutConstraint.Attribute) -> Bool {
            switch a {
            case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins: true
            default: false
            }
        }

        /// Adds the constraints of `view` (node `owner`, -1 for the root), whose item is `me`, whose
        /// superview's is `sup` (node `parent`) and whose direction is `direction`.
        func constrain(_ owner: Int, _ view: View, path: String, me: AutoLayout.ItemID, parent: Int, sup: AutoLayout.ItemID?,
                       direction: LayoutDirection, flow: LayoutDirection, _ e: Estimates, into built: inout Built) {
            let mirror = direction != flow
            for c in view.constraints {
                var second: AutoLayout.ItemID?
                switch c.target {
                case nil: second = nil
                case .itself?: second = me
                case .superview?:
                    guard let sup else { continue }
                    let framed = parent < 0 && Self.framed(c.targetAttribute ?? c.attribute)
                    second = c.guide.map { guideItem(parent, Self.guide($0), e, into: &built) } ?? (framed ? built.boundsItem : sup)
                case .view(let id)?:
                    if let j = byID[id] {
                        second = c.guide.map { guideItem(j, Self.guide($0), e, into: &built) } ?? built.nodeItems[j]
                    } else if let outside = env.anchors[id] {
                        var f = outside.frame
                        if let g = c.guide { f = f.inset(by: outsideInsets(Self.guide(g), f)) }
                        second = built.layout.addItem(.init(name: "UIView:\(id)", frame: rect(f)))
                    } else {
                        built.left.append(LayoutWarning(kind: .leftOut, path: path, message:
                            "a constraint to \"\(id)\", which is not laid out with this view (it is inside a scroll view or a table, "
                            + "or comes later in another hierarchy), is left out"))
                        continue
                    }
                }
                var a = LayoutAttribute(rawValue: c.attribute.rawValue)!
                var b = c.targetAttribute.flatMap { LayoutAttribute(rawValue: $0.rawValue) }
                var relation = Self.relation(c.relation), constant = c.constant
                if mirror && (a.isDirectional || b?.isDirectional == true) {
                    a = Self.mirrored(a, to: direction); b = b.map { Self.mirrored($0, to: direction) }
                    if direction == .rightToLeft { relation = relation.flipped; constant = -constant }
                }
                built.layout.add(AutoLayout.LayoutConstraint(me, a, relation, second, second == nil ? nil : b, multiplier: c.multiplier,
                                                             constant: constant, priority: Self.priority(c.priority), identifier: c.identifier))
                built.owners.append(owner)
            }
        }

        /// A view without constraints, placed as its frame or layout pins place it in its superview
        /// (filling it when it has neither): required constraints.
        func place(_ i: Int, _ n: Node, _ me: AutoLayout.ItemID, _ sup: AutoLayout.ItemID, _ e: Estimates, measured: [Int: Measured],
                   into built: inout Built) {
            func pin(_ a: LayoutAttribute, _ to: AutoLayout.ItemID?, _ b: LayoutAttribute?, _ constant: Double, multiplier: Double = 1) {
                built.layout.add(AutoLayout.LayoutConstraint(me, a, .equal, to, to == nil ? nil : b, multiplier: multiplier, constant: constant))
                built.owners.append(-1)
            }
            if let f = n.view.frame {
                pin(.left, sup, .left, f.x); pin(.top, sup, .top, f.y)
                pin(.width, nil, nil, f.width); pin(.height, nil, nil, f.height)
                return
            }
            guard var pins = n.view.layout else {
                for a in [LayoutAttribute.left, .top, .width, .height] { pin(a, sup, a, 0) }
                return
            }
            let g: AutoLayout.ItemID = switch pins.guide {
            case .superview: sup
            case .safeArea: guideItem(n.parent ?? -1, .safeArea, e, into: &built)
            case .margins: guideItem(n.parent ?? -1, .pinMargins, e, into: &built)
            case .readableContent: guideItem(n.parent ?? -1, .pinReadableContent, e, into: &built)
            case .frameLayoutGuide: guideItem(n.parent ?? -1, .frameLayoutGuide, e, into: &built)
            case .contentLayoutGuide: guideItem(n.parent ?? -1, .contentLayoutGuide, e, into: &built)
            }
            let rtl = n.parentEnv.layoutDirection == .rightToLeft
            let start = pins.left ?? (rtl ? pins.trailing : pins.leading), end = pins.right ?? (rtl ? pins.leading : pins.trailing)
            if layout.sizesItself(n), let m = measured[i] {
                if pins.width == nil && (start == nil) != (end == nil) { pins.width = m.size.width }
                if pins.height == nil && (pins.top == nil) != (pins.bottom == nil) { pins.height = m.size.height }
            }
            // A stack whose arrangement is solved here, pinned by one edge, takes the size its arranged views give it.
            let own = n.arranges && n.view.frame == nil
            func axis(_ s: Double?, _ e: Double?, _ size: Double?, _ center: Double?,
                      _ lo: LayoutAttribute, _ hi: LayoutAttribute, _ len: LayoutAttribute, _ mid: LayoutAttribute) {
                switch (s, e, size) {
                case let (s?, e?, _): pin(lo, g, lo, s); pin(hi, g, hi, -e)
                case let (s?, nil, w?): pin(lo, g, lo, s); pin(len, nil, nil, w)
                case let (nil, e?, w?): pin(hi, g, hi, -e); pin(len, nil, nil, w)
                case let (s?, nil, nil): pin(lo, g, lo, s); if !own { pin(hi, g, hi, 0) }
                case let (nil, e?, nil): if !own { pin(lo, g, lo, 0) }; pin(hi, g, hi, -e)
                case let (nil, nil, w?): pin(mid, g, mid, center ?? 0); pin(len, nil, nil, w)
                case (nil, nil, nil): pin(lo, g, lo, 0); pin(len, g, len, 0)
                }
            }
            axis(start, end, pins.width, pins.centerX, .left, .right, .width, .centerX)
            axis(pins.top, pins.bottom, pins.height, pins.centerY, .top, .bottom, .height, .centerY)
        }

        /// The item of a guide of node `owner` (-1: the root): fixed for the root, else tied to the
        /// view's frame by this pass's estimate of its insets.
        func guideItem(_ owner: Int, _ guide: Guide, _ e: Estimates, into built: inout Built) -> AutoLayout.ItemID {
            let key = GuideKey(node: owner, guide: guide)
            if let item = built.guideItems[key] { return item }
            if owner < 0 && guide == .contentLayoutGuide && scrollView != nil { return built.rootItem }
            let ownerName = owner < 0 ? name(root, path: rootPath) : name(nodes[owner].view, path: nodes[owner].path)
            let title = ownerName + "." + Self.guideName(guide)
            let item: AutoLayout.ItemID
            if owner < 0 {
                item = built.layout.addItem(.init(name: title, frame: rect(rootGuide(guide))))
            } else {
                item = built.layout.addItem(.init(name: title))
                let v = built.nodeItems[owner], inset = e.guides[key] ?? EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
                for (a, c) in [(LayoutAttribute.left, inset.left), (.top, inset.top), (.right, -inset.right), (.bottom, -inset.bottom)] {
                    built.layout.add(AutoLayout.LayoutConstraint(item, a, .equal, v, a, constant: c))
                    built.owners.append(-1)
                }
            }
            built.guideItems[key] = item
            return item
        }

        /// A guide of the root, in absolute points, as its subviews' pins read it.
        func rootGuide(_ guide: Guide) -> Rect {
            let r = layout.resolver
            switch guide {
            case .safeArea: return r.guide(.safeArea, container: frame, env: env)
            case .margins, .pinMargins: return rootMargins
            case .readableContent, .pinReadableContent: return r.guide(.readableContent, container: frame, env: env)
            case .frameLayoutGuide: return env.scrollFrame ?? frame
            case .contentLayoutGuide: return bounds
            }
        }

        /// The insets of a guide of a view outside the hierarchy, from its frame.
        func outsideInsets(_ guide: Guide, _ f: Rect) -> EdgeInsets {
            switch guide {
            case .safeArea: return env.safeAreaInsets(of: f)
            case .margins, .pinMargins, .readableContent, .pinReadableContent:
                let s = env.safeAreaInsets(of: f)
                return EdgeInsets(top: s.top + 8, left: s.left + 8, bottom: s.bottom + 8, right: s.right + 8)
            case .frameLayoutGuide, .contentLayoutGuide: return EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
            }
        }

        /// What the next pass assumes, from this pass's frames.
        func estimates(from frames: [LayoutRect], built: Built, measured: [Int: Measured]) throws(RenderError) -> Estimates {
            var out = Estimates()
            func frameOf(_ node: Int) -> Rect { node < 0 ? bounds : rect(frames[built.nodeItems[node].index]) }
            for key in built.guideItems.keys where key.node >= 0 {
                out.guides[key] = insets(between: frameOf(key.node), and: guideRect(key.node, key.guide, frames: frames, built: built))
            }
            for (i, n) in nodes.enumerated() {
                // Margins matter only to a view some constraint reads them of; working them out is cheap.
                out.margins[i] = insets(between: frameOf(i), and: marginsRect(i, pins: false, frames: frames, built: built))
                guard !n.view.constraints.isEmpty || n.arrangedIn != nil, let m = measured[i], m.hasHeight else { continue }
                let width = frameOf(i).width
                guard width > 0, !m.hasWidth || width < m.size.width - 1e-9 else { continue }
                let offered = try layout.context.measure(n.view, width: width, env: n.env)
                if offered.size.height != m.size.height { out.sizes[i] = offered }
            }
            return out
        }

        /// A guide of node `i`, in absolute points, from this pass's frames.
        func guideRect(_ i: Int, _ guide: Guide, frames: [LayoutRect], built: Built) -> Rect {
            let f = rect(frames[built.nodeItems[i].index])
            switch guide {
            case .safeArea: return f.inset(by: env.safeAreaInsets(of: f))
            case .margins: return marginsRect(i, pins: false, frames: frames, built: built)
            case .pinMargins: return marginsRect(i, pins: true, frames: frames, built: built)
            case .readableContent, .pinReadableContent:
                let m = marginsRect(i, pins: guide == .pinReadableContent, frames: frames, built: built)
                let w = min(m.width, Resolver.readableWidth(env.contentSizeCategory))
                return Rect(x: m.minX + (m.width - w) / 2, y: m.minY, width: w, height: m.height)
            case .frameLayoutGuide, .contentLayoutGuide: return f
            }
        }

        /// Node `i`'s layout margins, in absolute points: its own (UIView's 8 on every side, or for
        /// `layout` pins the system margins, when it sets none), from the safe area unless it opts
        /// out, no closer to the edges than its superview's when it preserves them.
        func marginsRect(_ i: Int, pins: Bool, frames: [LayoutRect], built: Built) -> Rect {
            let n = nodes[i], f = rect(frames[built.nodeItems[i].index])
            let v = n.view
            if pins && v.layoutMargins == nil && !v.preservesSuperviewLayoutMargins {
                return layout.resolver.guide(.margins, container: f, env: n.parentEnv.withoutMargins)
            }
            let own = (v.layoutMargins ?? .default).insets(n.env.layoutDirection)
            var base = f
            if v.insetsLayoutMarginsFromSafeArea { base = f.inset(by: env.safeAreaInsets(of: f)) }
            var r = base.inset(by: own)
            if v.preservesSuperviewLayoutMargins {
                let sup = n.parent.map { marginsRect($0, pins: pins, frames: frames, built: built) } ?? rootMargins
                let x0 = max(r.minX, sup.minX), x1 = min(r.maxX, sup.maxX)
                let y0 = max(r.minY, sup.minY), y1 = min(r.maxY, sup.maxY)
                r = Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
            }
            return r
        }

        /// The solved frames by path, the warnings said.
        func placements(_ built: Built) -> [String: Placement] {
            guard let solution = built.solution else { return [:] }
            let frames = solution.frames
            var out: [String: Placement] = [:]
            for (i, n) in nodes.enumerated() {
                let parentOrigin = n.parent.map { rect(frames[built.nodeItems[$0].index]).origin } ?? bounds.origin
                out[n.path] = Placement(frame: rect(frames[built.nodeItems[i].index]), superviewOrigin: parentOrigin)
            }
            if scrollView != nil { out[rootPath + ConstraintLayout.contentKey] = Placement(frame: rect(frames[built.rootItem.index]), superviewOrigin: bounds.origin) }
            for w in built.left { env.warnings.add(w) }
            for u in solution.unsatisfiable {
                let owner = u.brokenIndex.map { built.owners[$0] } ?? -1
                env.warnings.add(LayoutWarning(kind: .unsatisfiable, path: owner >= 0 ? nodes[owner].path : rootPath, message: u.description))
            }
            var itemNode: [Int: Int] = [:]
            for (i, item) in built.nodeItems.enumerated() { itemNode[item.index] = i }
            for a in built.ambiguities {
                guard let i = itemNode[a.item.index] else { continue }
                env.warnings.add(LayoutWarning(kind: .ambiguous, path: nodes[i].path, message: a.description
                    + " (the constraints leave it free; UIKit puts it where its engine happens to, here its superview's origin"
                    + (a.free.contains("width") || a.free.contains("height") ? " and a zero size" : "") + ")"))
            }
            for problem in solution.invalid {
                env.warnings.add(LayoutWarning(kind: .leftOut, path: rootPath, message: problem))
            }
            return out
        }

        // MARK: Names and conversions

        /// How UIKit's log names a view: its class, and its id or its path in the scene.
        func name(_ view: View, path: String) -> String {
            Self.className(view.kind) + ":" + (view.id ?? path)
        }

        static func className(_ kind: ViewKind) -> String {
            switch kind {
            case .plain, .shape, .controller: return "UIView"
            case .control(.activityIndicator): return "UIActivityIndicatorView"
            default:
                let n = kind.name
                return "UI" + n.prefix(1).uppercased() + n.dropFirst()
            }
        }

        static func guideName(_ g: Guide) -> String {
            switch g {
            case .safeArea: "safeAreaLayoutGuide"
            case .margins, .pinMargins: "layoutMarginsGuide"
            case .readableContent, .pinReadableContent: "readableContentGuide"
            case .frameLayoutGuide: "frameLayoutGuide"
            case .contentLayoutGuide: "contentLayoutGuide"
            }
        }

        static func guide(_ g: LayoutConstraint.Guide) -> Guide {
            switch g {
            case .safeArea: .safeArea
            case .margins: .margins
            case .readableContent: .readableContent
            case .frameLayoutGuide: .frameLayoutGuide
            case .contentLayoutGuide: .contentLayoutGuide
            }
        }

        static func relation(_ r: LayoutConstraint.Relation) -> Relation {
            switch r {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }

        static func priority(_ p: Double) -> Priority { Priority(min(1000, max(1, p)))! }

        /// A directional attribute as the absolute one it is in `direction`.
        static func mirrored(_ a: LayoutAttribute, to direction: LayoutDirection) -> LayoutAttribute {
            let rtl = direction == .rightToLeft
            switch a {
            case .leading: return rtl ? .right : .left
            case .trailing: return rtl ? .left : .right
            case .leadingMargin: return rtl ? .rightMargin : .leftMargin
            case .trailingMargin: return rtl ? .leftMargin : .rightMargin
            default: return a
            }
        }

        func rect(_ r: Rect) -> LayoutRect { LayoutRect(x: r.minX, y: r.minY, width: r.width, height: r.height) }
        func rect(_ r: LayoutRect) -> Rect { Rect(x: r.x, y: r.y, width: r.width, height: r.height) }

        func insets(between outer: Rect, and inner: Rect) -> EdgeInsets {
            EdgeInsets(top: inner.minY - outer.minY, left: inner.minX - outer.minX, bottom: outer.maxY - inner.maxY, right: outer.maxX - inner.maxX)
        }

        func absolute(_ e: EdgeInsets) -> LayoutInsets { LayoutInsets(top: e.top, left: e.left, bottom: e.bottom, right: e.right) }
    }
}

extension Environment {
    /// The environment with the superview's own margins forgotten: its `margins` guide is the system one.
    var withoutMargins: Environment {
        var e = self
        e.marginsRect = nil
        return e
    }
}

extension View {
    var component: any ViewComponent { kind.component }
}

import TintypeConstraints
import TintypeModel

// Why a stack's own constraints: UIStackView lays out its arranged views by adding constraints
// to the engine (UISV-canvas-connection, UISV-spacing, UISV-alignment, …), so the constraints an
// app adds to an arranged view (a width, an aspect ratio, equal widths, an edge tied to a view
// outside the stack) are solved together with the stack's. When an arranged view holds or is
// named by a constraint, ConstraintLayout adds the stack's constraints here; the result agrees
// with StackLayout (the pure function every other stack uses) where no such constraint is given:
// views without a length of their own stretch first, ties go by index (the first view stretches,
// the last one shrinks first), a view without a size across the axis spans the arrangement.

extension ConstraintLayout.System {
    /// Index order for equal priorities, as StackLayout breaks ties: along the axis a later view
    /// hugs a little harder (the first one stretches) and resists compression a little less (the
    /// last one shrinks first). A thousandth of a priority decides only between equals.
    func tieBreak(_ item: inout AutoLayout.Item, position: Int, stack: View) {
        guard case .stackView(let s) = stack.kind else { return }
        let step = Double(position) * 1e-3
        func up(_ p: Priority) -> Priority { Self.priority(min(p.value == 1000 ? 1000 : 999.999, p.value + step)) }
        func down(_ p: Priority) -> Priority { Self.priority(p.value == 1000 ? 1000 : max(1, p.value - step)) }
        // Across the axis a view's compression resistance outweighs a neighbour's equal hugging:
        // a filling stack is as tall as its tallest view (a switch hugging at 750 gives way to a label).
        func over(_ p: Priority) -> Priority { Self.priority(p.value == 1000 ? 1000 : min(999.999, p.value + 1e-3)) }
        if s.axis == .horizontal {
            item.huggingHorizontal = up(item.huggingHorizontal)
            item.compressionHorizontal = down(item.compressionHorizontal)
            item.compressionVertical = over(item.compressionVertical)
        } else {
            item.huggingVertical = up(item.huggingVertical)
            item.compressionVertical = down(item.compressionVertical)
            item.compressionHorizontal = over(item.compressionHorizontal)
        }
    }

    /// UIStackView's constraints for the stack at node `index`, whose visible arranged views are the
    /// nodes `arrangedIn` names.
    func arrange(_ index: Int, _ node: ConstraintLayout.Node, _ e: ConstraintLayout.Estimates, measured: [Int: Measured],
                 into built: inout ConstraintLayout.Built) {
        guard case .stackView(let stack) = node.view.kind else { return }
        let views = nodes.indices.filter { nodes[$0].arrangedIn?.stack == index }
            .sorted { (nodes[$0].arrangedIn?.position ?? 0) < (nodes[$1].arrangedIn?.position ?? 0) }
        guard !views.isEmpty else { return }
        let items = views.map { built.nodeItems[$0] }
        let canvas = stack.isLayoutMarginsRelativeArrangement ? guideItem(index, .margins, e, into: &built) : built.nodeItems[index]
        let name = self.name(node.view, path: node.path)
        func add(_ a: AutoLayout.ItemID, _ aa: LayoutAttribute, _ r: Relation, _ b: AutoLayout.ItemID?, _ bb: LayoutAttribute?,
                 multiplier: Double = 1, constant c: Double = 0, priority: Double = 1000, _ id: String) {
            built.layout.add(AutoLayout.LayoutConstraint(a, aa, r, b, b == nil ? nil : bb, multiplier: multiplier, constant: c,
                                                         priority: Self.priority(priority), identifier: "UISV-" + id))
            built.owners.append(index)
        }
        let horizontal = stack.axis == .horizontal
        let rtl = node.env.layoutDirection == .rightToLeft
        // Along the axis, from the first view to the last (right to left in a horizontal stack under RTL).
        let (start, end, length, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (rtl ? (.right, .left, .width, .centerX) : (.left, .right, .width, .centerX)) : (.top, .bottom, .height, .centerY)
        // Across it: top to bottom, or leading to trailing.
        let (lead, trail, cross, middle): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.top, .bottom, .height, .centerY) : (rtl ? (.right, .left, .width, .centerX) : (.left, .right, .width, .centerX))
        // "After": further along the axis. Under RTL a horizontal stack runs toward smaller x.
        let sign: Double = horizontal && rtl ? -1 : 1
        let after: Relation = sign > 0 ? .greaterThanOrEqual : .lessThanOrEqual
        func own(_ i: Int, _ horizontalLength: Bool) -> Double? {
            guard let m = e.sizes[views[i]] ?? measured[views[i]] else { return nil }
            return horizontalLength ? (m.hasWidth ? m.size.width : nil) : (m.hasHeight ? m.size.height : nil)
        }
        let lengths = views.indices.map { own($0, horizontal) }
        let spacing = stack.spacing < 0 ? max(stack.spacing, -(lengths.compactMap { $0 }.min() ?? 0)) : stack.spacing

        // The canvas: the first view at the start, the last at the end.
        add(items[0], start, .equal, canvas, start, "canvas-connection")
        add(items[items.count - 1], end, .equal, canvas, end, "canvas-connection")
        // Between neighbours.
        for k in 1..<max(1, items.count) {
            switch stack.distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(items[k], start, .equal, items[k - 1], end, constant: sign * spacing, "spacing")
            case .equalSpacing, .equalCentering:
                add(items[k], start, after, items[k - 1], end, constant: sign * spacing, "spacing")
            }
        }
        switch stack.distribution {
        case .fill:
            break
        case .fillEqually:
            for k in items.indices.dropFirst() { add(items[k], length, .equal, items[0], length, "fill-equally") }
        case .fillProportionally:
            let total = lengths.map { $0 ?? 0 }.reduce(0, +)
            let gaps = spacing * Double(items.count - 1)
            for k in items.indices {
                let share = total > 0 ? (lengths[k] ?? 0) / total : 1 / Double(items.count)
                add(items[k], length, .equal, canvas, length, multiplier: share, constant: -gaps * share, priority: 999, "fill-proportionally")
            }
        case .equalSpacing, .equalCentering:
            // Spacers between neighbours (their edges, or their centers), all of one length.
            let centering = stack.distribution == .equalCentering
            var first: AutoLayout.ItemID?
            for k in 1..<max(1, items.count) {
                let spacer = built.layout.addItem(.init(name: name + ".UISV-distributing-guide"))
                // From the smaller coordinate to the larger: under RTL the later view is on the left.
                let (low, lowAttribute, high, highAttribute) = sign > 0
                    ? (items[k - 1], centering ? center : end, items[k], centering ? center : start)
                    : (items[k], centering ? center : start, items[k - 1], centering ? center : end)
                add(spacer, horizontal ? .left : .top, .equal, low, lowAttribute, "distributing-edge")
                add(spacer, horizontal ? .right : .bottom, .equal, high, highAttribute, "distributing-edge")
                // Centers evenly apart where the spacing allows it (below the canvas fit: a stack free to choose is no longer than its views and spacing need).
                if let first { add(spacer, length, .equal, first, length, priority: centering ? 40 : 1000, "fill-equally") } else { first = spacer }
            }
            // Unless held longer, the stack is no longer than its views and the least spacing.
            add(canvas, length, .equal, nil, nil, priority: 49, "canvas-fit")
        }
        // Views without a length of their own: the first of them takes the room left (UIKit's ambiguity suppression).
        for k in items.indices where lengths[k] == nil {
            add(items[k], length, .equal, nil, nil, priority: 25 + Double(k) * 1e-3, "ambiguity-suppression")
        }

        // Across the axis.
        var alignment = stack.alignment
        if !horizontal && (alignment == .firstBaseline || alignment == .lastBaseline) { alignment = .fill }
        for (k, item) in items.enumerated() {
            let hasCross = own(k, !horizontal) != nil
            switch alignment {
            case .fill:
                add(item, lead, .equal, canvas, lead, "alignment"); add(item, trail, .equal, canvas, trail, "alignment")
                continue
            case .leading, .top:
                add(item, lead, .equal, canvas, lead, "alignment")
            case .trailing, .bottom:
                add(item, trail, .equal, canvas, trail, "alignment")
            case .center:
                add(item, middle, .equal, canvas, middle, "alignment")
            case .firstBaseline, .lastBaseline:
                let baseline: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if k > 0 { add(item, baseline, .equal, items[0], baseline, "alignment") }
                add(item, .top, .equal, canvas, .top, priority: 1, "spanning-fit")
            }
            // Inside the arrangement, with a view without a size of its own spanning it.
            add(item, lead, rtl && !horizontal ? .lessThanOrEqual : .greaterThanOrEqual, canvas, lead, "spanning-boundary")
            add(item, trail, rtl && !horizontal ? .greaterThanOrEqual : .lessThanOrEqual, canvas, trail, "spanning-boundary")
            if !hasCross { add(item, cross, .equal, canvas, cross, priority: 25, "ambiguity-suppression") }
        }
        // A stack that does not fill across hugs its tallest (or widest) view, unless held otherwise.
        if alignment != .fill { add(canvas, cross, .equal, nil, nil, priority: 49, "canvas-fit") }
    }
}

import TintypeModel

/// UIStackView's arrangement as a pure function: the arranged views' own sizes and priorities in,
/// frames out (relative to the arrangement rectangle), no text or pixels involved.
///
/// Along the axis (distribution):
/// - fill: own lengths; space left over goes to the view that hugs least (a view with no length of
///   its own first), space missing comes out of the views that resist compression least, lowest
///   priority first. Ties go by index, as UIKit's docs promise: the first view stretches, the last
///   one shrinks first. Nothing is made negative; whatever cannot give way overflows the end.
/// - fillEqually: one length for all. fillProportionally: lengths in proportion to own lengths.
/// - equalSpacing: own lengths, the leftover split evenly between neighbours (never below `spacing`).
/// - equalCentering: own lengths, centers evenly apart, falling back to equalSpacing when that would
///   bring neighbours closer than `spacing`.
/// Across the axis (alignment): fill, leading/top, center, trailing/bottom, or baselines lined up
/// (horizontal stacks; a vertical stack fills instead, as UIKit does).
/// Under right-to-left, a horizontal stack runs from the right and a vertical stack's leading and
/// trailing swap.
struct StackLayout {
    struct Item: Equatable {
        /// Own length along the axis; nil when the view has none (a plain view).
        var length: Double?
        /// Own size across the axis; nil when the view has none (it then takes the whole cross).
        var cross: Double?
        var hugging: Double = 250
        var compression: Double = 750
        /// Baselines below the top at the own height (horizontal stacks); nil: the bottom.
        var firstBaseline: Double?
        var lastBaseline: Double?
    }

    var axis: StackView.Axis
    var distribution: StackView.Distribution = .fill
    var alignment: StackView.Alignment = .fill
    var spacing: Double = 0
    var direction: LayoutDirection = .leftToRight

    /// Spacing never overlaps a view by more than its own length.
    func effectiveSpacing(_ lengths: [Double]) -> Double {
        guard spacing < 0, let shortest = lengths.min() else { return spacing }
        return max(spacing, -shortest)
    }

    /// Lengths along the axis and their starts, in an arrangement `available` long.
    func mainAxis(_ items: [Item], available: Double) -> [(start: Double, length: Double)] {
        let n = items.count
        guard n > 0 else { return [] }
        let own = items.map { $0.length ?? 0 }
        let space = effectiveSpacing(own)
        let gaps = space * Double(n - 1)
        var lengths = own
        switch distribution {
        case .fill:
            lengths = Self.fit(items, lengths: own, to: available - gaps)
        case .fillEqually:
            lengths = Array(repeating: max(0, (available - gaps) / Double(n)), count: n)
        case .fillProportionally:
            let total = own.reduce(0, +)
            let room = max(0, available - gaps)
            lengths = total > 0 ? own.map { $0 * room / total } : Array(repeating: room / Double(n), count: n)
        case .equalSpacing, .equalCentering:
            let total = own.reduce(0, +)
            if total + gaps > available { lengths = Self.fit(items, lengths: own, to: available - gaps) }
        }
        var starts: [Double] = []
        switch distribution {
        case .equalSpacing, .equalCentering:
            let total = lengths.reduce(0, +)
            let even = n > 1 ? max(space, (available - total) / Double(n - 1)) : 0
            var centered: [Double]?
            if distribution == .equalCentering, n > 1 {
                let step = (available - lengths[0] / 2 - lengths[n - 1] / 2) / Double(n - 1)
                let centers = (0..<n).map { lengths[0] / 2 + Double($0) * step }
                var ok = true
                for k in 0..<(n - 1) {
                    let gap: Double = (centers[k + 1] - lengths[k + 1] / 2) - (centers[k] + lengths[k] / 2)
                    if gap < space - 1e-9 { ok = false }
                }
                if ok { centered = zip(centers, lengths).map { $0 - $1 / 2 } }
            }
            if let centered { starts = centered } else {
                var x = 0.0
                for l in lengths { starts.append(x); x += l + even }
            }
        default:
            var x = 0.0
            for l in lengths { starts.append(x); x += l + space }
        }
        return zip(starts, lengths).map { ($0, $1) }
    }

    /// Grows or shrinks `lengths` to `target` (their sum) by hugging and compression priorities.
    static func fit(_ items: [Item], lengths: [Double], to target: Double) -> [Double] {
        var out = lengths
        let sum = lengths.reduce(0, +)
        if sum < target {
            // A view without a length of its own takes the space first, then the lowest hugging priority.
            let order = items.indices.sorted { a, b in
                let ka = (items[a].length == nil ? 0 : 1, items[a].hugging), kb = (items[b].length == nil ? 0 : 1, items[b].hugging)
                return ka != kb ? ka < kb : a < b
            }
            if let first = order.first { out[first] += target - sum }
        } else if sum > target {
            var deficit = sum - target
            let order = items.indices.sorted { a, b in
                items[a].compression != items[b].compression ? items[a].compression < items[b].compression : a > b
            }
            for i in order where deficit > 0 {
                let take = min(out[i], deficit)
                out[i] -= take
                deficit -= take
            }
        }
        return out
    }

    /// The frames of `items` in an arrangement of `size` (origin at zero), given the lengths from
    /// `mainAxis` and each view's cross size at its length.
    func frames(_ items: [Item], size: Size) -> [Rect] {
        let horizontal = axis == .horizontal
        let main = mainAxis(items, available: horizontal ? size.width : size.height)
        let crossLength = horizontal ? size.height : size.width
        let rtl = direction == .rightToLeft
        // Cross placement.
        var align = alignment
        if !horizontal && (align == .firstBaseline || align == .lastBaseline) { align = .fill }
        let baselines: [Double] = items.map { item in
            let h = item.cross ?? crossLength
            return (align == .lastBaseline ? item.lastBaseline : item.firstBaseline) ?? h
        }
        let topBaseline = baselines.max() ?? 0
        var out: [Rect] = []
        for (i, item) in items.enumerated() {
            let c = align == .fill ? crossLength : (item.cross ?? crossLength)
            let pos: Double
            switch align {
            case .fill: pos = 0
            case .center: pos = (crossLength - c) / 2
            case .top: pos = 0
            case .bottom: pos = crossLength - c
            case .leading: pos = horizontal || !rtl ? 0 : crossLength - c
            case .trailing: pos = horizontal ? crossLength - c : (rtl ? 0 : crossLength - c)
            case .firstBaseline, .lastBaseline: pos = topBaseline - baselines[i]
            }
            let (start, length) = main[i]
            if horizontal {
                let x = rtl ? size.width - start - length : start
                out.append(Rect(x: x, y: pos, width: length, height: c))
            } else {
                out.append(Rect(x: pos, y: start, width: c, height: length))
            }
        }
        return out
    }

    /// The arrangement's own size: what the stack asks for when nothing constrains it.
    func fittingSize(_ items: [Item]) -> Size {
        let n = items.count
        guard n > 0 else { return .zero }
        let own = items.map { $0.length ?? 0 }
        let gaps = effectiveSpacing(own) * Double(n - 1)
        let length: Double = switch distribution {
        case .fillEqually: (own.max() ?? 0) * Double(n) + gaps
        default: own.reduce(0, +) + gaps
        }
        var cross = items.map { $0.cross ?? 0 }.max() ?? 0
        if axis == .horizontal && (alignment == .firstBaseline || alignment == .lastBaseline) {
            let b = items.map { (alignment == .lastBaseline ? $0.lastBaseline : $0.firstBaseline) ?? ($0.cross ?? 0) }
            let above = b.max() ?? 0
            let below = zip(items, b).map { ($0.cross ?? 0) - $1 }.max() ?? 0
            cross = max(cross, above + below)
        }
        return axis == .horizontal ? Size(width: max(0, length), height: cross) : Size(width: cross, height: max(0, length))
    }
}

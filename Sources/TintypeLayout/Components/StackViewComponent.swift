import TintypeModel

/// UIStackView: measures its arranged subviews (`Measure`), arranges them (`StackLayout`, a pure
/// function of those sizes and priorities), and draws each at its frame, origins and edges on
/// device pixels. Hidden arranged views take no space. With `isLayoutMarginsRelativeArrangement`
/// the arrangement is the bounds inset by the layout margins (8 by default, from the safe area).
struct StackViewComponent: ViewComponent {
    let stack: StackView

    /// Pinned by one edge, a stack takes its own size (as Auto Layout gives it from its arranged views).
    var sizesItselfBetweenOnePin: Bool { true }

    func measure(_ view: View, width offer: Double?, env: Environment, context: LayoutContext) throws(RenderError) -> Measured {
        try StackArrangement(stack: stack, view: view, env: env, context: context).fittingSize(width: offer)
    }

    func draw(_ view: View, frame: Rect, env: Environment, context: LayoutContext) throws(RenderError) -> [DisplayItem] {
        try StackArrangement(stack: stack, view: view, env: env, context: context).items(frame: frame)
    }
}

/// One stack view's arrangement, in its environment.
struct StackArrangement {
    let stack: StackView
    let view: View
    let env: Environment
    let context: LayoutContext

    var visible: [(index: Int, view: View)] {
        stack.arrangedSubviews.enumerated().filter { !$0.element.isHidden }.map { ($0.offset, $0.element) }
    }

    var layout: StackLayout {
        StackLayout(axis: stack.axis, distribution: stack.distribution, alignment: stack.alignment, spacing: stack.spacing, direction: env.layoutDirection)
    }

    /// The margins the arrangement keeps from the bounds of a stack at `frame` (nil: not placed yet).
    func margins(frame: Rect?) -> EdgeInsets {
        guard stack.isLayoutMarginsRelativeArrangement else { return .zero }
        var m = (view.layoutMargins ?? .default).insets(env.layoutDirection)
        if view.insetsLayoutMarginsFromSafeArea, let frame {
            let s = env.safeAreaInsets(of: frame)
            m = EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        return m
    }

    func childEnv(_ i: Int) -> Environment {
        var e = env
        e.path = env.path + ".arrangedSubviews[\(i)]"
        return e
    }

    /// Each visible view's own size and priorities; `crossOffer` is the room across the axis when
    /// known (a vertical stack's width wraps its labels).
    func items(crossOffer: Double?) throws(RenderError) -> [StackLayout.Item] {
        let measure = context.measuring
        var out: [StackLayout.Item] = []
        for (i, v) in visible {
            let m = try measure.size(v, width: stack.axis == .vertical ? crossOffer : nil, env: childEnv(i).child(for: v))
            out.append(item(v, m))
        }
        // Negative spacing may overlap neighbours, but not by more than the shortest of them.
        if stack.spacing < 0, let (k, shortest) = out.enumerated().compactMap({ e in e.element.length.map { (e.offset, $0) } }).min(by: { $0.1 < $1.1 }),
           -stack.spacing > shortest + 1e-9 {
            throw RenderError(path: env.path + ".spacing",
                              message: "spacing \(format(stack.spacing)) overlaps arrangedSubviews[\(visible[k].index)] by more than its own "
                                  + "\(stack.axis == .horizontal ? "width" : "height") (\(format(shortest)) points); use -\(format(shortest)) or more")
        }
        return out
    }

    /// Says, for --verbose, when the arranged views need more room than the stack has: the view of
    /// lowest compression resistance (the last of equals) gives way, as Auto Layout lets it.
    func noteOverflow(_ items: [StackLayout.Item], available: Double) {
        let own = items.map { $0.length ?? 0 }
        let need = own.reduce(0, +) + layout.effectiveSpacing(own) * Double(max(0, items.count - 1))
        guard need > available + 0.5, let giver = items.indices.min(by: {
            items[$0].compression < items[$1].compression || (items[$0].compression == items[$1].compression && $0 > $1)
        }) else { return }
        let axis = stack.axis == .horizontal ? "wide" : "tall"
        env.notes.add(env.path, "the arranged views need \(format(need)) points and the stack is \(format(available)) \(axis); "
                      + "arrangedSubviews[\(visible[giver].index)] (compression resistance \(format(items[giver].compression))) gives way")
    }

    func item(_ v: View, _ m: Measured) -> StackLayout.Item {
        let h = stack.axis == .horizontal
        return StackLayout.Item(
            length: h ? (m.hasWidth ? m.size.width : nil) : (m.hasHeight ? m.size.height : nil),
            cross: h ? (m.hasHeight ? m.size.height : nil) : (m.hasWidth ? m.size.width : nil),
            hugging: v.contentHuggingPriority.value(stack.axis) ?? v.kind.component.defaultHugging,
            compression: v.contentCompressionResistancePriority.value(stack.axis) ?? 750,
            firstBaseline: m.firstBaseline, lastBaseline: m.lastBaseline)
    }

    /// Frames of the visible arranged views in an arrangement of `size` at the origin. In a
    /// horizontal stack a view given less (or more) than its own width is measured again at the
    /// width it got, so a wrapping label grows taller.
    func frames(in size: Size) throws(RenderError) -> [Rect] {
        var items = try items(crossOffer: size.width)
        noteOverflow(items, available: stack.axis == .horizontal ? size.width : size.height)
        if stack.axis == .horizontal {
            let main = layout.mainAxis(items, available: size.width)
            let measure = context.measuring
            for (k, (i, v)) in visible.enumerated() where main[k].length != (items[k].length ?? -1) {
                guard case .label(let l) = v.kind, l.numberOfLines != 1 else { continue }
                let m = try measure.size(v, width: main[k].length, env: childEnv(i).child(for: v))
                items[k].cross = m.size.height
                items[k].firstBaseline = m.firstBaseline
                items[k].lastBaseline = m.lastBaseline
            }
        }
        return layout.frames(items, size: size)
    }

    /// What the stack asks for, offered `width`.
    func fittingSize(width offer: Double?) throws(RenderError) -> Measured {
        let m = margins(frame: nil)
        let inner = offer.map { max(0, $0 - m.left - m.right) }
        var size = layout.fittingSize(try items(crossOffer: inner))
        if stack.axis == .horizontal, let inner {
            // Labels that wrap at the widths they get make the row taller.
            let frames = try frames(in: Size(width: inner, height: size.height))
            size.height = max(size.height, frames.map(\.maxY).max() ?? 0)
        }
        return Measured(size: Size(width: size.width + m.left + m.right, height: size.height + m.top + m.bottom))
    }

    func items(frame: Rect) throws(RenderError) -> [DisplayItem] {
        // Arranged views solved with the hierarchy's constraints (ConstraintLayout: StackConstraints).
        let solved = visible.map { env.solved[env.path + ".arrangedSubviews[\($0.index)]"] }
        let rects: [Rect]
        if !solved.isEmpty, solved.allSatisfy({ $0 != nil }) {
            // Edges on device pixels, as the stack puts the frames it arranges itself.
            rects = solved.compactMap { $0.map { snap($0.frame(in: frame, scale: env.scale), to: Point(x: 0, y: 0)) } }
        } else {
            let content = frame.inset(by: margins(frame: frame))
            rects = try frames(in: content.size).map { snap($0, to: content.origin) }
        }
        var out: [DisplayItem] = []
        for ((i, v), r) in zip(visible, rects) {
            var child = v
            child.frame = nil
            child.layout = nil
            // Its constraints are solved already: the frame is the one the stack gives it.
            child.constraints = []
            out += try context.layout(child, in: r, parent: env, path: env.path + ".arrangedSubviews[\(i)]")
        }
        return out
    }

    /// `r` (relative to `origin`) in absolute points, its edges on device pixels.
    func snap(_ r: Rect, to origin: Point) -> Rect {
        func s(_ v: Double) -> Double { (v * env.scale).rounded() / env.scale }
        let x0 = s(origin.x + r.minX), y0 = s(origin.y + r.minY), x1 = s(origin.x + r.maxX), y1 = s(origin.y + r.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension Environment {
    /// This environment with `view`'s own direction (semanticContentAttribute) applied.
    func child(for view: View) -> Environment {
        var e = self
        e.layoutDirection = view.semanticContentAttribute.direction(inherited: layoutDirection)
        return e
    }
}

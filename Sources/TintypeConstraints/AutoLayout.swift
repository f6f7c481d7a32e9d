/// A rectangle in points, as the layout gives frames.
public struct LayoutRect: Hashable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var description: String { "(\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height)))" }
}

/// Distances from a rectangle's edges inward (a view's layout margins), left and right as laid out.
public struct LayoutInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = LayoutInsets()
}

/// NSLayoutConstraint.Attribute, as Interface Builder writes them.
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    public enum Axis: Sendable { case horizontal, vertical }
    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
             .leadingMargin, .trailingMargin, .centerXWithinMargins: .horizontal
        default: .vertical
        }
    }
    /// Width and height: sizes, which pair only with sizes.
    public var isSize: Bool { self == .width || self == .height }
    /// Leading and trailing (and their margins): edges that follow the layout direction.
    public var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }
    /// Left and right (and their margins): edges that do not.
    public var isAbsoluteHorizontalEdge: Bool { [.left, .right, .leftMargin, .rightMargin].contains(self) }
}

/// A layout direction: leading is left, or right under right-to-left.
public enum LayoutFlow: Sendable { case leftToRight, rightToLeft }

/// Auto Layout over items (views and layout guides): each item's frame is four unknowns (minX,
/// minY, width, height, as UIKit's engine keeps them), each attribute a linear expression of them,
/// and each constraint `first.attribute relation multiplier × second.attribute + constant`.
///
/// ```swift
/// var layout = AutoLayout()
/// let root = layout.addItem(.init(name: "UIView:root", frame: LayoutRect(x: 0, y: 0, width: 375, height: 667)))
/// let label = layout.addItem(.init(name: "UILabel:title", intrinsicSize: (120, 20.5)))
/// layout.add(.init(label, .leading, .equal, root, .leading, constant: 16))
/// layout.add(.init(label, .top, .equal, root, .top, constant: 20))
/// let solution = layout.solve()   // solution.frames[label.index] == (16, 20, 120, 20.5)
/// ```
public struct AutoLayout: Sendable {
    public struct ItemID: Hashable, Comparable, Sendable {
        public let index: Int
        public static func < (a: ItemID, b: ItemID) -> Bool { a.index < b.index }
    }

    /// A view or a layout guide.
    public struct Item: Sendable {
        /// How reports name it: `UILabel:title`, as UIKit's log names `UILabel:0x7f…`.
        public var name: String
        /// A frame given rather than solved for (the root view, a guide the screen decides).
        public var frame: LayoutRect?
        /// For the margin attributes.
        public var margins: LayoutInsets
        /// The first baseline's distance from the top and the last baseline's from the bottom;
        /// nil for a view without text, whose baselines are its bottom (as UIView's).
        public var firstBaselineFromTop: Double?
        public var lastBaselineFromBottom: Double?
        /// The content's own size per axis (nil: none, UIView.noIntrinsicMetric), held at the
        /// hugging (not larger) and compression-resistance (not smaller) priorities.
        public var intrinsicWidth: Double?
        public var intrinsicHeight: Double?
        public var huggingHorizontal: Priority, huggingVertical: Priority
        public var compressionHorizontal: Priority, compressionVertical: Priority

        public init(name: String, frame: LayoutRect? = nil, margins: LayoutInsets = .zero,
                    firstBaselineFromTop: Double? = nil, lastBaselineFromBottom: Double? = nil,
                    intrinsicSize: (width: Double?, height: Double?) = (nil, nil),
                    hugging: (horizontal: Priority, vertical: Priority) = (.defaultLow, .defaultLow),
                    compressionResistance: (horizontal: Priority, vertical: Priority) = (.defaultHigh, .defaultHigh)) {
            self.name = name; self.frame = frame; self.margins = margins
            self.firstBaselineFromTop = firstBaselineFromTop; self.lastBaselineFromBottom = lastBaselineFromBottom
            self.intrinsicWidth = intrinsicSize.width; self.intrinsicHeight = intrinsicSize.height
            self.huggingHorizontal = hugging.horizontal; self.huggingVertical = hugging.vertical
            self.compressionHorizontal = compressionResistance.horizontal; self.compressionVertical = compressionResistance.vertical
        }
    }

    /// `first.firstAttribute relation multiplier × second.secondAttribute + constant`, or
    /// `first.firstAttribute relation constant` without a second item (sizes only).
    public struct LayoutConstraint: Sendable {
        public var first: ItemID
        public var firstAttribute: LayoutAttribute
        public var relation: Relation
        public var second: ItemID?
        public var secondAttribute: LayoutAttribute?
        public var multiplier: Double
        public var constant: Double
        public var priority: Priority
        /// The constraint's name in reports (Interface Builder's id, an identifier).
        public var identifier: String?

        public init(_ first: ItemID, _ firstAttribute: LayoutAttribute, _ relation: Relation,
                    _ second: ItemID? = nil, _ secondAttribute: LayoutAttribute? = nil,
                    multiplier: Double = 1, constant: Double = 0, priority: Priority = .required, identifier: String? = nil) {
            self.first = first; self.firstAttribute = firstAttribute; self.relation = relation
            self.second = second; self.secondAttribute = second == nil ? nil : (secondAttribute ?? firstAttribute)
            self.multiplier = multiplier; self.constant = constant; self.priority = priority; self.identifier = identifier
        }
    }

    /// What the layout could not do as asked: a conflict, with UIKit's wording of it.
    public struct Unsatisfiable: Sendable, Equatable, CustomStringConvertible {
        /// UIKit's descriptions of the constraints involved (the broken one among them, last) and of the one broken.
        public var involved: [String]
        public var broken: String
        /// The broken constraint's index in `AutoLayout.constraints`; nil when it was a content size.
        public var brokenIndex: Int? = nil
        public var description: String {
            var s = "Unable to simultaneously satisfy constraints.\n"
            s += "\tProbably at least one of the constraints in the following list is one you don't want.\n"
            s += "(\n" + involved.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
            s += "Will attempt to recover by breaking constraint \n\(broken)"
            return s
        }
    }

    /// A frame the constraints do not decide.
    public struct Ambiguity: Sendable, Equatable, CustomStringConvertible {
        public var item: ItemID
        public var name: String
        /// Which of "x", "y", "width", "height" can move.
        public var free: [String]
        public var description: String { "\(name) has an ambiguous layout: its \(free.joined(separator: ", ")) \(free.count == 1 ? "is" : "are") not determined" }
    }

    public struct Solution: Sendable {
        /// Every item's frame, by `ItemID.index`.
        public var frames: [LayoutRect]
        /// Required constraints that could not all hold, each broken as it was met.
        public var unsatisfiable: [Unsatisfiable]
        /// A constraint UIKit refuses outright (attributes that do not pair): not added.
        public var invalid: [String]
    }

    public var direction: LayoutFlow
    public private(set) var items: [Item] = []
    public private(set) var constraints: [LayoutConstraint] = []

    public init(direction: LayoutFlow = .leftToRight) { self.direction = direction }

    public mutating func addItem(_ item: Item) -> ItemID {
        items.append(item)
        return ItemID(index: items.count - 1)
    }

    public mutating func add(_ constraint: LayoutConstraint) { constraints.append(constraint) }

    /// Why UIKit would refuse the constraint (NSInvalidArgumentException), or nil.
    public static func problem(with c: LayoutConstraint) -> String? {
        guard let second = c.secondAttribute, c.second != nil else {
            return c.firstAttribute.isSize ? nil
                : "a constraint on \(c.firstAttribute.rawValue) needs a second item: a location cannot equal a constant"
        }
        let a = c.firstAttribute, b = second
        if a.isSize != b.isSize {
            return "\(a.rawValue) and \(b.rawValue) do not pair: a size relates only to a size, a location only to a location"
        }
        if !a.isSize && a.axis != b.axis {
            return "\(a.rawValue) and \(b.rawValue) do not pair: they lie on different axes"
        }
        if (a.isDirectional && b.isAbsoluteHorizontalEdge) || (b.isDirectional && a.isAbsoluteHorizontalEdge) {
            return "\(a.rawValue) and \(b.rawValue) do not pair: leading and trailing do not mix with left and right"
        }
        if !a.isSize && c.multiplier == 0 {
            return "a multiplier of 0 makes \(a.rawValue) equal to a constant"
        }
        return nil
    }

    // MARK: Solving

    /// Solves each item's intrinsic size at its hugging and compression-resistance priorities, then
    /// every constraint in the order added (a required one that conflicts with those before it is
    /// broken: left out, and reported).
    public func solve() -> Solution {
        var engine = Engine(self)
        return engine.run()
    }

    /// The items whose frames the constraints leave undecided (UIView.hasAmbiguousLayout), with
    /// which of their four numbers are free. Fixed items are never ambiguous.
    public func ambiguities() -> [Ambiguity] {
        var engine = Engine(self)
        _ = engine.run()
        let free = Set(engine.solver.ambiguousVariables(engine.unknowns).map(\.index))
        var out: [Ambiguity] = []
        for (i, item) in items.enumerated() {
            guard let vars = engine.variables[i] else { continue }
            let names = zip(["x", "y", "width", "height"], [vars.x, vars.y, vars.w, vars.h]).filter { free.contains($0.1.index) }.map(\.0)
            if !names.isEmpty { out.append(Ambiguity(item: ItemID(index: i), name: item.name, free: names)) }
        }
        return out
    }

    /// Solves as `solve()` does, and finds the items the constraints leave undecided in the same
    /// pass. Each ambiguous item named in `rests` is then held, below every priority, at the origin
    /// of the item it names (its superview), where UIKit's engine leaves a view nothing places:
    /// its frame is the superview's origin rather than the window's.
    public func solveFindingAmbiguities(rests: [ItemID: ItemID] = [:]) -> (solution: Solution, ambiguities: [Ambiguity]) {
        var engine = Engine(self)
        var solution = engine.run()
        let free = Set(engine.solver.ambiguousVariables(engine.unknowns).map(\.index))
        var out: [Ambiguity] = []
        for (i, item) in items.enumerated() {
            guard let vars = engine.variables[i] else { continue }
            let names = zip(["x", "y", "width", "height"], [vars.x, vars.y, vars.w, vars.h]).filter { free.contains($0.1.index) }.map(\.0)
            if names.isEmpty { continue }
            out.append(Ambiguity(item: ItemID(index: i), name: item.name, free: names))
            guard let parent = rests[ItemID(index: i)] else { continue }
            for (variable, attribute) in [(vars.x, LayoutAttribute.left), (vars.y, .top)] where free.contains(variable.index) {
                engine.solver.add(Constraint(Expression(variable), .equal, engine.expression(parent.index, attribute), priority: .probe))
            }
        }
        if !out.isEmpty { solution.frames = engine.frames() }
        return (solution, out)
    }

    /// UIKit's description of a constraint: `UILabel:title.leading == UIView:root.leadingMargin + 20`.
    public func describe(_ c: LayoutConstraint) -> String {
        var s = c.identifier.map { "<NSLayoutConstraint:\($0) " } ?? "<NSLayoutConstraint "
        s += "\(items[c.first.index].name).\(c.firstAttribute.rawValue) \(c.relation.rawValue) "
        if let second = c.second, let attr = c.secondAttribute {
            s += (c.multiplier == 1 ? "" : fmt(c.multiplier) + "*") + "\(items[second.index].name).\(attr.rawValue)"
            if c.constant != 0 { s += c.constant < 0 ? " - \(fmt(-c.constant))" : " + \(fmt(c.constant))" }
        } else {
            s += fmt(c.constant)
        }
        if !c.priority.isRequired { s += " @\(c.priority)" }
        return s + "   (active)>"
    }

    /// One solve: the solver with each unfixed item's unknowns.
    struct Engine {
        let layout: AutoLayout
        var solver = Solver()
        var variables: [(x: Variable, y: Variable, w: Variable, h: Variable)?] = []
        var unknowns: [Variable] = []

        init(_ layout: AutoLayout) {
            self.layout = layout
            for item in layout.items {
                if item.frame != nil { variables.append(nil); continue }
                let v = (solver.addVariable(item.name + ".minX"), solver.addVariable(item.name + ".minY"),
                         solver.addVariable(item.name + ".width"), solver.addVariable(item.name + ".height"))
                variables.append(v)
                unknowns += [v.0, v.1, v.2, v.3]
            }
        }

        mutating func run() -> Solution {
            var unsatisfiable: [Unsatisfiable] = []
            var invalid: [String] = []
            // What each constraint in the solver came from, by its id, to describe it only when a
            // report needs it: a layout constraint's index, or an item's content size (-1 - item).
            var origins: [Int] = []
            func describe(_ origin: Int) -> String {
                if origin >= 0 { return layout.describe(layout.constraints[origin]) }
                let item = layout.items[-1 - origin]
                let w = item.intrinsicWidth.map { "\(item.name).width == \(fmt($0)) Hug:\(item.huggingHorizontal) CompressionResistance:\(item.compressionHorizontal)" }
                let h = item.intrinsicHeight.map { "\(item.name).height == \(fmt($0)) Hug:\(item.huggingVertical) CompressionResistance:\(item.compressionVertical)" }
                return "<NSContentSizeLayoutConstraint " + [w, h].compactMap { $0 }.joined(separator: ", ") + ">"
            }
            func add(_ c: Constraint, origin: Int) {
                switch solver.add(c) {
                case .added: origins.append(origin)
                case .broken(let conflict):
                    var involved = conflict.involvedIDs.map { describe(origins[$0.index]) }
                    involved.append(describe(origin))
                    unsatisfiable.append(Unsatisfiable(involved: involved, broken: describe(origin), brokenIndex: origin >= 0 ? origin : nil))
                }
            }
            // Content sizes first: in that order most constraints find the solution already optimal
            // and add no pivots (a chain of 250 labels: 14 ms instead of 300). They are never required
            // unless a priority says so, so a conflict still breaks the constraint that causes it.
            for (i, item) in layout.items.enumerated() {
                guard let v = variables[i] else { continue }
                for (size, variable, hug, resist) in [
                    (item.intrinsicWidth, v.w, item.huggingHorizontal, item.compressionHorizontal),
                    (item.intrinsicHeight, v.h, item.huggingVertical, item.compressionVertical),
                ] {
                    guard let size else { continue }
                    add(Constraint(Expression(variable), .lessThanOrEqual, Expression(constant: size), priority: hug), origin: -1 - i)
                    add(Constraint(Expression(variable), .greaterThanOrEqual, Expression(constant: size), priority: resist), origin: -1 - i)
                }
            }
            for (n, c) in layout.constraints.enumerated() {
                if let problem = AutoLayout.problem(with: c) {
                    invalid.append("\(layout.describe(c)): \(problem)")
                    continue
                }
                add(constraint(c), origin: n)
            }
            return Solution(frames: frames(), unsatisfiable: unsatisfiable, invalid: invalid)
        }

        /// Every item's frame in the current solution.
        func frames() -> [LayoutRect] {
            layout.items.indices.map { i -> LayoutRect in
                if let f = layout.items[i].frame { return f }
                let v = variables[i]!
                return LayoutRect(x: solver.value(v.x), y: solver.value(v.y), width: solver.value(v.w), height: solver.value(v.h))
            }
        }

        /// The solver's constraint for a layout constraint: under right-to-left, leading and trailing
        /// become right and left, and the constraint is mirrored (its constant negated, ≤ and ≥ swapped).
        func constraint(_ c: LayoutConstraint) -> Constraint {
            var a = c.firstAttribute, b = c.secondAttribute
            var relation = c.relation, constant = c.constant
            if layout.direction == .rightToLeft && (a.isDirectional || b?.isDirectional == true) {
                a = Self.mirrored(a); b = b.map(Self.mirrored)
                relation = relation.flipped; constant = -constant
            }
            var rhs = Expression(constant: constant)
            if let second = c.second, let b {
                rhs = c.multiplier * expression(second.index, b) + constant
            }
            return Constraint(expression(c.first.index, a), relation, rhs, priority: c.priority)
        }

        static func mirrored(_ a: LayoutAttribute) -> LayoutAttribute {
            switch a {
            case .leading: .right
            case .trailing: .left
            case .leadingMargin: .rightMargin
            case .trailingMargin: .leftMargin
            default: a
            }
        }

        /// An attribute of an item as a linear expression of its unknowns (or a constant when its frame is given).
        func expression(_ item: Int, _ attribute: LayoutAttribute) -> Expression {
            // Most attributes of an item with unknowns, written out directly (no arrays joined).
            if layout.items[item].frame == nil, let v = variables[item] {
                let m = layout.items[item].margins
                let rtl = layout.direction == .rightToLeft
                switch attribute {
                case .left: return Expression([Term(v.x)])
                case .top: return Expression([Term(v.y)])
                case .width: return Expression([Term(v.w)])
                case .height: return Expression([Term(v.h)])
                case .right: return Expression([Term(v.x), Term(v.w)])
                case .bottom: return Expression([Term(v.y), Term(v.h)])
                case .centerX: return Expression([Term(v.x), Term(v.w, 0.5)])
                case .centerY: return Expression([Term(v.y), Term(v.h, 0.5)])
                case .leading: return rtl ? Expression([Term(v.x), Term(v.w)]) : Expression([Term(v.x)])
                case .trailing: return rtl ? Expression([Term(v.x)]) : Expression([Term(v.x), Term(v.w)])
                case .leftMargin: return Expression([Term(v.x)], constant: m.left)
                case .topMargin: return Expression([Term(v.y)], constant: m.top)
                case .rightMargin: return Expression([Term(v.x), Term(v.w)], constant: -m.right)
                case .bottomMargin: return Expression([Term(v.y), Term(v.h)], constant: -m.bottom)
                default: break
                }
            }
            let it = layout.items[item]
            let x, y, w, h: Expression
            if let f = it.frame {
                x = Expression(constant: f.x); y = Expression(constant: f.y)
                w = Expression(constant: f.width); h = Expression(constant: f.height)
            } else {
                let v = variables[item]!
                x = Expression(v.x); y = Expression(v.y); w = Expression(v.w); h = Expression(v.h)
            }
            let m = it.margins
            let rtl = layout.direction == .rightToLeft
            switch attribute {
            case .left: return x
            case .right: return x + w
            case .top: return y
            case .bottom: return y + h
            case .leading: return rtl ? x + w : x
            case .trailing: return rtl ? x : x + w
            case .width: return w
            case .height: return h
            case .centerX: return x + 0.5 * w
            case .centerY: return y + 0.5 * h
            case .firstBaseline: return it.firstBaselineFromTop.map { y + $0 } ?? y + h
            case .lastBaseline: return y + h - (it.lastBaselineFromBottom ?? 0)
            case .leftMargin: return x + m.left
            case .rightMargin: return x + w - m.right
            case .topMargin: return y + m.top
            case .bottomMargin: return y + h - m.bottom
            case .leadingMargin: return rtl ? x + w - m.right : x + m.left
            case .trailingMargin: return rtl ? x + m.left : x + w - m.right
            case .centerXWithinMargins: return x + m.left + 0.5 * (w - m.left - m.right)
            case .centerYWithinMargins: return y + m.top + 0.5 * (h - m.top - m.bottom)
            }
        }
    }
}

/// A number as reports show it: whole numbers without a fraction, others to at most 4 places.
func fmt(_ v: Double) -> String {
    if v.rounded() == v, abs(v) < 1e15 { return String(Int(v)) }
    return String(format4: v)
}

extension String {
    /// `v` with at most four decimals and no trailing zeros, without Foundation.
    init(format4 v: Double) {
        let scaled = (v * 10000).rounded()
        let negative = scaled < 0
        let n = Int(abs(scaled))
        var frac = String(n % 10000)
        frac = String(repeating: "0", count: 4 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        self = (negative ? "-" : "") + String(n / 10000) + (frac.isEmpty ? "" : "." + frac)
    }
}

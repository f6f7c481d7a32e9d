/// An unknown of a `Solver` (a view's left edge, its width, …), made by `Solver.addVariable(_:)`.
public struct Variable: Hashable, Comparable, Sendable {
    /// The order it was made in: the first variable of a solver is 0.
    public let index: Int
    public static func < (a: Variable, b: Variable) -> Bool { a.index < b.index }
}

/// `coefficient × variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double
    public init(_ variable: Variable, _ coefficient: Double = 1) { self.variable = variable; self.coefficient = coefficient }
}

/// A linear expression, `Σ coefficient × variable + constant`.
///
/// ```swift
/// let right = Expression([Term(left), Term(width)])                 // left + width
/// let center = Expression([Term(left), Term(width, 0.5)])           // left + width / 2
/// let inset = Expression(left).adding(Expression(constant: 16))     // left + 16
/// ```
///
/// Its arithmetic operators are internal: public operator overloads on a type would join every
/// `+` and `*` a client module type-checks, which slows (and can defeat) the type checker on long
/// arithmetic elsewhere.
public struct Expression: Hashable, Sendable {
    /// The terms in the order given; a variable may appear more than once (the solver adds them up).
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) { self.terms = terms; self.constant = constant }
    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    /// `self + other`.
    public func adding(_ other: Expression) -> Expression {
        Expression(terms + other.terms, constant: constant + other.constant)
    }
    /// `k × self`.
    public func scaled(by k: Double) -> Expression {
        Expression(terms.map { Term($0.variable, $0.coefficient * k) }, constant: constant * k)
    }

    static func + (a: Expression, b: Expression) -> Expression { a.adding(b) }
    static func - (a: Expression, b: Expression) -> Expression { a.adding(b.scaled(by: -1)) }
    static func + (a: Expression, b: Double) -> Expression { Expression(a.terms, constant: a.constant + b) }
    static func - (a: Expression, b: Double) -> Expression { Expression(a.terms, constant: a.constant - b) }
    static func * (k: Double, e: Expression) -> Expression { e.scaled(by: k) }
    static prefix func - (e: Expression) -> Expression { e.scaled(by: -1) }
}

/// How the two sides of a constraint compare.
public enum Relation: String, Sendable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    /// The relation with its sides swapped (≤ becomes ≥).
    public var flipped: Relation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}

/// A constraint's priority, as UIKit's: 1000 is required; below it, any constraint of a higher
/// priority wins over any number of constraints of lower priorities (the levels are compared
/// lexicographically, as Cassowary's symbolic weights are, not added up as weights).
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Double
    /// A priority from 1 to 1000; nil for anything else.
    public init?(_ value: Double) {
        guard value >= 1, value <= 1000 else { return nil }
        self.value = value
    }
    private init(unchecked value: Double) { self.value = value }

    public static let required = Priority(unchecked: 1000)
    /// UILayoutPriority.defaultHigh: a compression resistance's default.
    public static let defaultHigh = Priority(unchecked: 750)
    /// UILayoutPriority.defaultLow: a content hugging's default for most views.
    public static let defaultLow = Priority(unchecked: 250)
    /// Below every priority a constraint may have: the level the ambiguity probes use.
    static let probe = Priority(unchecked: 0)

    public var isRequired: Bool { value >= 1000 }
    public static func < (a: Priority, b: Priority) -> Bool { a.value < b.value }
    public var description: String { value.rounded() == value ? String(Int(value)) : String(value) }
}

/// `expression relation 0` at a priority, with a label the solver's reports name it by.
public struct Constraint: Hashable, Sendable {
    public var expression: Expression
    public var relation: Relation
    public var priority: Priority
    /// How reports name the constraint (UIKit's description of it, say).
    public var label: String

    /// `lhs relation rhs`.
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression, priority: Priority = .required, label: String = "") {
        self.expression = lhs.adding(rhs.scaled(by: -1)); self.relation = relation; self.priority = priority; self.label = label
    }
}

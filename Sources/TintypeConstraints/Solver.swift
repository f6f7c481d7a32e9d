// Why a simplex: Auto Layout is a linear program. Every constraint is a linear equality or
// inequality over the frames' unknowns, and a constraint below priority 1000 may be violated, at a
// cost. UIKit's engine is Cassowary's design (Badros, Borning and Stuckey, 2001): an incremental
// simplex that keeps the tableau in solved form, so each added constraint costs a few pivots rather
// than a new solve. This is that design, after kiwi's formulation of it, with two changes:
//
// - Strengths are levels compared in order, as Cassowary's symbolic weights are, not numbers added
//   up: a constraint at 999 wins over any number at 998, as UIKit's engine behaves. The objective is
//   one row per priority in use; a symbol's reduced cost is its coefficients read from the highest
//   level down, and it is negative when the first nonzero one is.
// - Everything is ordered by symbol number, never by a hash: the entering symbol is the lowest
//   numbered one with a negative reduced cost, the leaving row the lowest numbered among equal
//   ratios (Bland's rule, which also rules out cycling). The same constraints in the same order give
//   the same frames on every machine.
//
// A required constraint that cannot hold with those before it is not added (the constraint is
// "broken", as UIKit says) and comes back as a `Conflict` naming the required constraints it
// conflicts with, read off the tableau row that proved it. Edit variables are left out: intrinsic
// sizes are ordinary constraints at the hugging and compression priorities.

/// An incremental Cassowary solver.
///
/// ```swift
/// var solver = Solver()
/// let left = solver.addVariable("left"), width = solver.addVariable("width")
/// solver.add(Constraint(Expression(left), .equal, Expression(constant: 16)))
/// solver.add(Constraint(Expression(width), .greaterThanOrEqual, Expression(constant: 100)))
/// solver.add(Constraint(Expression([Term(left), Term(width)]), .equal, Expression(constant: 359), priority: Priority(750)!))
/// solver.value(width)   // 343
/// ```
public struct Solver: Sendable {
    /// What a symbol of the tableau stands for.
    enum Kind: UInt8, Sendable {
        /// A variable of the problem: unrestricted in sign, never in the objective.
        case external
        /// An inequality's slack (≥ 0), its marker.
        case slack
        /// A non-required constraint's violation (≥ 0), in the objective at its priority.
        case error
        /// A required equality's marker: always 0, never enters the basis.
        case dummy
    }

    /// What the solver keeps of an added constraint: its markers in the tableau.
    struct Record: Sendable {
        var constraint: Constraint
        /// The symbol whose row is removed to remove the constraint (a slack, a dummy, or an error).
        var marker: Int32
        /// The second error of a non-required equality, or -1.
        var other: Int32
    }

    // By symbol number.
    private var kinds: [Kind] = []
    /// The row of each basic symbol; nil for parametric (nonbasic) ones.
    private var rows: [Row?] = []
    /// For each symbol, the basic symbols whose rows may hold it. Entries go stale when a cell
    /// cancels or a row leaves; readers check, and `substitute` empties the list it walks.
    private var columns: [[Int32]] = []
    /// The constraint whose marker a symbol is, or -1.
    private var owners: [Int32] = []

    /// The objective, one row per priority in use (highest first), and those priorities.
    private var objective: [Row] = []
    private var levels: [Double] = []
    /// While a constraint is added through an artificial variable: the phase-one objective.
    private var artificial: Row?
    /// The symbols whose reduced cost may be negative: those whose objective coefficients changed
    /// since the objective was last optimal (most constraints leave it alone, so this stays short).
    private var suspects: [Int32] = []
    /// Scratch for `enteringSymbol` and `leavingRow`, kept to spare an allocation a call.
    private var scratch: [Int32] = []

    private var variableSymbols: [Int32] = []
    private var names: [String] = []
    private var records: [Record?] = []
    /// Scratch for the symbols a merge adds to a row.
    private var inserted: [Int32] = []
    private var stamps: [UInt32] = []
    private var stamp: UInt32 = 0

    public init() {}

    // MARK: Public surface

    /// A new unknown, named for reports.
    public mutating func addVariable(_ name: String) -> Variable {
        let v = Variable(index: variableSymbols.count)
        variableSymbols.append(newSymbol(.external, owner: -1))
        names.append(name)
        return v
    }

    public func name(of v: Variable) -> String { names[v.index] }
    public var variableCount: Int { variableSymbols.count }

    /// The variable's value in the current solution.
    public func value(_ v: Variable) -> Double {
        rows[Int(variableSymbols[v.index])]?.constant ?? 0
    }

    /// A handle to an added constraint, to remove it by.
    public struct ConstraintID: Hashable, Sendable, Comparable {
        public let index: Int
        public static func < (a: ConstraintID, b: ConstraintID) -> Bool { a.index < b.index }
    }

    /// Required constraints that cannot all hold: `broken` was not added, and `involved` are the
    /// constraints already added that it conflicts with, in the order they were added.
    public struct Conflict: Sendable, Equatable {
        public var broken: Constraint
        public var involved: [Constraint]
        public var involvedIDs: [ConstraintID]
    }

    public enum Outcome: Sendable, Equatable {
        case added(ConstraintID)
        /// A required constraint that contradicts those before it; the solver is as it was.
        case broken(Conflict)

        public var id: ConstraintID? { if case .added(let id) = self { id } else { nil } }
    }

    /// Adds a constraint and re-solves. A required constraint that cannot hold is not added; the
    /// outcome says which constraints it conflicts with. A non-required one always goes in.
    @discardableResult
    public mutating func add(_ constraint: Constraint) -> Outcome {
        let index = Int32(records.count)
        var record = Record(constraint: constraint, marker: -1, other: -1)
        var row = makeRow(constraint, index: index, record: &record)
        var subject = chooseSubject(row, record)
        if subject < 0 && row.cells.allSatisfy({ kinds[Int($0.symbol)] == .dummy }) {
            if !Row.nearZero(row.constant) {
                return .broken(conflict(constraint, certificate: row))
            }
            subject = record.marker
        }
        if subject < 0 {
            if let certificate = addWithArtificialVariable(row) {
                optimize()
                return .broken(conflict(constraint, certificate: certificate))
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        }
        records.append(record)
        optimize()
        return .added(ConstraintID(index: Int(index)))
    }

    /// Removes an added constraint and re-solves.
    public mutating func remove(_ id: ConstraintID) {
        guard id.index < records.count, let record = records[id.index] else { return }
        records[id.index] = nil
        // Its errors leave the objective.
        let priority = record.constraint.priority
        for marker in [record.marker, record.other] where marker >= 0 && kinds[Int(marker)] == .error {
            let level = levelIndex(priority)
            if let row = rows[Int(marker)] {
                objective[level].add(row, times: -1, inserted: &inserted)
                for cell in row.cells { suspects.append(cell.symbol) }
            } else {
                objective[level].add(marker, -1)
                suspects.append(marker)
            }
            inserted.removeAll(keepingCapacity: true)
        }
        let marker = record.marker
        if rows[Int(marker)] != nil {
            rows[Int(marker)] = nil
        } else if let leaving = markerLeavingRow(marker) {
            var row = rows[Int(leaving)]!
            rows[Int(leaving)] = nil
            row.solve(leaving, for: marker)
            substitute(marker, row)
            // The marker's row is dropped: the constraint is gone.
        }
        optimize()
    }

    /// The constraints in the solver, in the order added.
    public var constraints: [(id: ConstraintID, constraint: Constraint)] {
        records.indices.compactMap { i in records[i].map { (ConstraintID(index: i), $0.constraint) } }
    }

    /// The variables among `variables` that the constraints leave free: each can move without
    /// breaking a required constraint or violating any other more than the solution does. Found by
    /// pulling each variable one point either way with a constraint weaker than every priority, on
    /// a copy of the solver, so the solution itself does not move.
    public func ambiguousVariables(_ variables: [Variable]) -> [Variable] {
        var probe = self
        var out: [Variable] = []
        for v in variables {
            for delta in [1.0, -1.0] {
                let current = probe.value(v)
                let c = Constraint(Expression(v), .equal, Expression(constant: current + delta), priority: .probe)
                guard let id = probe.add(c).id else { continue }
                let moved = abs(probe.value(v) - current) > 1e-6
                probe.remove(id)
                if moved { out.append(v); break }
            }
        }
        return out
    }

    // MARK: Rows

    private mutating func newSymbol(_ kind: Kind, owner: Int32) -> Int32 {
        let s = Int32(kinds.count)
        kinds.append(kind); rows.append(nil); columns.append([]); owners.append(owner); stamps.append(0)
        return s
    }

    /// The objective level of a non-required priority, made when first used.
    private mutating func levelIndex(_ priority: Priority) -> Int {
        var low = 0, high = levels.count
        while low < high {
            let mid = (low + high) / 2
            if levels[mid] == priority.value { return mid }
            if levels[mid] > priority.value { low = mid + 1 } else { high = mid }
        }
        levels.insert(priority.value, at: low)
        objective.insert(Row(), at: low)
        return low
    }

    /// The tableau row of a new constraint, in terms of the current parametric symbols; makes its
    /// markers and puts its errors into the objective.
    private mutating func makeRow(_ c: Constraint, index: Int32, record: inout Record) -> Row {
        var row = Row(constant: c.expression.constant)
        for term in c.expression.terms where !Row.nearZero(term.coefficient) {
            let symbol = variableSymbols[term.variable.index]
            if let basic = rows[Int(symbol)] {
                row.add(basic, times: term.coefficient, inserted: &inserted)
            } else {
                row.add(symbol, term.coefficient)
            }
        }
        inserted.removeAll(keepingCapacity: true)
        let required = c.priority.isRequired
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = c.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack, owner: index)
            record.marker = slack
            row.add(slack, k)
            if !required {
                let error = newSymbol(.error, owner: index)
                record.other = error
                row.add(error, -k)
                objective[levelIndex(c.priority)].add(error, 1)
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy, owner: index)
                record.marker = dummy
                row.add(dummy, 1)
            } else {
                let plus = newSymbol(.error, owner: index), minus = newSymbol(.error, owner: index)
                record.marker = plus; record.other = minus
                row.add(plus, -1); row.add(minus, 1)
                let level = levelIndex(c.priority)
                objective[level].add(plus, 1); objective[level].add(minus, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// The symbol to solve a new row for: its lowest numbered variable, else its own marker when
    /// the marker's coefficient is negative (so the marker stays ≥ 0); -1 when there is none.
    private func chooseSubject(_ row: Row, _ record: Record) -> Int32 {
        for cell in row.cells where kinds[Int(cell.symbol)] == .external { return cell.symbol }
        func restricted(_ m: Int32) -> Bool { m >= 0 && (kinds[Int(m)] == .slack || kinds[Int(m)] == .error) && row.coefficient(m) < 0 }
        if restricted(record.marker) { return record.marker }
        if restricted(record.other) { return record.other }
        return -1
    }

    /// Adds `row` by first driving an artificial variable holding it to zero. Returns nil on
    /// success, or the phase-one objective that proves the row cannot hold (the solver is then as
    /// it was, up to equivalent pivots).
    private mutating func addWithArtificialVariable(_ row: Row) -> Row? {
        let art = newSymbol(.slack, owner: -1)
        setRow(art, row)
        artificial = row
        optimize(phaseOne: true)
        let result = artificial!
        artificial = nil
        let success = Row.nearZero(result.constant)
        if var artRow = rows[Int(art)] {
            rows[Int(art)] = nil
            if !success { return result }
            if artRow.cells.isEmpty { return nil }
            // The artificial variable is still basic (at zero): pivot it out for any restricted symbol.
            guard let entering = artRow.cells.first(where: { kinds[Int($0.symbol)] == .slack || kinds[Int($0.symbol)] == .error })?.symbol else {
                return result
            }
            artRow.solve(art, for: entering)
            substitute(entering, artRow)
            setRow(entering, artRow)
        }
        if !success { return result }
        // The artificial variable is parametric and zero: remove its column.
        for b in columns[Int(art)] where rows[Int(b)] != nil { rows[Int(b)]!.remove(art) }
        columns[Int(art)] = []
        for l in objective.indices { objective[l].remove(art) }
        return nil
    }

    private mutating func setRow(_ basic: Int32, _ row: Row) {
        for cell in row.cells { columns[Int(cell.symbol)].append(basic) }
        rows[Int(basic)] = row
    }

    /// Replaces `symbol` by `row` everywhere: in every row that holds it, the objective and the artificial row.
    private mutating func substitute(_ symbol: Int32, _ row: Row) {
        let holders = columns[Int(symbol)]
        columns[Int(symbol)] = []
        for b in holders where rows[Int(b)] != nil {
            if rows[Int(b)]!.substitute(symbol, row, inserted: &inserted) {
                for s in inserted { columns[Int(s)].append(b) }
            }
            inserted.removeAll(keepingCapacity: true)
        }
        var changed = false
        for l in objective.indices where objective[l].substitute(symbol, row, inserted: &inserted) { changed = true }
        if changed { for cell in row.cells { suspects.append(cell.symbol) } }
        if artificial != nil { artificial!.substitute(symbol, row, inserted: &inserted) }
        inserted.removeAll(keepingCapacity: true)
    }

    // MARK: Simplex

    /// Pivots until no parametric symbol can lower the objective (or, in phase one, the artificial row).
    private mutating func optimize(phaseOne: Bool = false) {
        while true {
            let entering = phaseOne ? enteringSymbol(in: artificial!) : enteringSymbol()
            guard entering >= 0, let leaving = leavingRow(for: entering) else { return }
            var row = rows[Int(leaving)]!
            rows[Int(leaving)] = nil
            row.solve(leaving, for: entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// The lowest numbered non-dummy symbol of `row` with a negative coefficient; -1 when there is
    /// none (phase one's objective is optimal).
    private func enteringSymbol(in row: Row) -> Int32 {
        for cell in row.cells where cell.coefficient < 0 && kinds[Int(cell.symbol)] != .dummy { return cell.symbol }
        return -1
    }

    /// The lowest numbered non-dummy symbol whose reduced cost, read from the highest level down, is
    /// negative at the first level that has it; -1 when there is none (the objective is optimal).
    /// Only the suspects can be negative; those that are not are dropped from the list.
    private mutating func enteringSymbol() -> Int32 {
        if suspects.isEmpty { return -1 }
        stamp &+= 1
        if stamp == 0 { for i in stamps.indices { stamps[i] = 0 }; stamp = 1 }
        var best: Int32 = -1
        scratch.removeAll(keepingCapacity: true)
        for s in suspects where stamps[Int(s)] != stamp {
            stamps[Int(s)] = stamp
            guard kinds[Int(s)] != .dummy, reducedCostIsNegative(s) else { continue }
            scratch.append(s)
            if best < 0 || s < best { best = s }
        }
        swap(&suspects, &scratch)
        return best
    }

    private func reducedCostIsNegative(_ symbol: Int32) -> Bool {
        for level in objective {
            let c = level.coefficient(symbol)
            if c != 0 { return c < 0 }
        }
        return false
    }

    /// The restricted row that bounds `entering` first (the least ratio), the lowest numbered of equals.
    private mutating func leavingRow(for entering: Int32) -> Int32? {
        var best: Int32 = -1
        var ratio = Double.greatestFiniteMagnitude
        stamp &+= 1
        if stamp == 0 { for i in stamps.indices { stamps[i] = 0 }; stamp = 1 }
        // The column is compacted in place: stale and repeated entries go.
        var column = columns[Int(entering)]
        columns[Int(entering)] = []
        var kept = 0
        for n in column.indices {
            let b = column[n]
            guard stamps[Int(b)] != stamp else { continue }
            stamps[Int(b)] = stamp
            guard let c = rows[Int(b)].map({ $0.coefficient(entering) }), c != 0 else { continue }
            column[kept] = b
            kept += 1
            if kinds[Int(b)] == .external || c > 0 { continue }
            let r = -rows[Int(b)]!.constant / c
            if r < ratio || (r == ratio && b < best) { ratio = r; best = b }
        }
        column.removeSubrange(kept...)
        columns[Int(entering)] = column
        return best >= 0 ? best : nil
    }

    /// The row to pivot a marker into the basis through, when removing its constraint: a restricted
    /// row where the marker's coefficient is negative (least ratio), else one where it is positive,
    /// else a variable's row.
    private mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        for b in columns[Int(marker)].sorted() {
            guard let row = rows[Int(b)] else { continue }
            let c = row.coefficient(marker)
            if c == 0 { continue }
            if kinds[Int(b)] == .external {
                if third < 0 { third = b }
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = b }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = b }
            }
        }
        for b in [first, second, third] where b >= 0 { return b }
        return nil
    }

    // MARK: Conflicts

    /// The conflict a failed required constraint proves: the required constraints whose markers the
    /// certificate row holds (a dummy or a binding slack each), in the order they were added.
    private func conflict(_ broken: Constraint, certificate: Row) -> Conflict {
        var ids: [Int] = []
        for cell in certificate.cells {
            let k = kinds[Int(cell.symbol)]
            guard k == .dummy || k == .slack else { continue }
            let owner = Int(owners[Int(cell.symbol)])
            if owner >= 0, owner < records.count, records[owner] != nil, !ids.contains(owner) { ids.append(owner) }
        }
        ids.sort()
        return Conflict(broken: broken, involved: ids.map { records[$0]!.constraint }, involvedIDs: ids.map { ConstraintID(index: $0) })
    }
}

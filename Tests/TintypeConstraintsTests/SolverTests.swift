import Testing
@testable import TintypeConstraints

/// The simplex on numbers: equalities, inequalities, priorities, conflicts and removal.
struct SolverTests {
    func v(_ x: Variable) -> Expression { Expression(x) }
    func k(_ c: Double) -> Expression { Expression(constant: c) }
    func p(_ value: Double) -> Priority { Priority(value)! }

    @Test func equalitiesChainThroughEachOther() {
        var s = Solver()
        let x = s.addVariable("x"), y = s.addVariable("y"), z = s.addVariable("z")
        s.add(Constraint(v(y), .equal, v(x) + 5))
        s.add(Constraint(v(z), .equal, 2 * v(y)))
        s.add(Constraint(v(x), .equal, k(10)))
        #expect(s.value(x) == 10)
        #expect(s.value(y) == 15)
        #expect(s.value(z) == 30)
    }

    @Test func inequalitiesBoundWhatAWeakerConstraintAsksFor() {
        var s = Solver()
        let x = s.addVariable("x")
        s.add(Constraint(v(x), .greaterThanOrEqual, k(10)))
        s.add(Constraint(v(x), .lessThanOrEqual, k(20)))
        s.add(Constraint(v(x), .equal, k(0), priority: p(250)))
        #expect(s.value(x) == 10)
        s.add(Constraint(v(x), .equal, k(100), priority: p(500)))
        #expect(s.value(x) == 20)
        s.add(Constraint(v(x), .equal, k(15), priority: p(750)))
        #expect(s.value(x) == 15)
    }

    @Test func theHigherPriorityWinsWhateverItsWeight() {
        var s = Solver()
        let x = s.addVariable("x")
        s.add(Constraint(v(x), .equal, k(0), priority: p(999)))
        // 500 constraints at 998 that want x at 100: added as weights, 500 × 998 would beat 999.
        for _ in 0..<500 { s.add(Constraint(v(x), .equal, k(100), priority: p(998))) }
        #expect(s.value(x) == 0)
        // And a priority between two whole numbers counts as its own level.
        s.add(Constraint(v(x), .equal, k(7), priority: p(999.5)))
        #expect(s.value(x) == 7)
    }

    @Test func aLowPriorityWinsWhereNoHigherOneCares() {
        var s = Solver()
        let x = s.addVariable("x"), y = s.addVariable("y")
        s.add(Constraint(v(x), .equal, k(50), priority: p(999)))
        s.add(Constraint(v(y), .equal, k(8), priority: p(1)))
        s.add(Constraint(v(x) + v(y), .greaterThanOrEqual, k(0)))
        #expect(s.value(x) == 50)
        #expect(s.value(y) == 8)
    }

    @Test func equalPrioritiesMinimizeTheTotalViolation() {
        // Three wishes at one level, two for 10 and one for 40: the sum of |x − wish| is least at 10.
        var s = Solver()
        let x = s.addVariable("x")
        s.add(Constraint(v(x), .equal, k(10), priority: p(500)))
        s.add(Constraint(v(x), .equal, k(40), priority: p(500)))
        s.add(Constraint(v(x), .equal, k(10), priority: p(500)))
        #expect(s.value(x) == 10)
    }

    @Test func multipliersAndSums() {
        var s = Solver()
        let a = s.addVariable("a"), b = s.addVariable("b"), c = s.addVariable("c")
        s.add(Constraint(v(b), .equal, 0.5 * v(a) + 4))
        s.add(Constraint(v(c), .equal, 1.5 * v(b) - 0.25 * v(a)))
        s.add(Constraint(v(a), .equal, k(300)))
        #expect(s.value(b) == 154)
        #expect(s.value(c) == 156)
    }

    @Test func aRedundantRequiredConstraintIsAccepted() {
        var s = Solver()
        let x = s.addVariable("x"), y = s.addVariable("y")
        s.add(Constraint(v(x), .equal, k(10)))
        s.add(Constraint(v(y), .equal, v(x) + 5))
        #expect(s.add(Constraint(v(y), .equal, k(15))).id != nil)
        #expect(s.add(Constraint(v(y) - v(x), .equal, k(5))).id != nil)
        #expect(s.value(y) == 15)
    }

    @Test func conflictingEqualitiesBreakTheNewOneAndNameTheOld() {
        var s = Solver()
        let w = s.addVariable("w"), other = s.addVariable("other")
        s.add(Constraint(v(other), .equal, k(3), label: "other == 3"))
        s.add(Constraint(v(w), .equal, k(100), label: "w == 100"))
        let outcome = s.add(Constraint(v(w), .equal, k(200), label: "w == 200"))
        guard case .broken(let conflict) = outcome else { Issue.record("expected a conflict, got \(outcome)"); return }
        #expect(conflict.broken.label == "w == 200")
        #expect(conflict.involved.map(\.label) == ["w == 100"])
        #expect(s.value(w) == 100)
        #expect(s.constraints.count == 2)
    }

    @Test func aConflictThroughAChainNamesEveryLink() {
        var s = Solver()
        let a = s.addVariable("a"), b = s.addVariable("b"), c = s.addVariable("c"), d = s.addVariable("d")
        s.add(Constraint(v(d), .equal, k(1), label: "unrelated"))
        s.add(Constraint(v(a), .equal, k(0), label: "a == 0"))
        s.add(Constraint(v(b), .equal, v(a) + 10, label: "b == a + 10"))
        s.add(Constraint(v(c), .equal, v(b) + 10, label: "c == b + 10"))
        guard case .broken(let conflict) = s.add(Constraint(v(c), .equal, k(5), label: "c == 5")) else { Issue.record("no conflict"); return }
        #expect(conflict.involved.map(\.label) == ["a == 0", "b == a + 10", "c == b + 10"])
        #expect(s.value(c) == 20)
    }

    @Test func anInequalityConflictNamesOnlyTheBindingBound() {
        var s = Solver()
        let x = s.addVariable("x")
        s.add(Constraint(v(x), .greaterThanOrEqual, k(10), label: "x >= 10"))
        s.add(Constraint(v(x), .greaterThanOrEqual, k(20), label: "x >= 20"))
        guard case .broken(let conflict) = s.add(Constraint(v(x), .lessThanOrEqual, k(5), label: "x <= 5")) else {
            Issue.record("no conflict"); return
        }
        #expect(conflict.involved.map(\.label) == ["x >= 20"])
        #expect(s.value(x) == 20)
        // The solver still takes constraints that fit.
        s.add(Constraint(v(x), .lessThanOrEqual, k(25)))
        s.add(Constraint(v(x), .equal, k(100), priority: p(1)))
        #expect(s.value(x) == 25)
    }

    @Test func aNonRequiredConstraintNeverConflicts() {
        var s = Solver()
        let x = s.addVariable("x")
        s.add(Constraint(v(x), .equal, k(10)))
        #expect(s.add(Constraint(v(x), .equal, k(20), priority: p(999))).id != nil)
        #expect(s.add(Constraint(v(x), .lessThanOrEqual, k(5), priority: p(999))).id != nil)
        #expect(s.value(x) == 10)
    }

    @Test func removingAConstraintRestoresTheSolutionWithoutIt() {
        var s = Solver()
        let x = s.addVariable("x"), y = s.addVariable("y")
        s.add(Constraint(v(x), .equal, k(10), priority: p(250)))
        let strong = s.add(Constraint(v(x), .equal, k(30), priority: p(750))).id!
        let bound = s.add(Constraint(v(x), .lessThanOrEqual, k(20))).id!
        let link = s.add(Constraint(v(y), .equal, v(x) * 1 + 1)).id!
        #expect(s.value(x) == 20 && s.value(y) == 21)
        s.remove(bound)
        #expect(s.value(x) == 30 && s.value(y) == 31)
        s.remove(strong)
        #expect(s.value(x) == 10 && s.value(y) == 11)
        s.remove(link)
        s.add(Constraint(v(y), .equal, k(-4)))
        #expect(s.value(x) == 10 && s.value(y) == -4)
        #expect(s.constraints.count == 2)
    }

    @Test func removingEveryKindOfConstraintInAnyOrderLeavesAConsistentTableau() {
        // Add a mix, remove half in a scrambled order, then compare with a solver given only the rest.
        func build(_ keep: (Int) -> Bool) -> (Solver, [Variable]) {
            var s = Solver()
            let xs = (0..<6).map { s.addVariable("x\($0)") }
            var ids: [(Int, Solver.ConstraintID)] = []
            var n = 0
            func add(_ c: Constraint) { if keep(n), let id = s.add(c).id { ids.append((n, id)) }; n += 1 }
            add(Constraint(v(xs[0]), .equal, k(0)))
            for i in 1..<6 {
                add(Constraint(v(xs[i]), .greaterThanOrEqual, v(xs[i - 1]) + 10))
                add(Constraint(v(xs[i]), .equal, v(xs[i - 1]) + Double(5 * i), priority: p(Double(100 * i))))
                add(Constraint(v(xs[i]), .lessThanOrEqual, k(Double(30 * i)), priority: p(999)))
            }
            return (s, xs)
        }
        var (full, xs) = build { _ in true }
        // Remove constraints 3, 7, 1, 12, 9 from the full solver (ids are in order of adding).
        for n in [3, 7, 1, 12, 9] { full.remove(Solver.ConstraintID(index: n)) }
        let (partial, ys) = build { ![3, 7, 1, 12, 9].contains($0) }
        for (x, y) in zip(xs, ys) { #expect(abs(full.value(x) - partial.value(y)) < 1e-9) }
    }

    @Test func ambiguityNamesTheVariablesLeftFree() {
        var s = Solver()
        let x = s.addVariable("x"), w = s.addVariable("w"), y = s.addVariable("y")
        s.add(Constraint(v(x) + v(w), .equal, k(100)))
        s.add(Constraint(v(y), .equal, k(4)))
        #expect(s.ambiguousVariables([x, w, y]) == [x, w])
        // The probes leave the solution as it was.
        let before = (s.value(x), s.value(w))
        #expect(before == (s.value(x), s.value(w)))
        s.add(Constraint(v(w), .greaterThanOrEqual, k(40)))
        #expect(s.ambiguousVariables([x, w, y]) == [x, w])
        s.add(Constraint(v(w), .equal, k(40), priority: p(1)))
        #expect(s.ambiguousVariables([x, w, y]) == [])
        #expect(s.value(x) == 60)
    }

    @Test func aVariableFreeOnlyWithinARangeIsAmbiguous() {
        var s = Solver()
        let x = s.addVariable("x")
        s.add(Constraint(v(x), .greaterThanOrEqual, k(10)))
        s.add(Constraint(v(x), .lessThanOrEqual, k(10.5)))
        #expect(s.ambiguousVariables([x]) == [x])
    }

    @Test func priorityRange() {
        #expect(Priority(0) == nil)
        #expect(Priority(1000.5) == nil)
        #expect(Priority(.nan) == nil)
        #expect(Priority(1)?.isRequired == false)
        #expect(Priority(1000)?.isRequired == true)
        #expect(Priority(999.5)!.description == "999.5")
    }

    @Test func theSameConstraintsGiveTheSameBitsEveryTime() {
        func run() -> [UInt64] {
            var s = Solver()
            let xs = (0..<40).map { s.addVariable("x\($0)") }
            s.add(Constraint(v(xs[0]), .equal, k(0.1)))
            for i in 1..<40 {
                s.add(Constraint(v(xs[i]), .greaterThanOrEqual, (1.0 / 3.0) * v(xs[i - 1]) + 0.7))
                s.add(Constraint(v(xs[i]), .equal, v(xs[i - 1]) * 1 + 1.1, priority: p(Double(1 + (i * 37) % 999))))
                s.add(Constraint(v(xs[i]), .lessThanOrEqual, k(Double(i) * 0.9), priority: p(Double(1 + (i * 53) % 999))))
            }
            return xs.map { s.value($0).bitPattern }
        }
        let first = run()
        for _ in 0..<3 { #expect(run() == first) }
    }

    /// Random systems: required constraints that a known point satisfies, and wishes at a few
    /// priorities. Whatever the order of adding (or adding then removing), every required constraint
    /// holds and the violation at each priority, highest first, is the same: the optimum is unique
    /// even where the solution is not.
    @Test(arguments: 0..<40)
    func theOptimumDoesNotDependOnTheOrderOfAdding(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        let n = 5
        let point = (0..<n).map { _ in Double(rng.int(0..<200)) - 100 }
        var constraints: [Constraint] = []
        for i in 0..<(8 + rng.int(0..<10)) {
            var e = Expression()
            for j in 0..<n where rng.int(0..<3) == 0 || j == i % n { e.terms.append(Term(Variable(index: j), Double(rng.int(0..<7)) - 3)) }
            let value = e.terms.reduce(0) { $0 + $1.coefficient * point[$1.variable.index] }
            let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.int(0..<3)]
            if rng.int(0..<3) == 0 {
                // Required, satisfied by the point (an inequality with some room).
                let room = relation == .equal ? 0.0 : Double(rng.int(0..<20))
                let bound = relation == .lessThanOrEqual ? value + room : value - room
                constraints.append(Constraint(e, relation, Expression(constant: bound)))
            } else {
                let priority = Priority([250, 251, 500, 750, 999][rng.int(0..<5)])!
                constraints.append(Constraint(e, relation, Expression(constant: Double(rng.int(0..<400)) - 200), priority: priority))
            }
        }
        func violations(_ s: Solver, _ cs: [Constraint]) -> [Double] {
            var byLevel: [Double: Double] = [:]
            for c in cs {
                let lhs = c.expression.terms.reduce(c.expression.constant) { $0 + $1.coefficient * s.value($1.variable) }
                let miss: Double = switch c.relation {
                case .equal: abs(lhs)
                case .lessThanOrEqual: max(0, lhs)
                case .greaterThanOrEqual: max(0, -lhs)
                }
                if c.priority.isRequired { #expect(miss < 1e-6, "required \(c) misses by \(miss)") }
                else { byLevel[c.priority.value, default: 0] += miss }
            }
            return byLevel.keys.sorted(by: >).map { byLevel[$0]! }
        }
        func solve(_ cs: [Constraint]) -> Solver {
            var s = Solver()
            for j in 0..<n { _ = s.addVariable("v\(j)") }
            for c in cs { #expect(s.add(c).id != nil) }
            return s
        }
        let forward = violations(solve(constraints), constraints)
        let backward = violations(solve(constraints.reversed()), constraints)
        var shuffled = constraints
        for i in shuffled.indices.reversed() { shuffled.swapAt(i, rng.int(0..<(i + 1))) }
        let mixed = violations(solve(shuffled), constraints)
        // Add everything plus decoys, then remove the decoys.
        var withDecoys = Solver()
        for j in 0..<n { _ = withDecoys.addVariable("v\(j)") }
        var decoys: [Solver.ConstraintID] = []
        for (i, c) in constraints.enumerated() {
            withDecoys.add(c)
            let v = Variable(index: i % n)
            let decoy = Constraint(Expression(v), .equal, Expression(constant: Double(i * 13 % 50)), priority: Priority(Double(300 + i * 50 % 700))!)
            decoys.append(withDecoys.add(decoy).id!)
        }
        for d in decoys.reversed() where d.index % 2 == 0 { withDecoys.remove(d) }
        for d in decoys where d.index % 2 == 1 { withDecoys.remove(d) }
        let removed = violations(withDecoys, constraints)
        for other in [backward, mixed, removed] {
            #expect(other.count == forward.count)
            for (a, b) in zip(forward, other) { #expect(abs(a - b) < 1e-6, "\(forward) against \(other)") }
        }
    }

    @Test func aThousandConstraintLayoutSolvesExactly() {
        // 250 boxes in a column: each 8 below the one above, 44 high, with 16-point side insets in a
        // 375-wide screen; 4 constraints a box (1,000 in all), solved in one pass.
        var s = Solver()
        var boxes: [(x: Variable, y: Variable, w: Variable, h: Variable)] = []
        for i in 0..<250 {
            let b = (s.addVariable("x\(i)"), s.addVariable("y\(i)"), s.addVariable("w\(i)"), s.addVariable("h\(i)"))
            s.add(Constraint(v(b.0), .equal, k(16)))
            s.add(Constraint(v(b.0) + v(b.2), .equal, k(375 - 16)))
            s.add(Constraint(v(b.3), .equal, k(44)))
            s.add(Constraint(v(b.1), .equal, i == 0 ? k(20) : v(boxes[i - 1].y) + v(boxes[i - 1].h) + 8))
            boxes.append(b)
        }
        #expect(s.constraints.count == 1000)
        for (i, b) in boxes.enumerated() {
            #expect(s.value(b.x) == 16 && s.value(b.w) == 343 && s.value(b.h) == 44)
            #expect(s.value(b.y) == 20 + Double(i) * 52)
        }
    }
}

extension Expression {
    static func * (e: Expression, k: Double) -> Expression { k * e }
}
extension Variable {
    static func * (v: Variable, k: Double) -> Expression { k * Expression(v) }
}

/// A small deterministic generator for the randomized tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}

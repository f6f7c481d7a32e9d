/// One row of the simplex tableau: `constant + Σ coefficient × symbol`, with its cells sorted by
/// symbol number. A row in the tableau reads `basic = constant + Σ …` once it is solved for its basic
/// symbol; before that it reads `0 = constant + Σ …`.
///
/// Cells are a sorted array rather than a dictionary: rows are short (a handful of cells), a merge of
/// two sorted arrays is a single pass, and nothing here depends on a hash order.
struct Row: Sendable {
    struct Cell: Sendable {
        var symbol: Int32
        var coefficient: Double
    }

    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) { self.constant = constant; self.cells = cells }

    /// Below this a coefficient or constant counts as zero (Cassowary's and kiwi's 1e-8).
    static let epsilon = 1e-8
    static func nearZero(_ v: Double) -> Bool { v < 0 ? -v < epsilon : v < epsilon }

    /// Where `symbol` is, or where it would go.
    @inline(__always)
    func search(_ symbol: Int32) -> (found: Bool, index: Int) {
        var low = 0, high = cells.count
        while low < high {
            let mid = (low &+ high) >> 1
            let s = cells[mid].symbol
            if s == symbol { return (true, mid) }
            if s < symbol { low = mid &+ 1 } else { high = mid }
        }
        return (false, low)
    }

    func coefficient(_ symbol: Int32) -> Double {
        let (found, i) = search(symbol)
        return found ? cells[i].coefficient : 0
    }

    func contains(_ symbol: Int32) -> Bool { search(symbol).found }

    /// Adds `coefficient × symbol`; a cell that sums to zero is removed. Returns whether the symbol is new to the row.
    @discardableResult
    mutating func add(_ symbol: Int32, _ coefficient: Double) -> Bool {
        let (found, i) = search(symbol)
        if found {
            let sum = cells[i].coefficient + coefficient
            if Row.nearZero(sum) { cells.remove(at: i) } else { cells[i].coefficient = sum }
            return false
        }
        if Row.nearZero(coefficient) { return false }
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: i)
        return true
    }

    /// Adds `times × other`, appending the symbols new to this row to `inserted`. Merges in place,
    /// from the back, so a row that has room allocates nothing.
    mutating func add(_ other: Row, times: Double, inserted: inout [Int32]) {
        constant += other.constant * times
        let m = other.cells.count
        if m == 0 { return }
        let n = cells.count
        // How many of other's symbols are new here.
        var fresh = 0
        other.cells.withUnsafeBufferPointer { b in
            cells.withUnsafeBufferPointer { a in
                var i = 0
                for j in 0..<m {
                    let s = b[j].symbol
                    while i < n && a[i].symbol < s { i += 1 }
                    if i == n || a[i].symbol != s { fresh += 1 }
                }
            }
        }
        if fresh > 0 { cells.append(contentsOf: repeatElement(Cell(symbol: 0, coefficient: 0), count: fresh)) }
        var zeros = false
        other.cells.withUnsafeBufferPointer { b in
            cells.withUnsafeMutableBufferPointer { a in
                var i = n - 1, j = m - 1, k = n + fresh - 1
                while j >= 0 {
                    if i >= 0 && a[i].symbol > b[j].symbol {
                        a[k] = a[i]; i -= 1
                    } else if i >= 0 && a[i].symbol == b[j].symbol {
                        let c = a[i].coefficient + b[j].coefficient * times
                        a[k] = Cell(symbol: a[i].symbol, coefficient: c)
                        if Row.nearZero(c) { zeros = true }
                        i -= 1; j -= 1
                    } else {
                        let c = b[j].coefficient * times
                        a[k] = Cell(symbol: b[j].symbol, coefficient: c)
                        if Row.nearZero(c) { zeros = true } else { inserted.append(b[j].symbol) }
                        j -= 1
                    }
                    k -= 1
                }
            }
        }
        if zeros { cells.removeAll { Row.nearZero($0.coefficient) } }
    }

    mutating func remove(_ symbol: Int32) {
        let (found, i) = search(symbol)
        if found { cells.remove(at: i) }
    }

    /// Replaces `symbol` by `row` (which is `symbol`'s value). Returns whether the row held it.
    @discardableResult
    mutating func substitute(_ symbol: Int32, _ row: Row, inserted: inout [Int32]) -> Bool {
        let (found, i) = search(symbol)
        guard found else { return false }
        let c = cells[i].coefficient
        cells.remove(at: i)
        add(row, times: c, inserted: &inserted)
        return true
    }

    /// Turns `0 = constant + c·symbol + …` into `symbol = constant' + …`.
    mutating func solve(for symbol: Int32) {
        let (found, i) = search(symbol)
        precondition(found, "solving a row for a symbol it does not hold")
        let k = -1 / cells[i].coefficient
        cells.remove(at: i)
        constant *= k
        for n in cells.indices { cells[n].coefficient *= k }
    }

    /// Turns `lhs = …` (which holds `rhs`) into `rhs = …` (which holds `lhs`).
    mutating func solve(_ lhs: Int32, for rhs: Int32) {
        add(lhs, -1)
        solve(for: rhs)
    }

    mutating func reverseSign() {
        constant = -constant
        for n in cells.indices { cells[n].coefficient = -cells[n].coefficient }
    }
}

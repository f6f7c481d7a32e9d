import Foundation

/// `transform` applied to every index of `0..<count` on all cores, the results in index order.
/// Jobs start in `order` when it is given (a permutation of the indices: the largest first, so that
/// a big job does not start last and keep one core busy while the others idle). The one parallel
/// map of the package: renders of a run, variants of an assertion, cells of a contact sheet.
package func concurrentMap<Result>(count: Int, order: [Int]? = nil, _ transform: @Sendable (Int) -> Result) -> [Result] {
    let slots = Slots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { k in
        let i = order?[k] ?? k
        slots.set(i, transform(i))
    }
    return slots.values
}

/// Results written from parallel workers, each into its own slot, read after they finish.
private final class Slots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { lock.withLock { slots[i] = value } }
    /// Every slot's value; only once every job has finished, so none is missing.
    var values: [T] { lock.withLock { slots.map { $0! } } }
}

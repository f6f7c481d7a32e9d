/// Placeholder: replaced by the TableView model.
public struct TableView: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader, depth: Int) -> TableView? { TableView() }
}

/// Placeholder: replaced by the PageControl model.
public struct PageControl: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> PageControl? { PageControl() }
}

/// Placeholder: replaced by the ProgressView model.
public struct ProgressView: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> ProgressView? { ProgressView() }
}

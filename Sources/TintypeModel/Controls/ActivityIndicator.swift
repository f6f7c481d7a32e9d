/// Placeholder: replaced by the ActivityIndicator model.
public struct ActivityIndicator: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> ActivityIndicator? { ActivityIndicator() }
}

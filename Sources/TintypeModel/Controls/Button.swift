/// Placeholder: replaced by the Button model.
public struct Button: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> Button? { Button() }
}

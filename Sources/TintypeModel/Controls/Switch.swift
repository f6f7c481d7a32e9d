/// Placeholder: replaced by the Switch model.
public struct Switch: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> Switch? { Switch() }
}

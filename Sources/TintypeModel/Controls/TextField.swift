/// Placeholder: replaced by the TextField model.
public struct TextField: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> TextField? { TextField() }
}

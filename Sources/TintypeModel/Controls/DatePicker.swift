/// Placeholder: replaced by the DatePicker model.
public struct DatePicker: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> DatePicker? { DatePicker() }
}

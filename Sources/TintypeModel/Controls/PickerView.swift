/// Placeholder: replaced by the PickerView model.
public struct PickerView: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> PickerView? { PickerView() }
}

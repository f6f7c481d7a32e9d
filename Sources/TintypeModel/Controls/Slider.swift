/// Placeholder: replaced by the Slider model.
public struct Slider: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> Slider? { Slider() }
}

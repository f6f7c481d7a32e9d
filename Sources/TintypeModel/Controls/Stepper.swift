/// Placeholder: replaced by the Stepper model.
public struct Stepper: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> Stepper? { Stepper() }
}

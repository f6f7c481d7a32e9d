/// Placeholder: replaced by the SegmentedControl model.
public struct SegmentedControl: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> SegmentedControl? { SegmentedControl() }
}

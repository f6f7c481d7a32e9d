/// Placeholder: replaced by the SearchBar model.
public struct SearchBar: Sendable, Equatable {
    public init() {}
    static func decode(_ r: ObjectReader) -> SearchBar? { SearchBar() }
}

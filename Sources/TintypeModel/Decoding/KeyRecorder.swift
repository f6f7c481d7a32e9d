/// What a read of a value accepts, as the reader that asked for it knows it: `r.bool("hidden")`
/// accepts true or false whether or not the scene gives `hidden`. `SceneSchema` turns these into
/// JSON Schema, so the schema is the decoder's own account of the format.
indirect enum ValueForm: Hashable, Sendable {
    case boolean
    case null
    case number(Double, Double)
    case integer(Int, Int)
    /// One of these names (an enum's raw values, then its aliases).
    case choice([String])
    /// A color string; `tint` also allows `"tint"`.
    case color(tint: Bool)
    /// A string, or `{"localized": KEY, "arguments": [...]}`.
    case text
    /// A plain string (an id, a reference, an image path).
    case string
    /// A length in points or `"hairline"`.
    case lengthOrHairline
    /// `[a, b, ...]` or `{"a": ..., "b": ...}` with every name given.
    case numbers([String], nonNegative: [String])
    /// One number, `[top, left, bottom, right]` or an object of the four.
    case insets(signed: Bool)
    case array
    /// An object, described by the readers that read it.
    case object
    /// A view: `{"<kind>": {...}}`.
    case view
    case anyOf([ValueForm])
    /// An object with exactly one of these keys, whose value is read as definition `prefix.key`
    /// (`{"alert": {...}}`).
    case oneKey(prefix: String, keys: [String])

    /// `"body"`, `17` or `{"style": ..., "size": ..., "weight": ...}` (`Label.decodeFont`).
    /// Computed, not stored: a stored indirect enum keeps its box behind a pointer with tag bits
    /// that LeakSanitizer does not recognize, so the fuzz targets reported it as a leak.
    static var font: ValueForm { .anyOf([.choice(TextStyle.allCases.map(\.rawValue)),
                                       .number(SceneLimits.fontSize.lowerBound, SceneLimits.fontSize.upperBound), .object]) }
}

/// What decoding asked of a scene file, for `SceneSchema`: every object read (its path, the
/// definition it belongs to, each key asked for, present or not, and what the read accepts), and
/// the forms helpers that decode a whole value declared at a path.
final class KeyRecorder {
    struct Reader {
        var path: String
        var what: String
        /// The schema definition such objects share, when the decoder names one.
        var name: String?
        var keys: [String]
        /// Key → the forms its typed reads accept; a key read only raw (`node(key)`) has none here.
        var forms: [String: [ValueForm]]
        /// Keys read with `node(key)` and decoded by code that may accept several forms.
        var raw: Set<String>
    }

    private(set) var readers: [Reader] = []
    /// Path → forms a helper accepts there in full (a view, a device name, a font).
    private(set) var declared: [String: [ValueForm]] = [:]

    func add(_ reader: Reader) { readers.append(reader) }

    func declare(_ path: String, _ form: ValueForm) {
        if !(declared[path] ?? []).contains(form) { declared[path, default: []].append(form) }
    }
}

import TintypeModel

/// A JSON value the importer writes, with object keys in the order given (a scene file reads best
/// with `id` and `frame` first), printed as a scene file is written by hand.
indirect enum JSONOut: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONOut])
    case object([(String, JSONOut)])

    static func == (a: JSONOut, b: JSONOut) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value at `key` of an object.
    subscript(key: String) -> JSONOut? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The text of a scene file: two spaces per level; an array of numbers, or any array or object
    /// short enough, on one line.
    func text() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        let flat = self.flat()
        if flat.count + indent <= 100 && !flat.contains("\n") { out += flat; return }
        let pad = String(repeating: " ", count: indent + 2), end = String(repeating: " ", count: indent)
        switch self {
        case .array(let items):
            out += "[\n"
            for (n, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 2)
                out += n == items.count - 1 ? "\n" : ",\n"
            }
            out += end + "]"
        case .object(let members):
            out += "{\n"
            for (n, (key, value)) in members.enumerated() {
                out += pad + Self.quote(key) + ": "
                value.write(into: &out, indent: indent + 2)
                out += n == members.count - 1 ? "\n" : ",\n"
            }
            out += end + "}"
        default:
            out += flat
        }
    }

    /// The value on one line.
    func flat() -> String {
        switch self {
        case .string(let s): return Self.quote(s)
        case .number(let v): return Self.number(v)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items): return "[" + items.map { $0.flat() }.joined(separator: ", ") + "]"
        case .object(let members):
            return members.isEmpty ? "{}" : "{" + members.map { Self.quote($0.0) + ": " + $0.1.flat() }.joined(separator: ", ") + "}"
        }
    }

    /// A number as few digits as read back the same: Interface Builder's 0.66666666669999997 is
    /// kept as Double prints it, whole numbers without a fraction.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    static func quote(_ s: String) -> String { JSONString.quoted(s) }
}

/// Builds an object member by member, leaving out what is nil.
struct JSONObject {
    private(set) var members: [(String, JSONOut)] = []
    mutating func set(_ key: String, _ value: JSONOut?) {
        guard let value else { return }
        if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = value } else { members.append((key, value)) }
    }
    mutating func set(_ key: String, _ value: String?) { set(key, value.map(JSONOut.string)) }
    mutating func set(_ key: String, _ value: Double?) { set(key, value.map(JSONOut.number)) }
    mutating func set(_ key: String, _ value: Bool?) { set(key, value.map(JSONOut.bool)) }
    mutating func remove(_ key: String) { members.removeAll { $0.0 == key } }
    func has(_ key: String) -> Bool { members.contains { $0.0 == key } }
    var value: JSONOut { .object(members) }
    var isEmpty: Bool { members.isEmpty }
}

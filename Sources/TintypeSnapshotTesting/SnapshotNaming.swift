import Foundation
import Testing

/// Names of unnamed snapshots. They never depend on the order tests run in: a test function's
/// snapshots are numbered in call order within one test case (`greeting.1`, `greeting.2`), and a
/// case of a parameterized Swift Testing test is told apart by its arguments, as Swift Testing
/// prints them (`greeting(iphone-se,2).1`), not by when it happened to run.
final class SnapshotCounter: @unchecked Sendable {
    /// The counter of the current scope (`withSnapshotTesting` or the `.snapshots` trait start a
    /// fresh one); outside any scope, one for the process.
    @TaskLocal static var current = SnapshotCounter()

    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(for key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[key, default: 0] += 1
        return counts[key]!
    }

    /// `greeting.1`, or `greeting(iphone-se,2).1` in a case of a parameterized test.
    static func name(function: String, filePath: String) -> String {
        var base = String(function.prefix { $0 != "(" })
        if let arguments = currentArguments(), !arguments.isEmpty {
            base += "(" + arguments.map(slug).joined(separator: ",") + ")"
        }
        return base + "." + String(current.next(for: filePath + "#" + base))
    }

    /// The current test case's arguments, described as Swift Testing describes them
    /// (`CustomTestStringConvertible` first). Swift Testing keeps them private, so they are read
    /// by reflection; nil when the test is not parameterized or the shape is not the expected one.
    static func currentArguments() -> [String]? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        func child(_ value: Any, _ label: String) -> Any? { Mirror(reflecting: value).children.first { $0.label == label }?.value }
        guard let kind = child(testCase, "_kind"), let parameterized = Mirror(reflecting: kind).children.first?.value,
              let arguments = child(parameterized, "arguments") else { return nil }
        return Mirror(reflecting: arguments).children.compactMap { argument in
            guard let value = child(argument.value, "value") else { return nil }
            if let custom = value as? any CustomTestStringConvertible { return custom.testDescription }
            return String(describing: value)
        }
    }

    /// A file-name-safe form: lower case, letters, digits, `.` and `-`.
    static func slug(_ text: String) -> String {
        var out = ""
        for c in text.lowercased().unicodeScalars {
            if (c >= "a" && c <= "z") || (c >= "0" && c <= "9") || c == "." { out.unicodeScalars.append(c) }
            else if !out.hasSuffix("-") { out += "-" }
        }
        while out.hasPrefix("-") || out.hasPrefix(".") { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        return String(out.prefix(60))
    }
}

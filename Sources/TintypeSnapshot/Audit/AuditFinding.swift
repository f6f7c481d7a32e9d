import Foundation
import TintypeModel
import TintypeRender

/// One thing the audit found on one rendered variant.
public struct AuditFinding: Sendable, Equatable {
    public var rule: AuditRule
    public var severity: AuditSeverity { rule.severity }
    /// The scene file as given (`Snapshots/Gallery/settings.json`).
    public var scene: String
    /// The variant's label (`iPhone SE, AX3, RTL`); nil for a scene that renders once.
    public var variant: String?
    /// The view's path in the scene (`root.subviews[2]`); for a localized text, the text's own path.
    public var path: String
    /// `file:line:column` of the view (or text) in the scene; nil when unknown (a scene built in Swift).
    public var location: String?
    /// What is wrong, with the numbers: "contrast 3.12:1, needs 4.5:1 (17 pt regular text)".
    public var message: String
    /// The numbers alone, by name (`ratio`, `required`, `width`, …), for JSON.
    public var numbers: [String: Double]
    /// Where on the screen, in points (outlined on the overlay image); nil for a finding with no place.
    public var rect: Rect?
    /// The text concerned, when there is one (for people, and to tell two findings at one path apart).
    public var subject: String?
    /// Its number on the variant's overlay image (1-based), which outlines every finding of the
    /// variant, the baseline's included; nil when no overlay numbers it.
    public var number: Int?

    public init(rule: AuditRule, scene: String, variant: String?, path: String, location: String?, message: String,
                numbers: [String: Double] = [:], rect: Rect? = nil, subject: String? = nil) {
        self.rule = rule; self.scene = scene; self.variant = variant; self.path = path; self.location = location
        self.message = message; self.numbers = numbers; self.rect = rect; self.subject = subject
    }

    /// The scene with its variant: `settings.json [iPhone SE, AX3]`.
    public var displayName: String { variant.map { "\(scene) [\($0)]" } ?? scene }

    /// One line for the terminal: `error text-contrast root.subviews[2] (x.json:14:9): …`.
    public var line: String {
        "\(severity.rawValue) \(rule.id) \(path)\(location.map { " (\($0))" } ?? ""): \(message)"
    }

    /// What identifies the finding from run to run (for a baseline): rule, scene, variant, path and
    /// text, never the numbers, which may move a little without the defect changing.
    public var key: String {
        [rule.id, scene, variant ?? "", path, subject ?? ""].joined(separator: "\u{1F}")
    }
}

/// Formats a number for a finding's message: at most two decimals, no trailing zeros.
func auditNumber(_ v: Double) -> String { format(v, places: 2) }

/// An excerpt of a text for a message: its first 40 characters, quoted.
func excerpt(_ s: String) -> String {
    let one = s.replacingOccurrences(of: "\n", with: " ")
    return quoted(one.count > 40 ? String(one.prefix(40)) + "…" : one)
}

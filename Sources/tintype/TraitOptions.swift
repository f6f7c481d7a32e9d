import Foundation
import TintypeModel

/// The trait options of `render`, `test`, `variants`, `sheet` and `preview`, declared once: each
/// picks a value the scene's matrix already has (keeping those renders and their names) or replaces
/// the trait in every render. They store into the command's trait set at `keyPath`.
enum TraitOptions {
    static func options<C: Command>(_ keyPath: WritableKeyPath<C, TraitSet>) -> [Option<C>] {
        table(for: C.self).map { $0.lifted(keyPath) }
    }

    /// Reads one trait option by name into `traits` (the preview's page takes them from its
    /// address); false when `option` is none of them.
    static func read(_ option: String, _ value: String, command: any Command.Type, into traits: inout TraitSet) throws(UsageError) -> Bool {
        guard let row = table(for: command).first(where: { $0.spec.names.contains(option) }) else { return false }
        try row.store(&traits, value)
        return true
    }

    /// The options over a trait set; their errors name `command`'s usage.
    private static func table(for command: any Command.Type) -> [Option<TraitSet>] {
        [
            .value("--device", value: "NAME", help: "A device from 'tintype devices'.") { t, v throws(UsageError) in
                guard let d = Device.named(v) else {
                    var message = "unknown device \"\(v)\""
                    if let s = Suggest.closest(to: v, in: Device.catalog.map(\.name)) { message += "; did you mean \"\(s)\"?" }
                    throw UsageError(message: message + " (see 'tintype devices')", command: command)
                }
                t.device = d
            },
            .value("--orientation", value: "O", help: "portrait or landscape.") { t, v throws(UsageError) in
                t.orientation = try choice("--orientation", v, command, Orientation.self)
            },
            .value("--content-size", value: "C", help: "A text size: XS, S, M, L, XL, XXL, XXXL, AX1 to AX5.") { t, v throws(UsageError) in
                guard let size = ContentSizeCategory(rawValue: v.uppercased()) ?? SceneDecoder.contentSizeCategory(named: v) else {
                    let names = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "--content-size takes one of \(names), found \"\(v)\"", command: command)
                }
                t.contentSizeCategory = size
            },
            .value("--direction", value: "D", help: "ltr or rtl (leftToRight, rightToLeft).") { t, v throws(UsageError) in
                switch v.lowercased() {
                case "ltr", "lefttoright": t.layoutDirection = .leftToRight
                case "rtl", "righttoleft": t.layoutDirection = .rightToLeft
                default: throw UsageError(message: "--direction takes ltr or rtl, found \"\(v)\"", command: command)
                }
            },
            .value("--locale", value: "TAG", help: "A locale (ar, de-DE, zh-Hans): texts in its language, RTL for Arabic.") { t, v throws(UsageError) in
                guard let tag = TraitSet.canonicalLocale(v) else {
                    throw UsageError(message: "--locale takes a language tag like ar, de-DE or zh-Hans, found \"\(v)\"", command: command)
                }
                if let problem = AppLocale.problem(with: tag) { throw UsageError(message: "--locale: " + problem, command: command) }
                t.locale = tag
            },
            .flag("--dimmed", help: "Tint adjustment mode dimmed (as under an alert).") { t in t.tintAdjustmentMode = .dimmed },
            .value("--time", value: "T", help: "The moment drawn, in seconds (0 to 3600): every animation as it is then.") { t, v throws(UsageError) in
                guard let seconds = Double(v), seconds.isFinite, SceneLimits.time.contains(seconds) else {
                    throw UsageError(message: "--time takes seconds from 0 to 3600, found \"\(v)\"", command: command)
                }
                t.time = seconds
            },
        ]
    }

    private static func choice<E: RawRepresentable & CaseIterable>(_ option: String, _ v: String, _ command: any Command.Type,
                                                                   _ type: E.Type) throws(UsageError) -> E where E.RawValue == String {
        guard let e = E(rawValue: v) else {
            throw UsageError(message: "\(option) takes \(E.allCases.map(\.rawValue).joined(separator: " or ")), found \"\(v)\"", command: command)
        }
        return e
    }
}

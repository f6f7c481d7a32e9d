import Foundation
import TintypeModel

/// The trait options of `render`, `test`, `variants` and `sheet`, declared once: each picks a
/// value the scene's matrix already has (keeping those renders and their names) or replaces the
/// trait in every render.
enum TraitOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("--device", value: "NAME", help: "A device from 'tintype devices'."),
        OptionSpec("--orientation", value: "O", help: "portrait or landscape."),
        OptionSpec("--content-size", value: "C", help: "A text size: XS, S, M, L, XL, XXL, XXXL, AX1 to AX5."),
        OptionSpec("--direction", value: "D", help: "ltr or rtl (leftToRight, rightToLeft)."),
        OptionSpec("--locale", value: "TAG", help: "A locale (ar, de-DE, zh-Hans): texts in its language, RTL for Arabic."),
        OptionSpec("--dimmed", help: "Tint adjustment mode dimmed (as under an alert)."),
    ]

    /// Reads one trait option into `traits`; false when `option` is none of them.
    static func read(_ option: String, _ v: String, command: any Command.Type, into traits: inout TraitSet) throws(UsageError) -> Bool {
        switch option {
        case "--device":
            guard let d = Device.named(v) else {
                var message = "unknown device \"\(v)\""
                if let s = Suggest.closest(to: v, in: Device.catalog.map(\.name)) { message += "; did you mean \"\(s)\"?" }
                throw UsageError(message: message + " (see 'tintype devices')", command: command)
            }
            traits.device = d
        case "--orientation":
            traits.orientation = try choice(option, v, command, Orientation.self)
        case "--content-size":
            guard let c = ContentSizeCategory(rawValue: v.uppercased()) ?? SceneDecoder.contentSizeCategory(named: v) else {
                throw UsageError(message: "--content-size takes one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(v)\"", command: command)
            }
            traits.contentSizeCategory = c
        case "--direction":
            switch v.lowercased() {
            case "ltr", "lefttoright": traits.layoutDirection = .leftToRight
            case "rtl", "righttoleft": traits.layoutDirection = .rightToLeft
            default: throw UsageError(message: "--direction takes ltr or rtl, found \"\(v)\"", command: command)
            }
        case "--locale":
            guard let tag = TraitSet.canonicalLocale(v) else {
                throw UsageError(message: "--locale takes a language tag like ar, de-DE or zh-Hans, found \"\(v)\"", command: command)
            }
            if let problem = AppLocale.problem(with: tag) { throw UsageError(message: "--locale: " + problem, command: command) }
            traits.locale = tag
        case "--dimmed":
            traits.tintAdjustmentMode = .dimmed
        default:
            return false
        }
        return true
    }

    private static func choice<E: RawRepresentable & CaseIterable>(_ option: String, _ v: String, _ command: any Command.Type, _ type: E.Type) throws(UsageError) -> E where E.RawValue == String {
        guard let e = E(rawValue: v) else {
            throw UsageError(message: "\(option) takes \(E.allCases.map(\.rawValue).joined(separator: " or ")), found \"\(v)\"", command: command)
        }
        return e
    }
}

import Foundation
import TintypeModel

/// The trait options of `render`, `test`, `variants` and `sheet`, declared once: each picks a
/// value the scene's matrix already has (keeping those renders and their names) or replaces the
/// trait in every render.
enum TraitOptions {
    static let usage = "[--device NAME] [--orientation O] [--content-size C] [--direction D] [--locale TAG] [--dimmed]"
    static let help = """
          --device NAME         A device from 'tintype devices'.
          --orientation O       portrait or landscape.
          --content-size C      A text size: XS, S, M, L, XL, XXL, XXXL, AX1 to AX5.
          --direction D         ltr or rtl (leftToRight, rightToLeft).
          --locale TAG          A language tag (ar, de-DE, zh-Hans).
          --dimmed              Tint adjustment mode dimmed (as under an alert).
        """

    /// Reads one trait option into `traits`; false when `option` is none of them.
    static func read(_ option: String, _ scanner: inout ArgumentScanner, into traits: inout TraitSet) throws(UsageError) -> Bool {
        switch option {
        case "--device":
            let v = try scanner.value(for: option)
            guard let d = Device.named(v) else {
                var message = "unknown device \"\(v)\""
                if let s = Suggest.closest(to: v, in: Device.catalog.map(\.name)) { message += "; did you mean \"\(s)\"?" }
                throw UsageError(message: message + " (see 'tintype devices')", command: scanner.command)
            }
            traits.device = d
        case "--orientation":
            traits.orientation = try choice(option, &scanner, Orientation.self)
        case "--content-size":
            let v = try scanner.value(for: option)
            guard let c = ContentSizeCategory(rawValue: v.uppercased()) ?? SceneDecoder.contentSizeCategory(named: v) else {
                throw UsageError(message: "--content-size takes one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(v)\"", command: scanner.command)
            }
            traits.contentSizeCategory = c
        case "--direction":
            let v = try scanner.value(for: option)
            switch v.lowercased() {
            case "ltr", "lefttoright": traits.layoutDirection = .leftToRight
            case "rtl", "righttoleft": traits.layoutDirection = .rightToLeft
            default: throw UsageError(message: "--direction takes ltr or rtl, found \"\(v)\"", command: scanner.command)
            }
        case "--locale":
            let v = try scanner.value(for: option)
            guard let tag = TraitSet.canonicalLocale(v) else {
                throw UsageError(message: "--locale takes a language tag like ar, de-DE or zh-Hans, found \"\(v)\"", command: scanner.command)
            }
            traits.locale = tag
        case "--dimmed":
            traits.tintAdjustmentMode = .dimmed
        default:
            return false
        }
        return true
    }

    private static func choice<E: RawRepresentable & CaseIterable>(_ option: String, _ scanner: inout ArgumentScanner, _ type: E.Type) throws(UsageError) -> E where E.RawValue == String {
        let v = try scanner.value(for: option)
        guard let e = E(rawValue: v) else {
            throw UsageError(message: "\(option) takes \(E.allCases.map(\.rawValue).joined(separator: " or ")), found \"\(v)\"", command: scanner.command)
        }
        return e
    }
}

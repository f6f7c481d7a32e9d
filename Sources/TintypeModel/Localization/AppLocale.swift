#if canImport(FoundationInternationalization)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif

/// A scene's locale, checked against the locale data Foundation carries (ICU's CLDR), never a
/// table of our own.
public enum AppLocale {
    /// Every identifier Foundation knows, in BCP 47 form (`de-DE`, `zh-Hant-TW`), sorted.
    static let known: [String] = Locale.availableIdentifiers.map(bcp47).sorted()
    private static let knownSet = Set(known.map { $0.lowercased() })
    private static let languages = Set(known.map { String($0.split(separator: "-")[0]).lowercased() })
    private static let regions = Set(Locale.Region.isoRegions.map { $0.identifier.lowercased() })

    /// `de_DE` → `de-DE`.
    static func bcp47(_ identifier: String) -> String { identifier.replacingOccurrences(of: "_", with: "-") }

    /// Why `tag` is not a locale Foundation knows, or nil when it is. A tag is known when it is
    /// one of Foundation's identifiers, or a known language with a known script (four letters)
    /// and/or a known region (two letters or three digits), as `en-DE` is.
    public static func problem(with tag: String) -> String? {
        let t = bcp47(tag)
        if knownSet.contains(t.lowercased()) { return nil }
        let parts = t.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var ok = !parts.isEmpty && languages.contains(parts[0].lowercased())
        var sawScript = false, sawRegion = false
        for part in parts.dropFirst() where ok {
            if part.count == 4, part.allSatisfy(\.isLetter), !sawScript, !sawRegion,
               knownSet.contains(where: { $0.hasPrefix(parts[0].lowercased() + "-" + part.lowercased()) }) {
                sawScript = true
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)), !sawRegion,
                      regions.contains(part.lowercased()) {
                sawRegion = true
            } else {
                ok = false
            }
        }
        if ok { return nil }
        var message = "unknown locale \(quoted(tag)); expected a BCP 47 tag Foundation knows, like \"de-DE\", \"ar\" or \"ja-JP\""
        if let best = regionAlias(parts) ?? Suggest.closest(to: t, in: known) {
            message = "unknown locale \(quoted(tag)); did you mean \(quoted(best))? (a BCP 47 tag, like \"de-DE\", \"ar\" or \"ja-JP\")"
        }
        return message
    }

    /// Codes people write for a country that ISO 3166 reserves for it or has retired, with the
    /// region code a locale uses (Foundation's CLDR data has no alias for them): the nearest code
    /// by spelling is another country ("en-UK" is one letter from "en-CK", the Cook Islands).
    static let regionAliases = ["UK": "GB", "EL": "GR", "DD": "DE", "FX": "FR", "YU": "RS",
                                "CS": "RS", "SU": "RU", "ZR": "CD", "BU": "MM", "TP": "TL"]

    /// `en-UK` → `en-GB`: a known language with a region written as one of `regionAliases`.
    private static func regionAlias(_ parts: [String]) -> String? {
        guard parts.count >= 2, languages.contains(parts[0].lowercased()) else { return nil }
        var out = parts
        var changed = false
        for i in out.indices.dropFirst() {
            if let real = regionAliases[out[i].uppercased()] { out[i] = real; changed = true }
        }
        let tag = out.joined(separator: "-")
        return changed && problem(with: tag) == nil ? tag : nil
    }

    /// Whether the locale's language is written right to left (Arabic, Hebrew, Persian, Urdu, …).
    public static func isRightToLeft(_ tag: String) -> Bool {
        Locale.Language(identifier: bcp47(tag)).characterDirection == .rightToLeft
    }

    /// The tags to look a translation up under, most specific first: `zh-Hant-TW` → `zh-Hant-TW`,
    /// `zh-Hant`, `zh-TW`, `zh`.
    public static func lookupOrder(_ tag: String) -> [String] {
        let parts = bcp47(tag).split(separator: "-").map(String.init)
        guard let language = parts.first else { return [] }
        var order = [parts.joined(separator: "-")]
        if parts.count == 3 { order += [parts[0] + "-" + parts[1], parts[0] + "-" + parts[2]] }
        order.append(language)
        return order.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }
}

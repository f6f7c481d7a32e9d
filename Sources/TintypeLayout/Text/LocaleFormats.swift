import Foundation
import TintypeModel

/// Times, dates and numbers as a locale writes them, from Foundation's DateFormatter, NumberFormatter
/// and Date.RelativeFormatStyle (ICU with the CLDR data the Swift toolchain ships), never a table of
/// our own: the same toolchain gives the same strings on every machine.
///
/// Every date is a wall-clock value in UTC on the Gregorian calendar, so neither the process's time
/// zone nor its locale can reach a render. A scene without a locale is English (United States).
struct LocaleFormats {
    /// The locale as Foundation spells it (`de_DE`).
    let identifier: String
    private let locale: Locale

    init(_ tag: String?) {
        identifier = (tag ?? "en-US").replacingOccurrences(of: "-", with: "_")
        locale = Locale(identifier: identifier)
    }

    // MARK: Patterns

    /// One piece of an ICU date pattern: a field (`MMMM` is `M` four times) or literal text.
    enum Part: Equatable {
        case field(Character, Int)
        case literal(String)
    }

    /// Splits an ICU date pattern into fields and literals (ASCII letters are fields; text in
    /// single quotes and everything else is literal; `''` is an apostrophe).
    static func parse(_ pattern: String) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        var chars = Array(pattern)[...]
        func flush() { if !literal.isEmpty { parts.append(.literal(literal)); literal = "" } }
        while let c = chars.popFirst() {
            if c == "'" {
                if chars.first == "'" { chars.removeFirst(); literal.append("'"); continue }
                while let q = chars.popFirst() {
                    if q == "'" {
                        if chars.first == "'" { chars.removeFirst(); literal.append("'") } else { break }
                    } else {
                        literal.append(q)
                    }
                }
            } else if c.isASCII && c.isLetter {
                flush()
                var n = 1
                while chars.first == c { chars.removeFirst(); n += 1 }
                parts.append(.field(c, n))
            } else {
                literal.append(c)
            }
        }
        flush()
        return parts
    }

    /// The pattern text of `parts`, every literal quoted.
    static func pattern(_ parts: [Part]) -> String {
        parts.map { part in
            switch part {
            case .field(let c, let n): String(repeating: c, count: n)
            case .literal(let s): "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
            }
        }.joined()
    }

    /// The locale's pattern for a skeleton such as `jmm` (hour and minute in the locale's clock)
    /// or `yMMMMd`.
    func pattern(template: String) -> String {
        LocaleFormatCache.shared.pattern(template: template, locale: locale, identifier: identifier)
    }

    // MARK: Formatting

    /// `date` written with `pattern`, as a wall-clock time in UTC on the Gregorian calendar.
    func string(_ date: CalendarDate, pattern: String) -> String {
        let seconds = Double(date.dayNumber) * 86_400 + Double(date.hour * 3600 + date.minute * 60 + date.second)
        return LocaleFormatCache.shared.string(Date(timeIntervalSince1970: seconds), pattern: pattern, locale: locale, identifier: identifier)
    }

    /// The pattern of the locale's clock (`jmm`), as parts: `h:mm a` in English (United States),
    /// `HH:mm` in German, `a h:mm` in Korean.
    var clock: [Part] { Self.parse(pattern(template: "jmm")) }

    /// Whether the locale's clock counts 12 hours (and so names the half of the day).
    var uses12HourClock: Bool {
        clock.contains { if case .field(let c, _) = $0 { c == "h" || c == "K" } else { false } }
    }

    /// The status bar's time: the locale's clock without its day period, as iOS shows it there
    /// ("9:41" in English, "09:41" in German, 12-hour in Arabic without "ص").
    func statusBarTime(hour: Int, minute: Int) -> String {
        var parts = clock.filter { if case .field(let c, _) = $0 { !"abB".contains(c) } else { true } }
        // The day period's space goes with it: "a h:mm" becomes "h:mm", not " h:mm".
        while case .literal(let s)? = parts.first, s.allSatisfy(\.isWhitespace) { parts.removeFirst() }
        while case .literal(let s)? = parts.last, s.allSatisfy(\.isWhitespace) { parts.removeLast() }
        return string(CalendarDate(year: 2001, month: 1, day: 1, hour: hour, minute: minute), pattern: Self.pattern(parts))
    }

    /// A whole percentage (0 to 100) as the locale writes it: "100%", "100 %" in German.
    func percent(_ value: Int) -> String {
        LocaleFormatCache.shared.percent(value, locale: locale, identifier: identifier)
    }

    /// The word for today ("Today", "Heute", "今日"), capitalized as at the start of a sentence.
    var today: String { LocaleFormatCache.shared.today(locale: locale, identifier: identifier) }
}

/// Foundation's formatters cost a millisecond or so to make and are not thread-safe; each locale
/// and pattern gets one, made once and used under a lock.
final class LocaleFormatCache: @unchecked Sendable {
    static let shared = LocaleFormatCache()
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]
    private var patterns: [String: String] = [:]
    private var texts: [String: String] = [:]

    private static let utc = TimeZone(identifier: "UTC")!
    private static let gregorian: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = utc
        return c
    }()

    func pattern(template: String, locale: Locale, identifier: String) -> String {
        let key = identifier + "\u{0}" + template
        lock.lock(); defer { lock.unlock() }
        if let p = patterns[key] { return p }
        let p = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template
        patterns[key] = p
        return p
    }

    func string(_ date: Date, pattern: String, locale: Locale, identifier: String) -> String {
        let key = identifier + "\u{0}" + pattern
        lock.lock(); defer { lock.unlock() }
        let f: DateFormatter
        if let cached = formatters[key] { f = cached } else {
            f = DateFormatter()
            f.locale = locale
            // The picker's rows are Gregorian days; a locale whose default calendar is another
            // (ar-SA's is Islamic) still names them in its language and digits.
            f.calendar = Self.gregorian
            f.timeZone = Self.utc
            f.dateFormat = pattern
            formatters[key] = f
        }
        return f.string(from: date)
    }

    func percent(_ value: Int, locale: Locale, identifier: String) -> String {
        let key = identifier + "\u{0}%" + String(value)
        lock.lock(); defer { lock.unlock() }
        if let t = texts[key] { return t }
        let f = NumberFormatter()
        f.locale = locale
        f.numberStyle = .percent
        f.maximumFractionDigits = 0
        let t = f.string(from: NSNumber(value: Double(value) / 100)) ?? "\(value)%"
        texts[key] = t
        return t
    }

    func today(locale: Locale, identifier: String) -> String {
        let key = identifier + "\u{0}today"
        lock.lock(); defer { lock.unlock() }
        if let t = texts[key] { return t }
        var style = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, capitalizationContext: .beginningOfSentence)
        style.locale = locale
        style.allowedFields = [.day]
        // Formatted against the clock, but a date zero days from now is "today" whatever the
        // clock says: the clock cannot reach the text. (DateFormatter's relative formatting is
        // not implemented on Linux.)
        let t = style.format(Date())
        texts[key] = t
        return t
    }
}

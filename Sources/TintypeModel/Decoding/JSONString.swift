/// JSON text written by hand (the schema, storyboard imports, audit baselines, the review page's
/// data, scene pointers) quotes its strings here, one way: `"` and `\` escaped, newline, carriage
/// return and tab as `\n`, `\r` and `\t`, other control characters as `\u00XX` (lowercase hex),
/// and everything else as itself.
public enum JSONString {
    /// `s` in double quotes, escaped for JSON.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        append(s, to: &out)
        return out + "\""
    }

    /// `s` escaped for JSON (without the quotes), appended to `out`.
    public static func append(_ s: String, to out: inout String) {
        let hex: [Character] = Array("0123456789abcdef")
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += "\\u00" + String(hex[Int(u.value >> 4)]) + String(hex[Int(u.value & 0xF)])
            default: out.unicodeScalars.append(u)
            }
        }
    }
}

/// What librsvg would be asked to do with an SVG image, counted before it sees the file: its
/// elements and the characters of its text. librsvg lays out text with Pango, and its cost grows
/// fast with the text's length (an SVG of one 50,000-character `<text>` took 22 s, 300 KB of words
/// over 800 MB); an image past `SceneLimits.maxSVGTextCharacters` or `maxSVGElements` is refused.
///
/// The count is a plain scan of the markup (tags, comments, CDATA, processing instructions and
/// quoted attribute values), not a parse: it never fails, and only decides whether to refuse.
public enum SVGBudget {
    public struct Counts: Sendable, Equatable {
        /// Start tags (each element once).
        public var elements = 0
        /// Characters of character data (and CDATA) inside `<text>` elements.
        public var textCharacters = 0
    }

    public static func count(_ bytes: [UInt8]) -> Counts {
        var counts = Counts()
        var textDepth = 0
        var i = 0
        let n = bytes.count
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= n && Array(bytes[k..<(k + u.count)]) == u
        }
        func skip(past end: String, from k: Int) -> Int {
            let u = Array(end.utf8)
            var j = k
            while j + u.count <= n {
                if bytes[j] == u[0] && Array(bytes[j..<(j + u.count)]) == u { return j + u.count }
                j += 1
            }
            return n
        }
        /// Characters (UTF-8 lead bytes) in bytes[a..<b].
        func characters(_ a: Int, _ b: Int) -> Int { bytes[a..<min(b, n)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                if textDepth > 0 && bytes[i] & 0xC0 != 0x80 { counts.textCharacters += 1 }
                i += 1
                continue
            }
            if starts("<!--", at: i) { i = skip(past: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) {
                let end = skip(past: "]]>", from: i + 9)
                if textDepth > 0 { counts.textCharacters += characters(i + 9, end - 3) }
                i = end
                continue
            }
            if starts("<?", at: i) || starts("<!", at: i) { i = skip(past: ">", from: i + 2); continue }
            let closing = i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")
            var j = i + (closing ? 2 : 1)
            let nameStart = j
            while j < n, !" \t\r\n/>".utf8.contains(bytes[j]) { j += 1 }
            let name = bytes[nameStart..<j]
            // To the tag's end, past quoted values (a ">" inside one does not end it).
            var quote: UInt8?
            var selfClosing = false
            while j < n {
                let b = bytes[j]
                if let q = quote { if b == q { quote = nil } } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    selfClosing = j > 0 && bytes[j - 1] == UInt8(ascii: "/")
                    break
                }
                j += 1
            }
            let isText = name.elementsEqual("text".utf8)
            if closing {
                if isText && textDepth > 0 { textDepth -= 1 }
            } else {
                counts.elements += 1
                if isText && !selfClosing { textDepth += 1 }
            }
            i = j + 1
        }
        return counts
    }

    /// Why librsvg should not see the SVG `bytes` (named `name` in the message), or nil.
    public static func problem(_ bytes: [UInt8], name: String) -> String? {
        let c = count(bytes)
        if c.textCharacters > SceneLimits.maxSVGTextCharacters {
            return "image file \(quoted(name)) holds \(c.textCharacters) characters of text, more than the limit of "
                + "\(SceneLimits.maxSVGTextCharacters) an SVG image may hold (turn the text into paths)"
        }
        if c.elements > SceneLimits.maxSVGElements {
            return "image file \(quoted(name)) has \(c.elements) elements, more than the limit of \(SceneLimits.maxSVGElements) an SVG image may have"
        }
        return nil
    }
}

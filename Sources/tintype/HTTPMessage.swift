import Foundation
import TintypeModel

/// An HTTP/1.x request as `tintype preview` accepts it: a GET or HEAD of an origin-form target,
/// headers and no body. Parsing is strict and bounded, because the bytes come from a socket:
/// anything else is a `HTTPRequest.Problem`, answered with its status (400 mostly) and the
/// connection closed.
struct HTTPRequest: Equatable {
    var method: String
    /// The request target as sent: `/render/a%20b.json?variant=0`.
    var target: String
    /// The path, percent-decoded: `/render/Basics/a b.json`.
    var path: String
    /// The path's segments after the first slash, decoded; never `.`, `..` or empty.
    var segments: [String]
    /// The query's parameters in order, decoded (`+` is a space); a name without `=` has "" as value.
    var query: [(String, String)]
    /// Header names lowercased, values trimmed; a repeated header keeps its last value.
    var headers: [String: String]
    var version: String
    /// The body, read after the head by the server when it takes one (`tintype preview`'s touches); empty otherwise.
    var body: [UInt8] = []

    /// The body's length as the head declares it (0 without Content-Length).
    var contentLength: Int { headers["content-length"].flatMap { Int($0) } ?? 0 }

    /// The largest request head read: a browser's GET is far below it.
    static let maxHeadBytes = 16 * 1024

    /// Why a request is refused, with the status it is answered with.
    struct Problem: Error, Equatable {
        var status: Int
        var message: String
    }

    static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.path == b.path && a.segments == b.segments && a.headers == b.headers
            && a.version == b.version && a.query.map { [$0.0, $0.1] } == b.query.map { [$0.0, $0.1] }
    }

    /// The value of the first query parameter with this name.
    func parameter(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// Where the head ends in `bytes` (the index after the blank line), or nil when it has not
    /// arrived yet. A bare LF line end is accepted, as RFC 9112 allows.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { return i + 2 }
                if i + 2 < bytes.count, bytes[i + 1] == 0x0D, bytes[i + 2] == 0x0A { return i + 3 }
            }
            i += 1
        }
        return nil
    }

    /// Parses a request head (the request line and headers, up to and including the blank line).
    /// `methods` are those the server answers (`tintype review` adds POST, still without a body).
    /// `maxBody` is the largest body the server reads (0: none is accepted): a longer one is a 413,
    /// a chunked one a 411 (the length must be known before reading).
    static func parse(head bytes: [UInt8], methods: Set<String> = ["GET", "HEAD"], maxBody: Int = 0) throws(Problem) -> HTTPRequest {
        guard bytes.count <= maxHeadBytes else { throw Problem(status: 431, message: "the request head is larger than \(maxHeadBytes) bytes") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Problem(status: 400, message: "the request head is not UTF-8") }
        // Split on scalars: as Characters, "\r\n" is one grapheme and would not split on "\n".
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Substring(String(String.UnicodeScalarView($0.last == "\r" ? $0.dropLast() : $0))) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { throw Problem(status: 400, message: "empty request") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Problem(status: 400, message: "malformed request line") }
        let method = String(parts[0]), target = String(parts[1]), version = String(parts[2])
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw Problem(status: version.hasPrefix("HTTP/") ? 505 : 400, message: "unsupported protocol \(quoted(version))")
        }
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else {
            throw Problem(status: 400, message: "malformed method")
        }

        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            // Obsolete line folding and header lines without a name are refused, as RFC 9112 asks.
            guard let colon = line.firstIndex(of: ":"), let first = line.first, first != " " && first != "\t" else {
                throw Problem(status: 400, message: "malformed header line")
            }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }) else {
                throw Problem(status: 400, message: "malformed header name")
            }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        }
        if version == "HTTP/1.1" && headers["host"] == nil { throw Problem(status: 400, message: "no Host header") }
        if maxBody > 0 {
            // Bodies are read whole, their length known first: no chunks, no length past the limit.
            if headers["transfer-encoding"] != nil {
                throw Problem(status: 411, message: "a request body must come with a Content-Length, not a Transfer-Encoding")
            }
            if let length = headers["content-length"] {
                guard !length.isEmpty, length.count <= 18, length.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(length) else {
                    throw Problem(status: 400, message: "malformed Content-Length \(quoted(length))")
                }
                if n > maxBody { throw Problem(status: 413, message: "the request body is \(n) bytes; at most \(maxBody) are read") }
            }
        } else if headers["transfer-encoding"] != nil || (headers["content-length"].map { $0 != "0" } ?? false) {
            // A server that reads no bodies refuses a request that sends one rather than half read it.
            throw Problem(status: 400, message: "a request body is not accepted")
        }
        guard methods.contains(method) else {
            throw Problem(status: 405, message: "\(method) is not allowed; only " + methods.sorted().joined(separator: ", ") + " are")
        }

        guard target.hasPrefix("/") else { throw Problem(status: 400, message: "the target must be a path starting with /") }
        let pathPart: Substring, queryPart: Substring?
        if let q = target.firstIndex(of: "?") {
            pathPart = target[..<q]; queryPart = target[target.index(after: q)...]
        } else {
            pathPart = target[...]; queryPart = nil
        }
        let rawSegments = pathPart.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for (i, raw) in rawSegments.enumerated() {
            // A trailing slash is an empty last segment: "/" itself, or "/api/" (which routes nowhere).
            if raw.isEmpty && i == rawSegments.count - 1 { break }
            guard let s = percentDecode(raw, plusIsSpace: false) else { throw Problem(status: 400, message: "malformed percent-encoding in the path") }
            guard !s.isEmpty, s != ".", s != "..", !s.contains("/"), !s.contains("\\"), !s.contains("\0") else {
                throw Problem(status: 400, message: "the path may not contain empty, . or .. segments")
            }
            segments.append(s)
        }
        var query: [(String, String)] = []
        for item in (queryPart ?? "").split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecode(pair[0], plusIsSpace: true),
                  let value = pair.count > 1 ? percentDecode(pair[1], plusIsSpace: true) : "",
                  !name.contains("\0"), !value.contains("\0") else {
                throw Problem(status: 400, message: "malformed percent-encoding in the query")
            }
            query.append((name, value))
        }
        return HTTPRequest(method: method, target: target, path: "/" + segments.joined(separator: "/"), segments: segments, query: query,
                           headers: headers, version: version)
    }

    /// `%41` → `A`; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecode(_ s: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            if b == UInt8(ascii: "%") {
                guard it.count >= 2, let hi = hexValue(it[it.startIndex]), let lo = hexValue(it[it.startIndex + 1]) else { return nil }
                bytes.append(hi << 4 | lo)
                it = it.dropFirst(2)
            } else if b == UInt8(ascii: "+") && plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A response: status, content type, body, and the few headers the preview sets.
struct HTTPResponse: Equatable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []

    static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.contentType == b.contentType && a.body == b.body
            && a.headers.map { [$0.0, $0.1] } == b.headers.map { [$0.0, $0.1] }
    }

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static func json(_ value: Any, status: Int = 200) -> HTTPResponse {
        // Sorted keys: the same state gives the same bytes.
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, contentType: "application/json", body: Array(data))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// The bytes sent: the head, then the body unless the request was a HEAD. Every response
    /// closes its connection, so that no request is ever read half-way into the next.
    func serialized(headOnly: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        var names = Set<String>()
        for (name, value) in headers { head += "\(name): \(value)\r\n"; names.insert(name.lowercased()) }
        if !names.contains("cache-control") { head += "Cache-Control: no-store\r\n" }
        if status == 405 && !names.contains("allow") { head += "Allow: GET, HEAD\r\n" }
        head += "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (headOnly ? [] : body)
    }
}

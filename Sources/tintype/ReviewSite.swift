import Foundation
import TintypeModel
import TintypeSnapshot

/// What `tintype review` serves: the page, the run's images as JSON, the images themselves (by
/// the image's number and role, never by a path from the request), and the decisions, which
/// `ReviewSession` takes and writes.
///
/// Decisions are POSTs without a body, their arguments in the query. A page of another site can
/// send a POST to this machine but cannot add a header of its own without asking first (which
/// this server never allows), so a decision must carry `X-Tintype-Review`, and an `Origin`, when
/// sent, must be this server's.
final class ReviewSite: @unchecked Sendable {
    let session: ReviewSession
    /// The largest image file served.
    static let maxImageBytes = 256 << 20

    init(session: ReviewSession) {
        self.session = session
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let s = request.segments
        if request.method == "POST" {
            guard request.headers["x-tintype-review"] != nil else {
                return .text(403, "a decision needs the X-Tintype-Review header (this page's own requests send it)")
            }
            if let origin = request.headers["origin"], origin != "http://" + (request.headers["host"] ?? "") {
                return .text(403, "a decision from \(origin) is refused: only this server's page decides")
            }
            switch s {
            case ["api", "decide"]: return decide(request)
            case ["api", "undo"]: return undo(request)
            default: return .text(404, "not found: \(request.path)")
            }
        }
        switch s.first {
        case nil:
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(ReviewPage.html.utf8),
                                headers: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)])
        case "api" where s == ["api", "items"]:
            return items()
        case "api" where s.count == 3 && s[1] == "regions":
            guard let id = Int(s[2]), session.snapshot.indices.contains(id) else { return .text(404, "no image \(s[2])") }
            return .json(["id": id, "regions": session.regions(id)])
        case "image" where s.count == 3:
            return image(s[1], role: s[2])
        default:
            return .text(404, "not found: \(request.path)")
        }
    }

    private let cacheLock = NSLock()
    private var cached: (version: Int, response: HTTPResponse)?

    /// The whole state, kept while no decision changes it (revisions only rise, so their sum names it):
    /// a run of thousands of images is encoded once, not on every page load.
    private func items() -> HTTPResponse {
        let items = session.snapshot
        let version = items.reduce(0) { $0 + $1.revision }
        cacheLock.lock(); defer { cacheLock.unlock() }
        if let cached, cached.version == version { return cached.response }
        var text = ""
        Self.writeJSON(state(items), to: &text)
        let response = HTTPResponse(status: 200, contentType: "application/json", body: Array(text.utf8))
        cached = (version, response)
        return response
    }

    /// JSON with sorted keys, as `HTTPResponse.json` writes it, written directly: Foundation's
    /// JSONSerialization takes most of a second on Linux for a run of a thousand images.
    static func writeJSON(_ value: Any, to out: inout String) {
        switch value {
        case let s as String:
            out += "\""
            JSONString.append(s, to: &out)
            out += "\""
        case let b as Bool: out += b ? "true" : "false"
        case let i as Int: out += String(i)
        case let d as Double: out += d.isFinite ? "\(d)" : "null"
        case let a as [Any]:
            out += "["
            for (n, v) in a.enumerated() { if n > 0 { out += "," }; writeJSON(v, to: &out) }
            out += "]"
        case let o as [String: Any]:
            out += "{"
            for (n, k) in o.keys.sorted().enumerated() { if n > 0 { out += "," }; writeJSON(k, to: &out); out += ":"; writeJSON(o[k]!, to: &out) }
            out += "}"
        default: out += "null"
        }
    }

    /// Everything the page draws from.
    func state(_ items: [ReviewSession.Item], message: String? = nil) -> [String: Any] {
        var counts: [String: Int] = [:]
        for group in ReviewSession.Group.allCases { counts[group.rawValue] = 0 }
        for item in items { counts[item.group.rawValue, default: 0] += 1 }
        var out: [String: Any] = [
            "bundle": session.bundle, "tool": session.tool, "counts": counts, "items": items.map(json),
            "groups": ReviewSession.Group.allCases.map(\.rawValue),
        ]
        if let message { out["message"] = message }
        return out
    }

    func json(_ item: ReviewSession.Item) -> [String: Any] {
        var j: [String: Any] = [
            "id": item.id, "group": item.group.rawValue, "name": item.displayName, "golden": item.golden,
            "ratio": item.ratio, "decision": item.decision.rawValue, "revision": item.revision,
        ]
        // The message only when it holds more than its explanation (which the page shows).
        if item.why == nil || !item.message.hasPrefix("Why:") && item.message.count > (item.why?.count ?? 0) + 1 {
            j["message"] = item.why.map { item.message.replacingOccurrences(of: "\n" + $0, with: "") } ?? item.message
        }
        if let scene = item.scene { j["scene"] = scene }
        if let v = item.variant { j["variant"] = v }
        if let why = item.why { j["why"] = why }
        if let w = item.width, let h = item.height { j["size"] = [w, h] }
        if let a = item.changedArea { j["area"] = a }
        if let r = item.renamedFrom { j["renamedFrom"] = r }
        if let u = item.undecidable { j["undecidable"] = u }
        var images: [String: String] = [:]
        if item.expected != nil { images["expected"] = "/image/\(item.id)/expected?r=\(item.revision)" }
        if item.actual != nil { images["actual"] = "/image/\(item.id)/actual?r=\(item.revision)" }
        if item.diff != nil { images["diff"] = "/image/\(item.id)/diff?r=\(item.revision)" }
        j["images"] = images
        return j
    }

    private func image(_ idText: String, role: String) -> HTTPResponse {
        let items = session.snapshot
        guard let id = Int(idText), items.indices.contains(id) else { return .text(404, "no image \(idText)") }
        let item = items[id]
        let path: String?
        switch role {
        case "expected": path = item.expected
        case "actual": path = item.actual
        case "diff": path = item.diff
        default: return .text(404, "no \(role) image; there are expected, actual and diff")
        }
        // Every path was checked to lie inside the bundle or the project when the bundle was read.
        guard let path else { return .text(404, "\(item.displayName) has no \(role) image") }
        switch InputFiles.read(path, limit: Self.maxImageBytes) {
        case .success(let data):
            return HTTPResponse(status: 200, contentType: "image/png", body: Array(data))
        case .failure(let error):
            return .text(404, "\(path): \(error)")
        }
    }

    private func decide(_ request: HTTPRequest) -> HTTPResponse {
        let decision: ReviewSession.Decision
        switch request.parameter("decision") {
        case "approved": decision = .approved
        case "rejected": decision = .rejected
        default: return .json(["error": "decision takes approved or rejected"], status: 400)
        }
        let ids = (request.parameter("ids") ?? "").split(separator: ",").compactMap { Int($0) }
        guard !ids.isEmpty else { return .json(["error": "ids takes image numbers, comma-separated"], status: 400) }
        var seen: [Int: Int] = [:]
        for pair in (request.parameter("seen") ?? "").split(separator: ",") {
            let p = pair.split(separator: ":").compactMap { Int($0) }
            if p.count == 2 { seen[p[0]] = p[1] }
        }
        let outcome = session.decide(ids, decision, seen: seen)
        return answer(outcome)
    }

    private func undo(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = request.parameter("id").flatMap({ Int($0) }) else { return .json(["error": "id takes an image number"], status: 400) }
        return answer(session.undo(id, seen: request.parameter("seen").flatMap { Int($0) }))
    }

    /// The outcome with the whole state, so the page shows what is true now after a refusal too.
    private func answer(_ outcome: ReviewSession.Outcome) -> HTTPResponse {
        var body = state(session.snapshot, message: outcome.message)
        body["written"] = outcome.written
        if outcome.status != 200 { body["error"] = outcome.message }
        return .json(body, status: outcome.status)
    }
}

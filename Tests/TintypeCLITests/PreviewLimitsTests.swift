import Foundation
import Testing
@testable import tintype

/// The preview's bounds (issue 35): slow clients cannot starve the others, and a scene that nests
/// includes as deep as it likes is answered with an error, not a dead server.
extension PreviewBrowserTests {
    /// A connection to the server that sends `bytes` and then nothing.
    static func trickle(port: Int, _ bytes: String) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        _ = Array(bytes.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }

    @Test(.timeLimit(.minutes(2)))
    func slowClientsHoldingEverySlotDoNotStarveARequest() async throws {
        let root = try Self.folder()
        let server = try Server(root: root)
        defer { server.stop(); try? FileManager.default.removeItem(atPath: root) }
        // As many connections as the server serves at once, each sending one byte of a head (a
        // slowloris client adds a byte every few seconds, which a per-read timeout never ends).
        var slow: [Int32] = []
        for _ in 0..<HTTPServer.maxConnections { slow.append(Self.trickle(port: server.port, "G")) }
        defer { for fd in slow { close(fd) } }
        usleep(300_000)
        for fd in slow.prefix(8) { _ = Glibc.send(fd, "E", 1, Int32(MSG_NOSIGNAL)) }
        let started = Date()
        let answer = try server.get("/api/scenes")
        #expect(answer.status == 200, "\(answer.head)")
        #expect(Date().timeIntervalSince(started) < HTTPServer.headTimeoutSeconds, "waited for a slow client's slot")
    }

    @Test(.timeLimit(.minutes(2)))
    func aHeadTrickledByteByByteEndsAtItsDeadline() throws {
        #expect(HTTPServer.headTimeoutSeconds <= 10)
        let root = try Self.folder()
        let server = try Server(root: root)
        defer { server.stop(); try? FileManager.default.removeItem(atPath: root) }
        let fd = Self.trickle(port: server.port, "G")
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let started = Date()
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        // A byte a second: every read would see one in time; the head as a whole does not.
        for byte in "ET /api/scenes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1".utf8 {
            _ = [byte].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { response += chunk[0..<n]; break }
            if n == 0 { break }
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(String(decoding: response, as: UTF8.self).hasPrefix("HTTP/1.1 408"), "\(String(decoding: response, as: UTF8.self))")
        #expect(elapsed < HTTPServer.headTimeoutSeconds + 3, "\(elapsed)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aSceneIncludingAThousandLevelsIsAnErrorAndTheServerLives() throws {
        let root = try Self.folder()
        for i in 1..<1_200 { try Data("{\"include\": [\"deep\(i + 1).json\"]}".utf8).write(to: URL(fileURLWithPath: root + "/deep\(i).json")) }
        try Data(#"{"tintColor": "systemRed"}"#.utf8).write(to: URL(fileURLWithPath: root + "/deep1200.json"))
        try Data(#"{"include": ["deep1.json"], "device": "iPhone SE", "scale": 1, "root": {"view": {}}}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/bomb.json"))
        let server = try Server(root: root)
        defer { server.stop(); try? FileManager.default.removeItem(atPath: root) }
        let scenes = try server.scenes()
        let issues = scenes["bomb.json"]?["issues"] as? [[String: Any]] ?? []
        #expect((issues.first?["message"] as? String)?.hasPrefix("includes nest deeper than \(32) files") == true, "\(issues)")
        #expect(server.process.isRunning)
        #expect(try server.get("/api/scenes").status == 200)
    }
}

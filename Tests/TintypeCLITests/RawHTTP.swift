import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP exchange over a socket to 127.0.0.1, bytes as they are: the tests of the preview's and
/// the review page's servers send requests no client library would (bad methods, foreign origins).
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The port of the `http://127.0.0.1:PORT/` address a server started as `process` prints into
    /// the file `out`, waiting for it at most `seconds`; nil if it is not printed in time or the
    /// process ends first.
    static func port(printedIn out: String, by process: Process, seconds: Double = 30) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && process.isRunning {
            let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if let r = text.range(of: #"http://127\.0\.0\.1:([0-9]+)/"#, options: .regularExpression) {
                return Int(text[r].dropFirst("http://127.0.0.1:".count).dropLast())
            }
            usleep(20_000)
        }
        return nil
    }

    /// Sends `raw` to `port` and reads the whole response (the servers close every connection),
    /// waiting at most `timeoutSeconds` for each read.
    static func exchange(port: Int, _ raw: String, timeoutSeconds: Int = 60) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        let bytes = Array(raw.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw Failure(description: "send failed")
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            response += chunk[0..<n]
        }
        return response
    }
}

import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 over POSIX sockets (Foundation on Linux has none): one
/// request per connection, each connection on a thread of its own, bounded in number, size and
/// time. It exists for `tintype preview`; requests are parsed by `HTTPRequest`, answered by the
/// handler, and anything malformed is answered with its 4xx status without reaching the handler.
///
/// Slow clients cannot starve the others: a request head must arrive whole within
/// `headTimeoutSeconds` (not a timeout per byte, which a byte every few seconds resets), a response
/// must be taken within `responseTimeoutSeconds`, and when every slot is taken a new connection
/// closes the one that has waited longest for its head instead of being turned away.
final class HTTPServer: @unchecked Sendable {
    /// The port bound (the one picked by the system when 0 was asked for).
    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    /// Whether each request is printed to standard error as it is answered.
    private let log: Bool
    private let lock = NSLock()
    private var open = 0
    /// Connections still reading their request head, with when each was accepted.
    private var reading: [Int32: Date] = [:]

    /// Connections served at once; more wait in the listen queue's place get a 503. A browser opens six.
    static let maxConnections = 48
    /// How long a client may take to send its whole request head.
    static let headTimeoutSeconds = 10.0
    /// How long a client may take to read its whole response.
    static let responseTimeoutSeconds = 30.0
    /// The stack of each connection's thread, which decodes and renders: the main thread's 8 MiB,
    /// so that whatever a scene within the limits needs fits as it does in `tintype render`.
    static let threadStackBytes = 8 << 20

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// The address bound: 127.0.0.1 unless a command's `--host` asked for another.
    let host: String
    /// The methods answered (GET and HEAD; `tintype review` adds POST).
    private let methods: Set<String>

    /// Binds 127.0.0.1:`port` (0 picks a free port) and listens. Only the loopback address is
    /// bound, so nothing outside this machine can connect, unless `host` names another address.
    /// The largest request body read (0: requests with a body are refused).
    private let maxBody: Int
    /// How long a client may take to send a body, once its head is in.
    static let bodyTimeoutSeconds = 10.0

    init(port: UInt16, host: String = "127.0.0.1", methods: Set<String> = ["GET", "HEAD"], maxBody: Int = 0, log: Bool = false,
         handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(StartError) {
        var ip = in_addr()
        guard inet_pton(AF_INET, host, &ip) == 1 else { throw StartError(description: "cannot listen on \(host): not an IPv4 address") }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        // A restarted preview can take its port back while the last one's connections linger in TIME_WAIT.
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = ip
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason = errno == EADDRINUSE ? "it is in use (pass another --port, or --port 0 for a free one)" : String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "cannot listen on \(host):\(port): \(reason)")
        }
        guard listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.listener = fd
        self.handler = handler
        self.log = log
        self.host = host
        self.methods = methods
        self.maxBody = maxBody
    }

    /// Accepts connections until the process ends.
    func serve() -> Never {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                // EINTR, or a connection reset before it was accepted: neither stops the server.
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                continue
            }
            lock.lock()
            var busy = open >= Self.maxConnections
            if busy, let (slowest, _) = reading.min(by: { $0.value < $1.value }) {
                // Every slot is taken: the connection waiting longest for its head gives way (its
                // thread sees the connection end and lets go of its slot).
                reading[slowest] = nil
                shutdown(slowest, Int32(SHUT_RDWR))
                busy = false
            }
            if !busy { open += 1; reading[client] = Date() }
            lock.unlock()
            if busy {
                send(client, HTTPResponse.text(503, "too many connections").serialized())
                close(client)
                continue
            }
            let thread = Thread { [self] in
                handle(client)
                close(client)
                lock.lock(); open -= 1; lock.unlock()
            }
            thread.stackSize = Self.threadStackBytes
            thread.start()
        }
    }

    /// Reads one request head, answers it, and returns (the caller closes the connection).
    private func handle(_ fd: Int32) {
        let headDeadline = Date().addingTimeInterval(Self.headTimeoutSeconds)
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var end: Int?
        var refusal: HTTPResponse?
        // No longer among the connections that may be closed to make room, once the head is in.
        defer { lock.lock(); reading[fd] = nil; lock.unlock() }
        while end == nil {
            // Each wait is for what is left of the head's time, so trickled bytes cannot extend it.
            let left = headDeadline.timeIntervalSinceNow
            if left <= 0 {
                if head.isEmpty { return }
                refusal = .text(408, "the request head did not arrive in time")
                break
            }
            Self.setTimeout(fd, SO_RCVTIMEO, seconds: left)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                if head.isEmpty { return }
                refusal = .text(408, "the request head did not arrive in time")
                break
            }
            if n <= 0 { return }   // closed before a whole head arrived: nobody to answer
            head += chunk[0..<n]
            end = HTTPRequest.headEnd(in: head)
            if end != nil { lock.lock(); reading[fd] = nil; lock.unlock(); break }
            if head.count > HTTPRequest.maxHeadBytes {
                refusal = .text(431, "the request head is larger than \(HTTPRequest.maxHeadBytes) bytes")
                break
            }
        }
        var response: HTTPResponse
        var headOnly = false
        var what = "(malformed request)"
        if let refusal {
            response = refusal
        } else {
            do throws(HTTPRequest.Problem) {
                var request = try HTTPRequest.parse(head: Array(head[0..<end!]), methods: methods, maxBody: maxBody)
                headOnly = request.method == "HEAD"
                what = request.method + " " + request.target
                if request.contentLength > 0 {
                    guard let body = readBody(fd, length: request.contentLength, after: Array(head[end!...])) else {
                        throw HTTPRequest.Problem(status: 408, message: "the request body (\(request.contentLength) bytes) did not arrive in time")
                    }
                    request.body = body
                }
                response = hostIsLocal(request) ? handler(request)
                    : .text(400, "the Host header must name 127.0.0.1 or localhost (this server answers only this machine's pages)")
            } catch {
                response = .text(error.status, error.message)
                // A method not answered: say which are (review answers POST as well).
                if error.status == 405 { response.headers.append(("Allow", methods.sorted().joined(separator: ", "))) }
            }
        }
        send(fd, response.serialized(headOnly: headOnly), deadline: Date().addingTimeInterval(Self.responseTimeoutSeconds))
        if log { writeStderr("\(what) \(response.status)") }
        // Closing with request bytes still unread would reset the connection, and the client could
        // lose the response: the sending side is shut down first, and what the client still sends
        // is read and dropped until it closes (a second at most, a megabyte at most).
        shutdown(fd, Int32(SHUT_WR))
        var linger = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &linger, socklen_t(MemoryLayout<timeval>.size))
        var drained = 0
        while drained < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            drained += n
        }
    }

    /// The `length` bytes of a body, starting with those read with the head, within `bodyTimeoutSeconds`;
    /// nil when the client stops or takes longer. Bytes past the length are dropped.
    private func readBody(_ fd: Int32, length: Int, after first: [UInt8]) -> [UInt8]? {
        var body = Array(first.prefix(length))
        let deadline = Date().addingTimeInterval(Self.bodyTimeoutSeconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while body.count < length {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            Self.setTimeout(fd, SO_RCVTIMEO, seconds: left)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, length - body.count), 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            body += chunk[0..<n]
        }
        return body
    }

    /// Whether the request names this server by a loopback name. Another site's page whose name
    /// resolves to 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
    func hostIsLocal(_ request: HTTPRequest) -> Bool {
        // Served beyond this machine on purpose (--host): other names reach it too.
        guard self.host.hasPrefix("127.") else { return true }
        guard let host = request.headers["host"] else { return true }   // HTTP/1.0 without Host
        return ["127.0.0.1", "localhost", "127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased())
    }

    /// Sets the socket's receive or send timeout (`option`) to `seconds`.
    static func setTimeout(_ fd: Int32, _ option: Int32, seconds: Double) {
        let s = max(0.001, seconds)
        var t = timeval(tv_sec: Int(s), tv_usec: Int((s - s.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, option, &t, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`, or gives up when the client has gone or the deadline has passed.
    @discardableResult
    private func send(_ fd: Int32, _ bytes: [UInt8], deadline: Date = Date().addingTimeInterval(HTTPServer.responseTimeoutSeconds)) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            Self.setTimeout(fd, SO_SNDTIMEO, seconds: left)
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}

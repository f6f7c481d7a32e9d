// Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: commands
// on the browser's fd 3, answers on its fd 4, each message JSON ended by a NUL byte), so that a test
// can press keys and move the mouse as a person does, and read the page's state back.
import Foundation

final class DevToolsPipe {
    let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var nextId = 1
    private var buffer: [UInt8] = []
    private var session: String?
    let work: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    init(chromium: String, work: String, width: Int = 1280, height: Int = 900) throws {
        self.work = work
        try FileManager.default.createDirectory(atPath: work + "/profile", withIntermediateDirectories: true)
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure("pipe failed") }
        // Above the descriptors dup2 fills, and closed on exec everywhere but in the browser's 3 and 4.
        let readEnd = fcntl(input[0], F_DUPFD_CLOEXEC, 10), writeEnd = fcntl(output[1], F_DUPFD_CLOEXEC, 10)
        close(input[0]); close(output[1])
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC); _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 3)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, work + "/stdout", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, work + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                         "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe", "--user-data-dir=\(work)/profile",
                         "--window-size=\(width),\(height)", "about:blank"]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = work
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, chromium, &actions, nil, argv, envp)
        close(readEnd); close(writeEnd)
        guard status == 0 else { close(input[1]); close(output[0]); throw Failure("cannot start \(chromium): \(status)") }
        self.pid = pid
        toBrowser = input[1]
        fromBrowser = output[0]
        let target = try call("Target.createTarget", ["url": "about:blank"], timeout: 60)
        guard let id = target["targetId"] as? String else { throw Failure("no target: \(target)") }
        let attached = try call("Target.attachToTarget", ["targetId": id, "flatten": true])
        session = attached["sessionId"] as? String
    }

    /// Ends the browser (this process, by its id).
    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(toBrowser); close(fromBrowser)
    }

    var stderrTail: String {
        ((try? String(contentsOfFile: work + "/stderr", encoding: .utf8)) ?? "").split(separator: "\n").suffix(15).joined(separator: "\n")
    }

    /// Sends a command (to the page once attached) and waits for its answer's result.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: Double = 30) throws -> [String: Any] {
        let id = nextId
        nextId += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session, !method.hasPrefix("Target.") { message["sessionId"] = session }
        let data = try JSONSerialization.data(withJSONObject: message) + Data([0])
        let sent = data.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
        guard sent == data.count else { throw Failure("cannot write to the browser") }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let end = buffer.firstIndex(of: 0) {
                let bytes = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], object["id"] as? Int == id else { continue }
                if let error = object["error"] { throw Failure("\(method): \(error)") }
                return object["result"] as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure("\(method) had no answer in \(timeout) s; chromium said:\n\(stderrTail)") }
            var fd = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(min(left, 1) * 1000)) >= 0 else { continue }
            if fd.revents == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if n <= 0 { throw Failure("the browser closed its pipe; it said:\n\(stderrTail)") }
            buffer += chunk[0..<n]
        }
    }

    func navigate(_ url: String) throws { try call("Page.navigate", ["url": url], timeout: 60) }

    /// The value of a script expression (awaited when it is a promise).
    func evaluate(_ expression: String) throws -> Any? {
        let r = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let e = r["exceptionDetails"] { throw Failure("\(expression): \(e)") }
        return (r["result"] as? [String: Any])?["value"]
    }

    func string(_ expression: String) throws -> String { try evaluate(expression).map { "\($0)" } ?? "" }

    /// Waits until the expression is true, or fails after `timeout` seconds saying what it was.
    func wait(for expression: String, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // While the page loads, `document.documentElement` may be null: that is "not yet".
            if (try? evaluate("!!(\(expression))")) as? Bool == true { return }
            usleep(50_000)
        }
        throw Failure("waited \(timeout) s for \(expression)")
    }

    /// A key pressed and released, as a keyboard sends it.
    func press(_ key: String) throws {
        let shift = key.count == 1 && key.uppercased() == key && key.lowercased() != key
        var down: [String: Any] = ["type": "keyDown", "key": key, "text": key]
        if shift { down["modifiers"] = 8 }
        try call("Input.dispatchKeyEvent", down)
        try call("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "modifiers": shift ? 8 : 0])
    }

    func moveMouse(x: Double, y: Double) throws {
        try call("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y])
    }

    func click(x: Double, y: Double) throws {
        try call("Input.dispatchMouseEvent", ["type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1])
        try call("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": x, "y": y, "button": "left", "clickCount": 1])
    }

    /// The center of the first element `selector` matches, in the viewport.
    func center(_ selector: String) throws -> (x: Double, y: Double) {
        let js = "(() => { const e = document.querySelector(\(quote(selector))); if (!e) return null; e.scrollIntoView({block: 'center'}); "
            + "const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        guard let p = try evaluate(js) as? [Double], p.count == 2 else { throw Failure("no element \(selector)") }
        return (p[0], p[1])
    }

    func quote(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
    }
}

import Foundation

/// One absolute drawing command of a normalized path.
///
/// Every SVG path command is reduced to these four kinds, so a renderer can
/// feed them straight to Cairo (`move_to`, `line_to`, `curve_to`, `close_path`).
public enum PathCommand: Sendable, Equatable {
    /// Starts a new subpath at the point.
    case move(Point)
    /// A straight line from the current point to the point.
    case line(Point)
    /// A cubic Bézier curve from the current point through two control points to an end point.
    case cubic(Point, Point, Point)
    /// Closes the current subpath with a straight line back to its start.
    case close
}

/// Parsed SVG path data (the `d` attribute), normalized to absolute
/// moves, lines, cubic Béziers and closes.
///
/// Quadratic curves become exact cubics, horizontal and vertical lines become
/// lines, and elliptical arcs are approximated by cubics spanning at most 90° each.
public struct PathData: Sendable, Equatable, CustomStringConvertible {
    /// The normalized commands, in drawing order.
    public var commands: [PathCommand]

    /// Creates path data from already-normalized commands.
    public init(commands: [PathCommand]) {
        self.commands = commands
    }

    /// Parses SVG path data per the SVG 1.1 / SVG 2 path grammar.
    ///
    /// An empty (or all-whitespace) string yields an empty path.
    /// - Throws: `PathDataError` locating the first character that does not fit the grammar.
    public init(parsing d: String) throws(PathDataError) {
        var parser = PathParser(d)
        commands = try parser.parse()
    }

    /// The path as SVG path data using only absolute `M`, `L`, `C` and `Z`
    /// commands; parsing it again yields an equal `PathData`.
    public var description: String {
        var parts: [String] = []
        parts.reserveCapacity(commands.count)
        for command in commands {
            switch command {
            case .move(let p):
                parts.append("M \(Self.text(p))")
            case .line(let p):
                parts.append("L \(Self.text(p))")
            case .cubic(let c1, let c2, let p):
                parts.append("C \(Self.text(c1)) \(Self.text(c2)) \(Self.text(p))")
            case .close:
                parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The smallest box containing every point of every command, control
    /// points included; `nil` when the path has no points.
    ///
    /// Because control points are included this may be larger than the
    /// tight bounds of the curves themselves, but it always contains them.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var result: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func include(_ p: Point) {
            if let r = result {
                result = (min(r.minX, p.x), min(r.minY, p.y), max(r.maxX, p.x), max(r.maxY, p.y))
            } else {
                result = (p.x, p.y, p.x, p.y)
            }
        }
        for command in commands {
            switch command {
            case .move(let p), .line(let p):
                include(p)
            case .cubic(let c1, let c2, let p):
                include(c1)
                include(c2)
                include(p)
            case .close:
                break
            }
        }
        return result
    }

    /// A point as path data writes it, with the package's one number formatter: whole numbers without
    /// a fraction, others as the shortest text that parses back to the same value.
    private static func text(_ p: Point) -> String {
        "\(format(p.x)) \(format(p.y))"
    }
}

/// A syntax error in SVG path data.
public struct PathDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. `expected a number after 'L'`.
    public var message: String
    /// The index of the offending `Character` in the path data string
    /// (the string's length when the data ended too early).
    public var offset: Int

    /// Creates an error with a message and a character offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The error as `at character <offset>: <message>`.
    public var description: String {
        "at character \(offset): \(message)"
    }
}

// MARK: - Parser

/// A recursive-descent parser over the characters of the `d` attribute that
/// builds absolute commands as it goes.
private struct PathParser {
    private let chars: [Character]
    private var position = 0

    private var output: [PathCommand] = []
    /// The current point.
    private var current = Point(x: 0, y: 0)
    /// The start of the current subpath, where `Z` returns to.
    private var subpathStart = Point(x: 0, y: 0)
    /// Set by `Z`: the next drawing command must first move to `subpathStart`.
    private var needsMove = false
    /// The second control point of the previous command when it was `C`/`S`.
    private var lastCubicControl: Point?
    /// The control point of the previous command when it was `Q`/`T`.
    private var lastQuadraticControl: Point?

    /// The command letter being parsed, for error messages.
    private var command: Character = "M"
    /// Where the argument set being parsed starts, for error offsets.
    private var argumentsOffset = 0

    init(_ d: String) {
        chars = Array(d)
    }

    mutating func parse() throws(PathDataError) -> [PathCommand] {
        skipWhitespace()
        guard position < chars.count else { return [] }
        guard chars[position] == "M" || chars[position] == "m" else {
            throw PathDataError(message: "path must start with a moveto", offset: position)
        }
        while position < chars.count {
            let letter = chars[position]
            guard Self.isCommand(letter) else {
                if startsNumber(at: position) {
                    throw error("expected a command letter, found a number")
                }
                throw error(Self.isLetter(letter) ? "unknown command '\(letter)'" : "unexpected character '\(letter)'")
            }
            position += 1
            command = letter
            try parseArgumentSets()
            skipWhitespace()
        }
        return output
    }

    // MARK: Commands

    /// Parses one or more argument sets for `command` (none for `Z`).
    private mutating func parseArgumentSets() throws(PathDataError) {
        if command == "Z" || command == "z" {
            closePath()
            return
        }
        skipWhitespace()
        var first = true
        while true {
            if !first {
                // Between argument sets: optional comma-whitespace, then either
                // another set (a number) or the end of this command.
                skipWhitespace()
                if peek == "," {
                    position += 1
                    skipWhitespace()
                    if !startsNumber(at: position) {
                        throw error("expected a number after ','")
                    }
                } else if !startsNumber(at: position) {
                    return
                }
            }
            argumentsOffset = position
            try parseArgumentSet(isFirst: first)
            first = false
        }
    }

    /// Parses one argument set of `command` and emits its absolute commands.
    private mutating func parseArgumentSet(isFirst: Bool) throws(PathDataError) {
        let relative = command.isLowercase
        let origin = relative ? current : Point(x: 0, y: 0)
        func absolute(_ p: Point) -> Point {
            Point(x: origin.x + p.x, y: origin.y + p.y)
        }

        switch command {
        case "M", "m":
            let p = absolute(try pair(first: true))
            if isFirst {
                try emit(.move(p))
                subpathStart = p
                needsMove = false
            } else {
                // Extra pairs after a moveto are implicit linetos.
                try draw(.line(p))
            }
            current = p
            resetControlPoints()

        case "L", "l":
            let p = absolute(try pair(first: true))
            try draw(.line(p))
            current = p
            resetControlPoints()

        case "H", "h":
            let x = try number(first: true) + (relative ? current.x : 0)
            let p = Point(x: x, y: current.y)
            try draw(.line(p))
            current = p
            resetControlPoints()

        case "V", "v":
            let y = try number(first: true) + (relative ? current.y : 0)
            let p = Point(x: current.x, y: y)
            try draw(.line(p))
            current = p
            resetControlPoints()

        case "C", "c":
            let c1 = absolute(try pair(first: true))
            let c2 = absolute(try pair(first: false))
            let p = absolute(try pair(first: false))
            try draw(.cubic(c1, c2, p))
            current = p
            resetControlPoints()
            lastCubicControl = c2

        case "S", "s":
            let c1 = Self.reflect(lastCubicControl, about: current)
            let c2 = absolute(try pair(first: true))
            let p = absolute(try pair(first: false))
            try draw(.cubic(c1, c2, p))
            current = p
            resetControlPoints()
            lastCubicControl = c2

        case "Q", "q":
            let q = absolute(try pair(first: true))
            let p = absolute(try pair(first: false))
            try quadratic(control: q, to: p)

        case "T", "t":
            let q = Self.reflect(lastQuadraticControl, about: current)
            let p = absolute(try pair(first: true))
            try quadratic(control: q, to: p)

        case "A", "a":
            let rx = try number(first: true)
            let ry = try number(first: false)
            let rotation = try number(first: false)
            let largeArc = try flag()
            let sweep = try flag()
            let p = absolute(try pair(first: false))
            try arc(radiusX: rx, radiusY: ry, rotation: rotation, largeArc: largeArc, sweep: sweep, to: p)
            current = p
            resetControlPoints()

        default:
            preconditionFailure("not a command letter: \(command)")
        }
    }

    private mutating func closePath() {
        if needsMove { output.append(.move(subpathStart)) }
        output.append(.close)
        current = subpathStart
        needsMove = true
        resetControlPoints()
    }

    /// Emits a quadratic Bézier as the exactly equivalent cubic.
    private mutating func quadratic(control q: Point, to p: Point) throws(PathDataError) {
        let p0 = current
        let c1 = Point(x: p0.x + 2 / 3 * (q.x - p0.x), y: p0.y + 2 / 3 * (q.y - p0.y))
        let c2 = Point(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y))
        try draw(.cubic(c1, c2, p))
        current = p
        resetControlPoints()
        lastQuadraticControl = q
    }

    /// Emits an elliptical arc from the current point to `end`
    /// (SVG 1.1 appendix F.6.5 / F.6.6) as cubic Béziers.
    private mutating func arc(radiusX: Double, radiusY: Double, rotation: Double,
                              largeArc: Bool, sweep: Bool, to end: Point) throws(PathDataError) {
        let start = current
        // F.6.2: identical endpoints omit the arc entirely.
        if start == end {
            if needsMove {
                try emit(.move(subpathStart))
                needsMove = false
            }
            return
        }
        // F.6.6 step 1 and 2: a zero radius means a straight line; signs are ignored.
        var rx = abs(radiusX)
        var ry = abs(radiusY)
        guard rx > 0, ry > 0 else {
            try draw(.line(end))
            return
        }
        let segments = Self.arcSegments(from: start, to: end, rx: &rx, ry: &ry, rotationDegrees: rotation,
                                        largeArc: largeArc, sweep: sweep)
        guard let segments else {
            // Numerically hopeless (e.g. overflow with huge values): fall back to a line.
            try draw(.line(end))
            return
        }
        for segment in segments {
            try draw(segment)
        }
    }

    /// Converts an endpoint-parameterized arc to cubic segments, or `nil`
    /// when the computation does not stay finite.
    private static func arcSegments(from start: Point, to end: Point, rx: inout Double, ry: inout Double,
                                    rotationDegrees: Double, largeArc: Bool, sweep: Bool) -> [PathCommand]? {
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)

        // F.6.5 step 1: (x1', y1').
        let dx2 = (start.x - end.x) / 2
        let dy2 = (start.y - end.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2

        // F.6.6 step 3: scale radii up when no ellipse can reach both endpoints.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }

        // F.6.5 step 2: (cx', cy').
        let rx2 = rx * rx, ry2 = ry * ry
        let numerator = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
        let denominator = rx2 * y1p * y1p + ry2 * x1p * x1p
        var coefficient = denominator > 0 ? max(0, numerator / denominator).squareRoot() : 0
        if largeArc == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1p / ry
        let cyp = -coefficient * ry * x1p / rx

        // F.6.5 step 3: (cx, cy).
        let cx = cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2

        // F.6.5 step 4: θ1 and Δθ.
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = atan2(uy, ux)
        var deltaTheta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep, deltaTheta > 0 { deltaTheta -= 2 * .pi }
        if sweep, deltaTheta < 0 { deltaTheta += 2 * .pi }

        guard cx.isFinite, cy.isFinite, theta1.isFinite, deltaTheta.isFinite, deltaTheta != 0 else {
            return nil
        }

        // At most 90° per segment; the small slack keeps an exact half turn at two segments.
        let quarters = (abs(deltaTheta) / (.pi / 2) - 1e-9).rounded(.up)
        let count = max(1, min(4, Int(quarters)))
        let step = deltaTheta / Double(count)
        let k = 4 / 3 * tan(step / 4)

        /// Maps a point of the unit circle to the rotated, scaled, translated ellipse.
        func map(_ x: Double, _ y: Double) -> Point {
            Point(x: cx + cosPhi * rx * x - sinPhi * ry * y,
                  y: cy + sinPhi * rx * x + cosPhi * ry * y)
        }

        var segments: [PathCommand] = []
        segments.reserveCapacity(count)
        for i in 0..<count {
            let a1 = theta1 + Double(i) * step
            let a2 = a1 + step
            let cos1 = cos(a1), sin1 = sin(a1)
            let cos2 = cos(a2), sin2 = sin(a2)
            let c1 = map(cos1 - k * sin1, sin1 + k * cos1)
            let c2 = map(cos2 + k * sin2, sin2 - k * cos2)
            // The last segment ends exactly at the requested endpoint.
            let p = i == count - 1 ? end : map(cos2, sin2)
            guard c1.x.isFinite, c1.y.isFinite, c2.x.isFinite, c2.y.isFinite, p.x.isFinite, p.y.isFinite else {
                return nil
            }
            segments.append(.cubic(c1, c2, p))
        }
        return segments
    }

    private mutating func resetControlPoints() {
        lastCubicControl = nil
        lastQuadraticControl = nil
    }

    /// The reflection of `control` about `point`, or `point` itself when
    /// the previous command was not of the same family.
    private static func reflect(_ control: Point?, about point: Point) -> Point {
        guard let control else { return point }
        return Point(x: 2 * point.x - control.x, y: 2 * point.y - control.y)
    }

    /// Emits a drawing command, first starting a new subpath at the previous
    /// subpath's start if the last command was `Z`.
    private mutating func draw(_ c: PathCommand) throws(PathDataError) {
        if needsMove {
            try emit(.move(subpathStart))
            needsMove = false
        }
        try emit(c)
    }

    private mutating func emit(_ c: PathCommand) throws(PathDataError) {
        let finite: Bool
        switch c {
        case .move(let p), .line(let p):
            finite = p.x.isFinite && p.y.isFinite
        case .cubic(let c1, let c2, let p):
            finite = [c1, c2, p].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        case .close:
            finite = true
        }
        guard finite else {
            throw PathDataError(message: "coordinate out of range after '\(command)'", offset: argumentsOffset)
        }
        output.append(c)
    }

    // MARK: Tokens

    private var peek: Character? {
        position < chars.count ? chars[position] : nil
    }

    private func error(_ message: String) -> PathDataError {
        PathDataError(message: message, offset: position)
    }

    private var expectedNumber: PathDataError {
        error("expected a number after '\(command)'")
    }

    /// Skips SVG whitespace (space, tab, line feed, carriage return, form feed).
    private mutating func skipWhitespace() {
        while let c = peek, Self.isWhitespace(c) { position += 1 }
    }

    /// Skips the separator before a non-first argument: whitespace with at
    /// most one comma.
    private mutating func skipCommaWhitespace() {
        skipWhitespace()
        if peek == "," {
            position += 1
            skipWhitespace()
        }
    }

    private mutating func pair(first: Bool) throws(PathDataError) -> Point {
        let x = try number(first: first)
        let y = try number(first: false)
        return Point(x: x, y: y)
    }

    /// Parses `sign? (digits ('.' digits?)? | '.' digits) (('e'|'E') sign? digits)?`.
    private mutating func number(first: Bool) throws(PathDataError) -> Double {
        if !first { skipCommaWhitespace() }
        let start = position
        var text = ""
        if let c = peek, c == "+" || c == "-" {
            text.append(c)
            position += 1
        }
        var mantissaDigits = 0
        while let c = peek, Self.isDigit(c) {
            text.append(c)
            position += 1
            mantissaDigits += 1
        }
        if peek == "." {
            position += 1
            text.append(".")
            var fractionDigits = 0
            while let c = peek, Self.isDigit(c) {
                text.append(c)
                position += 1
                fractionDigits += 1
            }
            if fractionDigits == 0 { text.append("0") }  // "5." → "5.0"
            mantissaDigits += fractionDigits
        }
        guard mantissaDigits > 0 else {
            position = start
            throw expectedNumber
        }
        if let c = peek, c == "e" || c == "E" {
            let exponentOffset = position
            text.append("e")
            position += 1
            if let sign = peek, sign == "+" || sign == "-" {
                text.append(sign)
                position += 1
            }
            var exponentDigits = 0
            while let c = peek, Self.isDigit(c) {
                text.append(c)
                position += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else {
                throw PathDataError(message: "malformed number: expected digits in the exponent", offset: exponentOffset)
            }
        }
        if text.hasPrefix(".") || text.hasPrefix("-.") || text.hasPrefix("+.") {
            text = text.replacingOccurrences(of: ".", with: "0.")
        }
        guard let value = Double(text), value.isFinite else {
            throw PathDataError(message: "number out of range after '\(command)'", offset: start)
        }
        return value
    }

    /// Parses an arc flag: a single `0` or `1`, which need not be followed by a separator.
    private mutating func flag() throws(PathDataError) -> Bool {
        skipCommaWhitespace()
        switch peek {
        case "0":
            position += 1
            return false
        case "1":
            position += 1
            return true
        case nil:
            throw error("expected a flag (0 or 1) after '\(command)'")
        case let c?:
            throw error("arc flag must be 0 or 1, found '\(c)'")
        }
    }

    private func startsNumber(at index: Int) -> Bool {
        guard index < chars.count else { return false }
        let c = chars[index]
        return Self.isDigit(c) || c == "." || c == "-" || c == "+"
    }

    private static func isDigit(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return a >= 0x30 && a <= 0x39
    }

    private static func isWhitespace(_ c: Character) -> Bool {
        // asciiValue folds "\r\n" (one Character) to LF.
        guard let a = c.asciiValue else { return false }
        return a == 0x20 || a == 0x09 || a == 0x0A || a == 0x0D || a == 0x0C
    }

    private static func isLetter(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return (a >= 0x41 && a <= 0x5A) || (a >= 0x61 && a <= 0x7A)
    }

    private static func isCommand(_ c: Character) -> Bool {
        guard c.asciiValue != nil else { return false }
        return "MmLlHhVvCcSsQqTtAaZz".contains(c)
    }
}

import Foundation
import Testing
@testable import TintypeModel

private func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

private func parse(_ d: String) throws -> [PathCommand] {
    try PathData(parsing: d).commands
}

private func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

private func close(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance: tolerance) && close(a.y, b.y, tolerance: tolerance)
}

/// The point at parameter `t` of a cubic Bézier.
private func bezier(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, at t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return pt(a * p0.x + b * c1.x + c * c2.x + d * p3.x,
              a * p0.y + b * c1.y + c * c2.y + d * p3.y)
}

/// The end points of each cubic in `commands`.
private func cubicEnds(_ commands: [PathCommand]) -> [Point] {
    commands.compactMap { if case .cubic(_, _, let p) = $0 { p } else { nil } }
}

/// Asserts that parsing `d` fails with `message` at `offset`.
private func expectError(_ d: String, _ message: String, at offset: Int,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    do throws(PathDataError) {
        let path = try PathData(parsing: d)
        Issue.record("expected an error for \(d.debugDescription), got \(path)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.message == message, sourceLocation: sourceLocation)
        #expect(error.offset == offset, sourceLocation: sourceLocation)
    }
}

struct PathDataParsingTests {
    @Test func emptyAndWhitespaceOnly() throws {
        #expect(try parse("") == [])
        #expect(try parse(" \t\r\n ") == [])
        #expect(PathData(commands: []).bounds == nil)
        #expect(PathData(commands: []).description == "")
    }

    @Test func moveAbsoluteAndRelative() throws {
        #expect(try parse("M 10 20") == [.move(pt(10, 20))])
        #expect(try parse("m 10 20") == [.move(pt(10, 20))])  // first m is relative to (0, 0)
        #expect(try parse("M 10 20 m 5 5") == [.move(pt(10, 20)), .move(pt(15, 25))])
    }

    @Test func implicitLinetoAfterMoveto() throws {
        #expect(try parse("M 1 2 3 4 5 6") == [.move(pt(1, 2)), .line(pt(3, 4)), .line(pt(5, 6))])
        #expect(try parse("m 1 2 3 4 5 6") == [.move(pt(1, 2)), .line(pt(4, 6)), .line(pt(9, 12))])
        #expect(try parse("M1,2,3,4") == [.move(pt(1, 2)), .line(pt(3, 4))])
    }

    @Test func linetoAbsoluteAndRelative() throws {
        #expect(try parse("M 0 0 L 10 0 20 5") == [.move(pt(0, 0)), .line(pt(10, 0)), .line(pt(20, 5))])
        #expect(try parse("M 1 1 l 10 0 0 5") == [.move(pt(1, 1)), .line(pt(11, 1)), .line(pt(11, 6))])
    }

    @Test func horizontalAndVertical() throws {
        #expect(try parse("M 1 2 H 10 V 20 h -3 v 4") == [
            .move(pt(1, 2)), .line(pt(10, 2)), .line(pt(10, 20)), .line(pt(7, 20)), .line(pt(7, 24)),
        ])
        #expect(try parse("M 0 0 h 1 2 3") == [.move(pt(0, 0)), .line(pt(1, 0)), .line(pt(3, 0)), .line(pt(6, 0))])
    }

    @Test func cubicAbsoluteAndRelative() throws {
        #expect(try parse("M 0 0 C 1 2 3 4 5 6") == [.move(pt(0, 0)), .cubic(pt(1, 2), pt(3, 4), pt(5, 6))])
        #expect(try parse("M 10 10 c 1 2 3 4 5 6 1 1 2 2 3 3") == [
            .move(pt(10, 10)),
            .cubic(pt(11, 12), pt(13, 14), pt(15, 16)),
            .cubic(pt(16, 17), pt(17, 18), pt(18, 19)),
        ])
    }

    @Test func smoothCubicReflectsPreviousControlPoint() throws {
        #expect(try parse("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0") == [
            .move(pt(0, 0)),
            .cubic(pt(0, 10), pt(10, 10), pt(10, 0)),
            .cubic(pt(10, -10), pt(20, -10), pt(20, 0)),
        ])
        // Relative, chained: each s reflects the previous s's second control point.
        #expect(try parse("M 0 0 c 0 10 10 10 10 0 s 10 -10 10 0 s 10 10 10 0") == [
            .move(pt(0, 0)),
            .cubic(pt(0, 10), pt(10, 10), pt(10, 0)),
            .cubic(pt(10, -10), pt(20, -10), pt(20, 0)),
            .cubic(pt(20, 10), pt(30, 10), pt(30, 0)),
        ])
        // Without a preceding C/S the first control point is the current point.
        #expect(try parse("M 5 5 L 10 5 S 20 0 20 5") == [
            .move(pt(5, 5)), .line(pt(10, 5)), .cubic(pt(10, 5), pt(20, 0), pt(20, 5)),
        ])
        // A quadratic is not of the cubic family.
        let afterQ = try parse("M 0 0 Q 5 5 10 0 S 20 5 20 0")
        guard case .cubic(let c1, _, _) = afterQ[2] else { Issue.record("expected a cubic"); return }
        #expect(c1 == pt(10, 0))
    }

    @Test func quadraticBecomesExactCubic() throws {
        #expect(try parse("M 0 0 Q 30 30 60 0") == [.move(pt(0, 0)), .cubic(pt(20, 20), pt(40, 20), pt(60, 0))])
        #expect(try parse("M 10 10 q 30 30 60 0") == [
            .move(pt(10, 10)), .cubic(pt(30, 30), pt(50, 30), pt(70, 10)),
        ])
        // The cubic traces the same curve: compare with the quadratic's midpoint.
        let commands = try parse("M 0 0 Q 9 21 33 3")
        guard case .cubic(let c1, let c2, let p) = commands[1] else { Issue.record("expected a cubic"); return }
        let quadMid = pt(0.25 * 0 + 0.5 * 9 + 0.25 * 33, 0.25 * 0 + 0.5 * 21 + 0.25 * 3)
        #expect(close(bezier(pt(0, 0), c1, c2, p, at: 0.5), quadMid))
    }

    @Test func smoothQuadraticReflectsPreviousControlPoint() throws {
        // Q control (30, 30) → T control (90, -30) → next T control (150, 30).
        #expect(try parse("M 0 0 Q 30 30 60 0 T 120 0 T 180 0") == [
            .move(pt(0, 0)),
            .cubic(pt(20, 20), pt(40, 20), pt(60, 0)),
            .cubic(pt(80, -20), pt(100, -20), pt(120, 0)),
            .cubic(pt(140, 20), pt(160, 20), pt(180, 0)),
        ])
        #expect(try parse("M 0 0 q 30 30 60 0 t 60 0") == [
            .move(pt(0, 0)),
            .cubic(pt(20, 20), pt(40, 20), pt(60, 0)),
            .cubic(pt(80, -20), pt(100, -20), pt(120, 0)),
        ])
        // Without a preceding Q/T the control point is the current point: a straight cubic.
        #expect(try parse("M 0 0 C 0 9 9 9 9 0 T 39 0") == [
            .move(pt(0, 0)),
            .cubic(pt(0, 9), pt(9, 9), pt(9, 0)),
            .cubic(pt(9, 0), pt(19, 0), pt(39, 0)),
        ])
    }

    @Test func closePathAndCommandsAfterIt() throws {
        #expect(try parse("M 10 10 L 20 10 Z") == [.move(pt(10, 10)), .line(pt(20, 10)), .close])
        // After z, a relative command is relative to the subpath start, which needs an explicit move.
        #expect(try parse("M 10 10 l 10 0 l 0 10 z l 5 5") == [
            .move(pt(10, 10)), .line(pt(20, 10)), .line(pt(20, 20)), .close,
            .move(pt(10, 10)), .line(pt(15, 15)),
        ])
        // An m after z is relative to the subpath start too, and adds no extra move.
        #expect(try parse("M 10 10 L 20 10 z m 1 1 L 5 5") == [
            .move(pt(10, 10)), .line(pt(20, 10)), .close, .move(pt(11, 11)), .line(pt(5, 5)),
        ])
        #expect(try parse("M 0 0 L 1 0 ZL 2 2z") == [
            .move(pt(0, 0)), .line(pt(1, 0)), .close, .move(pt(0, 0)), .line(pt(2, 2)), .close,
        ])
    }

    @Test func compactNumberSyntax() throws {
        #expect(try parse("M.5.5L10-5") == [.move(pt(0.5, 0.5)), .line(pt(10, -5))])
        #expect(try parse("M-1.5e-3,2E+2") == [.move(pt(-0.0015, 200))])
        #expect(try parse("M+3-.25") == [.move(pt(3, -0.25))])
        #expect(try parse("M5.1.2") == [.move(pt(5.1, 0.2))])
        #expect(try parse("M5. 2.") == [.move(pt(5, 2))])
        #expect(try parse("M1e2-1e-1") == [.move(pt(100, -0.1))])
        #expect(try parse("M\t1\r\n2\u{0C}") == [.move(pt(1, 2))])
    }

    @Test func arcFlagsWithoutSeparators() throws {
        let compact = try parse("M0 0a1 1 0 00 1 1")
        let spaced = try parse("M 0 0 a 1 1 0 0 0 1 1")
        #expect(compact == spaced)
        #expect(cubicEnds(compact).last == pt(1, 1))
        // Flags run straight into the next coordinate.
        #expect(try parse("M0 0A5 5 0 1110 0") == parse("M 0 0 A 5 5 0 1 1 10 0"))
        #expect(try parse("M0 0A5,5,0,0,1,10,0") == parse("M 0 0 A 5 5 0 0 1 10 0"))
    }
}

struct PathDataArcTests {
    @Test func halfCircleSweepsThroughNegativeY() throws {
        // SVG 1.1 F.6.5: sweep-flag 1 means Δθ > 0, i.e. increasing angle. With y down, the
        // angle increases clockwise on screen, so from (0, 0) around the centre (10, 0) to
        // (20, 0) the arc passes θ = 270°: (10 + 10·cos 270°, 0 + 10·sin 270°) = (10, -10).
        let commands = try parse("M 0 0 A 10 10 0 0 1 20 0")
        #expect(commands.count == 3)  // move + two 90° cubics
        let ends = cubicEnds(commands)
        #expect(ends.last == pt(20, 0))  // exactly
        #expect(close(ends[0], pt(10, -10)))

        // Sweep 0 goes the other way, through positive y.
        let other = cubicEnds(try parse("M 0 0 A 10 10 0 0 0 20 0"))
        #expect(other.last == pt(20, 0))
        #expect(close(other[0], pt(10, 10)))
    }

    @Test func arcCubicsStayOnTheCircle() throws {
        let commands = try parse("M 0 0 A 10 10 0 0 1 20 0")
        var start = pt(0, 0)
        for command in commands.dropFirst() {
            guard case .cubic(let c1, let c2, let p) = command else { Issue.record("expected a cubic"); return }
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let q = bezier(start, c1, c2, p, at: t)
                let r = ((q.x - 10) * (q.x - 10) + q.y * q.y).squareRoot()
                #expect(close(r, 10, tolerance: 0.003))  // 90° approximation error ≈ 2.7e-4·r
            }
            start = p
        }
    }

    @Test func largeArcFlagPicksTheOtherCentre() throws {
        // Both circles of radius 10 through (0, 0) and (10, 10) have centres (10, 0) and (0, 10).
        let small = try parse("M 0 0 A 10 10 0 0 1 10 10")
        let large = try parse("M 0 0 A 10 10 0 1 1 10 10")
        #expect(cubicEnds(small).count == 1)  // 90°
        #expect(cubicEnds(large).count == 3)  // 270°
        #expect(cubicEnds(small).last == pt(10, 10))
        #expect(cubicEnds(large).last == pt(10, 10))
        for p in cubicEnds(large) {
            #expect(close(hypot(p.x - 10, p.y), 10))
        }
        // Large arc sweep 1 runs from θ = 180° through 270° and 0° to 90°.
        #expect(close(cubicEnds(large)[0], pt(10, -10)))
        #expect(close(cubicEnds(large)[1], pt(20, 0)))
        for p in cubicEnds(small) {
            #expect(close(hypot(p.x, p.y - 10), 10))
        }
        // The large arc sweeping the other way goes around the other centre.
        let largeCounter = cubicEnds(try parse("M 0 0 A 10 10 0 1 0 10 10"))
        #expect(largeCounter.count == 3)
        #expect(close(largeCounter[0], pt(-10, 10)))
    }

    @Test func rotatedEllipse() throws {
        // Ellipse centred on the origin, radii 20 × 10, rotated 45°; from parameter 0 to 90°.
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        func onEllipse(_ t: Double) -> Point {
            pt(c * 20 * cos(t) - s * 10 * sin(t), s * 20 * cos(t) + c * 10 * sin(t))
        }
        let p0 = onEllipse(0), p1 = onEllipse(.pi / 2)
        let d = "M \(p0.x) \(p0.y) A 20 10 45 0 1 \(p1.x) \(p1.y)"
        let commands = try parse(d)
        #expect(commands.count == 2)
        guard case .cubic(let c1, let c2, let end) = commands[1] else { Issue.record("expected a cubic"); return }
        #expect(end == p1)  // exactly
        #expect(close(bezier(p0, c1, c2, end, at: 0.5), onEllipse(.pi / 4), tolerance: 0.01))
        // Tangents follow the rotated ellipse: the first control point leaves along dp/dt at t = 0.
        let tangent = pt(-s * 10, c * 10)
        let leaving = pt(c1.x - p0.x, c1.y - p0.y)
        #expect(close(leaving.x * tangent.y - leaving.y * tangent.x, 0, tolerance: 1e-9))

        // Arbitrary rotated, relative arcs still end exactly on the requested point.
        let arbitrary = try parse("M 3.3 7.1 a 25 12 -37 1 0 -15 33.1")
        #expect(cubicEnds(arbitrary).last == pt(3.3 + -15, 7.1 + 33.1))
        let rotated = try parse("M 1 1 A 7 3 400 1 1 9 4")
        #expect(cubicEnds(rotated).last == pt(9, 4))
        #expect(try parse("M 1 1 A 7 3 400 1 1 9 4") == parse("M 1 1 A 7 3 40 1 1 9 4"))
    }

    @Test func radiiTooSmallAreScaledUp() throws {
        // Radius 1 cannot span 20 units; it is scaled to 10, giving the same half circle.
        let scaled = try parse("M 0 0 A 1 1 0 0 1 20 0")
        #expect(cubicEnds(scaled).count == 2)
        #expect(cubicEnds(scaled).last == pt(20, 0))
        #expect(close(cubicEnds(scaled)[0], pt(10, -10)))
        // Aspect ratio is kept: 2 × 1 scales by 5 to 10 × 5. The large-arc flag is moot.
        let ellipse = try parse("M 0 0 A 2 1 0 1 1 20 0")
        #expect(cubicEnds(ellipse).count == 2)
        #expect(close(cubicEnds(ellipse)[0], pt(10, -5)))
        // Negative radii are treated as their absolute values.
        #expect(try parse("M 0 0 A -10 -10 0 0 1 20 0") == parse("M 0 0 A 10 10 0 0 1 20 0"))
    }

    @Test func degenerateArcs() throws {
        // A zero radius makes a straight line.
        #expect(try parse("M 0 0 A 0 5 0 0 1 10 10") == [.move(pt(0, 0)), .line(pt(10, 10))])
        #expect(try parse("M 0 0 a 5 0 0 0 1 10 10") == [.move(pt(0, 0)), .line(pt(10, 10))])
        // Identical endpoints omit the arc.
        #expect(try parse("M 5 5 A 10 10 0 0 1 5 5 L 6 6") == [.move(pt(5, 5)), .line(pt(6, 6))])
        #expect(try parse("M 5 5 a 10 10 0 0 1 0 0") == [.move(pt(5, 5))])
        // A relative arc is relative to the current point.
        #expect(cubicEnds(try parse("M 10 10 a 10 10 0 0 1 20 0")).last == pt(30, 10))
    }
}

struct PathDataErrorTests {
    @Test func mustStartWithMoveto() {
        expectError("L 1 1", "path must start with a moveto", at: 0)
        expectError("  10 10", "path must start with a moveto", at: 2)
        expectError("z", "path must start with a moveto", at: 0)
    }

    @Test func unknownCommandOrCharacter() {
        expectError("M 0 0 X 1", "unknown command 'X'", at: 6)
        expectError("M 0 0 L 1 1 €", "unexpected character '€'", at: 12)
        expectError("M 0 0 Z 5", "expected a command letter, found a number", at: 8)
        // Offsets count Characters, not bytes.
        expectError("M 0 0 é", "unexpected character 'é'", at: 6)
        expectError("M 0 0 L ünd", "expected a number after 'L'", at: 8)
    }

    @Test func missingNumbers() {
        expectError("M", "expected a number after 'M'", at: 1)
        expectError("M 0 0 L", "expected a number after 'L'", at: 7)
        expectError("M 0 0 L 5", "expected a number after 'L'", at: 9)
        expectError("M 0 0 C 1 2 3 4 5", "expected a number after 'C'", at: 17)
        expectError("M 0 0 H", "expected a number after 'H'", at: 7)
        expectError("M 0 0 L 1 1,", "expected a number after ','", at: 12)
        expectError("M 0 0 L,1 1", "expected a number after 'L'", at: 7)
        expectError("M 0 0 L 1,,2", "expected a number after 'L'", at: 10)
    }

    @Test func malformedNumbers() {
        expectError("M 0 0 L - 5", "expected a number after 'L'", at: 8)
        expectError("M 0 0 L . 5", "expected a number after 'L'", at: 8)
        expectError("M 0 0 L 1e 2", "malformed number: expected digits in the exponent", at: 9)
        expectError("M 0 0 L 1e+ 2", "malformed number: expected digits in the exponent", at: 9)
    }

    @Test func nonFiniteNumbers() {
        expectError("M 1e999 0", "number out of range after 'M'", at: 2)
        expectError("M 0 0 L 0 -1e400", "number out of range after 'L'", at: 10)
        // Finite numbers whose sum overflows are rejected too.
        expectError("M 1e308 0 l 1e308 0", "coordinate out of range after 'l'", at: 12)
    }

    @Test func badArcFlags() {
        expectError("M 0 0 A 1 1 0 2 0 5 5", "arc flag must be 0 or 1, found '2'", at: 14)
        expectError("M 0 0 A 1 1 0 0 -1 5 5", "arc flag must be 0 or 1, found '-'", at: 16)
        expectError("M 0 0 A 1 1 0 0", "expected a flag (0 or 1) after 'A'", at: 15)
    }

    @Test func description() {
        #expect(throws: PathDataError(message: "expected a number after 'L'", offset: 12)) {
            try PathData(parsing: "M 10 20 L 30")
        }
        let error = PathDataError(message: "expected a number after 'L'", offset: 12)
        #expect(error.description == "at character 12: expected a number after 'L'")
    }
}

struct PathDataOutputTests {
    @Test func descriptionUsesAbsoluteCommandsAndCompactNumbers() throws {
        let path = try PathData(parsing: "m 10 20 h 5.5 q 0 -3 3 -3 z l -0.25 1e-7")
        #expect(path.description == "M 10 20 L 15.5 20 C 15.5 18 16.5 17 18.5 17 Z M 10 20 L 9.75 20.0000001")
        #expect(try PathData(parsing: path.description) == path)
        #expect(PathData(commands: [.move(pt(-0.0, 1e20)), .line(pt(1e-5, -3))]).description
            == "M 0 1e+20 L 1e-05 -3")
    }

    @Test func descriptionRoundTripsArcs() throws {
        let path = try PathData(parsing: "M 3.3 7.1 a 25 12 -37 1 0 -15 33.1 A 1 2 3 0 1 4 5 Z t 1 2")
        #expect(try PathData(parsing: path.description) == path)
    }

    @Test func boundsIncludeControlPoints() throws {
        #expect(try PathData(parsing: "M 1 2").bounds! == (1, 2, 1, 2))
        let b = try PathData(parsing: "M 0 0 C -5 20 30 -7 10 10 Z").bounds!
        #expect(b == (-5, -7, 30, 20))
    }
}

struct PathDataFuzzTests {
    /// Random strings over the path alphabet (plus a few strays) never crash the
    /// parser, and whatever parses is finite and round-trips through `description`.
    @Test func randomInputNeverCrashes() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789011.-+eE, \t\n.0101--..ee")
        let strays: [Character] = ["x", "é", "\u{0}", "∞", "\r\n", "N", "i"]
        var parsed = 0
        for _ in 0..<4000 {
            var s = next(3) == 0 ? "" : "M"
            for _ in 0..<next(48) {
                s.append(next(50) == 0 ? strays[next(strays.count)] : alphabet[next(alphabet.count)])
            }
            do throws(PathDataError) {
                let path = try PathData(parsing: s)
                parsed += 1
                for command in path.commands {
                    switch command {
                    case .move(let p), .line(let p):
                        #expect(p.x.isFinite && p.y.isFinite)
                    case .cubic(let a, let b, let c):
                        #expect([a, b, c].allSatisfy { $0.x.isFinite && $0.y.isFinite })
                    case .close:
                        break
                    }
                }
                let reparsed = try? PathData(parsing: path.description)
                #expect(reparsed == path, "\(s.debugDescription)")
            } catch {
                #expect(error.offset >= 0 && error.offset <= s.count, "\(s.debugDescription)")
            }
        }
        #expect(parsed > 0)

        // Token-level strings: mostly well-formed, so the drawing code runs on odd inputs.
        let commandLetters = Array("MmLlHhVvCcSsQqTtAaZz")
        let numbers = ["0", "1", "-1", ".5", "-.5", "10", "1e2", "-1.5e-3", "0.0", "1.", "7", "-20", "1e-300", "3e200"]
        let separators = ["", " ", ",", " , ", "\n"]
        var tokenParsed = 0
        for _ in 0..<4000 {
            var s = "M" + numbers[next(numbers.count)] + " " + numbers[next(numbers.count)]
            for _ in 0..<next(12) {
                s.append(commandLetters[next(commandLetters.count)])
                for i in 0..<next(9) {
                    if i > 0 { s += separators[next(separators.count)] }
                    s += numbers[next(numbers.count)]
                }
            }
            if let path = try? PathData(parsing: s) {
                tokenParsed += 1
                #expect(path.commands.first.map { if case .move = $0 { true } else { false } } == true)
                let reparsed = try? PathData(parsing: path.description)
                #expect(reparsed == path, "\(s.debugDescription)")
            }
        }
        #expect(tokenParsed > 200)

        // Structured arcs with random parameters, including degenerate and huge ones.
        let magnitudes = [0.0, 1e-300, 1e-9, 0.5, 1, 7, 1e6, 1e154, 1e300]
        for _ in 0..<2000 {
            func value() -> Double {
                Double(next(2) == 0 ? 1 : -1) * magnitudes[next(magnitudes.count)] * Double(1 + next(9))
            }
            let d = "M \(value()) \(value()) A \(value()) \(value()) \(value()) \(next(2)) \(next(2)) \(value()) \(value())"
            if let path = try? PathData(parsing: d) {
                #expect(path.commands.count >= 1)
            }
        }
    }
}

import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

@Suite struct RoundedRectTests {
    func points(_ path: Path) -> [Point] {
        path.commands.flatMap { c -> [Point] in
            switch c {
            case .move(let p), .line(let p): [p]
            case .cubic(let a, let b, let p): [a, b, p]
            case .close: []
            }
        }
    }

    @Test func continuousCornerFollowsTheSpecCurve() {
        let r = 10.0
        let path = RoundedRect.path(Rect(x: 0, y: 0, width: 100, height: 80), radius: r, curve: .continuous)
        // Top right corner: starts 1.528665 r from the right edge on the top edge.
        guard case .move(let start) = path.commands[0], case .cubic(let c1, let c2, let end1) = path.commands[1],
              case .cubic(_, _, let end2) = path.commands[2], case .cubic(_, _, let end3) = path.commands[3] else {
            Issue.record("unexpected path shape: \(path.commands.prefix(4))")
            return
        }
        #expect(abs(start.x - (100 - 15.28665)) < 1e-9 && start.y == 0)
        #expect(abs(c1.x - (100 - 10.8849296)) < 1e-9 && c1.y == 0)
        #expect(abs(c2.x - (100 - 8.6840694)) < 1e-9 && c2.y == 0)
        #expect(abs(end1.x - (100 - 6.3149379)) < 1e-9 && abs(end1.y - 0.7491139) < 1e-9)
        #expect(abs(end2.x - (100 - 0.7491139)) < 1e-9 && abs(end2.y - 6.3149379) < 1e-9)
        #expect(end3.x == 100 && abs(end3.y - 15.28665) < 1e-9)
        // Four corners of three cubics each, joined by lines, then closed.
        #expect(path.commands.count == 1 + 3 + 3 * (1 + 3) + 1)
        #expect(path.commands.last == .close)
    }

    @Test func continuousRadiusIsClampedSoCornersNeverOverlap() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let path = RoundedRect.path(rect, radius: 100, curve: .continuous)
        let clamped = 40 / 2 / RoundedRect.continuousExtent
        guard case .move(let start) = path.commands[0] else { Issue.record("no move"); return }
        #expect(abs(start.x - (100 - clamped * RoundedRect.continuousExtent)) < 1e-9)
        for p in points(path) {
            #expect(p.x >= -1e-9 && p.x <= 100 + 1e-9 && p.y >= -1e-9 && p.y <= 40 + 1e-9)
        }
    }

    @Test func circularCornersAreQuarterCircles() {
        let path = RoundedRect.path(Rect(x: 10, y: 10, width: 50, height: 50), radius: 100, curve: .circular)
        // Clamped to half the side: a circle of radius 25 around (35, 35).
        for c in path.commands {
            if case .cubic(_, _, let p) = c {
                let d = ((p.x - 35) * (p.x - 35) + (p.y - 35) * (p.y - 35)).squareRoot()
                #expect(abs(d - 25) < 1e-9)
            }
        }
    }

    @Test func maskedCornersStaySquare() {
        let rect = Rect(x: 0, y: 0, width: 60, height: 60)
        for curve in CornerCurve.allCases {
            let path = RoundedRect.path(rect, radius: 10, curve: curve, corners: [.topLeft])
            let pts = points(path)
            #expect(pts.contains(Point(x: 60, y: 0)), "\(curve): top right is square")
            #expect(pts.contains(Point(x: 60, y: 60)), "\(curve): bottom right is square")
            #expect(pts.contains(Point(x: 0, y: 60)), "\(curve): bottom left is square")
            #expect(!pts.contains(Point(x: 0, y: 0)), "\(curve): top left is rounded")
        }
    }

    @Test func zeroRadiusIsAPlainRectangle() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(RoundedRect.path(rect, radius: 0, curve: .continuous) == Path.rect(rect))
    }
}

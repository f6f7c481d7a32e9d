import Foundation
import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

/// Groups with an affine transform: the items are drawn in their own coordinates and mapped.
@Suite struct TransformTests {
    let square = DisplayItem.fill(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)), paint: .color(Color(red: 1, green: 0, blue: 0)), rule: .nonZero)

    func red(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool { let p = b.rgba8(x: x, y: y); return p.r > 200 && p.g < 50 && p.a > 200 }

    func draw(_ t: Transform2D, clip: Path? = nil) throws -> Bitmap {
        try sharedRenderer.render(DisplayList(size: Size(width: 60, height: 60), scale: 1, items: [.group(Group(items: [square], clip: clip, transform: t))]))
    }

    @Test func affineTransformsComposeAsCoreGraphicsDoes() {
        let t = Transform2D(translationX: 10, y: 0).concatenating(Transform2D(scaleX: 2, y: 2))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
        let r = Transform2D(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12, "a quarter turn takes +x to +y (clockwise on screen): \(r)")
        #expect(Transform2D.identity.concatenating(t) == t && t.concatenating(.identity) == t)
    }

    @Test func aTranslatedGroupDrawsItsItemsMoved() throws {
        let b = try draw(Transform2D(translationX: 20, y: 30))
        #expect(red(b, 25, 35) && !red(b, 5, 5) && !red(b, 31, 35))
    }

    @Test func aScaledGroupDrawsItsItemsLarger() throws {
        let b = try draw(Transform2D(scaleX: 2, y: 3).concatenating(Transform2D(translationX: 5, y: 5)))
        #expect(red(b, 6, 6) && red(b, 24, 34) && !red(b, 26, 34) && !red(b, 24, 36))
    }

    @Test func aRotatedGroupTurnsItsItemsClockwise() throws {
        // A quarter turn about the origin, then moved into view: the square lands at x −10…0 + 30.
        let b = try draw(Transform2D(rotationAngle: .pi / 2).concatenating(Transform2D(translationX: 30, y: 20)))
        #expect(red(b, 25, 25) && !red(b, 35, 25))
    }

    @Test func theClipIsInTheItemsCoordinates() throws {
        let b = try draw(Transform2D(translationX: 20, y: 20), clip: .rect(Rect(x: 0, y: 0, width: 5, height: 10)))
        #expect(red(b, 22, 25) && !red(b, 27, 25))
    }

    @Test func mirroringATransformedGroupMirrorsWhatItDraws() throws {
        let group = DisplayItem.group(Group(items: [square], transform: Transform2D(rotationAngle: 0.3).concatenating(Transform2D(translationX: 12, y: 8))))
        let mirrored = Mirroring.horizontally([group], around: 30)
        // Mirroring twice gives back the group; once, it draws the mirror image of the pixels.
        #expect(Mirroring.horizontally(mirrored, around: 30).first.map { "\($0)" }?.count == "\(group)".count)
        let a = try sharedRenderer.render(DisplayList(size: Size(width: 60, height: 60), scale: 1, items: [group]))
        let b = try sharedRenderer.render(DisplayList(size: Size(width: 60, height: 60), scale: 1, items: mirrored))
        for y in 0..<60 { for x in 0..<60 { #expect(red(a, x, y) == red(b, 59 - x, y), "(\(x), \(y))") } }
    }

    @Test func theLayoutDumpShowsTheTransform() {
        let list = DisplayList(size: Size(width: 60, height: 60), scale: 1, items: [.group(Group(items: [square], transform: Transform2D(translationX: 2, y: 3)))])
        #expect(list.dump().contains("group transform 1 0 0 1 2 3\n  fill rect 0 0 10 10 #FF0000"), "\(list.dump())")
    }
}

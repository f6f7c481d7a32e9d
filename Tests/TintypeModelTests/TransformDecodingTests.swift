import Foundation
import Testing
import TintypeModel

/// A view's `transform` and `anchorPoint` in a scene file, and the errors for bad ones.
@Suite struct TransformDecodingTests {
    func view(_ props: String) throws -> View {
        try SceneDecoder.decode(##"{"root": {"view": {"subviews": [{"view": {"frame": [0, 0, 100, 50], "## + props + "}}]}}}")
            .root.subviews[0]
    }

    func close(_ a: Transform2D, _ b: Transform2D) -> Bool {
        [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func theComposedFormRotatesThenScalesThenMoves() throws {
        let v = try view(#""transform": {"translate": [10, 20], "scale": 2, "rotate": 90}"#)
        // A point on +x turns to +y, doubles, then moves: (1, 0) → (0, 1) → (0, 2) → (10, 22).
        let p = v.transform.apply(to: Point(x: 1, y: 0))
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 22) < 1e-9, "\(p)")
        #expect(close(v.transform, Transform2D(translate: Point(x: 10, y: 20), scale: Size(width: 2, height: 2), rotate: 90)))
        #expect(v.anchorPoint == Point(x: 0.5, y: 0.5))
    }

    @Test func scalesPerAxisAndRawMatricesAndAnchors() throws {
        #expect(try view(#""transform": {"scale": [2, 0.5]}"#).transform == Transform2D(scaleX: 2, y: 0.5))
        #expect(try view(#""transform": {"scale": {"x": 3, "y": 1}}"#).transform == Transform2D(scaleX: 3, y: 1))
        #expect(try view(#""transform": [1, 0, 0.5, 1, 4, 5]"#).transform == Transform2D(a: 1, b: 0, c: 0.5, d: 1, tx: 4, ty: 5))
        #expect(try view(#""anchorPoint": [0, 1]"#).anchorPoint == Point(x: 0, y: 1))
    }

    @Test func partsGiveTheTransformBack() {
        for t in [Transform2D(translate: Point(x: 3, y: -4), scale: Size(width: 2, height: 0.5), rotate: 30),
                  Transform2D(a: 1, b: 0, c: 0.5, d: 1, tx: 4, ty: 5), Transform2D(scaleX: -1, y: 1), Transform2D(rotationAngle: 3)] {
            #expect(close(Transform2D(parts: t.parts), t), "\(t) → \(t.parts)")
        }
        let p = Transform2D(scaleX: 2, y: 3).concatenating(Transform2D(rotationAngle: .pi / 4)).parts
        #expect(abs(p.rotation - .pi / 4) < 1e-9 && abs(p.scale.width - 2) < 1e-9 && abs(p.scale.height - 3) < 1e-9 && abs(p.shear) < 1e-9)
    }

    @Test func badTransformsAreErrorsWithTheirPlace() {
        func first(_ props: String) -> String {
            issues(##"{"root": {"view": {"subviews": [{"view": {"## + props + "}}]}}}").first?.description ?? "no error"
        }
        #expect(first(#""transform": {"rotate": "90deg"}"#) == "scene.json:1:67: root.subviews[0].transform.rotate: expected a number, found a string")
        #expect(first(#""transform": {"scale": 5000}"#) == "scene.json:1:66: root.subviews[0].transform.scale: must be from -1000 to 1000, found 5000")
        #expect(first(#""transform": {"skew": 2}"#).hasSuffix(
            "root.subviews[0].transform: a transform needs \"translate\", \"scale\" or \"rotate\" (matrix entries go in a list: [a, b, c, d, tx, ty])"))
        #expect(first(#""transform": [1, 0, 0, 1]"#) == "scene.json:1:56: root.subviews[0].transform: expected 6 numbers [a, b, c, d, tx, ty], found 4")
        #expect(first(#""transform": "rotate(90)""#).hasSuffix("root.subviews[0].transform: expected a transform: "
            + "{\"translate\": [x, y], \"scale\": s or [sx, sy], \"rotate\": degrees} or [a, b, c, d, tx, ty], found a string"))
        #expect(first(#""transform": [1, 0, 0, 2000, 0, 0]"#) == "scene.json:1:66: root.subviews[0].transform[3]: a matrix entry d must be from -1000 to 1000, found 2000")
        #expect(first(#""anchorPoint": [0.5, 1e6]"#).hasSuffix("root.subviews[0].anchorPoint: an anchor point is in units of the bounds (0.5 is the middle); "
            + "each must be from -1000 to 1000, found 1000000"))
        #expect(first(#""transform": {"rotate": 90, "translate": [1]}"#).contains("root.subviews[0].transform.translate: expected 2 numbers [x, y], found 1"))
    }

    @Test func aSceneBuiltInSwiftMeetsTheSameBounds() {
        var scene = Scene(root: View(subviews: [View(frame: Rect(x: 0, y: 0, width: 10, height: 10)).transformed(Transform2D(scaleX: 5000, y: 1))]))
        #expect(scene.limitProblems.contains { $0.path == "root.subviews[0].transform.a" })
        scene.root.subviews[0].transform = Transform2D(scaleX: 2, y: 1)
        #expect(scene.limitProblems.isEmpty)
    }
}

/// CALayer's `transform` (CATransform3D) in a scene file: the composed form and its errors.
@Suite struct Transform3DDecodingTests {
    func view(_ props: String) throws -> View {
        try SceneDecoder.decode(##"{"root": {"view": {"subviews": [{"view": {"frame": [0, 0, 100, 50], "## + props + "}}]}}}")
            .root.subviews[0]
    }

    @Test func theComposedFormIsCoreAnimationsOrder() throws {
        let v = try view(#""transform3D": {"perspective": 400, "translate": [10, 0, 5], "scale": 2, "rotateY": 90}, "isDoubleSided": false"#)
        let t = try #require(v.transform3D)
        #expect(t.m34 == -1.0 / 400 && t.translation == Vector3(x: 10, y: 0, z: 5) && t.scale == Vector3(x: 2, y: 2, z: 1))
        #expect(abs(t.rotation.y - .pi / 2) < 1e-12 && !v.isDoubleSided)
        // (1, 0, 0) turns about y to (0, 0, −1), is scaled in x and y only, moves to (10, 0, 4): W = 1 − 4/400.
        let m = t.matrix
        let x = 1 * m[0] + m[12], z = 1 * m[2] + m[14], w = 1 * m[3] + m[15]
        #expect(abs(x - 10) < 1e-9 && abs(z - 4) < 1e-9 && abs(w - (1 - 4.0 / 400)) < 1e-12)
        // A turn about z is UIKit's affine rotation.
        let z90 = Transform3D(rotateZ: 30).homography.affine
        #expect(z90 != nil && abs(z90!.b - Transform2D(rotationAngle: .pi / 6).b) < 1e-12 && abs(z90!.c - Transform2D(rotationAngle: .pi / 6).c) < 1e-12)
    }

    @Test func badTransforms3DAreErrorsWithTheirPlace() {
        func first(_ props: String) -> String {
            issues(##"{"root": {"view": {"subviews": [{"view": {"## + props + "}}]}}}").first?.description ?? "no error"
        }
        #expect(first(#""transform3D": {"perspective": 0}"#) == "scene.json:1:74: root.subviews[0].transform3D.perspective: must be from 1 to 1000000, found 0")
        #expect(first(#""transform3D": {"rotateW": 10}"#).contains("root.subviews[0].transform3D.rotateW: unknown property \"rotateW\"; did you mean \"rotateX\"?"))
        #expect(first(#""transform3D": {"translate": [1, 2, 3, 4]}"#)
            == "scene.json:1:72: root.subviews[0].transform3D.translate: expected a translation [x, y] or [x, y, z], found 4 numbers")
        #expect(first(#""transform3D": {"scale": [1, 2000]}"#) == "scene.json:1:72: root.subviews[0].transform3D.scale[1]: must be from -1000 to 1000, found 2000")
        #expect(first(#""transform3D": {}"#).hasSuffix("root.subviews[0].transform3D: a 3D transform needs one of \"perspective\", \"translate\", "
            + "\"scale\", \"rotateX\", \"rotateY\", \"rotateZ\""))
        #expect(first(#""transform3D": [1, 0, 0, 1]"#).contains("root.subviews[0].transform3D: expected "))
        #expect(first(#""transform": {"rotate": 10}, "transform3D": {"rotateY": 10}"#).hasSuffix(
            "root.subviews[0].transform3D: give \"transform\" or \"transform3D\", not both: UIView's transform is the affine part of its layer's "
            + "(put the 2D parts in \"transform3D\": \"translate\", \"scale\", \"rotateZ\")"))
        #expect(first(#""isDoubleSided": "no""#).contains("root.subviews[0].isDoubleSided: expected true or false"))
    }
}

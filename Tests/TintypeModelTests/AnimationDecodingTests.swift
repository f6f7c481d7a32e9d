import Foundation
import Testing
import TintypeModel

/// The scene's `time` and `animations`: what decodes, and every bad input of issue 28 as an error
/// with file, line:column, path and value.
@Suite struct AnimationDecodingTests {
    func messages(_ animations: String, time: String = "0") -> [String] {
        issues(#"{"time": "# + time + #", "root": {"view": {"subviews": [{"view": {"id": "box", "frame": [0, 0, 10, 10]}}]}}, "animations": ["#
               + animations + "]}").map(\.description)
    }

    @Test func blocksAndCoreAnimationDecode() throws {
        let s = try SceneDecoder.decode(#"{"time": 0.2, "root": {"view": {"id": "box"}}, "animations": ["#
            + #"{"view": "box", "to": {"center": [5, 5], "alpha": 0.5}, "duration": 0.3, "delay": 0.1, "spring": {"damping": 0.5, "initialVelocity": 2}, "#
            + #""repeat": 2, "autoreverse": true},"#
            + #"{"view": "box", "basic": {"keyPath": "transform.scale", "from": 1, "to": 2, "timingFunction": "easeOut", "fillMode": "both", "#
            + #""repeatCount": "infinity"}},"#
            + #"{"view": "box", "keyframe": {"keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.5, 1], "calculationMode": "cubic"}}]}"#)
        #expect(s.time == 0.2 && s.animations.count == 3)
        let block = s.animations[0]
        #expect(block.isViewBlock && block.timing.duration == 0.3 && block.timing.beginTime == 0.1 && block.timing.repeatCount == 2)
        #expect(block.curve == .spring(Spring(damping: 0.5, initialVelocity: 2)) && block.tracks.map(\.property) == [.center, .alpha])
        #expect(s.animations[1].curve == .timing(.easeOut) && s.animations[1].timing.repeatsForever && s.animations[1].timing.fillMode == .both)
        #expect(s.animations[0].source == "animations[0]")
    }

    @Test func everyBadInputIsAnErrorWithItsPlace() {
        // A missing view.
        #expect(messages(#"{"view": "bx", "to": {"alpha": 0}}"#) == [
            "scene.json:1:121: animations[0].view: no view or bar item has the id \"bx\"; did you mean \"box\"?"])
        // A key path that is not animatable, and one that does not fit its values.
        #expect(messages(#"{"view": "box", "basic": {"keyPath": "text", "to": 1}}"#).first?.hasSuffix(
            "animations[0].basic.keyPath: \"text\" is not an animatable key path (animatable: position, position.x, position.y, opacity, "
            + "backgroundColor, cornerRadius, borderWidth, bounds, bounds.size, bounds.origin, transform, transform.scale, transform.scale.x, transform.scale.y, "
            + "transform.rotation, transform.rotation.z, transform.rotation.x, transform.rotation.y, transform.translation.z, "
            + "transform.translation, transform.translation.x, transform.translation.y)") == true)
        #expect(messages(#"{"view": "box", "basic": {"keyPath": "position", "to": 5}}"#) == [
            "scene.json:1:167: animations[0].basic.to: \"position\" takes a point [x, y], found a number"])
        #expect(messages(#"{"view": "box", "keyframe": {"keyPath": "opacity", "values": [0, "1"]}}"#) == [
            "scene.json:1:177: animations[0].keyframe.values[1]: \"opacity\" takes a number, found a string"])
        // Key times that are not increasing in 0…1, or do not match the values.
        #expect(messages(#"{"view": "box", "keyframe": {"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}}"#).first?.hasSuffix(
            "animations[0].keyframe.keyTimes[2]: key times must not decrease: 0.5 follows 0.7") == true)
        #expect(messages(#"{"view": "box", "keyframe": {"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]}}"#).first?.hasSuffix(
            "animations[0].keyframe.keyTimes: 2 key times for 3 values: give one key time per value") == true)
        #expect(messages(#"{"view": "box", "keyframe": {"keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1.5]}}"#).first?.hasSuffix(
            "animations[0].keyframe.keyTimes[1]: must be from 0 to 1, found 1.5") == true)
        // A negative duration or speed; a damping outside 0…1; a time outside its range.
        #expect(messages(#"{"view": "box", "to": {"alpha": 0}, "duration": -1}"#).first?.hasSuffix(
            "animations[0].duration: must not be negative, found -1") == true)
        #expect(messages(#"{"view": "box", "basic": {"keyPath": "opacity", "to": 0, "speed": -2}}"#).first?.hasSuffix(
            "animations[0].basic.speed: must not be negative, found -2") == true)
        #expect(messages(#"{"view": "box", "to": {"alpha": 0}, "spring": {"damping": 1.5}}"#).first?.hasSuffix(
            "animations[0].spring.damping: must be from 0 to 1, found 1.5") == true)
        #expect(messages(#"{"view": "box", "to": {"alpha": 0}}"#, time: "-1") == ["scene.json:1:10: time: must not be negative, found -1"])
        #expect(messages(#"{"view": "box", "to": {"alpha": 0}}"#, time: "7200") == ["scene.json:1:10: time: must be from 0 to 3600, found 7200"])
    }

    @Test func otherMistakesAreNamedToo() {
        #expect(messages(#"{"view": "box"}"#).first?.hasSuffix(
            "animations[0]: an animation needs \"to\" (a UIView block), \"basic\" or \"keyframe\" (Core Animation), \"transition\", "
            + "\"rows\" (a table's rows inserted and deleted), or \"control\" (a switch or segmented control changing)") == true)
        #expect(messages(#"{"view": "box", "to": {"colour": "red"}}"#).first?.contains(
            "animations[0].to.colour: \"colour\" is not a property a UIView block animates") == true)
        #expect(messages(#"{"view": "box", "basic": {"keyPath": "opacity", "to": 0}, "duration": 1}"#).first?.hasSuffix(
            "animations[0].duration: \"duration\" belongs to a UIView block (with \"to\"); a Core Animation animation takes its timing inside \"basic\"") == true)
        #expect(messages(#"{"view": "box", "basic": {"keyPath": "opacity", "to": 0, "timingFunction": "easeInOout"}}"#).first?.contains(
            "unknown timing function \"easeInOout\"; did you mean \"easeInOut\"?") == true)
        #expect(messages(#"{"view": "box", "basic": {"keyPath": "opacity", "to": 0, "timingFunction": [1.2, 0, 1, 1]}}"#).first?.hasSuffix(
            "a control point's x must be from 0 to 1 (time runs forward), found 1.2") == true)
        #expect(messages(#"{"view": "box", "keyframe": {"keyPath": "opacity", "path": "M 0 0 L 10 10"}}"#).first?.hasSuffix(
            "animations[0].keyframe.path: a path moves \"position\"; this animation's keyPath is \"opacity\"") == true)
        #expect(messages(#"{"view": "box", "keyframe": {"keyPath": "position", "path": "M 0 0 Q"}}"#).first?.contains("animations[0].keyframe.path: bad path data") == true)
        #expect(messages(#"{"view": "box", "to": {"alpha": 0}, "curve": "easeInOut", "spring": {"damping": 0.5}}"#).first?.hasSuffix(
            "animations[0].curve: a spring sets its own pace; give \"curve\" or \"spring\", not both") == true)
    }
}

/// The "times" dimension of a matrix: one render per moment, named `@0.10s`.
@Suite struct TimesVariantsTests {
    @Test func eachTimeIsARenderNamedByIt() throws {
        let s = try SceneDecoder.decode(#"{"devices": ["iPhone SE", "iPhone 8"], "variants": {"times": [0, 0.1, 1.25]}, "root": {"view": {}}}"#)
        let renders = try s.expandVariants()
        #expect(renders.map { $0.suffix ?? "" } == [".iphone-se@0.00s", ".iphone-se@0.10s", ".iphone-se@1.25s",
                                                    ".iphone-8@0.00s", ".iphone-8@0.10s", ".iphone-8@1.25s"])
        #expect(renders[1].scene.time == 0.1 && renders[1].label == "iPhone SE, t = 0.10 s" && renders.allSatisfy { $0.scene.limitsChecked })
        #expect(TraitSet.seconds(0.0167) == "0.0167" && TraitSet.seconds(2) == "2.00" && TraitSet.seconds(0.125) == "0.125")
    }

    @Test func aBadTimeIsAnErrorWithItsPlace() {
        #expect(issues(#"{"variants": {"times": [0, -0.5]}, "root": {"view": {}}}"#).map(\.description) == [
            "scene.json:1:28: variants.times[1]: must not be negative, found -0.5"])
        #expect(issues(#"{"variants": {"times": [0.1, 0.1]}, "root": {"view": {}}}"#).map(\.description).first?.hasSuffix(
            "variants.times[1]: \"t = 0.10 s\" is listed twice (first at [0])") == true)
        #expect(issues(#"{"time": 0.2, "variants": {"times": [0.1]}, "root": {"view": {}}}"#).map(\.description).first?.hasSuffix(
            "variants.times: the scene's \"time\" is given too; give the time in one place") == true)
    }
}

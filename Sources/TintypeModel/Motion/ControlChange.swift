/// A control changing its value as UIKit animates it (docs/motion.md, Controls changing): a switch
/// toggled (`setOn(_:animated: true)`) or a segmented control's selection moved. The scene's control
/// shows the value before; the change's is the value after.
public enum ControlChange: Sendable, Equatable {
    /// A switch turning on (`true`) or off.
    case isOn(Bool)
    /// A segmented control selecting this segment (-1: none).
    case selectedSegmentIndex(Int)

    /// How long UISwitch's knob takes to slide, in seconds (an estimate: UIKit does not publish it).
    public static let switchDuration = 0.25
    /// How long a segmented control's selection takes to move, in seconds (an estimate).
    public static let segmentDuration = 0.2

    public var defaultDuration: Double {
        switch self {
        case .isOn: Self.switchDuration
        case .selectedSegmentIndex: Self.segmentDuration
        }
    }

    /// A control change on `view`, as an animation of the scene.
    public static func animation(view: String, _ change: ControlChange, duration: Double? = nil, beginTime: Double = 0,
                                 curve: TimingFunction = .easeInEaseOut) -> Animation {
        var timing = MediaTiming()
        timing.duration = duration ?? change.defaultDuration
        timing.beginTime = beginTime
        var a = Animation(view: view, tracks: [], timing: timing, curve: .timing(curve), isViewBlock: true)
        a.controlChange = change
        return a
    }
}

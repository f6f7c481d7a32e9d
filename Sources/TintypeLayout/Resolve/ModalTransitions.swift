import TintypeModel

// A modal sheet's other transition styles (docs/motion.md, The system's animations): coverVertical
// slides (SystemTransitions), crossDissolve fades where it stands (Resolver), and flipHorizontal turns
// the screen over, here.

extension Resolver {
    /// UIModalTransitionStyle.flipHorizontal at `p` (0…1 of the motion): the screen (all but the
    /// status bar) turns half a turn about its vertical axis in perspective, as a UIView flip does,
    /// over the window's black. Presenting, the screen `without` the presentation is on its front and
    /// turns right to left (flipFromRight), the one `with` it on its back; dismissing, the other way
    /// round, left to right (flipFromLeft).
    func modalFlip(appearing: Bool, without: [DisplayItem], with: [DisplayItem], progress p: Double, screen: Rect) -> [DisplayItem] {
        let turn = Transition(appearing ? .flipFromRight : .flipFromLeft)
        return [.fill(path: .rect(screen), paint: .color(.black), rule: .nonZero)]
            + transitionItems(turn, progress: p, old: appearing ? without : with, new: appearing ? with : without, frame: screen)
    }
}

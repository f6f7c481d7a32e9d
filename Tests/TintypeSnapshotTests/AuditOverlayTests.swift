import Foundation
import Testing
@testable import TintypeSnapshot

/// The overlay SVG's base64 writer appends the screen's PNG after what is already written.
@Suite struct AuditOverlayTests {
    @Test func base64IsFoundationsForEveryRemainder() {
        var bytes: [UInt8] = []
        var x: UInt32 = 12345
        for n in 0..<300 {
            var out: [UInt8] = Array("prefix".utf8)
            AuditOverlay.base64(bytes, into: &out)
            #expect(String(decoding: out, as: UTF8.self) == "prefix" + Data(bytes).base64EncodedString(), "\(n) bytes")
            x = x &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(x >> 16 & 255))
        }
    }
}

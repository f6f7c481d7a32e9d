import Testing
@testable import TintypeModel

/// What an SVG would cost librsvg, counted before it sees it (issue 35).
@Suite struct SVGBudgetTests {
    func count(_ svg: String) -> SVGBudget.Counts { SVGBudget.count(Array(svg.utf8)) }

    @Test func textInsideTextElementsAndElementsAreCounted() {
        let c = count("""
            <?xml version="1.0"?><!-- <text>not this</text> --><svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>
            <title>not text</title><text x='1' title='a > b'>héllo<tspan>!!</tspan><![CDATA[<ok>]]></text><rect/><text/></svg>
            """)
        #expect(c.elements == 6)  // svg, title, text, tspan, rect, text
        #expect(c.textCharacters == 5 + 2 + 4)
    }

    @Test func aLongTextOrTooManyElementsIsRefusedWithItsCount() {
        let long = "<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'><text>" + String(repeating: "w", count: 50_000) + "</text></svg>"
        #expect(SVGBudget.problem(Array(long.utf8), name: "big.svg")
                == "image file \"big.svg\" holds 50000 characters of text, more than the limit of 10000 an SVG image may hold (turn the text into paths)")
        let many = "<svg xmlns='http://www.w3.org/2000/svg'>" + String(repeating: "<g/>", count: SceneLimits.maxSVGElements) + "</svg>"
        #expect(SVGBudget.problem(Array(many.utf8), name: "many.svg")
                == "image file \"many.svg\" has 50001 elements, more than the limit of 50000 an SVG image may have")
        #expect(SVGBudget.problem(Array("<svg><text>\(String(repeating: "a", count: 10_000))</text></svg>".utf8), name: "ok.svg") == nil)
        // Unfinished markup is counted as far as it goes, never a failure.
        #expect(SVGBudget.count(Array("<svg><text>abc<".utf8)).textCharacters == 3)
        #expect(SVGBudget.count(Array("<![CDATA[".utf8)) == SVGBudget.Counts())
    }
}

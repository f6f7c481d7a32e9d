import Testing
@testable import TintypeModel

// Decoding of the page control, activity indicator, text field, search bar, picker view and date
// picker: every property's value, the defaults, and each kind of error with its path.

/// The issues decoding `json` reports; empty when it decodes.

/// The one issue decoding a root `{"<kind>": {<properties>}}` reports.
private func onlyIssue(_ kind: String, _ properties: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneIssue {
    let all = issues(#"{"root": {"\#(kind)": {\#(properties)}}}"#)
    #expect(all.count == 1, "expected one issue, got:\n\(all.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
    return try #require(all.first, sourceLocation: sourceLocation)
}

/// The control a root `{"<kind>": {<properties>}}` decodes to.
private func control(_ kind: String, _ properties: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Control {
    let scene = try SceneDecoder.decode(#"{"root": {"\#(kind)": {\#(properties)}}}"#, file: "scene.json")
    guard case .control(let c) = scene.root.kind else {
        Issue.record("root is not a control", sourceLocation: sourceLocation)
        throw CancellationError()
    }
    return c
}

@Suite struct PageControlDecodingTests {
    @Test func readsEveryProperty() throws {
        let c = try control("pageControl", """
            "frame": [0, 0, 100, 37], "numberOfPages": 5, "currentPage": 4, "pageIndicatorTintColor": "white@0.3",
            "currentPageIndicatorTintColor": "tint", "hidesForSinglePage": true, "enabled": false, "highlighted": true
            """)
        #expect(c == .pageControl(PageControl(numberOfPages: 5, currentPage: 4, pageIndicatorTintColor: .color(Color(white: 1, alpha: 0.3)),
                                              currentPageIndicatorTintColor: .tint, hidesForSinglePage: true,
                                              state: ControlState(isEnabled: false, isHighlighted: true))))
        #expect(c.name == "pageControl")
    }

    @Test func defaultsFollowUIKit() throws {
        #expect(try control("pageControl", "") == .pageControl(PageControl()))
    }

    @Test func currentPageMustBeAPage() throws {
        let issue = try onlyIssue("pageControl", #""numberOfPages": 3, "currentPage": 3"#)
        #expect(issue.path == "root.currentPage")
        #expect(issue.message == "currentPage 3 is past the last page; numberOfPages is 3, so it must be from 0 to 2")
        let none = try onlyIssue("pageControl", #""currentPage": 1"#)
        #expect(none.message == "currentPage 1 is past the last page; there are no pages, so it must be 0")
    }

    @Test func badValuesNameTheirPath() throws {
        let negative = try onlyIssue("pageControl", #""numberOfPages": -1"#)
        #expect(negative.path == "root.numberOfPages")
        #expect(negative.message == "expected a whole number from 0 to 1000, found -1")
        let color = try onlyIssue("pageControl", #""pageIndicatorTintColor": "grey""#)
        #expect(color.path == "root.pageIndicatorTintColor")
        #expect(color.message.contains("did you mean \"gray\"?"))
        let flag = try onlyIssue("pageControl", #""hidesForSinglePage": "yes""#)
        #expect(flag.message == "expected true or false, found a string")
        let unknown = try onlyIssue("pageControl", #""numberOfPage": 3"#)
        #expect(unknown.message == "unknown property \"numberOfPage\"; did you mean \"numberOfPages\"?")
    }
}

@Suite struct ActivityIndicatorDecodingTests {
    @Test func readsEveryProperty() throws {
        let c = try control("activityIndicator", #""activityIndicatorViewStyle": "whiteLarge", "color": "systemRed", "isAnimating": false, "hidesWhenStopped": false"#)
        let a = ActivityIndicator(style: .whiteLarge, color: .color(.systemRed), isAnimating: false, hidesWhenStopped: false)
        #expect(c == .activityIndicator(a))
        #expect(a.isVisible)
        #expect(!ActivityIndicator(isAnimating: false).isVisible, "a stopped indicator hides by default")
        #expect(try control("activityIndicator", "") == .activityIndicator(ActivityIndicator(style: .white, isAnimating: true)))
    }

    @Test func badStyleSuggestsTheClosest() throws {
        let issue = try onlyIssue("activityIndicator", #""activityIndicatorViewStyle": "grey""#)
        #expect(issue.path == "root.activityIndicatorViewStyle")
        #expect(issue.message == "unknown value \"grey\"; did you mean \"gray\"? (expected one of white, whiteLarge, gray)")
    }

    @Test func itIsNotAControl() throws {
        let issue = try onlyIssue("activityIndicator", #""enabled": false"#)
        #expect(issue.message.hasPrefix("unknown property \"enabled\""))
    }
}

@Suite struct TextFieldDecodingTests {
    @Test func readsEveryProperty() throws {
        let c = try control("textField", """
            "borderStyle": "roundedRect", "text": "abc", "placeholder": "Email", "font": {"size": 15, "weight": "medium"},
            "textColor": "tint", "textAlignment": "center", "clearButtonMode": "always", "isEditing": true,
            "secureTextEntry": true, "leftView": {"view": {"frame": [0, 0, 10, 10]}}, "leftViewMode": "whileEditing",
            "rightView": {"label": {"text": "@"}}, "rightViewMode": "never", "selected": true
            """)
        var f = TextField(borderStyle: .roundedRect, text: "abc", placeholder: "Email", font: .system(size: 15, weight: .medium),
                          textColor: .tint, textAlignment: .center, clearButtonMode: .always, isEditing: true, isSecureTextEntry: true,
                          leftView: View(frame: Rect(x: 0, y: 0, width: 10, height: 10)), leftViewMode: .whileEditing,
                          rightView: .label("@"), rightViewMode: .never)
        f.state.isSelected = true
        #expect(c == .textField(f))
        #expect(f.displayText == "\u{2022}\u{2022}\u{2022}")
        #expect(f.showsClearButton)
    }

    @Test func defaultsFollowUIKitExceptSideViewModes() throws {
        let f = TextField()
        #expect(try control("textField", "") == .textField(f))
        #expect(f.borderStyle == .none && f.font == .system(size: 17) && f.clearButtonMode == .never)
        #expect(f.leftViewMode == .always && f.rightViewMode == .always)
    }

    @Test func clearButtonShowsOverTextAsItsModeSays() {
        func shows(_ mode: TextField.ViewMode, text: String = "x", editing: Bool) -> Bool {
            TextField(text: text, clearButtonMode: mode, isEditing: editing).showsClearButton
        }
        #expect(shows(.always, editing: false) && shows(.always, editing: true))
        #expect(!shows(.always, text: "", editing: true), "never over an empty field")
        #expect(shows(.whileEditing, editing: true) && !shows(.whileEditing, editing: false))
        #expect(shows(.unlessEditing, editing: false) && !shows(.unlessEditing, editing: true))
        #expect(!shows(.never, editing: true))
    }

    @Test func errorsNameTheirPath() throws {
        let style = try onlyIssue("textField", #""borderStyle": "rounded""#)
        #expect(style.path == "root.borderStyle")
        #expect(style.message == "unknown value \"rounded\"; expected one of none, line, bezel, roundedRect")
        let mode = try onlyIssue("textField", #""clearButtonMode": "sometimes""#)
        #expect(mode.path == "root.clearButtonMode")
        let editing = try onlyIssue("textField", #""enabled": false, "isEditing": true"#)
        #expect(editing.path == "root.isEditing")
        #expect(editing.message == "a disabled text field cannot be editing; remove \"isEditing\" or \"enabled\": false")
        let font = try onlyIssue("textField", #""font": "huge""#)
        #expect(font.path == "root.font")
    }

    @Test func sideViewsAreViewsWithTheirOwnPaths() throws {
        let kind = try onlyIssue("textField", #""leftView": {"lable": {}}"#)
        #expect(kind.path == "root.leftView")
        #expect(kind.message.hasPrefix("unknown kind \"lable\"; did you mean \"label\"?"))
        let inner = try onlyIssue("textField", #""rightView": {"view": {"frame": [0, 0, -1, 10]}}"#)
        #expect(inner.path == "root.rightView.frame[2]")
        let shape = try onlyIssue("textField", #""leftView": 3"#)
        #expect(shape.message == "expected a view like {\"view\": {...}}, found a number")
    }

    @Test func sideViewsCannotNestWithoutEnd() throws {
        // Each level adds ".leftView" to the path, which bounds the depth.
        var json = #"{"view": {}}"#
        for _ in 0..<(SceneLimits.maxViewDepth + 2) { json = #"{"textField": {"leftView": \#(json)}}"# }
        let all = issues(#"{"root": \#(json)}"#)
        #expect(all.count == 1)
        #expect(all.first?.message == "views nest deeper than \(SceneLimits.maxViewDepth) levels")
    }
}

@Suite struct SearchBarDecodingTests {
    @Test func readsEveryProperty() throws {
        let c = try control("searchBar", """
            "look": "iOS7", "searchBarStyle": "minimal", "text": "abc", "placeholder": "Search", "prompt": "Pick",
            "showsCancelButton": true, "scopeButtonTitles": ["A", "B"], "selectedScopeButtonIndex": 1, "showsScopeBar": false,
            "barTintColor": "#FFEEDD", "isEditing": true
            """)
        let expected = SearchBar(look: .iOS7, searchBarStyle: .minimal, text: "abc", placeholder: "Search", prompt: "Pick",
                                 showsCancelButton: true, scopeButtonTitles: ["A", "B"], selectedScopeButtonIndex: 1,
                                 showsScopeBar: false, barTintColor: Color(rgb8: 0xFF, 0xEE, 0xDD), isEditing: true)
        #expect(c == .searchBar(expected))
    }

    @Test func defaults() throws {
        let s = SearchBar()
        #expect(try control("searchBar", "") == .searchBar(s))
        #expect(s.look == nil && s.searchBarStyle == .default && !s.showsScopeBar && s.isEnabled)
        guard case .searchBar(let withTitles) = try control("searchBar", #""scopeButtonTitles": ["A"], "look": "ios7""#) else { return }
        #expect(withTitles.showsScopeBar, "titles show the scope bar unless told otherwise")
        #expect(withTitles.look == .iOS7, "ios7 is an alias")
        guard case .searchBar(let disabled) = try control("searchBar", #""enabled": false"#) else { return }
        #expect(!disabled.isEnabled)
    }

    @Test func errorsNameTheirPath() throws {
        let index = try onlyIssue("searchBar", #""scopeButtonTitles": ["A", "B"], "selectedScopeButtonIndex": 2"#)
        #expect(index.path == "root.selectedScopeButtonIndex")
        #expect(index.message == "selectedScopeButtonIndex 2 is past the last scope button; there are 2 scopeButtonTitles, so it must be from 0 to 1")
        let noTitles = try onlyIssue("searchBar", #""showsScopeBar": true"#)
        #expect(noTitles.path == "root.showsScopeBar")
        #expect(noTitles.message == "a scope bar needs \"scopeButtonTitles\"")
        let title = try onlyIssue("searchBar", #""scopeButtonTitles": ["A", 2]"#)
        #expect(title.path == "root.scopeButtonTitles[1]")
        #expect(title.message == "expected a title string, found a number")
        let look = try onlyIssue("searchBar", #""look": "iOS10""#)
        #expect(look.path == "root.look")
        #expect(look.message.contains("expected one of iOS7, iOS11"))
        let tint = try onlyIssue("searchBar", #""barTintColor": "tint""#)
        #expect(tint.message == "\"tint\" is not allowed here; give a fixed color")
        let editing = try onlyIssue("searchBar", #""enabled": false, "isEditing": true"#)
        #expect(editing.path == "root.isEditing")
        let highlighted = try onlyIssue("searchBar", #""highlighted": true"#)
        #expect(highlighted.message.hasPrefix("unknown property \"highlighted\""))
    }
}

@Suite struct PickerViewDecodingTests {
    @Test func readsBothComponentForms() throws {
        let c = try control("pickerView", """
            "components": [["a", "b"], {"rows": ["x", "y", "z"], "selectedRow": 2, "width": 80, "textAlignment": "left"}],
            "rowHeight": 40, "textColor": "white"
            """)
        #expect(c == .pickerView(PickerView(components: [
            .init(rows: ["a", "b"]),
            .init(rows: ["x", "y", "z"], selectedRow: 2, width: 80, textAlignment: .left),
        ], rowHeight: 40, textColor: .white)))
        #expect(try control("pickerView", "") == .pickerView(PickerView()))
    }

    @Test func errorsNameTheirPath() throws {
        let row = try onlyIssue("pickerView", #""components": [{"rows": ["a", "b"], "selectedRow": 2}]"#)
        #expect(row.path == "root.components[0].selectedRow")
        #expect(row.message == "selectedRow 2 is past the last row; there are 2 rows, so it must be from 0 to 1")
        let empty = try onlyIssue("pickerView", #""components": [{"rows": [], "selectedRow": 1}]"#)
        #expect(empty.message == "selectedRow 1 is past the last row; there are no rows, so it must be 0")
        let string = try onlyIssue("pickerView", #""components": [["a", 1]]"#)
        #expect(string.path == "root.components[0][1]")
        #expect(string.message == "expected a row string, found a number")
        let missing = try onlyIssue("pickerView", #""components": [{"selectedRow": 0}]"#)
        #expect(missing.path == "root.components[0]")
        #expect(missing.message == "a component needs \"rows\", a list of strings")
        let kind = try onlyIssue("pickerView", #""components": ["a"]"#)
        #expect(kind.path == "root.components[0]")
        let unknown = try onlyIssue("pickerView", #""components": [{"rows": [], "selected": 0}]"#)
        #expect(unknown.path == "root.components[0].selected")
        #expect(unknown.message.hasPrefix("unknown property \"selected\""))
        let height = try onlyIssue("pickerView", #""rowHeight": 2"#)
        #expect(height.message == "must be from 8 to 200, found 2")
    }
}

@Suite struct DatePickerDecodingTests {
    @Test func readsEveryProperty() throws {
        let c = try control("datePicker", """
            "datePickerMode": "dateAndTime", "date": "2017-06-05 21:07:30", "today": "2017-06-05", "minuteInterval": 5,
            "countDownDuration": 90, "enabled": false
            """)
        #expect(c == .datePicker(DatePicker(mode: .dateAndTime, date: CalendarDate(year: 2017, month: 6, day: 5, hour: 21, minute: 7, second: 30),
                                            today: CalendarDate(year: 2017, month: 6, day: 5), minuteInterval: 5, countDownDuration: 90,
                                            state: ControlState(isEnabled: false))))
        #expect(try control("datePicker", "") == .datePicker(DatePicker()))
        #expect(DatePicker().date == CalendarDate(year: 2007, month: 1, day: 9, hour: 9, minute: 41))
    }

    @Test func modeHasAShortForm() throws {
        guard case .datePicker(let d) = try control("datePicker", #""mode": "countDownTimer""#) else { return }
        #expect(d.mode == .countDownTimer)
        let both = try onlyIssue("datePicker", #""mode": "date", "datePickerMode": "time""#)
        #expect(both.path == "root.mode")
        #expect(both.message == "give either \"datePickerMode\" or its short form \"mode\", not both")
    }

    @Test func readsEveryDateForm() {
        func parse(_ s: String) -> CalendarDate? { try? CalendarDate.parse(s, allowsTimeOnly: true).get() }
        #expect(parse("2017-06-05") == CalendarDate(year: 2017, month: 6, day: 5))
        #expect(parse("2017-06-05 09:41") == CalendarDate(year: 2017, month: 6, day: 5, hour: 9, minute: 41))
        #expect(parse("2017-06-05T23:59:59") == CalendarDate(year: 2017, month: 6, day: 5, hour: 23, minute: 59, second: 59))
        #expect(parse("7:05") == CalendarDate(year: 2007, month: 1, day: 9, hour: 7, minute: 5))
        #expect(parse("2016-02-29") != nil)
        #expect((try? CalendarDate.parse("09:41", allowsTimeOnly: false).get()) == nil)
    }

    @Test func badDatesSayWhatIsWrongAndTheFormat() throws {
        let help = "expected \"YYYY-MM-DD\", \"YYYY-MM-DD HH:MM\" (24-hour, optionally :SS) or \"HH:MM\""
        let cases: [(String, String)] = [
            ("2017-13-05", "the month must be 01 to 12, found 13"),
            ("2017-02-29", "February 2017 has days 01 to 28, found 29"),
            ("2017/06/05", "it has no date"),
            ("2017-6-05", "the month \"6\" is not a number of 2 digits"),
            ("2017-06-05 25:00", "the hour must be 0 to 23, found 25"),
            ("2017-06-05 09:61", "the minute must be 0 to 59, found 61"),
            ("2017-06-05 9", "the time must be HH:MM or HH:MM:SS"),
            ("", "it is empty"),
        ]
        for (text, problem) in cases {
            let issue = try onlyIssue("datePicker", #""date": "\#(text)""#)
            #expect(issue.path == "root.date")
            #expect(issue.message == "bad date \"\(text)\": \(problem); \(help)")
        }
        let number = try onlyIssue("datePicker", #""date": 2017"#)
        #expect(number.message == "expected a date string, found a number; \(help)")
        let today = try onlyIssue("datePicker", #""today": "09:41""#)
        #expect(today.path == "root.today")
        #expect(today.message == "bad date \"09:41\": it has no date; expected \"YYYY-MM-DD\"")
    }

    @Test func otherErrorsNameTheirPath() throws {
        let interval = try onlyIssue("datePicker", #""minuteInterval": 7"#)
        #expect(interval.path == "root.minuteInterval")
        #expect(interval.message == "minuteInterval must divide 60 evenly (1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30), found 7")
        let range = try onlyIssue("datePicker", #""minuteInterval": 45"#)
        #expect(range.message == "expected a whole number from 1 to 30, found 45")
        let duration = try onlyIssue("datePicker", #""countDownDuration": 86400"#)
        #expect(duration.path == "root.countDownDuration")
        let mode = try onlyIssue("datePicker", #""datePickerMode": "dateTime""#)
        #expect(mode.message == "unknown value \"dateTime\"; expected one of time, date, dateAndTime, countDownTimer")
    }

    @Test func calendarArithmetic() {
        let d = CalendarDate(year: 2017, month: 6, day: 5, hour: 9, minute: 41)
        #expect(d.weekday == 1, "June 5, 2017 was a Monday")
        #expect(CalendarDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CalendarDate(year: 1970, month: 1, day: 1).weekday == 4, "a Thursday")
        #expect(CalendarDate(year: 1969, month: 12, day: 31).weekday == 3)
        #expect(CalendarDate(year: 2007, month: 1, day: 9).weekday == 2, "the iPhone was shown on a Tuesday")
        #expect(d.addingDays(26) == CalendarDate(year: 2017, month: 7, day: 1, hour: 9, minute: 41))
        #expect(CalendarDate(year: 2017, month: 12, day: 31).addingDays(1) == CalendarDate(year: 2018, month: 1, day: 1))
        #expect(CalendarDate(year: 2016, month: 3, day: 1).addingDays(-1) == CalendarDate(year: 2016, month: 2, day: 29))
        #expect(CalendarDate(year: 2000, month: 2, day: 28).addingDays(1).day == 29, "2000 was a leap year")
        #expect(CalendarDate(year: 1900, month: 2, day: 28).addingDays(1).month == 3, "1900 was not")
        #expect(CalendarDate.daysIn(month: 4, year: 2017) == 30)
    }
}

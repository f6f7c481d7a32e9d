import Testing
import TintypeModel
@testable import TintypeLayout
@testable import TintypeRender

// The date picker's and status bar's names, numbers, clock and column order in a scene's locale,
// read from display lists. The expected strings are what Foundation's CLDR data says for each
// locale; a table of our own could not produce them all.

/// The texts of one date picker (status bar hidden) in `locale`.
private func picker(_ properties: String, locale: String?) throws -> [TextItem] {
    let tag = locale.map { #""locale": "\#($0)","# } ?? ""
    return texts(try sharedRenderer.displayList(for: try scene("""
        { \(tag) "statusBar": {"hidden": true}, "root": {"view": {"subviews": [
          {"datePicker": {"frame": [0, 0, 375, 216], \(properties)}} ] }} }
        """)).items)
}

/// The selected rows of a picker (the wheels' rows in the band), left to right on screen.
private func selected(_ t: [TextItem]) -> [String] {
    let band = t.filter { abs($0.frame.midY - 108) < 1 && $0.font.size > 20 }
    return band.sorted { $0.frame.minX < $1.frame.minX }.map(\.text)
}

/// The status bar's texts (time, then the percentage) in `locale` on an iPhone 8.
private func statusBar(_ bar: String, locale: String?) throws -> [String] {
    let tag = locale.map { #""locale": "\#($0)","# } ?? ""
    let items = texts(try sharedRenderer.displayList(for: try scene("""
        { \(tag) "statusBar": \(bar), "root": {"view": {}} }
        """)).items)
    return items.filter { $0.frame.maxY <= 20 }.map(\.text)
}

@Suite struct LocaleFormatsTests {
    @Test func patternsSplitIntoFieldsAndQuotedLiterals() {
        #expect(LocaleFormats.parse("H 'Uhr' mm") == [.field("H", 1), .literal(" Uhr "), .field("m", 2)])
        #expect(LocaleFormats.parse("h 'o''clock' a") == [.field("h", 1), .literal(" o'clock "), .field("a", 1)])
        #expect(LocaleFormats.parse("y年M月d日") == [.field("y", 1), .literal("年"), .field("M", 1), .literal("月"), .field("d", 1), .literal("日")])
        #expect(LocaleFormats.pattern([.field("d", 1), .literal("'s")]) == "d'''s'")
    }

    @Test func clockIsTwelveOrTwentyFourHoursByLocale() {
        #expect(LocaleFormats(nil).uses12HourClock)
        #expect(LocaleFormats("ko-KR").uses12HourClock)
        #expect(!LocaleFormats("de-DE").uses12HourClock)
        #expect(!LocaleFormats("ja-JP").uses12HourClock)
        #expect(!LocaleFormats("en-GB").uses12HourClock)
    }

    @Test func timeModeFollowsTheLocalesClock() throws {
        #expect(selected(try picker(#""mode": "time", "date": "2017-06-05 21:41""#, locale: nil)) == ["9", "41", "PM"])
        // 24 hours, two-digit hours in German, one digit in Japanese; no day-period column.
        let de = try picker(#""mode": "time", "date": "2017-06-05 09:41""#, locale: "de-DE")
        #expect(selected(de) == ["09", "41"])
        #expect(!de.contains { $0.text == "AM" || $0.text == "PM" })
        let midnight = try picker(#""mode": "time", "date": "2017-06-05 00:41""#, locale: "de-DE")
        #expect(selected(midnight) == ["00", "41"])
        #expect(midnight.contains { $0.text == "23" } && midnight.contains { $0.text == "22" }, "24 hours wrap around")
        #expect(selected(try picker(#""mode": "time", "date": "2017-06-05 09:41""#, locale: "ja-JP")) == ["9", "41"])
        #expect(selected(try picker(#""mode": "time", "date": "2017-06-05 21:41""#, locale: "ja-JP")) == ["21", "41"])
        // Korean writes the day period first ("a h:mm").
        #expect(selected(try picker(#""mode": "time", "date": "2017-06-05 21:41""#, locale: "ko-KR")) == ["오후", "9", "41"])
    }

    @Test func dateModeOrdersAndNamesColumnsByLocale() throws {
        #expect(selected(try picker(#""mode": "date", "date": "2017-06-05""#, locale: nil)) == ["June", "5", "2017"])
        #expect(selected(try picker(#""mode": "date", "date": "2017-06-05""#, locale: "de-DE")) == ["5", "Juni", "2017"])
        #expect(selected(try picker(#""mode": "date", "date": "2017-06-05""#, locale: "ja-JP")) == ["2017年", "6月", "5日"])
        #expect(selected(try picker(#""mode": "date", "date": "2017-06-05""#, locale: "fr-FR")) == ["5", "juin", "2017"])
    }

    @Test func dateAndTimeNamesDaysAndTodayInTheLocale() throws {
        let de = try picker(#""mode": "dateAndTime", "date": "2017-06-05 21:07", "today": "2017-06-05""#, locale: "de-DE")
        #expect(selected(de) == ["Heute", "21", "07"])
        #expect(de.contains { $0.text == "So. 4. Juni" } && de.contains { $0.text == "Di. 6. Juni" })
        let ja = try picker(#""mode": "dateAndTime", "date": "2017-06-05 21:07""#, locale: "ja-JP")
        #expect(selected(ja) == ["6月5日(月)", "21", "07"])
        #expect(selected(try picker(#""mode": "dateAndTime", "date": "2017-06-05 21:07""#, locale: nil)) == ["Mon Jun 5", "9", "07", "PM"])
    }

    @Test func weekdaysBeforeTheGregorianReformAreProlepticGregorian() throws {
        // 1500-03-01 was a Thursday on the proleptic Gregorian calendar the wheel counts in (ICU's
        // own calendar would call it a Sunday, in the Julian calendar).
        #expect(CalendarDate(year: 1500, month: 3, day: 1).weekday == 4)
        #expect(selected(try picker(#""mode": "dateAndTime", "date": "1500-03-01 10:00""#, locale: nil)).first == "Thu Mar 1")
    }

    @Test func arabicDigitsAndRightToLeftColumns() throws {
        // ar-SA counts in Arabic-Indic digits; plain ar in Latin ones (CLDR's choice). Both are
        // right to left: the hour is right of the minute, the day period left of both.
        #expect(selected(try picker(#""mode": "time", "date": "2017-06-05 21:41""#, locale: "ar-SA")) == ["م", "٤١", "٩"])
        #expect(selected(try picker(#""mode": "time", "date": "2017-06-05 21:41""#, locale: "ar")) == ["م", "41", "9"])
        #expect(selected(try picker(#""mode": "date", "date": "2017-06-05""#, locale: "ar")) == ["2017", "يونيو", "5"])
    }

    @Test func statusBarTimeAndPercentageFollowTheLocale() throws {
        let bar = #"{"time": "21:41", "batteryLevel": 0.8}"#
        #expect(try statusBar(bar, locale: nil) == ["9:41", "80%"])
        #expect(try statusBar(bar, locale: "en-GB") == ["21:41", "80%"])
        #expect(try statusBar(bar, locale: "de-DE") == ["21:41", "80\u{A0}%"])
        #expect(try statusBar(bar, locale: "ja-JP") == ["21:41", "80%"])
        // A 12-hour clock without its day period, wherever the locale writes it.
        #expect(try statusBar(bar, locale: "ko-KR").first == "9:41")
        #expect(try statusBar(bar, locale: "ar-SA").first == "٩:٤١")
        #expect(try statusBar(#"{"time": "09:41"}"#, locale: "de-DE").first == "09:41")
        #expect(try statusBar(#"{"time": "09:41"}"#, locale: nil).first == "9:41")
        // Anything but a time of day is shown as given.
        for given in ["Now", "9:41 AM", "24:00", "9:7"] {
            #expect(try statusBar(#"{"time": "\#(given)"}"#, locale: "de-DE").first == given)
        }
    }
}

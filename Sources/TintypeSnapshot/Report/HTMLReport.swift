import Foundation

/// A self-contained HTML report of a test run (placeholder until the full report lands).
public enum HTMLReport {
    /// Writes the report folder and returns the path of its index.html.
    public static func write(_ entries: [ReportEntry], mode: RecordMode, to directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let index = directory + "/index.html"
        var html = "<!doctype html><meta charset=utf-8><title>Tintype report</title><ul>"
        for e in entries { html += "<li>\(e.status.rawValue) \(e.scene)</li>" }
        html += "</ul>"
        try Data(html.utf8).write(to: URL(fileURLWithPath: index), options: .atomic)
        return index
    }
}

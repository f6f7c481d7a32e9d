import Foundation
import Testing

/// The JSON Schema of scene files: generated from the decoder, committed, printed, and checked by
/// an independent validator (Python's jsonschema) against every scene in Snapshots/.
@Suite struct SchemaTests {
    let cli = CLITests()
    static let committedPath = CLITests.root + "/docs/scene.schema.json"

    func definitions(_ json: Data) throws -> [String: Set<String>] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let defs = try #require(root["$defs"] as? [String: Any])
        var out: [String: Set<String>] = [:]
        for (name, value) in defs {
            out[name] = Set(((value as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        return out
    }

    /// Every key the decoder reads is in the committed schema, and every key there is one the
    /// decoder reads; otherwise the message names the keys and says to run Scripts/schema.
    @Test func theCommittedSchemaIsTheDecoders() throws {
        let generated = try cli.run(["schema", "--generate", CLITests.root + "/Snapshots"])
        #expect(generated.status == 0, "every scene in Snapshots decodes: \(generated.stderr)")
        let committed = try Data(contentsOf: URL(fileURLWithPath: Self.committedPath))
        let decoder = try definitions(generated.stdout), schema = try definitions(committed)
        var drift: [String] = []
        for name in Set(decoder.keys).union(schema.keys).sorted() {
            let d = decoder[name] ?? [], s = schema[name] ?? []
            for k in d.subtracting(s).sorted() { drift.append("\(name).\(k): read by the decoder, missing from the schema") }
            for k in s.subtracting(d).sorted() { drift.append("\(name).\(k): in the schema, never read by the decoder") }
        }
        #expect(drift.isEmpty, "run Scripts/schema:\n" + drift.joined(separator: "\n"))
        #expect(generated.stdout == committed, "docs/scene.schema.json is not what Scripts/schema generates now; run it")
    }

    @Test func tintypeSchemaPrintsTheCommittedSchema() throws {
        let r = try cli.run(["schema"])
        #expect(r.status == 0)
        #expect(r.stdout == (try Data(contentsOf: URL(fileURLWithPath: Self.committedPath))), "the built-in copy is stale; run Scripts/schema")
    }

    @Test func aSceneMayNameTheSchema() throws {
        let scene = #"{ "$schema": "../docs/scene.schema.json", "device": "iPhone SE", "scale": 1, "root": { "view": { "backgroundColor": "white" } } }"#
        let r = try cli.run(["render", "-", "-o", "-"], stdin: Data(scene.utf8))
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Python's jsonschema validates every scene in Snapshots/ (comments and trailing commas, which
    /// scene files allow, are removed first), and rejects a scene with a misspelled key.
    @Test func everySceneValidatesWithAnIndependentValidator() throws {
        let script = #"""
        import json, pathlib, re, sys
        import jsonschema
        schema = json.loads(pathlib.Path(sys.argv[1]).read_text())
        validator = jsonschema.Draft202012Validator(schema)
        def strip(text):
            out, i, n, in_string = [], 0, len(text), False
            while i < n:
                c = text[i]
                if in_string:
                    out.append(c)
                    if c == '\\': out.append(text[i + 1]); i += 1
                    elif c == '"': in_string = False
                elif c == '"': in_string = True; out.append(c)
                elif text.startswith('//', i):
                    while i < n and text[i] != '\n': i += 1
                    continue
                elif text.startswith('/*', i):
                    i = text.index('*/', i) + 2; continue
                else: out.append(c)
                i += 1
            return re.sub(r',(\s*[}\]])', r'\1', ''.join(out))
        bad, count = [], 0
        for path in sorted(pathlib.Path(sys.argv[2]).rglob('*.json')):
            count += 1
            for e in validator.iter_errors(json.loads(strip(path.read_text()))):
                bad.append(f'{path}: {"/".join(map(str, e.absolute_path))}: {e.message}')
        wrong = {"device": "iPhone SE", "root": {"view": {"backgroundColour": "white"}}}
        rejected = not validator.is_valid(wrong)
        print(count, len(bad), rejected)
        print('\n'.join(bad[:20]))
        """#
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", script, Self.committedPath, CLITests.root + "/Snapshots"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "python3 with jsonschema (Scripts/setup installs python3-jsonschema): \(errors)")
        let first = text.split(separator: "\n").first?.split(separator: " ") ?? []
        #expect(first.count == 3 && Int(first[0]) ?? 0 > 100, "\(text)")
        #expect(first.count == 3 && first[1] == "0", "scenes the schema rejects:\n\(text)")
        #expect(first.count == 3 && first[2] == "True", "a misspelled key is rejected")
    }
}

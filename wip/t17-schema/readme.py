p='README.md'; s=open(p).read()
old='''## Scene files

A scene file is JSON; `//` and `/* */` comments and trailing commas are allowed. A complete example:
'''
new='''## Scene files

A scene file is JSON; `//` and `/* */` comments and trailing commas are allowed.

**Editor support.** [docs/scene.schema.json](docs/scene.schema.json) is a JSON Schema of the format,
generated from the decoder itself (`tintype schema` prints it; `Scripts/schema` regenerates it after
a property is added, and a test fails until someone does). To have VS Code complete and check scene
files as you type, add to the project's `.vscode/settings.json`:

```json
{
  "json.schemas": [{ "fileMatch": ["Snapshots/**/*.json"], "url": "./docs/scene.schema.json" }],
  "files.associations": { "Snapshots/**/*.json": "jsonc" }
}
```

(the second line lets VS Code accept the comments), or name the schema in a single file with
`"$schema": "../../docs/scene.schema.json"` (a path relative to the scene), which Tintype reads and
ignores. The test suite validates every scene in Snapshots/ against the schema with Python's
jsonschema, an independent validator.

A complete example:
'''
assert old in s; s=s.replace(old,new,1)
old='''docs/                   uikit-metrics.md: the UIKit numbers Tintype draws by (devices, colors, bars,
                        controls, tables, alerts, Dynamic Type, translucency, continuous corners)
'''
new='''docs/                   uikit-metrics.md: the UIKit numbers Tintype draws by (devices, colors, bars,
                        controls, tables, alerts, Dynamic Type, translucency, continuous corners);
                        scene.schema.json: the JSON Schema of scene files (Scripts/schema)
'''
assert old in s; s=s.replace(old,new,1)
open(p,'w').write(s)
p='Scripts/setup'; s=open(p).read()
old='''  fonts-dejavu-core   # text for headless Chromium's screenshot (recommends are skipped); renders never see it
'''
new='''  fonts-dejavu-core   # text for headless Chromium's screenshot (recommends are skipped); renders never see it
  python3-jsonschema  # the independent validator the schema test checks every scene with
'''
assert old in s; s=s.replace(old,new,1)
open(p,'w').write(s)
p='README.md'; s=open(p).read()
old='''`chromium` with `fonts-dejavu-core` for the HTML report's browser test)'''
new='''`chromium` with `fonts-dejavu-core` for the HTML report's browser test, `python3-jsonschema` for
the schema test)'''
assert old in s; s=s.replace(old,new,1)
open(p,'w').write(s)

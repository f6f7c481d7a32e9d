import TintypeModel

/// What decoding `json` reports (empty when it decodes): the one helper every decoding test uses.
func issues(_ json: String, file: String = "scene.json", base: String? = nil) -> [SceneIssue] {
    SceneDecoder.issues(decoding: json, file: file, baseDirectory: base)
}

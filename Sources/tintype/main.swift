// Why this module: the command line around the library. Each subcommand is a type that parses its
// arguments, validates them, then runs; errors print `Error: …`, the usage line and a hint, and the
// exit code says what happened (0 success, 1 a render or check failed, 64 bad usage).
import Foundation
import TintypeStoryboard

// A closed standard output is an error to report (EPIPE), not a signal that ends the process silently.
signal(SIGPIPE, SIG_IGN)

// Scene files may name a storyboard's scene ({"storyboard": "Main.storyboard", "scene": "Settings"}).
StoryboardImporter.registerWithSceneDecoder()

exit(Tool.main(Array(CommandLine.arguments.dropFirst()), commands: Tool.commands))

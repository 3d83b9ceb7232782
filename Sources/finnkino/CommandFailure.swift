/// A failure to report as one line (`Error: …`) and exit 1, without the usage text that
/// ArgumentParser prints for a `ValidationError` (which is for malformed arguments).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

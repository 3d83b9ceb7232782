import Foundation

/// Opens a song's page outside the app (`UIApplication.open` in the study): the web app answers
/// with a redirect, the terminal prints the address.
@MainActor
public protocol SongPageOpener: AnyObject {
    func open(_ url: URL)
}

/// An opener that remembers what it was asked to open: what the front ends read after a selection.
@MainActor
public final class RecordingPageOpener: SongPageOpener {
    public private(set) var opened: [URL] = []
    public init() {}
    public func open(_ url: URL) { opened.append(url) }
}

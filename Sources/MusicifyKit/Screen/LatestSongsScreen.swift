/// The latest-songs screen as the front ends see it, whatever its architecture: widgets to draw,
/// and the moment it appears (the screen then loads and fills its widgets).
@MainActor
public protocol LatestSongsScreen: AnyObject {
    /// The widgets this screen drives.
    var canvas: SongListCanvas { get }
    /// The screen appears (`viewDidLoad`): it loads the songs; returns when they are shown or an
    /// error is.
    func viewDidLoad() async
}

import Foundation

/// The font ffmpeg's `drawtext` filter writes with, named by its file: DejaVu Sans from Debian's
/// `fonts-dejavu-core` (`scripts/setup` installs it). With the file named, ffmpeg never asks
/// fontconfig, so which fonts a machine has, or how its fontconfig is set up, cannot change the
/// letters of a clip or an export (a machine without any configured font could not draw at all).
public enum FontFile {
    /// Where Debian's `fonts-dejavu-core` puts DejaVu Sans.
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// DejaVu Sans's path when the file is there.
    public static var dejaVuSans: String? {
        FileManager.default.isReadableFile(atPath: dejaVuSansPath) ? dejaVuSansPath : nil
    }
}

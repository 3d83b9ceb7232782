import AppPatterns
import ExternalPrograms

/// The ffmpeg command line that renders a composition in one pass: the trim as input seeking, the
/// turn, crop and texts as one video filter chain, the music mixed in or instead, one H.264 + AAC
/// encode. An argument array for `Process`, never a shell line; the texts are read by ffmpeg from
/// files (`textfile`, with `expansion=none`), so nothing a user types reaches the filter parser.
public enum FFmpegArguments {
    /// - Parameters:
    ///   - textFiles: one file per text of the composition, in order, holding exactly its text.
    ///   - output: the MP4 to write (overwritten).
    ///   - font: the font file the texts are drawn with; without one, ffmpeg asks fontconfig.
    public static func arguments(
        for composition: Composition, textFiles: [String], output: String, font: String? = FontFile.dejaVuSans
    ) -> [String] {
        precondition(textFiles.count == composition.texts.count, "one text file per text")
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        arguments += [
            "-ss", seconds(composition.trim.start), "-t", seconds(composition.duration),
        ]
        arguments += MediaPrograms.input(composition.source.path)
        if let music = composition.music {
            arguments += MediaPrograms.input(music.path, formats: MediaPrograms.audioFormats)
        }

        var video: [String] = []
        switch composition.rotation {
        case .none: break
        case .quarter: video.append("transpose=clock")
        case .half: video += ["hflip", "vflip"]
        case .threeQuarters: video.append("transpose=cclock")
        }
        if let crop = composition.crop {
            video.append("crop=\(crop.width):\(crop.height):\(crop.x):\(crop.y)")
        }
        for (overlay, file) in zip(composition.texts, textFiles) {
            video.append(drawText(overlay, file: file, font: font))
        }
        video.append("format=yuv420p")
        var graph = "[0:v]" + video.joined(separator: ",") + "[v]"
        var audioLabel: String?
        if let music = composition.music {
            let volume = "volume=\(seconds(music.volume))"
            if music.mode == .mix, composition.source.hasAudio {
                graph += ";[1:a]\(volume)[m];[0:a][m]amix=inputs=2:duration=first:normalize=0[a]"
            } else {
                graph += ";[1:a]\(volume),apad[a]"
            }
            audioLabel = "[a]"
        }
        arguments += ["-filter_complex", graph, "-map", "[v]"]
        if let audioLabel {
            arguments += ["-map", audioLabel]
        } else if composition.source.hasAudio {
            arguments += ["-map", "0:a"]
        }
        arguments += [
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-b:a", "128k",
            "-t", seconds(composition.duration), "-movflags", "+faststart",
            "-progress", "pipe:1", "-nostats", output,
        ]
        return arguments
    }

    /// One text: centred, at the top, middle or bottom, shown between its times. Every value here
    /// is ours (numbers, a colour checked to be #RRGGBB, our own file paths).
    static func drawText(_ overlay: TextOverlay, file: String, font: String?) -> String {
        let margin = "h*0.06"
        let y =
            switch overlay.position {
            case .top: margin
            case .center: "(h-text_h)/2"
            case .bottom: "h-text_h-\(margin)"
            }
        return "drawtext=textfile=\(file):expansion=none" + (font.map { ":fontfile=\($0)" } ?? "")
            + ":fontsize=\(overlay.size)"
            + ":fontcolor=0x\(overlay.colour.dropFirst()):borderw=2:bordercolor=black@0.6"
            + ":x=(w-text_w)/2:y=\(y)"
            + ":enable='between(t,\(seconds(overlay.time.start)),\(seconds(overlay.time.end)))'"
    }

    /// Seconds as ffmpeg reads them: plain decimal, milliseconds at most.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}

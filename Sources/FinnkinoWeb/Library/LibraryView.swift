import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// The video library: each export with its thumbnail frame, playable in place, downloadable and
/// deletable; and a way to edit a video of one's own.
enum LibraryView {
    static func page(_ videos: [LibraryVideo], layout: PageLayout) -> String {
        let words = layout.client.language.editor
        return layout.render(title: words.libraryTab, tab: .library, live: false) { html in
            html.raw("<h1>")
            html.text(words.libraryTab)
            html.raw("</h1>")
            if videos.isEmpty {
                html.raw("<p class=\"empty\">")
                html.text(words.libraryEmpty)
                html.raw("</p>")
            }
            html.raw("<ul class=\"library\">")
            for video in videos {
                html.raw("<li class=\"video\" id=\"video-\(video.id)\">")
                html.raw(
                    "<video class=\"player\" controls playsinline preload=\"none\" src=\"\(WebRoute.video(id: video.id).path)\" poster=\"\(WebRoute.thumbnail(id: video.id).path)\" width=\"\(video.size.width)\" height=\"\(video.size.height)\"></video>"
                )
                html.raw("<div class=\"video-text\"><strong>")
                html.text(video.title)
                html.raw("</strong><span class=\"facts\">")
                html.text(
                    "\(TimeRange.seconds(video.duration)) s · \(video.size) · \(megabytes(video.bytes)) · \(words.made) "
                        + DisplayFormat(strings: layout.client.strings).date(
                            HelsinkiTime.localDate(of: video.createdAt)))
                html.raw("</span>")
                if !video.edits.isEmpty {
                    html.raw("<span class=\"edits\">")
                    html.text(video.edits.joined(separator: " · "))
                    html.raw("</span>")
                }
                html.raw(
                    "<div class=\"video-actions\"><a class=\"button\" href=\"\(WebRoute.video(id: video.id).path)?download=1\" download>"
                )
                html.text(words.download)
                html.raw("</a><form method=\"post\" action=\"\(WebRoute.deleteVideo(id: video.id).path)\">")
                PageLayout.formFields(client: layout.client, back: WebRoute.library.path, into: &html)
                html.raw("<button type=\"submit\" class=\"remove\" aria-label=\"")
                html.text(words.delete + ": " + video.title)
                html.raw("\">")
                html.text(words.delete)
                html.raw("</button></form></div></div></li>")
            }
            html.raw("</ul><section class=\"upload\"><h2>")
            html.text(words.openFile)
            html.raw("</h2><label class=\"button\" for=\"upload-file\">")
            html.text(words.chooseFile)
            html.raw(
                "</label><input type=\"file\" id=\"upload-file\" data-url=\"\(WebRoute.upload.path)\" accept=\"video/*,.mp4,.mov,.mkv,.webm\" data-csrf=\""
            )
            html.text(layout.client.csrf.value)
            html.raw("\" data-failed=\"")
            html.text(words.uploadFailed)
            html.raw(
                "\" hidden><progress id=\"upload-progress\" max=\"100\" value=\"0\" hidden></progress><noscript><p>")
            html.text(words.needsScript)
            html.raw("</p></noscript></section>")
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (Double(bytes) / 100_000).rounded()
        return tenths < 10 ? "\(max(1, Int64(bytes) / 1000)) kB" : "\(tenths / 10) MB"
    }
}

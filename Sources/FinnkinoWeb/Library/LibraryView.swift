import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The video library: each export with its thumbnail frame, playable in place, downloadable and
/// deletable; and a way to edit a video of one's own.
enum LibraryView {
    static func page(_ videos: [LibraryVideo], layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.editor
        return layout.render(title: words.libraryTab, tab: .library, live: false) { html in
            html.element("h1", text: words.libraryTab)
            if videos.isEmpty {
                html.element("p", .class("empty"), text: words.libraryEmpty)
            }
            html.element("ul", .class("library")) { html in
                for video in videos {
                    html.element("li", .class("video"), .id("video-\(video.id)")) { html in
                        html.element(
                            "video", .class("player"), .flag("controls"), .flag("playsinline"),
                            .attribute("preload", "none"), .src(WebRoute.video(id: video.id).path),
                            .attribute("poster", WebRoute.thumbnail(id: video.id).path),
                            .attribute("width", video.size.width), .attribute("height", video.size.height)
                        ) { _ in }
                        html.element("div", .class("video-text")) { html in
                            html.element("strong", text: video.title)
                            let made = DisplayFormat(strings: layout.client.strings).date(
                                HelsinkiTime.localDate(of: video.createdAt))
                            html.element(
                                "span", .class("facts"),
                                text: "\(TimeRange.seconds(video.duration)) s · \(video.size) · "
                                    + "\(megabytes(video.bytes)) · \(words.made) " + made)
                            if !video.edits.isEmpty {
                                html.element("span", .class("edits"), text: video.edits.joined(separator: " · "))
                            }
                            html.element("div", .class("video-actions")) { html in
                                html.element(
                                    "a", .class("button"), .href("\(WebRoute.video(id: video.id).path)?download=1"),
                                    .flag("download"), text: words.download)
                                html.element(
                                    "form", .method("post"),
                                    .action(WebRoute.deleteVideo(id: video.id).path)
                                ) { html in
                                    PageLayout.formFields(
                                        client: layout.client, back: WebRoute.library.path, into: &html)
                                    html.element(
                                        "button", .type("submit"), .class("remove"),
                                        .ariaLabel(words.delete + ": " + video.title), text: words.delete)
                                }
                            }
                        }
                    }
                }
            }
            html.element("section", .class("upload")) { html in
                html.element("h2", text: words.openFile)
                html.element("label", .class("button"), .for("upload-file"), text: words.chooseFile)
                html.voidElement(
                    "input", .type("file"), .id("upload-file"), .attribute("data-url", WebRoute.upload.path),
                    .attribute("accept", "video/*,.mp4,.mov,.mkv,.webm"),
                    .attribute("data-csrf", layout.client.csrf.value), .attribute("data-failed", words.uploadFailed),
                    .flag("hidden"))
                html.element(
                    "progress", .id("upload-progress"), .attribute("max", 100), .value(0), .flag("hidden")
                ) { _ in }
                html.element("noscript") { html in
                    html.element("p", text: words.needsScript)
                }
            }
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (Double(bytes) / 100_000).rounded()
        return tenths < 10 ? "\(max(1, Int64(bytes) / 1000)) kB" : "\(tenths / 10) MB"
    }
}

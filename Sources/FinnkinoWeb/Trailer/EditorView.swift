import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The trailer editor: the clip, what the edits make of it, the list of edits with undo and
/// redo, a form per edit command, and the export with its progress bar.
///
/// Every form posts to `/editor/<id>/edit` and comes back here (the page works without a script;
/// app.js then only follows the export's progress live). While an export runs without a script,
/// the page reloads itself every second.
enum EditorView {
    static func page(
        _ session: EditorSessions.Session, export: EditorSessions.Export, tunes: [BundledMedia.Tune],
        layout: PageLayout
    ) -> SafeHTML {
        let strings = layout.client.strings
        let words = layout.client.language.editor
        let composition = session.menu.composition
        let id = session.id
        return layout.render(title: words.editing + ": " + composition.source.title, tab: .library, live: false) {
            html in
            html.element("h1", text: words.editing + ": " + composition.source.title)
            html.element("div", .class("editor")) { html in
                html.element("div", .class("editor-preview")) { html in
                    html.element(
                        "video", .id("source"), .class("player"), .flag("controls"), .flag("playsinline"),
                        .attribute("preload", "metadata"), .src(WebRoute.editorSource(session: id).path)
                    ) { _ in }
                    html.element(
                        "p", .id("composition"), .class("composition"),
                        text: "\(words.length) \(TimeRange.seconds(composition.duration)) s · "
                            + "\(words.frame) \(composition.outputSize)")
                    exportSection(session, export: export, words: words, layout: layout, into: &html)
                    html.element("h2", text: words.edits)
                    let edits = session.menu.edits
                    if edits.isEmpty {
                        html.element("p", .id("edits"), .class("empty"), text: words.noEdits)
                    } else {
                        html.element("ol", .id("edits")) { html in
                            for edit in edits {
                                html.element("li", text: words.summary(edit))
                            }
                        }
                    }
                    html.element("div", .class("history")) { html in
                        if session.menu.canUndo {
                            button("undo", strings.undo, session: id, layout: layout, into: &html)
                        }
                        if session.menu.canRedo {
                            button("redo", strings.redo, session: id, layout: layout, into: &html)
                        }
                    }
                }
                html.element("div", .class("editor-tools")) { html in
                    tools(composition, tunes: tunes, words: words, session: id, layout: layout, into: &html)
                }
            }
        }
    }

    private static func exportSection(
        _ session: EditorSessions.Session, export: EditorSessions.Export, words: EditorStrings, layout: PageLayout,
        into html: inout HTMLWriter
    ) {
        html.element(
            "section", .id("export"), .class("export"),
            .attribute("data-status", session.exportJob.map { WebRoute.exportJob(id: $0).path })
        ) { html in
            switch export {
            case .running(let share):
                let percent = Int((share * 100).rounded(.down))
                html.element("noscript") { html in
                    html.voidElement("meta", .attribute("http-equiv", "refresh"), .attribute("content", "1"))
                }
                html.element("p") { html in
                    html.text(words.exporting)
                    html.text(" ")
                    html.element("span", .id("export-percent"), text: "\(percent) %")
                }
                html.element("progress", .id("export-progress"), .attribute("max", 100), .value(percent)) { _ in }
                form(WebRoute.cancelExport(session: session.id).path, layout: layout, into: &html) { html in
                    html.element("button", .type("submit"), .id("cancel-export"), text: words.cancel)
                }
            case .idle, .done, .failed, .cancelled:
                switch export {
                case .done(let videoID):
                    html.element("p", .class("flash"), .role("status")) { html in
                        html.text(words.done)
                        html.text(" ")
                        html.element(
                            "a", .id("exported"), .href("\(WebRoute.library.path)#video-\(videoID)"),
                            text: words.libraryTab)
                    }
                case .failed(let reason):
                    html.element("p", .class("error"), .role("alert"), text: words.exportFailed + ": " + reason)
                case .cancelled:
                    html.element("p", .class("notice"), text: words.exportCancelled)
                default: break
                }
                form(WebRoute.startExport(session: session.id).path, layout: layout, into: &html) { html in
                    html.element("button", .type("submit"), .id("start-export"), .class("primary"), text: words.export)
                }
            }
        }
    }

    private static func tools(
        _ composition: Composition, tunes: [BundledMedia.Tune], words: EditorStrings, session: String,
        layout: PageLayout, into html: inout HTMLWriter
    ) {
        let edit = WebRoute.edit(session: session).path
        let length = TimeRange.seconds(composition.source.duration)
        // Trim
        fieldset("trim", words.trim, submit: words.apply, edit: edit, layout: layout, into: &html) { html in
            number("start", words.start, value: TimeRange.seconds(composition.trim.start), step: "0.1", into: &html)
            number(
                "end", words.end, value: TimeRange.seconds(composition.trim.end), step: "0.1", max: length, into: &html)
        }
        // Rotate: one button per turn
        html.element("form", .method("post"), .action(edit), .class("tool"), .id("tool-rotate")) {
            html in
            PageLayout.formFields(client: layout.client, back: WebRoute.editor(session: session).path, into: &html)
            html.voidElement("input", .type("hidden"), .name("edit"), .value("rotate"))
            html.element("fieldset") { html in
                html.element("legend", text: words.rotate)
                html.element("div", .class("choices")) { html in
                    for turn in [Rotation.quarter, .half, .threeQuarters] {
                        html.element(
                            "button", .type("submit"), .name("degrees"), .value(turn.rawValue),
                            text: "\(turn.rawValue)°")
                    }
                }
            }
        }
        // Crop
        let frame = composition.rotatedSize
        let current = composition.crop ?? CropRect(x: 0, y: 0, width: frame.width, height: frame.height)
        fieldset("crop", words.crop, submit: words.apply, edit: edit, layout: layout, into: &html) { html in
            html.element("p", .class("hint"), text: words.cropHint(frame.description))
            html.element("div", .class("grid")) { html in
                number("x", words.left, value: String(current.x), step: "2", into: &html)
                number("y", words.top, value: String(current.y), step: "2", into: &html)
                number("width", words.width, value: String(current.width), step: "2", into: &html)
                number("height", words.height, value: String(current.height), step: "2", into: &html)
            }
        }
        // Text
        fieldset("text", words.text, submit: words.add, edit: edit, layout: layout, into: &html) { html in
            html.element("label") { html in
                html.text(words.text)
                html.voidElement(
                    "input", .type("text"), .name("text"), .attribute("maxlength", AddText.longest), .flag("required"),
                    .attribute("autocomplete", "off"))
            }
            html.element("label") { html in
                html.text(words.position)
                html.element("select", .name("position")) { html in
                    for position in TextOverlay.Position.allCases {
                        html.element(
                            "option", .value(position.rawValue), .flag("selected", position == .bottom),
                            text: words.positions[position] ?? position.rawValue)
                    }
                }
            }
            html.element("div", .class("grid")) { html in
                number("size", words.size, value: "32", step: "1", into: &html)
                html.element("label") { html in
                    html.text(words.colour)
                    html.voidElement("input", .type("color"), .name("colour"), .value("#ffffff"))
                }
                number("from", words.start, value: "0", step: "0.1", into: &html)
                number("to", words.end, value: TimeRange.seconds(composition.duration), step: "0.1", into: &html)
            }
        }
        // Music
        fieldset("music", words.music, submit: words.add, edit: edit, layout: layout, into: &html) { html in
            html.element("label") { html in
                html.text(words.tune)
                html.element("select", .name("tune")) { html in
                    for tune in tunes {
                        html.element("option", .value(tune.name), text: tune.name)
                    }
                }
            }
            html.element("label", .class("check")) { html in
                html.voidElement("input", .type("radio"), .name("mode"), .value("mix"), .flag("checked"))
                html.text(words.mix)
            }
            html.element("label", .class("check")) { html in
                html.voidElement("input", .type("radio"), .name("mode"), .value("replace"))
                html.text(words.replace)
            }
            number("volume", words.volume, value: "80", step: "5", max: "100", into: &html)
        }
    }

    /// A form that posts to `action` and comes back to this page, with what `content` writes in it.
    private static func form(
        _ action: String, layout: PageLayout, into html: inout HTMLWriter, content: (inout HTMLWriter) -> Void
    ) {
        html.element("form", .method("post"), .action(action)) { html in
            PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
            content(&html)
        }
    }

    private static func button(
        _ name: String, _ label: String, session: String, layout: PageLayout, into html: inout HTMLWriter
    ) {
        html.element("form", .method("post"), .action(WebRoute.edit(session: session).path)) { html in
            PageLayout.formFields(client: layout.client, back: WebRoute.editor(session: session).path, into: &html)
            html.element(
                "button", .type("submit"), .name("edit"), .value(name), .attribute("data-action", name), text: label)
        }
    }

    /// A tool's form: its fieldset with `legend`, the fields `content` writes, and the button
    /// labelled `submit`.
    private static func fieldset(
        _ name: String, _ legend: String, submit: String, edit: String, layout: PageLayout,
        into html: inout HTMLWriter, content: (inout HTMLWriter) -> Void
    ) {
        html.element("form", .method("post"), .action(edit), .class("tool"), .id("tool-" + name)) {
            html in
            PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
            html.voidElement("input", .type("hidden"), .name("edit"), .value(name))
            html.element("fieldset") { html in
                html.element("legend", text: legend)
                content(&html)
                html.element("button", .type("submit"), text: submit)
            }
        }
    }

    private static func number(
        _ name: String, _ label: String, value: String, step: String, max: String? = nil, into html: inout HTMLWriter
    ) {
        html.element("label") { html in
            html.text(label)
            html.voidElement(
                "input", .type("number"), .name(name), .value(value), .attribute("step", step),
                .attribute("min", "0"), .attribute("max", max), .attribute("inputmode", "decimal"),
                .flag("required"))
        }
    }
}

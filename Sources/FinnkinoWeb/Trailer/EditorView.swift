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
    ) -> String {
        let strings = layout.client.strings
        let words = layout.client.language.editor
        let composition = session.menu.composition
        let id = session.id
        return layout.render(title: words.editing + ": " + composition.source.title, tab: .library, live: false) {
            html in
            html.raw("<h1>")
            html.text(words.editing + ": " + composition.source.title)
            html.raw("</h1><div class=\"editor\"><div class=\"editor-preview\">")
            html.raw(
                "<video id=\"source\" class=\"player\" controls playsinline preload=\"metadata\" src=\"\(WebRoute.editorSource(session: id).path)\"></video>"
            )
            html.raw("<p id=\"composition\" class=\"composition\">")
            html.text(
                "\(words.length) \(TimeRange.seconds(composition.duration)) s · \(words.frame) \(composition.outputSize)"
            )
            html.raw("</p>")
            exportSection(session, export: export, words: words, layout: layout, into: &html)
            html.raw("<h2>")
            html.text(words.edits)
            html.raw("</h2>")
            let edits = session.menu.edits
            if edits.isEmpty {
                html.raw("<p id=\"edits\" class=\"empty\">")
                html.text(words.noEdits)
                html.raw("</p>")
            } else {
                html.raw("<ol id=\"edits\">")
                for edit in edits {
                    html.raw("<li>")
                    html.text(words.summary(edit))
                    html.raw("</li>")
                }
                html.raw("</ol>")
            }
            html.raw("<div class=\"history\">")
            if session.menu.canUndo { button("undo", strings.undo, session: id, layout: layout, into: &html) }
            if session.menu.canRedo { button("redo", strings.redo, session: id, layout: layout, into: &html) }
            html.raw("</div>")
            html.raw("</div><div class=\"editor-tools\">")
            tools(composition, tunes: tunes, words: words, session: id, layout: layout, into: &html)
            html.raw("</div></div>")
        }
    }

    private static func exportSection(
        _ session: EditorSessions.Session, export: EditorSessions.Export, words: EditorStrings, layout: PageLayout,
        into html: inout HTMLWriter
    ) {
        html.raw("<section id=\"export\" class=\"export\"")
        if let job = session.exportJob { html.raw(" data-status=\"\(WebRoute.exportJob(id: job).path)\"") }
        html.raw(">")
        switch export {
        case .running(let share):
            let percent = Int((share * 100).rounded(.down))
            html.raw("<noscript><meta http-equiv=\"refresh\" content=\"1\"></noscript><p>")
            html.text(words.exporting)
            html.raw(
                " <span id=\"export-percent\">\(percent) %</span></p><progress id=\"export-progress\" max=\"100\" value=\"\(percent)\"></progress>"
            )
            form(WebRoute.cancelExport(session: session.id).path, layout: layout, into: &html)
            html.raw("<button type=\"submit\" id=\"cancel-export\">")
            html.text(words.cancel)
            html.raw("</button></form>")
        case .idle, .done, .failed, .cancelled:
            switch export {
            case .done(let videoID):
                html.raw("<p class=\"flash\" role=\"status\">")
                html.text(words.done)
                html.raw(" <a id=\"exported\" href=\"\(WebRoute.library.path)#video-\(videoID)\">")
                html.text(words.libraryTab)
                html.raw("</a></p>")
            case .failed(let reason):
                html.raw("<p class=\"error\" role=\"alert\">")
                html.text(words.exportFailed + ": " + reason)
                html.raw("</p>")
            case .cancelled:
                html.raw("<p class=\"notice\">")
                html.text(words.exportCancelled)
                html.raw("</p>")
            default: break
            }
            form(WebRoute.startExport(session: session.id).path, layout: layout, into: &html)
            html.raw("<button type=\"submit\" id=\"start-export\" class=\"primary\">")
            html.text(words.export)
            html.raw("</button></form>")
        }
        html.raw("</section>")
    }

    private static func tools(
        _ composition: Composition, tunes: [BundledMedia.Tune], words: EditorStrings, session: String,
        layout: PageLayout, into html: inout HTMLWriter
    ) {
        let edit = WebRoute.edit(session: session).path
        let length = TimeRange.seconds(composition.source.duration)
        // Trim
        fieldset("trim", words.trim, edit: edit, layout: layout, into: &html)
        number("start", words.start, value: TimeRange.seconds(composition.trim.start), step: "0.1", into: &html)
        number("end", words.end, value: TimeRange.seconds(composition.trim.end), step: "0.1", max: length, into: &html)
        submit(words.apply, into: &html)
        // Rotate: one button per turn
        html.raw("<form method=\"post\" action=\"\(edit)\" class=\"tool\" id=\"tool-rotate\">")
        PageLayout.formFields(client: layout.client, back: WebRoute.editor(session: session).path, into: &html)
        html.raw("<input type=\"hidden\" name=\"edit\" value=\"rotate\"><fieldset><legend>")
        html.text(words.rotate)
        html.raw("</legend><div class=\"choices\">")
        for turn in [Rotation.quarter, .half, .threeQuarters] {
            html.raw("<button type=\"submit\" name=\"degrees\" value=\"\(turn.rawValue)\">\(turn.rawValue)°</button>")
        }
        html.raw("</div></fieldset></form>")
        // Crop
        let frame = composition.rotatedSize
        let current = composition.crop ?? CropRect(x: 0, y: 0, width: frame.width, height: frame.height)
        fieldset("crop", words.crop, edit: edit, layout: layout, into: &html)
        html.raw("<p class=\"hint\">")
        html.text(words.cropHint(frame.description))
        html.raw("</p><div class=\"grid\">")
        number("x", words.left, value: String(current.x), step: "2", into: &html)
        number("y", words.top, value: String(current.y), step: "2", into: &html)
        number("width", words.width, value: String(current.width), step: "2", into: &html)
        number("height", words.height, value: String(current.height), step: "2", into: &html)
        html.raw("</div>")
        submit(words.apply, into: &html)
        // Text
        fieldset("text", words.text, edit: edit, layout: layout, into: &html)
        html.raw("<label>")
        html.text(words.text)
        html.raw(
            "<input type=\"text\" name=\"text\" maxlength=\"\(AddText.longest)\" required autocomplete=\"off\"></label><label>"
        )
        html.text(words.position)
        html.raw("<select name=\"position\">")
        for position in TextOverlay.Position.allCases {
            html.raw("<option value=\"\(position.rawValue)\"\(position == .bottom ? " selected" : "")>")
            html.text(words.positions[position] ?? position.rawValue)
            html.raw("</option>")
        }
        html.raw("</select></label><div class=\"grid\">")
        number("size", words.size, value: "32", step: "1", into: &html)
        html.raw("<label>")
        html.text(words.colour)
        html.raw("<input type=\"color\" name=\"colour\" value=\"#ffffff\"></label>")
        number("from", words.start, value: "0", step: "0.1", into: &html)
        number("to", words.end, value: TimeRange.seconds(composition.duration), step: "0.1", into: &html)
        html.raw("</div>")
        submit(words.add, into: &html)
        // Music
        fieldset("music", words.music, edit: edit, layout: layout, into: &html)
        html.raw("<label>")
        html.text(words.tune)
        html.raw("<select name=\"tune\">")
        for tune in tunes {
            html.raw("<option value=\"")
            html.text(tune.name)
            html.raw("\">")
            html.text(tune.name)
            html.raw("</option>")
        }
        html.raw("</select></label><label class=\"check\"><input type=\"radio\" name=\"mode\" value=\"mix\" checked>")
        html.text(words.mix)
        html.raw("</label><label class=\"check\"><input type=\"radio\" name=\"mode\" value=\"replace\">")
        html.text(words.replace)
        html.raw("</label>")
        number("volume", words.volume, value: "80", step: "5", max: "100", into: &html)
        submit(words.add, into: &html)
    }

    private static func form(_ action: String, layout: PageLayout, into html: inout HTMLWriter) {
        html.raw("<form method=\"post\" action=\"\(action)\">")
        PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
    }

    private static func button(
        _ name: String, _ label: String, session: String, layout: PageLayout, into html: inout HTMLWriter
    ) {
        html.raw("<form method=\"post\" action=\"\(WebRoute.edit(session: session).path)\">")
        PageLayout.formFields(client: layout.client, back: WebRoute.editor(session: session).path, into: &html)
        html.raw("<button type=\"submit\" name=\"edit\" value=\"\(name)\" data-action=\"\(name)\">")
        html.text(label)
        html.raw("</button></form>")
    }

    /// Opens a tool's form; `submit` closes it.
    private static func fieldset(
        _ name: String, _ legend: String, edit: String, layout: PageLayout, into html: inout HTMLWriter
    ) {
        html.raw("<form method=\"post\" action=\"\(edit)\" class=\"tool\" id=\"tool-\(name)\">")
        PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
        html.raw("<input type=\"hidden\" name=\"edit\" value=\"\(name)\"><fieldset><legend>")
        html.text(legend)
        html.raw("</legend>")
    }

    private static func submit(_ label: String, into html: inout HTMLWriter) {
        html.raw("<button type=\"submit\">")
        html.text(label)
        html.raw("</button></fieldset></form>")
    }

    private static func number(
        _ name: String, _ label: String, value: String, step: String, max: String? = nil, into html: inout HTMLWriter
    ) {
        html.raw("<label>")
        html.text(label)
        html.raw("<input type=\"number\" name=\"\(name)\" value=\"\(value)\" step=\"\(step)\" min=\"0\"")
        if let max { html.raw(" max=\"\(max)\"") }
        html.raw(" inputmode=\"decimal\" required></label>")
    }
}

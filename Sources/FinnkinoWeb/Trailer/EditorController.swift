import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The editor:
///
/// - `POST /editor` (`movie=<id>`): opens an editing session of the movie's clip, then
///   `GET /editor/<session>`; `…/source.mp4` is what it edits.
/// - `PUT /editor/upload?name=<file>`: a video of the person's own (the page's script sends it,
///   with the CSRF token in `X-CSRF-Token`); answers `{"location": "/editor/<session>"}`, or
///   `{"error": "…"}` when it is not a video.
/// - `POST /editor/<session>/edit` (`edit=trim|rotate|crop|text|music|undo|redo`), `…/export`,
///   `…/cancel`. The export is a job (``ExportJobs``) that any instance may run: `GET
///   /exports/<job>` is its state as JSON, which the page follows through any instance. A
///   finished export is in the person's library (``LibraryController``).
struct EditorController: Sendable {
    /// The largest file a person can send to edit.
    static let maxUploadBytes = 512 << 20

    let sessions: EditorSessions
    let clips: TrailerClips
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.openEditor) { _, context in
            guard let id = context.form["movie"].flatMap({ Int($0) }) else { throw HTTPError(.badRequest) }
            let client = context.client
            let (movie, file) = try await clips.clip(id, client: client)
            let source: VideoSource
            do {
                source = try await VideoProbe.source(file.path, title: movie.title)
            } catch {
                context.changeFailed()
                return ClientState.redirect(to: WebRoute.trailer(movie: id).path, flash: String(describing: error))
            }
            do {
                return Response.redirect(
                    to: WebRoute.editor(
                        session: try sessions.open(source, for: client.person, client: context.clientAddress.key)
                    ).path, type: .normal)
            } catch {
                LimitHit.editorSessions.count()
                context.changeFailed()
                return ClientState.redirect(
                    to: WebRoute.trailer(movie: id).path, flash: client.language.editor.serverFull)
            }
        }
        routes.on(.upload) { request, context in try await upload(request, context) }
        routes.on(.editor) { _, context in
            let client = context.client
            let session = try session(context)
            let path = WebRoute.editor(session: session.id).path
            return renderer.page(
                EditorView.page(
                    session, export: sessions.export(session.exportJob, of: client.person), tunes: clips.tunes,
                    layout: renderer.layout(client, path: path)),
                client: client)
        }
        routes.on(.editorSource) { request, context in
            let session = try session(context)
            return try await VideoFile.response(
                URL(fileURLWithPath: session.menu.composition.source.path), contentType: "video/mp4", request: request,
                context: context)
        }
        routes.on(.edit) { _, context in
            let client = context.client
            let session = try session(context)
            var message: String?
            do {
                let step = try sessions.edit(session.id, of: client.person) { (menu) throws(EditError) in
                    try Self.apply(context.form, to: &menu, media: clips.media)
                }
                message = step.flatMap { $0 }.map {
                    Self.message($0, strings: client.strings, words: client.language.editor)
                }
            } catch {
                message = String(describing: error)
            }
            return ClientState.redirect(to: WebRoute.editor(session: session.id).path, flash: message)
        }
        routes.on(.startExport) { _, context in
            let session = try session(context)
            let words = context.client.language.editor
            do {
                try sessions.startExport(session.id, of: context.person, words: words)
            } catch let refusal as EditorSessions.ExportRefusal {
                switch refusal {
                case .notFound: throw HTTPError(.notFound, message: words.sessionGone)
                case .busy:
                    return ClientState.redirect(to: WebRoute.editor(session: session.id).path, flash: words.exportBusy)
                case .libraryFull:
                    let full = words.libraryFull(String(VideoLibraryLimits.perPerson))
                    return ClientState.redirect(to: WebRoute.editor(session: session.id).path, flash: full)
                case .unavailable: throw HTTPError(.serviceUnavailable)
                }
            }
            return Response.redirect(to: WebRoute.editor(session: session.id).path, type: .normal)
        }
        routes.on(.cancelExport) { _, context in
            let session = try session(context)
            sessions.cancelExport(session.id, of: context.person)
            return Response.redirect(to: WebRoute.editor(session: session.id).path, type: .normal)
        }
        routes.on(.exportJob) { _, context in
            guard let id = context.parameters.get("job").flatMap({ Int64($0) }) else { throw HTTPError(.notFound) }
            let job: ExportJob?
            do {
                job = try sessions.jobs.job(id, of: context.person)
            } catch {
                throw HTTPError(.serviceUnavailable)
            }
            // Someone else's job is as if it did not exist.
            guard let job else { throw HTTPError(.notFound) }
            return json(Self.state(EditorSessions.export(job)))
        }
    }

    /// An undo or redo of the editor's history, and what it was about.
    enum HistoryStep: Equatable {
        /// `nil`: there was nothing to undo (or redo).
        case undo(EditCommand?)
        case redo(EditCommand?)
    }

    /// What an undo or redo tells the person: `Kumottu: Käännä 90°`.
    static func message(_ step: HistoryStep, strings: UIStrings, words: EditorStrings) -> String {
        switch step {
        case .undo(let edit?): return strings.undone(words.summary(edit))
        case .undo(nil): return strings.nothingToUndo
        case .redo(let edit?): return strings.redone(words.summary(edit))
        case .redo(nil): return strings.nothingToRedo
        }
    }

    /// Applies one posted edit (or undo, redo) to the menu; for an undo or redo, which it was.
    @discardableResult
    static func apply(
        _ form: FormBody, to menu: inout EditMenu, media: BundledMedia?
    ) throws(EditError) -> HistoryStep? {
        func number(_ name: String) throws(EditError) -> Double {
            guard let text = form[name], let value = Double(text.replacingOccurrences(of: ",", with: ".")),
                value.isFinite
            else { throw EditError("\(name) must be a number") }
            return value
        }
        func whole(_ name: String) throws(EditError) -> Int {
            let value = try number(name)
            guard value == value.rounded(), abs(value) < 1_000_000 else {
                throw EditError("\(name) must be a whole number")
            }
            return Int(value)
        }
        switch form["edit"] {
        case "trim": try menu.trim(TimeRange(start: try number("start"), end: try number("end")))
        case "rotate":
            guard let degrees = form["degrees"].flatMap({ Int($0) }), let turn = Rotation(rawValue: degrees),
                turn != .none
            else { throw EditError("Rotate by 90, 180 or 270 degrees.") }
            try menu.rotate(turn)
        case "crop":
            try menu.crop(
                CropRect(x: try whole("x"), y: try whole("y"), width: try whole("width"), height: try whole("height")))
        case "text":
            guard let position = form["position"].flatMap(TextOverlay.Position.init(rawValue:)) else {
                throw EditError("The text's position is top, center or bottom.")
            }
            try menu.addText(
                TextOverlay(
                    text: form["text"] ?? "", position: position, size: try whole("size"),
                    colour: (form["colour"] ?? "").uppercased(),
                    time: TimeRange(start: try number("from"), end: try number("to"))))
        case "music":
            guard let name = form["tune"], let tune = media?.tune(named: name) else {
                throw EditError("Choose one of the tunes.")
            }
            guard let mode = form["mode"].flatMap(MusicTrack.Mode.init(rawValue:)) else {
                throw EditError("Mix the music with the sound or replace it.")
            }
            try menu.addMusic(
                MusicTrack(path: tune.file.path, name: tune.name, mode: mode, volume: try number("volume") / 100))
        case "undo": return .undo(menu.undo())
        case "redo": return .redo(menu.redo())
        default: throw EditError("Unknown edit.")
        }
        return nil
    }

    /// The person's editing session the address names; 404 for anyone else's.
    private func session(_ context: PageRequestContext) throws -> EditorSessions.Session {
        guard let id = context.parameters.get("session"), let session = sessions.session(id, of: context.person) else {
            throw HTTPError(.notFound, message: context.client.language.editor.sessionGone)
        }
        return session
    }

    /// `PUT /editor/upload`: the body is the file; kept in the uploads folder while it is edited.
    /// (``CSRFMiddleware`` checked its `X-CSRF-Token` and left the body streaming.)
    private func upload(_ request: Request, _ context: PageRequestContext) async throws -> Response {
        let client = context.client
        let name = request.query(UploadQuery.self).name
        let ext = URL(fileURLWithPath: name).pathExtension.lowercased().filter { $0.isLetter || $0.isNumber }
        try FileManager.default.createDirectory(at: sessions.uploads, withIntermediateDirectories: true)
        let file = sessions.uploads.appendingPathComponent(UUID().uuidString + (ext.isEmpty ? "" : "." + ext.prefix(8)))
        // One client sends at most a few files at once, and everyone's together stay under the
        // server's total (``EditorSessions/maxUploadBytesTotal``): past it, the server is full.
        guard let receipt = sessions.receiveUpload(from: context.clientAddress.key) else {
            context.changeFailed()
            return json(["error": client.language.editor.serverFull])
        }
        defer { receipt.finish() }
        do {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw HTTPError(.internalServerError)
            }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var written = 0
            for try await buffer in request.body {
                written += buffer.readableBytes
                guard written <= Self.maxUploadBytes else {
                    LimitHit.uploadSize.count()
                    throw HTTPError(.contentTooLarge)
                }
                guard receipt.add(buffer.readableBytes) else { throw EditorSessions.ServerFull() }
                try handle.write(contentsOf: Data(buffer: buffer))
            }
            let title = String(URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent.prefix(100))
            let source = try await VideoProbe.source(file.path, title: title.isEmpty ? "video" : title)
            return json([
                "location": WebRoute.editor(
                    session: try sessions.open(
                        source, upload: file, uploadName: String(name.prefix(100)), uploadBytes: written,
                        for: client.person, client: context.clientAddress.key)
                ).path
            ])
        } catch is EditorSessions.ServerFull {
            LimitHit.editorSessions.count()
            try? FileManager.default.removeItem(at: file)
            context.changeFailed()
            return json(["error": client.language.editor.serverFull])
        } catch {
            try? FileManager.default.removeItem(at: file)
            context.changeFailed()
            let words = client.language.editor
            // Answered 200 with the refusal in words, which the page shows: a 4xx would also
            // put an error in the browser's console for a file the person merely chose wrongly.
            return json(["error": words.uploadFailed])
        }
    }

    static func state(_ export: EditorSessions.Export) -> [String: String] {
        switch export {
        case .idle: ["state": "idle"]
        case .running(let share): ["state": "running", "percent": String(Int((share * 100).rounded(.down)))]
        case .done(let videoID):
            ["state": "done", "video": String(videoID), "library": WebRoute.library.path + "#video-\(videoID)"]
        case .failed(let reason): ["state": "failed", "message": reason]
        case .cancelled: ["state": "cancelled"]
        }
    }

    private func json(_ value: [String: String]) -> Response { JSONAnswer.response(value) }
}

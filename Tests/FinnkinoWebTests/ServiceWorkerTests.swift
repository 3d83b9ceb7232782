import Foundation
import Hummingbird
import Testing
import WebSupport

@testable import FinnkinoWeb

/// The app without a connection, on the server's side: the service worker's script with its
/// release's version, the policy that lets exactly it run, and the offline page. (What the worker
/// does in a browser is `Tests/Browser/test_offline.py`.)
@Suite struct ServiceWorkerTests {
    @Test func theScriptIsServedAtTheRootWithItsReleasesVersionAndCheckedOnEveryVisit() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        // Asked without a session, as a browser asks on its update checks
        let reply = try await server.get("/service-worker.js")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(reply.header("Cache-Control") == "no-cache")
        #expect(reply.header("Set-Cookie") == nil)
        let version = try #require(
            reply.body.firstMatch(of: /^"use strict";\nvar VERSION = "([0-9a-f]{24})";\n/)?.output.1)
        #expect(version == (try await ServiceWorkerScript.current()).version)
        #expect(reply.body.contains("self.addEventListener(\"fetch\""))
        // The same script (and version) on every request
        #expect(try await server.get("/service-worker.js").bytes == reply.bytes)
    }

    @Test func pagesRegisterTheWorkerAndThePolicyLetsOnlyTheOriginsScriptsRunAsWorkers() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let page = try await server.get("/movies")
        #expect(page.body.contains(" data-service-worker=\"/service-worker.js\""))
        let policy = try #require(page.header("Content-Security-Policy"))
        let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(directives.contains("worker-src 'self'"))
        #expect(directives.contains("script-src 'self'"))
        #expect(!policy.contains("blob:") && !policy.contains("'unsafe"))
    }

    @Test func theVersionChangesWithTheExecutableAndWithEveryStaticFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("service-worker-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let statics = folder.appendingPathComponent("Static")
        try FileManager.default.createDirectory(at: statics, withIntermediateDirectories: true)
        for name in ServiceWorkerScript.staticFiles {
            try Data("// \(name)\n".utf8).write(to: statics.appendingPathComponent(name))
        }
        let first = folder.appendingPathComponent("first")
        let second = folder.appendingPathComponent("second")
        try Data("one build".utf8).write(to: first)
        try Data("another build".utf8).write(to: second)

        let made = try ServiceWorkerScript(folder: statics, executable: first)
        // The same files are the same version; the worker's own file follows the version line
        #expect(try ServiceWorkerScript(folder: statics, executable: first).version == made.version)
        #expect(String(buffer: made.body).hasSuffix("\";\n// service-worker.js\n"))
        // Another executable is another version
        #expect(try ServiceWorkerScript(folder: statics, executable: second).version != made.version)
        // So is a change of any static file
        var versions: Set<String> = [made.version]
        for name in ServiceWorkerScript.staticFiles {
            let file = statics.appendingPathComponent(name)
            let before = try Data(contentsOf: file)
            try Data("// \(name), changed\n".utf8).write(to: file)
            versions.insert(try ServiceWorkerScript(folder: statics, executable: first).version)
            try before.write(to: file)
        }
        #expect(versions.count == 1 + ServiceWorkerScript.staticFiles.count)
        // A missing file or executable is an error, not a worker of an unknown release
        #expect(throws: StaticAssetsError.self) {
            try ServiceWorkerScript(folder: statics, executable: folder.appendingPathComponent("gone"))
        }
        try FileManager.default.removeItem(at: statics.appendingPathComponent("app.js"))
        #expect(throws: StaticAssetsError.self) { try ServiceWorkerScript(folder: statics, executable: first) }
    }

    @Test func theOfflinePageIsInThePersonsLanguageAndIsNotWhereTheAppReopens() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given the person was on the News tab
        _ = try await server.get("/news")
        let before = try #require(try await server.get("/").header("Location"))
        // When the worker keeps the offline page (in English for an English browser)
        let offline = try await server.get("/offline", headers: ["Cookie": "lang=en"])
        #expect(offline.status == 200)
        #expect(offline.body.contains("<html lang=\"en\">") && offline.body.contains("<h1>No connection</h1>"))
        #expect(offline.body.contains("<a href=\"/bookmarks\">Bookmarks</a>"))
        // Every page carries its language's note for a kept copy
        #expect(offline.body.contains(" data-saved-note=\"No connection. This page was saved %@.\""))
        // Then `/` still goes where the person was: the offline page is nobody's place
        #expect(try await server.get("/").header("Location") == before)
        let finnish = try await server.get("/offline", headers: ["Cookie": "lang=fi"]).body
        #expect(finnish.contains("<h1>Ei verkkoyhteyttä</h1>"))
    }

    @Test func keepingTheOfflinePageLeavesAFormsMessageForThePageItWentBackTo() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given a form's redirect left a message (a wrong join code), and the worker keeps the
        // offline page again before the browser opens the page the form went back to
        let message = "Koodi ei kelpaa"
        let cookie = "flash=" + (message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let offline = try await server.get("/offline", headers: ["Cookie": cookie])
        // Then the offline page neither shows the message nor clears it
        #expect(offline.status == 200)
        #expect(!offline.body.contains(message))
        #expect(offline.cookies["flash"] == nil)
        // And the page the form went back to shows it, and clears it
        let page = try await server.get("/devices", headers: ["Cookie": cookie])
        #expect(page.body.contains(message))
        #expect(page.cookies["flash"] == "")
    }
}

import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A bookmark the server acknowledged survives `kill -9` of the server process.
@Suite struct ServerKillTests {
    /// Starts `finnkino serve` on a free port and returns it with its base URL (read from its
    /// first line of output, without holding a thread of the test pool).
    static func startServer(dataDir: URL) async throws -> (process: Process, url: URL) {
        let process = Process()
        process.executableURL = CommandLineRun.executable
        process.arguments = ["serve", "--port", "0", "--data-dir", dataDir.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line: String = try await withCheckedThrowingContinuation { continuation in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }.start()
        }
        guard let range = line.range(of: "http://"),
            let url = URL(string: String(line[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            // Not left running when the test gives up on it.
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "finnkino serve printed no URL: \(line)")
        }
        return (process, url)
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Returns when `process` has ended, waiting on a thread of its own, not the test pool's (a
    /// graceful stop takes seconds; on two cores, pool threads held that long stall every test).
    static func exit(of process: Process) async {
        await withCheckedContinuation { continuation in
            Thread {
                process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }

    @Test func anAcknowledgedBookmarkSurvivesKillNine() async throws {
        // Given a server on a fresh data folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, base) = try await Self.startServer(dataDir: folder)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let listed = try await CommandLineRun.finnkino(["movies", "--json"], dataDir: folder)
        let movies = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let id = try #require(movies.first?["id"] as? Int)
        // When a bookmark is added through the web form and the server answers
        // (with the cookie and the form token a page hands out, as a browser would)
        let session = URLSession(configuration: .ephemeral)
        let (page, pageResponse) = try await session.data(from: base.appendingPathComponent("news"))
        let setCookie = try #require((pageResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Set-Cookie"))
        let cookie = try #require(setCookie.split(separator: ";").first { $0.hasPrefix("csrf=") })
        let html = String(decoding: page, as: UTF8.self)
        let marker = "name=\"csrf\" value=\""
        let start = try #require(html.range(of: marker)).upperBound
        let token = String(html[start...].prefix(64))
        var request = URLRequest(url: base.appendingPathComponent("bookmarks/toggle"))
        request.httpMethod = "POST"
        request.setValue(String(cookie), forHTTPHeaderField: "Cookie")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("csrf=\(token)&movie=\(id)".utf8)
        let (_, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)  // the movie page after the redirect
        // And the server is killed at once, with no chance to clean up
        kill(server.processIdentifier, SIGKILL)
        await Self.exit(of: server)
        #expect(server.terminationReason == .uncaughtSignal)
        // Then the bookmark is on disk: the CLI, a new process, lists it
        let after = try await CommandLineRun.finnkino(["bookmarks", "list", "--json"], dataDir: folder)
        #expect(after.exitCode == 0)
        let bookmarks = try #require(JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        #expect(bookmarks.compactMap { $0["movieID"] as? Int } == [id])
    }

    @Test func thePageLeftJustBeforeSIGTERMIsWhereTheNextStartOpens() async throws {
        // Given a server where a page was viewed just now (its place is saved behind the response)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "finnkino-place-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, base) = try await Self.startServer(dataDir: folder)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let session = URLSession(configuration: .ephemeral)
        let viewed = try #require(URL(string: "\(base.absoluteString)/movies?area=1014"))
        #expect((try await session.data(from: viewed).1 as? HTTPURLResponse)?.statusCode == 200)
        // When it is stopped with SIGTERM at once
        kill(server.processIdentifier, SIGTERM)
        await Self.exit(of: server)
        // Then the next start opens that page
        let (again, home) = try await Self.startServer(dataDir: folder)
        defer { if again.isRunning { kill(again.processIdentifier, SIGKILL) } }
        let opened = try await session.data(from: home).1.url?.absoluteString ?? ""
        #expect(opened.contains("/movies?area=1014"), "\(opened)")
    }

    @Test func sigtermStopsTheServerWithinFiveSecondsWithLivePagesOpen() async throws {
        // Given a server with three pages open on their live updates
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-term-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, base) = try await Self.startServer(dataDir: folder)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let session = URLSession(configuration: .ephemeral)
        var pages: [Task<Void, Never>] = []
        for area in [1002, 1012, 1014] {
            let url = try #require(URL(string: "\(base.absoluteString)/live?page=%2Fmovies%3Farea%3D\(area)"))
            pages.append(Task { _ = try? await session.data(from: url) })
        }
        defer { for page in pages { page.cancel() } }
        let status = try await session.data(from: base.appendingPathComponent("healthz")).1 as? HTTPURLResponse
        #expect(status?.statusCode == 200)
        // When it gets SIGTERM
        let exited = Task { await Self.exit(of: server) }
        let started = ContinuousClock.now
        kill(server.processIdentifier, SIGTERM)
        // Then it has exited within 5 s, by itself
        let stopped = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await exited.value
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(stopped, "still running 5 s after SIGTERM")
        #expect(ContinuousClock.now - started < .seconds(6))
        if stopped { #expect(server.terminationReason == .exit) }
    }

    @Test func unreadableBookmarksLibraryAndPersonsDisableOnlyThemselvesOnThisComputer() async throws {
        // Given a data folder whose bookmarks and library files are not databases
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-soft-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        for name in ["bookmarks.sqlite", "library.sqlite", "persons.sqlite"] {
            try garbage.write(to: folder.appendingPathComponent(name))
        }
        // When the server starts on it, then it serves (this computer's server needs no persons' file)
        let (server, base) = try await Self.startServer(dataDir: folder)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let session = URLSession(configuration: .ephemeral)
        for path in ["healthz", "movies", "bookmarks", "library"] {
            let (body, response) = try await session.data(from: base.appendingPathComponent(path))
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(path)")
            // And every page says which store is missing
            if path != "healthz" {
                let html = String(decoding: body, as: UTF8.self)
                let banners = html.components(separatedBy: "class=\"offline unavailable\" role=\"alert\"").count - 1
                #expect(banners == 2, "\(path)")
            }
        }
        kill(server.processIdentifier, SIGKILL)
        // But a hosted server does not start without its persons (their IDs key everyone's data)
        let hosted = try await CommandLineRun.finnkino(["serve", "--hosted", "--port", "0"], dataDir: folder)
        #expect(hosted.exitCode != 0 && hosted.stderr.contains("A hosted server cannot start without it"))
        // And the files were left as they were, for their owner to repair
        for name in ["bookmarks.sqlite", "library.sqlite", "persons.sqlite"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == garbage)
        }
    }
}

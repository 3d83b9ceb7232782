import Foundation
import WebSupport

@testable import FinnkinoKit
@testable import FinnkinoWeb

// libFuzzer entry points for the parsers that read what anyone can send: the Finnkino XML decoder
// (feed answers), the HTML sanitiser (news bodies), the form parser and the byte-range parser
// (requests). Built only by `scripts/fuzz` (with `-sanitize=fuzzer,address`, Package.swift);
// `FUZZ_TARGET` picks the parser. Each target checks what must hold of any input, beyond not
// crashing.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parsers that can be fuzzed.
enum FuzzTarget: String, CaseIterable {
    case xml, html, form, range
}

nonisolated(unsafe) private var selected = FuzzTarget.xml

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of: \(names)\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
    switch selected {
    case .xml: fuzzXML(bytes)
    case .html: fuzzHTML(bytes)
    case .form: fuzzForm(bytes)
    case .range: fuzzRange(bytes)
    }
    return 0
}

/// Every document kind; none may crash, and a value past the cap never gets through. A schedule
/// decoded in halves (whatever its size) is what one parser makes of it.
private func fuzzXML(_ bytes: Data) {
    _ = try? FinnkinoXMLDecoder.decodeTheatreAreas(bytes)
    let whole = try? FinnkinoXMLDecoder.decodeSchedule(bytes, inHalves: false)
    if let halves = ScheduleHalves.decode(bytes, minimumBytes: 0), halves != whole {
        fatalError("a schedule decoded in halves differs from the whole decode")
    }
    _ = try? FinnkinoXMLDecoder.decodeScheduleDates(bytes)
    _ = try? FinnkinoXMLDecoder.decodeNews(bytes)
    _ = try? FinnkinoXMLDecoder.decodeNewsCategories(bytes)
    _ = try? FinnkinoXMLDecoder.decodeLanguages(bytes)
    if let events = try? FinnkinoXMLDecoder.decodeEvents(bytes) {
        for event in events where event.title.utf8.count > SAXDocumentReader.longestValue {
            fatalError("a title of \(event.title.utf8.count) bytes passed the cap")
        }
    }
}

/// The output has no markup but the allow-list's, and links only to http(s). Checked on UTF-8
/// bytes: a combining mark after `>` would join it into one `Character`.
private func fuzzHTML(_ bytes: Data) {
    let output = Array(HTMLSanitizer.sanitize(String(decoding: bytes, as: UTF8.self)).markup.utf8)
    let allowed: Set<String> = ["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h2", "h3", "a", "img"]
    let linkStart = Array("<a href=\"".utf8)
    for (index, byte) in output.enumerated() where byte == UInt8(ascii: "<") {
        var cursor = index + 1
        if cursor < output.count, output[cursor] == UInt8(ascii: "/") { cursor += 1 }
        let nameStart = cursor
        while cursor < output.count,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(output[cursor])
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(output[cursor])
        {
            cursor += 1
        }
        let name = String(decoding: output[nameStart..<cursor], as: UTF8.self)
        let next = cursor < output.count ? output[cursor] : 0
        guard allowed.contains(name), next == UInt8(ascii: ">") || next == UInt8(ascii: " ") else {
            fatalError("markup outside the allow-list: \(String(decoding: output[index...].prefix(40), as: UTF8.self))")
        }
        if output[index...].starts(with: linkStart) {
            let value = String(decoding: output[(index + linkStart.count)...].prefix(8), as: UTF8.self).lowercased()
            guard value.hasPrefix("http://") || value.hasPrefix("https://") else {
                fatalError("a link that is not http(s): \(value)")
            }
        }
    }
}

/// Any body parses, at most 1,000 pairs are read, and its `back` is always a path of this site.
private func fuzzForm(_ bytes: Data) {
    let form = FormBody(String(decoding: bytes, as: UTF8.self))
    guard form.values.count <= 1_000 else { fatalError("\(form.values.count) form values") }
    let back = form.back
    guard back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\") else {
        fatalError("a way back off the site: \(back)")
    }
}

/// The first two bytes give a file size (0-65535), the rest is the header; a range found lies in
/// the file.
private func fuzzRange(_ bytes: Data) {
    guard bytes.count >= 2 else { return }
    let size = Int(bytes[bytes.startIndex]) << 8 | Int(bytes[bytes.startIndex + 1])
    let header = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    guard let range = VideoFile.byteRange(header, size: size) else { return }
    guard range.lowerBound >= 0, range.upperBound < size else {
        fatalError("range \(range) outside a file of \(size) bytes for \(header)")
    }
}

// The program's `main` (this file's top-level code: SwiftPM names it so for an executable, where
// libFuzzer's own `main` would not be used) runs libFuzzer's driver, found at run time. Last in the
// file: the globals above are initialized in order before it, and nothing after it would run.
typealias FuzzerDriver =
    @convention(c) (
        UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
guard let driver = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
    FileHandle.standardError.write(Data("finnkino-fuzz: not linked with libFuzzer (-sanitize=fuzzer)\n".utf8))
    exit(2)
}
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    unsafeBitCast(driver, to: FuzzerDriver.self)(&argumentCount, &arguments) { start, count in
        fuzzerTestOneInput(start, count)
    })

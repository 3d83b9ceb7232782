import CQRencode
import WebSupport

/// A QR code of a short text, drawn as SVG: libqrencode makes the code, this draws its dark
/// modules as one path inside a quiet zone of four modules.
enum QRCodeSVG {
    /// Writes the QR code of `text` as an `<svg>` labelled `label`; false (and nothing written)
    /// when libqrencode cannot encode it.
    @discardableResult
    static func write(_ text: String, label: String, into html: inout HTMLWriter) -> Bool {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return false }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return false }
        let size = width + 8
        var path = ""
        for y in 0..<width {
            for x in 0..<width where data[y * width + x] & 1 != 0 { path += "M\(x + 4) \(y + 4)h1v1h-1z" }
        }
        html.element(
            "svg", .class("qr"), .attribute("xmlns", "http://www.w3.org/2000/svg"),
            .attribute("viewBox", "0 0 \(size) \(size)"), .role("img"), .attribute("shape-rendering", "crispEdges"),
            .ariaLabel(label)
        ) { html in
            html.selfClosingElement(
                "rect", .attribute("width", size), .attribute("height", size), .attribute("fill", "#fff"))
            html.selfClosingElement("path", .attribute("fill", "#000"), .attribute("d", path))
        }
        return true
    }
}

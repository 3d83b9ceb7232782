/// A browser's name on the Devices page, from its `User-Agent`: `Firefox, Android`,
/// `Safari, iPhone`; `Browser` when it says nothing known. Only ever shown to its own person.
enum DeviceName {
    static func of(userAgent: String?) -> String {
        guard let agent = userAgent?.prefix(512) else { return "Browser" }
        let browsers = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"),
            ("Chrome/", "Chrome"), ("Safari/", "Safari"),
        ]
        let systems = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        let browser = browsers.first { agent.contains($0.0) }?.1
        let system = systems.first { agent.contains($0.0) }?.1
        return [browser, system].compactMap { $0 }.joined(separator: ", ").nonEmpty ?? "Browser"
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

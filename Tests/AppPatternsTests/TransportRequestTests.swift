import AppPatterns
import Foundation
import Testing

@Suite struct TransportRequestTests {
    /// What URLComponents makes of `request`'s query: the form the description (and so every
    /// cache key, some of them kept on disk) has always had.
    private func urlComponentsForm(_ request: TransportRequest) -> String {
        var components = URLComponents()
        components.queryItems = request.query.map { URLQueryItem(name: $0.name, value: $0.value) }
        return request.path + "?" + (components.percentEncodedQuery ?? "")
    }

    @Test func describesPlainItemsAsURLComponentsWould() {
        let request = TransportRequest(
            path: "/xml/Schedule/", query: [.init("area", "1002"), .init("dt", "27.02.2022"), .init("x-_~", "Aa9")])
        #expect(request.description == "/xml/Schedule/?area=1002&dt=27.02.2022&x-_~=Aa9")
        #expect(request.description == urlComponentsForm(request))
    }

    @Test(arguments: ["Män tie", "a&b=c", "50%", "a+b", "/path?x", "#frag", "", "ä"])
    func escapesOtherItemsAsURLComponentsDoes(value: String) {
        let request = TransportRequest(path: "/xml/Events/", query: [.init("q", value), .init(value, "1")])
        #expect(request.description == urlComponentsForm(request))
        if value.contains("&") { #expect(!request.description.contains("a&b")) }
    }

    @Test func describesAPathWithoutAQueryAsThePath() {
        #expect(TransportRequest(path: "/xml/TheatreAreas/").description == "/xml/TheatreAreas/")
    }
}

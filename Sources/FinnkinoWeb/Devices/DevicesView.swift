import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The Devices page: the person's browsers with their last use (each can be signed out), a
/// one-time code with its QR code to use the app on another device, a form to join with one, the
/// person's API tokens, and their data.
enum DevicesView {
    static func page(
        _ outputs: DevicesViewModel.Outputs, tokens: APITokensViewModel.Outputs, joinURL: String?, typed: JoinCode?,
        layout: PageLayout
    ) -> SafeHTML {
        let words = layout.client.language.devices
        return layout.render(title: words.title, tab: nil, live: false) { html in
            html.element("h1", text: words.title)
            html.element("p", text: words.intro)
            html.element("ul", .class("devices")) { html in
                for device in outputs.rows {
                    html.element("li", .class("device"), .id("device-\(device.id)")) { html in
                        html.element("strong", text: device.name)
                        if device.isCurrent {
                            html.text(" ")
                            html.element("span", .class("badge"), text: words.thisDevice)
                        }
                        html.element("span", .class("facts"), text: device.lastUsed)
                        html.element(
                            "form", .method("post"), .action(WebRoute.signOut(device: device.id).path)
                        ) { html in
                            PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                            html.element("button", .type("submit"), text: words.signOut)
                        }
                    }
                }
            }
            html.element("section", .attribute("aria-labelledby", "elsewhere")) { html in
                html.element("h2", .id("elsewhere"), text: words.useElsewhere)
                if let code = outputs.code {
                    html.element("p", text: words.codeIntro(code.description))
                    html.element(
                        "p", .class("join-code"), .id("join-code"), .ariaLabel(words.codeLabel),
                        text: code.description)
                    QRCodeSVG.write(joinURL ?? code.description, label: words.codeLabel, into: &html)
                    html.element("p", .class("facts"), text: words.validFor)
                } else {
                    html.element("form", .method("post"), .action(WebRoute.newJoinCode.path)) { html in
                        PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                        html.element("button", .type("submit"), .id("make-code"), text: words.makeCode)
                    }
                }
            }
            html.element("section", .attribute("aria-labelledby", "join")) { html in
                html.element("h2", .id("join"), text: words.joinTitle)
                html.element("p", text: words.joinIntro)
                html.element(
                    "form", .method("post"), .action(WebRoute.join.path), .class("join-form")
                ) { html in
                    PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                    html.element("label", .for("code"), text: words.codeLabel)
                    html.voidElement(
                        "input", .id("code"), .name("code"), .attribute("autocomplete", "one-time-code"),
                        .attribute("autocapitalize", "characters"), .attribute("spellcheck", "false"),
                        .attribute("maxlength", 20), .attribute("placeholder", "ABCD-EFGH"), .flag("required"),
                        .value(typed?.description))
                    html.element("button", .type("submit"), text: words.join)
                }
            }
            tokensSection(tokens, layout: layout, into: &html)
            dataSection(layout: layout, into: &html)
        }
    }

    /// "API tokens": the person's tokens, each with a form to revoke it; the secret of one just
    /// made (this once); a form to make one.
    static func tokensSection(_ outputs: APITokensViewModel.Outputs, layout: PageLayout, into html: inout HTMLWriter) {
        let words = layout.client.language.devices
        html.element("section", .attribute("aria-labelledby", "api-tokens")) { html in
            html.element("h2", .id("api-tokens"), text: words.apiTokens)
            html.element("p") { html in
                html.text(words.apiTokensIntro)
                html.text(" ")
                html.element("a", .href(WebRoute.apiDocument.path), text: words.apiDocs)
            }
            if let secret = outputs.newSecret {
                html.element("p", .class("notice"), text: words.newToken)
                html.element("p", .class("api-token"), .id("new-api-token"), text: secret)
            }
            if let message = outputs.message {
                html.element("p", .class("notice"), .attribute("role", "status"), text: message)
            }
            if !outputs.rows.isEmpty {
                html.element("ul", .class("devices api-token-list")) { html in
                    for token in outputs.rows {
                        html.element("li", .class("device"), .id("api-token-\(token.id)")) { html in
                            html.element("strong", text: token.name)
                            html.element("span", .class("facts"), text: token.facts)
                            html.element(
                                "form", .method("post"), .action(WebRoute.revokeAPIToken(id: token.id).path)
                            ) { html in
                                PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                                html.element("button", .type("submit"), text: words.revoke)
                            }
                        }
                    }
                }
            }
            if outputs.canMakeMore {
                html.element("form", .method("post"), .action(WebRoute.newAPIToken.path), .class("token-form")) {
                    html in
                    PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                    html.element("label", .for("token-name"), text: words.tokenName)
                    html.voidElement(
                        "input", .id("token-name"), .name("name"), .attribute("maxlength", APITokenLimits.nameLength),
                        .attribute("placeholder", words.tokenNamePlaceholder), .flag("required"))
                    html.element("button", .type("submit"), .id("make-token"), text: words.makeToken)
                }
            }
        }
    }

    /// "Your data": download it, or delete it all (with a box to tick first).
    static func dataSection(layout: PageLayout, into html: inout HTMLWriter) {
        let words = layout.client.language.devices
        html.element("section", .attribute("aria-labelledby", "your-data")) { html in
            html.element("h2", .id("your-data"), text: words.yourData)
            html.element("p", text: words.yourDataIntro)
            html.element("p") { html in
                html.element(
                    "a", .class("button"), .id("download-data"), .href(WebRoute.myData.path), .flag("download"),
                    text: words.download)
            }
            html.element(
                "form", .method("post"), .action(WebRoute.deleteMe.path), .class("delete-me")
            ) { html in
                html.element("p", text: words.deleteIntro)
                PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                html.element("label") { html in
                    html.voidElement(
                        "input", .type("checkbox"), .name("confirm"), .value("yes"), .flag("required"))
                    html.text(" ")
                    html.text(words.confirmDelete)
                }
                html.element("button", .type("submit"), .class("danger"), .id("delete-me"), text: words.deleteMe)
            }
        }
    }

    /// On a server that is not hosted: there is one person, whoever uses this computer.
    static func localPage(tokens: APITokensViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.devices
        return layout.render(title: words.title, tab: nil, live: false) { html in
            html.element("h1", text: words.title)
            html.element("p", text: words.localOnly)
            tokensSection(tokens, layout: layout, into: &html)
            dataSection(layout: layout, into: &html)
        }
    }
}

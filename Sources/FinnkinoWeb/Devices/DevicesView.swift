import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The Devices page: the person's browsers with their last use (each can be signed out), a
/// one-time code with its QR code to use the app on another device, and a form to join with one.
enum DevicesView {
    static func page(
        _ outputs: DevicesViewModel.Outputs, joinURL: String?, typed: JoinCode?, layout: PageLayout
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
            dataSection(layout: layout, into: &html)
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
    static func localPage(layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.devices
        return layout.render(title: words.title, tab: nil, live: false) { html in
            html.element("h1", text: words.title)
            html.element("p", text: words.localOnly)
            dataSection(layout: layout, into: &html)
        }
    }
}

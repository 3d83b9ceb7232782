import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The Devices page: the person's browsers with their last use (each can be signed out), a
/// one-time code with its QR code to use the app on another device, and a form to join with one.
enum DevicesView {
    static func page(
        _ outputs: DevicesViewModel.Outputs, joinURL: String?, typed: JoinCode?, layout: PageLayout
    ) -> String {
        let words = layout.client.language.devices
        return layout.render(title: words.title, tab: nil, live: false) { html in
            html.raw("<h1>")
            html.text(words.title)
            html.raw("</h1><p>")
            html.text(words.intro)
            html.raw("</p><ul class=\"devices\">")
            for device in outputs.rows {
                html.raw("<li class=\"device\" id=\"device-\(device.id)\"><strong>")
                html.text(device.name)
                html.raw("</strong>")
                if device.isCurrent {
                    html.raw(" <span class=\"badge\">")
                    html.text(words.thisDevice)
                    html.raw("</span>")
                }
                html.raw("<span class=\"facts\">")
                html.text(device.lastUsed)
                html.raw("</span><form method=\"post\" action=\"\(WebRoute.signOut(device: device.id).path)\">")
                PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                html.raw("<button type=\"submit\">")
                html.text(words.signOut)
                html.raw("</button></form></li>")
            }
            html.raw("</ul><section aria-labelledby=\"elsewhere\"><h2 id=\"elsewhere\">")
            html.text(words.useElsewhere)
            html.raw("</h2>")
            if let code = outputs.code {
                html.raw("<p>")
                html.text(words.codeIntro(code.description))
                html.raw("</p><p class=\"join-code\" id=\"join-code\" aria-label=\"")
                html.text(words.codeLabel)
                html.raw("\">")
                html.text(code.description)
                html.raw("</p>")
                QRCodeSVG.write(joinURL ?? code.description, label: words.codeLabel, into: &html)
                html.raw("<p class=\"facts\">")
                html.text(words.validFor)
                html.raw("</p>")
            } else {
                html.raw("<form method=\"post\" action=\"\(WebRoute.newJoinCode.path)\">")
                PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
                html.raw("<button type=\"submit\" id=\"make-code\">")
                html.text(words.makeCode)
                html.raw("</button></form>")
            }
            html.raw("</section><section aria-labelledby=\"join\"><h2 id=\"join\">")
            html.text(words.joinTitle)
            html.raw("</h2><p>")
            html.text(words.joinIntro)
            html.raw("</p><form method=\"post\" action=\"\(WebRoute.join.path)\" class=\"join-form\">")
            PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
            html.raw("<label for=\"code\">")
            html.text(words.codeLabel)
            html.raw(
                "</label><input id=\"code\" name=\"code\" autocomplete=\"one-time-code\" autocapitalize=\"characters\" spellcheck=\"false\" maxlength=\"20\" placeholder=\"ABCD-EFGH\" required"
            )
            if let typed {
                html.raw(" value=\"")
                html.text(typed.description)
                html.raw("\"")
            }
            html.raw("><button type=\"submit\">")
            html.text(words.join)
            html.raw("</button></form></section>")
            dataSection(layout: layout, into: &html)
        }
    }

    /// "Your data": download it, or delete it all (with a box to tick first).
    static func dataSection(layout: PageLayout, into html: inout HTMLWriter) {
        let words = layout.client.language.devices
        html.raw("<section aria-labelledby=\"your-data\"><h2 id=\"your-data\">")
        html.text(words.yourData)
        html.raw("</h2><p>")
        html.text(words.yourDataIntro)
        html.raw("</p><p><a class=\"button\" id=\"download-data\" href=\"\(WebRoute.myData.path)\" download>")
        html.text(words.download)
        html.raw("</a></p><form method=\"post\" action=\"\(WebRoute.deleteMe.path)\" class=\"delete-me\"><p>")
        html.text(words.deleteIntro)
        html.raw("</p>")
        PageLayout.formFields(client: layout.client, back: WebRoute.devices.path, into: &html)
        html.raw("<label><input type=\"checkbox\" name=\"confirm\" value=\"yes\" required> ")
        html.text(words.confirmDelete)
        html.raw("</label><button type=\"submit\" class=\"danger\" id=\"delete-me\">")
        html.text(words.deleteMe)
        html.raw("</button></form></section>")
    }

    /// On a server that is not hosted: there is one person, whoever uses this computer.
    static func localPage(layout: PageLayout) -> String {
        let words = layout.client.language.devices
        return layout.render(title: words.title, tab: nil, live: false) { html in
            html.raw("<h1>")
            html.text(words.title)
            html.raw("</h1><p>")
            html.text(words.localOnly)
            html.raw("</p>")
            dataSection(layout: layout, into: &html)
        }
    }
}

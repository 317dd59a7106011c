import Foundation
import KairosStore

/// The text of an email as sendmail-compatible commands read it: headers, a blank line, the body.
enum MailMessage {
    static func render(_ mail: OutgoingMail, id: String, from sender: String, date: Date) -> String {
        var headers = [
            "From: \(headerText(sender))",
            "To: <\(mail.recipient)>",
            "Subject: \(headerText(mail.subject))",
            "Date: \(rfc5322Date(date))",
            "Message-ID: <kairos-\(id)-\(Int(date.timeIntervalSince1970))@\(domain(of: sender))>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        // RFC 8058: a mail client offers its own Unsubscribe, which POSTs to the link without asking again.
        if let url = mail.unsubscribeURL {
            headers += ["List-Unsubscribe: <\(url)>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"]
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n"
            + mail.body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// Header text on one line; anything beyond ASCII as an RFC 2047 encoded word.
    static func headerText(_ text: String) -> String {
        let line = text.filter { $0 != "\r" && $0 != "\n" }
        guard line.unicodeScalars.contains(where: { !$0.isASCII }) else { return line }
        return "=?UTF-8?B?\(Data(line.utf8).base64EncodedString())?="
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    private static func domain(of sender: String) -> String {
        let address = sender.split(separator: "<").last.map { $0.trimmingCharacters(in: ["<", ">", " "]) } ?? sender
        return address.split(separator: "@").last.map(String.init) ?? "localhost"
    }
}

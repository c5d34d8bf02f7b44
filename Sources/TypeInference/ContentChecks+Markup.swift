import UniformTypes

/// ContentChecks: interpreters named by #! lines, and markup by its root element (XML dialects, HTML, SVG, plists).
extension ContentChecks {
    /// The script type named by a `#!` line: the interpreter's name, past `env` and its options,
    /// without a version suffix (`python3.12` is python; but `python2.7` is Python 2).
    static func shebang(_ text: Substring) -> (String, String)? {
        let line = text.dropFirst(2).prefix { $0 != "\n" && $0 != "\r" }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        var program = String(words.removeFirst().split(separator: "/").last ?? "")
        if program == "env" {
            words.removeAll { $0.hasPrefix("-") || $0.contains("=") }
            guard let first = words.first else { return nil }
            program = first
        }
        var name = program
        while let last = name.last, last.isNumber || last == "." { name.removeLast() }
        // Python 2 is a language of its own (print statements, str as bytes): `python2`, `python2.7`.
        if name == "python", program.dropFirst(6).hasPrefix("2") { return ("org.python.python2-script", "\(program) script") }
        guard let identifier = interpreters[name] ?? interpreters[program] else {
            return ("public.script", "\(program) script")
        }
        return (identifier, "\(program) script")
    }

    /// An XML vocabulary by its root element (`Catalog/xml-roots.json`): the type, its
    /// description, and the namespace the document must declare, if the vocabulary names one.
    struct XMLRoot: Sendable {
        let type: String
        let description: String
        let namespace: String?
    }

    /// XML dialects by their root element, and HTML.
    static func markup(_ text: Substring) -> (String, String)? {
        let head = String(text.prefix(4096))
        // The opening lowercased for the declarations; the whole head only where an element's
        // content is read (most markup is XML, decided by its root alone).
        let opening = String(head.prefix(16)).lowercased()
        if opening.hasPrefix("<!doctype html") || opening.hasPrefix("<html") { return ("public.html", "HTML document") }
        let isXML = opening.hasPrefix("<?xml")
        let isDoctype = opening.hasPrefix("<!doctype")
        guard isXML || isDoctype || opening.hasPrefix("<") else { return nil }
        guard let root = rootElement(head) else {
            return isXML ? ("public.xml", "XML document") : nil
        }
        // A vocabulary of Catalog/xml-roots.json, in its namespace where it names one.
        if let vocabulary = xmlRoots[root.lowercased()] {
            guard let namespace = vocabulary.namespace else { return (vocabulary.type, vocabulary.description) }
            return head.contains("\"\(namespace)\"") || head.contains("'\(namespace)'") ? (vocabulary.type, vocabulary.description) : nil
        }
        switch root.lowercased() {
        // An html root in XHTML's namespace, or after an XML declaration (a document written
        // to be parsed as XML, as libxml2's and DocBook's stylesheets write them): XHTML.
        case "html":
            return isXML || head.lowercased().contains("xmlns=\"http://www.w3.org/1999/xhtml\"")
                ? ("public.xhtml", "XHTML document")
                : ("public.html", "HTML document")
        case let name where !isXML && !isDoctype && htmlFragmentRoots.contains(name):
            // A fragment of a page (a template's sidebar, an include): it starts with an element
            // of HTML's body, closes it, and holds another element of HTML's (the HTML Living
            // Standard, 13.4: fragments are parsed in the context of an element).
            // Every element it opens is one HTML defines (an olink database's <div> over <ttl> and
            // <xreftext> is XML), and no Markdown heading or link follows (a README that opens
            // with a centred logo is Markdown).
            let lower = head.lowercased()
            let tags = elementNames(lower)
            let markdown = ["\n# ", "\n## ", "\n### ", "](", "\n```"].contains { lower.contains($0) }
            let html = tags.count >= 2 && Set(tags).count >= 2 && tags.allSatisfy { htmlElementNames.contains($0) }
            return lower.contains("</\(name)>") && html && !markdown ? ("public.html", "HTML fragment") : nil
        default: return isXML || isDoctype ? ("public.xml", "XML document") : nil
        }
    }

    /// The names of the elements a text opens (`<name` followed by a space, `>` or `/`).
    static func elementNames(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard !name.isEmpty, let after = rest[name.endIndex...].first, after == " " || after == ">" || after == "/" || after == "\n" else {
                continue
            }
            names.append(String(name))
        }
        return names
    }

    /// The elements the HTML Living Standard defines (4.1-4.12, and its obsolete ones a page
    /// still uses), lowercased.
    static let htmlElementNames: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body", "br",
        "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details",
        "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "h1",
        "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd",
        "label", "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter", "nav", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
        "script", "search", "section", "select", "slot", "small", "source", "span", "strong", "style", "sub", "summary", "sup",
        "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "u", "ul",
        "var", "video", "wbr", "tt", "big", "strike",
    ]

    /// Elements of HTML's body (the HTML Living Standard, 4.3-4.10) a page fragment starts with.
    static let htmlFragmentRoots: Set<String> = [
        "p", "div", "span", "a", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "tr", "td", "form", "section",
        "article", "nav", "header", "footer", "aside", "main", "iframe", "img", "br", "hr", "em", "strong", "blockquote", "pre",
    ]

    /// The name of the first element that is not a declaration, comment or processing instruction.
    static func rootElement(_ text: String) -> String? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!") {
                if rest.hasPrefix("!--"), let end = endOfComment(rest) {
                    rest = rest[end...]
                } else if let end = rest.firstIndex(of: ">") {
                    rest = rest[rest.index(after: end)...]
                } else {
                    return nil
                }
                continue
            }
            let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            let local = name.split(separator: ":").last.map(String.init) ?? String(name)
            return local.isEmpty ? nil : local
        }
        return nil
    }

    /// The index just past the `-->` that closes a comment, if the text holds one.
    static func endOfComment(_ text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("-->") { return text.index(index, offsetBy: 3) }
            index = text.index(after: index)
        }
        return nil
    }
}

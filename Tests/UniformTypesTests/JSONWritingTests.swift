import Testing
import UniformTypes

/// A record written member by member, some members serialized already, is the text the same
/// object's value writes, compact and indented: identify's records rely on it.
@Suite struct JSONWritingTests {
    let type: JSONValue = [
        "identifier": "public.png", "parents": ["public.image"], "tags": ["public.mime-type": ["image/png"]], "empty": [:],
        "none": [],
    ]

    @Test(arguments: [false, true]) func membersWrittenOneByOneWriteAsTheirValue(pretty: Bool) {
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.key("candidates")
        json.beginArray()
        json.beginObject()
        json.key("offset")
        json.int(-4)
        json.endObject()
        json.beginArray()
        json.endArray()
        json.strings(["a", "b\tc"])
        json.endArray()
        json.key("error")
        json.null()
        json.key("evidence")
        json.value(["rule": "no-name", "content": nil, "kept": true])
        json.key("path")
        json.name(Array("a \"quoted\"\nname".utf8))
        json.key("raw")
        json.name([0x61, 0xFF])
        json.key("size")
        json.int(12)
        json.key("type")
        json.serialized(JSONValue.Serialized(type))
        json.endObject()
        let whole: JSONValue = [
            "candidates": [["offset": -4], [], ["a", "b\tc"]], "error": nil, "evidence": ["rule": "no-name", "content": nil, "kept": true],
            "path": "a \"quoted\"\nname", "raw": .bytes([0x61, 0xFF]), "size": 12, "type": type,
        ]
        #expect(json.text == whole.serialized(pretty: pretty))
        #expect(json.text.contains(#""raw":\#(pretty ? " " : "")"a\udcff""#))
    }

    @Test func emptyContainersAreEmptyBrackets() {
        for pretty in [false, true] {
            var json = JSONWriter(pretty: pretty)
            json.beginObject()
            json.endObject()
            #expect(json.text == "{}")
            #expect(JSONValue.object([:]).serialized(pretty: pretty) == "{}")
            #expect(JSONValue.array([]).serialized(pretty: pretty) == "[]")
        }
    }

    @Test func indentedTextHasTwoSpacesALevel() {
        let value: JSONValue = ["b": [1, 2], "a": "x"]
        #expect(value.serialized(pretty: true) == "{\n  \"a\": \"x\",\n  \"b\": [\n    1,\n    2\n  ]\n}")
        #expect(value.serialized() == #"{"a":"x","b":[1,2]}"#)
    }

    /// A document nested as deep as the parser takes one (`Limits.nestingDepth`, objects and
    /// arrays in turn) is written, compact and indented, and reads back the same; the writer
    /// once stopped (a trap) at 64 levels, which the documents fuzz target found.
    @Test func aDocumentNestedToTheLimitIsWrittenAndReadBack() throws {
        var text = ""
        for level in 0..<Limits.nestingDepth { text += level % 2 == 0 ? "[" : "{\"k\":" }
        text += "1"
        for level in (0..<Limits.nestingDepth).reversed() { text += level % 2 == 0 ? "]" : "}" }
        let value = try JSONValue.parse(Array(text.utf8), source: "deep")
        #expect(value.serialized() == text)
        let indented = value.serialized(pretty: true)
        #expect(try JSONValue.parse(Array(indented.utf8), source: "deep") == value)
    }
}

import Testing
import UniformTypes

/// An object written from members some of which are serialized already is the text the same
/// object's value writes, compact and indented: identify's records rely on it.
@Suite struct JSONWritingTests {
    let type: JSONValue = [
        "identifier": "public.png", "parents": ["public.image"], "tags": ["public.mime-type": ["image/png"]], "empty": [:],
        "none": [],
    ]

    @Test(arguments: [false, true]) func serializedMembersWriteAsTheirValues(pretty: Bool) {
        let members: [(key: String, value: JSONValue.Member)] = [
            ("path", .value("a \"quoted\"\nname")), ("type", .serialized(JSONValue.Serialized(type))), ("size", .value(12)),
            ("evidence", .value(["rule": "no-name", "content": nil])), ("error", .value(nil)),
        ]
        let whole: JSONValue = ["path": "a \"quoted\"\nname", "type": type, "size": 12, "evidence": ["rule": "no-name", "content": nil], "error": nil]
        #expect(JSONValue.serializedObject(members, pretty: pretty) == whole.serialized(pretty: pretty))
    }

    @Test func anObjectWithoutMembersIsEmptyBraces() {
        #expect(JSONValue.serializedObject([], pretty: true) == "{}")
        #expect(JSONValue.serializedObject([], pretty: false) == JSONValue.object([:]).serialized())
    }
}

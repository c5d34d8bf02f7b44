import UniformTypes

/// XML and binary property lists converted into each other through `PropertyList`, which keeps
/// every value type (string, integer, real, boolean, date, data, array, dictionary, UID), so the
/// conversion is lossless both ways. The one value XML cannot hold, a date with a fraction of a
/// second, makes the conversion fail rather than round it.
enum PropertyListConversion {
    static func convert(_ bytes: [UInt8], label: String, toBinary: Bool) throws(UTIError) -> [UInt8] {
        let value: PropertyList
        do {
            value = try PropertyList.read(bytes)
        } catch {
            throw UTIError(.invalidInput, "\(label): is not a valid property list: \(error.message)")
        }
        if toBinary { return value.binaryBytes }
        do {
            return try value.xmlBytes()
        } catch {
            throw UTIError(.invalidInput, "\(label): cannot be written as an XML property list without loss: \(error.message)")
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UniformTypes

/// XML and binary property lists converted into each other through a schema-free value that keeps
/// every property-list type (string, integer, real, boolean, date, data, array, dictionary).
enum PropertyListConversion {
    indirect enum Node: Codable, Sendable {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
        case date(Date)
        case data(Data)
        case array([Node])
        case dictionary([String: Node])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) { self = .boolean(value) }
            else if let value = try? container.decode(Int.self) { self = .integer(value) }
            else if let value = try? container.decode(Double.self) { self = .real(value) }
            else if let value = try? container.decode(Date.self) { self = .date(value) }
            else if let value = try? container.decode(Data.self) { self = .data(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([Node].self) { self = .array(value) }
            else { self = .dictionary(try container.decode([String: Node].self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .real(let value): try container.encode(value)
            case .boolean(let value): try container.encode(value)
            case .date(let value): try container.encode(value)
            case .data(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .dictionary(let value): try container.encode(value)
            }
        }
    }

    static func convert(_ bytes: [UInt8], label: String, toBinary: Bool) throws(UTIError) -> [UInt8] {
        let node: Node
        do {
            node = try PropertyListDecoder().decode(Node.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw UTIError(.invalidInput, "\(label): is not a valid property list: \(JSONValue.describe(error))")
        } catch {
            throw UTIError(.invalidInput, "\(label): is not a valid property list: \(error)")
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = toBinary ? .binary : .xml
        do {
            return Array(try encoder.encode(node))
        } catch {
            throw UTIError(.invalidInput, "\(label): cannot be written as a property list: \(error)")
        }
    }
}

/// A reference the server sends either as an ID or, when the request asks for it, as the whole object: Stripe's
/// expandable fields (`"customer": "cus_123"`, or the customer itself with `expand[]=customer`).
///
/// ```swift
/// switch charge.customer {
/// case .id(let id)?: print("customer", id)
/// case .object(let customer)?: print("customer", customer.email ?? "")
/// case nil: break
/// }
/// ```
///
/// A spec writes `Expandable<Customer>`. A reference whose object the client does not model is
/// `Expandable<JSONValue>`: it still decodes when the server sends the object, which is then read with
/// subscripts (`reference.object?["email"]`).
///
/// It decodes from a JSON string as ``id(_:)`` and from anything else as ``object(_:)``, and encodes back the
/// same way.
public enum Expandable<Object> {
    /// The ID the server sent in place of the object.
    case id(String)
    /// The object itself. Stored out of line, so a model may refer to itself through an expandable reference.
    indirect case object(Object)

    /// The ID, when the server sent only the ID.
    public var id: String? {
        if case .id(let id) = self { return id }
        return nil
    }

    /// The object, when the server sent it.
    public var object: Object? {
        if case .object(let object) = self { return object }
        return nil
    }
}

extension Expandable: Sendable where Object: Sendable {}
extension Expandable: Equatable where Object: Equatable {}
extension Expandable: Hashable where Object: Hashable {}

extension Expandable: Decodable where Object: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try container.decode(Object.self))
        }
    }
}

extension Expandable: Encodable where Object: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .object(let object): try container.encode(object)
        }
    }
}

import Foundation

/// How generated request handlers decode a response body, turning failures into ``RouteGenError``s that name
/// the route and say where the body does not fit.
public enum ResponseDecoding {
    /// Decodes `body` as `type`, reporting where and why it does not fit.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from body: Data, response: APIResponse, for request: APIRequest, decoder: JSONDecoder
    ) throws(RouteGenError) -> Value {
        do {
            return try decoder.decode(type, from: body)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw .decodingFailed(
                DecodingFailure(
                    request: RequestSummary(request, redactor: .default), statusCode: response.statusCode,
                    expectedType: String(describing: type), codingPath: path, reason: reason))
        } catch {
            throw .decodingFailed(
                DecodingFailure(
                    request: RequestSummary(request, redactor: .default), statusCode: response.statusCode,
                    expectedType: String(describing: type), codingPath: "", reason: "\(error)"))
        }
    }

    /// `results[3].release_date` from a coding path.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ error: DecodingError) -> (path: String, reason: String) {
        switch error {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(type) but found null")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "the required key `\(key.stringValue)` is missing")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }
}

import Foundation
import RouteGenRuntime

/// How the OAuth client talks to an authorization server it does not trust further than the protocol: requests
/// that follow no redirect (a token request's body holds a code, a verifier or a refresh token, which a `307` to
/// another origin would repeat there), and answers read up to ``bodyLimit`` bytes (a token response is a few
/// kilobytes; a server sending more is not one).
enum OAuthHTTP {
    /// The most an answer of the authorization server may hold: 1 MiB.
    static let bodyLimit = 1 << 20

    /// A `method` request to `url`, its path and query kept as written, that follows no redirect.
    static func request(_ method: RequestMethod, _ url: URL, route: String) throws(OAuthError) -> APIRequest {
        try OAuthClient.requireSecure(url)
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let scheme = components.scheme,
            let host = components.percentEncodedHost,
            let base = URL(string: "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? ""))
        else { throw .insecureEndpoint(url) }
        let query =
            components.percentEncodedQuery.map { $0.split(separator: "&").map(QueryItem.init(percentEncoded:)) } ?? []
        var request = APIRequest(
            method: method, baseURL: base,
            path: components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath,
            query: query, headers: ["Accept": "application/json"], authentication: Authentication.none, routeName: route
        )
        request.followsRedirects = false
        return request
    }

    /// Sends `request` and reads its answer. A redirect is refused (``OAuthError/unexpectedTokenResponse(status:reason:)``),
    /// and so is a body over ``bodyLimit``, of which no more is read.
    static func send(_ request: APIRequest, over transport: any HTTPTransport) async throws -> (Data, APIResponse) {
        let (response, body) = try await transport.stream(request)
        guard !response.isRedirection else {
            throw OAuthError.unexpectedTokenResponse(
                status: response.statusCode, reason: "a redirect, which is not followed with the client's credentials")
        }
        var data = Data()
        for try await chunk in body {
            guard data.count + chunk.count <= bodyLimit else {
                throw OAuthError.unexpectedTokenResponse(
                    status: response.statusCode, reason: "the body is over \(bodyLimit >> 20) MiB")
            }
            data.append(chunk)
        }
        return (data, response)
    }
}

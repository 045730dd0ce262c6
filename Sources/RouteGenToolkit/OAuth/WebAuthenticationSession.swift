// tvOS and watchOS have AuthenticationServices without a presentable ASWebAuthenticationSession.
#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
import AuthenticationServices
import Foundation

extension AuthorizationRequest {
    /// Opens ``url`` in an `ASWebAuthenticationSession` and returns the URL the authorization server redirected to,
    /// for ``OAuthClient/exchangeCode(from:for:)``. The session watches for ``redirectURI``'s scheme (a private-use
    /// scheme, `com.example.app`); cancelling the sheet throws `ASWebAuthenticationSessionError.canceledLogin`.
    ///
    /// Untested by RouteGen's tests, which run on Linux: it is the few lines that hand the URL to the system.
    ///
    /// - Parameters:
    ///   - anchor: the window the sheet is presented over.
    ///   - ephemeral: whether the browser shares no cookies with Safari (no "signed in already").
    @MainActor
    public func open(presentingOver anchor: ASPresentationAnchor, ephemeral: Bool = false) async throws -> URL {
        let scheme = URLComponents(string: redirectURI)?.scheme
        let presenter = Presenter(anchor: anchor)
        return try await withCheckedThrowingContinuation { continuation in
            let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) { callback, error in
                // The session holds its presenter weakly: the handler keeps it until the sign-in ends.
                _ = presenter
                if let callback {
                    continuation.resume(returning: callback)
                } else {
                    continuation.resume(throwing: error ?? ASWebAuthenticationSessionError(.canceledLogin))
                }
            }
            session.presentationContextProvider = presenter
            session.prefersEphemeralWebBrowserSession = ephemeral
            if !session.start() {
                continuation.resume(throwing: ASWebAuthenticationSessionError(.presentationContextInvalid))
            }
        }
    }
}

/// Gives `ASWebAuthenticationSession` the window to present over. Unchecked: the window is only handed back, on the
/// main thread, where the session asks for it.
private final class Presenter: NSObject, ASWebAuthenticationPresentationContextProviding, @unchecked Sendable {
    let anchor: ASPresentationAnchor

    init(anchor: ASPresentationAnchor) {
        self.anchor = anchor
    }

    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
}
#endif

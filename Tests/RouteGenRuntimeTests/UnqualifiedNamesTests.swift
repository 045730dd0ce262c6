#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import HTTPTypes
    import NIOCore
    import RouteGenAsyncHTTPClient
    @_spi(Generated) import RouteGenRuntime
    import RouteGenTesting
    import RouteGenToolkit
    import RouteGenURLSession
    import Testing

    /// A file that imports every product of RouteGen beside async-http-client, SwiftNIO, swift-http-types and Foundation
    /// names each public type of RouteGen's products, and the types of those libraries whose names RouteGen's once had,
    /// without a module prefix: it compiles only while no name is declared twice. `RuntimeSurfaceTests` checks that it
    /// names every public type of RouteGen's products.
    @Suite struct UnqualifiedNamesTests {
        @Test func everyTypeOfRouteGenIsNamedUnqualifiedBesideTheLibrariesAServerImports() {
            let runtime: [Any.Type] = [
                (any APIErrorBody).self, APIRequest.self, APIResponse.self, ArrayStyle.self, Authentication.self,
                (any CertificatePinning).self, CursorPages<Int, Int, Int>.self, DateFormat.self, DecodingFailure.self,
                EndpointExchange<Int>.self, ErrorBodies.self, EventStream<Int>.self, Expandable<Int>.self, File.self,
                FormEncoder.self, FormField.self, (any HTTPHeaderValue).self, (any HTTPParameterValue).self,
                (any HTTPTransport).self, HeaderFields.self, HeaderValueError.self, Indirect<Int>.self,
                InvalidRequest.self, JSONCoding.self, JSONKey.self, JSONValue.self, LinkHeader.self,
                LinkedPages<Int, Int>.self, MockCallLog<Int>.self, MockEndpoint<Int, Int>.self, MockEndpointError.self,
                MockStorage.self, MultipartFormData.self, PageItems<CursorPages<Int, Int, Int>, Int>.self,
                PageWalkError.self, PercentEncoding.self, PinMismatch.self, PinningError.self, QueryItem.self,
                RawServerSentEvent.self, ReceivedResponse.self, Redirect.self, RequestBody.self, RequestContent.self,
                RequestMethod.self, RequestSummary.self, ResponseBodyStream.self, ResponseDecoding.self,
                ResponseReader<Int>.self, (any RouteDescribing).self, RouteDescriptor.self, RouteGenError.self,
                SecretRedactor.self, ServerSentEventParser.self, ServerSentEvents.self, TransferProgress.self,
                TransportFailure.self, TypedResponse<Int, Int>.self, UnacceptableStatus.self,
            ]
            let toolkit: [Any.Type] = [
                AuthenticatingClient.self, BasicCredentials.self, CachedResponse.self, CachingClient.self,
                CoalescingClient.self, DeadlineClient.self, DiskCacheStore.self, HTTPCache.self,
                (any HTTPCacheStore).self, HeaderInjectingClient.self, IdempotencyKeyClient.self, LoggingClient.self,
                MemoryCacheStore.self, PublicKeyPins.self, ResponseValidatingClient.self, ResponseValidation.self,
                ResponseValidator.self, RetryPolicy.self, RetryingClient.self, AuthorizationRequest.self,
                MemoryTokenStore.self, OAuthClient.self, OAuthError.self, OAuthSession.self, (any OAuthTokenStore).self,
                OAuthTokens.self, TokenEndpointError.self, OpenIDConfiguration.self, IDTokenClaims.self,
                IDTokenRejection.self, DeviceAuthorization.self,
            ]
            #if canImport(Security)
                let keychain: [Any.Type] = [KeychainTokenStore.self]
            #else
                let keychain: [Any.Type] = []
            #endif
            let transports: [Any.Type] = [
                URLSessionClient.self, AsyncHTTPClientTransport.self, ServerTrust.self, StubTransport.self,
                StubResponse.self,
            ]
            // The names RouteGen's types had, which these libraries declare.
            let theirs: [Any.Type] = [
                HTTPClient.self, HTTPClientRequest.self, HTTPRequest.self, HTTPResponse.self, HTTPFields.self,
                ByteBuffer.self, URLComponents.self, URLQueryItem.self,
            ]
            let all = runtime + toolkit + keychain + transports + theirs
            #expect(Set(all.map(ObjectIdentifier.init)).count == all.count)
        }
    }
#endif

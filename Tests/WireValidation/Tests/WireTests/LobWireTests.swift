import Foundation
import LobClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// Lob's addresses, postcards, US verifications and templates, through the validating server, from Lob's document
/// split over files (each body's `content` a `$ref` to a file of its own): union bodies (a US or international
/// address; an address ID or an inline address), `deepObject` filters, the API key as the Basic user.
@Suite struct LobWireTests {
    static let address = "adr_210a8d4b0b76d77b"
    static let postcard = "psc_5c002b86ce47537a"
    static let template = "tmpl_c94e83ca2cd5121"

    @Test func addressesPostcardsAndTemplatesAreValidOnTheWireAndDecode() async throws {
        let (postcard, answers) = try await ValidatingServer.run(document: "LobClient/lob-api-public.yml") { base in
            let api = Lob.RequestHandler(
                environment: Lob.Environment(baseURL: base.appendingPathComponent("v1")),
                client: URLSessionClient().authenticated(basic: { BasicCredentials(user: "test_0dc8d51e0acffcb1880e0f19c79b2f5b0cc", password: "") }))
            let office = Lob.AddressEditableUs(
                addressLine1: "210 King St", addressCity: "San Francisco", addressState: "CA", addressZip: "94107",
                description: "Head office", name: "Ann Lee", company: "Lob", metadata: ["team": "growth"])
            _ = try await api.addressCreate(body: .addressEditableUs(office))
            _ = try await api.addressesList(limit: 10, include: ["total_count"], metadata: ["team": "growth"])
            _ = try await api.addressRetrieve(adrId: Self.address)
            _ = try await api.usVerification(
                case: .proper, body: .multipleComponents(.init(primaryLine: "210 King St", city: "San Francisco", state: "CA", zipCode: "94107")))
            let postcard = try await api.postcardCreate(
                idempotencyKey: "postcard-6735",
                body: .init(
                    description: "Spring campaign", to: .string(Self.address), front: Self.template, back: "<html>Hello {{name}}</html>",
                    useType: .marketing))
            _ = try await api.postcardsList(limit: 10, scheduled: false)
            _ = try await api.postcardRetrieve(pscId: Self.postcard)
            _ = try await api.postcardDelete(pscId: Self.postcard)
            _ = try await api.createTemplate(body: .init(description: "Spring front", html: "<html>Hello {{name}}</html>"))
            _ = try await api.templateUpdate(tmplId: Self.template, body: .init(description: "Spring front (final)"))
            _ = try await api.addressDelete(adrId: Self.address)
            return postcard.body
        }
        // A postcard, typed (its `content` is a `$ref` to a file of its own): the synthesized one's `psc_` ID.
        #expect(postcard.id.hasPrefix("psc_"))
        expectAllValid(answers, operations: [
            "address_create", "addresses_list", "address_retrieve", "us_verification", "postcard_create", "postcards_list",
            "postcard_retrieve", "postcard_delete", "create_template", "template_update", "address_delete",
        ])
        #expect(answers.allSatisfy { $0.security == [["basicAuth"]] })
    }
}

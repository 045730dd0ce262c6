import Foundation
import PagerDutyClient
import RouteGenToolkit
import RouteGenURLSession
import Testing

/// PagerDuty's business services and incidents, through the validating server: an API key sent as the whole
/// `Authorization` header (`Token token=…`), the versioning `Accept` header and the `From` header of the calls that act
/// as a user.
///
/// Not called: `createIncident` and `createService` (kept in the configuration, so they compile). Every reference
/// their bodies require (`service`, `escalation_policy`: `{id, type}`) inherits `readOnly` `id` and `type` from the
/// document's base object, so no request that sends them is valid under the document, and none that leaves them
/// out is of use to PagerDuty.
@Suite struct PagerDutyWireTests {
    static let from = "oncall@example.com"

    @Test func servicesAndIncidentsAreValidOnTheWireAndDecode() async throws {
        let (_, answers) = try await ValidatingServer.run(document: "PagerDutyClient/pagerduty.json") { base in
            let api = PagerDuty.RequestHandler(
                environment: PagerDuty.Environment(baseURL: base),
                client: URLSessionClient().authenticated { "Token token=y_NbAkKc66ryYTWUXYEu" })
            // Business services: created, listed, read, renamed, deleted.
            _ = try await api.createBusinessService(
                body: .init(businessService: .init(name: "Checkout", description: "Taking orders", pointOfContact: "Ann Lee")))
            _ = try await api.listBusinessServices(total: true)
            _ = try await api.getBusinessService(id: "PBS1234")
            _ = try await api.updateBusinessService(id: "PBS1234", body: .init(businessService: .init(name: "Checkout v2")))
            // Incidents, as an on-call engineer acts on them: listed by service, urgency and status, read, acknowledged
            // (as the user `From` names), annotated.
            _ = try await api.listIncidents(
                limit: 10, serviceIds: ["PSVC123"], urgencies: .high, statuses: .triggered, sortBy: ["created_at:desc"])
            _ = try await api.getIncident(id: "PINC123", include: .assignees)
            _ = try await api.updateIncident(
                id: "PINC123", from: Self.from, body: .init(incident: .init(type: .incidentReference, status: .acknowledged)))
            _ = try await api.createIncidentNote(id: "PINC123", from: Self.from, body: .init(note: .init(content: "Rolling back")))
            try await api.deleteBusinessService(id: "PBS1234")
        }
        expectAllValid(answers, operations: [
            "createBusinessService", "listBusinessServices", "getBusinessService", "updateBusinessService", "listIncidents",
            "getIncident", "updateIncident", "createIncidentNote", "deleteBusinessService",
        ])
        // The key went where PagerDuty's one scheme says: the whole `Authorization` header.
        #expect(answers.allSatisfy { $0.security == [["api_key"]] })
    }
}

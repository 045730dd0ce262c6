// The synthetic API's resource as a hand-written client would declare it: the baseline that RuntimeBenchmark and
// WireBenchmark measure generated models against. Copied beside each benchmark's main.swift by its script.
import Foundation

/// The model a hand-written client would declare.
struct HandResource: Decodable {
    enum Status: String, Decodable { case draft, published, archived }
    struct Detail: Decodable { var note: String }
    var name: String
    var count: Int64
    var active: Bool
    var score: Double
    var createdAt: Date
    var status: Status
    var detail: Detail?
    var tags: [String]

    enum CodingKeys: String, CodingKey {
        case name, count, active, score, status, detail, tags
        case createdAt = "created_at"
    }
}

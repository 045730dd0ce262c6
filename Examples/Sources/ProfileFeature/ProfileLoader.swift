import AccountsAPI
import RouteGenRuntime

/// A feature that shows a user's name. It depends on the generated `Accounts.RequestHandling` protocol and on
/// RouteGenRuntime's errors only: the app injects the real handler, tests inject a stub.
public struct ProfileLoader: Sendable {
    private let accounts: any Accounts.RequestHandling

    /// A loader over any implementation of the Accounts API.
    public init(accounts: any Accounts.RequestHandling) {
        self.accounts = accounts
    }

    /// The text the profile screen shows for `userId`.
    public func title(forUser userId: Int) async -> String {
        do {
            return try await accounts.userInfo(userId: userId).name
        } catch let RouteGenError.unacceptableStatus(failure) {
            return failure.errorBody(as: Accounts.APIError.self)?.message ?? "Error \(failure.response.statusCode)"
        } catch {
            return "Offline"
        }
    }
}

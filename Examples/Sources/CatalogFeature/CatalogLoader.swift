import MarketProducts
import RouteGenRuntime

/// A feature of one group of a large API: it depends on the `MarketProducts` module and its
/// `Market.Products.RequestHandling`, so it compiles without the API's other modules.
public struct CatalogLoader: Sendable {
    private let products: any Market.Products.RequestHandling

    /// A loader over any implementation of the catalog's endpoints.
    public init(products: any Market.Products.RequestHandling) {
        self.products = products
    }

    /// The catalog's lines: each product's title and price.
    public func lines(limit: Int) async throws -> [String] {
        try await products.listProducts(limit: limit).map { product in
            let cents = product.price.amount % 100
            return "\(product.title): \(product.price.amount / 100).\(cents < 10 ? "0" : "")\(cents) \(product.price.currency)"
        }
    }
}

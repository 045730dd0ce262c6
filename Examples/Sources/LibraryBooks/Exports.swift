@_exported import RouteGenRuntime

// Code that uses this API module also sees the runtime's types (HTTPClient, RouteGenError, …).
@_exported import RouteGenRuntime

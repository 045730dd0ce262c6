// Code that uses this API module also sees the runtime's types (HTTPTransport, RouteGenError, …).
@_exported import RouteGenRuntime

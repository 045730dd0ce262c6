// RouteGenRuntime

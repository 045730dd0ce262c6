// RouteGenURLSession

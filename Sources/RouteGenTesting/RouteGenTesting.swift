// RouteGenTesting

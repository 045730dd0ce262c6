#!/usr/bin/env python3
"""A local OAuth 2.0 authorization server for the toolkit's OAuth tests, built on Authlib (PyPI) and http.server.

    python3 Tests/RouteGenRuntimeTests/Fixtures/oauth_server.py [--lifetime SECONDS]

Listens on 127.0.0.1 at a free port and prints `port N` once it does. Authlib does the protocol: the authorization
code grant with PKCE (RFC 7636, S256 required), client credentials, refresh tokens with rotation (each refresh
revokes the token it used and issues a new one), token revocation (RFC 7009), OpenID Connect (an ID token signed
RS256 with a key made at start, for a sign-in asking for `openid`, carrying its `nonce`) and the device
authorization grant (RFC 8628). This file only keeps its records in memory and speaks HTTP:

    GET  /authorize   a login and consent form (an HTML page) for the authorization request in its query
    POST /authorize   the form: `username`, `password`, `consent` (`allow` or `deny`); answers 302 to the
                      redirect URI with `code` and `state`, or `error=access_denied`
    POST /token       the token endpoint
    POST /revoke      the revocation endpoint
    POST /device_authorization   the device authorization endpoint (RFC 8628 §3.1)
    POST /device      the page a user approves a device on: `user_code`, `username`, `password`, `consent`
    GET  /.well-known/openid-configuration   the discovery document (OpenID Connect Discovery 1.0 §3)
    GET  /jwks        the ID tokens' public key (RFC 7517)
    GET  /api/me      a protected resource: 200 `{"user": …}` for a valid bearer token, else 401
    GET  /api/v1/users/me   Okta's user resource (Examples' OktaAPI): 200 with the user as Okta's `User` for a valid
                      bearer token granted `okta.users.read`, 403 for one without it, else 401
    /oauth2/v1/authorize, /oauth2/v1/token, /oauth2/v1/revoke   the same endpoints where Okta's document puts them
    POST /__test/expire-access-tokens   makes every access token issued so far expired (no sleeping in tests)
    POST /__test/device   `user_code` and `action`: `slow-down` (the next poll is answered `slow_down`) or `expire`

Clients: `app`, public (no secret, PKCE), redirect URI `com.example.routegen:/oauth/callback`; `service`,
confidential (secret `service-secret`, HTTP Basic), client credentials only; `tv`, public, the device grant and
refresh. The user is `alice`, password `wonderland`; her `sub` is `alice`, her `name` "Alice Liddell".

The server stops when its standard input closes (the test that started it ended) or after --lifetime seconds.
"""
import argparse
import html
import json
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The server is on 127.0.0.1 without TLS, which Authlib refuses unless told.
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"

from authlib.common.security import generate_token  # noqa: E402
from authlib.oauth2 import AuthorizationServer  # noqa: E402
from authlib.oauth2.rfc6749 import ClientMixin, OAuth2Payload, OAuth2Request, grants  # noqa: E402
from authlib.oauth2.rfc6750 import BearerTokenGenerator  # noqa: E402
from authlib.oauth2.rfc7009 import RevocationEndpoint  # noqa: E402
from authlib.oauth2.rfc7636 import CodeChallenge  # noqa: E402
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant  # noqa: E402
from authlib.oidc.core import OpenIDCode, UserInfo  # noqa: E402
from joserfc.jwk import RSAKey  # noqa: E402

REDIRECT_URI = "com.example.routegen:/oauth/callback"
SCOPES = ("openid", "profile", "pets.read", "pets.write", "okta.users.read")
# Okta's paths of the endpoints (its document's URLs, relative to an organisation's server), by this server's own.
OKTA_PATHS = {"/oauth2/v1/authorize": "/authorize", "/oauth2/v1/token": "/token", "/oauth2/v1/revoke": "/revoke"}
SIGNING_KEY = RSAKey.generate_key(2048, parameters={"kid": "routegen-test", "use": "sig", "alg": "RS256"})
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
USERS = {"alice": "wonderland"}
LOCK = threading.Lock()
CODES = {}  # code -> dict(client_id, redirect_uri, scope, user, code_challenge, code_challenge_method)
DEVICES = {}  # device_code -> dict(client_id, scope, user_code, expires_at, grant: (user, approved), slow_down)
TOKENS = []  # dicts: access_token, refresh_token, client_id, user, scope, issued_at, expires_in, revoked, expired


class Client(ClientMixin):
    def __init__(self, client_id, secret, grant_types, auth_method, redirect_uris):
        self.client_id, self.secret, self.grant_types = client_id, secret, grant_types
        self.auth_method, self.redirect_uris = auth_method, redirect_uris

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return self.redirect_uris[0] if self.redirect_uris else None

    def get_allowed_scope(self, scope):
        return " ".join(s for s in (scope or "").split() if s in SCOPES)

    def check_redirect_uri(self, redirect_uri):
        return redirect_uri in self.redirect_uris

    def check_client_secret(self, client_secret):
        return self.secret is not None and client_secret == self.secret

    def check_endpoint_auth_method(self, method, endpoint):
        return method == self.auth_method

    def check_response_type(self, response_type):
        return response_type == "code" and "authorization_code" in self.grant_types

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


CLIENTS = {
    "app": Client("app", None, ["authorization_code", "refresh_token"], "none", [REDIRECT_URI]),
    "service": Client("service", "service-secret", ["client_credentials"], "client_secret_basic", []),
    "tv": Client("tv", None, [DEVICE_GRANT, "refresh_token"], "none", []),
}
ISSUER = None  # the server's base URL, set once it listens


class Record(dict):
    """A token or code as Authlib's grants ask for it."""

    def check_client(self, client):
        return self["client_id"] == client.get_client_id()

    def get_scope(self):
        return self.get("scope") or ""

    def get_redirect_uri(self):
        return self["redirect_uri"]

    def get_expires_in(self):
        return self["expires_in"]

    def is_expired(self):
        return self.get("expired", False)

    def is_revoked(self):
        return self.get("revoked", False)

    def get_user(self):
        return self.get("user")

    def get_client(self):
        return CLIENTS[self["client_id"]]

    def get_nonce(self):
        return self.get("nonce")

    def get_auth_time(self):
        return self.get("auth_time")

    def get_acr(self):
        return None

    def get_amr(self):
        return None


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

    def save_authorization_code(self, code, request):
        with LOCK:
            CODES[code] = Record(
                client_id=request.client.get_client_id(), redirect_uri=request.payload.redirect_uri,
                scope=request.payload.scope, user=request.user,
                code_challenge=request.payload.data.get("code_challenge"),
                code_challenge_method=request.payload.data.get("code_challenge_method"),
                nonce=request.payload.data.get("nonce"), auth_time=int(time.time()))

    def query_authorization_code(self, code, client):
        with LOCK:
            record = CODES.get(code)
        return record if record and record.check_client(client) else None

    def delete_authorization_code(self, authorization_code):
        with LOCK:
            for code, record in list(CODES.items()):
                if record is authorization_code:
                    del CODES[code]

    def authenticate_user(self, authorization_code):
        return authorization_code["user"]


class PKCE(CodeChallenge):
    """S256 only, as OAuth 2.1 asks of a public client."""

    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]

    def get_authorization_code_challenge(self, authorization_code):
        return authorization_code["code_challenge"]

    def get_authorization_code_challenge_method(self, authorization_code):
        return authorization_code["code_challenge_method"]


class OpenIDConnect(OpenIDCode):
    """An ID token, signed RS256, for a sign-in asking for `openid` (OpenID Connect Core §3.1.3.3)."""

    def resolve_client_private_key(self, client):
        return SIGNING_KEY

    def get_client_claims(self, client):
        return {"iss": ISSUER, "aud": [client.get_client_id()]}

    def get_encode_header(self, client):
        return {"alg": "RS256", "kid": SIGNING_KEY.kid}

    def exists_nonce(self, nonce, request):
        with LOCK:
            return any(record.get("nonce") == nonce for record in CODES.values())

    def generate_user_info(self, user, scope):
        info = UserInfo(sub=user)
        if "profile" in scope.split():
            info["name"] = "Alice Liddell"
        return info


class DeviceAuthorization(DeviceAuthorizationEndpoint):
    CLIENT_AUTH_METHODS = ["none"]

    def get_verification_uri(self):
        return f"{ISSUER}/device"

    def save_device_credential(self, client_id, scope, data):
        with LOCK:
            DEVICES[data["device_code"]] = dict(
                client_id=client_id, scope=scope, user_code=data["user_code"],
                expires_at=time.time() + data["expires_in"], grant=None, slow_down=False)


class DeviceCredential(dict):
    """A device code as Authlib's device grant asks for it."""

    def get_client_id(self):
        return self["client_id"]

    def get_scope(self):
        return self.get("scope")

    def get_user_code(self):
        return self["user_code"]

    def is_expired(self):
        return self["expires_at"] < time.time()


class DeviceGrant(DeviceCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

    def query_device_credential(self, device_code):
        with LOCK:
            return DeviceCredential(DEVICES[device_code]) if device_code in DEVICES else None

    def query_user_grant(self, user_code):
        with LOCK:
            return next((d["grant"] for d in DEVICES.values() if d["user_code"] == user_code), None)

    def should_slow_down(self, credential):
        with LOCK:
            device = next(d for d in DEVICES.values() if d["user_code"] == credential.get_user_code())
            slow_down, device["slow_down"] = device["slow_down"], False
        return slow_down


class RefreshTokenGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none", "client_secret_basic"]
    INCLUDE_NEW_REFRESH_TOKEN = True  # rotation

    def authenticate_refresh_token(self, refresh_token):
        with LOCK:
            for token in TOKENS:
                if token.get("refresh_token") == refresh_token and not token.is_revoked():
                    return token
        return None

    def authenticate_user(self, refresh_token):
        return refresh_token["user"]

    def revoke_old_credential(self, refresh_token):
        with LOCK:
            refresh_token["revoked"] = True


class Revocation(RevocationEndpoint):
    CLIENT_AUTH_METHODS = ["none", "client_secret_basic"]

    def query_token(self, token_string, token_type_hint):
        with LOCK:
            for token in TOKENS:
                if token_string in (token.get("access_token"), token.get("refresh_token")):
                    return token
        return None

    def revoke_token(self, token, request):
        with LOCK:
            token["revoked"] = True


class Payload(OAuth2Payload):
    def __init__(self, values):
        self._values = values

    @property
    def data(self):
        return self._values

    @property
    def datalist(self):
        return {key: [value] for key, value in self._values.items()}


class Request(OAuth2Request):
    def __init__(self, handler, form):
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(handler.path).query))
        super().__init__(handler.command, f"http://127.0.0.1:{handler.server.server_port}{handler.path}", headers=handler.headers)
        self._args, self._form = query, form
        self.payload = Payload({**query, **form})

    @property
    def args(self):
        return self._args

    @property
    def form(self):
        return self._form


class Server(AuthorizationServer):
    def __init__(self):
        super().__init__(scopes_supported=list(SCOPES))
        self.register_token_generator(
            "default", BearerTokenGenerator(lambda **_: generate_token(42), lambda **_: generate_token(48)))
        self.register_grant(AuthorizationCodeGrant, [PKCE(required=True), OpenIDConnect()])
        self.register_grant(DeviceGrant)
        self.register_endpoint(DeviceAuthorization)
        self.register_grant(grants.ClientCredentialsGrant)
        self.register_grant(RefreshTokenGrant)
        self.register_endpoint(Revocation)

    def query_client(self, client_id):
        return CLIENTS.get(client_id)

    def save_token(self, token, request):
        record = Record(token, client_id=request.client.get_client_id(), user=request.user, issued_at=time.time())
        with LOCK:
            TOKENS.append(record)

    def create_oauth2_request(self, request):
        return request

    def create_json_request(self, request):
        return request

    def handle_response(self, status, body, headers):
        return status, body, headers

    def send_signal(self, name, *args, **kwargs):
        pass


SERVER = Server()

FORM = """<!doctype html>
<html><body><h1>Sign in to RouteGen's test server</h1><p>{client} asks for: {scope}</p>
<form method="post" action="{action}">
<input name="username"> <input name="password" type="password">
<button name="consent" value="allow">Allow</button> <button name="consent" value="deny">Deny</button>
</form></body></html>
"""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def form(self):
        length = int(self.headers.get("Content-Length") or 0)
        return dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))

    def answer(self, status, body=b"", headers=()):
        if isinstance(body, dict):
            body = json.dumps(body)
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def bearer_token(self):
        """The valid token the request's `Authorization` carries, or None."""
        authorization = self.headers.get("Authorization") or ""
        with LOCK:
            token = next((t for t in TOKENS if authorization == f"Bearer {t['access_token']}"), None)
            return token if token is not None and not token.is_revoked() and not token.is_expired() else None

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        path = OKTA_PATHS.get(path, path)
        if path == "/authorize":
            request = Request(self, {})
            try:
                grant = SERVER.get_consent_grant(request)
            except Exception as error:  # an OAuth error Authlib will not redirect (unknown client, redirect URI)
                return self.answer(400, {"error": getattr(error, "error", "invalid_request")}, [("Content-Type", "application/json")])
            page = FORM.format(client=html.escape(grant.client.get_client_id()),
                               scope=html.escape(request.payload.scope or ""), action=html.escape(self.path))
            return self.answer(200, page, [("Content-Type", "text/html; charset=utf-8")])
        if path == "/.well-known/openid-configuration":
            return self.answer(200, discovery_document(), [("Content-Type", "application/json")])
        if path == "/jwks":
            keys = {"keys": [SIGNING_KEY.as_dict(private=False)]}
            return self.answer(200, keys, [("Content-Type", "application/json")])
        if path in ("/api/me", "/api/v1/users/me"):
            token = self.bearer_token()
            if token is None:
                return self.answer(401, {"error": "invalid_token"}, [("WWW-Authenticate", 'Bearer error="invalid_token"')])
            user = token.get_user() or token["client_id"]
            if path == "/api/me":
                return self.answer(200, {"user": user}, [("Content-Type", "application/json")])
            if "okta.users.read" not in token.get_scope().split():
                return self.answer(403, {"errorCode": "E0000006", "errorSummary": "The token lacks okta.users.read"},
                                   [("Content-Type", "application/json")])
            profile = {"login": f"{user}@example.com", "email": f"{user}@example.com", "firstName": "Alice",
                       "lastName": "Liddell"}
            return self.answer(200, {"id": user, "status": "ACTIVE", "profile": profile},
                               [("Content-Type", "application/json")])
        self.answer(404)

    def do_POST(self):
        path = urllib.parse.urlsplit(self.path).path
        path = OKTA_PATHS.get(path, path)
        form = self.form()
        if path == "/authorize":
            request = Request(self, form)
            user = form.get("username")
            signed_in = USERS.get(user) == form.get("password") and form.get("consent") == "allow"
            grant = SERVER.get_consent_grant(request, end_user=user if signed_in else None)
            status, body, headers = SERVER.create_authorization_response(
                request, grant_user=user if signed_in else None, grant=grant)
            return self.answer(status, body, headers)
        if path == "/token":
            return self.answer(*SERVER.create_token_response(Request(self, form)))
        if path == "/revoke":
            return self.answer(*SERVER.create_endpoint_response("revocation", Request(self, form)))
        if path == "/device_authorization":
            return self.answer(*SERVER.create_endpoint_response("device_authorization", Request(self, form)))
        if path == "/device":
            signed_in = USERS.get(form.get("username")) == form.get("password")
            with LOCK:
                device = next((d for d in DEVICES.values() if d["user_code"] == form.get("user_code")), None)
                if device is None or not signed_in:
                    return self.answer(400, "unknown code or wrong password")
                device["grant"] = (form["username"], form.get("consent") == "allow")
            return self.answer(200, "You may return to your device.")
        if path == "/__test/device":
            with LOCK:
                device = next((d for d in DEVICES.values() if d["user_code"] == form.get("user_code")), None)
                if device is None:
                    return self.answer(404)
                if form.get("action") == "slow-down":
                    device["slow_down"] = True
                elif form.get("action") == "expire":
                    device["expires_at"] = 0
            return self.answer(204)
        if path == "/__test/expire-access-tokens":
            with LOCK:
                for token in TOKENS:
                    token["expired"] = True
            return self.answer(204)
        self.answer(404)


def discovery_document():
    """OpenID Connect Discovery 1.0 §3, with RFC 8414's and RFC 8628's additions."""
    return {
        "issuer": ISSUER,
        "authorization_endpoint": f"{ISSUER}/authorize",
        "token_endpoint": f"{ISSUER}/token",
        "revocation_endpoint": f"{ISSUER}/revoke",
        "device_authorization_endpoint": f"{ISSUER}/device_authorization",
        "jwks_uri": f"{ISSUER}/jwks",
        "scopes_supported": list(SCOPES),
        "response_types_supported": ["code"],
        "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials", DEVICE_GRANT],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none", "client_secret_basic"],
    }


def main():
    global ISSUER
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=300)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    ISSUER = f"http://127.0.0.1:{server.server_port}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"port {server.server_port}", flush=True)
    stopper = threading.Thread(target=lambda: sys.stdin.read(), daemon=True)
    stopper.start()
    stopper.join(arguments.lifetime)
    server.shutdown()


if __name__ == "__main__":
    main()

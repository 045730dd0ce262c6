import Foundation

/// A certificate chain made at test time with the `openssl` command: a root (P-256), an intermediate (RSA) and, for
/// each key type, a leaf for `localhost` and `127.0.0.1`, plus a spare key nothing is signed with (a backup pin).
/// Each certificate's pin is computed by `openssl` too, so the runtime's own DER reading is checked against it.
package struct TestCertificates: Sendable {
    /// A leaf's files and pins.
    package struct Leaf: Sendable {
        /// The PEM certificate chain the server sends: the leaf, then the intermediate.
        package var chainPEM: URL
        /// The leaf's private key, PEM.
        package var keyPEM: URL
        /// The leaf's DER.
        package var der: [UInt8]
        /// `sha256/<base64>` of the leaf's SubjectPublicKeyInfo, as `openssl` computes it.
        package var pin: String
    }

    /// The folder the files are in.
    package let folder: URL
    /// The root certificate, PEM: what a client trusts.
    package let rootPEM: URL
    /// The DER of the root and of the intermediate, and their pins as `openssl` computes them.
    package let authorities: [(der: [UInt8], pin: String)]
    /// A leaf with an RSA key.
    package let rsaLeaf: Leaf
    /// A leaf with a P-256 key.
    package let p256Leaf: Leaf
    /// The pin of a key no certificate carries: a backup pin.
    package let sparePin: String

    /// Makes the chain in a new temporary folder.
    package init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "routegen-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ca = "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
        let leafExtensions = "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
            + "extendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n"
        try ca.write(to: folder.appending(path: "ca.ext"), atomically: true, encoding: .utf8)
        try leafExtensions.write(to: folder.appending(path: "leaf.ext"), atomically: true, encoding: .utf8)
        try Self.run(
            """
            openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout root.key -out root.pem \
                -subj '/CN=RouteGen Test Root' -days 2 -addext basicConstraints=critical,CA:TRUE \
                -addext keyUsage=critical,keyCertSign,cRLSign
            openssl req -newkey rsa:2048 -nodes -keyout inter.key -out inter.csr -subj '/CN=RouteGen Test Intermediate'
            openssl x509 -req -in inter.csr -CA root.pem -CAkey root.key -CAcreateserial -out inter.pem -days 2 -extfile ca.ext
            for kind in rsa p256; do
                if [ $kind = rsa ]; then key='rsa:2048'; else key='ec -pkeyopt ec_paramgen_curve:P-256'; fi
                openssl req -newkey $key -nodes -keyout $kind.key -out $kind.csr -subj '/CN=localhost'
                openssl x509 -req -in $kind.csr -CA inter.pem -CAkey inter.key -CAcreateserial -out $kind.pem -days 2 -extfile leaf.ext
                cat $kind.pem inter.pem > $kind-chain.pem
            done
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out spare.key
            for cert in root inter rsa p256; do
                openssl x509 -in $cert.pem -outform der -out $cert.der
                openssl x509 -in $cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64 > $cert.pin
            done
            openssl pkey -in spare.key -pubout -outform der | openssl dgst -sha256 -binary | base64 > spare.pin
            """, in: folder)
        let directory = folder
        func pinOf(_ name: String) throws -> String {
            "sha256/" + (try String(contentsOf: directory.appending(path: "\(name).pin"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func derOf(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: directory.appending(path: "\(name).der"))) }
        func leafOf(_ name: String) throws -> Leaf {
            Leaf(
                chainPEM: directory.appending(path: "\(name)-chain.pem"), keyPEM: directory.appending(path: "\(name).key"),
                der: try derOf(name), pin: try pinOf(name))
        }
        rootPEM = folder.appending(path: "root.pem")
        authorities = [(try derOf("root"), try pinOf("root")), (try derOf("inter"), try pinOf("inter"))]
        rsaLeaf = try leafOf("rsa")
        p256Leaf = try leafOf("p256")
        sparePin = try pinOf("spare")
    }

    /// Removes the files.
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ script: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-ec", script]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CertificateScriptFailed(output: String(decoding: message, as: UTF8.self))
        }
    }

    /// `openssl` failed.
    package struct CertificateScriptFailed: Error, CustomStringConvertible {
        package var output: String
        package var description: String { "making the test certificates failed: \(output)" }
    }
}

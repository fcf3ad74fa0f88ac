import FoundationEssentials
import Platform
import SDKBenchTesting
import Testing

@testable import Hamon

struct HamonCipherTests {
    @Test func theKeyIsTheLiteralReversedNotTheSeedsPrintedString() {
        #expect(HamonCipher.key.count == 32)
        #expect(String(decoding: HamonCipher.key, as: UTF8.self) == String(HamonCipher.keyLiteral.reversed()))
        // The seed prints "kVPCA?PUB4kQo,T<A9=2-S+)NRk)#<X5" as the reversal; it has two characters swapped.
        #expect(String(decoding: HamonCipher.key, as: UTF8.self) != "kVPCA?PUB4kQo,T<A9=2-S+)NRk)#<X5")
    }

    /// The payload must equal what the `openssl enc` command line computes for the same key and
    /// zero IV, prefixed with the 16 IV bytes: an answer that does not come from our own code.
    @Test(arguments: [
        "", "a",
        #"{"events":[{"uuid":"550E8400-E29B-41D4-A716-446655440000","timestamp":1731927483234,"name":"purchase","parameters":{"price":9.99}}]}"#,
        String(repeating: "0123456789abcdef", count: 4), "ünïcødé ✓",
    ])
    func encryptionMatchesTheOpensslCommandLine(plaintext: String) async {
        let hexKey = HamonCipher.key.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
        let script = "{ head -c 16 /dev/zero; openssl enc -aes-256-cbc -K \(hexKey) -iv 00000000000000000000000000000000 -nosalt; } | base64 -w0"
        let openssl = await ProcessRunner.run("/bin/sh", ["-c", script], stdin: plaintext)
        #expect(openssl.status == 0, "\(openssl.stderr)")
        #expect(HamonCipher.encrypt(Array(plaintext.utf8)) == openssl.stdout)
    }

    @Test func decryptionInvertsEncryptionAndRefusesWhatIsNotAPayload() throws {
        let text = #"{"events":[]}"#
        #expect(try HamonCipher.decrypt(HamonCipher.encrypt(Array(text.utf8))) == Array(text.utf8))
        #expect(throws: HamonCipherError.notBase64) { try HamonCipher.decrypt("not base64!") }
        #expect(throws: HamonCipherError.wrongLength(16)) { try HamonCipher.decrypt("AAAAAAAAAAAAAAAAAAAAAA==") }
        var tampered = [UInt8](Data(base64Encoded: HamonCipher.encrypt(Array(text.utf8)))!)
        tampered[tampered.count - 1] ^= 0x55
        #expect(throws: HamonCipherError.badPadding) { try HamonCipher.decrypt(Data(tampered).base64EncodedString()) }
    }

    /// Base64 is Foundation's, as strict as the backend's reading: padding required, no blanks or
    /// line breaks, nothing outside the standard alphabet.
    @Test func payloadsMustBePaddedUnbrokenStandardBase64LikeTheBackendReadsThem() throws {
        let payload = HamonCipher.encrypt(Array(#"{"events":[]}"#.utf8))
        #expect(payload.hasSuffix("="), "a 13-byte plaintext seals to 48 bytes: no padding would make this test vacuous")
        #expect(try HamonCipher.decrypt(payload) == Array(#"{"events":[]}"#.utf8))
        let unpadded = String(payload.prefix { $0 != "=" })
        let urlSafeAlphabet = String(repeating: "-_", count: 32)
        let malformed = [unpadded, String(payload.prefix(20)) + "\n" + payload.dropFirst(20), " " + payload, urlSafeAlphabet]
        for text in malformed {
            #expect(throws: HamonCipherError.notBase64, "\(text.debugDescription)") { try HamonCipher.decrypt(text) }
        }
    }

    @Test func base64RoundTripsEveryLength() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Data(base64Encoded: Data(bytes).base64EncodedString()).map { [UInt8]($0) } == bytes)
        }
        #expect(Data("foob".utf8).base64EncodedString() == "Zm9vYg==")
    }
}

struct HamonServerTests {
    @Test func theHostLosesItsSchemeAndTrailingSlashesAsInTheSDK() {
        #expect(HamonEndpoint(host: "http://10.0.0.5:8000//").baseURL == "http://10.0.0.5:8000/v1")
        #expect(HamonEndpoint(host: "https://api.example.com/").baseURL == "https://api.example.com/v1")
        #expect(HamonEndpoint(host: "api.example.com", https: true).baseURL == "https://api.example.com/v1")
        #expect(HamonEndpoint(host: "192.168.1.100").baseURL == "http://192.168.1.100/v1")
    }

    @Test func plainHTTPToANonLocalHostWarns() {
        #expect(HamonEndpoint(host: "api.example.com").needsInsecureWarning)
        #expect(!HamonEndpoint(host: "api.example.com", https: true).needsInsecureWarning)
        for local in ["localhost", "127.0.0.1:8000", "192.168.1.100", "10.1.2.3:80"] {
            #expect(!HamonEndpoint(host: local).needsInsecureWarning, "\(local)")
        }
    }

    @Test func thePlistNamesTheHostWithoutItsPort() {
        let xml = HamonEndpoint.infoPlistXML(host: "http://192.168.1.100:8000")
        #expect(xml.contains("<key>192.168.1.100</key>"))
        #expect(xml.contains("<key>NSExceptionAllowsInsecureHTTPLoads</key>\n            <true/>"))
        #expect(xml.hasPrefix("<key>NSAppTransportSecurity</key>"))
    }

    @Test func localeAndCountryComeFromTheLocaleName() {
        #expect(LocaleName.identifier(from: "en_US.UTF-8") == "en_US")
        #expect(LocaleName.identifier(from: "C.UTF-8") == nil)
        #expect(DeviceFacts.country(fromLocale: "pt_BR") == "BR")
        #expect(DeviceFacts.country(fromLocale: "en") == nil)
    }
}

import Shell
import Testing

@testable import RecordMode

/// The values of secret-named members where they stand in a JSON text, at any depth, the rest
/// of the text as it was.
struct JSONTextSecretsTests {
    static func pieces(_ text: String) -> [SecretPiece] {
        JSONTextSecrets.pieces(of: text, isSecret: RecordedSecrets.isSecretName)
    }

    @Test func stringsAndNumbersUnderSecretNamesAreCutOutAsWritten() {
        #expect(
            Self.pieces(#"{"a": "x", "api_key" : "k\"1", "n": [{"pin_token":-1.5e3}], "password": ""}"#) == [
                .text(#"{"a": "x", "api_key" : ""#), .secret(name: "api_key", value: #"k\"1"#), .text(#"", "n": [{"pin_token":"#),
                .secret(name: "pin_token", value: "-1.5e3"), .text(#"}], "password": ""}"#),
            ]
        )
    }

    @Test func aNameIsReadWithItsEscapesAndAContainerIsOpened() {
        #expect(
            Self.pieces(#"{"pass\u0077ord":"p","token":{"id":"t","secret":null}}"#) == [
                .text(#"{"pass\u0077ord":""#), .secret(name: "password", value: "p"), .text(#"","token":{"id":"t","secret":null}}"#),
            ]
        )
    }

    @Test func aTextThatIsNotJSONEndsWithoutACut() {
        #expect(Self.pieces(#"{"token": "unclosed"#) == [.text(#"{"token": "unclosed"#)])
        #expect(Self.pieces("") == [])
    }
}

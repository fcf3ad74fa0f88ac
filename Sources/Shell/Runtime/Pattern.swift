import CPCRE2

/// A regular expression for `expect … matches`, searched under a step budget.
///
/// A pattern that backtracks exponentially (`^(a+)+$` against 30 `a`s and a `!`) ran for ten
/// minutes on Swift's `Regex`, which has no budget and ignores cancellation, and a hostile server
/// reaches it through `expect last.body matches …`. PCRE2 gives up after `stepLimit`
/// backtracking steps, so such a search ends in well under a second with a located error.
/// Syntax is Perl's, as Swift's `Regex` takes it for the patterns scripts write.
final class Pattern {
    /// PCRE2's own default match limit: ordinary patterns over megabyte bodies stay far below it.
    static let stepLimit: UInt32 = 10_000_000

    enum SearchOutcome: Equatable {
        case found
        case notFound
        /// The budget ran out before the search could tell.
        case gaveUp
    }

    struct CompileFailure: Error {
        var message: String
        /// 0-based byte offset in the pattern.
        var offset: Int
    }

    let text: String
    private let code: OpaquePointer

    init(_ text: String) throws(CompileFailure) {
        self.text = text
        var message = [CChar](repeating: 0, count: 256)
        var offset = 0
        var bytes = Array(text.utf8)
        let compiled = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                sdk_pattern_compile(chars.baseAddress, chars.count, &message, message.count, &offset)
            }
        }
        guard let compiled else {
            let end = message.firstIndex(of: 0) ?? message.count
            throw CompileFailure(message: String(decoding: message[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self), offset: offset)
        }
        code = OpaquePointer(compiled)
    }

    deinit { sdk_pattern_free(UnsafeMutableRawPointer(code)) }

    func search(in subject: String, stepLimit: UInt32 = Pattern.stepLimit) -> SearchOutcome {
        // A terminating byte keeps the pointer valid for an empty subject (PCRE2 10.42 refuses NULL).
        let bytes = Array(subject.utf8) + [0]
        let result = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                sdk_pattern_search(UnsafeMutableRawPointer(code), chars.baseAddress, chars.count - 1, stepLimit)
            }
        }
        switch result {
        case 1: return .found
        case 0: return .notFound
        default: return .gaveUp
        }
    }
}

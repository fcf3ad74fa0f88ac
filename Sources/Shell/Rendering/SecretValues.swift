import DequeModule
import JSON
import Ping
import Script
import Synchronization
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The secret values a session has seen, and the one pass that masks them as `***`.
///
/// Names alone miss a token pasted into a plain header, echoed, or quoted in an error excerpt,
/// so every value bound to a secret-kind argument, `set --secret`, the FCM token and the values
/// of secret-named headers, fields and query parameters is kept here, and every way out
/// (stdout, stderr, traces, history, files other than the store that must hold them) masks by
/// value. Each value is also kept in the forms it takes on the way out: JSON-escaped and
/// percent-encoded, and Basic credentials as their base64 and header value (`addBasicCredentials`).
package final class SecretValues: Sendable {
    package static let mask = "***"
    /// Values found by a name that only suggests a secret (`Cookie: a=1`) are masked from this
    /// length: masking "1" would mangle every status line. Explicit secrets are masked at any length.
    static let guessedMinimumLength = 4

    /// Below this length a secret is masked only where it stands as a whole word: a one-letter
    /// token must not turn every `e` of the output into `***`. Longer ones are masked anywhere.
    static let wholeWordBelow = 8

    /// The values, longest first (so a secret containing another is masked whole), with a set to
    /// find one in and, when their number is bounded, the order they came in.
    private struct Store {
        var values: [String] = []
        var known: Set<String> = []
        var arrival: Deque<String> = []
        /// The value `add` took last: its forms are the newest in the store, so taking it again
        /// changes nothing. A Miataru command adds the device's 256-character key each time, and
        /// working out its spellings again was 13.7% of a fleet's CPU (perf, 10,000 devices).
        var lastAdded: String?

        /// Puts `form` after the longer and equally long values: the order a stable sort by
        /// length gives, found by bisection. Sorting on every new value, and looking for it in
        /// the array, made a load device whose token changed every iteration slower at each one
        /// (8,000 iterations: 6.2 s of CPU against 0.6 s with the token in a plain header).
        mutating func insert(_ form: String, keepingOrder: Bool) -> Bool {
            guard known.insert(form).inserted else { return false }
            let length = form.utf8.count
            var low = 0
            var high = values.count
            while low < high {
                let middle = (low + high) / 2
                if values[middle].utf8.count >= length { low = middle + 1 } else { high = middle }
            }
            values.insert(form, at: low)
            if keepingOrder { arrival.append(form) }
            return true
        }

        /// Forgets the oldest `count` values, in one pass over the rest.
        mutating func removeOldest(_ count: Int) {
            var forgotten: Set<String> = []
            for _ in 0..<count {
                guard let oldest = arrival.popFirst() else { break }
                known.remove(oldest)
                forgotten.insert(oldest)
            }
            values.removeAll { forgotten.contains($0) }
        }
    }

    private let store = Mutex(Store())
    /// The most values kept; `nil`: all of them.
    private let limit: Int?
    /// Counts the changes to the values, so the REPL knows when saved history must be judged again.
    private let changes = Atomic(0)
    /// Read without the lock on every write to stdout: a million-line script with no secret
    /// must not pay for the pass.
    private let isEmptyFlag = Atomic(true)

    /// `keepingAtMost`: past that many values (each form counts), the oldest are forgotten. Only
    /// for a session that shows nothing (a load device): its secrets come and go with its
    /// iterations (a token a login returns), and keeping all of them grew its memory and time
    /// without end.
    package init(keepingAtMost limit: Int? = nil) {
        self.limit = limit
    }

    package var isEmpty: Bool { isEmptyFlag.load(ordering: .acquiring) }

    /// Changes whenever a new value becomes secret.
    package var generation: Int { changes.load(ordering: .acquiring) }

    /// How many values (forms included) are kept.
    var count: Int { store.withLock { $0.values.count } }

    /// Registers a value given as a secret (any length but empty).
    package func add(_ value: String) {
        guard !value.isEmpty, store.withLock({ $0.lastAdded != value }) else { return }
        // The store's set drops a form already there, another value's or one of these. A value
        // of unreserved characters only (most tokens) has no other spelling. Working out the
        // spellings of a Miataru device's new key, each iteration, was 8.6% of a 10,000-device
        // fleet's CPU (perf, load_bench.py's Miataru flow): they are made byte by byte now.
        let forms: [String]
        if FormEncoding.isUnreserved(value) {
            forms = [value]
        } else {
            let encoded = FormEncoding.escape(value)
            forms = [value, Self.jsonEscaped(value), encoded, value.percentDecoded(plusAsSpace: true)] + Self.otherPercentSpellings(of: encoded)
        }
        store.withLock { store in
            var changed = false
            for form in forms where !form.isEmpty {
                if store.insert(form, keepingOrder: limit != nil) { changed = true }
            }
            // A quarter at a time: one at a time was a pass over all of them for every new value.
            if let limit, store.values.count > limit { store.removeOldest(store.values.count - limit + limit / 4) }
            if changed { changes.add(1, ordering: .releasing) }
            store.lastAdded = value
        }
        isEmptyFlag.store(false, ordering: .releasing)
    }

    /// The same percent-encoding as other encoders spell it: hex digits in lower case (RFC 3986
    /// allows both) and a space as `+` (HTML forms); none when nothing was encoded.
    static func otherPercentSpellings(of encoded: String) -> [String] {
        guard encoded.utf8.contains(UInt8(ascii: "%")) else { return [] }
        var lower: [UInt8] = []
        lower.reserveCapacity(encoded.utf8.count)
        var afterPercent = 0
        for byte in encoded.utf8 {
            let isHexLetter = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F")
            lower.append(afterPercent > 0 && isHexLetter ? byte + 32 : byte)
            afterPercent = byte == UInt8(ascii: "%") ? 2 : max(0, afterPercent - 1)
        }
        let lowerText = String(decoding: lower, as: UTF8.self)
        return [lowerText, spaceAsPlus(encoded), spaceAsPlus(lowerText)].filter { $0 != encoded }
    }

    /// `%20` written `+`.
    private static func spaceAsPlus(_ encoded: String) -> String {
        let bytes = Array(encoded.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "2"),
                bytes[index + 2] == UInt8(ascii: "0")
            {
                out.append(UInt8(ascii: "+"))
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Registers a value whose name suggests a secret, unless it is too short to mask safely.
    func addGuessed(_ value: String) {
        guard value.count >= Self.guessedMinimumLength else { return }
        add(value)
    }

    /// Registers the credential of an `Authorization`-style value: the whole value, and the part
    /// after a scheme (`Bearer T`, `Basic dXNlcjpwdw==`).
    package func addCredential(_ value: String) {
        addGuessed(value)
        if let space = value.firstIndex(of: " ") { addGuessed(String(value[value.index(after: space)...])) }
    }

    /// Registers a value given as a secret that may carry a scheme (`--secret 'Bearer T'`): the
    /// whole value and, at any length, the part after the scheme, which a server echoing the
    /// token alone would otherwise show.
    package func addExplicitCredential(_ value: String) {
        add(value)
        // Only a scheme then a token (`Bearer T`, `Token T`): a value that is a phrase keeps its words.
        let parts = value.split(separator: " ")
        if parts.count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isLetter }) { add(String(parts[1])) }
    }

    /// Registers `USER:PASS` given for Basic authentication in the forms a server can echo: the
    /// password (any length, as given), and — when there is one — the base64 of the pair, padded
    /// and not, and the `Basic …` value. The header is masked by name where the shell prints it,
    /// but a server echoing it in a body (httpbin's `/headers`) or an `expect` quoting that body
    /// showed the base64, which is the password in a thin disguise.
    package func addBasicCredentials(_ credentials: String) {
        let password = BasicCredentials.password(credentials)
        guard !password.isEmpty else { return }
        add(password)
        let encoded = BasicCredentials.encoded(credentials)
        add("Basic " + encoded)
        add(encoded)
        let unpadded = String(encoded.reversed().drop { $0 == "=" }.reversed())
        if unpadded != encoded { add(unpadded) }
    }

    /// Whether `text` holds any registered secret.
    package func occurs(in text: String) -> Bool {
        guard !isEmpty else { return false }
        return store.withLock { store in store.values.contains { Self.bytes(of: text, contain: $0) } }
    }

    /// `text` with every registered secret replaced by `***`.
    package func masked(_ text: String) -> String {
        guard !isEmpty else { return text }
        let secrets = store.withLock { $0.values }
        var result = text
        for secret in secrets where Self.bytes(of: result, contain: secret) {
            result = Self.replacing(secret, in: result)
        }
        return result
    }

    /// `text` with the occurrences of `secret` that count (see `wholeWordBelow`) replaced by the mask.
    private static func replacing(_ secret: String, in text: String) -> String {
        let haystack = Array(text.utf8)
        let needle = Array(secret.utf8)
        let wholeWord = needle.count < wholeWordBelow
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<(index + needle.count)].elementsEqual(needle),
                !wholeWord || standsAlone(haystack, from: index, count: needle.count)
            {
                out += isBareJSONValue(haystack, from: index, count: needle.count) ? quotedMask.utf8 : mask.utf8
                index += needle.count
            } else {
                out.append(haystack[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The mask where a bare JSON value stood: `"pin":12345678` must stay JSON.
    static let quotedMask = "\"" + mask + "\""

    /// Whether the bytes at `start` are a whole unquoted JSON value: after `:`, `[` or `,` and
    /// before `,`, `}` or `]` (blanks allowed between).
    private static func isBareJSONValue(_ bytes: [UInt8], from start: Int, count: Int) -> Bool {
        var before = start - 1
        while before >= 0, bytes[before] == UInt8(ascii: " ") { before -= 1 }
        var after = start + count
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
        guard before >= 0, after < bytes.count, [UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ",")].contains(bytes[before]) else {
            return false
        }
        return [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\n")].contains(bytes[after])
    }

    /// Whether `count` bytes at `start` are a whole word: no letter, digit or `_` touches them.
    static func standsAlone<C: RandomAccessCollection<UInt8>>(_ bytes: C, from start: C.Index, count: Int) -> Bool
    where C.Index == Int {
        let before = start > bytes.startIndex ? bytes[start - 1] : nil
        let afterIndex = start + count
        let after = afterIndex < bytes.endIndex ? bytes[afterIndex] : nil
        return !(before.map(isWordByte) ?? false) && !(after.map(isWordByte) ?? false)
    }

    /// Letters, digits, `_` and any byte of a non-ASCII character (letters of other scripts).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
    }

    /// A byte search: `String.contains` builds a search table per call, and every line a
    /// script prints is checked against every secret (the Sift bench: a quarter of the run's time).
    static func bytes(of text: String, contain secret: String) -> Bool {
        var text = text
        var secret = secret
        return text.withUTF8 { haystack in
            secret.withUTF8 { needle in
                guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress, let wanted = needle.baseAddress
                else {
                    return false
                }
                // memchr to each candidate first byte, memcmp for the rest (memmem is a GNU extension Glibc's module hides).
                var offset = 0
                let last = haystack.count - needle.count
                let wholeWord = needle.count < wholeWordBelow
                while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
                    let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + position, wanted, needle.count) == 0, !wholeWord || standsAlone(haystack, from: position, count: needle.count) {
                        return true
                    }
                    offset = position + 1
                }
                return false
            }
        }
    }

    /// `line` masked, with 1-based columns `start` and `end` moved to where they land in the
    /// masked line, so an error's carets still point at the right word.
    func masked(line: String, start: Int, end: Int) -> (line: String, start: Int, end: Int) {
        guard !isEmpty else { return (line, start, end) }
        let secrets = store.withLock { $0.values }.map { (scalars: Array($0.unicodeScalars), wholeWord: $0.utf8.count < Self.wholeWordBelow) }
        let scalars = Array(line.unicodeScalars)
        let maskScalars = Array(Self.mask.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var newStart = start
        var newEnd = end
        var index = 0
        var changed = false
        while index < scalars.count {
            if let secret = secrets.first(where: {
                $0.scalars.count > 0 && scalars[index...].starts(with: $0.scalars)
                    && (!$0.wholeWord || Self.standsAlone(scalars, from: index, count: $0.scalars.count))
            })?.scalars {
                let oldFirst = index + 1
                let oldAfter = index + secret.count + 1
                let newFirst = out.count + 1
                let newAfter = newFirst + maskScalars.count
                newStart = Self.shift(start, oldFirst: oldFirst, oldAfter: oldAfter, newFirst: newFirst, newAfter: newAfter, current: newStart)
                newEnd = Self.shift(end, oldFirst: oldFirst, oldAfter: oldAfter, newFirst: newFirst, newAfter: newAfter, current: newEnd)
                out += maskScalars
                index += secret.count
                changed = true
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        guard changed else { return (line, start, end) }
        var text = ""
        text.unicodeScalars.append(contentsOf: out)
        return (text, newStart, newEnd)
    }

    /// `standsAlone` on scalars: the neighbours of `start..<start+count` are not word characters.
    private static func standsAlone(_ scalars: [Unicode.Scalar], from start: Int, count: Int) -> Bool {
        func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        let before = start > 0 ? scalars[start - 1] : nil
        let after = start + count < scalars.count ? scalars[start + count] : nil
        return !(before.map(isWord) ?? false) && !(after.map(isWord) ?? false)
    }

    /// Where an old column lands once the occurrence `oldFirst..<oldAfter` became `newFirst..<newAfter`.
    private static func shift(_ column: Int, oldFirst: Int, oldAfter: Int, newFirst: Int, newAfter: Int, current: Int) -> Int {
        if column >= oldAfter { return current + (newAfter - newFirst) - (oldAfter - oldFirst) }
        if column >= oldFirst { return newFirst }
        return current
    }

    /// The value as it appears inside a JSON string (the writer's own escaping, without the quotes).
    private static func jsonEscaped(_ value: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendString(value, to: &bytes)
        return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }
}

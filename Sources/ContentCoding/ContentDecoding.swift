import CBrotli
import CompressNIO
import NIOCore

/// A response body as URLSession hands it to an app: decoded from the `Content-Encoding` it came
/// in (gzip, deflate, br), the one a client sends `Accept-Encoding: gzip, deflate, br` for.
package enum ContentDecoding {
    /// The `Accept-Encoding` URLSession sends on every request that sets none.
    package static let acceptEncoding = "gzip, deflate, br"

    /// Why a body could not be decoded (`NetworkError.invalidResponse`'s text, as URLSession's
    /// "cannot decode raw data").
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The coding a `Content-Encoding` value names, when it is one this decodes; `nil` for none,
    /// `identity`, or a coding it cannot decode (the body then stays as it came).
    package static func coding(named value: String) -> Coding? {
        switch value.lowercased().filter({ $0 != " " && $0 != "\t" }) {
        case "gzip", "x-gzip": .gzip
        case "deflate": .deflate
        case "br": .brotli
        default: nil
        }
    }

    package enum Coding: String, Sendable {
        case gzip
        case deflate
        case brotli = "br"
    }

    /// `body` decoded from `coding`, at most `limit` bytes of it.
    ///
    /// - Throws: `Failure` for a body that is not what its header says, is cut, or decodes past `limit`.
    package static func decode(_ body: [UInt8], from coding: Coding, limit: Int) throws(Failure) -> [UInt8] {
        // An empty body is what a HEAD, a 204 or a 304 carries whatever its header says.
        guard !body.isEmpty else { return body }
        switch coding {
        case .gzip:
            switch Gunzip.decompress(body, limit: limit) {
            case .success(let bytes): return bytes
            case .failure(.tooLarge): throw Failure(description: "the gzip body decodes to more than \(limit >> 20) MiB")
            case .failure(.truncated): throw Failure(description: "the gzip body is cut short")
            case .failure(let reason): throw Failure(description: "the body is not gzip (\(reason))")
            }
        case .deflate:
            // RFC 9110's deflate is the zlib format; some servers send the raw stream, which
            // browsers and URLSession take too.
            if let bytes = inflate(body, .zlib(), limit: limit) ?? inflate(body, .deflate(), limit: limit) { return bytes }
            throw Failure(description: "the deflate body is neither zlib nor raw deflate, or decodes to more than \(limit >> 20) MiB")
        case .brotli:
            return try unbrotli(body, limit: limit)
        }
    }

    private static func inflate(_ body: [UInt8], _ algorithm: CompressionAlgorithm, limit: Int) -> [UInt8]? {
        var input = ByteBufferAllocator().buffer(capacity: body.count)
        input.writeBytes(body)
        guard let output = try? input.decompress(with: algorithm, maxSize: limit), output.readableBytes < limit, input.readableBytes == 0 else {
            return nil
        }
        return Array(buffer: output)
    }

    /// Brotli through its streaming decoder, so that a bomb stops at `limit`.
    private static func unbrotli(_ body: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { throw Failure(description: "brotli: no memory for a decoder") }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let result: BrotliDecoderResult = body.withUnsafeBufferPointer { input in
            var nextIn = input.baseAddress
            var availableIn = input.count
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (BrotliDecoderResult, Int) in
                    var nextOut = out.baseAddress
                    var availableOut = out.count
                    let status = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    return (status, out.count - availableOut)
                }
                output += chunk[..<produced]
                if output.count >= limit { return BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT }
                if status != BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT || (produced == 0 && availableIn == 0) {
                    return availableIn == 0 || status != BROTLI_DECODER_RESULT_SUCCESS ? status : BROTLI_DECODER_RESULT_ERROR
                }
            }
        }
        switch result {
        case BROTLI_DECODER_RESULT_SUCCESS: return output
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: throw Failure(description: "the br body is cut short")
        case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: throw Failure(description: "the br body decodes to more than \(limit >> 20) MiB")
        default: throw Failure(description: "the body is not brotli")
        }
    }
}

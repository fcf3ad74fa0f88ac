import CompressNIO
import NIOCore

/// Gunzips a request body with compress-nio (the system zlib), telling a whole stream from a cut
/// or padded one.
///
/// compress-nio's one-shot `decompress` returns what it inflated when the input runs out before
/// the stream's end, so a cut stream would pass as a shorter body. zlib stops reading at the end
/// of a gzip member and leaves the rest of the input unread; so the body goes in with one extra
/// byte after it, and what zlib leaves over says which case it is: exactly that byte, a whole
/// stream; nothing, a stream that never reached its end; more, bytes after the stream (a second
/// concatenated member included, which the Sift SDK never sends). The Sift backend reads uploads
/// with it, SiftCommands' recognizer recorded ones, and the Ping client `Content-Encoding: gzip` answers.
package enum Gunzip {
    package enum Failure: Error, Equatable {
        /// zlib refused it: no gzip header, a corrupt deflate stream, or a CRC or length mismatch.
        case corrupt
        /// The input ended before the stream did.
        case truncated
        /// Bytes follow the end of the stream.
        case trailingBytes
        /// It inflates to `limit` bytes or more.
        case tooLarge
    }

    /// The inflated bytes of `bytes`, a single gzip member, or why not.
    package static func decompress(_ bytes: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        guard !bytes.isEmpty else { return .failure(.truncated) }
        var input = ByteBufferAllocator().buffer(capacity: bytes.count + 1)
        input.writeBytes(bytes)
        input.writeInteger(UInt8(0))
        let output: ByteBuffer
        do {
            output = try input.decompress(with: .gzip(), maxSize: limit)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            return .failure(.tooLarge)
        } catch {
            return .failure(.corrupt)
        }
        // compress-nio's `maxSize` counts the capacity it asks for, and ByteBuffer rounds that up,
        // so more than `maxSize` can come out: the limit is checked here, exactly.
        guard output.readableBytes < limit else { return .failure(.tooLarge) }
        switch input.readableBytes {
        case 1: return .success(Array(buffer: output))
        case 0: return .failure(.truncated)
        default: return .failure(.trailingBytes)
        }
    }
}

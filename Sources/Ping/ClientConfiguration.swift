import ContentCoding
import HTTPTypes
import Transport

/// The headers a client adds to every request that does not set or remove them itself: named
/// here so that the shell, which builds `http`'s, needs no import of swift-http-types.
package typealias StandardHeaders = HTTPFields

/// How a client behaves: timeout, standard headers, interceptors, cookies.
package struct ClientConfiguration: Sendable {
    /// Seconds a request may take from sending to the last body byte (URLSession's resource timeout).
    package var timeout: Double = 15
    /// Seconds the answer may take to begin (URLSession's request timeout); `nil`: `timeout` alone.
    package var requestTimeout: Double?
    /// Headers every request carries unless it sets them itself.
    package var standardHeaders: StandardHeaders = Self.standardHeaders()
    /// Whether `Set-Cookie` is stored and sent back.
    package var usesCookies = true
    /// The `Accept-Encoding` every request carries unless it sets or removes one: URLSession's,
    /// on every app's requests, the SDKs' included; its answers come back decoded (`HTTPRequest.decodesBody`).
    package var acceptEncoding: String? = ContentDecoding.acceptEncoding
    package private(set) var requestInterceptors: [@Sendable (inout Transport.HTTPRequest) -> Void] = []
    package private(set) var responseInterceptors: [@Sendable (Transport.HTTPResponse) -> Void] = []
    /// Sees every exchange, failed ones included, after the response interceptors.
    package var onExchange: (@Sendable (Exchange) -> Void)?
    /// Whether `onExchange` wants the exchanges now (a trace that is off does not): when it says
    /// no, none is made for it: a load device's trace is off, and making exchanges for nobody is
    /// paid on every request (the CPU s per 1,000 requests of scripts/bench/load_bench.py). `nil`: always.
    package var wantsExchanges: (@Sendable () -> Bool)?

    package init() {}

    /// The seed's standard headers (`x-requested-with: ping-sdk`, `x-requested-platform`), the
    /// platform named `platform`.
    package static func standardHeaders(platform: String = RequestedPlatform.name) -> StandardHeaders {
        [.xRequestedWith: "ping-sdk", .xRequestedPlatform: platform]
    }

    /// Adds a request interceptor; they run in registration order before sending.
    package mutating func onRequest(_ interceptor: @escaping @Sendable (inout Transport.HTTPRequest) -> Void) {
        requestInterceptors.append(interceptor)
    }

    /// Adds a response interceptor; they run in registration order and see the request read-only.
    package mutating func onResponse(_ interceptor: @escaping @Sendable (Transport.HTTPResponse) -> Void) {
        responseInterceptors.append(interceptor)
    }
}

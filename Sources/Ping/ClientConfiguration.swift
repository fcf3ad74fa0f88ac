import HTTPTypes
import Transport

/// How a client behaves: timeout, standard headers, interceptors, cookies.
public struct ClientConfiguration: Sendable {
    /// Seconds a request may take from sending to the last body byte (URLSession's resource timeout).
    public var timeout: Double = 15
    /// Seconds the answer may take to begin (URLSession's request timeout); `nil`: `timeout` alone.
    public var requestTimeout: Double?
    /// Headers every request carries unless it sets them itself.
    public var standardHeaders: HTTPFields = [.xRequestedWith: "ping-sdk", .xRequestedPlatform: RequestedPlatform.name]
    /// Whether `Set-Cookie` is stored and sent back.
    public var usesCookies = true
    public private(set) var requestInterceptors: [@Sendable (inout Transport.HTTPRequest) -> Void] = []
    public private(set) var responseInterceptors: [@Sendable (Transport.HTTPResponse) -> Void] = []
    /// Sees every exchange, failed ones included, after the response interceptors.
    public var onExchange: (@Sendable (Exchange) -> Void)?
    /// Whether `onExchange` wants the exchanges now (a trace that is off does not): when it says
    /// no, none is made for it: a load device's trace is off, and making exchanges for nobody is
    /// paid on every request (the CPU s per 1,000 requests of scripts/bench/load_bench.py). `nil`: always.
    public var wantsExchanges: (@Sendable () -> Bool)?

    public init() {}

    /// Adds a request interceptor; they run in registration order before sending.
    public mutating func onRequest(_ interceptor: @escaping @Sendable (inout Transport.HTTPRequest) -> Void) {
        requestInterceptors.append(interceptor)
    }

    /// Adds a response interceptor; they run in registration order and see the request read-only.
    public mutating func onResponse(_ interceptor: @escaping @Sendable (Transport.HTTPResponse) -> Void) {
        responseInterceptors.append(interceptor)
    }
}

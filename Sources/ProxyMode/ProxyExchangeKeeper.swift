import Transport

/// What keeps the proxy's exchanges as they end (`proxy --record`, `--har`): given each from
/// the proxy's event loops, then told once the proxy has stopped.
package protocol ProxyExchangeKeeper: Sendable {
    func add(_ exchange: RecordedExchange)
    func finish()
}

import Transport

/// A request and its answer (or failure) as `--verbose` and `trace on` show them, rendered only
/// where it is shown.
package struct ShownExchange: Renderable {
    let exchange: Exchange
    /// Masks credentials the exchange's own rendering knows as such, beyond the terminal's masking.
    let secrets: SecretValues

    package init(_ exchange: Exchange, secrets: SecretValues) {
        self.exchange = exchange
        self.secrets = secrets
    }

    package func render(into lines: inout TerminalLines) { lines.write(ExchangeGenerator.render(exchange, secrets: secrets) + "\n") }
}

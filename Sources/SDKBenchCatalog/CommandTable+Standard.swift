import Shell

extension CommandTable {
    /// Every command sdkbench knows: the standard catalog's.
    package static var standard: CommandTable { ShellCatalog.standard.table }
}

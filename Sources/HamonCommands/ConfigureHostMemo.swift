import JSON
import Shell

/// What a `configure host HOST` line made of its words, kept for its next run with the same
/// ones: the setting, the warning it prints and its result. A load device runs a script's
/// `configure host` at every iteration, and reading the host again would be paid by each
/// (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py, whose flow does).
final class ConfigureHostMemo {
    struct Kept {
        var typed: String
        var https: Bool
        var insecure: Bool
        var setting: ServiceHost.Setting
        var warning: String?
        var result: JSONObject
    }

    var kept: Kept?

    /// The kept run's setting, warning and result when it was made of these words.
    func made(typed: String, https: Bool, insecure: Bool) -> Kept? {
        guard let kept, kept.typed == typed, kept.https == https, kept.insecure == insecure else { return nil }
        return kept
    }
}

import ArgumentParser
import LoadMode
import Platform

/// The outputs `load` and `load merge` were asked for: each `--out KIND=TARGET` in the order
/// given, then the shorthands, each of which means exactly one `--out` (`--report-json FILE` is
/// `--out json=FILE`); their targets checked before the run, as every report's are.
enum LoadOutputChoice {
    /// A shorthand option: `--report-json FILE` for the kind `json`.
    struct Shorthand {
        var option: String
        var kind: String
        var target: String?
    }

    /// - Throws: `ValidationError` naming the `--out` that names no output (with the outputs there
    ///   are), or that names its target wrongly.
    static func specs(out: [String], shorthands: [Shorthand], registry: LoadOutputRegistry = .standard) throws(ValidationError) -> [LoadOutputSpec] {
        var specs: [LoadOutputSpec] = []
        do throws(LoadOutputSpecError) {
            for text in out { specs.append(try registry.parse(text)) }
            for shorthand in shorthands {
                guard let target = shorthand.target else { continue }
                var spec = try registry.parse(shorthand.kind + "=" + target)
                spec.option = shorthand.option
                specs.append(spec)
            }
        } catch {
            throw ValidationError(error.message)
        }
        return specs
    }

    /// Where the specs write, by option, for `ReportTargets.check`: a directory's `-` is a stream.
    static func reportTargets(_ specs: [LoadOutputSpec]) -> ReportTargets {
        var targets = ReportTargets(files: [])
        for spec in specs {
            guard let target = spec.target else { continue }
            if spec.kind.target == .directory, target != OutputFile.standardOutput {
                targets.directories.append((spec.option, target))
            } else {
                targets.files.append((spec.option, target))
            }
        }
        return targets
    }
}

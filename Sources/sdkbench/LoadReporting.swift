import ArgumentParser
import LoadMode

/// The thresholds `load` and `load merge` judge a run by, read from their options
/// (`LoadRunEnd` does the rest).
enum LoadReporting {
    static func thresholds(_ texts: [String]) throws(ValidationError) -> [LoadThreshold] {
        var parsed: [LoadThreshold] = []
        for text in texts {
            do {
                parsed.append(try LoadThreshold(text))
            } catch {
                throw ValidationError(error.message)
            }
        }
        return parsed
    }
}

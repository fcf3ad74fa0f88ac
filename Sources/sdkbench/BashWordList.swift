/// Candidates for the `compgen -W` that swift-argument-parser's bash script feeds them to.
///
/// compgen expands each word of its list (quote removal, `$`, `~`, braces, globs), so a line
/// such as `source my\ file.sdk` would reach readline as `source my file.sdk`. A backslash
/// before every character that expansion could touch hands back the line itself.
enum BashWordList {
    static func escaped(_ candidate: String) -> String {
        var result = ""
        for character in candidate {
            let isPlain = character.isLetter || character.isNumber || " _./:,@%+=-".contains(character)
            if !isPlain && character.isASCII { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// Text as a YAML value that reads back as exactly that text, whatever it holds.
///
/// `load k8s` wrote the script as a literal block under a fixed indentation: a script whose
/// first line began with blanks, or that held a CR (a Windows file), a control character or a
/// BOM, gave YAML that PyYAML and kubernetes-validate refused or read as other text.
///
/// Written here rather than with Yams (libyaml's emitter, in the package mirror): Yams imports
/// all of Foundation, which brings ICU's data into the one binary that had kept it out (see
/// Package.swift on Hummingbird's traits): with the manifest written by Yams the release binary
/// grew from 121.9 MB to 173.0 MB (+42%, the image every pod of `load k8s` pulls) and a process's
/// peak RSS by 2.7 MiB, for one command's output (`ls -l`; `farm-bench -n 20` of `sdkbench -c
/// help`, start-up time unchanged at 1.007x). PyYAML reads back every text this writes
/// (LoadK8sTests.yamlTextReadsBackAsWrittenForAnyText).
package enum YAMLText {
    /// The value after `key: ` for a key written at `indent` spaces: a literal block (`|2+`,
    /// readable, the script as written) when the text can be one, else a double-quoted scalar.
    package static func value(_ text: String, keyIndent indent: Int) -> String {
        block(text, keyIndent: indent) ?? quoted(text)
    }

    /// A literal block scalar, or `nil` when the text holds what a block cannot carry as it is:
    /// a CR, a control character, a BOM, a YAML 1.1 line break (NEL, U+2028, U+2029).
    ///
    /// The indentation indicator makes leading blanks of the first line part of the text (without
    /// it they set the block's indentation); the chomping indicator keeps the trailing line
    /// breaks as they are (`+`), or none when the text ends without one (`-`).
    static func block(_ text: String, keyIndent indent: Int) -> String? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(isBlockSafe) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsWithBreak = text.hasSuffix("\n")
        if endsWithBreak { lines.removeLast() }
        let pad = String(repeating: " ", count: indent + 2)
        var out = endsWithBreak ? "|2+" : "|2-"
        for line in lines {
            out += "\n"
            if !line.isEmpty { out += pad + line }
        }
        return out
    }

    /// A double-quoted scalar: `"` and `\` escaped, and every character outside printable ASCII
    /// that a reader could refuse or fold written as an escape.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if isBlockSafe(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    out += "\\U" + hex(scalar.value, digits: 8)
                }
            }
        }
        return out + "\""
    }

    /// Printable for YAML 1.1 and 1.2 readers alike (PyYAML's reader refuses the rest anywhere
    /// in a stream), and no line break but LF.
    private static func isBlockSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x20...0x7E: true
        case 0xA0...0xD7FF: scalar.value != 0x2028 && scalar.value != 0x2029
        case 0xE000...0xFFFD: scalar.value != 0xFEFF
        case 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

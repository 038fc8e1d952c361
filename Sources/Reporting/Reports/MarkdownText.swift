import SpringBenchFiles

/// Markdown inline code: a backtick inside the text gets a longer fence.
func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
}

/// Text from data (a CPU model, a backend summary, a workload name) made safe
/// for Markdown prose and table cells: characters that would start emphasis,
/// code, links or HTML (`SIMD8<Double>` would vanish as a tag) are backslash-escaped.
func plain(_ text: String) -> String {
    var result = ""
    for character in text {
        if "\\`*_[]<>|#".contains(character) { result.append("\\") }
        result.append(character == "\n" ? " " : character)
    }
    return result
}

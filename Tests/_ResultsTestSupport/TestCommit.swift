/// Full commit ids for tests that record without a repository: `history
/// record` stores a full id as given and resolves anything else with git.
public enum TestCommit {
    /// 40 hexadecimal digits standing for `name` (at most 20 UTF-8 bytes): its
    /// bytes in hexadecimal, padded with zeros, so distinct names give
    /// distinct ids.
    public static func id(_ name: String) -> String {
        precondition(name.utf8.count <= 20, "a test commit name has at most 20 bytes")
        let hex = name.utf8.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
        return hex + String(repeating: "0", count: 40 - hex.count)
    }
}

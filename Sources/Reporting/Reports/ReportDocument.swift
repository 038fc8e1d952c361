/// A rendered report: Markdown text and the files it links to, not yet written.
///
/// Rendering is pure (results in, text out), so reports can be tested without
/// touching the file system; ``ReportWriter`` puts documents on disk.
public struct ReportDocument: Sendable, Equatable {
    /// File name of the Markdown, relative to the reports directory, e.g. `performance.md`.
    public var path: String
    public var markdown: String
    /// Files the Markdown links to, by path relative to the reports directory
    /// (e.g. `plots/performance-add.svg`), with their contents.
    public var attachments: [String: String]

    public init(path: String, markdown: String, attachments: [String: String] = [:]) {
        self.path = path
        self.markdown = markdown
        self.attachments = attachments
    }
}

import Benchmarking
import GRDB

/// One row of a history table read column by column through checked
/// conversions: a value of the wrong type, a NULL where one is required or an
/// impossible value is a ``HistoryDatabaseError`` naming the database, the
/// table, the row and the column, never a fatal error inside the database
/// library (GRDB's non-optional subscripts trap on a failed conversion, and a
/// hand-edited or foreign-tool file can hold text in a number column).
struct HistoryRow {
    let row: Row
    let table: String
    /// The row's `rowid` (or the run's id), for the message.
    let rowID: Int64?
    let path: String

    init(_ row: Row, table: String, rowIDColumn: String, path: String) {
        self.row = row
        self.table = table
        self.path = path
        if case .int64(let id) = (row[rowIDColumn] as DatabaseValue?)?.storage {
            self.rowID = id
        } else {
            self.rowID = nil
        }
    }

    func refuse(_ column: String, _ problem: String) -> HistoryDatabaseError {
        HistoryDatabaseError(
            path: path,
            reason: "table \(table), row \(rowID.map(String.init) ?? "?"), column \(column): \(problem)")
    }

    private func value(_ column: String) -> DatabaseValue.Storage {
        guard row.hasColumn(column), let value = row[column] as DatabaseValue? else { return .null }
        return value.storage
    }

    private static func describe(_ storage: DatabaseValue.Storage) -> String {
        switch storage {
        case .null: return "NULL"
        case .int64(let value): return "the integer \(value)"
        case .double(let value): return "the number \(value)"
        case .string(let text): return "the text \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        case .blob(let data): return "a blob of \(data.count) byte\(data.count == 1 ? "" : "s")"
        }
    }

    /// Non-empty text.
    func text(_ column: String) throws(HistoryDatabaseError) -> String {
        guard case .string(let text) = value(column), !text.isEmpty else {
            throw refuse(column, "\(Self.describe(value(column))) where non-empty text is required")
        }
        return text
    }

    /// Text or NULL.
    func optionalText(_ column: String) throws(HistoryDatabaseError) -> String? {
        switch value(column) {
        case .null: return nil
        case .string(let text): return text
        case let other: throw refuse(column, "\(Self.describe(other)) where text or NULL is required")
        }
    }

    /// An integer in `range`.
    func integer(_ column: String, in range: ClosedRange<Int64>) throws(HistoryDatabaseError) -> Int64 {
        guard case .int64(let number) = value(column), range.contains(number) else {
            throw refuse(
                column,
                "\(Self.describe(value(column))) where an integer in \(range.lowerBound)…\(range.upperBound) is required"
            )
        }
        return number
    }

    /// A finite number (REAL or INTEGER) above `minimum`, or NULL when `optional`.
    func number(_ column: String, above minimum: Double, optional: Bool = false) throws(HistoryDatabaseError)
        -> Double?
    {
        let number: Double
        switch value(column) {
        case .null where optional: return nil
        case .double(let value): number = value
        case .int64(let value): number = Double(value)
        case let other:
            throw refuse(column, "\(Self.describe(other)) where a number is required")
        }
        guard number.isFinite, number > minimum else {
            throw refuse(column, "\(number) where a finite number above \(minimum) is required")
        }
        return number
    }

    /// The ``HistoryKind`` a `kind` column names.
    func kind(_ column: String) throws(HistoryDatabaseError) -> HistoryKind {
        let name = try text(column)
        guard let kind = HistoryKind(rawValue: name) else {
            throw refuse(
                column, "\"\(name)\" is not a kind (\(HistoryKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return kind
    }

    /// The ``Kernel`` a `kernel` column names.
    func kernel(_ column: String) throws(HistoryDatabaseError) -> Kernel {
        let name = try text(column)
        guard let kernel = Kernel(rawValue: name) else {
            throw refuse(column, "\"\(name.prefix(40))\" is not a kernel SpringBench knows")
        }
        return kernel
    }
}

import ArgumentParser

/// How `backends` and `recommend` print: a table for people, or JSON.
package enum ListingFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

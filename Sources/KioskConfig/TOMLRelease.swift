// Ownership: TOMLKit 0.6 frees nothing it allocates in C++: the tree of a parsed table (its
// TOMLTable has no deinit), and the arrays and strings `keys` and `values` return. The loader
// reads keys through CTOML itself and frees them, looks values up by key (`values` leaks its
// array), reads scalars through TOMLValue+Reading, and empties every parsed table once its
// definitions are built (`clear()` lets toml++ free the nodes). What stays is the empty root
// table object of each file parsed (toml++ has no C entry point to delete it): measured in the report of
// `Tests/EndToEnd/memory-weston.sh` and docs/configuration.md ("Limits").
import CTOML
import Glibc
import TOMLKit

enum TOMLRelease {
    /// The table's keys in TOMLKit's order, without leaking the C strings they are copied from.
    static func keys(of table: TOMLTable) -> [String] {
        guard let pointer = tablePointer(table) else { return table.keys }
        let count = table.count
        let raw = tableGetKeys(pointer)
        defer {
            for i in 0..<count { free(UnsafeMutableRawPointer(mutating: raw[i])) }
            free(UnsafeMutableRawPointer(mutating: raw))
        }
        return (0..<count).map { String(cString: raw[$0]) }
    }

    /// The table's values in the order of `keys`. TOMLKit's `values` mallocs a pointer array it
    /// never frees, so each is looked up by its key instead. A quoted key holding "\u0000" comes
    /// back from the C layer truncated and may then miss or name another entry (TOMLKit's own
    /// iterator force-unwraps and traps there): such a table is walked by position through
    /// `values`, which leaks its array but only for that hostile input.
    static func values(of table: TOMLTable, keys: [String]) -> [TOMLValue] {
        let byKey = keys.compactMap { table[$0]?.tomlValue }
        guard byKey.count == keys.count, Set(keys).count == keys.count else { return table.values }
        return byKey
    }

    /// Frees the nodes of a table parsed from text. Every value read from it is invalid after.
    /// toml++ frees recursively, one level per nested table or array: `ConfigLoader.parse` hands
    /// toml++ only text `TOMLNestingScan` bounds to `ConfigLimits.tomlNesting` levels (a header
    /// part naming an array of tables counts once, so at most about twice that), issue 26.
    static func release(_ table: TOMLTable) {
        table.clear()
    }

    /// TOMLKit keeps the C++ table's address internal; reflection reads it without a fork.
    private static func tablePointer(_ table: TOMLTable) -> OpaquePointer? {
        Mirror(reflecting: table).descendant("tablePointer") as? OpaquePointer
    }
}

/// A nested field whose path cannot be built.
package struct NestedJSONFieldsError: Error {
    package var field: String
    package var reason: String
}

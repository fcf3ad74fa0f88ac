import HTTPTypes
import JSON
import Shell

/// What the `http` command kept of one line between its runs in a session: the items its words
/// read as, by position, and its body fields' template. A load device runs the same line
/// thousands of times, its literal words the same strings each time (`BindingShape`): reading
/// them again, and finding the template in the shared cache, was 10,000 instructions a request of
/// the Miataru flow (callgrind).
final class HTTPLineMemo {
    /// Each ITEM word's text and the item it read as.
    var items: [(text: String, item: RequestItem)] = []
    var body: NestedJSONTemplate.Last?
    /// The last answer to the line that set no cookie, and its value.
    var answer: Answer?

    struct Answer {
        var status: Int
        var headers: HTTPFields
        var body: [UInt8]
        var value: JSONObject
    }

    /// `answer`, no longer kept: changed, then kept again, without a copy of its value.
    func takeAnswer() -> Answer? {
        defer { answer = nil }
        return answer
    }

    /// What `text`, the ITEM word at `position`, reads as: kept from the last run when the text
    /// is the same.
    func item(_ text: String, at position: Int) -> Result<RequestItem, RequestItem.Problem> {
        if position < items.count, items[position].text == text { return .success(items[position].item) }
        let read = RequestItem.parse(text)
        if case .success(let item) = read {
            if position < items.count {
                items[position] = (text, item)
            } else if position == items.count {
                items.append((text, item))
            }
        }
        return read
    }
}

import JSON
import Script
import Shell
import Transport

extension HTTPLineMemo {
    /// What a line's JSON body, filled from its template, was filled with: for `refilled`.
    struct FilledBody {
        /// The body's fields in the body's order, every value text.
        var fields: [(String, Value)]
        /// The field each ITEM word is, by position (`nil`: a header or a query).
        let fieldOfItem: [Int?]
        /// The field each parameter is, by position.
        let fieldOfParameter: [Int]
        /// The template the body was filled from: these names' (`NestedJSONTemplate.body`).
        let template: NestedJSONTemplate

        /// The body of `fields`, sorted as `HTTPItems` sorts them, made of `words` and
        /// `parameters`; `nil` when a field's value is not text.
        init?(_ fields: [HTTPField], words: [BoundValue], parameters: [(key: String, value: BoundValue)], template: NestedJSONTemplate?) {
            guard let template else { return nil }
            self.template = template
            var values: [(String, Value)] = []
            values.reserveCapacity(fields.count)
            for field in fields {
                guard case .value(let value) = field.source, case .string = value else { return nil }
                values.append((field.name, value))
            }
            // A word's and a parameter's field are where they were written: their ranges.
            fieldOfItem = words.map { word in fields.firstIndex { $0.range == word.range } }
            var fieldOfParameter: [Int] = []
            for (_, bound) in parameters {
                guard let index = fields.firstIndex(where: { $0.range == bound.range }) else { return nil }
                fieldOfParameter.append(index)
            }
            self.fields = values
            self.fieldOfParameter = fieldOfParameter
        }
    }

    /// The request `kept` made, its JSON body filled again, when `context`'s words differ from
    /// `kept`'s only in the text of body fields (`field=text` words and text parameters): the
    /// same method, URL, headers and field names, so the same head and template. A load device's
    /// lines whose values change each iteration (a new device id), 3 of the Miataru load flow's 12
    /// requests, would make their requests whole again (guarded by the CPU s per 1,000 requests
    /// of scripts/bench/load_bench.py). `nil` when anything else differs.
    func refilled(
        _ kept: KeptRequest,
        context: CommandContext,
        items words: [BoundValue]
    ) -> (request: Transport.HTTPRequest, words: RequestWords, filled: FilledBody)? {
        guard let filled = kept.filled else { return nil }
        var spelt = kept.words
        let parameters = context.command.parameters
        guard spelt.matchesBesideValues(context, itemCount: words.count) else { return nil }
        var refill = filled
        for index in words.indices where spelt.items[index] != words[index].text {
            let text = words[index].text
            guard let field = filled.fieldOfItem[index], let value = RequestItem.textFieldValue(text, named: filled.fields[field].0) else {
                return nil
            }
            refill.fields[field].1 = .string(value)
            spelt.items[index] = text
        }
        for (index, bound) in parameters.enumerated() {
            let was = spelt.parameters[index]
            if was.key == bound.key, was.isQuoted == bound.value.isQuoted, was.value == bound.value.value { continue }
            guard was.key == bound.key, case .string = bound.value.value, HTTPItems.fileNamed(by: bound.value) == nil else { return nil }
            refill.fields[filled.fieldOfParameter[index]].1 = bound.value.value
            spelt.parameters[index] = RequestWords.Parameter(key: bound.key, value: bound.value.value, isQuoted: bound.value.isQuoted)
        }
        // The same names, so the same template.
        var request = kept.request
        request.replaceBodyBytes(filled.template.fill(refill.fields))
        return (request, spelt, refill)
    }
}

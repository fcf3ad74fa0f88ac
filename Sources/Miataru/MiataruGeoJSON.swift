import JSON

/// What GetLocationGeoJSON must answer to be a location: a GeoJSON Feature, or a FeatureCollection
/// of them, whose geometry is a Point (RFC 7946 §3.1.2, §3.2, §3.3).
package enum MiataruGeoJSON {
    /// Why `value` is not such GeoJSON, or `nil` when it is.
    package static func problem(_ value: Value) -> String? {
        guard case .object(let object) = value else { return "not a JSON object" }
        switch object["type"] {
        case .string("Feature")?:
            return featureProblem(object, at: "")
        case .string("FeatureCollection")?:
            guard case .array(let features)? = object["features"] else { return "a FeatureCollection without a \"features\" array" }
            for (index, feature) in features.enumerated() {
                guard case .object(let member) = feature else { return "features[\(index)] is not an object" }
                guard case .string("Feature")? = member["type"] else { return "features[\(index)] is not a Feature" }
                if let problem = featureProblem(member, at: "features[\(index)].") { return problem }
            }
            return nil
        case .string(let other)?:
            return "its type is \"\(other)\", not Feature or FeatureCollection"
        default:
            return "it has no \"type\" member (a Feature or FeatureCollection has one)"
        }
    }

    private static func featureProblem(_ feature: JSONObject, at path: String) -> String? {
        guard case .object(let geometry)? = feature["geometry"] else { return "\(path)geometry is not an object" }
        guard case .string("Point")? = geometry["type"] else { return "\(path)geometry is not a Point" }
        guard case .array(let position)? = geometry["coordinates"], (2...3).contains(position.count) else {
            return "\(path)geometry.coordinates is not a position [longitude, latitude]"
        }
        var numbers: [Double] = []
        for member in position {
            switch member {
            case .int(let number): numbers.append(Double(number))
            case .double(let number): numbers.append(number)
            default: return "\(path)geometry.coordinates holds a value that is not a number"
            }
        }
        if abs(numbers[0]) > 180 || abs(numbers[1]) > 90 {
            return "\(path)geometry.coordinates [\(numbers[0]), \(numbers[1])] is outside longitude -180..180, latitude -90..90"
        }
        return nil
    }
}

import JSON
import Miataru
import Platform
import Shell

enum MiataruGeoJSONCommand {
    static let spec = CommandSpec(
        ["miataru", "geojson"],
        summary: "A device's location as GeoJSON (GetLocationGeoJSON, with the SDK's fallback)",
        arguments: [ArgumentSpec("DEVICE", .rule(.miataruDevice), "a device id")],
        options: [
            OptionSpec("out", value: .file(extensions: ["geojson", "json"]), valueName: "FILE", "write the GeoJSON to FILE (- is standard output)")
        ],
        discussion: """
            The server refuses GetLocationGeoJSON (401) for a device with a DeviceKey; then, as the iOS client
            does, the location is read with GetLocation and the same Feature is built here (last.fallback is
            true, and the output says so).
            """,
        examples: ["miataru geojson phone-2", "miataru geojson phone-2 --out phone-2.geojson"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = context.string("DEVICE")
        miataru.saw([device])
        // The fallback's notices are shown as they happen: a second request follows them.
        let output = context.events
        let first = try await connection.outcome(at: range) { client throws(MiataruError) in try await client.geoJSON(of: device) }
        var feature: Value?
        var fallback = false
        switch first {
        case .success(let answer): feature = answer
        case .failure(.unauthorized):
            fallback = true
            output.line("GetLocationGeoJSON answered 401 (\(device) has a DeviceKey): built from GetLocation instead")
            let requester = await MiataruRequester(deviceID: miataru.deviceID, deviceKey: try connection.ownKey(at: range))
            let locations = try await connection.call(at: range, device: requester.deviceID) { client throws(MiataruError) in
                try await client.getLocation(of: [device], as: requester)
            }
            feature = locations.first.flatMap { $0 }?.geoJSON
            if feature == nil, device == requester.deviceID {
                output.line("GetLocation answers null for a device's own id when its allowed list is on: the owner is not on its own list")
            }
        case .failure(let error):
            throw MiataruErrorText.shellError(error, device: device, server: connection.client.server.baseURL, at: range)
        }
        if let out = context.option("out"), out.text != "-" {
            let text = feature.map(JSONWriter.pretty) ?? "{}"
            let path = context.path(out)
            do {
                try OutputFile.write(Array((text + "\n").utf8), to: path)
            } catch {
                throw context.failure(error, action: "cannot write \(out.text)", at: out)
            }
        }
        return Shown(
            device: device,
            feature: feature,
            fallback: fallback,
            written: context.option("out").map(\.text).flatMap { $0 == "-" ? nil : $0 }
        )
    }

    /// The device's GeoJSON feature (or none), and the file it went to, if any.
    struct Shown: CommandView {
        let device: String
        let feature: Value?
        let fallback: Bool
        let written: String?

        var value: Value {
            .object([
                "device": .string(device), "geojson": feature ?? .object(JSONObject()), "fallback": .bool(fallback), "found": .bool(feature != nil),
            ])
        }

        func render(into lines: inout TerminalLines) {
            if let written {
                lines.line(feature == nil ? "\(device): no location; wrote {} to \(written)" : "\(device): GeoJSON written to \(written)")
            } else {
                lines.line(feature.map(JSONWriter.pretty) ?? "\(device): no location ({})")
            }
        }
    }
}

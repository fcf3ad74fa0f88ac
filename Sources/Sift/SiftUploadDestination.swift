/// Where the uploader sends and the Authorization it sends, worked out again only when the URL
/// format, account or beacon key changed: the uploader asks before every batch, thousands of
/// times a run.
struct SiftUploadDestination: Sendable {
    let format: SiftURLFormat
    let account: String
    let key: String
    let url: String
    /// `Basic ` and `SiftClient.encodedBeaconKey`.
    let authorization: String

    static func current(format: SiftURLFormat, account: String, key: String, last: SiftUploadDestination?) -> SiftUploadDestination {
        if let last, last.format == format, last.account == account, last.key == key { return last }
        return SiftUploadDestination(
            format: format,
            account: account,
            key: key,
            url: format.url(account: account),
            authorization: "Basic " + SiftClient.encodedBeaconKey(key)
        )
    }
}

/// A whole 200 answer carrying `body`, framed by its length: what the hand-written servers of
/// these tests send.
func ok(_ body: String) -> String {
    "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
}

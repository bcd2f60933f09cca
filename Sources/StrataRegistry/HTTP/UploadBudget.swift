/// The bytes all publishes in flight may take at once: their bodies are spooled to temporary files
/// as they arrive (`MultipartForm`), and an archive stored in an S3 bucket is read back from its
/// file. A publish reserves its declared length (or the largest request accepted, when it declares
/// none) before its body is read and gives it back when it is done; one that does not fit is
/// answered `503` with `Retry-After` at once, before its body is sent. So a burst of uploads cannot
/// fill the temporary folder.
actor UploadBudget {
    let capacity: Int
    private(set) var inFlight = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether `bytes` fit; a request alone is always let through, even one larger than the budget
    /// (it is within the request limit, or it would have been refused already).
    func reserve(_ bytes: Int) -> Bool {
        guard inFlight == 0 || inFlight + bytes <= capacity else { return false }
        inFlight += bytes
        return true
    }

    func release(_ bytes: Int) {
        inFlight -= bytes
    }
}

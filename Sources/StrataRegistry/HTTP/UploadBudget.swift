/// The memory all publishes in flight may hold at once. A publish reserves its declared length
/// (or the largest request accepted, when it declares none) before its body is read and gives it
/// back when it is done; one that does not fit is answered `503` with `Retry-After` at once, before
/// its body is sent. So eight concurrent 100 MiB uploads cannot take the server to 800 MB.
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

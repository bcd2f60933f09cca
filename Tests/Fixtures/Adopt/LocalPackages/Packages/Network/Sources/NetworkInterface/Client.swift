public protocol Client {
    func fetch(_ path: String) -> String
}

import Network

// Logging reports over the network: the planted layer violation.
public func log(_ message: String, over connection: Connection = Connection()) {}

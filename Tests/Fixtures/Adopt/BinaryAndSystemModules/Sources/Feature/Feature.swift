import Crypto
// Planted: GoLibs comes from the binary target GoLibsCryptoGo, which Feature does not declare.
import GoLibs

public let featureVersion = version

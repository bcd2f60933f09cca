import CZ
import GoLibs

public let version = cz_version()

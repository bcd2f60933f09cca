public struct Login {}

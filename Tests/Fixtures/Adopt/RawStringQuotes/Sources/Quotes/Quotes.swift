let quote = #"""#
import Format
let quotes = ##""""##
import Hidden
let framed = #"""a"""#

public let all = [quote, quotes, framed, Format.name, Hidden.name]

import Network
import Suit

Suit(client: LiveClient()).check()

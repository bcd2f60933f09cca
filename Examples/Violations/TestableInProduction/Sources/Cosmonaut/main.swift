import Suit

print(SuitCheck().run())

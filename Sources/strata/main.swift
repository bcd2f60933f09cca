import StrataCLI

await StrataMain.main()

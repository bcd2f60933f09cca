import StrataSecretsCLI

await SecretsMain.main()

import SecretsPlaceholder
import Testing

/// The placeholder never holds a real value: real ones come only from 'strata secrets export'.
@Test func everyPlaceholderIsEmpty() {
    #expect(Secrets.groundStationAPIKey.isEmpty)
}

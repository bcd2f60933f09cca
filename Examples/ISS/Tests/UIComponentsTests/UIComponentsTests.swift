import Testing
import UIComponents

@Suite struct UIComponentsTests {
    @Test func tablesPadCellsToTheWidestValue() {
        let table = Table(columns: ["Suit", "O₂"], rows: [["EMU-3005", "98%"], ["EMU-3008"]], alignments: [.left, .right])
        #expect(
            table.render() == """
                ┌──────────┬─────┐
                │ Suit     │  O₂ │
                ├──────────┼─────┤
                │ EMU-3005 │ 98% │
                │ EMU-3008 │     │
                └──────────┴─────┘
                """)
    }

    @Test func gaugesFillInProportionAndClamp() {
        #expect(Gauge(label: "O₂", value: 50, width: 10).render(labelWidth: 3) == "O₂  [█████·····]   50%")
        #expect(Gauge(label: "x", value: 250, width: 4).fraction == 1)
        #expect(Gauge(label: "x", value: -5, width: 4).fraction == 0)
        #expect(Gauge(label: "x", value: .nan, width: 4).render(labelWidth: 1).hasSuffix("   ?%"))
    }

    @Test func panelsFrameTheirLines() {
        #expect(
            Panel(title: "Power", lines: ["Total: 154 kW"]).render() == """
                ╭─ Power ───────╮
                │ Total: 154 kW │
                ╰───────────────╯
                """)
    }
}

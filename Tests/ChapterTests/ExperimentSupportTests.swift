import Foundation
import Testing
import WorkbookSupport

@Suite("Experiment support: charts and the harness")
struct ExperimentSupportTests {
    @Test("bars: one rect per positive value, a legend entry per series, escaped text")
    func bars() {
        let svg = SVGChart.bars(title: "A < B & C", categories: ["hit", "miss"],
                                series: [ChartSeries("one", [10, 100]), ChartSeries("two", [1000, 0])],
                                yLabel: "ns", logScale: true)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("A &lt; B &amp; C"))
        // background + 3 bars (the zero is skipped) + 2 legend swatches
        #expect(svg.components(separatedBy: "<rect").count - 1 == 1 + 3 + 2)
        #expect(svg.contains("(log scale)"))
    }

    @Test("log scale ticks are whole decades covering the data")
    func logTicks() {
        let scale = SVGChart.Scale(values: [3, 4_500], log: true, length: 100)
        #expect(scale.ticks == [1, 10, 100, 1_000, 10_000])
        #expect(scale.y(1, top: 0) == 100)
        #expect(scale.y(10_000, top: 0) == 0)
    }

    @Test("lines: a polyline per series and custom tick labels")
    func lines() {
        let svg = SVGChart.lines(title: "t", x: [1, 10, 100], series: [ChartSeries("s", [5, 50, 500])], xLabel: "x", yLabel: "y",
                                 logX: true, logY: true, xTickLabels: ["one", "ten", "hundred"])
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 1)
        #expect(svg.contains(">hundred<"))
    }

    @Test func numberFormatting() {
        #expect(SVGChart.formatNumber(1_500) == "1.5k")
        #expect(SVGChart.formatNumber(2_000_000) == "2M")
        #expect(SVGChart.formatNumber(0.5) == "0.5")
    }

    @Test("the harness reports per-operation medians from every round")
    func harness() {
        let result = Bench.measure(rounds: 4, operations: 100) { count in blackHole((0..<count).reduce(0, +)) }
        #expect(result.rounds.count == 4)
        #expect(result.median > 0)
        #expect(result.min <= result.median && result.median <= result.max)
    }
}

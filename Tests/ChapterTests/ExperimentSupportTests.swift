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

    @Test("charts show spreads as bars, tell lines apart by dashes, and carry the run's facts below")
    func spreadsDashesFooter() {
        let svg = SVGChart.lines(title: "t", x: [1, 10], series: [ChartSeries("totalSize", [100, 200], spreads: [0.3, 0]),
                                                                  ChartSeries("removeExpiredValues", [100, 200])],
                                 xLabel: "x", yLabel: "y", logX: true, logY: true)
        #expect(svg.components(separatedBy: "<path").count - 1 == 1, "one spread bar: the zero spread draws none")
        #expect(svg.contains("stroke-dasharray"), "the second line is dashed, so the first shows through it")
        let bars = SVGChart.bars(title: "t", categories: ["hit"], series: [ChartSeries("one", [10], spreads: [0.5])], yLabel: "ns", logScale: true)
        #expect(bars.contains("<path"))
        let footed = SVGChart.withFooter(svg, ["measured 2026-11-24 · seed 42", "quick run (--quick)"])
        #expect(footed.contains(">quick run (--quick)<") && footed.hasSuffix("</svg>\n"))
        #expect(footed.contains("height=\"454\""), "the picture grows to hold the footer")
    }

    @Test("sizes in binary units, spreads never '±0%'")
    func unitsAndSpreads() {
        #expect(Stats.formatBytes(1024) == "1 KiB")
        #expect(Stats.formatBytes(256 << 10) == "256 KiB")
        #expect(Stats.formatBytes(4 << 20) == "4 MiB")
        #expect(Stats.formatBytes(512) == "512 B")
        #expect(Stats.formatSpread(0.31) == "±31%")
        #expect(Stats.formatSpread(0.004) == "±0.4%")
        #expect(Stats.formatSpread(0) == "±<0.1%")
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

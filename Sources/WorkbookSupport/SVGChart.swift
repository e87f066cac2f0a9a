// SVG charts written by hand (no packages): grouped bars and lines, with axes, tick labels, a
// legend, and a log scale where the values span orders of magnitude.

import Foundation

public struct ChartSeries: Sendable {
    public let name: String
    public let values: [Double]
    /// Each value's spread as a share of it (half the interquartile range over the median, as the
    /// tables print it), drawn as a bar from value × (1 − spread) to value × (1 + spread); empty: none.
    public let spreads: [Double]
    public init(_ name: String, _ values: [Double], spreads: [Double] = []) {
        self.name = name
        self.values = values
        self.spreads = spreads
    }

    /// The spread of the value at `index`, if one was given and it is not zero.
    func spread(at index: Int) -> Double? {
        index < spreads.count && spreads[index] > 0 ? spreads[index] : nil
    }
}

public enum SVGChart {
    static let palette = ["#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2", "#9D755D", "#BAB0AC"]
    /// Each line's dash pattern: two series that run together (totalSize and removeExpiredValues
    /// cost the same) stay both visible, one through the gaps of the other.
    static let dashes = ["", "7 4", "2 3", "10 3 2 3", "4 4", "1 5", "12 4", "3 2 1 2"]
    static let width = 840.0, height = 420.0
    static let left = 90.0, right = 250.0, top = 50.0, bottom = 70.0

    /// Grouped bars: one group per category, one bar per series.
    public static func bars(title: String, categories: [String], series: [ChartSeries], yLabel: String, logScale: Bool) -> String {
        let all = series.flatMap(\.values).filter { $0 > 0 }
        let scale = Scale(values: all, log: logScale, length: height - top - bottom)
        var body = frame(title: title, yLabel: yLabel, scale: scale)
        let plotWidth = width - left - right
        let groupWidth = plotWidth / Double(max(1, categories.count))
        let barWidth = groupWidth * 0.8 / Double(max(1, series.count))
        for (c, category) in categories.enumerated() {
            let groupX = left + Double(c) * groupWidth + groupWidth * 0.1
            for (s, item) in series.enumerated() where c < item.values.count && item.values[c] > 0 {
                let y = scale.y(item.values[c], top: top)
                let x = groupX + Double(s) * barWidth
                body += rect(x: x, y: y, w: barWidth * 0.92, h: height - bottom - y, color: palette[s % palette.count])
                if let spread = item.spread(at: c) {
                    body += errorBar(x: x + barWidth * 0.46, value: item.values[c], spread: spread, scale: scale)
                }
            }
            body += text(category, x: groupX + groupWidth * 0.4, y: height - bottom + 18, anchor: "middle", size: 11)
        }
        return document(body + legend(series.map(\.name)))
    }

    /// Lines over numeric x values (log x optional).
    public static func lines(title: String, x: [Double], series: [ChartSeries], xLabel: String, yLabel: String,
                             logX: Bool, logY: Bool, xTickLabels: [String]? = nil) -> String {
        let yScale = Scale(values: series.flatMap(\.values).filter { $0 > 0 }, log: logY, length: height - top - bottom)
        let plotWidth = width - left - right
        let xs = x.map { logX ? log10(Swift.max($0, 1e-12)) : $0 }
        let (minX, maxX) = (xs.min() ?? 0, xs.max() ?? 1)
        func px(_ index: Int) -> Double { left + (maxX == minX ? 0.5 : (xs[index] - minX) / (maxX - minX)) * plotWidth }
        var body = frame(title: title, yLabel: yLabel, scale: yScale)
        for (index, value) in x.enumerated() {
            let label = xTickLabels.map { index < $0.count ? $0[index] : "" } ?? formatNumber(value)
            body += text(label, x: px(index), y: height - bottom + 18, anchor: "middle", size: 11)
        }
        body += text(xLabel, x: left + plotWidth / 2, y: height - 25, anchor: "middle", size: 12)
        for (s, item) in series.enumerated() {
            let color = palette[s % palette.count], dash = dashes[s % dashes.count]
            let shown = item.values.enumerated().filter { $0.element > 0 && $0.offset < x.count }
            let points = shown.map { "\(fmt(px($0.offset))),\(fmt(yScale.y($0.element, top: top)))" }
            body += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\""
                + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + " points=\"\(points.joined(separator: " "))\"/>\n"
            for (point, value) in zip(points, shown) {
                let xy = point.split(separator: ",")
                body += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(color)\"/>\n"
                if let spread = item.spread(at: value.offset) {
                    body += errorBar(x: px(value.offset), value: value.element, spread: spread, scale: yScale, color: color)
                }
            }
        }
        return document(body + legend(series.map(\.name), dashed: true))
    }

    /// A vertical bar from value × (1 − spread) to value × (1 + spread), with caps.
    static func errorBar(x: Double, value: Double, spread: Double, scale: Scale, color: String = "#333") -> String {
        let low = scale.y(Swift.max(value * (1 - spread), value * 0.001), top: top), high = scale.y(value * (1 + spread), top: top)
        return "<path d=\"M\(fmt(x - 3)) \(fmt(low)) H\(fmt(x + 3)) M\(fmt(x)) \(fmt(low)) V\(fmt(high)) M\(fmt(x - 3)) \(fmt(high)) H\(fmt(x + 3))\" "
            + "stroke=\"\(color)\" stroke-width=\"1\" fill=\"none\"/>\n"
    }

    /// The run's facts under the chart (date, machine, quick mode), so that a chart copied out of
    /// its report still says where its figures came from.
    public static func withFooter(_ svg: String, _ lines: [String]) -> String {
        let extra = Double(lines.count) * 13 + 8
        func size(_ tall: Double) -> String { "height=\"\(Int(tall))\" viewBox=\"0 0 \(Int(width)) \(Int(tall))\"" }
        let grown = svg.replacingOccurrences(of: size(height), with: size(height + extra))
        guard let end = grown.range(of: "</svg>", options: .backwards) else { return svg }
        let footer = lines.enumerated().map { index, line in
            text(line, x: 8, y: height + 14 + Double(index) * 13, anchor: "start", size: 10)
        }.joined()
        return String(grown[..<end.lowerBound]) + footer + "</svg>\n"
    }

    /// Maps values to pixels, linearly from 0 or logarithmically by decades.
    public struct Scale {
        let log: Bool
        let low: Double, high: Double, length: Double

        public init(values: [Double], log: Bool, length: Double) {
            self.log = log
            self.length = length
            let maximum = values.max() ?? 1
            if log {
                low = Foundation.pow(10, Foundation.floor(Foundation.log10(values.min() ?? 1)))
                high = Foundation.pow(10, Foundation.ceil(Foundation.log10(Swift.max(maximum, low * 10))))
            } else {
                low = 0
                high = maximum <= 0 ? 1 : maximum * 1.1
            }
        }

        public func y(_ value: Double, top: Double) -> Double {
            let fraction = log ? (Foundation.log10(value) - Foundation.log10(low)) / (Foundation.log10(high) - Foundation.log10(low))
                               : (value - low) / (high - low)
            return top + length * (1 - Swift.min(Swift.max(fraction, 0), 1))
        }

        public var ticks: [Double] {
            if log {
                var values: [Double] = []
                var tick = low
                while tick <= high * 1.0001 { values.append(tick); tick *= 10 }
                return values
            }
            return (0...5).map { high * Double($0) / 5 }
        }
    }

    static func frame(title: String, yLabel: String, scale: Scale) -> String {
        var out = text(title, x: width / 2 - right / 2 + left / 2, y: 28, anchor: "middle", size: 15, bold: true)
        out += "<line x1=\"\(fmt(left))\" y1=\"\(fmt(top))\" x2=\"\(fmt(left))\" y2=\"\(fmt(height - bottom))\" stroke=\"#333\"/>\n"
        out += "<line x1=\"\(fmt(left))\" y1=\"\(fmt(height - bottom))\" x2=\"\(fmt(width - right))\" y2=\"\(fmt(height - bottom))\" stroke=\"#333\"/>\n"
        for tick in scale.ticks {
            let y = scale.y(tick, top: top)
            out += "<line x1=\"\(fmt(left - 4))\" y1=\"\(fmt(y))\" x2=\"\(fmt(width - right))\" y2=\"\(fmt(y))\" stroke=\"#ddd\"/>\n"
            out += text(formatNumber(tick), x: left - 8, y: y + 4, anchor: "end", size: 11)
        }
        out += "<text x=\"20\" y=\"\(fmt(top + (height - top - bottom) / 2))\" font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" transform=\"rotate(-90 20 \(fmt(top + (height - top - bottom) / 2)))\">\(escape(yLabel + (scale.log ? " (log scale)" : "")))</text>\n"
        return out
    }

    static func legend(_ names: [String], dashed: Bool = false) -> String {
        var out = ""
        for (index, name) in names.enumerated() {
            let y = top + Double(index) * 20
            let color = palette[index % palette.count], dash = dashes[index % dashes.count]
            if dashed {
                out += "<line x1=\"\(fmt(width - right + 10))\" y1=\"\(fmt(y + 6))\" x2=\"\(fmt(width - right + 30))\" y2=\"\(fmt(y + 6))\" "
                    + "stroke=\"\(color)\" stroke-width=\"2\"" + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + "/>\n"
            } else {
                out += rect(x: width - right + 16, y: y, w: 12, h: 12, color: color)
            }
            out += text(name, x: width - right + 34, y: y + 11, anchor: "start", size: 12)
        }
        return out
    }

    static func document(_ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n"
    }

    static func rect(x: Double, y: Double, w: Double, h: Double, color: String) -> String {
        "<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(Swift.max(w, 0)))\" height=\"\(fmt(Swift.max(h, 0)))\" fill=\"\(color)\"/>\n"
    }

    static func text(_ content: String, x: Double, y: Double, anchor: String, size: Int, bold: Bool = false) -> String {
        "<text x=\"\(fmt(x))\" y=\"\(fmt(y))\" font-size=\"\(size)\" font-family=\"sans-serif\" text-anchor=\"\(anchor)\"\(bold ? " font-weight=\"bold\"" : "")>\(escape(content))</text>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func fmt(_ value: Double) -> String { String(format: "%.1f", value) }

    /// 1500 → "1.5k", 0.001 → "0.001", 2e6 → "2M".
    public static func formatNumber(_ value: Double) -> String {
        switch Swift.abs(value) {
        case 1e9...: return String(format: "%gG", value / 1e9)
        case 1e6...: return String(format: "%gM", value / 1e6)
        case 1e3...: return String(format: "%gk", value / 1e3)
        default: return String(format: "%g", value)
        }
    }
}

// Laying a lab report out for a terminal of a given width. Words wrap whole (a word wider than a
// whole line — a long path — is broken after a '/', '.', '-' or '_' where it can be); a line that
// continues another hangs under the text it continues; tables keep their columns. The layout works
// on plain text, and colour is added afterwards, so escape codes never count as width.

import Foundation

/// A run of report text and the styles it is shown in (colour only where `Terminal` allows it).
public struct Span: Sendable, Equatable {
    public var text: String
    public var styles: [Terminal.Style]

    public init(_ text: String, _ styles: Terminal.Style...) {
        self.text = text
        self.styles = styles
    }

    init(text: String, styles: [Terminal.Style]) {
        self.text = text
        self.styles = styles
    }

    static func spaces(_ count: Int) -> Span { Span(String(repeating: " ", count: max(0, count))) }
}

public enum ReportLayout {

    // MARK: Width

    /// The columns `text` takes on a terminal: one per character, two for East Asian wide ones
    /// (Hangul, CJK: a Korean path in a crash report), none for a zero-width joiner or mark.
    public static func width(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns a laid-out line takes.
    public static func width(of line: [Span]) -> Int {
        line.reduce(0) { $0 + width($1.text) }
    }

    private static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    // MARK: Wrapping

    /// A word: what sits between spaces, possibly in several styles, and the spaces before it.
    struct Word {
        var pieces: [Span] = []
        var gap: Int
        var width: Int = 0
    }

    static func words(_ spans: [Span]) -> [Word] {
        var words: [Word] = []
        var gap = 0
        var current: Word?
        for span in spans {
            var buffer = ""
            for character in span.text {
                if character == " " || character == "\n" || character == "\t" {
                    if !buffer.isEmpty {
                        current?.pieces.append(Span(text: buffer, styles: span.styles))
                        current?.width += width(buffer)
                        buffer = ""
                    }
                    if let done = current { words.append(done) }
                    current = nil
                    gap += 1
                } else {
                    if current == nil {
                        current = Word(gap: gap)
                        gap = 0
                    }
                    buffer.append(character)
                }
            }
            if !buffer.isEmpty {
                current?.pieces.append(Span(text: buffer, styles: span.styles))
                current?.width += width(buffer)
            }
        }
        if let done = current { words.append(done) }
        return glueUnits(words)
    }

    /// The units a number keeps on its line ("1 KiB", "20 s", "3.5 µs"): a line break between a
    /// number and its unit reads as two figures.
    static let units: Set<String> = ["B", "KiB", "MiB", "GiB", "KB", "MB", "GB", "bytes", "ns", "µs", "ms", "s", "min", "cores"]

    static func glueUnits(_ words: [Word]) -> [Word] {
        var glued: [Word] = []
        for word in words {
            let text = word.pieces.map(\.text).joined()
            if word.gap == 1, units.contains(text.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:)"))),
               let previous = glued.last,
               let last = previous.pieces.last?.text.last, last.isNumber {
                var joined = previous
                joined.pieces.append(Span(text: " ", styles: previous.pieces.last!.styles))
                joined.pieces.append(contentsOf: word.pieces)
                joined.width += 1 + word.width
                glued[glued.count - 1] = joined
            } else {
                glued.append(word)
            }
        }
        return glued
    }

    /// A word wider than `limit`, cut into parts that fit: after the last '/', '.', '-', '_', ':'
    /// or ',' in the second half of a part when there is one, else at the limit. The parts follow
    /// each other with no gap, so where they land on one line they read as the word they were.
    static func split(_ word: Word, limit: Int) -> [Word] {
        guard word.width > limit, limit > 0 else { return [word] }
        let characters = word.pieces.flatMap { piece in piece.text.map { ($0, piece.styles) } }
        var parts: [Word] = []
        var start = 0
        while start < characters.count {
            var end = start, used = 0
            while end < characters.count, used + columns(of: characters[end].0) <= limit {
                used += columns(of: characters[end].0)
                end += 1
            }
            if end == start { end = start + 1 }   // one character wider than the limit: take it anyway
            if end < characters.count,
               let cut = (start..<end).last(where: { "/.-_:,".contains(characters[$0].0) }),
               cut + 1 - start > (end - start) / 2 {
                end = cut + 1
            }
            var part = Word(gap: parts.isEmpty ? word.gap : 0)
            for (character, styles) in characters[start..<end] {
                if let last = part.pieces.last, last.styles == styles {
                    part.pieces[part.pieces.count - 1].text.append(character)
                } else {
                    part.pieces.append(Span(text: String(character), styles: styles))
                }
                part.width += columns(of: character)
            }
            parts.append(part)
            start = end
        }
        return parts
    }

    /// Lays `spans` out in lines of at most `width` columns: the first line begins with `first`,
    /// the others with `indent` spaces. Spaces between words are kept (two stay two); a line
    /// never begins with them.
    public static func wrap(_ spans: [Span], width: Int, first: [Span] = [], indent: Int = 0) -> [[Span]] {
        let firstWidth = self.width(of: first)
        let limit = max(10, width - max(firstWidth, indent))
        var lines: [[Span]] = []
        var line = first
        var used = firstWidth
        var lineHasWord = false
        for word in words(spans).flatMap({ split($0, limit: limit) }) {
            if lineHasWord, used + word.gap + word.width > width {
                lines.append(line)
                line = indent > 0 ? [Span.spaces(indent)] : []
                used = indent
                lineHasWord = false
            }
            if lineHasWord, word.gap > 0 {
                line.append(Span.spaces(word.gap))
                used += word.gap
            }
            line.append(contentsOf: word.pieces)
            used += word.width
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// `wrap` for plain text.
    public static func wrap(_ text: String, width: Int, first: String = "", indent: Int = 0) -> [String] {
        wrap([Span(text)], width: width, first: first.isEmpty ? [] : [Span(first)], indent: indent).map(plain)
    }

    /// The paragraphs of a text written with line breaks for one screen width: a line break inside
    /// a sentence is a space, so the text can be wrapped to another width. An empty line, or a
    /// line that begins with spaces, a bullet or a dash, starts a paragraph of its own.
    public static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let startsOwn = line.isEmpty || line.first == " " || line.hasPrefix("•") || line.hasPrefix("- ") || line.hasPrefix("– ")
            if paragraphs.isEmpty || startsOwn || paragraphs.last!.isEmpty {
                paragraphs.append(line.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String(line))
            } else {
                paragraphs[paragraphs.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return paragraphs.filter { !$0.isEmpty }
    }

    /// "label ······ value" after `prefix`: the value starts at `column` when the line has room,
    /// after fewer dots (at least two) when it has not. A label too long for the line wraps,
    /// hanging at `indent`; a value too long for what is left wraps hanging under itself (or, with
    /// too little room left for that, on lines of its own).
    public static func leader(prefix: [Span], label: String, value: [Span], width: Int, indent: Int,
                              column: Int) -> [[Span]] {
        var lines = wrap([Span(label), Span(" ")], width: width - 3, first: prefix, indent: indent)
        var last = lines.removeLast()
        while last.last?.text == " " { last.removeLast() }
        let valueWidth = self.width(of: value)
        let start = self.width(of: last) + 1
        let dots = { (count: Int) in [Span(" "), Span(text: String(repeating: "·", count: count), styles: [.dim]), Span(" ")] }
        if start + 3 + valueWidth <= width {
            // One line: as many dots as reach `column`, as the line allows.
            let count = max(2, min(column - 1 - start, width - start - 1 - valueWidth))
            return lines + [last + dots(count) + value]
        }
        let hang = start + 3
        if hang <= width - 20 {
            return lines + wrap(value, width: width, first: last + dots(2), indent: hang)
        }
        return lines + [last + [Span(" "), Span("··", .dim)]] + wrap(value, width: width, first: [Span.spaces(indent + 2)], indent: indent + 2)
    }

    /// An aligned table: the first column left, the others right, two spaces between, after
    /// `indent` spaces. When it is wider than `width`, the other columns' headings wrap at their
    /// spaces (down to their widest cell), then the first column's cells wrap inside it (the other
    /// cells stay on the row's first line), so the columns stay aligned. No word is ever cut: a
    /// column is never narrower than its longest word, even if the table then overflows.
    public static func table(_ columns: [String], _ rows: [[String]], width: Int, indent: Int) -> [String] {
        let all = [columns] + rows
        func cell(_ cells: [String], _ column: Int) -> String { column < cells.count ? cells[column] : "" }
        func longestWord(_ text: String) -> Int { text.split(separator: " ").map { self.width($0) }.max() ?? 0 }
        var widths = columns.indices.map { column in all.map { self.width(cell($0, column)) }.max() ?? 0 }
        var headings = columns.map { [$0] }
        if indent + widths.reduce(0, +) + 2 * (columns.count - 1) > width {
            for column in columns.indices.dropFirst() {
                let narrowest = max(rows.map { self.width(cell($0, column)) }.max() ?? 0, longestWord(columns[column]))
                if narrowest < widths[column] {
                    widths[column] = narrowest
                    headings[column] = wrap(columns[column], width: narrowest)
                }
            }
        }
        let others = widths.dropFirst().reduce(0, +) + 2 * (columns.count - 1)
        let room = width - indent - others
        // A continued first cell hangs 2 columns in: its longest word needs those 2 as well.
        let firstWordRoom = (all.map { longestWord(cell($0, 0)) }.max() ?? 0) + 2
        if let firstWidth = widths.first, firstWidth > room { widths[0] = max(room, firstWordRoom) }
        var lines: [String] = []
        // The headings, bottom-aligned: each column's last heading line sits just above its cells.
        let height = headings.map(\.count).max() ?? 1
        var headingRows = (0..<height).map { _ in columns.map { _ in "" } }
        for column in columns.indices where column > 0 {
            for (offset, text) in headings[column].enumerated() { headingRows[height - headings[column].count + offset][column] = text }
        }
        headingRows[height - 1][0] = columns.first ?? ""
        for (number, cells) in (headingRows.dropLast() + [headingRows[height - 1]] + rows).enumerated() {
            let isHeadingLine = number < height - 1
            let firstCell = cell(cells, 0)
            let firstLines = self.width(firstCell) > widths[0] ? wrap(firstCell, width: widths[0], indent: 2) : [firstCell]
            for (index, text) in firstLines.enumerated() {
                var line = String(repeating: " ", count: indent) + text
                if index == 0 {
                    line += String(repeating: " ", count: max(0, widths[0] - self.width(text)))
                    for column in columns.indices.dropFirst() {
                        let value = cell(cells, column)
                        line += "  " + String(repeating: " ", count: max(0, widths[column] - self.width(value))) + value
                    }
                }
                lines.append(isHeadingLine ? String(line.reversed().drop { $0 == " " }.reversed()) : line)
            }
        }
        return lines
    }

    // MARK: Summaries

    /// The first sentence of a conclusion, for the summary at the end of a run: up to the first
    /// '.', '!' or '?' followed by a space and anything but a small letter, or by nothing (not the stop in
    /// "1.5", "e.g. here", "Designs.swift" or "no / or ? in a file name").
    public static func firstSentence(_ text: String) -> String {
        let flat = paragraphs(text).first ?? ""
        let characters = Array(flat)
        for index in characters.indices where ".!?".contains(characters[index]) {
            let next = index + 1
            let ends = next == characters.count
                || (characters[next] == " " && next + 1 < characters.count && !characters[next + 1].isLowercase)
            guard ends else { continue }
            let before = String(characters[..<index])
            if before.hasSuffix("e.g") || before.hasSuffix("i.e") || before.hasSuffix(" vs") { continue }
            return String(characters[...index])
        }
        return flat
    }

    // MARK: Rendering

    /// A laid-out line as plain text.
    public static func plain(_ line: [Span]) -> String {
        line.map(\.text).joined()
    }

    /// A laid-out line with its styles, when `color` is on.
    public static func render(_ line: [Span], color: Bool = Terminal.usesColor) -> String {
        guard color else { return plain(line) }
        return line.map { span in
            span.styles.isEmpty || span.text.allSatisfy({ $0 == " " }) ? span.text
                : "\u{1B}[\(span.styles.map(\.rawValue).joined(separator: ";"))m\(span.text)\u{1B}[0m"
        }.joined()
    }
}

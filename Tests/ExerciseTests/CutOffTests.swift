// The numbers a check reads from the learner's code to size its inputs past any cut-off the code
// has (SourceFacts.wholeNumbers): every written number, simple products and shifts, nothing from
// comments, strings or names.

import ExerciseKit
import Testing

@Suite("Cut-offs read from the learner's code")
struct CutOffTests {
    @Test("numbers in code, products and shifts count; comments, strings and names do not")
    func wholeNumbers() {
        let source = """
        // only below 999 in the comment
        let name = "K10 and 77"
        let limit = 4 * 1024, small = 1 << 6
        if line.count > 64 || key.count <= 16 { }
        if keys.count < 50_000, interval >= 60.0 { }
        var v2 = base64 + x1
        """
        #expect(SourceFacts.wholeNumbers(in: source) == [1, 4, 6, 16, 60, 64, 1024, 4096, 50_000])
        #expect(SourceFacts.sizesPastCutOffs(in: source, within: 2...10_000) == [4097, 1025, 65])
        #expect(SourceFacts.wholeNumbers(in: nil).isEmpty)
    }

    @Test("string literals in code are read as Swift reads them; comments and interpolations are not")
    func strings() {
        let source = """
        // "in a comment"
        if id == "com.onevcat.Kingfisher.DefaultImageProcessor" || name.hasSuffix(".png") { }
        let line = "a\\tb \\"quoted\\"", shown = "key \\(key)"
        let empty = ""
        """
        #expect(SourceFacts.stringLiterals(in: source) == ["com.onevcat.Kingfisher.DefaultImageProcessor", ".png", "a\tb \"quoted\"", ""])
        // The DO NOT EDIT lines' strings are the check's, not the learner's: left out.
        let protected = """
        // DO NOT EDIT (the check watches these)
        private var keys = Set<String>() { didSet { lock.requireHeld("keys was changed without holding lock") } }
        // END DO NOT EDIT
        let mine = "mine"
        """
        #expect(SourceFacts.stringLiterals(in: protected) == ["mine"])
    }

    @Test("chains of products, hex numbers and byte arrays are read too")
    func chainsAndBytes() {
        let source = """
        if data.count > 4 * 1024 * 1024 { }
        let mng: [UInt8] = [0x8A, 0x4D, 0x4E, 0x47], names = ["a", "b"], mixed = [1, 300]
        """
        #expect(SourceFacts.wholeNumbers(in: source).contains(4 * 1024 * 1024))
        #expect(SourceFacts.wholeNumbers(in: source, includingHex: true).contains(0x8A))
        #expect(!SourceFacts.wholeNumbers(in: source).contains(0x8A))
        #expect(SourceFacts.byteArrays(in: source) == [[0x8A, 0x4D, 0x4E, 0x47]])
    }
}

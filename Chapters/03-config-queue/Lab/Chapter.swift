import WorkbookSupport
public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "03")!
    public static func run(_ lab: Lab) throws {}
}

import WorkbookSupport
public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "05")!
    public static func run(_ lab: Lab) throws {}
}

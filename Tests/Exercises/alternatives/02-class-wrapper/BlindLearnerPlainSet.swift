// RIGHT ANSWER: another way, written by a learner who never saw the reference solution.
// EXERCISE 02-class-wrapper — a settable `kfd` helper on a class.
//
// `view.kfd.cacheKey = "k"` compiles (thanks to the empty `set {}` on `kfd`), but the key never
// reaches the view. Make the wrapper's setter store it on the view — that view only.
// Read: Chapters/02-kfd-wrapper/README.md (part 4), Sources/KFDCache/KFDWrapper.swift.
// Check: swift run workbook check 02-class-wrapper      Hint: swift run workbook hint 02-class-wrapper

import ExerciseChecks
import KFDCache

public final class PhotoView: KFDCompatible {
    public var storedKey: String?
    public init() {}
}

extension KFDWrapper where Base: PhotoView {
    public var cacheKey: String? {
        get { base.storedKey }
        // TODO: store the new key on the view.
        set { base.storedKey = newValue }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.kfd.cacheKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }
}

// Reference solution of 02-class-wrapper (the stub: Chapters/02-kfd-wrapper/Exercises/ClassWrapper.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit
import KFDCache

public final class PhotoView: KFDCompatible {
    public var storedKey: String?
    public init() {}
}

extension KFDWrapper where Base: PhotoView {
    public var cacheKey: String? {
        get { base.storedKey }
        set { base.storedKey = newValue }
    }
}

public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.kfd.cacheKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
}

// NEAR-MISS: keeps the key in one static the wrapper reads back, not on the view: the view never has it.

import ExerciseChecks
import KFDCache

public final class PhotoView: KFDCompatible {
    public var storedKey: String?
    public init() {}
}

enum LastKey {
    nonisolated(unsafe) static var value: String?   // nonisolated(unsafe): unguarded on purpose — part of the mistake shown
}

extension KFDWrapper where Base: PhotoView {
    public var cacheKey: String? {
        get { LastKey.value }
        set { LastKey.value = newValue }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.kfd.cacheKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }
}

// NEAR-MISS: the setter is still empty; the protected adapter writes `storedKey` directly.

import ExerciseChecks
import KFDCache

public final class PhotoView: KFDCompatible {
    public var storedKey: String?
    public init() {}
}

extension KFDWrapper where Base: PhotoView {
    public var cacheKey: String? {
        get { base.storedKey }
        set { }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.storedKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }
}

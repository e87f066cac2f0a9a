// NEAR-MISS: skips a write when the key equals the last one set, remembered in a static shared by every view (written blind)

import ExerciseChecks
import KFDCache

public final class PhotoView: KFDCompatible {
    public var storedKey: String?
    nonisolated(unsafe) static var lastSet: String?   // guarded by nothing: the check calls from one thread
    public init() {}
}

extension KFDWrapper where Base: PhotoView {
    public var cacheKey: String? {
        get { base.storedKey }
        set {
            if newValue != PhotoView.lastSet { base.storedKey = newValue }
            PhotoView.lastSet = newValue
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.kfd.cacheKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }
}

// NEAR-MISS: trims whitespace and newlines from the key before storing it (written blind)

import ExerciseChecks
import Foundation
import KFDCache

public final class PhotoView: KFDCompatible {
    public var storedKey: String?
    public init() {}
}

extension KFDWrapper where Base: PhotoView {
    public var cacheKey: String? {
        get { base.storedKey }
        set { base.storedKey = newValue?.trimmingCharacters(in: .whitespacesAndNewlines) }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.kfd.cacheKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }
}

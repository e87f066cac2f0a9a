// NEAR-MISS: stores the key in Unicode NFC (precomposed), so a key written in NFD comes back as other bytes (written blind)

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
        set { base.storedKey = newValue?.precomposedStringWithCanonicalMapping }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum ClassWrapper: ClassWrapperExercise {
    public static func makeView() -> PhotoView { PhotoView() }
    public static func setCacheKey(_ key: String?, on view: PhotoView) { view.kfd.cacheKey = key }
    public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }
}

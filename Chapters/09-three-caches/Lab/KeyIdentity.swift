// Chapter 9, part "keyIdentity": 003's `NSCacheKey` as the notes write it — an `NSObject` subclass
// holding a Hashable value, without `hash` or `isEqual(_:)` — next to the `KeyBox` this chapter's
// rebuild uses (Learner003Cache.swift), which adds both.

import Foundation
import WorkbookSupport

/// 003's `NSCacheKey`, exactly as the notes show it: no `hash`, no `isEqual(_:)`, so it inherits
/// `NSObject`'s — object identity.
final class NSCacheKeyAsWritten<T: Hashable>: NSObject {
    let value: T
    init(value: T) { self.value = value }
}

/// The fix: equal values make equal keys with equal hashes (what `KeyBox` does).
final class NSCacheKeyFixed<T: Hashable>: NSObject {
    let value: T
    init(value: T) { self.value = value }
    override var hash: Int { value.hashValue }
    override func isEqual(_ object: Any?) -> Bool { (object as? NSCacheKeyFixed<T>)?.value == value }
}

/// An `NSCache` value.
final class Payload: NSObject {
    let number: Int
    init(_ number: Int) { self.number = number }
}

extension Chapter {
    static func keyIdentity(_ lab: Lab) {
        lab.part("keyIdentity", "003's NSCacheKey: a lookup with a new key object of equal value")
        lab.claim("NSCache compares keys with hash and isEqual. An NSObject subclass that overrides neither\n"
                  + "compares by identity: a lookup with a fresh key object of the same value misses, every time.",
                  ko: "NSCache는 key를 hash와 isEqual로 비교한다. 둘 다 override하지 않은 NSObject 서브클래스는\n"
                      + "identity로 비교된다: 같은 값의 새 key 객체로 조회하면 매번 미스다.")
        let count = lab.size(quick: 200, full: 2_000)
        lab.run("\(count) values stored under NSCacheKey(value: \"k<i>\"); each looked up with a NEW key object\n"
                + "of the same value, and once with the very object it was stored under")
        let asWritten = NSCache<NSCacheKeyAsWritten<String>, Payload>()
        let fixed = NSCache<NSCacheKeyFixed<String>, Payload>()
        var sameObject: [NSCacheKeyAsWritten<String>] = []
        for index in 0..<count {
            let key = NSCacheKeyAsWritten(value: "k\(index)")
            sameObject.append(key)
            asWritten.setObject(Payload(index), forKey: key)
            fixed.setObject(Payload(index), forKey: NSCacheKeyFixed(value: "k\(index)"))
        }
        let freshHits = (0..<count).filter { asWritten.object(forKey: NSCacheKeyAsWritten(value: "k\($0)"))?.number == $0 }.count
        let sameHits = (0..<count).filter { asWritten.object(forKey: sameObject[$0])?.number == $0 }.count
        let fixedHits = (0..<count).filter { fixed.object(forKey: NSCacheKeyFixed(value: "k\($0)"))?.number == $0 }.count
        lab.measured("asWrittenFreshKeyHits", freshHits, "as written, new key object of equal value: hits", "\(freshHits) of \(count)")
        lab.measured("asWrittenSameObjectHits", sameHits, "as written, the same key object: hits", "\(sameHits) of \(count)")
        lab.measured("fixedFreshKeyHits", fixedHits, "with hash and isEqual (KeyBox), new key object: hits", "\(fixedHits) of \(count)")
        lab.note("measured on \(Lab.platform) (\(Platform.isMac ? "Apple's NSCache" : "swift-corelibs' NSCache")). NSObject's own isEqual(_:) is\n"
                 + "identity on every platform, so expect the same on a Mac — run it there to see.")
        lab.conclude(freshHits == 0 && fixedHits == count
            ? "As written, 003's cache only hits for a caller that keeps the very key object it stored with —\n"
              + "every real lookup (a key built from a URL again) is a miss. The notes' own sample reuses one\n"
              + "object, which is why it looked right. KeyBox's two overrides make equal values equal keys."
            : "Fresh keys hit \(freshHits) of \(count) as written, \(fixedHits) of \(count) with the overrides: see the figures above.",
                     ko: freshHits == 0 && fixedHits == count
                         ? "쓰인 그대로라면 003의 캐시는 저장할 때 쓴 바로 그 key 객체를 쥐고 있는 호출자에게만 히트한다\n"
                           + "— 실제 조회(URL로 key를 다시 만드는 경우)는 모두 미스다. 노트의 예제는 객체 하나를\n"
                           + "재사용해서 맞아 보였던 것이다. KeyBox의 override 두 개가 같은 값을 같은 key로 만든다."
                         : "새 key는 쓰인 그대로일 때 \(count)번 중 \(freshHits)번, override가 있을 때 \(count)번 중\n"
                           + "\(fixedHits)번 히트했다: 위의 값을 보자.")
    }
}

import Foundation
import Testing
@testable import KFDCache

@Suite("StorageExpiration and file dates")
struct StorageTests {
    let base = Date(timeIntervalSince1970: 1_000_000)

    @Test func estimatedExpiration() {
        #expect(StorageExpiration.seconds(5).estimatedExpirationSince(base) == base + 5)
        #expect(StorageExpiration.days(2).estimatedExpirationSince(base) == base + 172_800)
        #expect(StorageExpiration.date(base).estimatedExpirationSince(.distantPast) == base)
        #expect(StorageExpiration.never.estimatedExpirationSince(base) == .distantFuture)
        #expect(StorageExpiration.expired.estimatedExpirationSince(base) == .distantPast)
    }

    @Test func isExpired() {
        #expect(StorageExpiration.expired.isExpired)
        #expect(StorageExpiration.seconds(0).isExpired)
        #expect(StorageExpiration.date(Date(timeIntervalSinceNow: -1)).isExpired)
        #expect(!StorageExpiration.seconds(1).isExpired)
        #expect(!StorageExpiration.never.isExpired)
    }

    @Test("fileAttributeDate rounds up to a whole second, never down")
    func fileAttributeDateRoundsUp() {
        #expect(Date(timeIntervalSince1970: 10.0001).fileAttributeDate.timeIntervalSince1970 == 11)
        #expect(Date(timeIntervalSince1970: 10.9999).fileAttributeDate.timeIntervalSince1970 == 11)
        #expect(Date(timeIntervalSince1970: 10).fileAttributeDate.timeIntervalSince1970 == 10)
    }

    @Test func dataIsDataTransformable() throws {
        let data = Data([1, 2, 3])
        #expect(try Data.fromData(data.toData()) == data)
        #expect(Data.empty.isEmpty)
    }
}

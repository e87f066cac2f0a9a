// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("roundTrip", "날짜를 파일 시각으로 쓰고 다시 읽기"),
        .part("coarse", "초 단위(또는 2초 단위)로만 보관하는 파일 시스템 흉내"),
        .part("creationDate", "이 플랫폼에서 Kingfisher의 creationDate, 그리고 라이브러리의 수정"),

        .text("{1} random dates (seed {2}) with fractional seconds, set as one file's modification time (URL.setResourceValues), read back; then the same dates after ceil",
              "소수점 아래 초가 있는 무작위 날짜 {1}개 (seed {2})를 파일 하나의 수정 시각으로 설정하고"
                + "(URL.setResourceValues) 다시 읽는다. 이어서 같은 날짜를 ceil한 뒤 똑같이"),
        .text("came back earlier than written", "쓴 값보다 이르게 돌아옴"),
        .text("came back later than written", "쓴 값보다 늦게 돌아옴"),
        .text("largest early error", "가장 크게 이른 오차"),
        .text("read as expired early, written with ceil", "ceil해서 썼는데 일찍 만료로 읽힘"),
        .text("which way the errors went", "오차의 방향"),
        .text("only earlier: truncation toward the past, not rounding", "이르게만: 반올림이 아니라 과거 쪽으로 버림"),
        .text("earlier and later: consistent with rounding to nearest", "이르게도 늦게도: 가장 가까운 값으로 반올림한 것과 맞음"),
        .text("later only", "늦게만"),
        .text("exact", "정확함"),

        .text("{1} random expirations, stored by truncating to 1 s (HFS+), by rounding to the nearest 1 s (what Kingfisher's comment on fileAttributeDate says the system does), and by truncating to 2 s (FAT)",
              "무작위 만료 시각 {1}개를 1 s 단위로 버림(HFS+), 가장 가까운 1 s로 반올림(Kingfisher의 fileAttributeDate 주석이 "
                + "시스템이 한다고 말하는 것), 2 s 단위로 버림(FAT)해서 저장"),
        .text("{1} s ticks: early without ceil", "{1} s tick: ceil 없이 이르게"),
        .text("{1} s ticks: early with ceil", "{1} s tick: ceil하고도 이르게"),
        .text("{1} s ticks, rounded: early without ceil", "{1} s tick, 반올림: ceil 없이 이르게"),
        .text("{1} s ticks, rounded: early with ceil", "{1} s tick, 반올림: ceil하고도 이르게"),
        .text("{1} of {2}, by {3} s on average", "{2}개 중 {1}개, 평균 {3} s"),

        .text("store with .seconds(20), read {1} times with .cacheTime, wait, then chmod the file; once with lastAccessAttribute = .creationDate (Kingfisher's), once with the platform default",
              ".seconds(20)으로 store하고 .cacheTime으로 {1}번 읽은 뒤, 잠시 기다렸다가 파일을 chmod한다. "
                + "lastAccessAttribute = .creationDate(Kingfisher 방식)로 한 번, 플랫폼 기본값으로 한 번"),
        .text("creationDate (Kingfisher): lifetime after {1} reads", "creationDate (Kingfisher): {1}번 읽은 뒤의 수명"),
        .text("creationDate (Kingfisher): chmod moved last access by", "creationDate (Kingfisher): chmod가 마지막 접근 시각을 옮긴 양"),
        .text("{1} (library): lifetime after {2} reads", "{1} (라이브러리): {2}번 읽은 뒤의 수명"),
        .text("{1} (library): chmod moved last access by", "{1} (라이브러리): chmod가 마지막 접근 시각을 옮긴 양"),
        .text("{1} s (stored: 20 s)", "{1} s (저장할 때: 20 s)"),

        .text("Sources/KFDCache/Storage.swift — `Date.fileAttributeDate` (the ceil) and why",
              "Sources/KFDCache/Storage.swift — `Date.fileAttributeDate`(ceil)와 그 이유"),
        .text("Sources/KFDCache/FileMeta.swift — `FileDates.write` and `extendExpiration`",
              "Sources/KFDCache/FileMeta.swift — `FileDates.write`와 `extendExpiration`"),
        .text("Sources/KFDCache/DiskStorage.swift — `LastAccessAttribute`: where last access lives per platform",
              "Sources/KFDCache/DiskStorage.swift — `LastAccessAttribute`: 플랫폼마다 마지막 접근 시각을 두는 곳"),
        .text("Kingfisher: Sources/Utility/ExtensionHelpers.swift (`fileAttributeDate`, 5.7.0 to 8.11.0),",
              "Kingfisher: Sources/Utility/ExtensionHelpers.swift (`fileAttributeDate`, 5.7.0부터 8.11.0까지),"),
    ])
}

// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("roundTrip", "날짜를 파일 시각으로 쓰고 다시 읽기"),
        .part("coarse", "초 단위(또는 2초 단위)로만 보관하는 파일 시스템 흉내"),
        .part("creationDate", "이 플랫폼에서 Kingfisher의 creationDate, 그리고 라이브러리의 수정"),
        .part("expiredUntilDated", "Kingfisher의 store: 날짜를 설정하기 전까지는 만료 상태"),

        .text("{1} random dates (seed {2}) with fractional seconds, set as one file's modification time (URL.setResourceValues), read back; then the same dates after ceil",
              "소수점 아래 초가 있는 무작위 날짜 {1}개 (seed {2})를 파일 하나의 수정 시각으로 설정하고"
                + "(URL.setResourceValues) 다시 읽는다. 이어서 같은 날짜를 ceil한 뒤 똑같이"),
        .text("came back earlier than written", "쓴 값보다 이르게 돌아옴"),
        .text("came back later than written", "쓴 값보다 늦게 돌아옴"),
        .text("largest early error", "이르게 돌아온 최대 오차"),
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

        .text("a valid 256 KiB value (an hour left) is overwritten — a refreshed image stored again under its key. 1) forced: the model's store (Lab/StoreWindow.swift) held between its write and its dates; one read. 2) free: {1} runs of {2} overwrites, a reader looping on value(forKey:) on another thread. 3) the same {3} on our DiskStorage.Backend. (A first store is not exposed in Kingfisher: its name joins maybeCached only after the dates, so readers miss it anyway.)",
              "유효한 256 KiB 값(한 시간 남음)을 덮어쓴다 — 새로 받은 이미지를 같은 key로 다시 저장하는 경우다. 1) 강제: 모델의 "
                + "store(Lab/StoreWindow.swift)를 쓰기와 날짜 설정 사이에 세워 두고 한 번 읽는다. 2) 자유: 덮어쓰기 {2}번씩 {1}번 "
                + "실행하고, 다른 스레드의 reader가 value(forKey:)를 계속 부른다. 3) 우리 DiskStorage.Backend로 같은 {3}번. (첫 "
                + "store는 Kingfisher에서 드러나지 않는다: 이름이 날짜 설정 뒤에야 maybeCached에 들어가므로 reader는 어차피 미스를 본다.)"),
        .text("Kingfisher's model, forced: a read between write and dates", "Kingfisher 모델, 강제: 쓰기와 날짜 설정 사이의 읽기"),
        .text("the same read once the store finished", "store가 끝난 뒤 같은 읽기"),
        .text("free runs ({1})", "자유 실행 ({1}번)"),
        .text("reads", "읽기"),
        .text("runs: a read expired", "만료로 읽은 실행"),
        .text("runs: a read torn", "잘린 값을 읽은 실행"),
        .text("runs: a read missing", "미스가 난 실행"),
        .text("Kingfisher 8.11.0 (model)", "Kingfisher 8.11.0 (모델)"),
        .text("our DiskStorage.Backend", "우리 DiskStorage.Backend"),
        .text("Kingfisher's model, free: runs where a read saw it expired", "Kingfisher 모델, 자유: 읽기가 만료로 본 실행"),
        .text("Kingfisher's model, free: runs where a read saw it torn", "Kingfisher 모델, 자유: 읽기가 잘린 값을 본 실행"),
        .text("ours, free: runs where a read saw no whole value", "우리 것, 자유: 읽기가 온전한 값을 못 본 실행"),
        .text("expired", "만료"),
        .text("torn", "잘림"),
        .text("hit", "히트"),
        .text("missing", "미스"),
        .text("Kingfisher 8.11.0: Sources/Utility/ExtensionHelpers.swift — `fileAttributeDate` (the same from 5.7.0)",
              "Kingfisher 8.11.0: Sources/Utility/ExtensionHelpers.swift — `fileAttributeDate` (5.7.0부터 같다)"),
        .text("Chapters/05-ceil-dates/Lab/StoreWindow.swift — Kingfisher 8.11.0's store and value, modelled",
              "Chapters/05-ceil-dates/Lab/StoreWindow.swift — Kingfisher 8.11.0의 store와 value를 본뜬 모델"),
        .text("Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift:180, 207 — the write, then the dates",
              "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift:180, 207 — 쓰기, 그다음 날짜"),
        .text("Sources/KFDCache/DiskStorageBackend.swift — `store`: a temporary file, its dates, then rename",
              "Sources/KFDCache/DiskStorageBackend.swift — `store`: 임시 파일, 그 날짜, 그다음 rename"),
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
